//! `--parse-meta`: per-test metadata (name, test_code, task_id) in source order.

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::syntax::Analysis;

/// The metadata file: the escript's shape, plus optional fields that serve `--combine`.
#[derive(Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Metadata {
    pub tests: Vec<TestMeta>,
}

#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct TestMeta {
    /// The runtime name; for a name that interpolates, the name as the source writes it.
    pub name: String,
    pub test_code: String,
    pub task_id: Option<i64>,
    /// The runtime identifier JUnit results are joined on (`Class.test_method`), for
    /// languages whose display name is not it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// For a name that interpolates: the literal runs of the name, in order. A runtime name
    /// belongs to this test when it is these runs with anything in between.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_parts: Option<Vec<String>>,
    /// 1-based line of the test in its file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

impl TestMeta {
    /// Whether the test named `name` at run time is this test.
    pub fn matches(&self, name: &str) -> bool {
        match &self.name_parts {
            None => self.name == name,
            Some(parts) => matches_parts(parts, name),
        }
    }
}

/// Builds the metadata of an analysed file.
pub fn metadata(analysis: &Analysis, source: &[u8]) -> Metadata {
    let tests = analysis
        .tests
        .iter()
        .map(|test| TestMeta {
            name: test.name.display(),
            test_code: test
                .body
                .as_ref()
                .map(|body| test_code(source, body.clone(), &analysis.omitted))
                .unwrap_or_default(),
            task_id: test.task_id,
            id: test.id.clone(),
            name_parts: (!test.name.is_static()).then(|| test.name.literal_parts()),
            line: Some(test.line),
        })
        .collect();
    Metadata { tests }
}

/// Whether `name` is `parts` joined with any text in between (a glob with `*` between parts).
pub fn matches_parts(parts: &[String], name: &str) -> bool {
    let (Some(first), Some(last)) = (parts.first(), parts.last()) else {
        return false;
    };
    if parts.len() == 1 {
        return name == first;
    }
    let Some(rest) = name.strip_prefix(first.as_str()) else {
        return false;
    };
    let Some(mut middle) = rest.strip_suffix(last.as_str()) else {
        return false;
    };
    for part in &parts[1..parts.len() - 1] {
        match middle.find(part.as_str()) {
            Some(at) => middle = &middle[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// The body as the student reads it: the lines of `range`, dedented by their common
/// indentation, with leading and trailing blank lines and the lines of `omitted` dropped.
pub fn test_code(source: &[u8], mut range: Range<usize>, omitted: &[Range<usize>]) -> String {
    // A body that starts a line starts with that line's indentation.
    let indent = source[..range.start]
        .iter()
        .rev()
        .take_while(|b| matches!(b, b' ' | b'\t'));
    let indent = indent.count();
    let starts_line = range.start == indent || source[range.start - indent - 1] == b'\n';
    if starts_line {
        range.start -= indent;
    }
    let mut kept = Vec::with_capacity(range.len());
    let mut at = range.start;
    for line in source[range.clone()].split_inclusive(|&b| b == b'\n') {
        let span = at..at + line.len();
        at = span.end;
        if !omitted
            .iter()
            .any(|o| o.start < span.end && span.start < o.end)
        {
            kept.extend_from_slice(line);
        }
    }
    let text = String::from_utf8_lossy(&kept);
    let mut lines: Vec<&str> = text.lines().collect();
    // The rest of the header line (after `do`, `:`) belongs to the body only if it has code.
    let first_inline = lines.first().map(|l| l.trim().to_string());
    if first_inline.as_deref() == Some("") {
        lines.remove(0);
    }
    while lines.first().is_some_and(|l| l.trim().is_empty()) {
        lines.remove(0);
    }
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let inline_first = !starts_line && first_inline.is_some_and(|l| !l.is_empty());
    let inline_first = inline_first && !lines.is_empty();
    let indented = if inline_first {
        &lines[1..]
    } else {
        &lines[..]
    };
    let indent = common_indent(indented);
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let line = if i == 0 && inline_first {
            line.trim_start()
        } else if line.trim().is_empty() {
            ""
        } else {
            &line[indent.len()..]
        };
        out.push(line.trim_end_matches('\r').to_string());
    }
    out.join("\n").trim_end().to_string()
}

/// The longest whitespace prefix shared by every non-blank line.
fn common_indent<'a>(lines: &[&'a str]) -> &'a str {
    let mut indent: Option<&str> = None;
    for line in lines.iter().filter(|l| !l.trim().is_empty()) {
        let own = &line[..line.len() - line.trim_start().len()];
        indent = Some(match indent {
            None => own,
            Some(current) => {
                let shared = current
                    .char_indices()
                    .zip(own.chars())
                    .find(|((_, a), b)| a != b)
                    .map(|((i, _), _)| i)
                    .unwrap_or(current.len().min(own.len()));
                &current[..shared]
            }
        });
    }
    indent.unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn name_parts_match_runtime_names_with_anything_in_the_holes() {
        let p = parts(&["test adds ", " to ", ""]);
        assert!(matches_parts(&p, "test adds 1 to 2"));
        assert!(matches_parts(&p, "test adds  to "));
        assert!(!matches_parts(&p, "test adds 1"));
        assert!(!matches_parts(&p, "test subtracts 1 to 2"));
        let suffix = parts(&["test ", " end"]);
        assert!(
            !matches_parts(&suffix, "test end"),
            "prefix and suffix overlap"
        );
    }

    #[test]
    fn test_code_is_dedented_and_trimmed_but_keeps_inner_blank_lines() {
        let source = b" \n    a = 1\n\n      b(a)\n    # done\n  \n";
        assert_eq!(
            test_code(source, 0..source.len(), &[]),
            "a = 1\n\n  b(a)\n# done"
        );
    }

    #[test]
    fn test_code_of_a_one_line_body_is_that_line() {
        let source = b" assert f() == 1 ";
        assert_eq!(test_code(source, 0..source.len(), &[]), "assert f() == 1");
    }

    #[test]
    fn omitted_lines_are_left_out_whole() {
        let source = b"def t\n  skip\n  a = 1\n  skip(\n    'x')\n  b\nend";
        let body = 6..source.len() - 3;
        let skip = |text: &str| {
            let at = source
                .windows(text.len())
                .position(|w| w == text.as_bytes())
                .unwrap();
            at..at + text.len()
        };
        let omitted = [skip("skip\n"), skip("skip(\n    'x')")];
        assert_eq!(test_code(source, body, &omitted), "a = 1\nb");
    }

    #[test]
    fn mixed_tabs_and_spaces_dedent_only_by_what_all_lines_share() {
        let source = b"\n\t  a\n\t b\n";
        assert_eq!(test_code(source, 0..source.len(), &[]), " a\nb");
    }
}
