//! The walk that visits each node once and tries the patterns its kind may root, on one thread
//! or, for a large file, in parts on every core.

use std::cell::RefCell;
use std::collections::HashSet;

use tree_sitter::{Node, TreeCursor};

use super::matcher::{Child, Known, Matcher, field};
use super::{Capture, Match, Query};

impl Query {
    /// `matches`, walked in up to `parts` parts on as many threads.
    pub(super) fn matches_in_parts<'tree>(
        &self,
        root: Node<'tree>,
        source: &[u8],
        parts: usize,
    ) -> Vec<Match<'tree>> {
        let mut found = Vec::new();
        match Split::of(root, parts) {
            None => {
                self.walk(root.walk(), 1, source, None, 0, None, &mut found);
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
                            self.walk(
                                cursor,
                                count,
                                source,
                                None,
                                part << PART_SHIFT,
                                None,
                                &mut found,
                            );
                            found
                        })
                    })
                    .collect();
                self.walk(root.walk(), 1, source, Some(&split), 0, None, &mut found);
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
    /// them as the part after the last. With `keep`, a node it refuses is neither matched nor
    /// walked into (it is still a child of its parent).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn walk<'tree>(
        &self,
        mut cursor: TreeCursor<'tree>,
        mut siblings: usize,
        source: &[u8],
        split: Option<&Split<'tree>>,
        mut order: usize,
        keep: Option<&dyn Fn(Node<'tree>) -> bool>,
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
            let kept = keep.is_none_or(|keep| keep(node));
            let candidate = kept
                && (self
                    .by_kind
                    .get(node.kind_id() as usize)
                    .is_some_and(|p| !p.is_empty())
                    || !self.anywhere.is_empty());
            path.push(Open {
                node,
                order,
                children: candidate.then(|| spare.pop().unwrap_or_default()),
            });
            order += 1;
            if kept && cursor.goto_first_child() {
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
                        if let Some(captures) = &self.patterns[index].simple {
                            let node = open.node;
                            found.push((
                                open.order,
                                Match {
                                    pattern_index: index,
                                    captures: captures
                                        .iter()
                                        .map(|&index| Capture { index, node })
                                        .collect(),
                                },
                            ));
                            continue;
                        }
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
pub(super) struct Seen {
    pub(super) first: Vec<Vec<(u32, usize)>>,
    pub(super) rest: HashSet<Vec<(u32, usize)>>,
}

impl Seen {
    pub(super) const LIST_LEN: usize = 8;

    /// Whether `key` is new, remembering it.
    pub(super) fn insert(&mut self, key: Vec<(u32, usize)>) -> bool {
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

/// Files smaller than this are walked on one thread: starting another costs more than it
/// saves below about this size.
pub(super) const PARALLEL_FROM_BYTES: usize = 256 * 1024;
/// The most parts a walk is split into.
pub(super) const MAX_PARTS: usize = 8;
/// Node numbers of part `i` start at `i << PART_SHIFT`, so sorting by number puts the parts
/// in document order.
pub(super) const PART_SHIFT: u32 = 40;

/// How a walk is shared: the wide node whose children are split, and the index of the first
/// child of each part (the first part, walked with the rest of the tree, starts at 0).
pub(super) struct Split<'tree> {
    pub(super) wide: Node<'tree>,
    pub(super) starts: Vec<usize>,
    /// The id of the first child of the second part, where the main walk stops.
    pub(super) handed_over: usize,
}

impl<'tree> Split<'tree> {
    /// The widest node along the path to the largest subtrees, when it has enough children
    /// to share, with its children cut into `parts` runs of about equal size in bytes.
    pub(super) fn of(root: Node<'tree>, parts: usize) -> Option<Split<'tree>> {
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
