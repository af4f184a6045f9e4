//! The results.json interface (version 3): the only place that knows its field names and
//! limits.

use serde::{Deserialize, Serialize};

mod budget;

pub use budget::{Field, Fit, note};

pub const VERSION: u32 = 3;
/// Longest `output` shown to the student, in characters, truncation note included.
pub const MAX_OUTPUT_CHARS: usize = 500;
/// Longest top-level `message`, in characters.
pub const MAX_MESSAGE_CHARS: usize = 65_535;

/// The most results.json may hold, in bytes, as written (pretty-printed, with its final line
/// break): the platform kills a run whose results file is over 500 kilobytes (error 460).
pub const MAX_BYTES: usize = 500_000;
/// The lowest cap `Results::fit` cuts a message, test_code or output to, in characters, its
/// note included: the note and a few characters of the text.
pub const MIN_CAP: usize = 128;
/// The lowest cap of a test's name: a name is never cut below this.
pub const MIN_NAME_CAP: usize = 200;
/// Why a field was cut or tests were left out; every note of the budget says it.
pub const BUDGET_REASON: &str = "to keep the results under Exercism's 500 KB limit";

pub const OUTPUT_TRUNCATED: &str = "\n\n[Output was truncated. Please limit to 500 chars]";
pub const MESSAGE_TRUNCATED: &str = "\n\n[Message was truncated.]";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Pass,
    Fail,
    Error,
}

impl Status {
    /// The status that tells more: an error beats a failure beats a pass.
    pub fn worst(self, other: Status) -> Status {
        let rank = |s| match s {
            Status::Pass => 0,
            Status::Fail => 1,
            Status::Error => 2,
        };
        if rank(other) > rank(self) {
            other
        } else {
            self
        }
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Results {
    pub version: u32,
    pub status: Status,
    pub message: Option<String>,
    pub tests: Vec<TestResult>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TestResult {
    pub name: String,
    pub status: Status,
    pub message: Option<String>,
    pub test_code: Option<String>,
    pub task_id: Option<i64>,
    pub output: Option<String>,
}

impl Results {
    /// The results of a run, with the top-level status the interface defines: `error` only
    /// when no test ran (then `message` says why), else `fail` if any test did not pass.
    pub fn new(tests: Vec<TestResult>, error_message: Option<String>) -> Results {
        let (status, message) = if tests.is_empty() {
            let message = error_message
                .filter(|m| !m.trim().is_empty())
                .unwrap_or_else(|| "No tests were run.".to_string());
            (
                Status::Error,
                Some(truncate(&message, MAX_MESSAGE_CHARS, MESSAGE_TRUNCATED)),
            )
        } else if tests.iter().all(|t| t.status == Status::Pass) {
            (Status::Pass, None)
        } else {
            (Status::Fail, None)
        };
        Results {
            version: VERSION,
            status,
            message,
            tests,
        }
    }
}

impl TestResult {
    /// A test result with the interface's rules applied: a message only for a test that did
    /// not pass (and always one for such a test), output cut to the limit, none when empty.
    pub fn new(
        name: String,
        status: Status,
        message: Option<String>,
        test_code: Option<String>,
        task_id: Option<i64>,
        output: Option<String>,
    ) -> TestResult {
        let message = match status {
            Status::Pass => None,
            Status::Fail => message.or_else(|| Some("The test failed.".to_string())),
            Status::Error => message.or_else(|| Some("The test raised an error.".to_string())),
        };
        let output = output
            .filter(|o| !o.is_empty())
            .map(|o| truncate(&o, MAX_OUTPUT_CHARS, OUTPUT_TRUNCATED));
        TestResult {
            name,
            status,
            message,
            test_code,
            task_id,
            output,
        }
    }
}

/// `text` cut so that, with `note` appended, it is at most `limit` characters.
pub fn truncate(text: &str, limit: usize, note: &str) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let keep = limit.saturating_sub(note.chars().count());
    let cut = text.char_indices().nth(keep).map_or(text.len(), |(i, _)| i);
    format!("{}{note}", &text[..cut])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(status: Status) -> TestResult {
        TestResult::new("t".into(), status, None, None, None, None)
    }

    #[test]
    fn output_over_the_limit_is_cut_to_exactly_the_limit_in_characters() {
        let long = "é".repeat(600);
        let out = truncate(&long, MAX_OUTPUT_CHARS, OUTPUT_TRUNCATED);
        assert_eq!(out.chars().count(), MAX_OUTPUT_CHARS);
        assert!(out.ends_with(OUTPUT_TRUNCATED));
        let exact = "x".repeat(500);
        assert_eq!(truncate(&exact, MAX_OUTPUT_CHARS, OUTPUT_TRUNCATED), exact);
    }

    #[test]
    fn top_level_status_follows_the_tests() {
        assert_eq!(
            Results::new(vec![result(Status::Pass)], None).status,
            Status::Pass
        );
        let mixed = Results::new(vec![result(Status::Pass), result(Status::Error)], None);
        assert_eq!((mixed.status, mixed.message), (Status::Fail, None));
        let none = Results::new(vec![], Some("compile error".into()));
        assert_eq!(none.status, Status::Error);
        assert_eq!(none.message.as_deref(), Some("compile error"));
    }

    #[test]
    fn a_failed_test_always_has_a_message_and_a_passed_one_never() {
        assert!(result(Status::Fail).message.is_some());
        let passed = TestResult::new("t".into(), Status::Pass, Some("x".into()), None, None, None);
        assert_eq!(passed.message, None);
    }
}
