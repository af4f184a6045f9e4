//! What a test's body uses of its own file, so that `test_code` can show it: the definitions,
//! scopes and references that `queries/<lang>/locals.scm` captures, and one resolver that walks
//! scopes outward from each use, as tree-sitter's highlighter, Helix and nvim-treesitter do.
//!
//! # Capture vocabulary
//!
//! | capture | meaning |
//! |---|---|
//! | `@local.scope` | a node that opens a scope |
//! | `@local.definition` | a node whose text is a name the match defines |
//! | `@local.definition.<namespace>` | the same, in a namespace of its own (an Elixir `@attribute`, a Ruby `@ivar`, a Python `self.member`): it is only found by references of that namespace |
//! | `@local.item` | the node shown for the definitions of the same match (the whole `defp`, the `setup` method that assigns an instance variable). A definition binds its name in the innermost scope around its item; one without an item (a parameter, a loop variable) in the innermost scope around itself, and is never shown: it only hides the file's definitions of its name |
//! | `@local.reference`, `@local.reference.<namespace>` | a node whose text is a name used. A node captured in a namespace and in none (a member name that a catch-all `(identifier)` pattern takes too) is a reference of the namespace |
//! | `@local.hook` | code the framework runs around every test of its innermost scope and hands values to (an ExUnit `setup`, a Python class decorator `mock.patch`): shown for the tests that take what it gives |
//! | `@local.context` | a node of a test's head that takes what the hooks give (an ExUnit test's context argument, a Python test method's parameters after `self`) |
//! | `@local.import` | a node naming a definition of the file whose item is a scope (a Ruby module), whose names become visible in the innermost scope around the node (`include Helpers`) |
//!
//! The grammar file's `[locals]` table says how a captured node's text becomes a name
//! (`trim`, `qualified`; see `crate::source::language::Locals`).
//!
//! A use resolves to the definitions of its name in the innermost scope around it that has
//! any, in its namespace; a scope that imports another has that one's definitions too, after
//! its own. What a test uses is what its body's uses resolve to, outside the test
//! itself, then what those definitions use in turn, and the hooks around the test when its head
//! takes their context.
//!
//! The file is indexed once: the patterns that define a shown item, open a scope, or are a
//! hook or a context run in the same walk as the tests query (`indexing_patterns`,
//! `crate::source::syntax::analyze_with_locals`). Uses and a body's own names (parameters, loop
//! variables) are read afterwards with the other patterns (`reading_patterns`), and only inside a body or shown
//! definition whose text holds a name the file defines outside its tests: most bodies of a
//! large file use nothing of it and are never walked again. A body that is walked again is
//! walked only into the nodes whose text holds a name the file defines with an item, the only
//! names a use can resolve to or a binding can hide.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

use aho_corasick::AhoCorasick;
use tree_sitter::{Node, Tree};

use crate::source::language::{Language, Locals as Facts};
use crate::source::query::Query;

/// The part a `local.*` capture plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LocalsCapture {
    Scope,
    Definition(Namespace),
    Reference(Namespace),
    Item,
    Hook,
    Context,
    Import,
}

/// A namespace of names; 0 is the default one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Namespace(u16);

/// The roles of `local.*` capture names, with their namespaces numbered in one table so that a
/// definition and a reference of one namespace meet, whichever query they come from.
#[derive(Default)]
pub struct Roles {
    namespaces: Vec<String>,
}

impl Roles {
    /// The table of a language's namespaces, in the order its locals query names them.
    pub fn of(language: &Language) -> Roles {
        let mut roles = Roles::default();
        for name in language.locals_query().capture_names() {
            roles.parse(name);
        }
        roles
    }

    /// The role of the capture `name` (without `@`), or `None` when it is not a `local.` one.
    /// Panics on a `local.` capture outside the vocabulary: queries are compiled into the binary
    /// and checked by the registry tests.
    pub fn parse(&mut self, name: &str) -> Option<LocalsCapture> {
        let rest = name.strip_prefix("local.")?;
        let mut namespace = |suffix: Option<&str>| match suffix {
            None => Namespace(0),
            Some(suffix) => {
                let index = match self.namespaces.iter().position(|n| n == suffix) {
                    Some(index) => index,
                    None => {
                        self.namespaces.push(suffix.to_string());
                        self.namespaces.len() - 1
                    }
                };
                Namespace(index as u16 + 1)
            }
        };
        let (head, suffix) = match rest.split_once('.') {
            Some((head, suffix)) => (head, Some(suffix)),
            None => (rest, None),
        };
        Some(match (head, suffix) {
            ("scope", None) => LocalsCapture::Scope,
            ("definition", suffix) => LocalsCapture::Definition(namespace(suffix)),
            ("reference", suffix) => LocalsCapture::Reference(namespace(suffix)),
            ("item", None) => LocalsCapture::Item,
            ("hook", None) => LocalsCapture::Hook,
            ("context", None) => LocalsCapture::Context,
            ("import", None) => LocalsCapture::Import,
            _ => panic!("unknown capture @{name} in a locals query"),
        })
    }
}

/// The tests query and the patterns of the locals query that index a file, as one query, so
/// that `--parse-meta` reads a file's tests and its definitions in one walk.
pub fn tests_and_indexing_query(language: &Language) -> &Query {
    language.derived_query("tests.scm and locals.scm", |language| {
        let indexing = indexing_patterns(language.locals_source());
        format!("{}\n{indexing}", language.tests_source())
    })
}

/// The patterns of a locals query that the walk over the whole file needs: those that open a
/// scope, define a shown item, or are a hook, a context or an import. Uses and names a body binds for itself
/// are read later, only where a body may use the file (see the module docs).
pub fn indexing_patterns(query: &str) -> String {
    let mut kept = String::new();
    for pattern in top_level_forms(query) {
        let captures = capture_names(pattern);
        if [
            "local.scope",
            "local.item",
            "local.hook",
            "local.context",
            "local.import",
        ]
        .iter()
        .any(|name| captures.contains(name))
        {
            kept.push_str(pattern);
            kept.push('\n');
        }
    }
    kept
}

/// The patterns of a locals query that reading a body needs: those that capture a use, or a
/// name bound without being shown (a parameter, a loop variable). What defines a shown item,
/// opens a scope, or is a hook, a context or an import is known from the walk over the file,
/// and matching it again in every body that uses the file cost as much as the rest.
pub fn reading_patterns(query: &str) -> String {
    let mut kept = String::new();
    for pattern in top_level_forms(query) {
        let captures = capture_names(pattern);
        let uses = captures.iter().any(|c| c.starts_with("local.reference"));
        let binds = captures.iter().any(|c| c.starts_with("local.definition"))
            && !captures.contains(&"local.item");
        if uses || binds {
            kept.push_str(pattern);
            kept.push('\n');
        }
    }
    kept
}

/// Walks a query source by its syntax: calls `visit` with each byte offset outside comments and
/// string literals, and the byte there.
fn code_bytes(query: &str, mut visit: impl FnMut(usize, u8)) {
    let bytes = query.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b';' => {
                while at < bytes.len() && bytes[at] != b'\n' {
                    at += 1;
                }
            }
            b'"' => {
                at += 1;
                while at < bytes.len() && bytes[at] != b'"' {
                    at += if bytes[at] == b'\\' { 2 } else { 1 };
                }
                at += 1;
            }
            byte => {
                visit(at, byte);
                at += 1;
            }
        }
    }
}

/// The top-level forms of a query source, each with the predicates, captures and comments that
/// follow it up to the next.
fn top_level_forms(query: &str) -> Vec<&str> {
    let mut starts = Vec::new();
    let mut depth = 0usize;
    code_bytes(query, |at, byte| match byte {
        b'(' | b'[' => {
            if depth == 0 {
                starts.push(at);
            }
            depth += 1;
        }
        b')' | b']' => depth = depth.saturating_sub(1),
        _ => {}
    });
    let ends = starts.iter().skip(1).copied().chain([query.len()]);
    starts
        .iter()
        .zip(ends)
        .map(|(&start, end)| &query[start..end])
        .collect()
}

/// The names of the captures a pattern's text writes (`@name`), outside comments and strings.
fn capture_names(pattern: &str) -> Vec<&str> {
    let mut names = Vec::new();
    code_bytes(pattern, |at, byte| {
        if byte == b'@' {
            let name = &pattern[at + 1..];
            let end = name
                .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '-')))
                .unwrap_or(name.len());
            names.push(&name[..end]);
        }
    });
    names
}

#[derive(Clone)]
struct Definition {
    namespace: Namespace,
    /// The name, a part of the source.
    name: Range<usize>,
    /// What is shown for it; none for a name a body binds for itself (a parameter, a loop
    /// variable), which is never shown but hides what the file defines under that name.
    item: Option<Range<usize>>,
}

#[derive(Clone)]
struct Reference {
    namespace: Namespace,
    name: Range<usize>,
    /// Where the use is, to find the scopes around it.
    at: Range<usize>,
}

/// The `local.*` captures of a file, as the query's walk found them.
#[derive(Default)]
pub struct Captures {
    scopes: Vec<Range<usize>>,
    definitions: Vec<Definition>,
    references: Vec<Reference>,
    hooks: Vec<Range<usize>>,
    contexts: Vec<Range<usize>>,
    /// Each import's name.
    imports: Vec<Range<usize>>,
}

impl Captures {
    /// Adds the `local.*` captures of one match, each with its role.
    pub fn add(&mut self, found: &[(LocalsCapture, Node)], source: &[u8], facts: &Facts) {
        let item = found
            .iter()
            .find(|(role, _)| *role == LocalsCapture::Item)
            .map(|(_, node)| node.byte_range());
        for (role, node) in found {
            let range = node.byte_range();
            match *role {
                LocalsCapture::Scope => self.scopes.push(range),
                LocalsCapture::Hook => self.hooks.push(range),
                LocalsCapture::Context => self.contexts.push(range),
                LocalsCapture::Import => {
                    let name = facts.reference_name(source, range.clone());
                    if !name.is_empty() {
                        self.imports.push(name);
                    }
                }
                LocalsCapture::Item => {}
                LocalsCapture::Definition(namespace) => {
                    let name = facts.definition_name(source, range.clone());
                    if !name.is_empty() {
                        self.definitions.push(Definition {
                            namespace,
                            name,
                            item: item.clone(),
                        });
                    }
                }
                LocalsCapture::Reference(namespace) => {
                    let name = facts.reference_name(source, range.clone());
                    if !name.is_empty() {
                        self.references.push(Reference {
                            namespace,
                            name,
                            at: range,
                        });
                    }
                }
            }
        }
    }
}

/// A definition or hook a test uses: the source it is shown from.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// The node's bytes, from the comments right above it.
    pub range: Range<usize>,
    /// The 1-based first and last lines of the node itself (without those comments).
    pub first_line: usize,
    pub last_line: usize,
}

/// The captures of a file, indexed for resolving: built once per file.
pub struct Index<'a> {
    source: &'a [u8],
    tree: &'a Tree,
    /// The patterns of the locals query that read a body (`reading_patterns`), and the roles
    /// of their captures.
    query: &'a Query,
    roles: Vec<Option<LocalsCapture>>,
    facts: &'a Facts,
    /// Sorted by start, outer first; scope 0 is the whole file.
    scopes: Vec<Range<usize>>,
    parents: Vec<usize>,
    /// Definitions by namespace, name and the scope they bind in, in source order.
    in_scope: HashMap<(Namespace, &'a [u8], usize), Vec<usize>>,
    definitions: Vec<Definition>,
    /// The names defined outside the tests' bodies: a body that holds none uses nothing.
    outer_names: Option<AhoCorasick>,
    /// Every name the file defines with an item: a node whose text holds none of them holds
    /// no use or binding that matters, and a body's reading skips it.
    names: Option<AhoCorasick>,
    /// Each hook with its scope.
    hooks: Vec<(Range<usize>, usize)>,
    contexts: Vec<Range<usize>>,
    /// The scopes each scope imports (see `@local.import`), by the scope that imports them.
    imports: HashMap<usize, Vec<usize>>,
    /// What each shown definition uses in turn, read once however many tests show it.
    read: RefCell<HashMap<Range<usize>, Vec<Range<usize>>>>,
}

impl<'a> Index<'a> {
    /// Indexes what the walk over the file found; `bodies` are the tests' bodies, in source
    /// order.
    pub fn new(
        captures: &Captures,
        source: &'a [u8],
        tree: &'a Tree,
        language: &'a Language,
        bodies: &[Range<usize>],
    ) -> Index<'a> {
        let query = language
            .derived_query("locals.scm, the patterns that read a body", |language| {
                reading_patterns(language.locals_source())
            });
        let mut table = Roles::of(language);
        let roles = query
            .capture_names()
            .iter()
            .map(|name| table.parse(name))
            .collect();
        let mut scopes = captures.scopes.clone();
        scopes.push(0..source.len());
        scopes.sort_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
        scopes.dedup();
        // The parent of each scope: the nearest open one around it, in one sweep.
        let mut parents = Vec::with_capacity(scopes.len());
        let mut open: Vec<usize> = Vec::new();
        for (index, scope) in scopes.iter().enumerate() {
            while open.last().is_some_and(|&o| scopes[o].end < scope.end) {
                open.pop();
            }
            parents.push(open.last().copied().unwrap_or(0));
            open.push(index);
        }
        let mut contexts = captures.contexts.clone();
        contexts.sort_by_key(|c| c.start);
        let mut index = Index {
            source,
            tree,
            query,
            roles,
            facts: &language.facts.locals,
            scopes,
            parents,
            in_scope: HashMap::new(),
            definitions: Vec::new(),
            outer_names: None,
            names: None,
            hooks: Vec::new(),
            contexts,
            imports: HashMap::new(),
            read: RefCell::default(),
        };
        index.hooks = captures
            .hooks
            .iter()
            .map(|hook| (hook.clone(), index.innermost(hook, true)))
            .collect();
        // One name node captured by two patterns (a decorated definition and the plain one
        // inside it) is one definition, shown whole.
        let mut definitions: Vec<Definition> = captures
            .definitions
            .iter()
            .filter(|d| d.item.is_some())
            .cloned()
            .collect();
        definitions.sort_by_key(|d| {
            (
                d.name.start,
                d.namespace,
                std::cmp::Reverse(d.item.as_ref().map_or(0, |item| item.len())),
            )
        });
        definitions.dedup_by(|later, first| {
            later.name == first.name && later.namespace == first.namespace
        });
        let in_body = |range: &Range<usize>| {
            let after = bodies.partition_point(|b| b.start <= range.start);
            after > 0 && range.end <= bodies[after - 1].end
        };
        let mut outer = HashSet::new();
        let mut all = HashSet::new();
        for definition in definitions {
            let item = definition.item.clone().unwrap_or_default();
            let name = &source[definition.name.clone()];
            all.insert(name);
            if !in_body(&item) {
                outer.insert(name);
            }
            let scope = index.innermost(&item, true);
            index
                .in_scope
                .entry((definition.namespace, name, scope))
                .or_default()
                .push(index.definitions.len());
            index.definitions.push(definition);
        }
        if !outer.is_empty() {
            // Built from names of the file, which are short and few.
            index.outer_names = AhoCorasick::new(outer).ok();
            index.names = AhoCorasick::new(all).ok();
        }
        index.imports = index.imported_scopes(&captures.imports);
        index
    }

    /// The scopes that `imports` (the names of `@local.import` nodes) make visible, by the
    /// innermost scope around each: the scope that is the item of the definition each name
    /// resolves to.
    fn imported_scopes(&self, imports: &[Range<usize>]) -> HashMap<usize, Vec<usize>> {
        let mut imported: HashMap<usize, Vec<usize>> = HashMap::new();
        for name in imports {
            let reference = Reference {
                namespace: Namespace(0),
                name: name.clone(),
                at: name.clone(),
            };
            let into = self.innermost(name, false);
            for &d in self.resolve(&reference, &HashSet::new()) {
                let Some(item) = &self.definitions[d].item else {
                    continue;
                };
                let found = self.scopes.partition_point(|s| s.start < item.start);
                let scope = self.scopes[found..]
                    .iter()
                    .take_while(|s| s.start == item.start)
                    .position(|s| s == item);
                if let Some(offset) = scope
                    && found + offset != into
                {
                    imported.entry(into).or_default().push(found + offset);
                }
            }
        }
        imported
    }

    /// The innermost scope around `range`; with `strict`, one that is not `range` itself.
    fn innermost(&self, range: &Range<usize>, strict: bool) -> usize {
        let after = self.scopes.partition_point(|s| s.start <= range.start);
        let mut scope = after.saturating_sub(1);
        loop {
            let s = &self.scopes[scope];
            let around = s.start <= range.start && range.end <= s.end;
            if scope == 0 || (around && !(strict && s == range)) {
                return scope;
            }
            scope = self.parents[scope];
        }
    }

    /// What the test at `test` (its whole node) with its body at `body` uses of the file, in
    /// source order, none inside another.
    pub fn uses(&self, test: &Range<usize>, body: &Range<usize>) -> Vec<Range<usize>> {
        let inside = |outer: &Range<usize>, inner: &Range<usize>| {
            outer.start <= inner.start && inner.end <= outer.end
        };
        let overlaps = |a: &Range<usize>, b: &Range<usize>| a.start < b.end && b.start < a.end;
        let mut shown: HashSet<Range<usize>> = HashSet::new();
        let mut to_read: Vec<Range<usize>> = Vec::new();
        let mut add = |item: &Range<usize>, to_read: &mut Vec<Range<usize>>| {
            if !overlaps(item, test) && shown.insert(item.clone()) {
                to_read.push(item.clone());
            }
        };
        let takes_context = {
            let first = self.contexts.partition_point(|c| c.start < test.start);
            self.contexts[first..]
                .iter()
                .take_while(|c| c.end <= test.end)
                .any(|c| !overlaps(c, body))
        };
        if takes_context {
            for (hook, scope) in &self.hooks {
                if inside(&self.scopes[*scope], test) {
                    add(hook, &mut to_read);
                }
            }
        }
        for item in self.direct_uses(body) {
            add(&item, &mut to_read);
        }
        while let Some(range) = to_read.pop() {
            let known = self.read.borrow().get(&range).cloned();
            let direct = known.unwrap_or_else(|| {
                let direct = self.direct_uses(&range);
                self.read.borrow_mut().insert(range, direct.clone());
                direct
            });
            for item in &direct {
                add(item, &mut to_read);
            }
        }
        let mut items: Vec<Range<usize>> = shown.into_iter().collect();
        items.sort_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
        let mut outermost: Vec<Range<usize>> = Vec::with_capacity(items.len());
        for item in items {
            if !outermost.last().is_some_and(|o| inside(o, &item)) {
                outermost.push(item);
            }
        }
        outermost
    }

    /// The items that the uses inside `range` resolve to, but those that hold the use (a name
    /// the range defines for itself). Reads the range with the locals query's reading patterns,
    /// unless its text holds no name defined outside the tests.
    fn direct_uses(&self, range: &Range<usize>) -> Vec<Range<usize>> {
        let mentions = self
            .outer_names
            .as_ref()
            .is_some_and(|names| names.is_match(&self.source[range.clone()]));
        if !mentions {
            return Vec::new();
        }
        let root = self.tree.root_node();
        let node = root
            .descendant_for_byte_range(range.start, range.end)
            .unwrap_or(root);
        // Where the file's names occur in the node, by start: a node that holds none is
        // skipped, since what it captures could neither resolve nor hide a definition.
        let mut occurrences: Vec<Range<usize>> = match &self.names {
            Some(names) => names
                .find_overlapping_iter(&self.source[node.byte_range()])
                .map(|m| node.start_byte() + m.start()..node.start_byte() + m.end())
                .collect(),
            None => Vec::new(),
        };
        occurrences.sort_by_key(|o| (o.start, o.end));
        let holds_a_name = |node: Node| {
            let first = occurrences.partition_point(|o| o.start < node.start_byte());
            occurrences[first..]
                .iter()
                .take_while(|o| o.start < node.end_byte())
                .any(|o| o.end <= node.end_byte())
        };
        let mut found = Captures::default();
        let mut local = Vec::new();
        for matched in self.query.matches_where(node, self.source, &holds_a_name) {
            local.clear();
            local.extend(
                matched
                    .captures
                    .iter()
                    .filter_map(|c| Some((self.roles[c.index as usize]?, c.node))),
            );
            found.add(&local, self.source, self.facts);
        }
        // The names the range binds without showing them (parameters, loop variables).
        let bound: HashSet<(Namespace, &[u8], usize)> = found
            .definitions
            .iter()
            .filter(|d| d.item.is_none())
            .map(|d| {
                let scope = self.innermost(&d.name, true);
                (d.namespace, &self.source[d.name.clone()], scope)
            })
            .collect();
        // A node captured in a namespace and in none is a use of the namespace.
        let mut references = found.references;
        references.retain(|r| range.start <= r.at.start && r.at.end <= range.end);
        references.sort_by_key(|r| (r.at.start, r.at.end, std::cmp::Reverse(r.namespace)));
        references.dedup_by(|later, first| later.at == first.at);
        let mut items = Vec::new();
        for reference in &references {
            for &d in self.resolve(reference, &bound) {
                if let Some(item) = &self.definitions[d].item
                    && !(item.start <= reference.at.start && reference.at.end <= item.end)
                {
                    items.push(item.clone());
                }
            }
        }
        items.sort_by_key(|r| (r.start, r.end));
        items.dedup();
        items
    }

    /// The definitions a use resolves to: those of its name in the innermost scope around it
    /// that defines it, or imports a scope that does; none when that scope binds it only for
    /// itself (`bound`).
    fn resolve(
        &self,
        reference: &Reference,
        bound: &HashSet<(Namespace, &[u8], usize)>,
    ) -> &[usize] {
        let name = &self.source[reference.name.clone()];
        let mut scope = self.innermost(&reference.at, false);
        loop {
            if let Some(found) = self.in_scope.get(&(reference.namespace, name, scope)) {
                return found;
            }
            if bound.contains(&(reference.namespace, name, scope)) {
                return &[];
            }
            let imported = self.imports.get(&scope).into_iter().flatten();
            for &other in imported {
                if let Some(found) = self.in_scope.get(&(reference.namespace, name, other)) {
                    return found;
                }
            }
            if scope == 0 {
                return &[];
            }
            scope = self.parents[scope];
        }
    }
}

/// The item at `range` as shown: from the comments on the lines right above its node (which the
/// student reads as part of it), with the node's own lines.
pub fn item(tree: &Tree, source: &[u8], range: Range<usize>) -> Item {
    let root = tree.root_node();
    let mut node = root
        .descendant_for_byte_range(range.start, range.end)
        .unwrap_or(root);
    // Of a node and the parents that span the same bytes, the outermost has the siblings.
    while let Some(parent) = node.parent()
        && parent.byte_range() == node.byte_range()
    {
        node = parent;
    }
    let mut start = node;
    while let Some(previous) = start.prev_sibling()
        && previous.is_extra()
        && previous.end_position().row + 1 == start.start_position().row
        && starts_line(source, previous.start_byte())
    {
        start = previous;
    }
    Item {
        range: start.start_byte().min(range.start)..range.end,
        first_line: node.start_position().row + 1,
        last_line: node.end_position().row + 1,
    }
}

/// Whether only blanks come before `at` on its line.
fn starts_line(source: &[u8], at: usize) -> bool {
    source[..at]
        .iter()
        .rev()
        .take_while(|&&b| b != b'\n')
        .all(|b| matches!(b, b' ' | b'\t'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_name_gives_its_role_and_one_namespace_per_suffix() {
        let mut roles = Roles::default();
        let attribute = roles.parse("local.definition.attribute");
        assert_eq!(
            roles.parse("local.reference.attribute"),
            Some(LocalsCapture::Reference(Namespace(1)))
        );
        assert_eq!(attribute, Some(LocalsCapture::Definition(Namespace(1))));
        assert_eq!(
            roles.parse("local.reference"),
            Some(LocalsCapture::Reference(Namespace(0)))
        );
        assert_eq!(
            roles.parse("local.definition.member"),
            Some(LocalsCapture::Definition(Namespace(2)))
        );
        assert_eq!(roles.parse("test.name"), None);
        assert_eq!(roles.parse("local.scope"), Some(LocalsCapture::Scope));
        assert_eq!(roles.parse("local.import"), Some(LocalsCapture::Import));
    }

    #[test]
    fn the_walk_over_the_file_takes_no_use_and_no_bare_binding() {
        let query = "; a (comment) with @local.reference\n\
                     (a) @local.scope\n\
                     (b name: (c) @local.definition) @local.item\n\
                     (d (e) @local.definition)\n\
                     [(f) (g \"(\")] @local.reference\n\
                     (h) @local.hook (#eq? @local.hook \"@local.reference\")\n";
        let kept = indexing_patterns(query);
        assert!(kept.contains("(a) @local.scope"), "{kept}");
        assert!(kept.contains("@local.item"), "{kept}");
        assert!(kept.contains("(h) @local.hook"), "{kept}");
        assert!(!kept.contains("(d (e)"), "{kept}");
        assert!(!kept.contains("(f)"), "{kept}");
        let import = indexing_patterns("(i (c) @local.import)\n(j) @local.reference");
        assert_eq!(import.trim_end(), "(i (c) @local.import)");
        let both = indexing_patterns("(a (b) @local.definition @local.reference.x) @local.item");
        assert!(both.contains("(a (b)"), "{both}");
    }

    #[test]
    fn a_body_is_read_with_the_uses_and_bare_bindings_only() {
        let query = "(a) @local.scope\n\
                     (b name: (c) @local.definition) @local.item\n\
                     (d (e) @local.definition)\n\
                     [(f) (g \"(\")] @local.reference\n\
                     (h) @local.hook\n\
                     (i (c) @local.import)\n\
                     (j (k) @local.definition @local.reference.x) @local.item\n";
        let kept = reading_patterns(query);
        assert!(kept.contains("(d (e) @local.definition)"), "{kept}");
        assert!(kept.contains("[(f) (g"), "{kept}");
        assert!(kept.contains("(j (k)"), "{kept}");
        for left_out in ["(a)", "(b name", "(h)", "(i (c)"] {
            assert!(!kept.contains(left_out), "{kept}");
        }
    }
}
