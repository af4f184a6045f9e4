//! runners/javascript end to end: `bin/run.sh <slug> <solution dir> <output dir>` with real
//! Node and Jest on the exercises of `fixtures/javascript_runner/<case>/solution`, its
//! results.json compared with `expected_results.json` (`BLESS=1` re-blesses). The solution dir
//! is copied and left as it was.

use std::fs;

use crate::common;

#[test]
#[cfg_attr(
    not(have_jest),
    ignore = "jest not installed (pnpm install --frozen-lockfile in runners/javascript)"
)]
fn the_javascript_runner_gives_the_expected_results_json() {
    let root = common::root().join("fixtures/javascript_runner");
    let mut cases: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 10);
    let mut mismatches = Vec::new();
    for case in cases {
        let (produced, _work) = common::run_runner("javascript", &case);
        mismatches.extend(common::compare_or_bless(
            &case.join("expected_results.json"),
            &produced,
        ));
    }
    common::assert_no_mismatches(&mismatches);
}
