//! `--combine`: joins the run's results, the metadata and the split output into results.json,
//! in source order.

use std::collections::HashMap;

use serde::Deserialize;

use crate::log::header_name;
use crate::meta::Metadata;
use crate::results::{Results, Status, TestResult};

/// What a test run reported, whatever format it came in.
#[derive(Debug, Default)]
pub struct Run {
    pub tests: Vec<RunTest>,
    /// Why no test ran, when none did (a compile error, say).
    pub message: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct RunTest {
    pub name: String,
    pub status: Status,
    #[serde(default)]
    pub message: Option<String>,
}

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

/// Reads run results, detecting the format from the content.
pub fn parse_run(content: &[u8]) -> Result<Run, String> {
    let json: ExercismJson = serde_json::from_slice(content)
        .map_err(|e| format!("not results in the Exercism JSON format ({e})"))?;
    Ok(Run {
        tests: json.tests,
        message: json.message,
    })
}

/// Reads the `{test name: output}` object that `--log-to-json` writes.
pub fn parse_outputs(content: &[u8]) -> Result<HashMap<String, String>, String> {
    serde_json::from_slice(content)
        .map_err(|e| format!("not an object of test names to output strings ({e})"))
}

/// The combined results, and the names of the tests that had no metadata.
pub fn combine(
    run: Run,
    metadata: &Metadata,
    outputs: &HashMap<String, String>,
) -> (Results, Vec<String>) {
    let exact: HashMap<&str, usize> = metadata
        .tests
        .iter()
        .enumerate()
        .filter(|(_, t)| t.name_parts.is_none())
        .rev()
        .map(|(i, t)| (t.name.as_str(), i))
        .collect();
    // A runtime name that no test has exactly belongs to the most specific template that
    // matches it (the most literal text), the first in source order among equals.
    let find = |name: &str| {
        exact.get(name).copied().or_else(|| {
            metadata
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
    };

    let mut placed: Vec<(Option<usize>, TestResult)> = run
        .tests
        .into_iter()
        .map(|test| {
            let meta = find(&test.name);
            let (test_code, task_id) = match meta.map(|i| &metadata.tests[i]) {
                Some(m) => (Some(m.test_code.clone()), m.task_id),
                None => (None, None),
            };
            let output = outputs.get(&*header_name(&test.name)).cloned();
            let result = TestResult::new(
                test.name,
                test.status,
                test.message,
                test_code,
                task_id,
                output,
            );
            (meta, result)
        })
        .collect();
    // Source order; tests without metadata keep their run order, after the others.
    placed.sort_by_key(|(meta, _)| meta.unwrap_or(usize::MAX));
    let unknown = placed
        .iter()
        .filter(|(meta, _)| meta.is_none())
        .map(|(_, t)| t.name.clone())
        .collect();
    let tests = placed.into_iter().map(|(_, t)| t).collect();
    (Results::new(tests, run.message), unknown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meta::TestMeta;

    fn meta(name: &str, parts: Option<&[&str]>) -> TestMeta {
        TestMeta {
            name: name.to_string(),
            test_code: format!("code of {name}"),
            task_id: Some(1),
            id: None,
            name_parts: parts.map(|p| p.iter().map(|s| s.to_string()).collect()),
            line: None,
        }
    }

    fn run(names: &[&str]) -> Run {
        Run {
            tests: names
                .iter()
                .map(|n| RunTest {
                    name: n.to_string(),
                    status: Status::Pass,
                    message: None,
                })
                .collect(),
            message: None,
        }
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
            &HashMap::new(),
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
            &HashMap::new(),
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
