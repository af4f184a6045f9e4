//! The line-based test-message dialect (`<DESCRIBE::>`, `<IT::>`, `<PASSED::>`, `<FAILED::>`,
//! `<ERROR::>`, `<COMPLETEDIN::>`, `<LOG:…>`, `<:LF:>` for a line break in a message). A log in
//! this dialect carries statuses and messages as well as output, line by line, so a run killed
//! half-way still tells what every completed test did.

use std::io::{BufRead, BufReader, Read};

use crate::run::log::{MAX_OUTPUT_BYTES, MAX_TOTAL_BYTES, Outputs};
use crate::run::model::{DID_NOT_FINISH, Run, RunTest};
use crate::run::results::Status;
use crate::source::header::{MARKER, header_name};

/// Longest line kept; the rest of a longer line is read and dropped.
const MAX_LINE_BYTES: usize = 64 * 1024;

/// One `<IT::>` of the log.
#[derive(Debug, Default)]
pub struct LoggedTest {
    /// The names of its enclosing `<DESCRIBE::>` groups and its own, joined by spaces.
    pub name: String,
    pub output: String,
    pub status: Option<Status>,
    pub messages: Vec<String>,
    /// Whether its `<COMPLETEDIN::>` came.
    pub completed: bool,
    /// How many lines `output` holds.
    lines: usize,
}

/// Whether `content` holds a line of this dialect that starts a test or a group.
pub fn detect(content: &[u8]) -> bool {
    detect_in(content).unwrap_or(false)
}

/// Whether the first line of `content` that is not blank is a message of this dialect: results
/// of a run whose only message is an error outside any test (a test file that did not load).
pub fn opens_with_message(content: &[u8]) -> bool {
    content
        .split(|b| *b == b'\n')
        .find(|line| !line.iter().all(u8::is_ascii_whitespace))
        .is_some_and(|line| {
            [
                "<ERROR::>",
                "<FAILED::>",
                "<PASSED::>",
                "<COMPLETEDIN::>",
                "<LOG",
            ]
            .iter()
            .any(|tag| line.starts_with(tag.as_bytes()))
        })
}

/// Like [`detect`], reading `log` as a stream (a line at a time, bounded memory).
pub fn detect_in(log: impl Read) -> std::io::Result<bool> {
    let mut reader = BufReader::with_capacity(64 * 1024, log);
    let mut line = Vec::new();
    loop {
        line.clear();
        if read_line(&mut reader, &mut line)? == 0 {
            return Ok(false);
        }
        if line.starts_with(b"<IT::>") || line.starts_with(b"<DESCRIBE::>") {
            return Ok(true);
        }
        // This tool's own header came first: a student printing a dialect-looking line later
        // does not switch the log to the dialect.
        if memchr::memmem::find(&line, MARKER.as_bytes()).is_some() {
            return Ok(false);
        }
    }
}

/// Reads a log in this dialect, line by line, with bounded memory.
pub fn parse(log: impl Read) -> std::io::Result<Vec<LoggedTest>> {
    enum Frame {
        Group(String),
        Test(usize),
    }
    let mut reader = BufReader::with_capacity(64 * 1024, log);
    let mut tests: Vec<LoggedTest> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut total = 0usize;
    let mut line = Vec::new();
    // An empty line waits to see what follows: before a protocol line it is the `\n` the
    // protocol prepends to every message, not output.
    let mut blank: Option<usize> = None;
    loop {
        line.clear();
        if read_line(&mut reader, &mut line)? == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\n', '\r']);
        let current = stack.iter().rev().find_map(|f| match f {
            Frame::Test(i) => Some(*i),
            Frame::Group(_) => None,
        });
        let protocol = text.starts_with("<DESCRIBE::>")
            || text.starts_with("<IT::>")
            || text.starts_with("<COMPLETEDIN::>")
            || result(text).is_some();
        let pending = blank.take();
        if text.is_empty() && current.is_some() {
            // Of several empty lines in a row, only the last can be the protocol's.
            if let Some(i) = pending {
                push_output(&mut tests[i], "", &mut total);
            }
            blank = current;
            continue;
        }
        if let (Some(i), false) = (pending, protocol) {
            push_output(&mut tests[i], "", &mut total);
        }
        if let Some(name) = text.strip_prefix("<DESCRIBE::>") {
            stack.push(Frame::Group(unescape(name)));
        } else if let Some(name) = text.strip_prefix("<IT::>") {
            // A test cannot hold a test: one left open ended when the next began (a log of
            // `--header it` headers has no <COMPLETEDIN::> at all).
            while let Some(Frame::Test(i)) = stack.last() {
                tests[*i].completed = true;
                stack.pop();
            }
            let mut full: Vec<String> = stack
                .iter()
                .filter_map(|f| match f {
                    Frame::Group(g) => Some(g.clone()),
                    Frame::Test(_) => None,
                })
                .collect();
            full.push(unescape(name));
            stack.push(Frame::Test(tests.len()));
            tests.push(LoggedTest {
                name: full.join(" "),
                ..LoggedTest::default()
            });
        } else if text.starts_with("<COMPLETEDIN::>") {
            if let Some(Frame::Test(i)) = stack.pop() {
                tests[i].completed = true;
            }
        } else if let Some((status, message)) = result(text) {
            // A failure outside any test (a group's setup hook) is reported as a result of
            // its own, named after the group, so that it is not lost.
            let current = current.or_else(|| {
                if status == Status::Pass {
                    return None;
                }
                let group: Vec<&str> = stack
                    .iter()
                    .filter_map(|f| match f {
                        Frame::Group(g) => Some(g.as_str()),
                        Frame::Test(_) => None,
                    })
                    .collect();
                tests.push(LoggedTest {
                    name: group.join(" "),
                    completed: true,
                    ..LoggedTest::default()
                });
                Some(tests.len() - 1)
            });
            if let Some(i) = current {
                let test = &mut tests[i];
                test.status = Some(test.status.map_or(status, |s| s.worst(status)));
                if status != Status::Pass && total < MAX_TOTAL_BYTES {
                    total += message.len();
                    test.messages.push(message);
                }
            }
        } else if let Some(i) = current {
            // A `<LOG:MODE:LABEL>` line's message, or any other line: what the test printed.
            let printed = match text.strip_prefix("<LOG:") {
                Some(rest) => rest
                    .split_once('>')
                    .map_or(rest.to_string(), |(_, m)| unescape(m)),
                None => text.to_string(),
            };
            push_output(&mut tests[i], &printed, &mut total);
        }
    }
    Ok(tests)
}

/// Adds a line to a test's output, within the memory budget.
fn push_output(test: &mut LoggedTest, line: &str, total: &mut usize) {
    if test.output.len() < MAX_OUTPUT_BYTES && *total < MAX_TOTAL_BYTES {
        if test.lines > 0 {
            test.output.push('\n');
        }
        test.output.push_str(line);
        test.lines += 1;
        *total += line.len() + 1;
    }
}

/// The output of each test, as `--log-to-json` writes it.
/// Names are keyed as headers write them (a line break as `\n`), as `--combine` looks them up.
pub fn outputs(tests: &[LoggedTest]) -> Outputs {
    let mut entries: Vec<(String, String)> = Vec::new();
    let mut index: std::collections::HashMap<String, usize> = Default::default();
    for test in tests {
        let key = header_name(&test.name).into_owned();
        match index.get(&key) {
            Some(&i) if !test.output.is_empty() => {
                let output = &mut entries[i].1;
                output.push('\n');
                output.push_str(&test.output);
            }
            Some(_) => {}
            None => {
                index.insert(key.clone(), entries.len());
                entries.push((key, test.output.clone()));
            }
        }
    }
    Outputs { entries }
}

/// The results the log carries: every test with its status, and a test that started but
/// never completed as an error that says so.
pub fn run(tests: Vec<LoggedTest>) -> Run {
    let tests = tests
        .into_iter()
        .map(|test| {
            let (status, message) = match (test.completed, test.status) {
                (false, _) => {
                    let said = test.messages.iter().map(|m| format!("\n\n{m}"));
                    (
                        Status::Error,
                        Some(DID_NOT_FINISH.to_string() + &said.collect::<String>()),
                    )
                }
                (true, status) => (
                    status.unwrap_or(Status::Pass),
                    (!test.messages.is_empty()).then(|| test.messages.join("\n\n")),
                ),
            };
            RunTest {
                name: test.name,
                classname: None,
                status,
                message,
            }
        })
        .collect();
    Run {
        tests,
        message: None,
        complete: true,
        declared_order: false,
    }
}

fn result(line: &str) -> Option<(Status, String)> {
    [
        ("<PASSED::>", Status::Pass),
        ("<FAILED::>", Status::Fail),
        ("<ERROR::>", Status::Error),
    ]
    .into_iter()
    .find_map(|(prefix, status)| Some((status, unescape(line.strip_prefix(prefix)?))))
}

fn unescape(text: &str) -> String {
    text.replace("<:LF:>", "\n")
}

/// Reads one line (through `\n`), keeping at most `MAX_LINE_BYTES` of it.
fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut read = 0;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(read);
        }
        let (chunk, done) = match memchr::memchr(b'\n', buffer) {
            Some(end) => (&buffer[..=end], true),
            None => (buffer, false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        reader.consume(used);
        read += used;
        if done {
            return Ok(read);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "preamble\n\
<DESCRIBE::>Suite\n\
<IT::>first\n\
printed\n\
\n\
<LOG::Label>logged<:LF:>twice\n\
<PASSED::>Test Passed\n\
<COMPLETEDIN::>8\n\
<IT::>second\n\
<FAILED::>expected 1<:LF:>got 2\n\
<COMPLETEDIN::>3\n\
<COMPLETEDIN::>12\n\
<IT::>stuck\n\
looping\n";

    #[test]
    fn names_join_groups_and_results_come_with_their_messages() {
        let tests = parse(LOG.as_bytes()).unwrap();
        let summary: Vec<_> = tests
            .iter()
            .map(|t| (t.name.as_str(), t.output.as_str(), t.status, t.completed))
            .collect();
        assert_eq!(
            summary,
            [
                (
                    "Suite first",
                    "printed\n\nlogged\ntwice",
                    Some(Status::Pass),
                    true
                ),
                ("Suite second", "", Some(Status::Fail), true),
                ("stuck", "looping", None, false),
            ]
        );
        let run = run(tests);
        assert_eq!(run.tests[1].message.as_deref(), Some("expected 1\ngot 2"));
        assert_eq!(run.tests[2].status, Status::Error);
        assert!(
            run.tests[2]
                .message
                .as_deref()
                .unwrap()
                .contains("did not finish")
        );
    }

    #[test]
    fn a_new_test_closes_an_open_one_and_blank_runs_are_kept() {
        let log = "<DESCRIBE::>Alpha\n<IT::>one\n<PASSED::>ok\n<IT::>two\na\n\n\n\nb\n\n<PASSED::>ok\n\
                   <COMPLETEDIN::>\n<COMPLETEDIN::>\n<DESCRIBE::>Beta\n<IT::>three\n<COMPLETEDIN::>\n";
        let tests = parse(log.as_bytes()).unwrap();
        let summary: Vec<_> = tests
            .iter()
            .map(|t| (t.name.as_str(), t.completed))
            .collect();
        assert_eq!(
            summary,
            [
                ("Alpha one", true),
                ("Alpha two", true),
                ("Beta three", true)
            ]
        );
        assert_eq!(
            tests[1].output, "a\n\n\n\nb",
            "three blank lines stay three"
        );
    }

    #[test]
    fn a_failure_outside_any_test_is_a_result_of_its_group() {
        let log =
            "<DESCRIBE::>Kettle\n<ERROR::>before all hook failed<:LF:>trace\n<COMPLETEDIN::>\n";
        let run = run(parse(log.as_bytes()).unwrap());
        assert_eq!(run.tests.len(), 1);
        assert_eq!(run.tests[0].name, "Kettle");
        assert_eq!(run.tests[0].status, Status::Error);
        assert_eq!(
            run.tests[0].message.as_deref(),
            Some("before all hook failed\ntrace")
        );
    }

    #[test]
    fn this_tools_header_first_keeps_a_log_out_of_the_dialect() {
        assert!(!detect(
            b"[test started] test a\n<DESCRIBE::>a table the student printed\n"
        ));
    }

    #[test]
    fn detection_needs_a_test_or_group_line() {
        assert!(detect(LOG.as_bytes()));
        assert!(!detect(
            b"[test started] test a\nsaid <IT::> in the middle of a line"
        ));
    }
}
