//! The project's query matcher (src/source/query/) against tree-sitter's own `QueryCursor`: for
//! every query in `queries/`, both must find the same matches (pattern and captured nodes) on
//! every fixture, on the fixtures cut and spliced into broken files, and on snippets written
//! to probe anchors, fields, alternations, optional children and predicates.
//!
//! `QUERY_CORPUS=<dir> cargo test --test all query_differential -- --ignored` also compares them
//! on every test file under `<dir>` (for example a checkout of a track repository).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use exercism_test_helper::source::language::Language;
use exercism_test_helper::source::query::Query;
use tree_sitter::{Parser, QueryCursor, StreamingIterator};

/// A match, comparable across the two matchers: pattern index and (capture, byte range)s.
type Found = (usize, Vec<(String, usize, usize)>);

fn ours(query: &Query, tree: &tree_sitter::Tree, source: &[u8]) -> BTreeSet<Found> {
    query
        .matches(tree.root_node(), source)
        .into_iter()
        .map(|m| {
            let mut captures: Vec<_> = m
                .captures
                .iter()
                .map(|c| {
                    let name = query.capture_names()[c.index as usize].clone();
                    (name, c.node.start_byte(), c.node.end_byte())
                })
                .collect();
            captures.sort();
            (m.pattern_index, captures)
        })
        .collect()
}

fn theirs(query: &tree_sitter::Query, tree: &tree_sitter::Tree, source: &[u8]) -> BTreeSet<Found> {
    let mut cursor = QueryCursor::new();
    let mut matches = cursor.matches(query, tree.root_node(), source);
    let mut found = BTreeSet::new();
    while let Some(m) = matches.next() {
        let mut captures: Vec<_> = m
            .captures()
            .iter()
            .map(|c| {
                let name = query.capture_names()[c.index as usize].to_string();
                (name, c.node.start_byte(), c.node.end_byte())
            })
            .collect();
        captures.sort();
        found.insert((m.pattern_index, captures));
    }
    found
}

/// Both matchers for every query of one language.
struct Pair {
    language: &'static Language,
    queries: Vec<(&'static str, Query, tree_sitter::Query)>,
}

impl Pair {
    fn new(name: &str) -> Pair {
        let language = Language::by_name(name).unwrap();
        let queries = language
            .query_sources()
            .into_iter()
            .map(|(file, source)| {
                (
                    file,
                    Query::new(&language.grammar, source).unwrap(),
                    tree_sitter::Query::new(&language.grammar, source).unwrap(),
                )
            })
            .collect();
        Pair { language, queries }
    }

    /// Compares the matchers on `source`; returns the number of matches compared.
    fn check(&self, source: &[u8], label: &str) -> usize {
        let mut parser = Parser::new();
        parser.set_language(&self.language.grammar).unwrap();
        let tree = parser.parse(source, None).unwrap();
        let mut compared = 0;
        for (file, ours_query, their_query) in &self.queries {
            let (a, b) = (
                ours(ours_query, &tree, source),
                theirs(their_query, &tree, source),
            );
            if a != b {
                let only_ours: Vec<_> = a.difference(&b).collect();
                let only_theirs: Vec<_> = b.difference(&a).collect();
                panic!(
                    "{label}: {file} differs\n only ours: {only_ours:?}\n only tree-sitter's: \
                     {only_theirs:?}\n source:\n{}",
                    String::from_utf8_lossy(source)
                );
            }
            compared += a.len();
        }
        compared
    }
}

/// The language the registry gives the file's extension, if any.
fn language_of(path: &Path) -> Option<String> {
    Language::for_path(path, None)
        .ok()
        .map(|language| language.facts.name.clone())
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else if language_of(&path).is_some() {
            out.push(path);
        }
    }
}

fn pairs() -> Vec<(&'static str, Pair)> {
    exercism_test_helper::source::language::names()
        .into_iter()
        .map(|name| (name, Pair::new(name)))
        .collect()
}

fn check_file(pairs: &[(&str, Pair)], path: &Path, source: &[u8], label: &str) -> usize {
    let language = language_of(path).unwrap();
    let pair = &pairs.iter().find(|(name, _)| *name == language).unwrap().1;
    pair.check(source, label)
}

#[test]
fn both_matchers_agree_on_every_fixture() {
    let pairs = pairs();
    let mut files = Vec::new();
    files_under(&common_root().join("fixtures"), &mut files);
    assert!(files.len() > 60, "only {} fixture files found", files.len());
    let mut compared = 0;
    for path in &files {
        let source = std::fs::read(path).unwrap();
        compared += check_file(&pairs, path, &source, &path.display().to_string());
    }
    assert!(compared > 500, "only {compared} matches compared");
}

/// A small deterministic generator, so that a failure names a case that can be rerun.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

#[test]
fn both_matchers_agree_on_fixtures_cut_and_spliced_into_broken_files() {
    let pairs = pairs();
    let mut files = Vec::new();
    files_under(&common_root().join("fixtures"), &mut files);
    let mut random = Lcg(5);
    let inserts: [&[u8]; 10] = [
        b"(", b"[", b" do\n", b"end\n", b"\"", b"\n  ", b".", b",", b"{", b"`",
    ];
    for path in &files {
        let source = std::fs::read(path).unwrap();
        for case in 0..12 {
            let mut broken = source.clone();
            let start = random.below(broken.len());
            let end = (start + random.below(40)).min(broken.len());
            match case % 3 {
                0 => {
                    broken.drain(start..end);
                }
                1 => {
                    let insert = inserts[random.below(inserts.len())];
                    broken.splice(start..start, insert.iter().copied());
                }
                _ => {
                    // Repeat a slice elsewhere: duplicated heads, blocks and tags.
                    let slice = broken[start..end].to_vec();
                    let at = random.below(broken.len());
                    broken.splice(at..at, slice);
                }
            }
            let label = format!("{} (case {case}, bytes {start}..{end})", path.display());
            check_file(&pairs, path, &broken, &label);
        }
    }
}

#[test]
fn both_matchers_agree_on_probing_snippets() {
    let pairs = pairs();
    let snippets: &[(&str, &str)] = &[
        (
            "a.exs",
            "defmodule A do\n  @tag task_id: 1, slow: true\n  @tag [pending: true, task_id: 2]\n  \
             @tag pending: true, pending: false\n  @tag :pending\n  @tag(:pending)\n  \
             @moduletag task_id: 3\n  test \"a\" # note\n  do\n  end\n  test \"b\", %{x: x} do x end\n  \
             test \"c\", do: :ok, after: 1\n  test \"d\"\n  test \"e\" # c\n  test(\"f\")\n  \
             test \"g\", do: (:ok)\n  describe \"h\" do\n @describetag [task_id: 4]\n test \"i\" do end\n end\n  \
             test x, do: 1\n  test \"j\" <> \"k\" do end\nend\n",
        ),
        (
            "mix.exs",
            "defmodule M.MixProject do\n  use Mix.Project\n  def project do\n    # c\n    [app: :m]\n    # d\n  end\n  \
             def project(), do: [app: :n]\n  def project, do: config()\n  def other do [a: 1] end\nend\n",
        ),
        (
            "a.rb",
            "class A < Minitest::Test\n  def test_a\n    skip\n    skip 'why'\n    x.skip\n    # skip me\n  end\n  \
             def test_b; end\n  def test_c = 1\n  module B\n    class C\n      def test_d\n        skip if x\n      end\n    end\n  end\n  \
             def not_a_test\n  end\nend\n",
        ),
        (
            "a.js",
            "describe('a', () => {\n  test('b', () => { x(); });\n  it(`c ${d}`, function () {});\n  \
             xtest('e', () => f());\n  test.skip('g', () => {});\n  test.each([[1]])('h %i', (n) => {});\n  \
             xdescribe('i', () => { xit('j', async () => { await k; }); });\n  test('l');\n  \
             describe.each`\n a\n ${1}\n`('m $a', () => {});\n});\n\
             function helper() { test('n', () => {}); }\nconst other = () => { it('o', () => {}); };\n\
             describe(name, () => {});\nxtest.each([])('p', () => {});\n",
        ),
        (
            "a.py",
            "import pytest\n\n@pytest.mark.task(taskno=1)\nclass A:\n    @pytest.mark.task(taskno=2, other=3)\n    \
             @other\n    def test_a(self):\n        \"\"\"doc\n        more\"\"\"\n        pass\n\n    \
             async def test_b(self): pass\n\n    @pytest.mark.task(x, taskno=4)\n    def helper(self): pass\n\n\
             def test_c():\n    s = 'a' 'b'\n    f\"x{1}\"\n",
        ),
    ];
    for (file, source) in snippets {
        let compared = check_file(&pairs, Path::new(file), source.as_bytes(), file);
        assert!(compared > 3, "{file}: only {compared} matches");
    }
}

/// Every test file under `$QUERY_CORPUS`.
#[test]
#[ignore = "needs QUERY_CORPUS=<dir>, a tree of test files such as a track repository"]
fn both_matchers_agree_on_an_external_corpus() {
    let dir = std::env::var_os("QUERY_CORPUS").expect("QUERY_CORPUS names a directory");
    let pairs = pairs();
    let mut files = Vec::new();
    files_under(Path::new(&dir), &mut files);
    let mut compared = 0;
    for path in &files {
        let source = std::fs::read(path).unwrap();
        compared += check_file(&pairs, path, &source, &path.display().to_string());
    }
    assert!(!files.is_empty(), "no test files under {dir:?}");
    eprintln!("{} files, {compared} matches compared", files.len());
}

fn common_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A root whose pattern looks into each of many children (a Jest file's top-level describe
/// blocks under `program`): the matcher keeps the children it listed by node id, in a list
/// for the first few and in a map past them.
#[test]
fn both_matchers_agree_on_a_root_with_many_children() {
    let pairs = pairs();
    let source: String = (0..40)
        .map(|i| {
            format!("describe('group {i}', () => {{\n  xtest('adds {i}', () => {{}});\n}});\n")
        })
        .collect();
    let compared = check_file(&pairs, Path::new("many.spec.js"), source.as_bytes(), "many");
    assert!(compared >= 120, "only {compared} matches");
}
