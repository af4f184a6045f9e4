use std::process::ExitCode;

fn main() -> ExitCode {
    match exercism_test_helper::cli::run(std::env::args_os().collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
