//! Tests made from the examples in a module's documentation (ExUnit's `doctest Form`): the
//! module's source found among the project's own files, its documentation read with
//! `queries/<lang>/docs.scm`, and each example cut out, named and numbered as the framework
//! does, by the `[doctests]` facts of the language.
//!
//! The docs query's captures: `@module` with `@module.name` (a module, and its name; a module
//! inside another is named after both), `@doc.attribute` with `@doc.value` (a documentation
//! attribute and its value: a string or a sigil is documentation, anything else means none),
//! and `@definition` with `@definition.keyword`, `@definition.name` and, when it has any,
//! `@definition.arguments` (something documentation is attached to; its arity is the number of
//! its arguments).

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};

use tree_sitter::{Node, Parser};

use crate::files;
use crate::source::language::{Doctests, Language};
use crate::source::naming::unescape;

/// A call that makes tests of a module's examples, as the test file writes it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Call {
    /// The module, as written (`Form`).
    pub module: String,
    /// What `only:` keeps, when given: `name/arity`, or the module's own documentation.
    pub only: Option<Vec<String>>,
    /// What `except:` leaves out.
    pub except: Vec<String>,
    /// A task id the call gives all its tests (`tags: [task_id: 2]`); `Some(None)`: a value
    /// that is no integer.
    pub task_id: Option<Option<i64>>,
}

/// What a list of names or `name: arity` pairs selects (a doctest's `only:`): each name, or
/// `name/arity`, without the characters of `trim` around a name.
pub fn selectors(list: Node, source: &[u8], trim: &str) -> Vec<String> {
    let trim: Vec<char> = trim.chars().collect();
    let trim = trim.as_slice();
    let text = |node: Node| String::from_utf8_lossy(&source[node.byte_range()]).into_owned();
    let mut out = Vec::new();
    // Lists inside the list (`[:moduledoc, blanks: 1]` holds a list of pairs) are walked in
    // place, without recursion however deep they nest.
    let mut pending = vec![list];
    while let Some(list) = pending.pop() {
        let mut cursor = list.walk();
        let items: Vec<Node> = list.named_children(&mut cursor).collect();
        for item in items.into_iter().rev() {
            let mut inner = item.walk();
            let parts: Vec<Node> = item
                .named_children(&mut inner)
                .filter(|n| !n.is_extra())
                .collect();
            match parts.as_slice() {
                [] => out.push((item.start_byte(), text(item).trim_matches(trim).to_string())),
                [name, arity] if parts.iter().all(|p| p.named_child_count() == 0) => out.push((
                    item.start_byte(),
                    format!("{}/{}", text(*name).trim_matches(trim), text(*arity)),
                )),
                _ => pending.push(item),
            }
        }
    }
    out.sort_by_key(|(at, _)| *at);
    out.into_iter().map(|(_, selector)| selector).collect()
}

/// One test of a call: its own name (`Form.blanks/1 (2)`) and its example as written.
#[derive(Debug, PartialEq)]
pub struct Example {
    pub name: String,
    pub code: String,
}

/// The modules' documentation a test file's doctest calls read: each module's is read once,
/// however many calls name it.
#[derive(Default)]
pub struct Library {
    read: HashMap<String, Result<Docs, String>>,
}

impl Library {
    /// The tests `call` makes, in the order the framework defines them, from the module's
    /// source in the project of `test_file`; or why the source cannot be found.
    pub fn examples(
        &mut self,
        language: &Language,
        call: &Call,
        test_file: &Path,
    ) -> Result<Vec<Example>, String> {
        let Some(facts) = &language.facts.doctests else {
            return Err("this language has no doctests".to_string());
        };
        let docs = self
            .read
            .entry(call.module.clone())
            .or_insert_with(|| find(language, facts, &call.module, test_file));
        docs.as_ref()
            .map(|docs| number(facts, call, docs))
            .map_err(Clone::clone)
    }
}

/// The documentation of `module`, from its source in the project of `test_file`.
fn find(
    language: &Language,
    facts: &Doctests,
    module: &str,
    test_file: &Path,
) -> Result<Docs, String> {
    let project = project(facts, test_file).ok_or_else(|| {
        format!(
            "no {} above the test file, nor a {} folder beside it, to find {} in",
            facts.project.join(" or "),
            facts.sources.join(" or "),
            module
        )
    })?;
    let mut candidates = Vec::new();
    for folder in &facts.sources {
        source_files(&project.join(folder), &facts.extensions, &mut candidates);
    }
    candidates.sort();
    // The last segment of the name is in the file that defines it: only those are parsed.
    let short = module
        .rsplit(facts.module_separator.as_str())
        .next()
        .unwrap_or(module);
    for path in &candidates {
        let Ok(source) = files::read(path, files::SOURCE) else {
            continue;
        };
        if memchr::memmem::find(&source, short.as_bytes()).is_none() {
            continue;
        }
        if let Some(docs) = module_docs(language, facts, &source, module) {
            return Ok(docs);
        }
    }
    let searched: Vec<String> = facts
        .sources
        .iter()
        .map(|folder| project.join(folder).display().to_string())
        .collect();
    Err(format!("no module {} in {}", module, searched.join(", ")))
}

/// The nearest folder at or above the test file's that holds one of `[doctests] project`
/// (`mix.exs`); for a test file outside such a project, its own folder or the one above
/// when that holds one of the source folders (`lib/`).
fn project(facts: &Doctests, test_file: &Path) -> Option<PathBuf> {
    let folder = test_file.parent().unwrap_or(Path::new(""));
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let absolute = std::path::absolute(folder).ok()?;
    let holds = |dir: &&Path| facts.project.iter().any(|file| dir.join(file).is_file());
    let has_sources = |dir: &&Path| facts.sources.iter().any(|folder| dir.join(folder).is_dir());
    absolute
        .ancestors()
        .find(holds)
        // Never the file system's root, whose `lib/` is the system's.
        .or_else(|| {
            absolute
                .ancestors()
                .take(2)
                .filter(|dir| dir.parent().is_some())
                .find(has_sources)
        })
        .map(Path::to_path_buf)
}

/// The files under `folder` with one of `extensions`, however deep.
fn source_files(folder: &Path, extensions: &[String], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            source_files(&path, extensions, out);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.iter().any(|x| x == e))
        {
            out.push(path);
        }
    }
}

/// The documentation of one module: its own, then each documented definition's, in the
/// framework's order (kind, name, arity).
struct Docs {
    module: Option<String>,
    definitions: Vec<Documented>,
}

struct Documented {
    kind: String,
    name: String,
    arity: usize,
    text: String,
}

/// What the docs query found in a file, before it is sorted into modules.
enum DocsCapture {
    Attribute {
        name: String,
        text: Option<String>,
    },
    Definition {
        keyword: String,
        name: String,
        arity: usize,
    },
}

/// The documentation of the module named `wanted` in `source`, if `source` defines it.
fn module_docs(language: &Language, facts: &Doctests, source: &[u8], wanted: &str) -> Option<Docs> {
    let query = language.docs_query()?;
    let mut parser = Parser::new();
    parser.set_language(&language.grammar).ok()?;
    let tree = parser.parse(source, None)?;
    let text = |node: Node| String::from_utf8_lossy(&source[node.byte_range()]).into_owned();
    let names = query.capture_names();
    let mut modules: Vec<(Range<usize>, String)> = Vec::new();
    let mut items: Vec<(usize, DocsCapture)> = Vec::new();
    for found in query.matches(tree.root_node(), source) {
        let node = |capture: &str| {
            found
                .captures
                .iter()
                .find(|c| names[c.index as usize] == capture)
                .map(|c| c.node)
        };
        if let (Some(module), Some(name)) = (node("module"), node("module.name")) {
            modules.push((module.byte_range(), text(name)));
        }
        if let (Some(attribute), Some(value)) = (node("doc.attribute"), node("doc.value")) {
            items.push((
                attribute.start_byte(),
                DocsCapture::Attribute {
                    name: text(attribute),
                    text: documentation(language, value, source),
                },
            ));
        }
        if let (Some(definition), Some(keyword), Some(name)) = (
            node("definition"),
            node("definition.keyword"),
            node("definition.name"),
        ) {
            let arity = node("definition.arguments").map_or(0, |arguments| {
                let mut cursor = arguments.walk();
                arguments
                    .named_children(&mut cursor)
                    .filter(|n| !n.is_extra())
                    .count()
            });
            items.push((
                definition.start_byte(),
                DocsCapture::Definition {
                    keyword: text(keyword),
                    name: text(name),
                    arity,
                },
            ));
        }
    }
    // Each module's full name: a module inside another is named after both.
    // Modules nest, so a stack of the open ones holds those around each point of a sweep.
    modules.sort_by_key(|(range, _)| (range.start, std::cmp::Reverse(range.end)));
    let close = |open: &mut Vec<usize>, at: usize| {
        while open.last().is_some_and(|&m| modules[m].0.end <= at) {
            open.pop();
        }
    };
    let mut full: Vec<String> = Vec::with_capacity(modules.len());
    let mut open: Vec<usize> = Vec::new();
    for (i, (range, name)) in modules.iter().enumerate() {
        close(&mut open, range.start);
        full.push(match open.last() {
            Some(&parent) => format!("{}{}{name}", full[parent], facts.module_separator),
            None => name.clone(),
        });
        open.push(i);
    }
    let index = full.iter().position(|name| name == wanted)?;
    items.sort_by_key(|(at, _)| *at);
    // What is the wanted module's own: what it is the innermost module around.
    let mut open: Vec<usize> = Vec::new();
    let mut next = 0;
    let mut docs = Docs {
        module: None,
        definitions: Vec::new(),
    };
    let mut pending: HashMap<String, Option<String>> = HashMap::new();
    let mut seen: HashSet<(String, usize)> = HashSet::new();
    for (at, item) in items {
        while next < modules.len() && modules[next].0.start < at {
            close(&mut open, modules[next].0.start);
            open.push(next);
            next += 1;
        }
        close(&mut open, at);
        if open.last() != Some(&index) {
            continue;
        }
        match item {
            DocsCapture::Attribute { name, text } if name == facts.module_attribute => {
                docs.module = text
            }
            DocsCapture::Attribute { name, text } => {
                pending.insert(name, text);
            }
            DocsCapture::Definition {
                keyword,
                name,
                arity,
            } => {
                let Some([attribute, kind]) = facts.definitions.get(&keyword) else {
                    continue;
                };
                let text = pending.remove(attribute).flatten();
                // Documentation belongs to the first clause of a name and arity.
                if !seen.insert((name.clone(), arity)) || kind.is_empty() {
                    continue;
                }
                if let Some(text) = text {
                    docs.definitions.push(Documented {
                        kind: kind.clone(),
                        name,
                        arity,
                        text,
                    });
                }
            }
        }
    }
    docs.definitions.sort_by(|a, b| {
        (a.kind.as_bytes(), a.name.as_bytes(), a.arity).cmp(&(
            b.kind.as_bytes(),
            b.name.as_bytes(),
            b.arity,
        ))
    });
    Some(docs)
}

/// The text of a documentation value: a string's value (escapes decoded), a sigil's content
/// as written; `None` for anything else (`false`: no documentation).
fn documentation(language: &Language, value: Node, source: &[u8]) -> Option<String> {
    let strings = &language.facts.strings;
    let is = |kinds: &[String], node: Node| kinds.iter().any(|k| k == node.kind());
    let decode = is(&strings.kinds, value);
    let mut text = String::new();
    let mut cursor = value.walk();
    let mut any = false;
    for child in value.named_children(&mut cursor) {
        let raw = String::from_utf8_lossy(&source[child.byte_range()]);
        if is(&strings.content, child) {
            text.push_str(&raw);
            any = true;
        } else if is(&strings.escape, child) {
            text.push_str(&if decode {
                unescape(&raw)
            } else {
                raw.into_owned()
            });
            any = true;
        } else if is(&strings.interpolation, child) {
            text.push_str(&raw);
            any = true;
        }
    }
    let is_text = decode || value.named_child_count() > 0;
    (is_text || any).then_some(text)
}

/// The examples the call keeps, numbered from 1 in the framework's order.
fn number(facts: &Doctests, call: &Call, docs: &Docs) -> Vec<Example> {
    let module_examples = docs
        .module
        .as_deref()
        .map(|text| split(facts, text))
        .unwrap_or_default()
        .into_iter()
        .map(|code| (facts.module_selector.clone(), None, code));
    let definition_examples = docs.definitions.iter().flat_map(|documented| {
        split(facts, &documented.text).into_iter().map(move |code| {
            (
                format!("{}/{}", documented.name, documented.arity),
                Some(documented),
                code,
            )
        })
    });
    let kept = |selector: &String| {
        !call.except.contains(selector)
            && call
                .only
                .as_ref()
                .is_none_or(|only| only.contains(selector))
    };
    let mut examples: Vec<_> = module_examples
        .chain(definition_examples)
        .filter(|(selector, _, _)| kept(selector))
        .collect();
    if facts.only_reverses && call.only.as_ref().is_some_and(|only| !only.is_empty()) {
        examples.reverse();
    }
    examples
        .into_iter()
        .enumerate()
        .map(|(i, (_, documented, code))| {
            let n = (i + 1).to_string();
            let name = match documented {
                None => facts.module_name.replace("{module}", &call.module),
                Some(documented) => facts
                    .definition_name
                    .replace("{module}", &call.module)
                    .replace("{name}", &documented.name)
                    .replace("{arity}", &documented.arity.to_string()),
            };
            Example {
                name: name.replace("{n}", &n),
                code,
            }
        })
        .collect()
}

/// The examples of one piece of documentation, each as the lines of its prompts and expected
/// results, without the indentation of its first prompt. An example is the prompts and
/// results up to an empty line or a code fence: prompts on adjacent lines after a result are
/// the same example (ExUnit's `ExUnit.DocTest`).
pub fn split(facts: &Doctests, doc: &str) -> Vec<String> {
    let prompt = facts.prompt.as_str();
    let continuation = facts.continuation.as_str();
    let numbered = |p: &str| format!("{}(", &p[..p.len().saturating_sub(1)]);
    let (prompt_n, continuation_n) = (numbered(prompt), numbered(continuation));
    let starts_prompt = |s: &str| s.starts_with(prompt) || s.starts_with(&prompt_n);
    let starts_any =
        |s: &str| starts_prompt(s) || s.starts_with(continuation) || s.starts_with(&continuation_n);
    let strip = |line: &str, indent: usize| -> String {
        if line.len() > indent {
            String::from_utf8_lossy(&line.as_bytes()[indent..]).into_owned()
        } else {
            String::new()
        }
    };

    // The lines of the examples, each without the indentation of its example's first prompt;
    // other text goes, and an empty line stays as the end of an example.
    #[derive(PartialEq)]
    enum State {
        Text,
        Prompt,
        AfterPrompt,
        Code,
    }
    let lines: Vec<&str> = doc
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let mut adjusted: Vec<String> = Vec::new();
    let (mut state, mut indent, mut i) = (State::Text, 0, 0);
    while i < lines.len() {
        let line = lines[i];
        match state {
            State::Text => {
                let trimmed = line.trim_start();
                if starts_prompt(trimmed) {
                    indent = line.len() - trimmed.len();
                    state = State::Prompt;
                    continue;
                }
            }
            State::Prompt | State::AfterPrompt => {
                let stripped = strip(line, indent);
                state = if state == State::Prompt || starts_any(&stripped) {
                    State::AfterPrompt
                } else {
                    State::Code
                };
                adjusted.push(stripped);
            }
            State::Code => {
                let stripped = strip(line, indent);
                if stripped.is_empty() {
                    adjusted.push(stripped);
                    state = State::Text;
                    indent = 0;
                } else if starts_prompt(line.trim_start()) {
                    state = State::Prompt;
                    continue;
                } else {
                    adjusted.push(stripped);
                }
            }
        }
        i += 1;
    }

    // Each example: the lines shown; a line is matched with its prompt's number dropped.
    let mut tests: Vec<Vec<String>> = Vec::new();
    let (mut expr, mut expected, mut new_test) = (String::new(), String::new(), true);
    let mut i = 0;
    let mut matched: Option<String> = None;
    while i < adjusted.len() {
        let shown = &adjusted[i];
        let line = matched.take().unwrap_or_else(|| shown.clone());
        let open = !tests.is_empty();
        if line.starts_with(prompt) && !expr.is_empty() && !expected.is_empty() && open {
            // The next prompt right after a result: the same example goes on.
            expr.clear();
            expected.clear();
            matched = Some(line);
            continue;
        }
        if let Some(rest) = line.strip_prefix(prompt) {
            if expr.is_empty() {
                if new_test {
                    tests.push(Vec::new());
                    new_test = false;
                }
                expr = rest.to_string();
            } else {
                expr.push('\n');
                expr.push_str(rest);
            }
            if let Some(test) = tests.last_mut() {
                test.push(shown.clone());
            }
        } else if let Some(rest) = line.strip_prefix(continuation).filter(|_| !expr.is_empty()) {
            expr.push('\n');
            expr.push_str(rest);
            if let Some(test) = tests.last_mut() {
                test.push(shown.clone());
            }
        } else if let Some(unnumbered) = [(&prompt_n, prompt), (&continuation_n, continuation)]
            .iter()
            .find_map(|(numbered, plain)| drop_number(&line, numbered, plain))
        {
            matched = Some(unnumbered);
            continue;
        } else if expr.is_empty() && expected.is_empty() {
            new_test = true;
        } else if (facts.fences.iter().any(|f| line.starts_with(f.as_str())) && !expr.is_empty())
            || line.is_empty()
        {
            expr.clear();
            expected.clear();
            new_test = true;
        } else {
            if !expected.is_empty() {
                expected.push('\n');
            }
            expected.push_str(&line);
            if let Some(test) = tests.last_mut() {
                test.push(shown.clone());
            }
        }
        i += 1;
    }
    tests
        .into_iter()
        .map(|lines| lines.join("\n").trim_end().to_string())
        .collect()
}

/// `iex(3)> x` as `iex> x`: the prompt `numbered` (`iex(`) and at least one character, up to
/// the first `)` followed by the prompt's last character. `None` for any other line, or one
/// whose number is not closed.
fn drop_number(line: &str, numbered: &str, plain: &str) -> Option<String> {
    let rest = line.strip_prefix(numbered)?;
    let end = plain.chars().last()?;
    let close = format!("){end}");
    let after = rest.get(1..)?;
    let at = after.find(&close)?;
    Some(format!("{plain}{}", &after[at + close.len()..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elixir() -> &'static Language {
        Language::by_name("elixir").unwrap()
    }

    fn split_elixir(doc: &str) -> Vec<String> {
        let language = elixir();
        split(language.facts.doctests.as_ref().unwrap(), doc)
    }

    #[test]
    fn prompts_on_adjacent_lines_are_one_example_and_an_empty_line_ends_it() {
        let doc = "Blanks.\n\n    iex> f(1)\n    \"_\"\n    iex> f(0)\n    \"\"\n\n    iex> f(3)\n    ...> |> g()\n    3\n";
        assert_eq!(
            split_elixir(doc),
            [
                "iex> f(1)\n\"_\"\niex> f(0)\n\"\"",
                "iex> f(3)\n...> |> g()\n3"
            ]
        );
    }

    #[test]
    fn text_around_examples_is_no_example_and_a_prompt_in_text_starts_none() {
        let doc =
            "Say iex> here.\n\n  iex> a = 1\n  iex> a + 1\n  2\n  more\n\n```\niex> x\n```\nafter";
        assert_eq!(
            split_elixir(doc),
            ["iex> a = 1\niex> a + 1\n2\nmore", "iex> x"]
        );
    }

    #[test]
    fn a_numbered_prompt_is_a_prompt_and_shows_as_written() {
        let doc = "    iex(1)> [1 + 2,\n    ...(1)>  3]\n    [3, 3]\n";
        assert_eq!(split_elixir(doc), ["iex(1)> [1 + 2,\n...(1)>  3]\n[3, 3]"]);
    }

    #[test]
    fn an_example_without_a_result_ends_at_the_end_of_the_documentation() {
        assert_eq!(split_elixir("iex> run()"), ["iex> run()"]);
    }

    fn docs_of(source: &str, module: &str, call: Call) -> Vec<(String, String)> {
        let language = elixir();
        let facts = language.facts.doctests.as_ref().unwrap();
        let docs = module_docs(language, facts, source.as_bytes(), module).unwrap();
        number(facts, &call, &docs)
            .into_iter()
            .map(|e| (e.name, e.code))
            .collect()
    }

    const FORM: &str = r#"defmodule Form do
  @moduledoc """
      iex> 1 + 1
      2
  """

  @doc "iex> Form.b(1)\n1"
  def b(x), do: x

  @doc false
  def hidden, do: 1

  @doc """
      iex> Form.a(1)
      1
  """
  def a(x, y \\ 2) when x > 0, do: x + y
  def a(x, y), do: x

  @doc ~S"""
      iex> Form.m(1)
      1
  """
  defmacro m(x), do: x

  @doc """
      iex> Form.p()
  """
  defp p, do: 1

  @typedoc """
      iex> 2 * 2
      4
  """
  @type t :: integer

  @doc """
      iex> Form._u()
      1
  """
  def _u, do: 1

  defmodule Inner do
    @doc """
        iex> Form.Inner.i()
        1
    """
    def i, do: 1
  end

  @doc """
      iex> Form.b(1) <~> Form.b(2)
      3
  """
  def x <~> y, do: x + y
end
"#;

    #[test]
    fn examples_come_module_first_then_by_kind_name_and_arity() {
        let call = Call {
            module: "Form".into(),
            ..Call::default()
        };
        let names: Vec<String> = docs_of(FORM, "Form", call)
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        assert_eq!(
            names,
            [
                "module Form (1)",
                "Form.<~>/2 (2)",
                "Form._u/0 (3)",
                "Form.a/2 (4)",
                "Form.b/1 (5)",
                "Form.m/1 (6)",
                "Form.t/0 (7)",
            ]
        );
    }

    #[test]
    fn only_and_except_keep_what_they_name_and_numbering_counts_what_they_keep() {
        let call = Call {
            module: "Form".into(),
            only: Some(vec!["a/2".into(), "moduledoc".into(), "t/0".into()]),
            except: vec!["moduledoc".into()],
            task_id: None,
        };
        let names: Vec<String> = docs_of(FORM, "Form", call)
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        // ExUnit keeps what `only:` names last first.
        assert_eq!(names, ["Form.t/0 (1)", "Form.a/2 (2)"]);
    }

    #[test]
    fn a_module_inside_another_is_named_after_both_and_keeps_its_own_docs() {
        let call = Call {
            module: "Form.Inner".into(),
            ..Call::default()
        };
        assert_eq!(
            docs_of(FORM, "Form.Inner", call),
            [(
                "Form.Inner.i/0 (1)".to_string(),
                "iex> Form.Inner.i()\n1".to_string()
            )]
        );
    }

    #[test]
    fn a_string_documentation_has_its_escapes_decoded() {
        let call = Call {
            module: "Form".into(),
            only: Some(vec!["b/1".into()]),
            ..Call::default()
        };
        assert_eq!(docs_of(FORM, "Form", call)[0].1, "iex> Form.b(1)\n1");
    }
}
