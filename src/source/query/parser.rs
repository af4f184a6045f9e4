//! Reading a query's text into patterns, with an error naming the line of anything outside the
//! subset.

use std::collections::HashMap;

use regex::bytes::Regex;
use tree_sitter::Language;

use super::QueryError;
use super::pattern::{Check, ChildStep, NodeKind, NodePattern};

pub(super) struct QueryParser<'a> {
    pub(super) language: &'a Language,
    pub(super) source: &'a [u8],
    pub(super) at: usize,
    pub(super) capture_names: Vec<String>,
    /// Visible node kind ids by (name, named), built on first use.
    pub(super) kinds: HashMap<(&'a str, bool), Vec<u16>>,
    /// The predicates of the pattern being read, by capture index.
    pub(super) predicates: Vec<(u32, Check)>,
}

impl QueryParser<'_> {
    pub(super) fn error_at(&self, at: usize, message: impl Into<String>) -> QueryError {
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

    pub(super) fn error(&self, message: impl Into<String>) -> QueryError {
        self.error_at(self.at, message)
    }

    /// Skips whitespace and comments; false at the end of the source.
    pub(super) fn skip_space(&mut self) -> bool {
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

    pub(super) fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.source.get(self.at).copied()
    }

    pub(super) fn expect(&mut self, byte: u8) -> Result<(), QueryError> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(format!("expected `{}`", byte as char)))
        }
    }

    pub(super) fn identifier(&mut self) -> &str {
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

    pub(super) fn string(&mut self) -> Result<Vec<u8>, QueryError> {
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

    pub(super) fn capture(&mut self) -> u32 {
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

    pub(super) fn field(&self, name: &str) -> Result<u16, QueryError> {
        self.language
            .field_id_for_name(name)
            .map(|id| id.get())
            .ok_or_else(|| self.error(format!("unknown field `{name}`")))
    }

    pub(super) fn kind(&mut self, name: &[u8], named: bool) -> Result<NodeKind, QueryError> {
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
        Ok(NodeKind::Ids(ids))
    }

    /// One child position: an anchor before it is read by the caller. `in_node` says whether
    /// the step sits inside a node pattern, where fields and negated fields may appear.
    pub(super) fn step(&mut self, anchored: bool, in_node: bool) -> Result<ChildStep, QueryError> {
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
        let mut step = ChildStep {
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
    pub(super) fn node(&mut self) -> Result<NodePattern, QueryError> {
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
                Ok(pattern(NodeKind::Any))
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
                            "_" => NodeKind::AnyNamed,
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
    pub(super) fn node_with_captures(&mut self) -> Result<NodePattern, QueryError> {
        let mut node = self.node()?;
        while self.peek() == Some(b'@') {
            let capture = self.capture();
            node.captures.push(capture);
        }
        Ok(node)
    }

    pub(super) fn predicates_until_close(&mut self) -> Result<(), QueryError> {
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
    pub(super) fn predicate(&mut self) -> Result<(), QueryError> {
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
