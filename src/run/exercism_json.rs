//! The Exercism JSON an ExUnit formatter writes: `{"version": 2, "status": …, "message": …,
//! "tests": [{"name", "status", "message"}]}`.

use serde::Deserialize;

use crate::run::model::{Run, RunTest};
use crate::run::results::Status;

/// The Exercism JSON an ExUnit formatter writes (`version` 2, or 1 with no tests).
#[derive(Deserialize)]
struct ExercismJson {
    /// Required, though recomputed from the tests: it tells these results from other JSON.
    #[serde(rename = "status")]
    _status: Status,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    tests: Vec<RunTest>,
}

/// Reads the JSON; JSON cut short (the run was killed while it was written) gives the tests
/// that are whole in it, as an incomplete run.
pub fn parse(content: &[u8]) -> Result<Run, serde_json::Error> {
    match serde_json::from_slice::<ExercismJson>(content) {
        Ok(json) => Ok(Run {
            tests: json.tests,
            message: json.message,
            complete: true,
            declared_order: false,
        }),
        Err(e) if e.is_eof() => Ok(salvage(content)),
        Err(e) => Err(e),
    }
}

/// The tests of Exercism JSON cut short: every complete object of its `tests` array.
fn salvage(content: &[u8]) -> Run {
    let mut tests = Vec::new();
    let text = String::from_utf8_lossy(content);
    let array = text
        .find("\"tests\"")
        .and_then(|at| Some(at + text[at..].find('[')? + 1));
    if let Some(start) = array {
        let mut rest = &text[start..];
        loop {
            rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
            let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<RunTest>();
            match stream.next() {
                Some(Ok(test)) => {
                    tests.push(test);
                    rest = &rest[stream.byte_offset()..];
                }
                _ => break,
            }
        }
    }
    Run {
        tests,
        message: None,
        complete: false,
        declared_order: false,
    }
}
