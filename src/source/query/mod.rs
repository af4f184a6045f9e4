//! A small matcher for the subset of tree-sitter's query language that `queries/` uses.
//!
//! tree-sitter's own `Query::new` analyses every pattern against the grammar's whole parse
//! table before the first match: 7 ms for an empty query on tree-sitter-elixir and about 4 ms
//! more per pattern, 30 to 60 times the cost of the rest of a `--parse-meta` on a typical test
//! file. This matcher builds a query in microseconds and visits each node of the tree once,
//! so its cost grows linearly with the file whatever the nesting. It gives the same matches
//! as tree-sitter's `QueryCursor` on every query in `queries/`;
//! `tests/all/query_differential.rs` compares the two on every fixture and on generated
//! files. A file of 256 KiB and more is walked in parts on every core (see `Query::matches`).
//!
//! # The subset
//!
//! - node patterns `(kind child…)`, the wildcards `(_)` (any named node) and `_` (any node),
//!   neither of which matches an `ERROR`, and anonymous nodes `"text"`;
//! - fields `name: pattern` and negated fields `!name`;
//! - anchors `.` before the first child, between two children, and after the last;
//! - alternations `[pattern…]`, groups `(pattern (#predicate…))`, and the quantifier `?` on
//!   the last child of a pattern with no anchor next to it and no predicate on what it
//!   captures (there the absent case is tried only when the present one gives no match, which
//!   is what tree-sitter gives);
//! - captures `@name` (several on one node), and the predicates `#eq?`, `#not-eq?`,
//!   `#match?`, `#not-match?` and `#any-of?` between a capture and literal strings. As in
//!   tree-sitter, a predicate holds when every node of its capture passes it.
//!
//! Anything else is a clear error at construction, which the registry tests catch.
//!
//! Known differences from tree-sitter, none of which the queries in `queries/` can meet
//! (found by a review that generated queries and sources): an alternation whose alternatives
//! capture different sets also reports a match with the smaller set, which tree-sitter drops;
//! tree-sitter ignores a negated field on a wildcard root `(_ !field …)`, and does not retry an
//! uncaptured step after an anchor, where this matcher does what the pattern says. A step
//! whose field occurs late among many siblings is looked for once per earlier choice: 100,000
//! stacked decorators take seconds (tree-sitter is slower still on such input).

mod matcher;
mod parser;
mod pattern;
mod walk;

use std::collections::HashMap;
use std::fmt;

use tree_sitter::{Language, Node};

use parser::QueryParser;
use pattern::{Gate, NodeKind, NodePattern, Pattern, attach, checked_under_optional};
use walk::{MAX_PARTS, PARALLEL_FROM_BYTES};

/// A compiled query.
pub struct Query {
    patterns: Vec<Pattern>,
    capture_names: Vec<String>,
    /// Pattern indices by the node kind id their root matches.
    by_kind: Vec<Vec<usize>>,
    /// Patterns whose root is a wildcard or an alternation, tried on every node.
    anywhere: Vec<usize>,
}

/// One match: the pattern and its captures, in the order they were bound.
#[derive(Debug)]
pub struct Match<'tree> {
    pub pattern_index: usize,
    pub captures: Vec<Capture<'tree>>,
}

#[derive(Clone, Copy, Debug)]
pub struct Capture<'tree> {
    pub index: u32,
    pub node: Node<'tree>,
}

/// Why a query did not compile: a message and the 1-based line it concerns.
#[derive(Debug)]
pub struct QueryError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl Query {
    pub fn new(language: &Language, source: &str) -> Result<Query, QueryError> {
        let mut parser = QueryParser {
            language,
            source: source.as_bytes(),
            at: 0,
            capture_names: Vec::new(),
            kinds: HashMap::new(),
            predicates: Vec::new(),
        };
        let mut patterns = Vec::new();
        while parser.skip_space() {
            let start = parser.at;
            let mut root = parser.step(false, false)?;
            if root.optional {
                return Err(parser.error_at(start, "a pattern cannot be optional at the top"));
            }
            let predicates = std::mem::take(&mut parser.predicates);
            attach(&mut root, predicates, &parser.capture_names)
                .map_err(|message| parser.error_at(start, message))?;
            if checked_under_optional(&root, false) {
                return Err(parser.error_at(
                    start,
                    "a predicate cannot test a capture inside a `?` child",
                ));
            }
            let gate = Gate::of(&root);
            let simple = Pattern::simple(&root);
            patterns.push(Pattern { root, gate, simple });
        }
        let mut by_kind = vec![Vec::new(); language.node_kind_count()];
        let mut anywhere = Vec::new();
        for (index, pattern) in patterns.iter().enumerate() {
            match pattern.root.alternatives.as_slice() {
                [
                    NodePattern {
                        kind: NodeKind::Ids(ids),
                        ..
                    },
                ] => {
                    for &id in ids {
                        by_kind[id as usize].push(index);
                    }
                }
                _ => anywhere.push(index),
            }
        }
        Ok(Query {
            patterns,
            capture_names: parser.capture_names,
            by_kind,
            anywhere,
        })
    }

    pub fn capture_names(&self) -> &[String] {
        &self.capture_names
    }

    pub fn capture_index_for_name(&self, name: &str) -> Option<u32> {
        self.capture_names
            .iter()
            .position(|n| n == name)
            .map(|i| i as u32)
    }

    pub fn pattern_count(&self) -> usize {
        self.patterns.len()
    }

    /// Every match in the tree under `root`, in document order of the matched node, then
    /// pattern order. Identical matches (the same pattern and captures) are reported once.
    ///
    /// One cursor walk visits every node once. A node that some pattern's root could match
    /// collects its children as the walk passes them, and is matched when the walk leaves
    /// it; the matches are then put back in document order. A large file is walked on every
    /// core (a subtree of 256 KiB and more: a test body alone is walked in one part): the
    /// subtrees under its widest node (the module of a 100k-test file) are shared
    /// out by size, and the parts' matches put back in the same order.
    pub fn matches<'tree>(&self, root: Node<'tree>, source: &[u8]) -> Vec<Match<'tree>> {
        let parts = if root.byte_range().len() < PARALLEL_FROM_BYTES {
            1
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_PARTS))
        };
        self.matches_in_parts(root, source, parts)
    }

    /// The matches of `matches` rooted at the nodes `keep` accepts, on one thread: a node it
    /// refuses is neither matched nor walked into, though a pattern rooted above it still sees
    /// it and what is below it. For a caller that knows that no match inside some nodes can
    /// matter to it.
    pub fn matches_where<'tree>(
        &self,
        root: Node<'tree>,
        source: &[u8],
        keep: &dyn Fn(Node<'tree>) -> bool,
    ) -> Vec<Match<'tree>> {
        let mut found = Vec::new();
        self.walk(root.walk(), 1, source, None, 0, Some(keep), &mut found);
        found.sort_by_key(|(order, _)| *order);
        found.into_iter().map(|(_, m)| m).collect()
    }
}

#[cfg(test)]
mod tests;
