//! JUnit XML results, as `pytest --junitxml` and minitest-reporters' JUnit reporter write
//! them: one `<testcase>` per test (or per subtest report), failures and errors as child
//! elements with the framework's message as their `message` attribute and the traceback as
//! their text. A skipped test passes.

use crate::run::model::{Run, RunTest};
use crate::run::results::Status;

/// The tests of a JUnit document, in the order it lists them.
pub fn parse(content: &[u8]) -> Result<Run, String> {
    let text = String::from_utf8_lossy(content);
    let document =
        roxmltree::Document::parse(&text).map_err(|e| format!("not valid JUnit XML ({e})"))?;
    let mut tests = Vec::new();
    for case in document
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
    {
        let Some(name) = case.attribute("name") else {
            return Err(format!(
                "a <testcase> at byte {} has no name attribute",
                case.range().start
            ));
        };
        let mut status = Status::Pass;
        let mut messages = Vec::new();
        for child in case.children().filter(|c| c.is_element()) {
            let child_status = match child.tag_name().name() {
                "error" => Status::Error,
                "failure" => Status::Fail,
                // Skipped by the test's author (`@unittest.skip("extra-credit")`), not failed by
                // the student: it counts as passed, as in Exercism's Python runner.
                "skipped" => continue,
                _ => continue,
            };
            status = status.worst(child_status);
            let body: String = child
                .descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect();
            let body = body.trim();
            let attribute = child.attribute("message").unwrap_or("").trim();
            // The `message` attribute is the framework's own words for the failure (pytest's
            // `AssertionError: 'a' != 'b'`, Minitest's `Expected: … Actual: …`), what a student
            // reads first; the body is the reporter's traceback. A testcase that is no test
            // (pytest's collection error, classname "") has a generic attribute: its body says
            // what went wrong.
            let is_test = case.attribute("classname").is_some_and(|c| !c.is_empty());
            let message = if (is_test && !attribute.is_empty()) || body.is_empty() {
                untruncated(attribute, body)
            } else {
                body
            };
            if !message.is_empty() {
                messages.push(message.to_string());
            }
        }
        // pytest names each case of a parametrized test `test_x[case]`: they are that test.
        let name = match name.split_once('[') {
            Some((base, _)) if name.ends_with(']') => base,
            _ => name,
        };
        tests.push(RunTest {
            name: name.to_string(),
            // Classes as `.`-separated paths, whatever the language writes (`Outer::Inner`).
            classname: case.attribute("classname").map(|c| c.replace("::", ".")),
            status,
            message: (!messages.is_empty()).then(|| messages.join("\n\n")),
        });
    }
    Ok(Run {
        tests,
        message: None,
        complete: true,
        declared_order: false,
    })
}

/// A `message` attribute cut short with `...` (minitest-reporters keeps the first line,
/// `Expected: 3...`) is the body from where that first line starts (`Expected: 3\n  Actual:
/// 2`), without the reporter's heading before it.
fn untruncated<'a>(attribute: &'a str, body: &'a str) -> &'a str {
    match attribute.strip_suffix("...") {
        Some(start) if !start.is_empty() => body.find(start).map_or(attribute, |at| &body[at..]),
        _ => attribute,
    }
}

/// The testcases of a JUnit document cut short: every `<testcase>` element that is whole.
pub fn salvage(content: &[u8]) -> Run {
    let text = String::from_utf8_lossy(content);
    let mut tests = Vec::new();
    let mut rest = text.as_ref();
    while let Some(start) = rest.find("<testcase") {
        let after = &rest[start..];
        let Some(open_end) = after.find('>') else {
            break;
        };
        let end = if after[..open_end].ends_with('/') {
            open_end + 1
        } else {
            match after.find("</testcase>") {
                Some(close) => close + "</testcase>".len(),
                None => break,
            }
        };
        if let Ok(run) = parse(&after.as_bytes()[..end]) {
            tests.extend(run.tests);
        }
        rest = &after[end..];
    }
    Run {
        tests,
        message: None,
        complete: false,
        declared_order: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_and_errors_become_statuses_with_their_message_attributes_and_skips_pass() {
        let xml = br#"<?xml version="1.0"?>
<testsuites><testsuite name="pytest">
  <testcase classname="m.KettleTest" name="test_ok"/>
  <testcase classname="m.KettleTest" name="test_two_subtests">
    <failure message="AssertionError: 1">first &amp; traceback</failure>
    <failure message="AssertionError: 2">second</failure>
  </testcase>
  <testcase classname="m.KettleTest" name="test_err"><error message="boom"/></testcase>
  <testcase classname="m.KettleTest" name="test_bare"><failure>only a body</failure></testcase>
  <testcase classname="Minitest::Result" name="test_cut"><failure message="Expected: 3...">Failure:
test_cut(Minitest::Result) [t.rb:4]:
Expected: 3
  Actual: 2</failure></testcase>
  <testcase classname="m.KettleTest" name="test_skip"><skipped message="later"/></testcase>
</testsuite></testsuites>"#;
        let run = parse(xml).unwrap();
        let summary: Vec<_> = run
            .tests
            .iter()
            .map(|t| (t.name.as_str(), t.status, t.message.as_deref()))
            .collect();
        assert_eq!(
            summary,
            [
                ("test_ok", Status::Pass, None),
                (
                    "test_two_subtests",
                    Status::Fail,
                    Some("AssertionError: 1\n\nAssertionError: 2")
                ),
                ("test_err", Status::Error, Some("boom")),
                ("test_bare", Status::Fail, Some("only a body")),
                ("test_cut", Status::Fail, Some("Expected: 3\n  Actual: 2")),
                ("test_skip", Status::Pass, None),
            ]
        );
        assert_eq!(run.tests[0].classname.as_deref(), Some("m.KettleTest"));
    }

    #[test]
    fn parametrized_cases_are_their_test_and_classes_are_dotted() {
        let xml = br#"<testsuite><testcase classname="m.T" name="test_x[1-2]"/><testcase classname="Outer::InnerTest" name="test_y"/></testsuite>"#;
        let run = parse(xml).unwrap();
        assert_eq!(run.tests[0].name, "test_x");
        assert_eq!(run.tests[1].classname.as_deref(), Some("Outer.InnerTest"));
    }

    #[test]
    fn broken_xml_is_an_error_not_a_panic() {
        assert!(parse(b"<testsuite><testcase name='x'>").is_err());
        assert!(parse(b"<testcase/>").is_err());
    }
}
