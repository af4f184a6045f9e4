//! `--transform-mix`: adds the language's `[mix]` entry (`prune_code_paths: false`) to the
//! keyword list returned by `def project` in a `mix.exs`, leaving the rest as written.

use tree_sitter::{Parser, QueryCursor, StreamingIterator};

use crate::language::Language;
use crate::transform::{Edit, apply};

/// The transformed mix.exs, or `None` when no `def project` was found.
pub fn transform(language: &Language, source: &[u8]) -> Option<Vec<u8>> {
    let (query, mix) = (language.mix_query()?, language.facts.mix.as_ref()?);
    let mut parser = Parser::new();
    parser.set_language(&language.grammar).ok()?;
    let tree = parser.parse(source, None)?;
    let list_index = query.capture_index_for_name("project.list")?;
    let value_index = query.capture_index_for_name("project.value")?;

    // A list literal is preferred over the catch-all expression pattern for the same value.
    let (mut list, mut value) = (None, None);
    let mut cursor = QueryCursor::new();
    let mut matches = cursor.matches(&query, tree.root_node(), source);
    while let Some(found) = matches.next() {
        for capture in found.captures() {
            if capture.index == list_index {
                list.get_or_insert(capture.node);
            } else if capture.index == value_index {
                value.get_or_insert(capture.node);
            }
        }
    }

    let edits = match (list, value) {
        (Some(list), _) => {
            let text = &source[list.byte_range()];
            let key = format!("{}:", mix.key);
            if memchr::memmem::find(text, key.as_bytes()).is_some() {
                return Some(source.to_vec());
            }
            // Right after `[`; a non-empty list needs a comma after the new entry.
            let open = list.start_byte() + 1;
            let empty = list.named_child_count() == 0;
            let entry = match source.get(open) {
                _ if empty => mix.entry.clone(),
                Some(b'\n' | b'\r') => format!("{},", mix.entry),
                _ => format!("{}, ", mix.entry),
            };
            vec![Edit {
                range: open..open,
                text: entry,
            }]
        }
        (None, Some(value)) => vec![
            Edit {
                range: value.start_byte()..value.start_byte(),
                text: format!("[{} | ", mix.entry),
            },
            Edit {
                range: value.end_byte()..value.end_byte(),
                text: "]".to_string(),
            },
        ],
        (None, None) => return None,
    };
    Some(apply(source, edits))
}
