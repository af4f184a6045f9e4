//! Property tests: hostile input never panics, for generated test files in each language
//! `--parse-meta` finds exactly the generated tests and `--transform` keeps them where they
//! were without adding syntax errors, and any results fit in results.json's budget.

use proptest::prelude::*;

use exercism_test_helper::run::combine::{combine, parse_run};
use exercism_test_helper::run::results::{
    self, BUDGET_REASON, Field, MAX_BYTES, MAX_MESSAGE_CHARS, Results, Status, TestResult,
};
use exercism_test_helper::run::{dialect, log};
use exercism_test_helper::source::language::Language;
use exercism_test_helper::source::meta::{self, Metadata};
use exercism_test_helper::source::transform::{Marker, apply, edits};
use exercism_test_helper::source::{header, syntax};

/// A generated test: its words (a name), whether it is pending/skipped, its task id, and its
/// body lines (simple assertions).
#[derive(Clone, Debug)]
struct GenTest {
    words: Vec<String>,
    disabled: bool,
    task_id: Option<u8>,
    lines: usize,
}

fn gen_test() -> impl Strategy<Value = GenTest> {
    (
        prop::collection::vec("[a-z][a-z0-9]{0,7}", 1..4),
        any::<bool>(),
        prop::option::of(1u8..9),
        1usize..4,
    )
        .prop_map(|(words, disabled, task_id, lines)| GenTest {
            words,
            disabled,
            task_id,
            lines,
        })
}

/// Distinct names, as every framework requires within a module or class.
fn gen_tests() -> impl Strategy<Value = Vec<GenTest>> {
    prop::collection::vec(gen_test(), 1..12).prop_map(|mut tests| {
        for (i, test) in tests.iter_mut().enumerate() {
            test.words.push(format!("n{i}"));
        }
        tests
    })
}

fn elixir(tests: &[GenTest], describe: bool) -> String {
    let mut out = String::from("defmodule GenTest do\n  use ExUnit.Case\n\n");
    let indent = if describe { "    " } else { "  " };
    if describe {
        out.push_str("  describe \"group\" do\n");
    }
    for test in tests {
        if let Some(id) = test.task_id {
            out.push_str(&format!("{indent}@tag task_id: {id}\n"));
        }
        if test.disabled {
            out.push_str(&format!("{indent}@tag :pending\n"));
        }
        out.push_str(&format!("{indent}test \"{}\" do\n", test.words.join(" ")));
        for i in 0..test.lines {
            out.push_str(&format!("{indent}  assert {i} == {i}\n"));
        }
        out.push_str(&format!("{indent}end\n\n"));
    }
    if describe {
        out.push_str("  end\n");
    }
    out.push_str("end\n");
    out
}

fn ruby(tests: &[GenTest]) -> String {
    let mut out = String::from("require 'minitest/autorun'\n\nclass GenTest < Minitest::Test\n");
    for test in tests {
        out.push_str(&format!("  def test_{}\n", test.words.join("_")));
        if test.disabled {
            out.push_str("    skip\n");
        }
        for i in 0..test.lines {
            out.push_str(&format!("    assert_equal {i}, {i}\n"));
        }
        out.push_str("  end\n\n");
    }
    out.push_str("end\n");
    out
}

fn python(tests: &[GenTest]) -> String {
    let mut out =
        String::from("import unittest\n\nimport pytest\n\n\nclass GenTest(unittest.TestCase):\n");
    for test in tests {
        if let Some(id) = test.task_id {
            out.push_str(&format!("    @pytest.mark.task(taskno={id})\n"));
        }
        out.push_str(&format!("    def test_{}(self):\n", test.words.join("_")));
        for i in 0..test.lines {
            out.push_str(&format!("        self.assertEqual({i}, {i})\n"));
        }
        out.push('\n');
    }
    out
}

fn javascript(tests: &[GenTest]) -> String {
    let mut out = String::from("import { gen } from './gen';\n\ndescribe('Gen', () => {\n");
    for test in tests {
        let function = if test.disabled { "xtest" } else { "test" };
        out.push_str(&format!(
            "  {function}('{}', () => {{\n",
            test.words.join(" ")
        ));
        for i in 0..test.lines {
            out.push_str(&format!("    expect(gen({i})).toBe({i});\n"));
        }
        out.push_str("  });\n\n");
    }
    out.push_str("});\n");
    out
}

/// Checks the properties for one generated file; returns its metadata.
fn check(language: &str, source: &str, expected: usize) -> Metadata {
    let language = Language::by_name(language).unwrap();
    let analysis = syntax::analyze_with_locals(language, source.as_bytes());
    assert_eq!(
        analysis.syntax_error_line, None,
        "generated file is valid:\n{source}"
    );
    let (metadata, _) = meta::metadata(&analysis, language, source.as_bytes(), "gen", false);
    assert_eq!(metadata.tests.len(), expected, "{source}");

    let newlines = |bytes: &[u8]| bytes.iter().filter(|&&b| b == b'\n').count();
    let line_of = |at: usize| newlines(&source.as_bytes()[..at]);
    for marker in [Marker::TestStarted, Marker::It] {
        let edits = edits(&analysis, &language.facts, source.as_bytes(), marker);
        // Inside the original, an edit keeps the line breaks it replaces; only after the end
        // may it add lines.
        let mut touched = std::collections::HashSet::new();
        for edit in &edits {
            if edit.range.start < source.len() {
                assert_eq!(
                    newlines(edit.text.as_bytes()),
                    newlines(&source.as_bytes()[edit.range.clone()]),
                    "{edit:?} adds or removes a line in:\n{source}"
                );
            }
            touched.extend(line_of(edit.range.start)..=line_of(edit.range.end));
        }
        let transformed = apply(source.as_bytes(), edits);
        let again = syntax::analyze(language, &transformed);
        let text = String::from_utf8_lossy(&transformed);
        assert_eq!(
            again.syntax_error_line, None,
            "transform added a syntax error:\n{text}"
        );
        // Every line no edit touched is where it was, as it was.
        let after: Vec<&str> = text.split('\n').collect();
        for (i, line) in source.split('\n').enumerate() {
            if !touched.contains(&i) {
                assert_eq!(after.get(i), Some(&line), "line {} moved:\n{text}", i + 1);
            }
        }
        let lines = |a: &syntax::Analysis| -> Vec<(String, usize)> {
            a.tests.iter().map(|t| (t.name.display(), t.line)).collect()
        };
        assert_eq!(
            lines(&analysis),
            lines(&again),
            "transform moved tests:\n{text}"
        );
    }
    metadata
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn elixir_files_keep_their_tests(tests in gen_tests(), describe in any::<bool>()) {
        let metadata = check("elixir", &elixir(&tests, describe), tests.len());
        for (meta, test) in metadata.tests.iter().zip(&tests) {
            let group = if describe { "group " } else { "" };
            prop_assert_eq!(&meta.name, &format!("test {group}{}", test.words.join(" ")));
            prop_assert_eq!(meta.task_id, test.task_id.map(i64::from));
        }
    }

    #[test]
    fn ruby_files_keep_their_tests(tests in gen_tests()) {
        let metadata = check("ruby", &ruby(&tests), tests.len());
        for meta in &metadata.tests {
            prop_assert!(!meta.test_code.contains("skip"));
        }
    }

    #[test]
    fn python_files_keep_their_tests(tests in gen_tests()) {
        let metadata = check("python", &python(&tests), tests.len());
        for (meta, test) in metadata.tests.iter().zip(&tests) {
            prop_assert_eq!(meta.task_id, test.task_id.map(i64::from));
            prop_assert_eq!(&meta.name, &format!("Gen > {}", test.words.join(" ")));
        }
    }

    #[test]
    fn javascript_files_keep_their_tests(tests in gen_tests()) {
        let source = javascript(&tests);
        let metadata = check("javascript", &source, tests.len());
        for (meta, test) in metadata.tests.iter().zip(&tests) {
            prop_assert_eq!(&meta.name, &format!("Gen > {}", test.words.join(" ")));
            prop_assert!(!meta.test_code.contains("test("));
        }
        // Every disabled test is enabled, on its own line.
        let language = Language::by_name("javascript").unwrap();
        let analysis = syntax::analyze(language, source.as_bytes());
        let transformed = apply(source.as_bytes(), edits(&analysis, &language.facts, source.as_bytes(), Marker::TestStarted));
        let text = String::from_utf8_lossy(&transformed);
        prop_assert!(!text.contains("xtest("), "{}", text);
        prop_assert_eq!(text.matches("  test(").count(), tests.len());
    }

    #[test]
    fn arbitrary_bytes_as_a_test_file_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        for name in exercism_test_helper::source::language::names() {
            let language = Language::by_name(name).unwrap();
            let analysis = syntax::analyze_with_locals(language, &bytes);
            meta::metadata(&analysis, language, &bytes, "gen", false);
            apply(&bytes, edits(&analysis, &language.facts, &bytes, Marker::TestStarted));
        }
    }

    #[test]
    fn arbitrary_bytes_as_a_log_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..4000)) {
        let outputs = log::split(&bytes[..], header::MARKER).unwrap();
        for (_, output) in &outputs.entries {
            prop_assert!(output.len() <= log::MAX_OUTPUT_BYTES + 4);
        }
        dialect::outputs(&dialect::parse(&bytes[..]).unwrap());
    }

    #[test]
    fn arbitrary_results_give_an_error_or_valid_results(
        bytes in prop::collection::vec(any::<u8>(), 0..600),
        json in "\\{\"(version|status|tests|message)\": ?(\\[|\\{|\"pass\"|null|[0-9]+)[^\\x00]{0,40}",
    ) {
        let metadata = Metadata::default();
        for content in [bytes.clone(), json.into_bytes()] {
            if let Ok(run) = parse_run(&content) {
                let (results, _) = combine(run, &metadata, &log::Outputs::default(), None);
                let text = serde_json::to_string(&results).unwrap();
                prop_assert!(text.contains("\"version\":3"));
            }
        }
    }

    #[test]
    fn arbitrary_metadata_gives_an_error_or_valid_results(
        bytes in prop::collection::vec(any::<u8>(), 0..600),
        tests in prop::collection::vec(metadata_test(), 0..6),
    ) {
        let results = br#"{"version": 2, "status": "pass", "tests": [{"name": "a", "status": "pass"}]}"#;
        let json = serde_json::json!({ "tests": tests }).to_string();
        for content in [bytes.clone(), json.into_bytes()] {
            if let Ok(metadata) = serde_json::from_slice::<Metadata>(&content) {
                let run = parse_run(results).unwrap();
                let (results, _) = combine(run, &metadata, &log::Outputs::default(), None);
                let text = serde_json::to_string(&results).unwrap();
                prop_assert!(text.contains("\"version\":3"));
            }
        }
    }
}

/// A JSON value of any of the kinds a metadata field might wrongly hold.
fn any_value() -> impl Strategy<Value = serde_json::Value> {
    prop_oneof![
        "[a -z]{0,6}".prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        Just(serde_json::Value::Null),
        Just(serde_json::json!([])),
        Just(serde_json::json!({"a": 1})),
    ]
}

/// A metadata test object whose fields are each present or not, with a value of any kind.
fn metadata_test() -> impl Strategy<Value = serde_json::Value> {
    let field = || prop::option::of(any_value());
    (field(), field(), field(), field(), field(), "[a -z]{1,6}").prop_map(
        |(name, test_code, task_id, line, file, good_name)| {
            let mut object = serde_json::Map::new();
            object.insert("name".into(), name.unwrap_or(good_name.into()));
            for (key, value) in [
                ("test_code", test_code),
                ("task_id", task_id),
                ("line", line),
                ("file", file),
            ] {
                if let Some(value) = value {
                    object.insert(key.into(), value);
                }
            }
            serde_json::Value::Object(object)
        },
    )
}

/// A text a test might print or fail with: a short piece of letters, quotes, backslashes,
/// control and multi-byte characters, repeated up to `most` times.
fn text(most: usize) -> impl Strategy<Value = String> {
    (
        "[a-z \"\\\\\\x00-\\x1f\u{e9}\u{20ac}\u{1f600}]{1,5}",
        0..most,
    )
        .prop_map(|(piece, times)| piece.repeat(times))
}

fn status() -> impl Strategy<Value = Status> {
    prop_oneof![Just(Status::Pass), Just(Status::Fail), Just(Status::Error)]
}

/// A test result as `--combine` makes one, its strings up to `most` repeats long.
fn test_result(most: usize) -> impl Strategy<Value = TestResult> {
    let maybe = move || prop::option::of(text(most));
    (
        text(most),
        status(),
        maybe(),
        maybe(),
        prop::option::of(0i64..100),
        maybe(),
    )
        .prop_map(|(name, status, message, code, task_id, output)| {
            TestResult::new(name, status, message, code, task_id, output)
        })
}

/// Results of a few tests with long strings or of many with short ones, and at times a
/// top-level message beside the tests (`Results::new` keeps one only without tests).
fn results_set() -> impl Strategy<Value = Results> {
    // Many tests repeat a few drawn ones (drawing each would take most of the time).
    let many = (prop::collection::vec(test_result(80), 1..8), 0..6_000usize)
        .prop_map(|(drawn, count)| (0..count).map(|i| drawn[i % drawn.len()].clone()).collect());
    let tests = prop_oneof![prop::collection::vec(test_result(30_000), 0..12), many];
    (tests, prop::option::of(text(30_000)), any::<bool>()).prop_map(|(tests, message, beside)| {
        let mut results = Results::new(tests, message.clone());
        if beside {
            results.message = message.map(|m| results::truncate(&m, MAX_MESSAGE_CHARS, ""));
        }
        results
    })
}

/// Checks one string after fitting: under the cap it is untouched; over it, it is its first
/// (a test's code: last) characters and the note that says how many it kept, in at most
/// the cap.
fn check_string(
    field: Field,
    before: Option<&str>,
    after: Option<&str>,
    cap: Option<usize>,
) -> Result<(), TestCaseError> {
    let (Some(before), Some(after)) = (before, after) else {
        prop_assert_eq!(before, after);
        return Ok(());
    };
    let of = before.chars().count();
    let cap = match cap.map(|cap| cap.max(field.floor())) {
        Some(cap) if of > cap => cap,
        _ => {
            prop_assert_eq!(before, after);
            return Ok(());
        }
    };
    prop_assert!(
        after.chars().count() <= cap,
        "{field:?} over {cap}: {after:?}"
    );
    let said = if field.keeps_tail() {
        " cut to its last "
    } else {
        " cut to its first "
    };
    let at = after.rfind(said).map(|at| at + said.len());
    let kept: usize = at
        .and_then(|at| after[at..].split(' ').next()?.parse().ok())
        .ok_or_else(|| TestCaseError::fail(format!("{field:?} without a note: {}", ends(after))))?;
    let note = results::note(field, kept, of);
    let expected = if field.keeps_tail() {
        let start = before
            .char_indices()
            .nth(of - kept)
            .map_or(before.len(), |(i, _)| i);
        format!("{note}{}", &before[start..])
    } else {
        let end = before
            .char_indices()
            .nth(kept)
            .map_or(before.len(), |(i, _)| i);
        format!("{}{note}", &before[..end])
    };
    prop_assert!(
        after == expected,
        "{field:?} {} is not {}",
        ends(after),
        ends(&expected)
    );
    Ok(())
}

/// The first and last characters of a long text, to show in a failure.
fn ends(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 240 {
        return format!("{text:?}");
    }
    let head: String = chars[..120].iter().collect();
    let tail: String = chars[chars.len() - 120..].iter().collect();
    format!("{head:?}…({} characters)…{tail:?}", chars.len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn any_results_fit_in_the_budget_and_say_what_was_cut(original in results_set()) {
        let json = original.clone().to_json();
        prop_assert!(json.len() <= MAX_BYTES, "{} bytes", json.len());
        let written: serde_json::Value = serde_json::from_slice(&json).unwrap();
        let mut fitted = original.clone();
        let fit = fitted.fit();
        prop_assert_eq!(&serde_json::to_value(&fitted).unwrap(), &written);
        prop_assert_eq!((fitted.version, fitted.status), (original.version, original.status));
        check_string(Field::Message, original.message.as_deref(), fitted.message.as_deref(), fit.cap)?;
        let kept: Vec<&TestResult> = original
            .tests
            .iter()
            .enumerate()
            .filter(|(i, _)| fit.left_out.binary_search(i).is_err())
            .map(|(_, test)| test)
            .collect();
        let mut shown = &fitted.tests[..];
        if let Some((entry, before)) = fitted.tests.split_last().filter(|_| !fit.left_out.is_empty()) {
            let left = fit.left_out.len();
            prop_assert!(entry.name.starts_with(&format!("[{left} more test")), "{}", entry.name);
            let reason = format!("{BUDGET_REASON}]");
            prop_assert!(entry.name.ends_with(&reason), "{}", entry.name);
            let worst = fit.left_out.iter().fold(Status::Pass, |s, &i| s.worst(original.tests[i].status));
            prop_assert_eq!(entry.status, worst);
            shown = before;
        }
        prop_assert_eq!(shown.len(), kept.len());
        for (after, before) in shown.iter().zip(kept) {
            prop_assert_eq!((after.status, after.task_id), (before.status, before.task_id));
            check_string(Field::Name, Some(&before.name), Some(&after.name), fit.cap)?;
            check_string(Field::Message, before.message.as_deref(), after.message.as_deref(), fit.cap)?;
            check_string(Field::TestCode, before.test_code.as_deref(), after.test_code.as_deref(), fit.cap)?;
            check_string(Field::Output, before.output.as_deref(), after.output.as_deref(), fit.cap)?;
        }
    }
}
