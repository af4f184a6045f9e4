//! `--transform-mix`: adds the language's `[mix]` entry (`prune_code_paths: false`) to the
//! keyword list returned by `def project` in a `mix.exs`, leaving the rest as written.

use tree_sitter::Parser;

use crate::source::language::Language;
use crate::source::transform::{Edit, apply};

/// The transformed mix.exs, or `None` when no `def project` was found.
pub fn transform(language: &Language, source: &[u8]) -> Option<Vec<u8>> {
    let (query, mix) = (language.mix_query()?, language.facts.mix.as_ref()?);
    let mut parser = Parser::new();
    parser.set_language(&language.grammar).ok()?;
    let tree = parser.parse(source, None)?;
    let list_index = query.capture_index_for_name("project.list")?;
    let value_index = query.capture_index_for_name("project.value")?;

    // Every statement of the body, as (node, is a list literal); comments are not statements.
    let mut statements: Vec<(tree_sitter::Node, bool)> = Vec::new();
    for found in query.matches(tree.root_node(), source) {
        for capture in &found.captures {
            let is_list = capture.index == list_index;
            if (is_list || capture.index == value_index) && !capture.node.is_extra() {
                match statements
                    .iter_mut()
                    .find(|(n, _)| n.id() == capture.node.id())
                {
                    Some(known) => known.1 |= is_list,
                    None => statements.push((capture.node, is_list)),
                }
            }
        }
    }
    let last = statements
        .into_iter()
        .max_by_key(|(node, _)| node.start_byte());

    let edits = match last {
        Some((list, true)) => {
            // Keyword.get takes the first value of a key, so the entry goes first; a list that
            // already starts with it is left alone, which makes the transform idempotent.
            let open = list.start_byte() + 1;
            let rest = &source[open..list.end_byte()];
            let first = rest
                .iter()
                .position(|b| !b.is_ascii_whitespace())
                .unwrap_or(rest.len());
            if rest[first..].starts_with(mix.entry.as_bytes()) {
                return Some(source.to_vec());
            }
            let entry = match source.get(open) {
                _ if list.named_child_count() == 0 => mix.entry.clone(),
                Some(b'\n' | b'\r') => format!("{},", mix.entry),
                _ => format!("{}, ", mix.entry),
            };
            vec![Edit {
                range: open..open,
                text: entry,
            }]
        }
        Some((value, false)) => vec![
            Edit {
                range: value.start_byte()..value.start_byte(),
                text: format!("[{} | ", mix.entry),
            },
            Edit {
                range: value.end_byte()..value.end_byte(),
                text: "]".to_string(),
            },
        ],
        None => return None,
    };
    Some(apply(source, edits))
}
