//! runners/ruby end to end: `bin/run.sh <slug> <solution dir> <output dir>` with real Ruby and
//! Minitest on the exercises of `fixtures/ruby_runner/<case>/solution`, its results.json
//! compared with `expected_results.json` (`BLESS=1` re-blesses). The solution dir is copied
//! and left as it was.

mod common;

use std::fs;

use similar::TextDiff;

#[test]
fn the_ruby_runner_gives_the_expected_results_json() {
    if !common::have_minitest() {
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
        let (produced, _work) = common::run_runner("ruby", &case);
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
