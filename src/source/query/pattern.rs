//! The compiled form of a query: patterns of steps and node patterns, their predicates, and the
//! gate that rules most nodes out before a pattern is tried.

use regex::bytes::Regex;

use super::matcher::Child;

pub(super) struct Pattern {
    pub(super) root: ChildStep,
    /// A test the pattern's root must pass before it is tried, when its shape gives one.
    pub(super) gate: Option<Gate>,
    /// For a pattern that is a node's kind alone with its captures (`(identifier) @name`):
    /// the captures, in the order a match binds them. Such a pattern matches once at every
    /// node of its kind, so the walk reports it without trying it.
    pub(super) simple: Option<Vec<u32>>,
}

impl Pattern {
    /// The captures of `root` when it is a node's kind alone (see `simple`).
    pub(super) fn simple(root: &ChildStep) -> Option<Vec<u32>> {
        let [alternative] = root.alternatives.as_slice() else {
            return None;
        };
        let plain = matches!(alternative.kind, NodeKind::Ids(_))
            && alternative.children.is_empty()
            && alternative.checks.is_empty()
            && alternative.negated_fields.is_empty()
            && !alternative.anchored_end;
        plain.then(|| {
            root.captures
                .iter()
                .chain(&alternative.captures)
                .copied()
                .collect()
        })
    }
}

/// What a node needs for a pattern rooted at it to have any chance: a child in `field`, of
/// one of `kinds`, whose text passes `checks`. Taken from the pattern's first child step that
/// is required, has a field, one alternative and a predicate (`target: (identifier) @_t
/// (#eq? @_t "test")`), it rules out most nodes of a common kind (an Elixir `call`) with one
/// comparison instead of a match attempt per pattern.
pub(super) struct Gate {
    pub(super) field: u16,
    pub(super) kinds: Vec<u16>,
    pub(super) checks: Vec<Check>,
}

impl Gate {
    pub(super) fn of(root: &ChildStep) -> Option<Gate> {
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
                            kind: NodeKind::Ids(kinds),
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

    pub(super) fn admits(&self, children: &[Child], source: &[u8]) -> bool {
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
pub(super) struct ChildStep {
    pub(super) field: Option<u16>,
    pub(super) alternatives: Vec<NodePattern>,
    /// Captures written after an alternation: bound to whichever alternative matched.
    pub(super) captures: Vec<u32>,
    pub(super) optional: bool,
    /// An anchor `.` comes before this step.
    pub(super) anchored: bool,
}

pub(super) struct NodePattern {
    pub(super) kind: NodeKind,
    pub(super) captures: Vec<u32>,
    /// Predicates on the node itself (through one of its captures).
    pub(super) checks: Vec<Check>,
    pub(super) negated_fields: Vec<u16>,
    pub(super) children: Vec<ChildStep>,
    /// An anchor `.` follows the last child: it must be the last named child.
    pub(super) anchored_end: bool,
}

pub(super) enum NodeKind {
    /// Any of these kind ids (several symbols can share a name).
    Ids(Vec<u16>),
    /// `(_)`: any named node but an error.
    AnyNamed,
    /// `_`: any node.
    Any,
}

#[derive(Clone)]
pub(super) enum Check {
    Eq(Vec<u8>, bool),
    /// `#match?` with a regex that is `^` and literal text: no regex to build.
    Prefix(Vec<u8>, bool),
    Match(Regex, bool),
    AnyOf(Vec<Vec<u8>>),
}

impl Check {
    pub(super) fn passes(&self, text: &[u8]) -> bool {
        match self {
            Check::Eq(value, positive) => (text == value.as_slice()) == *positive,
            Check::Prefix(prefix, positive) => text.starts_with(prefix) == *positive,
            Check::Match(regex, positive) => regex.is_match(text) == *positive,
            Check::AnyOf(values) => values.iter().any(|v| v.as_slice() == text),
        }
    }
}

/// fails the match rather than trying the absent case).
pub(super) fn checked_under_optional(step: &ChildStep, optional: bool) -> bool {
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
pub(super) fn attach(
    root: &mut ChildStep,
    predicates: Vec<(u32, Check)>,
    names: &[String],
) -> Result<(), String> {
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
pub(super) fn collect_binders<'a>(
    step: &'a mut ChildStep,
    capture: u32,
    out: &mut Vec<&'a mut Vec<Check>>,
) {
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
