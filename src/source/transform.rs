//! `--transform`: every test announces itself on stdout, markers that disable tests go, and
//! every line of the original keeps its line number.

use std::ops::Range;

use crate::source::header::{MARKER, header_name};
use crate::source::language::{Facts, Header};
use crate::source::syntax::{Analysis, HeaderSite, Test};

/// One change to the source: replace `range` (possibly empty) by `text`.
#[derive(Debug)]
pub struct Edit {
    pub range: Range<usize>,
    pub text: String,
}

/// What the header of each test starts with.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Marker {
    /// `[test started] <name>`, as the escript printed it.
    #[default]
    TestStarted,
    /// The line dialect's `<IT::><name>`, on a line of its own.
    It,
}

impl Marker {
    pub fn text(self) -> &'static str {
        match self {
            Marker::TestStarted => MARKER,
            Marker::It => "\n<IT::>",
        }
    }
}

/// The edits that transform an analysed test file.
pub fn edits(analysis: &Analysis, facts: &Facts, source: &[u8], marker: Marker) -> Vec<Edit> {
    let header = &facts.header;
    let marker = header.quote.literal(marker.text());
    let mut edits: Vec<Edit> = analysis
        .removals
        .iter()
        .map(|removal| {
            let range = whole_line(source, removal.range.clone());
            // Deleted text keeps its line breaks, so nothing after it moves.
            let mut text: String = source[range.clone()]
                .iter()
                .filter(|&&b| b == b'\n')
                .map(|_| '\n')
                .collect();
            if removal.placeholder {
                text.insert_str(0, facts.markers.placeholder.as_deref().unwrap_or_default());
            }
            Edit { range, text }
        })
        .collect();
    // A rename stays on its line: the line keeps its number.
    edits.extend(analysis.renames.iter().map(|(range, text)| Edit {
        range: range.clone(),
        text: text.clone(),
    }));
    for test in &analysis.tests {
        let statement = || {
            let template = header.statement.as_deref().unwrap_or_default();
            fill(template, header, test).replace("{marker}", &marker)
        };
        match &test.header {
            Some(HeaderSite::After(at)) => {
                // The code may already separate the next statement (`do; assert x`).
                let next = source[*at..].iter().find(|b| !b.is_ascii_whitespace());
                let separated =
                    next.is_some_and(|b| header.separator.as_bytes().first() == Some(b));
                let separator = if separated {
                    ""
                } else {
                    header.separator.as_str()
                };
                edits.push(Edit {
                    range: *at..*at,
                    text: format!("{}{}{separator}", header.before, statement()),
                })
            }
            Some(HeaderSite::Wrap(range)) => {
                edits.push(Edit {
                    range: range.start..range.start,
                    text: format!("{}{}{} ", header.wrap_open, statement(), header.separator),
                });
                edits.push(Edit {
                    range: range.end..range.end,
                    text: header.wrap_close.clone(),
                });
            }
            None => {}
        }
    }
    // A doctest's test is made from documentation, which has no place for a header: a
    // statement before the call, on its line, announces each of its tests as it starts.
    if let Some(doctests) = &facts.doctests {
        edits.extend(analysis.doctests.iter().map(|site| Edit {
            range: site.range.start..site.range.start,
            text: doctests.announce.replace("{marker}", &marker),
        }));
    }
    // A file that does not parse fails to load anyway; appended code would only add an error
    // about lines the student never wrote.
    let parses = analysis.syntax_error_line.is_none();
    let appends = header.append.is_some() || header.append_each.is_some();
    if appends && parses {
        // Code after the last line announces the tests: no original line moves. Code appended
        // once may announce every test by itself (Jest's, from the framework's events).
        let mut text = String::new();
        if !source.is_empty() && !source.ends_with(b"\n") {
            text.push('\n');
        }
        let append = header.append.as_deref().unwrap_or_default();
        text.push_str(&append.replace("{marker}", &marker));
        let each = header.append_each.as_deref();
        for test in analysis
            .tests
            .iter()
            .filter(|t| t.body.is_some() && each.is_some())
        {
            text.push_str(&fill(each.unwrap_or_default(), header, test));
            text.push('\n');
        }
        edits.push(Edit {
            range: source.len()..source.len(),
            text,
        });
    }
    edits
}

/// A header template with `{name}` and `{id}` filled in as string literals.
fn fill(template: &str, header: &Header, test: &Test) -> String {
    let name = test.name.display();
    let id = test.id.clone().unwrap_or_else(|| name.clone());
    template
        .replace("{name}", &header.quote.literal(&header_name(&name)))
        .replace("{id}", &header.quote.literal(&id))
}

/// A removal that leaves its line blank also takes the line's indentation, so the line ends
/// up empty rather than holding stray spaces.
fn whole_line(source: &[u8], range: Range<usize>) -> Range<usize> {
    let blank = |b: &u8| *b == b' ' || *b == b'\t';
    let before = source[..range.start]
        .iter()
        .rev()
        .take_while(|b| blank(b))
        .count();
    let after = source[range.end..].iter().take_while(|b| blank(b)).count();
    let starts_line = range.start == before || source[range.start - before - 1] == b'\n';
    let ends_line = matches!(source.get(range.end + after), None | Some(b'\n' | b'\r'));
    if starts_line && ends_line {
        range.start - before..range.end + after
    } else {
        range
    }
}

/// Applies `edits` to `source`. Where removals overlap the outer one wins, and insertions
/// inside a removed range are dropped with it.
pub fn apply(source: &[u8], mut edits: Vec<Edit>) -> Vec<u8> {
    // Insertions before removals at the same offset; wider removals first.
    edits.sort_by_key(|e| {
        (
            e.range.start,
            e.range.start != e.range.end,
            usize::MAX - e.range.end,
        )
    });
    let mut out = Vec::with_capacity(source.len() + edits.len() * 64);
    let mut at = 0;
    for edit in edits {
        if edit.range.start < at {
            continue;
        }
        out.extend_from_slice(&source[at..edit.range.start]);
        out.extend_from_slice(edit.text.as_bytes());
        at = edit.range.end;
    }
    out.extend_from_slice(&source[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(range: Range<usize>, text: &str) -> Edit {
        Edit {
            range,
            text: text.to_string(),
        }
    }

    #[test]
    fn an_overlapped_removal_and_an_insertion_inside_it_are_dropped() {
        let source = b"0123456789";
        let out = apply(
            source,
            vec![
                edit(2..8, ""),
                edit(4..6, ""),
                edit(5..5, "X"),
                edit(9..9, "Y"),
            ],
        );
        assert_eq!(out, b"018Y9".to_vec());
    }

    #[test]
    fn an_insertion_at_the_start_of_a_removal_survives() {
        let out = apply(b"abcdef", vec![edit(2..4, ""), edit(2..2, "X")]);
        assert_eq!(out, b"abXef".to_vec());
    }
}
