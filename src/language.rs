//! The language registry: every supported language is a grammar, a folder of queries
//! (`queries/<lang>/`) and a file of declarative facts (`grammars/<lang>.toml`), embedded in
//! the binary at compile time. Nothing else in the pipeline knows which language it handles.

use std::path::Path;

use serde::Deserialize;

use crate::error::Error;

/// One entry of the registry. Adding a language means adding one of these.
struct Entry {
    name: &'static str,
    grammar: fn() -> tree_sitter::Language,
    facts: &'static str,
    tests_query: &'static str,
    mix_query: Option<&'static str>,
}

const REGISTRY: &[Entry] = &[Entry {
    name: "elixir",
    grammar: || tree_sitter_elixir::LANGUAGE.into(),
    facts: include_str!("../grammars/elixir.toml"),
    tests_query: include_str!("../queries/elixir/tests.scm"),
    mix_query: Some(include_str!("../queries/elixir/mix.scm")),
}];

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
}

/// How a test's runtime name is built from its groups and its own name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Naming {
    pub prefix: String,
    pub separator: String,
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
}

/// The statement that announces a test on stdout, and how it is spliced into a body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    pub statement: String,
    pub separator: String,
    pub wrap_open: String,
    pub wrap_close: String,
}

/// How `--transform` takes out markers that disable tests.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Markers {
    /// A list item that does nothing, written in place of a removed item that cannot go
    /// without joining two lines.
    pub placeholder: Option<String>,
}

/// What `--transform-mix` adds to the project keyword list.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mix {
    pub entry: String,
}

/// A loaded language: its grammar, facts and queries, ready for the pipeline.
pub struct Language {
    pub grammar: tree_sitter::Language,
    pub facts: Facts,
    tests_query: &'static str,
    mix_query: Option<&'static str>,
}

impl Language {
    /// The language named `name` (as in `--language`).
    pub fn by_name(name: &str) -> Result<Language, Error> {
        REGISTRY
            .iter()
            .find(|entry| entry.name == name)
            .map(load)
            .ok_or_else(|| {
                Error::usage(format!(
                    "unknown language `{name}` (known: {})",
                    names().join(", ")
                ))
            })
    }

    /// The language of `path`, from `--language` when given, else from the file extension.
    pub fn for_path(path: &Path, forced: Option<&str>) -> Result<Language, Error> {
        if let Some(name) = forced {
            return Language::by_name(name);
        }
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        REGISTRY
            .iter()
            .map(load)
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

    /// The compiled tests query (`queries/<lang>/tests.scm`).
    pub fn tests_query(&self) -> tree_sitter::Query {
        compile(&self.grammar, self.tests_query, "tests.scm")
    }

    /// The compiled mix.exs query, for languages that have one.
    pub fn mix_query(&self) -> Option<tree_sitter::Query> {
        self.mix_query
            .map(|source| compile(&self.grammar, source, "mix.scm"))
    }
}

/// Names of every registered language.
pub fn names() -> Vec<&'static str> {
    REGISTRY.iter().map(|entry| entry.name).collect()
}

fn load(entry: &Entry) -> Language {
    // The facts are part of the binary; a malformed file is caught by the registry tests.
    let facts: Facts = toml::from_str(entry.facts)
        .unwrap_or_else(|e| panic!("grammars/{}.toml is invalid: {e}", entry.name));
    Language {
        grammar: (entry.grammar)(),
        facts,
        tests_query: entry.tests_query,
        mix_query: entry.mix_query,
    }
}

fn compile(grammar: &tree_sitter::Language, source: &str, file: &str) -> tree_sitter::Query {
    // Queries are part of the binary; an invalid one is caught by the registry tests.
    tree_sitter::Query::new(grammar, source)
        .unwrap_or_else(|e| panic!("queries/{file} does not compile: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_language_loads_and_its_queries_compile() {
        for name in names() {
            let language = Language::by_name(name).unwrap();
            assert_eq!(language.facts.name, name);
            language.tests_query();
            language.mix_query();
        }
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
