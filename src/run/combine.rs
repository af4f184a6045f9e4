//! `--combine`: joins the run's results, the metadata and the split output into results.json,
//! in source order.

use std::collections::{HashMap, VecDeque};

use crate::run::log::{LOAD_OUTPUT, Outputs};
use crate::run::model::{DID_NOT_FINISH, NOTHING_RAN, NOTHING_RAN_SAYING, Run, RunTest};
use crate::run::results::{Results, Status, TestResult};
use crate::run::{dialect, exercism_json, jest_json, junit};
use crate::source::header::header_name;
use crate::source::meta::Metadata;

/// Reads run results, detecting the format from the content: a log in the line-based message
/// dialect, JUnit XML or Exercism JSON. Results cut short (the run was killed while they were
/// written) give what can be read of them, as an incomplete run.
pub fn parse_run(content: &[u8]) -> Result<Run, String> {
    let start = content.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(content);
    let first = start.iter().find(|b| !b.is_ascii_whitespace());
    if first.is_none() {
        return Ok(Run::missing());
    }
    if dialect::detect(start) || dialect::opens_with_message(start) {
        let tests = dialect::parse(content).map_err(|e| e.to_string())?;
        return Ok(dialect::run(tests));
    }
    if first == Some(&b'<') {
        return junit::parse(content).or_else(|error| {
            let salvaged = junit::salvage(content);
            let looks_junit =
                start.starts_with(b"<?xml") || memchr::memmem::find(start, b"<testsuite").is_some();
            match (salvaged.tests.is_empty(), looks_junit) {
                (false, _) => Ok(salvaged),
                // Cut off before its first testcase: no result survived.
                (true, true) => Ok(Run::missing()),
                (true, false) => Err(error),
            }
        });
    }
    if jest_json::detect(start) {
        return jest_json::parse(content);
    }
    exercism_json::parse(content).map_err(|e| {
        format!(
            "not results as JUnit XML, Jest's JSON, the Exercism JSON format or the line-based \
             message dialect ({e})"
        )
    })
}

/// Reads the `{test name: output}` object that `--log-to-json` writes.
pub fn parse_outputs(content: &[u8]) -> Result<Outputs, String> {
    serde_json::from_slice(content)
        .map_err(|e| format!("not an object of test names to output strings ({e})"))
}

/// The split output, looked up by header name.
struct Printed<'a> {
    outputs: &'a Outputs,
    /// Each header's place among the headers, in the order they appeared.
    at: HashMap<&'a str, usize>,
}

impl<'a> Printed<'a> {
    fn new(outputs: &'a Outputs) -> Printed<'a> {
        let mut at = HashMap::new();
        for (i, (name, _)) in outputs.entries.iter().enumerate() {
            at.entry(name.as_str()).or_insert(i);
        }
        Printed { outputs, at }
    }

    fn get(&self, name: &str) -> Option<&'a str> {
        self.at
            .get(name)
            .map(|&i| self.outputs.entries[i].1.as_str())
    }

    fn position(&self, name: &str) -> Option<usize> {
        self.at.get(name).copied()
    }
}

/// Finds the metadata entry of each result.
struct Join<'a> {
    metadata: &'a Metadata,
    /// Entries by the name the framework reports; several when test files share a name, taken
    /// in file order.
    exact: HashMap<&'a str, VecDeque<usize>>,
    /// Entries by the last part of their runtime identifier (the method name).
    by_method: HashMap<&'a str, Vec<usize>>,
    /// For method names several tests share, the candidates not yet taken, in the order
    /// their headers appear in the log (the order they ran).
    queues: HashMap<String, VecDeque<usize>>,
}

impl<'a> Join<'a> {
    fn new(metadata: &'a Metadata) -> Join<'a> {
        let mut exact: HashMap<&str, VecDeque<usize>> = HashMap::new();
        let mut by_method: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, test) in metadata.tests.iter().enumerate() {
            if test.name_parts.is_none() {
                exact.entry(test.reported_name()).or_default().push_back(i);
            }
            if let Some(id) = &test.id {
                let method = id.rsplit('.').next().unwrap_or(id);
                by_method.entry(method).or_default().push(i);
            }
        }
        Join {
            metadata,
            exact,
            by_method,
            queues: HashMap::new(),
        }
    }

    /// The test named exactly `name`, if one is.
    fn exact_index(&self, name: &str) -> Option<usize> {
        self.exact
            .get(name)
            .and_then(|queue| queue.front().copied())
    }

    fn find(&mut self, test: &RunTest, outputs: &Printed) -> Option<usize> {
        match &test.classname {
            Some(classname) if !self.by_method.is_empty() => {
                self.find_by_id(test, classname, outputs)
            }
            _ => self.find_by_name(&test.name),
        }
    }

    /// A name exactly, else the most specific template that matches it (the most literal
    /// text), the first in source order among equals.
    fn find_by_name(&mut self, name: &str) -> Option<usize> {
        let exact = self.exact.get_mut(name).and_then(|queue| {
            // The last of several stays, for further reports of the same test.
            if queue.len() > 1 {
                queue.pop_front()
            } else {
                queue.front().copied()
            }
        });
        exact.or_else(|| {
            self.metadata
                .tests
                .iter()
                .enumerate()
                .filter_map(|(i, t)| {
                    let parts = t.name_parts.as_ref()?;
                    t.matches(name)
                        .then(|| (parts.iter().map(String::len).sum::<usize>(), i))
                })
                .max_by_key(|&(literal, i)| (literal, usize::MAX - i))
                .map(|(_, i)| i)
        })
    }

    /// JUnit: the method name, then the classes in `classname`; when that still leaves
    /// several (minitest-reporters writes `Minitest::Result` for every class), the next one
    /// to have run, by the order of headers in the log.
    fn find_by_id(&mut self, test: &RunTest, classname: &str, outputs: &Printed) -> Option<usize> {
        let candidates = self.by_method.get(test.name.as_str())?;
        if let [only] = candidates.as_slice() {
            return Some(*only);
        }
        let by_class: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&i| {
                let id = self.metadata.tests[i].id.as_deref().unwrap_or_default();
                let groups = id.rsplit_once('.').map_or("", |(groups, _)| groups);
                !groups.is_empty()
                    && (classname == groups || classname.ends_with(&format!(".{groups}")))
            })
            .collect();
        if let [only] = by_class.as_slice() {
            return Some(*only);
        }
        let metadata = self.metadata;
        let queue = self.queues.entry(test.name.clone()).or_insert_with(|| {
            let ran_at = |i: &usize| {
                let header = header_name(&metadata.tests[*i].name);
                outputs.position(&header).unwrap_or(usize::MAX)
            };
            let mut queue: Vec<usize> = candidates.clone();
            queue.sort_by_key(|i| (ran_at(i), *i));
            queue.into()
        });
        queue.pop_front()
    }
}

/// Tests whose header is in the log but whose result is not: the one running when the run
/// stopped, and any whose results were lost with it. Only headers that name a test of the
/// metadata count, so a student printing a header-like line cannot invent a test.
fn unreported(
    placed: &[(Option<usize>, RunTest)],
    metadata: &Metadata,
    outputs: &Printed,
    join: &mut Join,
) -> Vec<(usize, String)> {
    let reported: std::collections::HashSet<String> = placed
        .iter()
        .map(|(meta, test)| match meta {
            Some(i) if metadata.tests[*i].name_parts.is_none() => {
                metadata.tests[*i].reported_name().to_string()
            }
            _ => test.name.clone(),
        })
        .map(|name| header_name(&name).into_owned())
        .collect();
    let mut started = Vec::new();
    for (header, _) in &outputs.outputs.entries {
        if reported.contains(header) {
            continue;
        }
        let name = header.replace("\\n", "\n");
        if let Some(meta) = join.find_by_name(&name) {
            started.push((meta, name));
        }
    }
    started
}

/// The top-level message of a run that stopped before it reported any result.
fn stopped_message(started: &[(usize, String)]) -> String {
    let (running, finished) = started.split_last().expect("at least one test started");
    let mut message = format!(
        "The tests did not finish: the test run was stopped while the test \"{}\" was running. \
         It may be stuck in a loop, or too slow for the time limit.",
        running.1
    );
    if !finished.is_empty() {
        let names: Vec<String> = finished.iter().map(|(_, n)| format!("\"{n}\"")).collect();
        message.push_str(&format!(
            " These tests had finished before it, but their results were lost: {}.",
            names.join(", ")
        ));
    }
    message
}

/// The ending of a part that sums a test's variations up (Exercism's Python runner's `~`).
const PART_SUMMARY: &str = "~";

/// The test a result is a part of, by name: `<name> [<variation>]` or `<name>~`.
fn part_of(name: &str) -> Option<&str> {
    if let Some(base) = name.strip_suffix(PART_SUMMARY) {
        return Some(base);
    }
    let base = name.strip_suffix(']')?;
    base.rfind(" [").map(|at| &base[..at])
}

/// The top-level message of a run that ended before any test started and wrote no results:
/// what it printed before then (`printed`) and on its error output, the compiler's or the
/// interpreter's message, when it printed anything.
fn nothing_ran(printed: Option<&str>, error_output: Option<&str>) -> String {
    let said: Vec<&str> = [printed, error_output]
        .into_iter()
        .flatten()
        .map(|text| text.trim_start_matches(['\n', '\r']).trim_end())
        .filter(|text| !text.is_empty())
        .collect();
    if said.is_empty() {
        return NOTHING_RAN.to_string();
    }
    format!("{NOTHING_RAN_SAYING}\n\n{}", said.join("\n\n"))
}

/// The combined results, and the names of the tests that had no metadata. `error_output` is
/// what the run printed on its error output, if the runner kept it: it is shown when no test
/// ran and the results do not say why.
pub fn combine(
    run: Run,
    metadata: &Metadata,
    outputs: &Outputs,
    error_output: Option<&str>,
) -> (Results, Vec<String>) {
    let outputs = &Printed::new(outputs);
    let mut join = Join::new(metadata);
    // One result per metadata entry (subtest reports of one test merge), then the rest.
    let mut joined: HashMap<usize, usize> = HashMap::new();
    let mut placed: Vec<(Option<usize>, RunTest)> = Vec::new();
    for test in run.tests {
        // A part of a test (a subtest's variation, `<name> [variation #1]`, or its summary,
        // `<name>~`) is a result of its own, with the test's metadata.
        if test.classname.is_none()
            && join.exact_index(&test.name).is_none()
            && let Some(i) = part_of(&test.name).and_then(|base| join.exact_index(base))
        {
            placed.push((Some(i), test));
            continue;
        }
        let meta = join.find(&test, outputs);
        // A generated test matched by a template keeps its own runtime name.
        let merge_into = meta.filter(|i| metadata.tests[*i].name_parts.is_none());
        match merge_into.and_then(|i| joined.get(&i).copied()) {
            Some(at) => {
                let earlier = &mut placed[at].1;
                earlier.status = earlier.status.worst(test.status);
                earlier.message = match (earlier.message.take(), test.message) {
                    (Some(a), Some(b)) => Some(format!("{a}\n\n{b}")),
                    (a, b) => a.or(b),
                };
            }
            None => {
                if let Some(i) = merge_into {
                    joined.insert(i, placed.len());
                }
                placed.push((meta, test));
            }
        }
    }
    let started = unreported(&placed, metadata, outputs, &mut join);
    if !run.complete && placed.is_empty() && started.is_empty() && run.message.is_none() {
        let message = nothing_ran(outputs.get(LOAD_OUTPUT), error_output);
        return (Results::new(Vec::new(), Some(message)), Vec::new());
    }
    if placed.is_empty() && !started.is_empty() {
        return (
            Results::new(Vec::new(), Some(stopped_message(&started))),
            Vec::new(),
        );
    }
    let last_header = outputs
        .outputs
        .entries
        .last()
        .map(|(name, _)| name.as_str());
    for (meta, name) in started {
        let running = last_header == Some(header_name(&name).as_ref());
        // Results that came whole leave nothing lost: only the test whose header came last
        // can have been cut off, by a formatter that wrote its results after every test.
        if !running && run.complete {
            continue;
        }
        let message = if running {
            DID_NOT_FINISH
        } else {
            "This test finished, but its result was lost when the test run was stopped."
        };
        placed.push((
            Some(meta),
            RunTest {
                name,
                classname: None,
                status: Status::Error,
                message: Some(message.to_string()),
            },
        ));
    }
    // Only errors that are no test (pytest's collection error for a module that does not
    // import, also when the test file has no tests at all): no test ran, and they say why.
    let none_ran = !placed.is_empty()
        && placed
            .iter()
            .all(|(meta, t)| meta.is_none() && t.status == Status::Error);
    if none_ran {
        let why: Vec<String> = placed.into_iter().filter_map(|(_, t)| t.message).collect();
        let message = (!why.is_empty()).then(|| why.join("\n\n")).or(run.message);
        return (Results::new(Vec::new(), message), Vec::new());
    }
    // A test with parts (variations and a summary) is shown as its parts alone.
    let is_part = |meta: Option<usize>, test: &RunTest| {
        meta.is_some_and(|i| {
            let reported = metadata.tests[i].reported_name();
            reported != test.name && part_of(&test.name) == Some(reported)
        })
    };
    let with_parts: std::collections::HashSet<usize> = placed
        .iter()
        .filter(|(meta, test)| is_part(*meta, test))
        .filter_map(|(meta, _)| *meta)
        .collect();
    placed.retain(|(meta, test)| {
        !meta.is_some_and(|i| with_parts.contains(&i)) || is_part(*meta, test)
    });
    // Source order; tests without metadata keep their run order, after the others. Results
    // in the order their tests were declared keep it: a test a helper function declares has
    // one place in the source but runs wherever the function is called.
    if !run.declared_order {
        placed.sort_by_key(|(meta, _)| meta.unwrap_or(usize::MAX));
    }

    // What the run printed as it loaded goes with the first test that failed, else the last.
    let load_output = outputs.get(LOAD_OUTPUT).filter(|o| !o.is_empty());
    let shows_load_output = placed
        .iter()
        .position(|(_, test)| test.status != Status::Pass)
        .or(placed.len().checked_sub(1));
    let mut unknown = Vec::new();
    let tests = placed
        .into_iter()
        .enumerate()
        .map(|(i, (meta, test))| {
            let meta = meta.map(|i| &metadata.tests[i]);
            // The header printed the name the framework reports; results.json shows the name.
            let part = meta.filter(|m| {
                m.reported_name() != test.name && part_of(&test.name) == Some(m.reported_name())
            });
            let (name, reported) = match meta {
                // A part keeps its own name; its output is the test's, on its summary.
                Some(m) if part.is_some() => {
                    let summary = test.name.ends_with(PART_SUMMARY);
                    let reported = if summary { m.reported_name() } else { "" };
                    (test.name.clone(), reported.to_string())
                }
                Some(m) if m.name_parts.is_none() => {
                    (m.name.clone(), m.reported_name().to_string())
                }
                _ => (test.name.clone(), test.name),
            };
            if meta.is_none() {
                unknown.push(name.clone());
            }
            let mut output = (!reported.is_empty())
                .then(|| outputs.get(&header_name(&reported)).map(str::to_string))
                .flatten();
            if let Some(load) = load_output.filter(|_| shows_load_output == Some(i)) {
                output = Some(match output.filter(|o| !o.is_empty()) {
                    Some(own) => format!("{load}\n{own}"),
                    None => load.to_string(),
                });
            }
            TestResult::new(
                name,
                test.status,
                test.message,
                meta.map(|m| m.test_code.clone()),
                meta.and_then(|m| m.task_id),
                output,
            )
        })
        .collect();
    (Results::new(tests, run.message), unknown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variations_and_summaries_are_parts_of_their_test() {
        assert_eq!(
            part_of("Doubler > doubles [variation #1]"),
            Some("Doubler > doubles")
        );
        assert_eq!(part_of("Doubler > doubles~"), Some("Doubler > doubles"));
        assert_eq!(part_of("Doubler > doubles"), None);
        assert_eq!(part_of("test adds [1]"), Some("test adds"));
    }
    use crate::run::results::MAX_MESSAGE_CHARS;
    use crate::source::meta::TestMeta;

    fn meta(name: &str, parts: Option<&[&str]>) -> TestMeta {
        TestMeta {
            name: name.to_string(),
            test_code: format!("code of {name}"),
            task_id: Some(1),
            id: None,
            name_parts: parts.map(|p| p.iter().map(|s| s.to_string()).collect()),
            line: None,
            file: None,
            runtime_name: None,
            context: None,
        }
    }

    fn run(names: &[&str]) -> Run {
        Run {
            tests: names
                .iter()
                .map(|n| RunTest {
                    name: n.to_string(),
                    classname: None,
                    status: Status::Pass,
                    message: None,
                })
                .collect(),
            message: None,
            complete: true,
            declared_order: false,
        }
    }

    #[test]
    fn no_test_ran_shows_what_the_run_printed_within_the_message_limit() {
        let printed = Outputs {
            entries: vec![(LOAD_OUTPUT.to_string(), "Compiling 1 file".to_string())],
        };
        let flood = "e".repeat(100_000);
        let (results, _) = combine(Run::missing(), &Metadata::default(), &printed, Some(&flood));
        let message = results.message.unwrap();
        assert!(message.starts_with(&format!("{NOTHING_RAN_SAYING}\n\nCompiling 1 file\n\neee")));
        assert_eq!(message.chars().count(), MAX_MESSAGE_CHARS);
        // Blank output says nothing: the message says where to look instead.
        let (results, _) = combine(
            Run::missing(),
            &Metadata::default(),
            &Outputs::default(),
            Some("\n  \n"),
        );
        assert_eq!(results.message.as_deref(), Some(NOTHING_RAN));
    }

    #[test]
    fn results_follow_source_order_and_generated_names_sit_at_their_template() {
        let metadata = Metadata {
            tests: vec![
                meta("test a", None),
                meta("test gen #{i}", Some(&["test gen ", ""])),
                meta("test z", None),
            ],
        };
        let (results, unknown) = combine(
            run(&[
                "test z",
                "test gen 2",
                "doctest X.f/1 (1)",
                "test a",
                "test gen 1",
            ]),
            &metadata,
            &Outputs::default(),
            None,
        );
        let names: Vec<_> = results.tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "test a",
                "test gen 2",
                "test gen 1",
                "test z",
                "doctest X.f/1 (1)"
            ]
        );
        assert_eq!(
            results.tests[1].test_code.as_deref(),
            Some("code of test gen #{i}")
        );
        assert_eq!(results.tests[4].test_code, None);
        assert_eq!(unknown, ["doctest X.f/1 (1)"]);
    }

    #[test]
    fn a_runtime_name_goes_to_the_most_specific_matching_template() {
        let metadata = Metadata {
            tests: vec![
                meta("test #{input}", Some(&["test ", ""])),
                meta("test reverse case #{n}", Some(&["test reverse case ", ""])),
            ],
        };
        let (results, _) = combine(
            run(&["test reverse case 2", "test ab"]),
            &metadata,
            &Outputs::default(),
            None,
        );
        let codes: Vec<_> = results
            .tests
            .iter()
            .map(|t| t.test_code.clone().unwrap())
            .collect();
        assert_eq!(
            codes,
            ["code of test #{input}", "code of test reverse case #{n}"]
        );
    }
}
