//! The language registry: every supported language is a grammar, a folder of queries
//! (`queries/<lang>/`) and a file of declarative facts (`grammars/<lang>.toml`), embedded in
//! the binary at compile time. Nothing else in the pipeline knows which language it handles.

use std::collections::HashMap;
use std::ops::Range;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

use serde::Deserialize;

use crate::error::Error;
use crate::source::query::Query;

/// One entry of the registry. Adding a language means adding one of these.
struct Registration {
    name: &'static str,
    grammar: fn() -> tree_sitter::Language,
    facts: &'static str,
    tests_query: &'static str,
    literals_query: &'static str,
    locals_query: &'static str,
    mix_query: Option<&'static str>,
    /// `queries/<lang>/docs.scm`, for languages whose test files run the examples of a
    /// module's documentation as tests (`[doctests]` of the facts).
    docs_query: Option<&'static str>,
}

const REGISTRY: &[Registration] = &[
    Registration {
        name: "elixir",
        grammar: || tree_sitter_elixir::LANGUAGE.into(),
        facts: include_str!("../../grammars/elixir.toml"),
        tests_query: include_str!("../../queries/elixir/tests.scm"),
        literals_query: include_str!("../../queries/elixir/literals.scm"),
        locals_query: include_str!("../../queries/elixir/locals.scm"),
        mix_query: Some(include_str!("../../queries/elixir/mix.scm")),
        docs_query: Some(include_str!("../../queries/elixir/docs.scm")),
    },
    Registration {
        name: "ruby",
        grammar: || tree_sitter_ruby::LANGUAGE.into(),
        facts: include_str!("../../grammars/ruby.toml"),
        tests_query: include_str!("../../queries/ruby/tests.scm"),
        literals_query: include_str!("../../queries/ruby/literals.scm"),
        locals_query: include_str!("../../queries/ruby/locals.scm"),
        mix_query: None,
        docs_query: None,
    },
    Registration {
        name: "python",
        grammar: || tree_sitter_python::LANGUAGE.into(),
        facts: include_str!("../../grammars/python.toml"),
        tests_query: include_str!("../../queries/python/tests.scm"),
        literals_query: include_str!("../../queries/python/literals.scm"),
        locals_query: include_str!("../../queries/python/locals.scm"),
        mix_query: None,
        docs_query: None,
    },
    Registration {
        name: "javascript",
        grammar: || tree_sitter_javascript::LANGUAGE.into(),
        facts: include_str!("../../grammars/javascript.toml"),
        tests_query: include_str!("../../queries/javascript/tests.scm"),
        literals_query: include_str!("../../queries/javascript/literals.scm"),
        locals_query: include_str!("../../queries/javascript/locals.scm"),
        mix_query: None,
        docs_query: None,
    },
];

/// The declarative facts of `grammars/<lang>.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Facts {
    pub name: String,
    /// File extensions (without the dot) that select this language.
    pub extensions: Vec<String>,
    pub naming: Naming,
    pub strings: Strings,
    pub values: Values,
    pub header: Header,
    #[serde(default)]
    pub markers: Markers,
    pub mix: Option<Mix>,
    pub literals: LiteralFacts,
    #[serde(default)]
    pub task_ids: TaskIds,
    #[serde(default)]
    pub locals: Locals,
    pub doctests: Option<Doctests>,
}

/// Tests made from the examples in a module's documentation (ExUnit's `doctest Form`): how
/// they are named, where the module's source is, and how an example is written. See
/// `crate::source::doctest`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doctests {
    /// Put before the whole name in place of `[naming] prefix` (`doctest `).
    pub prefix: String,
    /// A test's own name from an example of the module's own documentation; `{module}` is
    /// the module, `{n}` the example's number.
    pub module_name: String,
    /// A test's own name from an example of a definition's documentation; also `{name}` and
    /// `{arity}`.
    pub definition_name: String,
    /// How `only:`/`except:` name the module's own documentation.
    pub module_selector: String,
    /// Whether a call with a non-empty `only:` keeps its examples last first, and numbers
    /// them so.
    #[serde(default)]
    pub only_reverses: bool,
    /// Files whose folder is the project the test file belongs to (the nearest, going up).
    pub project: Vec<String>,
    /// The folders of the project, and the extensions of the files in them, that hold the
    /// modules' sources.
    pub sources: Vec<String>,
    pub extensions: Vec<String>,
    /// Separates the segments of a module's name (`Form.Inner`).
    pub module_separator: String,
    /// The prompt that starts an example, and the one that continues its expression; either
    /// may carry a number in parentheses before its last character (`iex(2)>`).
    pub prompt: String,
    pub continuation: String,
    /// Lines that close a code block of the documentation, and an example open in it.
    pub fences: Vec<String>,
    /// `[attribute, kind]` for each keyword that defines something documentation can be
    /// attached to: the documentation attribute (`@doc`, `@typedoc`) it takes, and the kind it
    /// has in the module's documentation, by which examples are ordered (kind, then name,
    /// then arity); an empty kind is a private definition, whose documentation is dropped.
    pub definitions: HashMap<String, [String; 2]>,
    /// The attribute of the module's own documentation (`moduledoc`).
    pub module_attribute: String,
    /// The statement `--transform` puts before a `doctest` call, on its line, to announce its
    /// tests; `{marker}` is the header's marker as a string literal.
    pub announce: String,
}

/// How a test's name is built from its groups and its own name (see `crate::source::naming`).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Naming {
    /// Put before the whole name (ExUnit's `test `).
    pub prefix: String,
    /// Joins the group names and the test's own name.
    pub separator: String,
    /// Whether the names of enclosing groups are part of the name.
    pub groups: bool,
    /// Taken off the start of the test's own name (`test_`).
    pub strip_prefix: String,
    /// `[from, to]`: the last `from` in the name becomes `to` (Python's `Test.test_` → ` > `).
    pub junction: Option<[String; 2]>,
    /// What every `_` in the name becomes.
    pub underscores: Option<String>,
    /// Ruby's `String#capitalize`: the first character up, the rest down.
    pub capitalize: bool,
    /// Whether tests have a runtime identifier apart from their name: the group names and the
    /// test's own identifier joined by `.` (what JUnit results are joined on).
    pub runtime_id: bool,
    /// A regular expression for the placeholders of a name the framework formats once per row
    /// of a table (`@each`: Jest's `%s`, `%#`, `$name`): each is a hole filled at run time.
    pub row_placeholders: Option<String>,
}

/// Child node kinds of a string literal.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strings {
    pub kinds: Vec<String>,
    pub content: Vec<String>,
    pub escape: Vec<String>,
    pub interpolation: Vec<String>,
    /// Opening delimiters of heredocs, whose value drops the opening line and the closing
    /// line's indentation from every line.
    #[serde(default)]
    pub heredoc: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Values {
    pub integer: Vec<String>,
    /// Node kinds whose text is a name as it stands (method and class names).
    #[serde(default)]
    pub identifier: Vec<String>,
}

/// The statement that announces a test on stdout, and how it is spliced into the file.
/// `{name}` in a template stands for the test's header name as a string literal, `{id}` for
/// its runtime identifier as one.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Inserted in the test itself (after `@test.block`'s opener, or wrapping `@test.header.wrap`).
    pub statement: Option<String>,
    /// Put before the statement when it follows a node on the same line.
    #[serde(default)]
    pub before: String,
    /// Ends the statement when code follows it on the same line.
    #[serde(default)]
    pub separator: String,
    /// Turn an expression body into a block that can hold the statement.
    #[serde(default)]
    pub wrap_open: String,
    #[serde(default)]
    pub wrap_close: String,
    /// Appended after the last line, once, when the header is added by appended code.
    pub append: Option<String>,
    /// Appended for each test after `append`.
    pub append_each: Option<String>,
    pub quote: Quote,
}

/// How text becomes a string literal of the language.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quote {
    pub open: String,
    pub close: String,
    /// `[character, replacement]` pairs, applied in one pass.
    pub escapes: Vec<[String; 2]>,
}

impl Quote {
    pub fn literal(&self, text: &str) -> String {
        let mut out = self.open.clone();
        for c in text.chars() {
            let mut buffer = [0u8; 4];
            let c = c.encode_utf8(&mut buffer);
            match self.escapes.iter().find(|[from, _]| from == c) {
                Some([_, to]) => out.push_str(to),
                None => out.push_str(c),
            }
        }
        out.push_str(&self.close);
        out
    }
}

/// How `--transform` takes out markers that disable tests.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Markers {
    /// A list item that does nothing, written in place of a removed item that cannot go
    /// without joining two lines.
    pub placeholder: Option<String>,
    /// `[from, to]` pairs: a node captured `@rename` whose text is `from` becomes `to` (Jest's
    /// `xtest`, a disabled `test`).
    #[serde(default)]
    pub rename: Vec<[String; 2]>,
}

/// Task ids that an exercise's config switches on: a test inside a node captured
/// `@task_id.ordinal` gets that node's place among them (1, 2, …) as its task id when the
/// first of `config` found beside the test file (or in its parent folder) holds `true` at
/// `flag` (a JSON pointer). exercism/javascript-test-runner numbers an exercise's top-level
/// `describe` blocks so when its `.meta/config.json` sets `flag.tests.task-per-describe`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskIds {
    /// Paths, relative to a folder, of the config that may switch them on, first found wins.
    pub config: Vec<String>,
    pub flag: String,
}

/// How the text of a node that `queries/<lang>/locals.scm` captures becomes a name (see
/// `crate::source::locals`).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Locals {
    /// Characters taken off both ends of every name: a symbol's `:`, a keyword's `: `, an
    /// instance variable's `@`, so that `attr_reader :robot` and `@robot` name one thing.
    pub trim: String,
    /// The separator of qualified names, when the language has names that a definition makes
    /// short (Elixir's `alias Foo.Bar` defines `Bar`): a definition binds its last segment,
    /// and a use is looked up by its first (`Bar.baz`).
    pub qualified: Option<String>,
}

impl Locals {
    /// The part of `range` that names what a definition defines.
    pub fn definition_name(&self, source: &[u8], range: Range<usize>) -> Range<usize> {
        let range = self.trimmed(source, range);
        match &self.qualified {
            Some(separator) => {
                let text = &source[range.clone()];
                let last = memchr::memmem::rfind(text, separator.as_bytes())
                    .map_or(0, |at| at + separator.len());
                range.start + last..range.end
            }
            None => range,
        }
    }

    /// The part of `range` that names what a use refers to.
    pub fn reference_name(&self, source: &[u8], range: Range<usize>) -> Range<usize> {
        let range = self.trimmed(source, range);
        match &self.qualified {
            Some(separator) => {
                let text = &source[range.clone()];
                let first = memchr::memmem::find(text, separator.as_bytes()).unwrap_or(text.len());
                range.start..range.start + first
            }
            None => range,
        }
    }

    fn trimmed(&self, source: &[u8], mut range: Range<usize>) -> Range<usize> {
        let trim = self.trim.as_bytes();
        while range.start < range.end && trim.contains(&source[range.start]) {
            range.start += 1;
        }
        while range.start < range.end && trim.contains(&source[range.end - 1]) {
            range.end -= 1;
        }
        range
    }
}

/// What `--transform-mix` adds to the project keyword list.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mix {
    pub entry: String,
}

/// How literal values are read for `--check-canonical` (see `crate::source::literals`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LiteralFacts {
    /// Node kinds of literal text inside a `@literal.text` node, beyond `[strings]`' content.
    pub content: Vec<String>,
    /// Characters around an atom's or symbol's name (`:name`, `name:`).
    pub symbol_trim: String,
    /// The number a `@literal.date` writes January as: 1, or 0 for JavaScript's `Date`.
    #[serde(default = "january")]
    pub first_month: u32,
}

fn january() -> u32 {
    1
}

/// A loaded language: its grammar, facts and queries, ready for the pipeline. Each is loaded
/// once per process (`LANGUAGES`) and handed out by reference, and each of its queries is
/// compiled on first use, once: a whole track's test files share them (compiling a query for
/// each file was an eighth of `--check-canonical`'s work).
pub struct Language {
    pub grammar: tree_sitter::Language,
    pub facts: Facts,
    tests_query: &'static str,
    literals_query: &'static str,
    locals_query: &'static str,
    mix_query: Option<&'static str>,
    docs_query: Option<&'static str>,
    /// The compiled queries, each on first use.
    tests: OnceLock<Query>,
    literals: OnceLock<Query>,
    locals: OnceLock<Query>,
    mix: OnceLock<Query>,
    docs: OnceLock<Query>,
    /// Queries built from the others' sources (`derived_query`), by the name they are known
    /// by in errors: few, and each kept for the rest of the process.
    derived: Mutex<HashMap<&'static str, &'static Query>>,
}

/// Every registered language, loaded on first use.
fn languages() -> &'static [Language] {
    static LANGUAGES: OnceLock<Vec<Language>> = OnceLock::new();
    LANGUAGES.get_or_init(|| REGISTRY.iter().map(load).collect())
}

impl Language {
    /// The language named `name` (as in `--language`).
    pub fn by_name(name: &str) -> Result<&'static Language, Error> {
        languages()
            .iter()
            .find(|language| language.facts.name == name)
            .ok_or_else(|| {
                Error::usage(format!(
                    "unknown language `{name}` (known: {})",
                    names().join(", ")
                ))
            })
    }

    /// The language whose build files `--transform-mix` rewrites: the one with a mix query
    /// (`queries/<lang>/mix.scm`) and a `[mix]` entry in its facts.
    pub fn with_mix() -> Result<&'static Language, Error> {
        languages()
            .iter()
            .find(|language| language.mix_query.is_some() && language.facts.mix.is_some())
            .ok_or_else(|| {
                Error::usage(
                    "--transform-mix: no registered language has a mix query \
                     (queries/<lang>/mix.scm) and a [mix] entry in grammars/<lang>.toml",
                )
            })
    }

    /// The language of `path`, from `--language` when given, else from the file extension.
    pub fn for_path(path: &Path, forced: Option<&str>) -> Result<&'static Language, Error> {
        if let Some(name) = forced {
            return Language::by_name(name);
        }
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        languages()
            .iter()
            .find(|language| language.facts.extensions.iter().any(|e| e == extension))
            .ok_or_else(|| {
                Error::in_file(
                    path,
                    format!(
                        "cannot tell the language from the extension `.{extension}`; \
                         pass --language ({})",
                        names().join(", ")
                    ),
                )
            })
    }

    /// Whether the exercise of `test_file` switches `@task_id.ordinal` task ids on: the first
    /// of `[task_ids] config` found in the test file's folder, else in its parent, has `true`
    /// at `[task_ids] flag`. A config that cannot be read or is not JSON switches nothing on.
    pub fn ordinal_task_ids(&self, test_file: &Path) -> bool {
        let switch = &self.facts.task_ids;
        if switch.config.is_empty() {
            return false;
        }
        let folder = test_file.parent().unwrap_or(Path::new(""));
        let config = [Some(folder), folder.parent()]
            .into_iter()
            .flatten()
            .flat_map(|dir| switch.config.iter().map(move |file| dir.join(file)))
            .find(|path| path.is_file());
        config
            .and_then(|path| crate::files::read(&path, crate::files::EXERCISE_META).ok())
            .and_then(|content| serde_json::from_slice::<serde_json::Value>(&content).ok())
            .is_some_and(|config| {
                config.pointer(&switch.flag) == Some(&serde_json::Value::Bool(true))
            })
    }

    /// The placeholders of a name formatted per row of a table (`[naming] row_placeholders`).
    pub fn row_placeholders(&self) -> Option<regex::Regex> {
        let pattern = self.facts.naming.row_placeholders.as_deref()?;
        // Part of the binary; an invalid one is caught by the registry tests.
        Some(
            regex::Regex::new(pattern).unwrap_or_else(|e| {
                panic!("grammars/{}.toml: row_placeholders: {e}", self.facts.name)
            }),
        )
    }

    /// The compiled tests query (`queries/<lang>/tests.scm`).
    pub fn tests_query(&self) -> &Query {
        compiled(&self.tests, &self.grammar, self.tests_query, "tests.scm")
    }

    /// The compiled locals query (`queries/<lang>/locals.scm`).
    pub fn locals_query(&self) -> &Query {
        compiled(&self.locals, &self.grammar, self.locals_query, "locals.scm")
    }

    /// The compiled literals query (`queries/<lang>/literals.scm`).
    pub fn literals_query(&self) -> &Query {
        compiled(
            &self.literals,
            &self.grammar,
            self.literals_query,
            "literals.scm",
        )
    }

    /// The compiled mix.exs query, for languages that have one.
    pub fn mix_query(&self) -> Option<&Query> {
        self.mix_query
            .map(|source| compiled(&self.mix, &self.grammar, source, "mix.scm"))
    }

    /// The compiled docs query (`queries/<lang>/docs.scm`), for languages that have one.
    pub fn docs_query(&self) -> Option<&Query> {
        self.docs_query
            .map(|source| compiled(&self.docs, &self.grammar, source, "docs.scm"))
    }

    /// A query whose source `build` makes from this language's query sources (`tests_source`,
    /// `locals_source`), named `file` in errors, compiled on first use.
    pub fn derived_query(
        &self,
        file: &'static str,
        build: impl FnOnce(&Language) -> String,
    ) -> &Query {
        let mut derived = self
            .derived
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        derived
            .entry(file)
            .or_insert_with(|| Box::leak(Box::new(compile(&self.grammar, &build(self), file))))
    }

    /// The text of `queries/<lang>/tests.scm`.
    pub fn tests_source(&self) -> &'static str {
        self.tests_query
    }

    /// The text of `queries/<lang>/locals.scm`.
    pub fn locals_source(&self) -> &'static str {
        self.locals_query
    }

    /// The source texts of the queries, by file name (for tests that compare matchers).
    pub fn query_sources(&self) -> Vec<(&'static str, &'static str)> {
        let mut sources = vec![
            ("tests.scm", self.tests_query),
            ("literals.scm", self.literals_query),
            ("locals.scm", self.locals_query),
        ];
        sources.extend(self.mix_query.map(|source| ("mix.scm", source)));
        sources.extend(self.docs_query.map(|source| ("docs.scm", source)));
        sources
    }
}

/// Names of every registered language.
pub fn names() -> Vec<&'static str> {
    REGISTRY.iter().map(|entry| entry.name).collect()
}

fn load(entry: &Registration) -> Language {
    // The facts are part of the binary; a malformed file is caught by the registry tests.
    let facts: Facts = toml::from_str(entry.facts)
        .unwrap_or_else(|e| panic!("grammars/{}.toml is invalid: {e}", entry.name));
    Language {
        grammar: (entry.grammar)(),
        facts,
        tests_query: entry.tests_query,
        literals_query: entry.literals_query,
        locals_query: entry.locals_query,
        mix_query: entry.mix_query,
        docs_query: entry.docs_query,
        tests: OnceLock::new(),
        literals: OnceLock::new(),
        locals: OnceLock::new(),
        mix: OnceLock::new(),
        docs: OnceLock::new(),
        derived: Mutex::default(),
    }
}

/// The query in `slot`, compiled from `source` on first use.
fn compiled<'a>(
    slot: &'a OnceLock<Query>,
    grammar: &tree_sitter::Language,
    source: &str,
    file: &str,
) -> &'a Query {
    slot.get_or_init(|| compile(grammar, source, file))
}

fn compile(grammar: &tree_sitter::Language, source: &str, file: &str) -> Query {
    // Queries are part of the binary; an invalid one is caught by the registry tests.
    Query::new(grammar, source).unwrap_or_else(|e| panic!("queries/{file}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_is_loaded_and_each_query_compiled_once_per_process() {
        let first = Language::by_name("elixir").unwrap();
        let again = Language::for_path(Path::new("test/a_test.exs"), None).unwrap();
        assert!(std::ptr::eq(first, again));
        assert!(std::ptr::eq(first.tests_query(), again.tests_query()));
        assert!(std::ptr::eq(first.literals_query(), again.literals_query()));
        let ruby = Language::by_name("ruby").unwrap();
        assert!(!std::ptr::eq(first.tests_query(), ruby.tests_query()));
    }

    #[test]
    fn every_registered_language_loads_and_its_queries_compile() {
        for name in names() {
            let language = Language::by_name(name).unwrap();
            assert_eq!(language.facts.name, name);
            language.tests_query();
            language.literals_query();
            language.locals_query();
            language.mix_query();
            language.row_placeholders();
        }
    }

    #[test]
    fn every_quote_rule_escapes_quotes_and_backslashes() {
        for name in names() {
            let quote = &Language::by_name(name).unwrap().facts.header.quote;
            let literal = quote.literal("a \"b\" \\ c");
            let inner = &literal[quote.open.len()..literal.len() - quote.close.len()];
            // Every quote inside is escaped: an odd run of backslashes before it.
            let bytes = inner.as_bytes();
            for (i, _) in inner.match_indices('"') {
                let run = bytes[..i].iter().rev().take_while(|&&b| b == b'\\').count();
                assert!(run % 2 == 1, "{name}: {literal}");
            }
            assert!(
                !inner.ends_with('\\') || inner.ends_with("\\\\"),
                "{name}: {literal}"
            );
        }
    }

    #[test]
    fn the_mix_language_is_the_one_with_a_mix_query() {
        let language = Language::with_mix().unwrap();
        assert!(language.mix_query().is_some());
        assert_eq!(language.facts.name, "elixir");
    }

    #[test]
    fn extension_selects_the_language_and_unknown_extensions_are_refused() {
        let language = Language::for_path(Path::new("test/a_test.exs"), None).unwrap();
        assert_eq!(language.facts.name, "elixir");
        let error = Language::for_path(Path::new("notes.txt"), None)
            .err()
            .unwrap();
        assert!(error.to_string().contains("notes.txt"), "{error}");
    }
}
