//! runners/javascript end to end: `bin/run.sh <slug> <solution dir> <output dir>` with real
//! Node and Jest on the exercises of `fixtures/javascript_runner/<case>/solution`, its
//! results.json compared with `expected_results.json` (`BLESS=1` re-blesses). The solution dir
//! is copied and left as it was.

use crate::common;

#[test]
#[cfg_attr(
    not(have_jest),
    ignore = "jest not installed (pnpm install --frozen-lockfile in runners/javascript)"
)]
fn the_javascript_runner_gives_the_expected_results_json() {
    common::runner_gives_expected_results("javascript", 10);
}
