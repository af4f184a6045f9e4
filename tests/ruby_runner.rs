//! runners/ruby end to end: `bin/run.sh <slug> <solution dir> <output dir>` with real Ruby and
//! Minitest on the exercises of `fixtures/ruby_runner/<case>/solution`, its results.json
//! compared with `expected_results.json` (`BLESS=1` re-blesses). The solution dir is copied
//! and left as it was.

mod common;

use std::fs;
use std::process::Command;

use similar::TextDiff;

#[test]
fn the_ruby_runner_gives_the_expected_results_json() {
    let install = "apt-get install -y ruby ruby-minitest";
    if !common::have_command(
        &["ruby", "-e", "require 'minitest'"],
        "ruby with minitest",
        install,
    ) {
        return;
    }
    let bless = std::env::var_os("BLESS").is_some();
    let root = common::root().join("fixtures/ruby_runner");
    let mut cases: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 6);
    let mut mismatches = Vec::new();
    for case in cases {
        let work = tempfile::tempdir().unwrap();
        let solution = work.path().join("solution");
        common::copy_tree(&case.join("solution"), &solution);
        let output = work.path().join("output");
        // A case may bound the run more tightly than the 18 s default (a test that never ends).
        let timeout = fs::read_to_string(case.join("runner_timeout")).unwrap_or("18".into());
        let run = Command::new(common::root().join("runners/ruby/bin/run.sh"))
            .args([
                "exercise",
                solution.to_str().unwrap(),
                output.to_str().unwrap(),
            ])
            .env(
                "EXERCISM_TEST_HELPER",
                env!("CARGO_BIN_EXE_exercism_test_helper"),
            )
            .env("RUNNER_TIMEOUT", timeout.trim())
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}: run.sh failed: {}",
            case.display(),
            String::from_utf8_lossy(&run.stderr)
        );
        let produced = fs::read_to_string(output.join("results.json")).unwrap();
        // No run leaves anything in the solution dir.
        assert_eq!(
            listing(&solution),
            listing(&case.join("solution")),
            "{}",
            case.display()
        );
        let expected_path = case.join("expected_results.json");
        let expected = fs::read_to_string(&expected_path).unwrap_or_default();
        if produced != expected {
            if bless {
                fs::write(&expected_path, &produced).unwrap();
            } else {
                mismatches.push(
                    TextDiff::from_lines(&expected, &produced)
                        .unified_diff()
                        .header(&expected_path.display().to_string(), "actual")
                        .to_string(),
                );
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

fn listing(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}
