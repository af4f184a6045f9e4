use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(exercism_test_helper::cli::main(
        std::env::args_os().collect(),
    ))
}
