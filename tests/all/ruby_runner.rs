//! runners/ruby end to end: `bin/run.sh <slug> <solution dir> <output dir>` with real Ruby and
//! Minitest on the exercises of `fixtures/ruby_runner/<case>/solution`, its results.json
//! compared with `expected_results.json` (`BLESS=1` re-blesses). The solution dir is copied
//! and left as it was.

use std::fs;

use crate::common;

#[test]
#[cfg_attr(
    not(have_minitest),
    ignore = "ruby with minitest not installed (apt-get install -y ruby ruby-minitest)"
)]
fn the_ruby_runner_gives_the_expected_results_json() {
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
        mismatches.extend(common::compare_or_bless(
            &case.join("expected_results.json"),
            &produced,
        ));
    }
    common::assert_no_mismatches(&mismatches);
}
