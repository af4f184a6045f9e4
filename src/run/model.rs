//! What a test run reported, whatever format it came in: the readers (`exercism_json`, `junit`,
//! `dialect`) build it, and `combine` joins it with the metadata.

use serde::Deserialize;

use crate::run::results::Status;

/// The message of the test that was running when the run was stopped.
pub const DID_NOT_FINISH: &str = "This test did not finish: the test run was stopped while it \
    was running. It may be stuck in a loop, or too slow for the time limit.";

/// The message of a run that wrote no results and started no test.
pub const NOTHING_RAN: &str = "No test ran: the test run ended before any test started and \
    wrote no results. A syntax error, or code that fails as it loads, is the usual cause; the \
    test run's error output says where.";

/// The first line of the message of a run that wrote no results and started no test, but
/// printed something: what it printed follows.
pub const NOTHING_RAN_SAYING: &str = "No test ran: the test run ended before any test started \
    and wrote no results. It printed:";

/// What a test run reported, whatever format it came in.
#[derive(Debug, Default)]
pub struct Run {
    pub tests: Vec<RunTest>,
    /// Why no test ran, when none did (a compile error, say).
    pub message: Option<String>,
    /// False when the results were missing, empty or cut short: the run did not finish.
    pub complete: bool,
    /// The tests come in the order they were declared, tests made by a helper function at
    /// each of its calls included (Jest reports them so): results keep this order rather than
    /// take the metadata's.
    pub declared_order: bool,
}

impl Run {
    /// No results at all: the run stopped before any were written.
    pub fn missing() -> Run {
        Run::default()
    }
}

#[derive(Debug, Deserialize)]
pub struct RunTest {
    pub name: String,
    /// JUnit's `classname`; absent in the Exercism JSON, whose names are the full names.
    #[serde(default)]
    pub classname: Option<String>,
    pub status: Status,
    #[serde(default)]
    pub message: Option<String>,
}
