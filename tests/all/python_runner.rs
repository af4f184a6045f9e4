//! runners/python end to end: `bin/run.sh <slug> <solution dir> <output dir>` with real pytest
//! on the exercises of `fixtures/python_runner/<case>/solution`. A run whose results.json
//! depends only on the project is compared with `expected_results.json` (`BLESS=1`
//! re-blesses); a module that does not load is worded by pytest and Python, whose words
//! change between their versions, so those cases are checked for what they must say.

use std::path::Path;

use crate::common;

fn run(case: &str) -> (String, tempfile::TempDir) {
    common::run_runner(
        "python",
        &common::root().join("fixtures/python_runner").join(case),
    )
}

#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn passes_failures_task_ids_and_output_match_the_snapshot() {
    snapshot("pass_fail_and_output");
}

/// A subTest loop gives one result per variation and a summary, as the Python track's runner
/// names them, each with the test's test_code and task id.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn subtests_give_one_result_per_variation_and_a_summary() {
    snapshot("subtests_one_result_per_variation");
}

/// Two test files run in one pytest, each test with its own output.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn several_test_files_each_print() {
    snapshot("several_test_files_each_print");
}

/// A test stuck in a loop is stopped at the time limit and says so.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn a_run_killed_at_the_time_limit_names_the_test_that_did_not_finish() {
    snapshot("killed_at_the_time_limit");
}

/// An exception that is not an assertion fails its test (as the Python track's runner has
/// it) with the lines of the test file and the solution it passed through.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn an_exception_inside_a_test_names_the_lines_it_passed_through() {
    snapshot("exception_inside_a_test");
}

/// A solution that deletes the files of the directory the tests run in, the test file among
/// them, while pytest loads it: an error that says so.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn a_solution_deleting_the_test_file_is_an_error_saying_so() {
    snapshot("deletes_the_files_in_its_directory");
}

/// A solution that deletes the runner's own files beside the directory the tests run in: an
/// error saying that the test run's files disappeared.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn a_solution_deleting_the_runner_files_is_an_error_saying_so() {
    snapshot("deletes_the_runner_files_around_it");
}

/// A test that ignores the time limit's SIGTERM is killed a second later, and what it printed
/// is kept.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn a_test_ignoring_the_stop_signal_is_killed_and_named() {
    snapshot("ignores_the_stop_signal_at_the_time_limit");
}

/// An empty solution, a solution or a test file that does not parse: status error, saying
/// why, in the student's files' lines only (no frame of pytest, importlib or the plugin).
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn an_empty_solution_or_a_broken_test_file_is_an_error() {
    for (case, says) in [
        (
            "empty_solution",
            "greeter_test.py:3: in <module>\n    from greeter import hello\nImportError: ",
        ),
        (
            "syntax_error_in_test_file",
            "File \"greeter_test.py\", line 8",
        ),
        (
            "syntax_error_in_solution",
            "greeter_test.py:3: in <module>\n    from greeter import hello\n  File \"greeter.py\", line 1\n",
        ),
    ] {
        let (produced, _work) = run(case);
        let results: serde_json::Value = serde_json::from_str(&produced).unwrap();
        assert_eq!(results["status"], "error", "{case}: {produced}");
        let message = results["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{case}: {message}");
        assert!(message.contains("Error"), "{case}: {message}");
        for foreign in ["_pytest", "importlib", "exercism_plugin", "site-packages"] {
            assert!(!message.contains(foreign), "{case}: {message}");
        }
    }
}

fn snapshot(case: &str) {
    let (produced, work) = run(case);
    let expected_path = common::root()
        .join("fixtures/python_runner")
        .join(case)
        .join("expected_results.json");
    let mismatch = common::compare_or_bless(&expected_path, &produced);
    common::assert_no_mismatches(mismatch.as_slice());
    assert!(!produced.contains(work.path().to_str().unwrap()));
}

/// A solution that does not import: pytest's line naming the test module first (as the
/// Python track's runner has it), then the test file's line that imports, then Python's
/// error naming what is missing.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn a_solution_that_does_not_import_is_an_error_naming_what_is_missing() {
    let (produced, work) = run("import_error_in_solution");
    let results: serde_json::Value = serde_json::from_str(&produced).unwrap();
    assert_eq!(results["status"], "error", "{produced}");
    assert_eq!(results["tests"], serde_json::json!([]));
    let message = results["message"].as_str().unwrap();
    assert_eq!(
        message,
        "ImportError while importing test module 'greeter_test.py'.\n\
         greeter_test.py:5: in <module>\n    from greeter import hello\n\
         ImportError: cannot import name 'hello' from 'greeter' (greeter.py)"
    );
    let work_path: &Path = work.path();
    assert!(!message.contains(work_path.to_str().unwrap()), "{message}");
}

/// The track's test files catch an ImportError and raise their own with a hint for the
/// student (`MISSING FUNCTION --> …`): that hint alone is the message.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn an_import_error_the_test_file_words_itself_is_its_hint_alone() {
    snapshot("import_error_with_the_tracks_hint");
}

/// A solution that crashes Python itself as it loads (no exception pytest could report): no
/// test ran, and the message is what Python printed on its error output, naming the
/// solution's line.
#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn a_solution_crashing_python_as_it_loads_is_an_error_showing_the_crash() {
    let (produced, _work) = run("crashes_python_as_it_loads");
    let results: serde_json::Value = serde_json::from_str(&produced).unwrap();
    assert_eq!(results["status"], "error", "{produced}");
    assert_eq!(results["tests"], serde_json::json!([]));
    let message = results["message"].as_str().unwrap();
    let said = format!(
        "{}\n\nFatal Python error: Segmentation fault",
        exercism_test_helper::run::model::NOTHING_RAN_SAYING
    );
    assert!(message.starts_with(&said), "{message}");
    assert!(
        message.contains("File \"greeter.py\", line 4 in <module>"),
        "{message}"
    );
}
