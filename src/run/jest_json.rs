//! Jest's JSON results (`jest --json --outputFile=<file>`): a `testResults` entry per test
//! file, each with its `assertionResults` in the order the tests were declared. Names and
//! messages are made as exercism/javascript-test-runner makes them: the describe titles and the
//! test's title joined by ` > `, each failure's message without the stack after its first frame
//! in the test file (`  at Object.`), so that what remains is the error and the frames of the
//! solution it passed through, with the test file's folder and the one above it written
//! `<solution>`. A test file that did not run (a syntax error, a module that does not load)
//! is the run's message, from its `SyntaxError` on when it has one.

use serde::Deserialize;

use crate::run::model::{Run, RunTest};
use crate::run::results::Status;

#[derive(Deserialize)]
struct JestJson {
    #[serde(rename = "testResults")]
    test_results: Vec<FileResult>,
}

#[derive(Deserialize)]
struct FileResult {
    /// The test file's absolute path.
    name: String,
    /// What Jest says of the whole file: every failure, or why it did not run.
    #[serde(default)]
    message: String,
    #[serde(rename = "assertionResults", default)]
    assertion_results: Vec<Assertion>,
}

#[derive(Deserialize)]
struct Assertion {
    #[serde(rename = "ancestorTitles", default)]
    ancestor_titles: Vec<String>,
    title: String,
    status: String,
    #[serde(rename = "failureMessages", default)]
    failure_messages: Vec<String>,
}

/// The separator of a test's titles in its name, as the JavaScript track's runner joins them.
const SEPARATOR: &str = " > ";

/// Whether `content` is Jest's JSON rather than another JSON format.
pub fn detect(content: &[u8]) -> bool {
    memchr::memmem::find(content, b"\"testResults\"").is_some()
        && memchr::memmem::find(content, b"\"numTotalTests\"").is_some()
}

/// The tests Jest ran, in the order it reports them; a skipped, pending or todo test is left
/// out (it did not run), as the JavaScript track's runner leaves it out.
pub fn parse(content: &[u8]) -> Result<Run, String> {
    let json: JestJson = match serde_json::from_slice(content) {
        Ok(json) => json,
        // Cut short while it was written: no result can be trusted.
        Err(e) if e.is_eof() => return Ok(Run::missing()),
        Err(e) => return Err(format!("not Jest's JSON results ({e})")),
    };
    let mut tests = Vec::new();
    let mut errors = Vec::new();
    for file in json.test_results {
        if file.assertion_results.is_empty() && !file.message.trim().is_empty() {
            errors.push(sanitize(&file.name, &file.message));
            continue;
        }
        for assertion in file.assertion_results {
            let status = match assertion.status.as_str() {
                "passed" => Status::Pass,
                "failed" => Status::Fail,
                _ => continue,
            };
            let mut name = assertion.ancestor_titles.join(SEPARATOR);
            if !name.is_empty() {
                name.push_str(SEPARATOR);
            }
            name.push_str(&assertion.title);
            let messages: Vec<&str> = assertion
                .failure_messages
                .iter()
                .map(|m| without_stack(m))
                .collect();
            let message = sanitize(&file.name, &messages.join("\n"));
            tests.push(RunTest {
                name,
                classname: None,
                status,
                message: (!message.is_empty()).then_some(message),
            });
        }
    }
    Ok(Run {
        tests,
        message: (!errors.is_empty()).then(|| errors.join("\n\n")),
        complete: true,
        declared_order: true,
    })
}

/// A failure message up to the line before the first `  at Object.` (the test's own frame,
/// and every frame of Jest's after it), as the JavaScript track's runner cuts it.
fn without_stack(message: &str) -> &str {
    let Some(at) = message.find("  at Object.") else {
        return message;
    };
    let before = &message[..at];
    match before.rfind('\n') {
        Some(line) => before[..line].trim_end(),
        None => before.trim_end(),
    }
}

/// `message` with the folder of `test_file` and the folder above it written `<solution>`,
/// and from its `SyntaxError: <solution>…` on when it has one (Jest's advice before it is
/// about Jest's configuration, not the student's code).
fn sanitize(test_file: &str, message: &str) -> String {
    let folder = std::path::Path::new(test_file).parent();
    let mut message = message.to_string();
    for dir in [folder, folder.and_then(|f| f.parent())]
        .into_iter()
        .flatten()
    {
        let dir = dir.to_string_lossy();
        if dir.len() > 1 {
            message = message.replace(dir.as_ref(), "<solution>");
        }
    }
    match message.find("SyntaxError: <solution>") {
        Some(at) => message[at..].to_string(),
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stack_goes_from_the_line_before_the_test_s_own_frame() {
        let failure =
            "Error: expected 1\nReceived: 2\n    at Object.toEqual (/s/a.spec.js:3:9)\n    at jest";
        assert_eq!(without_stack(failure), "Error: expected 1\nReceived: 2");
        let in_solution =
            "TypeError: x\n    at f (/s/a.js:2:3)\n    at Object.<anonymous> (/s/a.spec.js:5:1)";
        assert_eq!(
            without_stack(in_solution),
            "TypeError: x\n    at f (/s/a.js:2:3)"
        );
        assert_eq!(without_stack("no stack"), "no stack");
    }

    #[test]
    fn folders_of_the_test_file_become_solution_and_a_syntax_error_starts_the_message() {
        let message =
            "Jest failed to parse a file.\n\nSyntaxError: /tmp/w/s/a.js: Unexpected (1:2)";
        assert_eq!(
            sanitize("/tmp/w/s/a.spec.js", message),
            "SyntaxError: <solution>/a.js: Unexpected (1:2)"
        );
        assert_eq!(
            sanitize("/tmp/w/s/a.spec.js", "at /tmp/w/x.js"),
            "at <solution>/x.js"
        );
    }

    #[test]
    fn names_join_titles_and_tests_that_did_not_run_are_left_out() {
        let json = br#"{"numTotalTests": 3, "testResults": [{"name": "/s/a.spec.js", "message": "",
          "assertionResults": [
            {"ancestorTitles": ["Clock", "adds"], "title": "one", "status": "passed", "failureMessages": []},
            {"ancestorTitles": [], "title": "top", "status": "failed", "failureMessages": ["Error: no\n    at Object.x (/s/a.spec.js:1:1)"]},
            {"ancestorTitles": ["Clock"], "title": "later", "status": "pending", "failureMessages": []}
          ]}]}"#;
        assert!(detect(json));
        let run = parse(json).unwrap();
        let names: Vec<_> = run.tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["Clock > adds > one", "top"]);
        assert_eq!(run.tests[1].message.as_deref(), Some("Error: no"));
        assert!(run.declared_order && run.complete && run.message.is_none());
    }

    #[test]
    fn a_file_that_did_not_run_is_the_run_s_message() {
        let json = br#"{"numTotalTests": 0, "testResults": [{"name": "/s/a.spec.js",
          "message": "Test suite failed to run\n\nSyntaxError: /s/a.js: Unexpected token (1:1)",
          "assertionResults": []}]}"#;
        let run = parse(json).unwrap();
        assert!(run.tests.is_empty());
        assert_eq!(
            run.message.as_deref(),
            Some("SyntaxError: <solution>/a.js: Unexpected token (1:1)")
        );
    }
}
