//! `--parse-meta`: per-test metadata (name, test_code, task_id) in source order.

use std::collections::HashMap;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::source::doctest;
use crate::source::language::Language;
use crate::source::locals;
use crate::source::syntax::{Analysis, DoctestSite};

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
    /// The test file, as given to `--parse-meta`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The name the framework reports and the header prints, when `name` had to differ from
    /// it: a test of another file has the same name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime_name: Option<String>,
    /// What `test_code` shows before the body, when it shows anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<Context>,
}

/// The part of `test_code` before the body: the definitions of the test file that the body
/// uses, each as written.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct Context {
    /// How many of `test_code`'s lines come before the body, the empty line after the
    /// definitions included: the body is what follows them.
    pub lines: usize,
    /// Where each definition shown is in the test file, in the order shown.
    pub definitions: Vec<DefinitionLines>,
}

/// The lines of one definition in its file, 1-based, both included.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct DefinitionLines {
    pub line: usize,
    pub end_line: usize,
}

/// What `test_code` holds (`--test-code`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum TestCode {
    /// The definitions of the file that the body uses, then the body.
    #[default]
    WithContext,
    /// The body alone, as the escript gave it.
    Body,
}

impl TestMeta {
    /// Whether the test named `name` at run time is this test.
    pub fn matches(&self, name: &str) -> bool {
        match &self.name_parts {
            None => self.reported_name() == name,
            Some(parts) => matches_parts(parts, name),
        }
    }

    /// The name the framework reports for this test, and its header prints.
    pub fn reported_name(&self) -> &str {
        self.runtime_name.as_deref().unwrap_or(&self.name)
    }
}

/// Builds the metadata of an analysed file; with `ordinal_task_ids` (the exercise switches
/// them on, `Language::ordinal_task_ids`), a test inside a `@task_id.ordinal` node takes its
/// place as its task id. The tests of a doctest call come where the call is, one per example
/// of the module's documentation; a call whose module's source cannot be found has none here
/// and gives a warning (its tests are still in the run's results, by name).
pub fn metadata(
    analysis: &Analysis,
    language: &Language,
    source: &[u8],
    file: &str,
    ordinal_task_ids: bool,
) -> (Metadata, Vec<String>) {
    let ranges = Ranges::new(analysis.omitted.clone(), analysis.verbatim.clone());
    let bodies: Vec<Range<usize>> = analysis
        .tests
        .iter()
        .filter_map(|test| test.body.clone())
        .collect();
    let mut writer = match (&analysis.locals, analysis.tree()) {
        (Some(captures), Some(tree)) => Some(ContextWriter {
            index: locals::Index::new(captures, source, tree, language, &bodies),
            tree,
            source,
            lines: Lines::new(source),
            ranges: &ranges,
            rendered: HashMap::new(),
        }),
        _ => None,
    };
    let mut tests: Vec<TestMeta> = analysis
        .tests
        .iter()
        .map(|test| {
            let body = test
                .body
                .as_ref()
                .map(|body| test_code(source, body.clone(), &ranges))
                .unwrap_or_default();
            let context = match (&mut writer, &test.body) {
                (Some(writer), Some(body)) => writer.context(&test.range, body),
                _ => None,
            };
            (test, body, context)
        })
        .map(|(test, body, context)| TestMeta {
            name: test.name.display(),
            test_code: match &context {
                Some((text, _)) => format!("{text}\n\n{body}"),
                None => body,
            },
            task_id: match test.ordinal {
                Some(place) if ordinal_task_ids => Some(place),
                _ => test.task_id,
            },
            id: test.id.clone(),
            name_parts: (!test.name.is_static()).then(|| test.name.literal_parts()),
            line: Some(test.line),
            file: Some(file.to_string()),
            runtime_name: None,
            context: context.map(|(text, definitions)| Context {
                lines: text.lines().count() + 1,
                definitions,
            }),
        })
        .collect();
    let mut warnings = Vec::new();
    if !analysis.doctests.is_empty() {
        // Each call's tests go before the first test that starts after it. A task id tag
        // that a call took but made no test with goes on to the next test defined, as
        // ExUnit's `@tag` does, unless that test has a tag of its own.
        let mut merged = Vec::with_capacity(tests.len());
        let mut carried: Option<Option<i64>> = None;
        let mut library = doctest::Library::default();
        let mut add = |site: &DoctestSite, merged: &mut Vec<TestMeta>, carried: &mut _| {
            match doctest_tests(
                site,
                language,
                file,
                ordinal_task_ids,
                &mut library,
                &mut warnings,
            ) {
                // Whatever the call took, it took: its tests are in the run.
                None => *carried = None,
                Some(made) if made.is_empty() => {
                    if site.next.is_some() {
                        *carried = site.next;
                    }
                }
                Some(mut made) => {
                    let own = site.next.is_some()
                        || site.call.task_id.is_some()
                        || (ordinal_task_ids && site.ordinal.is_some());
                    if let Some(value) = carried.take()
                        && !own
                    {
                        made[0].task_id = value;
                    }
                    merged.extend(made);
                }
            }
        };
        let mut sites = analysis.doctests.iter().peekable();
        for (mut test, raw) in tests.into_iter().zip(&analysis.tests) {
            while let Some(site) = sites.next_if(|site| site.range.start < raw.range.start) {
                add(site, &mut merged, &mut carried);
            }
            if let Some(value) = carried.take()
                && !raw.tagged
                && !(ordinal_task_ids && raw.ordinal.is_some())
            {
                test.task_id = value;
            }
            merged.push(test);
        }
        for site in sites {
            add(site, &mut merged, &mut carried);
        }
        tests = merged;
    }
    (Metadata { tests }, warnings)
}

/// The tests of one doctest call, named as the framework names them, each with its example
/// as test_code; `None` when the module's source is not found (a warning says so).
fn doctest_tests(
    site: &DoctestSite,
    language: &Language,
    file: &str,
    ordinal_task_ids: bool,
    library: &mut doctest::Library,
    warnings: &mut Vec<String>,
) -> Option<Vec<TestMeta>> {
    let facts = language.facts.doctests.as_ref()?;
    let examples = match library.examples(language, &site.call, std::path::Path::new(file)) {
        Ok(examples) => examples,
        Err(why) => {
            warnings.push(format!(
                "line {}: doctest {}: {why}; its tests are listed from the run, without test_code",
                site.line, site.call.module
            ));
            return None;
        }
    };
    let groups = site
        .groups
        .strip_prefix(&language.facts.naming.prefix)
        .display();
    examples
        .into_iter()
        .enumerate()
        .map(|(i, example)| TestMeta {
            name: format!("{}{groups}{}", facts.prefix, example.name),
            test_code: example.code,
            task_id: match site.ordinal {
                Some(place) if ordinal_task_ids => Some(place),
                _ if i == 0 => site.task_id,
                _ => site.task_id_rest,
            },
            id: None,
            name_parts: None,
            line: Some(site.line),
            file: Some(file.to_string()),
            runtime_name: None,
            context: None,
        })
        .collect::<Vec<_>>()
        .into()
}

/// Writes the context of each test: the definitions its body uses, as `test_code` shows them
/// before the body. Each definition is rendered once, however many tests show it.
struct ContextWriter<'a> {
    index: locals::Index<'a>,
    tree: &'a tree_sitter::Tree,
    source: &'a [u8],
    lines: Lines<'a>,
    ranges: &'a Ranges,
    rendered: HashMap<Range<usize>, Rendered>,
}

/// One definition as shown, and where it is.
struct Rendered {
    text: String,
    /// The lines its text spans in the file (its comments above included).
    lines: Range<usize>,
    place: DefinitionLines,
}

impl ContextWriter<'_> {
    /// The definitions a test's body uses, each as written, dedented, in source order; those on
    /// consecutive lines of the file one under the other, the others apart by an empty line.
    fn context(
        &mut self,
        test: &Range<usize>,
        body: &Range<usize>,
    ) -> Option<(String, Vec<DefinitionLines>)> {
        let uses = self.index.uses(test, body);
        if uses.is_empty() {
            return None;
        }
        let mut text = String::new();
        let mut places = Vec::with_capacity(uses.len());
        let mut last_line = None;
        for range in uses {
            let (tree, source, lines, ranges) = (self.tree, self.source, &self.lines, self.ranges);
            let shown = self.rendered.entry(range.clone()).or_insert_with(|| {
                let item = locals::item(tree, source, range);
                Rendered {
                    lines: lines.of(item.range.start)..lines.of(item.range.end.saturating_sub(1)),
                    text: test_code(source, item.range, ranges),
                    place: DefinitionLines {
                        line: item.first_line,
                        end_line: item.last_line,
                    },
                }
            });
            match last_line {
                Some(last) if shown.lines.start == last + 1 => text.push('\n'),
                Some(_) => text.push_str("\n\n"),
                None => {}
            }
            last_line = Some(shown.lines.end);
            text.push_str(&shown.text);
            places.push(shown.place.clone());
        }
        Some((text, places))
    }
}

/// Where each line of a file starts, found when first asked.
struct Lines<'a> {
    source: &'a [u8],
    starts: std::cell::OnceCell<Vec<usize>>,
}

impl<'a> Lines<'a> {
    fn new(source: &'a [u8]) -> Lines<'a> {
        Lines {
            source,
            starts: std::cell::OnceCell::new(),
        }
    }

    /// The 1-based line of byte `at`.
    fn of(&self, at: usize) -> usize {
        let starts = self.starts.get_or_init(|| {
            memchr::memchr_iter(b'\n', self.source)
                .map(|at| at + 1)
                .collect()
        });
        starts.partition_point(|&start| start <= at) + 1
    }
}

impl Metadata {
    /// This metadata with `file`'s tests replaced by `new`: in the place the file's tests had,
    /// or after all others for a file not seen before. Each test file of an exercise adds its
    /// tests, and parsing a file again does not repeat them.
    pub fn merge(mut self, file: &str, new: Metadata) -> Metadata {
        let of_file = |t: &TestMeta| t.file.as_deref() == Some(file);
        let at = self
            .tests
            .iter()
            .position(of_file)
            .unwrap_or(self.tests.len());
        self.tests.retain(|t| !of_file(t));
        let at = at.min(self.tests.len());
        // A name another file's test has already gets this file's name after it, so that the
        // student can tell the two apart; the runtime name stays for the joins.
        let taken: std::collections::HashSet<String> =
            self.tests.iter().map(|t| t.name.clone()).collect();
        let mut new = new.tests;
        for test in &mut new {
            if taken.contains(&test.name) {
                test.runtime_name = Some(test.name.clone());
                test.name = format!("{} ({file})", test.name);
            }
        }
        self.tests.splice(at..at, new);
        self
    }
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
/// Lines that continue a `verbatim` literal are text, not code: they are kept as written and
/// do not count for the indentation.
pub fn test_code(source: &[u8], range: Range<usize>, analysis_ranges: &Ranges) -> String {
    let mut range = range;
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
    // (text, is verbatim) for each kept line.
    let mut lines: Vec<(String, bool)> = Vec::new();
    let mut at = range.start;
    for line in source[range.clone()].split_inclusive(|&b| b == b'\n') {
        let span = at..at + line.len();
        at = span.end;
        let overlaps = |r: &Range<usize>| r.start < span.end && span.start < r.end;
        if analysis_ranges
            .near(&analysis_ranges.omitted, &span)
            .any(overlaps)
        {
            continue;
        }
        let verbatim = analysis_ranges
            .near(&analysis_ranges.verbatim, &span)
            .any(|r| r.start < span.start && span.start < r.end);
        let text = String::from_utf8_lossy(line);
        let text = text.trim_end_matches('\n').trim_end_matches('\r');
        lines.push((text.to_string(), verbatim));
    }
    // The rest of the header line (after `do`, `:`) belongs to the body only if it has code.
    let inline_first = !starts_line && lines.first().is_some_and(|(l, _)| !l.trim().is_empty());
    if !starts_line && !inline_first && !lines.is_empty() {
        lines.remove(0);
    }
    let blank = |(l, v): &(String, bool)| !v && l.trim().is_empty();
    while lines.first().is_some_and(blank) {
        lines.remove(0);
    }
    while lines.last().is_some_and(blank) {
        lines.pop();
    }
    let code: Vec<&str> = lines
        .iter()
        .enumerate()
        .filter(|(i, (_, verbatim))| !(*verbatim || (*i == 0 && inline_first)))
        .map(|(_, (l, _))| l.as_str())
        .collect();
    let indent = common_indent(&code).len();
    let out: Vec<&str> = lines
        .iter()
        .enumerate()
        .map(|(i, (line, verbatim))| {
            if i == 0 && inline_first {
                line.trim_start()
            } else if *verbatim {
                line.as_str()
            } else if line.trim().is_empty() {
                ""
            } else {
                &line[indent..]
            }
        })
        .collect();
    out.join("\n").trim_end().to_string()
}

/// The ranges of a file that shape `test_code`, each list sorted by start.
#[derive(Default)]
pub struct Ranges {
    pub omitted: Vec<Range<usize>>,
    pub verbatim: Vec<Range<usize>>,
}

impl Ranges {
    fn new(mut omitted: Vec<Range<usize>>, mut verbatim: Vec<Range<usize>>) -> Ranges {
        omitted.sort_by_key(|r| r.start);
        verbatim.sort_by_key(|r| r.start);
        Ranges { omitted, verbatim }
    }

    /// The few ranges of `sorted` that start nearest before `span` ends: skip calls and
    /// string literals do not overlap one another (bar a string inside an interpolation), so
    /// only those can reach into `span`. Looking at a few rather than all keeps a file of many
    /// tests linear.
    fn near<'a>(
        &self,
        sorted: &'a [Range<usize>],
        span: &Range<usize>,
    ) -> impl Iterator<Item = &'a Range<usize>> {
        let end = sorted.partition_point(|r| r.start < span.end);
        sorted[..end].iter().rev().take(8)
    }
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

    fn entry(name: &str, file: &str) -> TestMeta {
        TestMeta {
            name: name.to_string(),
            test_code: String::new(),
            task_id: None,
            id: None,
            name_parts: None,
            line: None,
            file: Some(file.to_string()),
            runtime_name: None,
            context: None,
        }
    }

    #[test]
    fn a_name_another_file_has_gets_its_file_and_keeps_its_runtime_name() {
        let a = Metadata {
            tests: vec![entry("test adds", "a_test.exs")],
        };
        let b = Metadata {
            tests: vec![entry("test adds", "b_test.exs")],
        };
        let merged = Metadata::default()
            .merge("a_test.exs", a)
            .merge("b_test.exs", b);
        assert_eq!(merged.tests[1].name, "test adds (b_test.exs)");
        assert_eq!(merged.tests[1].reported_name(), "test adds");
        assert_eq!(merged.tests[0].name, "test adds");
    }

    #[test]
    fn merging_keeps_other_files_and_replaces_a_file_parsed_again() {
        let a = Metadata {
            tests: vec![entry("a1", "a"), entry("a2", "a")],
        };
        let b = Metadata {
            tests: vec![entry("b1", "b")],
        };
        let merged = Metadata::default().merge("a", a).merge("b", b);
        let again = Metadata {
            tests: vec![entry("a3", "a")],
        };
        let names: Vec<_> = merged
            .merge("a", again)
            .tests
            .into_iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(names, ["a3", "b1"]);
    }

    #[test]
    fn test_code_is_dedented_and_trimmed_but_keeps_inner_blank_lines() {
        let source = b" \n    a = 1\n\n      b(a)\n    # done\n  \n";
        assert_eq!(
            test_code(source, 0..source.len(), &Ranges::default()),
            "a = 1\n\n  b(a)\n# done"
        );
    }

    #[test]
    fn test_code_of_a_one_line_body_is_that_line() {
        let source = b" assert f() == 1 ";
        assert_eq!(
            test_code(source, 0..source.len(), &Ranges::default()),
            "assert f() == 1"
        );
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
        let ranges = Ranges {
            omitted: vec![skip("skip\n"), skip("skip(\n    'x')")],
            verbatim: vec![],
        };
        assert_eq!(test_code(source, body, &ranges), "a = 1\nb");
    }

    #[test]
    fn lines_inside_a_verbatim_literal_keep_their_indentation() {
        let source = b"\n    s = \"\"\"a\n  b\"\"\"\n    f(s)\n";
        let start = source.iter().position(|&b| b == b'"').unwrap();
        let ranges = Ranges {
            omitted: vec![],
            verbatim: vec![Range {
                start,
                end: start + 12,
            }],
        };
        assert_eq!(
            test_code(source, 0..source.len(), &ranges),
            "s = \"\"\"a\n  b\"\"\"\nf(s)"
        );
    }

    #[test]
    fn mixed_tabs_and_spaces_dedent_only_by_what_all_lines_share() {
        let source = b"\n\t  a\n\t b\n";
        assert_eq!(
            test_code(source, 0..source.len(), &Ranges::default()),
            " a\nb"
        );
    }
    /// The test_code of each test of an Elixir source.
    fn test_codes(source: &str) -> Vec<String> {
        let language = Language::by_name("elixir").unwrap();
        let analysis = crate::source::syntax::analyze_with_locals(language, source.as_bytes());
        metadata(&analysis, language, source.as_bytes(), "t.exs", false)
            .0
            .tests
            .into_iter()
            .map(|test| test.test_code)
            .collect()
    }

    #[test]
    fn a_use_shows_the_innermost_definition_and_what_that_uses_in_turn() {
        let codes = test_codes(
            r#"defmodule T do
  use ExUnit.Case
  @size 3
  defp board, do: List.duplicate(0, @size)
  defp unused, do: 1

  test "uses a helper" do
    assert length(board()) == 3
  end

  test "binds the name itself" do
    board = [1]
    assert board == [1]
  end

  test "calls another module's function of that name" do
    assert Board.board() == []
  end
end
"#,
        );
        assert_eq!(
            codes,
            [
                "@size 3\ndefp board, do: List.duplicate(0, @size)\n\nassert length(board()) == 3",
                "board = [1]\nassert board == [1]",
                "assert Board.board() == []",
            ]
        );
    }

    #[test]
    fn a_setup_is_shown_to_the_tests_that_take_its_context() {
        let codes = test_codes(
            r#"defmodule T do
  use ExUnit.Case
  setup do
    %{beds: 3}
  end

  test "takes the context", %{beds: beds} do
    assert beds == 3
  end

  test "takes nothing" do
    assert true
  end

  test "ignores the context", _context do
    assert true
  end
end
"#,
        );
        assert_eq!(
            codes,
            [
                "setup do\n  %{beds: 3}\nend\n\nassert beds == 3",
                "assert true",
                "assert true",
            ]
        );
    }
}
