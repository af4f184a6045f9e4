//! What every runner promises whatever happens: `bin/run.sh <slug> <solution dir> <output dir>`
//! writes exactly one `<output dir>/results.json`, and a failure of the runner itself (a
//! framework or exercism_test_helper missing) is a results.json with status error naming it,
//! never a message blaming the student. The hostile solutions (deleting files, ignoring the
//! time limit) are fixtures of each runner's own tests.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::common;

const LANGUAGES: [&str; 3] = ["ruby", "python", "javascript"];

/// The fixture solution each runner runs here.
fn solution(language: &str) -> PathBuf {
    let case = match language {
        "python" => "pass_fail_and_output",
        _ => "pass_fail_error_and_output",
    };
    common::root()
        .join(format!("fixtures/{language}_runner"))
        .join(case)
        .join("solution")
}

/// Runs `language`'s run.sh in `dir` with these arguments and environment (and a time limit
/// no run that works reaches).
fn run_in(dir: &Path, language: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(common::runner(language));
    command
        .current_dir(dir)
        .args(args)
        .env(
            "EXERCISM_TEST_HELPER",
            env!("CARGO_BIN_EXE_exercism_test_helper"),
        )
        .env("RUNNER_TIMEOUT", timeout());
    for (name, value) in env {
        command.env(name, value);
    }
    let run = common::output_within(&mut command, common::RUNNER_HANG);
    assert!(
        run.status.success(),
        "{language}: run.sh {args:?} failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    run
}

/// `common::RUNNER_TIMEOUT` in seconds, as `RUNNER_TIMEOUT` takes it.
fn timeout() -> String {
    common::RUNNER_TIMEOUT.as_secs().to_string()
}

/// Every results.json under `dir`.
fn results_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(results_files(&path));
        } else if path.ends_with("results.json") {
            found.push(path);
        }
    }
    found
}

/// The status and message of the results.json in `output`.
fn status_and_message(output: &Path) -> (String, String) {
    let results: Value = common::results(&output.join("results.json"));
    let text = |key: &str| results[key].as_str().unwrap_or_default().to_string();
    (text("status"), text("message"))
}

#[test]
fn each_runner_writes_one_results_json_for_relative_absolute_spaced_and_missing_output_paths() {
    for language in LANGUAGES {
        for output in [
            "out",
            "ABSOLUTE",
            "with space/out dir",
            "missing/deeper/out",
        ] {
            let caller = tempfile::tempdir().unwrap();
            let dir = caller.path();
            common::copy_tree(&solution(language), &dir.join("my solution"));
            let absolute = dir.join("absolute out");
            let output = match output {
                "ABSOLUTE" => absolute.to_str().unwrap(),
                relative => relative,
            };
            run_in(dir, language, &["greeter", "my solution", output], &[]);
            assert_eq!(
                results_files(dir),
                [dir.join(output).join("results.json")],
                "{language}, output {output:?}"
            );
            let (status, _) = status_and_message(&dir.join(output));
            assert_ne!(status, "", "{language}, output {output:?}");
        }
    }
}

#[test]
fn without_exercism_test_helper_the_results_json_says_so() {
    for language in LANGUAGES {
        let work = tempfile::tempdir().unwrap();
        let missing = work.path().join("no_such_helper");
        let solution = solution(language);
        run_in(
            work.path(),
            language,
            &["greeter", solution.to_str().unwrap(), "out"],
            &[("EXERCISM_TEST_HELPER", missing.to_str().unwrap())],
        );
        let (status, message) = status_and_message(&work.path().join("out"));
        assert_eq!(status, "error", "{language}");
        assert!(
            message.starts_with("the test runner could not find exercism_test_helper"),
            "{language}: {message}"
        );
    }
}

/// A solution directory that is not there is a results.json saying so, before any language
/// or framework is looked for.
#[test]
fn a_missing_solution_directory_is_an_error_naming_it() {
    for language in LANGUAGES {
        let work = tempfile::tempdir().unwrap();
        run_in(
            work.path(),
            language,
            &["greeter", "no_such_solution", "out"],
            &[],
        );
        let (status, message) = status_and_message(&work.path().join("out"));
        assert_eq!(status, "error", "{language}");
        assert_eq!(
            message, "the test runner could not read the solution directory no_such_solution",
            "{language}"
        );
    }
}

/// A directory holding `name`, a script running the `name` found on PATH with `flags` first:
/// put before PATH, it hides what those flags hide.
fn shim(dir: &Path, name: &str, flags: &str) -> String {
    let real = Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .unwrap();
    let real = String::from_utf8(real.stdout).unwrap();
    let shims = dir.join("shims");
    fs::create_dir_all(&shims).unwrap();
    let script = shims.join(name);
    fs::write(
        &script,
        format!("#!/bin/sh\nexec {} {flags} \"$@\"\n", real.trim()),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    format!(
        "{}:{}",
        shims.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// The output of the first test of `language`'s fixture solution, which prints one line.
fn first_output(language: &str) -> Value {
    let work = tempfile::tempdir().unwrap();
    let solution = solution(language);
    run_in(
        work.path(),
        language,
        &["greeter", solution.to_str().unwrap(), "out"],
        &[],
    );
    common::results(&work.path().join("out/results.json"))["tests"][0]["output"].clone()
}

/// Ruby's output keeps the line break that ends what a test printed, as the Ruby track's
/// runner shows Minitest's captured output as written (docs/runners.md says why the two
/// runners differ).
#[test]
#[cfg_attr(
    not(have_minitest),
    ignore = "ruby with minitest not installed (apt-get install -y ruby ruby-minitest)"
)]
fn ruby_output_keeps_its_final_line_break_as_upstream() {
    assert_eq!(first_output("ruby"), "greeting nil\n");
}

/// Python's output drops the line break that ends what a test printed, as the Python track's
/// runner strips its captured output.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn python_output_drops_its_final_line_break_as_upstream() {
    assert_eq!(first_output("python"), "greeting None");
}

/// JavaScript's output drops the line break that ends what a test printed, as the JavaScript
/// track's runner joins the console's entries.
#[test]
#[cfg_attr(
    not(have_jest),
    ignore = "jest not installed (pnpm install --frozen-lockfile in runners/javascript)"
)]
fn javascript_output_drops_its_final_line_break_as_upstream() {
    assert_eq!(first_output("javascript"), "[log] greeting World");
}

// This test and the next hide the framework themselves: each needs only its language, and
// runs where the framework is missing, the situation it simulates.
#[test]
#[cfg_attr(
    not(have_python),
    ignore = "python3 not installed (apt-get install -y python3)"
)]
fn without_pytest_the_results_json_says_so() {
    let work = tempfile::tempdir().unwrap();
    // Python without its site packages has no pytest.
    let path = shim(work.path(), "python3", "-S");
    let solution = solution("python");
    run_in(
        work.path(),
        "python",
        &["greeter", solution.to_str().unwrap(), "out"],
        &[("PATH", &path)],
    );
    assert_eq!(
        status_and_message(&work.path().join("out")),
        (
            "error".to_string(),
            "the test runner could not start pytest: No module named pytest".to_string()
        )
    );
}

#[test]
#[cfg_attr(
    not(have_ruby),
    ignore = "ruby not installed (apt-get install -y ruby)"
)]
fn without_minitest_the_results_json_says_so() {
    let work = tempfile::tempdir().unwrap();
    // Ruby without RubyGems finds no Minitest gem.
    let path = shim(work.path(), "ruby", "--disable-gems");
    let solution = solution("ruby");
    run_in(
        work.path(),
        "ruby",
        &["greeter", solution.to_str().unwrap(), "out"],
        &[("PATH", &path)],
    );
    assert_eq!(
        status_and_message(&work.path().join("out")),
        (
            "error".to_string(),
            "the test runner could not start Minitest: cannot load such file -- minitest"
                .to_string()
        )
    );
}

/// The JavaScript runner's Jest is its folder's node_modules: a copy of the folder without
/// them says so.
#[test]
#[cfg_attr(
    not(have_node),
    ignore = "node not installed (apt-get install -y nodejs)"
)]
fn without_jest_the_results_json_says_so() {
    let work = tempfile::tempdir().unwrap();
    let runner = work.path().join("runners/javascript");
    for part in ["bin", "lib"] {
        common::copy_tree(
            &common::root().join("runners/javascript").join(part),
            &runner.join(part),
        );
    }
    let solution = solution("javascript");
    let run = common::output_within(
        Command::new(runner.join("bin/run.sh"))
            .current_dir(work.path())
            .env(
                "EXERCISM_TEST_HELPER",
                env!("CARGO_BIN_EXE_exercism_test_helper"),
            )
            .env("RUNNER_TIMEOUT", timeout())
            .args(["greeter", solution.to_str().unwrap(), "out"]),
        common::RUNNER_HANG,
    );
    assert!(run.status.success(), "{run:?}");
    let (status, message) = status_and_message(&work.path().join("out"));
    assert_eq!(status, "error");
    assert!(
        message.starts_with("the test runner could not start Jest: it is not installed in"),
        "{message}"
    );
}

/// The tests of a missing framework are gated on their language, not on the framework they
/// hide: gated on it, they would be ignored exactly where it is missing.
#[test]
fn the_tests_of_a_missing_framework_are_gated_on_the_language_alone() {
    let source = fs::read_to_string(common::root().join("tests/all/runners.rs")).unwrap();
    for (test, gate) in [
        (
            "without_pytest_the_results_json_says_so",
            "not(have_python)",
        ),
        (
            "without_minitest_the_results_json_says_so",
            "not(have_ruby)",
        ),
        ("without_jest_the_results_json_says_so", "not(have_node)"),
    ] {
        let at = source.find(&format!("fn {test}()")).unwrap();
        let attributes = &source[source[..at].rfind("#[test]").unwrap()..at];
        let gates: Vec<_> = attributes
            .match_indices("not(")
            .map(|(start, _)| {
                let gate = &attributes[start..];
                &gate[..=gate.find(')').unwrap()]
            })
            .collect();
        assert_eq!(gates, [gate], "{test}");
    }
}

/// A runner folder inside a project checkout uses the binary built there, in
/// target/release, before one on PATH.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn a_runner_uses_the_binary_built_beside_it() {
    let work = tempfile::tempdir().unwrap();
    let project = work.path().join("project");
    common::copy_tree(
        &common::root().join("runners/python"),
        &project.join("runners/python"),
    );
    // The binary built beside it: a script that notes its use and runs this build's binary.
    let release = project.join("target/release");
    fs::create_dir_all(&release).unwrap();
    let used = work.path().join("used");
    let binary = release.join("exercism_test_helper");
    fs::write(
        &binary,
        format!(
            "#!/bin/sh\necho used >> '{}'\nexec '{}' \"$@\"\n",
            used.display(),
            env!("CARGO_BIN_EXE_exercism_test_helper")
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&binary, fs::Permissions::from_mode(0o755)).unwrap();

    let solution = solution("python");
    let run = common::output_within(
        Command::new(project.join("runners/python/bin/run.sh"))
            .current_dir(work.path())
            .env_remove("EXERCISM_TEST_HELPER")
            .env("RUNNER_TIMEOUT", timeout())
            .args(["greeter", solution.to_str().unwrap(), "out"]),
        common::RUNNER_HANG,
    );
    assert!(run.status.success(), "{run:?}");
    assert!(used.exists(), "the binary in target/release was not used");
    let (status, _) = status_and_message(&work.path().join("out"));
    assert_eq!(status, "fail");
}

/// Each runner folder stands alone, so the shell code they share is in each: the same file.
#[test]
fn every_runner_shares_the_same_runner_sh() {
    let read = |language: &str| {
        fs::read_to_string(
            common::root()
                .join("runners")
                .join(language)
                .join("lib/runner.sh"),
        )
        .unwrap()
    };
    for language in ["python", "javascript"] {
        assert!(
            read("ruby") == read(language),
            "runners/ruby/lib/runner.sh and runners/{language}/lib/runner.sh differ"
        );
    }
}
