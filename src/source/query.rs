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

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::rc::Rc;

use regex::bytes::Regex;
use tree_sitter::{Language, Node, TreeCursor};

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

struct Pattern {
    root: Step,
    /// A test the pattern's root must pass before it is tried, when its shape gives one.
    gate: Option<Gate>,
}

/// What a node needs for a pattern rooted at it to have any chance: a child in `field`, of
/// one of `kinds`, whose text passes `checks`. Taken from the pattern's first child step that
/// is required, has a field, one alternative and a predicate (`target: (identifier) @_t
/// (#eq? @_t "test")`), it rules out most nodes of a common kind (an Elixir `call`) with one
/// comparison instead of a match attempt per pattern.
struct Gate {
    field: u16,
    kinds: Vec<u16>,
    checks: Vec<Check>,
}

impl Gate {
    fn of(root: &Step) -> Option<Gate> {
        let [root] = root.alternatives.as_slice() else {
            return None;
        };
        root.children
            .iter()
            .find_map(|step| match (step.field, step.alternatives.as_slice()) {
                (
                    Some(field),
                    [
                        NodePattern {
                            kind: Kind::Ids(kinds),
                            checks,
                            ..
                        },
                    ],
                ) if !step.optional && !checks.is_empty() => Some(Gate {
                    field,
                    kinds: kinds.clone(),
                    checks: checks.clone(),
                }),
                _ => None,
            })
    }

    fn admits(&self, children: &[Child], source: &[u8]) -> bool {
        children.iter().any(|(child, field)| {
            *field == Some(self.field)
                && self.kinds.contains(&child.kind_id())
                && self
                    .checks
                    .iter()
                    .all(|check| check.passes(&source[child.byte_range()]))
        })
    }
}

/// A child position of a pattern: one or more alternative node patterns.
struct Step {
    field: Option<u16>,
    alternatives: Vec<NodePattern>,
    /// Captures written after an alternation: bound to whichever alternative matched.
    captures: Vec<u32>,
    optional: bool,
    /// An anchor `.` comes before this step.
    anchored: bool,
}

struct NodePattern {
    kind: Kind,
    captures: Vec<u32>,
    /// Predicates on the node itself (through one of its captures).
    checks: Vec<Check>,
    negated_fields: Vec<u16>,
    children: Vec<Step>,
    /// An anchor `.` follows the last child: it must be the last named child.
    anchored_end: bool,
}

enum Kind {
    /// Any of these kind ids (several symbols can share a name).
    Ids(Vec<u16>),
    /// `(_)`: any named node but an error.
    AnyNamed,
    /// `_`: any node.
    Any,
}

#[derive(Clone)]
enum Check {
    Eq(Vec<u8>, bool),
    /// `#match?` with a regex that is `^` and literal text: no regex to build.
    Prefix(Vec<u8>, bool),
    Match(Regex, bool),
    AnyOf(Vec<Vec<u8>>),
}

impl Check {
    fn passes(&self, text: &[u8]) -> bool {
        match self {
            Check::Eq(value, positive) => (text == value.as_slice()) == *positive,
            Check::Prefix(prefix, positive) => text.starts_with(prefix) == *positive,
            Check::Match(regex, positive) => regex.is_match(text) == *positive,
            Check::AnyOf(values) => values.iter().any(|v| v.as_slice() == text),
        }
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
            patterns.push(Pattern { root, gate });
        }
        let mut by_kind = vec![Vec::new(); language.node_kind_count()];
        let mut anywhere = Vec::new();
        for (index, pattern) in patterns.iter().enumerate() {
            match pattern.root.alternatives.as_slice() {
                [
                    NodePattern {
                        kind: Kind::Ids(ids),
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

    /// `matches`, walked in up to `parts` parts on as many threads.
    fn matches_in_parts<'tree>(
        &self,
        root: Node<'tree>,
        source: &[u8],
        parts: usize,
    ) -> Vec<Match<'tree>> {
        let mut found = Vec::new();
        match Split::of(root, parts) {
            None => {
                self.walk(root.walk(), 1, source, None, 0, &mut found);
            }
            Some(split) => std::thread::scope(|scope| {
                let workers: Vec<_> = (1..split.starts.len())
                    .map(|part| {
                        let split = &split;
                        scope.spawn(move || {
                            let mut found = Vec::new();
                            let mut cursor = split.wide.walk();
                            cursor.goto_first_child();
                            for _ in 0..split.starts[part] {
                                cursor.goto_next_sibling();
                            }
                            let end = split.starts.get(part + 1).copied();
                            let count = end.unwrap_or(split.wide.child_count() as usize)
                                - split.starts[part];
                            self.walk(cursor, count, source, None, part << PART_SHIFT, &mut found);
                            found
                        })
                    })
                    .collect();
                self.walk(root.walk(), 1, source, Some(&split), 0, &mut found);
                for worker in workers {
                    match worker.join() {
                        Ok(part) => found.extend(part),
                        Err(panic) => std::panic::resume_unwind(panic),
                    }
                }
            }),
        }
        // Matched on the way out, an ancestor came after its descendants. The sort is
        // stable: one node's matches keep their pattern order.
        found.sort_by_key(|(order, _)| *order);
        found.into_iter().map(|(_, m)| m).collect()
    }

    /// Walks the subtrees of the node under `cursor` and its next `siblings - 1` siblings,
    /// numbering their nodes in document order from `order`, and adds their matches to
    /// `found` with their numbers; returns the next number. With a split, the walk leaves the
    /// wide node's children from the second part on to other walks, and numbers what follows
    /// them as the part after the last.
    fn walk<'tree>(
        &self,
        mut cursor: TreeCursor<'tree>,
        mut siblings: usize,
        source: &[u8],
        split: Option<&Split<'tree>>,
        mut order: usize,
        found: &mut Vec<(usize, Match<'tree>)>,
    ) -> usize {
        /// A node on the walk's path from the root, with its children so far when it is a
        /// candidate for some pattern.
        struct Open<'tree> {
            node: Node<'tree>,
            order: usize,
            children: Option<Vec<Child<'tree>>>,
        }
        let mut candidates = Vec::new();
        let mut path: Vec<Open<'tree>> = Vec::new();
        let mut spare: Vec<Vec<Child<'tree>>> = Vec::new();
        let matcher = Matcher {
            source,
            cursor: RefCell::new(cursor.node().walk()),
            list: RefCell::new(Vec::new()),
            known: RefCell::new(Known::default()),
        };
        loop {
            let node = cursor.node();
            if let Some(Open {
                children: Some(children),
                ..
            }) = path.last_mut()
            {
                children.push((node, field(&cursor)));
            }
            let candidate = self
                .by_kind
                .get(node.kind_id() as usize)
                .is_some_and(|p| !p.is_empty())
                || !self.anywhere.is_empty();
            path.push(Open {
                node,
                order,
                children: candidate.then(|| spare.pop().unwrap_or_default()),
            });
            order += 1;
            if cursor.goto_first_child() {
                continue;
            }
            loop {
                let open = path.pop().expect("the walk's path holds the current node");
                if let Some(mut children) = open.children {
                    candidates.clear();
                    if let Some(indices) = self.by_kind.get(open.node.kind_id() as usize) {
                        candidates.extend_from_slice(indices);
                    }
                    if !self.anywhere.is_empty() {
                        candidates.extend_from_slice(&self.anywhere);
                        candidates.sort_unstable();
                    }
                    for &index in &candidates {
                        if let Some(gate) = &self.patterns[index].gate
                            && !gate.admits(&children, source)
                        {
                            continue;
                        }
                        self.match_at(&matcher, index, open.node, &children, |m| {
                            found.push((open.order, m))
                        });
                    }
                    matcher.forget();
                    children.clear();
                    spare.push(children);
                }
                if path.is_empty() {
                    // One of the subtrees to walk is done.
                    siblings -= 1;
                    if siblings > 0 && cursor.goto_next_sibling() {
                        break;
                    }
                    return order;
                }
                if cursor.goto_next_sibling() {
                    let Some(split) = split else { break };
                    let Some(parent) = path.last_mut() else { break };
                    if parent.node.id() != split.wide.id()
                        || cursor.node().id() != split.handed_over
                    {
                        break;
                    }
                    // The rest of the wide node's children are other walks' parts: pass them
                    // by (the wide node still needs them as children), then leave it.
                    loop {
                        if let Some(children) = &mut parent.children {
                            children.push((cursor.node(), field(&cursor)));
                        }
                        if !cursor.goto_next_sibling() {
                            break;
                        }
                    }
                    cursor.goto_parent();
                    order = split.starts.len() << PART_SHIFT;
                    continue;
                }
                cursor.goto_parent();
            }
        }
    }

    /// Every way pattern `index` matches at `node`, whose children are `children`; identical
    /// matches (the same captures) are reported once.
    fn match_at<'tree>(
        &self,
        matcher: &Matcher<'_, 'tree>,
        index: usize,
        node: Node<'tree>,
        children: &[Child<'tree>],
        mut report: impl FnMut(Match<'tree>),
    ) {
        let mut seen = Seen::default();
        let mut bound = Vec::new();
        let root = &self.patterns[index].root;
        matcher.step_at(root, node, Some(children), &mut bound, &mut |bound| {
            if seen.insert(bound.iter().map(|c| (c.index, c.node.id())).collect()) {
                report(Match {
                    pattern_index: index,
                    captures: bound.clone(),
                });
            }
            true
        });
    }
}

/// The captures (index, node id) of the ways a pattern matched at one node, to report each
/// once. Ways are few (one, mostly), so a short list is cheaper than a set; past it a set
/// keeps a node with thousands of ways (a keyword list of 100k pairs) linear.
#[derive(Default)]
struct Seen {
    first: Vec<Vec<(u32, usize)>>,
    rest: HashSet<Vec<(u32, usize)>>,
}

impl Seen {
    const LIST_LEN: usize = 8;

    /// Whether `key` is new, remembering it.
    fn insert(&mut self, key: Vec<(u32, usize)>) -> bool {
        if self.first.contains(&key) {
            return false;
        }
        if self.first.len() < Self::LIST_LEN {
            self.first.push(key);
            return true;
        }
        self.rest.insert(key)
    }
}

/// Whether a predicate tests a node pattern inside an optional step (where tree-sitter
/// fails the match rather than trying the absent case).
fn checked_under_optional(step: &Step, optional: bool) -> bool {
    let optional = optional || step.optional;
    step.alternatives.iter().any(|alternative| {
        (optional && !alternative.checks.is_empty())
            || alternative
                .children
                .iter()
                .any(|child| checked_under_optional(child, optional))
    })
}

/// Moves a pattern's predicates onto the node patterns that bind their captures, so that a
/// node is checked as soon as it is bound.
fn attach(root: &mut Step, predicates: Vec<(u32, Check)>, names: &[String]) -> Result<(), String> {
    for (capture, check) in predicates {
        let mut targets = Vec::new();
        collect_binders(root, capture, &mut targets);
        if targets.is_empty() {
            return Err(format!(
                "a predicate names @{}, which this pattern does not capture",
                names[capture as usize]
            ));
        }
        for target in targets {
            target.push(check.clone());
        }
    }
    Ok(())
}

/// The `checks` lists of every node pattern that binds `capture`, directly or as a member of
/// an alternation that binds it.
fn collect_binders<'a>(step: &'a mut Step, capture: u32, out: &mut Vec<&'a mut Vec<Check>>) {
    let whole = step.captures.contains(&capture);
    for alternative in &mut step.alternatives {
        let NodePattern {
            captures,
            checks,
            children,
            ..
        } = alternative;
        if whole || captures.contains(&capture) {
            out.push(checks);
        }
        for child in children {
            collect_binders(child, capture, out);
        }
    }
}

/// Files smaller than this are walked on one thread: starting another costs more than it
/// saves below about this size.
const PARALLEL_FROM_BYTES: usize = 256 * 1024;
/// The most parts a walk is split into.
const MAX_PARTS: usize = 8;
/// Node numbers of part `i` start at `i << PART_SHIFT`, so sorting by number puts the parts
/// in document order.
const PART_SHIFT: u32 = 40;

/// How a walk is shared: the wide node whose children are split, and the index of the first
/// child of each part (the first part, walked with the rest of the tree, starts at 0).
struct Split<'tree> {
    wide: Node<'tree>,
    starts: Vec<usize>,
    /// The id of the first child of the second part, where the main walk stops.
    handed_over: usize,
}

impl<'tree> Split<'tree> {
    /// The widest node along the path to the largest subtrees, when it has enough children
    /// to share, with its children cut into `parts` runs of about equal size in bytes.
    fn of(root: Node<'tree>, parts: usize) -> Option<Split<'tree>> {
        const WIDE: u32 = 64;
        if parts < 2 {
            return None;
        }
        let mut node = root;
        for _ in 0..32 {
            if node.child_count() >= WIDE {
                break;
            }
            let mut cursor = node.walk();
            node = node
                .children(&mut cursor)
                .max_by_key(|child| child.byte_range().len())?;
        }
        if node.child_count() < WIDE {
            return None;
        }
        let mut cursor = node.walk();
        let ends: Vec<usize> = node.children(&mut cursor).map(|c| c.end_byte()).collect();
        let (first, total) = (node.start_byte(), node.end_byte() - node.start_byte());
        let mut starts = vec![0];
        for index in 1..ends.len() {
            if starts.len() < parts && ends[index - 1] - first >= starts.len() * total / parts {
                starts.push(index);
            }
        }
        let handed_over = node.child(*starts.get(1)? as u32)?.id();
        Some(Split {
            wide: node,
            starts,
            handed_over,
        })
    }
}

struct Matcher<'s, 'tree> {
    source: &'s [u8],
    /// One cursor, reset to each node whose children a nested step needs: making a cursor
    /// allocates, and a test file has a few such nodes per test.
    cursor: RefCell<TreeCursor<'tree>>,
    /// Where children are listed before they are kept.
    list: RefCell<Vec<Child<'tree>>>,
    /// The children listed since the walk's last root, by node id.
    known: RefCell<Known<'tree>>,
}

/// The children listed since the walk's last root, by node id. A root has few nodes below it
/// that a pattern looks into, so a short list is cheaper than a map; past it a map keeps a
/// root with a nested step at each of thousands of children (a Jest file's top-level
/// `describe` calls, under `program`) linear.
#[derive(Default)]
struct Known<'tree> {
    first: Vec<(usize, Rc<[Child<'tree>]>)>,
    rest: HashMap<usize, Rc<[Child<'tree>]>>,
}

impl<'tree> Known<'tree> {
    const LIST_LEN: usize = 16;

    fn get(&self, id: usize) -> Option<Rc<[Child<'tree>]>> {
        match self.first.iter().find(|(known, _)| *known == id) {
            Some((_, children)) => Some(children.clone()),
            None => self.rest.get(&id).cloned(),
        }
    }

    fn insert(&mut self, id: usize, children: Rc<[Child<'tree>]>) {
        if self.first.len() < Self::LIST_LEN {
            self.first.push((id, children));
        } else {
            self.rest.insert(id, children);
        }
    }

    /// Forgets everything; a map grown large is let go rather than cleared, which would cost
    /// its capacity at every root.
    fn clear(&mut self) {
        self.first.clear();
        if !self.rest.is_empty() {
            self.rest = HashMap::new();
        }
    }
}

type Bound<'tree> = Vec<Capture<'tree>>;

/// A child node and its field id.
type Child<'tree> = (Node<'tree>, Option<u16>);

/// The field id of the cursor's node in its parent.
fn field(cursor: &TreeCursor) -> Option<u16> {
    cursor.field_id().map(|f| f.get())
}

impl<'tree> Matcher<'_, 'tree> {
    /// The children of a node below a pattern's root, listed once for all the patterns tried
    /// at that root (three ExUnit `test` patterns look at the same `arguments`).
    fn children_of(&self, node: Node<'tree>) -> Rc<[Child<'tree>]> {
        if let Some(children) = self.known.borrow().get(node.id()) {
            return children;
        }
        let mut list = self.list.borrow_mut();
        list.clear();
        {
            let mut cursor = self.cursor.borrow_mut();
            cursor.reset(node);
            if cursor.goto_first_child() {
                loop {
                    list.push((cursor.node(), field(&cursor)));
                    if !cursor.goto_next_sibling() {
                        break;
                    }
                }
            }
        }
        let children: Rc<[Child<'tree>]> = Rc::from(list.as_slice());
        self.known.borrow_mut().insert(node.id(), children.clone());
        children
    }

    /// Forgets the children listed for the last root.
    fn forget(&self) {
        self.known.borrow_mut().clear();
    }

    /// Matches `step` at `node`; calls `then` for each way it matches. Returns whether any
    /// call of `then` returned true.
    fn step_at(
        &self,
        step: &Step,
        node: Node<'tree>,
        children: Option<&[Child<'tree>]>,
        bound: &mut Bound<'tree>,
        then: &mut dyn FnMut(&mut Bound<'tree>) -> bool,
    ) -> bool {
        let mut any = false;
        for alternative in &step.alternatives {
            let mark = bound.len();
            for &index in &step.captures {
                bound.push(Capture { index, node });
            }
            any |= self.node_at(alternative, node, children, bound, then);
            bound.truncate(mark);
        }
        any
    }

    fn node_at(
        &self,
        pattern: &NodePattern,
        node: Node<'tree>,
        children: Option<&[Child<'tree>]>,
        bound: &mut Bound<'tree>,
        then: &mut dyn FnMut(&mut Bound<'tree>) -> bool,
    ) -> bool {
        let kind_matches = match &pattern.kind {
            Kind::Ids(ids) => ids.contains(&node.kind_id()),
            Kind::AnyNamed => node.is_named() && !node.is_error(),
            Kind::Any => !node.is_error(),
        };
        if !kind_matches
            || pattern
                .negated_fields
                .iter()
                .any(|&field| node.child_by_field_id(field).is_some())
        {
            return false;
        }
        if !pattern.checks.is_empty() {
            let text = &self.source[node.byte_range()];
            if !pattern.checks.iter().all(|check| check.passes(text)) {
                return false;
            }
        }
        let mark = bound.len();
        for &index in &pattern.captures {
            bound.push(Capture { index, node });
        }
        let any = if pattern.children.is_empty() {
            then(bound)
        } else if let Some(children) = children {
            self.children_from(pattern, 0, children, 0, None, bound, then)
        } else {
            let children = self.children_of(node);
            self.children_from(pattern, 0, &children, 0, None, bound, then)
        };
        bound.truncate(mark);
        any
    }

    /// Matches the steps from `step` on against the children from `from` on. `previous` is
    /// the index of the child the step before matched.
    #[allow(clippy::too_many_arguments)]
    fn children_from(
        &self,
        pattern: &NodePattern,
        step: usize,
        children: &[Child<'tree>],
        from: usize,
        previous: Option<usize>,
        bound: &mut Bound<'tree>,
        then: &mut dyn FnMut(&mut Bound<'tree>) -> bool,
    ) -> bool {
        let Some(current) = pattern.children.get(step) else {
            if pattern.anchored_end && children[from..].iter().any(|(n, _)| n.is_named()) {
                return false;
            }
            return then(bound);
        };
        let mut any = false;
        for (i, &(child, field)) in children.iter().enumerate().skip(from) {
            if current.anchored {
                // Only anonymous nodes may stand between the anchor and this child.
                let start = previous.map_or(0, |p| p + 1);
                if children[start..i].iter().any(|(n, _)| n.is_named()) {
                    break;
                }
            }
            if current.field.is_some() && current.field != field {
                continue;
            }
            any |= self.step_at(current, child, None, bound, &mut |bound| {
                self.children_from(pattern, step + 1, children, i + 1, Some(i), bound, then)
            });
        }
        if current.optional && !any {
            any = self.children_from(pattern, step + 1, children, from, previous, bound, then);
        }
        any
    }
}

struct QueryParser<'a> {
    language: &'a Language,
    source: &'a [u8],
    at: usize,
    capture_names: Vec<String>,
    /// Visible node kind ids by (name, named), built on first use.
    kinds: HashMap<(&'a str, bool), Vec<u16>>,
    /// The predicates of the pattern being read, by capture index.
    predicates: Vec<(u32, Check)>,
}

impl QueryParser<'_> {
    fn error_at(&self, at: usize, message: impl Into<String>) -> QueryError {
        let line = self.source[..at.min(self.source.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        QueryError {
            line,
            message: message.into(),
        }
    }

    fn error(&self, message: impl Into<String>) -> QueryError {
        self.error_at(self.at, message)
    }

    /// Skips whitespace and comments; false at the end of the source.
    fn skip_space(&mut self) -> bool {
        while let Some(&b) = self.source.get(self.at) {
            if b == b';' {
                while self.source.get(self.at).is_some_and(|&b| b != b'\n') {
                    self.at += 1;
                }
            } else if b.is_ascii_whitespace() {
                self.at += 1;
            } else {
                return true;
            }
        }
        false
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.source.get(self.at).copied()
    }

    fn expect(&mut self, byte: u8) -> Result<(), QueryError> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(format!("expected `{}`", byte as char)))
        }
    }

    fn identifier(&mut self) -> &str {
        let start = self.at;
        while self
            .source
            .get(self.at)
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b"_-.?!".contains(&b))
        {
            self.at += 1;
        }
        std::str::from_utf8(&self.source[start..self.at]).unwrap_or("")
    }

    fn string(&mut self) -> Result<Vec<u8>, QueryError> {
        self.expect(b'"')?;
        let mut out = Vec::new();
        loop {
            match self.source.get(self.at) {
                None => return Err(self.error("unterminated string")),
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    let escaped = self.source.get(self.at + 1).copied();
                    out.push(match escaped {
                        Some(b'n') => b'\n',
                        Some(b't') => b'\t',
                        Some(b'r') => b'\r',
                        Some(b'0') => b'\0',
                        Some(other) => other,
                        None => return Err(self.error("unterminated string")),
                    });
                    self.at += 2;
                }
                Some(&b) => {
                    out.push(b);
                    self.at += 1;
                }
            }
        }
    }

    fn capture(&mut self) -> u32 {
        self.at += 1; // `@`
        let start = self.at;
        // Unlike node kinds and predicate names, a capture name ends before `?` or `!`.
        while self
            .source
            .get(self.at)
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b"_-.".contains(&b))
        {
            self.at += 1;
        }
        let name = String::from_utf8_lossy(&self.source[start..self.at]).into_owned();
        match self.capture_names.iter().position(|n| *n == name) {
            Some(index) => index as u32,
            None => {
                self.capture_names.push(name);
                (self.capture_names.len() - 1) as u32
            }
        }
    }

    fn field(&self, name: &str) -> Result<u16, QueryError> {
        self.language
            .field_id_for_name(name)
            .map(|id| id.get())
            .ok_or_else(|| self.error(format!("unknown field `{name}`")))
    }

    fn kind(&mut self, name: &[u8], named: bool) -> Result<Kind, QueryError> {
        if self.kinds.is_empty() {
            let language = self.language;
            for id in 0..language.node_kind_count() as u16 {
                if let Some(kind) = language.node_kind_for_id(id)
                    && language.node_kind_is_visible(id)
                {
                    let named = language.node_kind_is_named(id);
                    self.kinds.entry((kind, named)).or_default().push(id);
                }
            }
        }
        let ids = std::str::from_utf8(name)
            .ok()
            .and_then(|name| self.kinds.get(&(name, named)))
            .cloned()
            .unwrap_or_default();
        if ids.is_empty() {
            let name = String::from_utf8_lossy(name);
            return Err(self.error(if named {
                format!("unknown node kind `{name}`")
            } else {
                format!("unknown anonymous node \"{name}\"")
            }));
        }
        Ok(Kind::Ids(ids))
    }

    /// One child position: an anchor before it is read by the caller. `in_node` says whether
    /// the step sits inside a node pattern, where fields and negated fields may appear.
    fn step(&mut self, anchored: bool, in_node: bool) -> Result<Step, QueryError> {
        let mut field = None;
        if in_node && self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
            let save = self.at;
            let name = self.identifier().to_string();
            if self.peek() == Some(b':') {
                self.at += 1;
                field = Some(self.field(&name)?);
            } else {
                self.at = save;
            }
        }
        let alternation = self.peek() == Some(b'[');
        let alternatives = if alternation {
            self.at += 1;
            let mut alternatives = Vec::new();
            while self.peek() != Some(b']') {
                if self.peek().is_none() {
                    return Err(self.error("unclosed `[`"));
                }
                alternatives.push(self.node_with_captures()?);
            }
            self.at += 1;
            alternatives
        } else {
            vec![self.node()?]
        };
        let optional = if self.peek() == Some(b'?') {
            self.at += 1;
            true
        } else {
            false
        };
        if matches!(self.peek(), Some(b'*' | b'+')) {
            return Err(self.error("the quantifiers `*` and `+` are not supported"));
        }
        let mut step = Step {
            field,
            alternatives,
            captures: Vec::new(),
            optional,
            anchored,
        };
        // Captures after a node pattern belong to it; after an alternation, to the step.
        while self.peek() == Some(b'@') {
            let capture = self.capture();
            match step.alternatives.as_mut_slice() {
                [only] if !alternation => only.captures.push(capture),
                _ => step.captures.push(capture),
            }
            // tree-sitter also takes the quantifier after the captures (`(x) @a?`).
            if self.source.get(self.at) == Some(&b'?') {
                self.at += 1;
                step.optional = true;
            }
        }
        Ok(step)
    }

    /// A node pattern: `(kind …)`, `(_ …)`, `_`, `"text"` or a group `((kind …) (#pred…))`.
    fn node(&mut self) -> Result<NodePattern, QueryError> {
        let pattern = |kind| NodePattern {
            kind,
            captures: Vec::new(),
            checks: Vec::new(),
            negated_fields: Vec::new(),
            children: Vec::new(),
            anchored_end: false,
        };
        match self.peek() {
            Some(b'"') => {
                let text = self.string()?;
                Ok(pattern(self.kind(&text, false)?))
            }
            Some(b'_') => {
                self.at += 1;
                Ok(pattern(Kind::Any))
            }
            Some(b'(') => {
                self.at += 1;
                match self.peek() {
                    Some(b'(' | b'[' | b'"') => {
                        // A group: one pattern and its predicates.
                        let inner = self.node_with_captures()?;
                        self.predicates_until_close()?;
                        Ok(inner)
                    }
                    _ => {
                        let start = self.at;
                        let name = self.identifier().to_string();
                        let kind = match name.as_str() {
                            "_" => Kind::AnyNamed,
                            "" => return Err(self.error("expected a node kind")),
                            _ => self.kind(name.as_bytes(), true).map_err(|mut e| {
                                e.line = self.error_at(start, "").line;
                                e
                            })?,
                        };
                        let mut node = pattern(kind);
                        let mut anchored = false;
                        loop {
                            match self.peek() {
                                None => return Err(self.error("unclosed `(`")),
                                Some(b')') => {
                                    // tree-sitter gives both the present and the absent
                                    // case of a `?` in general; this matcher agrees with it
                                    // only where the two cannot both match.
                                    let last = node.children.len().saturating_sub(1);
                                    let misplaced =
                                        node.children.iter().enumerate().any(|(i, step)| {
                                            step.optional
                                                && (i != last || step.anchored || anchored)
                                        });
                                    if misplaced {
                                        return Err(self.error(
                                            "`?` is supported only on the last child of a \
                                             pattern, with no anchor next to it",
                                        ));
                                    }
                                    self.at += 1;
                                    node.anchored_end = anchored;
                                    return Ok(node);
                                }
                                Some(b'.') => {
                                    self.at += 1;
                                    anchored = true;
                                }
                                Some(b'!') => {
                                    self.at += 1;
                                    let name = self.identifier().to_string();
                                    node.negated_fields.push(self.field(&name)?);
                                }
                                Some(b'(') if self.source.get(self.at + 1) == Some(&b'#') => {
                                    self.predicate()?;
                                }
                                Some(_) => {
                                    node.children.push(self.step(anchored, true)?);
                                    anchored = false;
                                }
                            }
                        }
                    }
                }
            }
            _ => Err(self.error("expected a pattern")),
        }
    }

    /// A node pattern with the captures written after it (inside a group).
    fn node_with_captures(&mut self) -> Result<NodePattern, QueryError> {
        let mut node = self.node()?;
        while self.peek() == Some(b'@') {
            let capture = self.capture();
            node.captures.push(capture);
        }
        Ok(node)
    }

    fn predicates_until_close(&mut self) -> Result<(), QueryError> {
        loop {
            match self.peek() {
                Some(b')') => {
                    self.at += 1;
                    return Ok(());
                }
                Some(b'(') if self.source.get(self.at + 1) == Some(&b'#') => self.predicate()?,
                _ => return Err(self.error("a group holds one pattern and its predicates")),
            }
        }
    }

    /// `(#name? @capture "value"…)`
    fn predicate(&mut self) -> Result<(), QueryError> {
        let start = self.at;
        self.at += 2; // `(#`
        let name = self.identifier().to_string();
        if self.peek() != Some(b'@') {
            return Err(self.error_at(start, format!("#{name} must name a capture first")));
        }
        let capture = self.capture();
        let mut values = Vec::new();
        while self.peek() == Some(b'"') {
            values.push(self.string()?);
        }
        self.expect(b')')?;
        let one = |values: &mut Vec<Vec<u8>>| match values.as_slice() {
            [_] => Ok(values.pop().unwrap()),
            _ => Err(self.error_at(start, format!("#{name} takes one capture and one string"))),
        };
        let regex = |value: Vec<u8>, positive: bool| {
            let text = String::from_utf8(value).unwrap_or_default();
            let literal = |c: char| c.is_alphanumeric() || " _-:=<>\"'#@/,;!%&~`".contains(c);
            match text.strip_prefix('^') {
                Some(prefix) if prefix.chars().all(literal) => {
                    Ok(Check::Prefix(prefix.as_bytes().to_vec(), positive))
                }
                _ => Regex::new(&text)
                    .map(|regex| Check::Match(regex, positive))
                    .map_err(|e| self.error_at(start, format!("#{name}: {e}"))),
            }
        };
        let check = match name.as_str() {
            "eq?" => Check::Eq(one(&mut values)?, true),
            "not-eq?" => Check::Eq(one(&mut values)?, false),
            "match?" => regex(one(&mut values)?, true)?,
            "not-match?" => regex(one(&mut values)?, false)?,
            "any-of?" if !values.is_empty() => Check::AnyOf(values),
            _ => return Err(self.error_at(start, format!("unsupported predicate #{name}"))),
        };
        self.predicates.push((capture, check));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elixir() -> Language {
        tree_sitter_elixir::LANGUAGE.into()
    }

    #[test]
    fn what_the_subset_leaves_out_is_refused_with_its_line() {
        let cases = [
            (
                "(call)\n(no_such_kind)",
                2,
                "unknown node kind `no_such_kind`",
            ),
            ("(call nope: (identifier))", 1, "unknown field `nope`"),
            (
                "(call (identifier)* @x)",
                1,
                "`*` and `+` are not supported",
            ),
            (
                "(call (identifier) @x (#lua-match? @x \"a\"))",
                1,
                "unsupported predicate",
            ),
            (
                "(call (identifier) @x (#eq? @y \"a\"))",
                1,
                "names @y, which this pattern does not capture",
            ),
            ("\n\n(call (identifier)", 3, "unclosed `(`"),
            ("(call \"nope\")", 1, "unknown anonymous node"),
            (
                "(arguments (identifier)? @a (integer))",
                1,
                "only on the last child",
            ),
            (
                "(arguments . (identifier)? @a)",
                1,
                "only on the last child",
            ),
            (
                "(arguments (identifier)? @a .)",
                1,
                "only on the last child",
            ),
            (
                "(arguments (integer) (identifier)? @a (#eq? @a \"y\"))",
                1,
                "inside a `?` child",
            ),
        ];
        for (source, line, message) in cases {
            let error = Query::new(&elixir(), source).err().unwrap();
            assert_eq!(error.line, line, "{source}: {error}");
            assert!(error.message.contains(message), "{source}: {error}");
        }
    }

    #[test]
    fn a_regex_that_is_only_a_literal_prefix_is_not_compiled() {
        let query = Query::new(&elixir(), "((identifier) @x (#match? @x \"^do:\"))").unwrap();
        let root = &query.patterns[0].root.alternatives[0];
        assert!(matches!(root.checks.as_slice(), [Check::Prefix(p, true)] if p == b"do:"));
        let query = Query::new(&elixir(), "((identifier) @x (#match? @x \"^d.:\"))").unwrap();
        let root = &query.patterns[0].root.alternatives[0];
        assert!(matches!(root.checks.as_slice(), [Check::Match(..)]));
    }

    #[test]
    fn a_deeply_nested_tree_is_matched_in_one_pass_without_recursion() {
        // 200k nested lists: a recursive walk would overflow the stack.
        let depth = 200_000;
        let source = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&elixir()).unwrap();
        let tree = parser.parse(&source, None).unwrap();
        let query = Query::new(&elixir(), "(list . (list) @inner .)").unwrap();
        let found = query.matches(tree.root_node(), source.as_bytes());
        assert_eq!(found.len(), depth - 1);
    }

    #[test]
    fn a_capture_name_ends_before_a_quantifier() {
        let query = Query::new(&elixir(), "(arguments (integer) (identifier) @a?)").unwrap();
        assert_eq!(query.capture_names(), ["a"]);
    }

    /// Parsing and walking 100k pairs takes seconds in a debug build, so this runs in release
    /// only: `cargo test --release --lib source::query`.
    #[test]
    #[cfg_attr(
        debug_assertions,
        ignore = "release only: cargo test --release --lib source::query"
    )]
    fn many_identical_choices_at_one_node_are_deduplicated_in_linear_time() {
        // 100k pairs in one keyword list, each a way to match: a scan of the earlier matches
        // for each new one is quadratic (160 s in a debug build).
        let pairs: Vec<String> = (0..100_000).map(|i| format!("task_id: {i}")).collect();
        let source = format!("@tag {}\n", pairs.join(", "));
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&elixir()).unwrap();
        let tree = parser.parse(&source, None).unwrap();
        let query = Query::new(&elixir(), "(keywords (pair) @_p)").unwrap();
        assert_eq!(
            query.matches(tree.root_node(), source.as_bytes()).len(),
            100_000
        );
        let query = Query::new(&elixir(), "(keywords (pair))").unwrap();
        assert_eq!(query.matches(tree.root_node(), source.as_bytes()).len(), 1);
    }

    #[test]
    fn a_walk_in_parts_finds_what_one_walk_finds_in_the_same_order() {
        let mut source = String::from("defmodule M do\n  use ExUnit.Case\n");
        for i in 0..300 {
            source.push_str(&format!(
                "  @tag task_id: {i}\n  test \"t{i}\" do\n    assert f({i}) == [{i}, \"x\"]\n  end\n"
            ));
            if i % 7 == 0 {
                source.push_str(&format!(
                    "  describe \"d{i}\" do\n    test \"in\" do\n    end\n  end\n"
                ));
            }
        }
        source.push_str("end\n\ndefmodule N do\n  test \"after\" do\n    assert 1\n  end\nend\n");
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&elixir()).unwrap();
        let tree = parser.parse(&source, None).unwrap();
        // Patterns at the wide node (the module's do_block) itself, with its first and last
        // children, at its children, and deep inside them.
        let query = Query::new(
            &elixir(),
            "(do_block . (_) @first (_) @last .) @scope\n\
             (call target: (identifier) @t (#eq? @t \"test\") (arguments . (_) @name)) @test\n\
             (unary_operator operand: (call target: (identifier) @tag (arguments (keywords))))\n\
             (integer) @n",
        )
        .unwrap();
        let root = tree.root_node();
        let key = |found: Vec<Match>| -> Vec<(usize, Vec<(u32, usize)>)> {
            found
                .iter()
                .map(|m| {
                    let captures = m.captures.iter().map(|c| (c.index, c.node.id())).collect();
                    (m.pattern_index, captures)
                })
                .collect()
        };
        let whole = key(query.matches_in_parts(root, source.as_bytes(), 1));
        assert!(whole.len() > 1500, "{} matches", whole.len());
        for parts in [2, 3, 7] {
            let split = Split::of(root, parts).expect("the module is wide enough to split");
            assert_eq!(split.starts.len(), parts);
            assert_eq!(split.wide.kind(), "do_block");
            let found = key(query.matches_in_parts(root, source.as_bytes(), parts));
            assert!(found == whole, "{parts} parts differ from one walk");
        }
    }

    #[test]
    fn matches_come_in_document_order_of_the_matched_node_then_pattern_order() {
        // The walk matches a node on its way out, after its descendants; `syntax` relies on
        // this order (the first match of a test wins).
        let source = "outer(inner(1), 2)";
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&elixir()).unwrap();
        let tree = parser.parse(source, None).unwrap();
        let query = Query::new(
            &elixir(),
            "(integer) @n\n(call) @c\n(call target: (identifier) @t)",
        )
        .unwrap();
        let found: Vec<(usize, &str)> = query
            .matches(tree.root_node(), source.as_bytes())
            .iter()
            .map(|m| {
                let node = m.captures[0].node;
                (m.pattern_index, &source[node.byte_range()])
            })
            .collect();
        assert_eq!(
            found,
            [
                (1, "outer(inner(1), 2)"),
                (2, "outer"),
                (1, "inner(1)"),
                (2, "inner"),
                (0, "1"),
                (0, "2"),
            ]
        );
    }

    #[test]
    fn no_wildcard_matches_an_error() {
        let source = "f(a, ) b)";
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&elixir()).unwrap();
        let tree = parser.parse(source, None).unwrap();
        for pattern in ["_ @x", "(_) @x"] {
            let query = Query::new(&elixir(), pattern).unwrap();
            for found in query.matches(tree.root_node(), source.as_bytes()) {
                assert!(!found.captures[0].node.is_error(), "{pattern}");
            }
        }
    }
}
