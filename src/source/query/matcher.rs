//! Matching one pattern at one node: its steps against the node's children, with the
//! alternatives, anchors and optional steps of the subset.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use tree_sitter::{Node, TreeCursor};

use super::Capture;
use super::pattern::{ChildStep, NodeKind, NodePattern};

pub(super) struct Matcher<'s, 'tree> {
    pub(super) source: &'s [u8],
    /// One cursor, reset to each node whose children a nested step needs: making a cursor
    /// allocates, and a test file has a few such nodes per test.
    pub(super) cursor: RefCell<TreeCursor<'tree>>,
    /// Where children are listed before they are kept.
    pub(super) list: RefCell<Vec<Child<'tree>>>,
    /// The children listed since the walk's last root, by node id.
    pub(super) known: RefCell<Known<'tree>>,
}

/// The children listed since the walk's last root, by node id. A root has few nodes below it
/// that a pattern looks into, so a short list is cheaper than a map; past it a map keeps a
/// root with a nested step at each of thousands of children (a Jest file's top-level
/// `describe` calls, under `program`) linear.
#[derive(Default)]
pub(super) struct Known<'tree> {
    pub(super) first: Vec<(usize, Rc<[Child<'tree>]>)>,
    pub(super) rest: HashMap<usize, Rc<[Child<'tree>]>>,
}

impl<'tree> Known<'tree> {
    pub(super) const LIST_LEN: usize = 16;

    pub(super) fn get(&self, id: usize) -> Option<Rc<[Child<'tree>]>> {
        match self.first.iter().find(|(known, _)| *known == id) {
            Some((_, children)) => Some(children.clone()),
            None => self.rest.get(&id).cloned(),
        }
    }

    pub(super) fn insert(&mut self, id: usize, children: Rc<[Child<'tree>]>) {
        if self.first.len() < Self::LIST_LEN {
            self.first.push((id, children));
        } else {
            self.rest.insert(id, children);
        }
    }

    /// Forgets everything; a map grown large is let go rather than cleared, which would cost
    /// its capacity at every root.
    pub(super) fn clear(&mut self) {
        self.first.clear();
        if !self.rest.is_empty() {
            self.rest = HashMap::new();
        }
    }
}

pub(super) type Bound<'tree> = Vec<Capture<'tree>>;

/// A child node and its field id.
pub(super) type Child<'tree> = (Node<'tree>, Option<u16>);

/// The field id of the cursor's node in its parent.
pub(super) fn field(cursor: &TreeCursor) -> Option<u16> {
    cursor.field_id().map(|f| f.get())
}

impl<'tree> Matcher<'_, 'tree> {
    /// The children of a node below a pattern's root, listed once for all the patterns tried
    /// at that root (three ExUnit `test` patterns look at the same `arguments`).
    pub(super) fn children_of(&self, node: Node<'tree>) -> Rc<[Child<'tree>]> {
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
    pub(super) fn forget(&self) {
        self.known.borrow_mut().clear();
    }

    /// Matches `step` at `node`; calls `then` for each way it matches. Returns whether any
    /// call of `then` returned true.
    pub(super) fn step_at(
        &self,
        step: &ChildStep,
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

    pub(super) fn node_at(
        &self,
        pattern: &NodePattern,
        node: Node<'tree>,
        children: Option<&[Child<'tree>]>,
        bound: &mut Bound<'tree>,
        then: &mut dyn FnMut(&mut Bound<'tree>) -> bool,
    ) -> bool {
        let kind_matches = match &pattern.kind {
            NodeKind::Ids(ids) => ids.contains(&node.kind_id()),
            NodeKind::AnyNamed => node.is_named() && !node.is_error(),
            NodeKind::Any => !node.is_error(),
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
    pub(super) fn children_from(
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
