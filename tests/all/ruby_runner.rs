//! runners/ruby end to end: `bin/run.sh <slug> <solution dir> <output dir>` with real Ruby and
//! Minitest on the exercises of `fixtures/ruby_runner/<case>/solution`, its results.json
//! compared with `expected_results.json` (`BLESS=1` re-blesses). The solution dir is copied
//! and left as it was.

use crate::common;

#[test]
#[cfg_attr(
    not(have_minitest),
    ignore = "ruby with minitest not installed (apt-get install -y ruby ruby-minitest)"
)]
fn the_ruby_runner_gives_the_expected_results_json() {
    common::runner_gives_expected_results("ruby", 6);
}
