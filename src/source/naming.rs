//! Test names from group and test names, by a language's `[naming]` rule, and the runtime
//! identifier JUnit results are joined on.

use crate::source::language::Naming;

/// A name made of literal text and holes that are only filled at run time (interpolations).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Name(Vec<Piece>);

#[derive(Clone, Debug, PartialEq)]
enum Piece {
    Literal(String),
    /// An interpolation, kept as its source text.
    Hole(String),
}

impl Name {
    /// A name that is all literal text.
    pub fn literal(text: &str) -> Name {
        Name(vec![Piece::Literal(text.to_string())])
    }

    /// The name without `prefix` at its start (when its literal start has it).
    pub fn strip_prefix(&self, prefix: &str) -> Name {
        let mut name = self.clone();
        if let Some(Piece::Literal(first)) = name.0.first_mut()
            && let Some(rest) = first.strip_prefix(prefix)
        {
            *first = rest.to_string();
        }
        name
    }

    pub(crate) fn push_literal(&mut self, text: &str) {
        match self.0.last_mut() {
            Some(Piece::Literal(last)) => last.push_str(text),
            _ => self.0.push(Piece::Literal(text.to_string())),
        }
    }

    pub(crate) fn push_hole(&mut self, source: &str) {
        self.0.push(Piece::Hole(source.to_string()));
    }

    pub(crate) fn append(&mut self, other: &Name) {
        for piece in &other.0 {
            match piece {
                Piece::Literal(text) => self.push_literal(text),
                Piece::Hole(source) => self.push_hole(source),
            }
        }
    }

    /// This name with `other` after it.
    pub(crate) fn followed_by(mut self, other: &Name) -> Name {
        self.append(other);
        self
    }

    /// A heredoc's value: the text after the opening line, each line without the indentation
    /// of the closing delimiter's line.
    pub(crate) fn dedent_heredoc(&mut self) {
        let indent = match self.0.last() {
            Some(Piece::Literal(last)) => {
                let tail = &last[last.rfind('\n').map_or(0, |i| i + 1)..];
                if tail.trim().is_empty() {
                    tail.to_string()
                } else {
                    String::new()
                }
            }
            _ => String::new(),
        };
        let mut at_line_start = true;
        let mut first = true;
        for piece in &mut self.0 {
            let Piece::Literal(text) = piece else {
                at_line_start = false;
                continue;
            };
            if first {
                *text = text
                    .strip_prefix("\r\n")
                    .or_else(|| text.strip_prefix('\n'))
                    .unwrap_or(text)
                    .to_string();
            }
            let mut out = String::with_capacity(text.len());
            for (i, line) in text.split('\n').enumerate() {
                if i > 0 {
                    out.push('\n');
                }
                let starts_line = i > 0 || at_line_start;
                out.push_str(if starts_line {
                    line.strip_prefix(indent.as_str()).unwrap_or(line)
                } else {
                    line
                });
            }
            at_line_start = out.ends_with('\n');
            *text = out;
            first = false;
        }
    }

    /// The name with every match of `placeholders` in its literal text made a hole (a name
    /// the framework formats once per row of a table).
    pub fn with_holes(&self, placeholders: &regex::Regex) -> Name {
        let mut name = Name::default();
        for piece in &self.0 {
            match piece {
                Piece::Literal(text) => {
                    let mut at = 0;
                    for found in placeholders.find_iter(text) {
                        name.push_literal(&text[at..found.start()]);
                        name.push_hole(found.as_str());
                        at = found.end();
                    }
                    name.push_literal(&text[at..]);
                }
                Piece::Hole(source) => name.push_hole(source),
            }
        }
        name
    }

    /// True when the name is fully known before the tests run.
    pub fn is_static(&self) -> bool {
        self.0
            .iter()
            .all(|piece| matches!(piece, Piece::Literal(_)))
    }

    /// The name as the source writes it: literal text decoded, interpolations as written.
    pub fn display(&self) -> String {
        self.0
            .iter()
            .map(|piece| match piece {
                Piece::Literal(text) | Piece::Hole(text) => text.as_str(),
            })
            .collect()
    }

    /// The literal runs around the holes: a runtime name matches when it is these runs with
    /// anything in between (see `crate::source::meta::matches_parts`).
    pub fn literal_parts(&self) -> Vec<String> {
        let mut parts = vec![String::new()];
        for piece in &self.0 {
            match piece {
                Piece::Literal(text) => parts.last_mut().unwrap().push_str(text),
                Piece::Hole(_) => parts.push(String::new()),
            }
        }
        parts
    }
}

/// The name results.json shows (for ExUnit, also the runtime name): the rule applied to
/// the enclosing group names (outermost first) and the test's own name.
pub fn display(naming: &Naming, groups: &[&Name], test: &Name) -> Name {
    let mut name = Name::default();
    name.push_literal(&naming.prefix);
    if naming.groups {
        for group in groups {
            name.append(group);
            name.push_literal(&naming.separator);
        }
    }
    name.append(&test.strip_prefix(&naming.strip_prefix));
    if !name.is_static() {
        // Rewriting text around a hole would guess at run-time text; only the prefix and
        // separators apply to such names.
        return name;
    }
    let mut text = name.display();
    if let Some([from, to]) = &naming.junction
        && let Some(at) = text.rfind(from.as_str())
    {
        text.replace_range(at..at + from.len(), to);
    }
    if let Some(underscore) = &naming.underscores {
        text = text.replace('_', underscore);
    }
    if naming.capitalize {
        text = capitalize(&text);
    }
    Name::literal(&text)
}

/// The runtime identifier: group names and the test's own name joined by `.`, as JUnit's
/// `classname` and `name` end; `None` for languages whose name is the identifier.
pub fn runtime_id(naming: &Naming, groups: &[&Name], test: &Name) -> Option<String> {
    naming.runtime_id.then(|| {
        groups
            .iter()
            .map(|g| g.display())
            .chain([test.display()])
            .collect::<Vec<_>>()
            .join(".")
    })
}

/// Ruby's `String#capitalize`: the first character upper case, the rest lower case.
fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first
            .to_uppercase()
            .chain(chars.flat_map(char::to_lowercase))
            .collect(),
        None => String::new(),
    }
}

/// Decodes one backslash escape sequence as the C family of languages write them.
pub fn unescape(escape: &str) -> String {
    let mut chars = escape.chars();
    if chars.next() != Some('\\') {
        return escape.to_string();
    }
    let rest: String = chars.collect();
    let simple = match rest.as_str() {
        // A backslash before a line break continues the line: both go.
        "\n" | "\r\n" => return String::new(),
        "n" => Some('\n'),
        "t" => Some('\t'),
        "r" => Some('\r'),
        "s" => Some(' '),
        "e" => Some('\u{1b}'),
        "0" => Some('\0'),
        "a" => Some('\u{7}'),
        "b" => Some('\u{8}'),
        "f" => Some('\u{c}'),
        "v" => Some('\u{b}'),
        "d" => Some('\u{7f}'),
        _ => None,
    };
    if let Some(c) = simple {
        return c.to_string();
    }
    let hex = rest
        .strip_prefix("u{")
        .and_then(|h| h.strip_suffix('}'))
        .or_else(|| rest.strip_prefix('u'))
        .or_else(|| rest.strip_prefix("x{").and_then(|h| h.strip_suffix('}')))
        .or_else(|| rest.strip_prefix('x'));
    if let Some(c) = hex
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .and_then(char::from_u32)
    {
        return c.to_string();
    }
    // `\"`, `\\`, `\#` and every other escaped character stand for themselves.
    rest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_decode_to_the_character_they_stand_for() {
        assert_eq!(unescape("\\n"), "\n");
        assert_eq!(unescape("\\\""), "\"");
        assert_eq!(unescape("\\#"), "#");
        assert_eq!(unescape("\\u{1F600}"), "😀");
        assert_eq!(unescape("\\u00e9"), "é");
        assert_eq!(unescape("\\x41"), "A");
    }

    fn rule(toml: &str) -> Naming {
        toml::from_str(toml).unwrap()
    }

    #[test]
    fn the_ruby_rule_drops_only_the_leading_test_prefix_and_capitalizes() {
        let ruby = rule("strip_prefix = 'test_'\nunderscores = ' '\ncapitalize = true");
        let name = display(
            &ruby,
            &[&Name::literal("ScoreTest")],
            &Name::literal("test_latest_score_IS_test_x"),
        );
        assert_eq!(name.display(), "Latest score is test x");
    }

    #[test]
    fn the_python_rule_turns_the_test_junction_into_an_arrow() {
        let python = rule(
            "groups = true\nseparator = '.'\njunction = ['Test.test_', ' > ']\nunderscores = ' '\nruntime_id = true",
        );
        let group = Name::literal("ClassNameTest");
        let test = Name::literal("test_some_thing");
        assert_eq!(
            display(&python, &[&group], &test).display(),
            "ClassName > some thing"
        );
        assert_eq!(
            runtime_id(&python, &[&group], &test).unwrap(),
            "ClassNameTest.test_some_thing"
        );
        let plain = Name::literal("HangmanTests");
        assert_eq!(
            display(&python, &[&plain], &test).display(),
            "HangmanTests.test some thing"
        );
    }
}
