//! A case's values found among a test's literals, in the spellings a test gives them: a text
//! as an atom, in another letter case, as a number or a call; the share of the test's values
//! that are the case's (`fit`), and the order the test holds them in.

use std::collections::HashSet;

use crate::canonical::exercise::ExerciseTest;
use crate::source::literals::{Literal, call_name, number};

/// A literal of a case, with the spellings a test may give it worked out once.
pub(super) struct Probe {
    literal: Literal,
    pub(super) weight: f64,
    /// Loose (see `loose`): as an atom, a symbol or a line of a text.
    loose: String,
    /// The same with `_` for spaces: `:north_east` for "north east".
    underscored: String,
    /// Each line of a text of several lines, loose: a list of lines as one multi-line string.
    lines: Vec<String>,
    /// A text that reads as a number: "0x02".
    number: Option<String>,
    /// A one-word text as a field or function name: `garden.charlie` for "Charlie".
    call: Option<String>,
    /// A text of several words as their stems in order (see `stems`).
    stems: Option<String>,
    /// A text of a date or a date and time, as the instant it names (see `timestamp`).
    timestamp: Option<String>,
}

impl Probe {
    /// A literal of a case whose function is `property`: a text is not held by a call of
    /// the case's own function (`sublist(a, b)` is no test expecting "sublist").
    pub(super) fn of_case(literal: &Literal, weight: f64, property: &str) -> Probe {
        let mut probe = Probe::new(literal, weight);
        if probe.call.as_deref() == Some(property) {
            probe.call = None;
        }
        probe
    }

    pub(super) fn new(literal: &Literal, weight: f64) -> Probe {
        let text = match literal {
            Literal::Text(text) => text.as_str(),
            _ => "",
        };
        let whole = loose(text);
        Probe {
            literal: literal.clone(),
            weight,
            underscored: whole.replace(' ', "_"),
            loose: whole,
            lines: if text.contains('\n') {
                text.lines().map(loose).collect()
            } else {
                Vec::new()
            },
            number: number(text),
            call: (text.len() >= 3 && !text.contains(char::is_whitespace)).then(|| call_name(text)),
            stems: stems(text),
            timestamp: timestamp(text),
        }
    }
}

impl Probe {
    /// Whether the test's literal `literal` is this value, in any spelling `holds` accepts.
    pub(super) fn is(&self, value: &Value) -> bool {
        match (&self.literal, value.literal) {
            (Literal::Text(text), Literal::Text(other)) => {
                text == other
                    || value.loose == self.loose
                    || value.loose == self.underscored
                    || (self.timestamp.is_some() && self.timestamp == timestamp(other))
            }
            (Literal::Text(_), Literal::Symbol(_)) => {
                value.loose == self.loose || value.loose == self.underscored
            }
            (Literal::Text(_), Literal::Number(n)) => self.number.as_deref() == Some(n.as_str()),
            (Literal::Number(n), Literal::Text(_)) => value.number.as_ref() == Some(n),
            (Literal::Text(_), Literal::Call(name)) => self
                .call
                .as_deref()
                .is_some_and(|call| call == name || uninflected(name).any(|stem| stem == call)),
            (Literal::Empty(depth), Literal::Text(text)) => no_rows_is(*depth) && text.is_empty(),
            (Literal::Empty(depth), Literal::Empty(0)) => no_rows_is(*depth),
            (a, b) => a == b,
        }
    }
}

/// Whether no rows, the empty text or the empty list, is also the empty list nested `depth`
/// deep (`Literal::Empty`): no lines or letters (`[]`, rectangles' no rows, as `""`), or one
/// row of nothing (`[[]]`, saddle-points' empty matrix, as `""` or `[]`); not flatten-array's
/// `[[[]]]`.
fn no_rows_is(depth: usize) -> bool {
    depth <= 1
}

/// A text as it compares loosely: lower case, without the white space and quotes around it
/// (a sentence the test writes without the quotes the case has around it).
fn loose(text: &str) -> String {
    let trimmed = text.trim_matches(|c: char| c == '\'' || c == '"' || c.is_whitespace());
    // A text of white space alone is not the empty text (" " is no rows' "").
    if trimmed.is_empty() {
        return text.to_string();
    }
    trimmed.to_lowercase()
}

/// A text of three words or more as the stems of its words in order, joined by spaces, case
/// kept, for texts of words and spaces alone: two texts that differ only in plurals compare
/// equal ("One fish" and "one fish" do not: case is data).
fn stems(text: &str) -> Option<String> {
    // Punctuation and line breaks are data too ("one,two,three" is not "one,\ntwo,\nthree").
    if !text.chars().all(|c| c.is_alphanumeric() || c == ' ') {
        return None;
    }
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| match w.strip_suffix(['s', 'S']) {
            Some(stem) if stem.len() >= 3 => stem,
            _ => w,
        })
        .collect();
    (words.len() >= 3).then(|| words.join(" "))
}

/// A called name without an ending it may have as a verb or a plural (`reversed`, `pushes`,
/// `words`): the name less "s", "es", "d" or "ed", of three letters at least. A case names
/// its operations by the verb (Python simple-linked-list's `sut.reversed()` for the
/// operation "reverse").
fn uninflected(name: &str) -> impl Iterator<Item = &str> {
    ["s", "es", "d", "ed"]
        .into_iter()
        .filter_map(|ending| name.strip_suffix(ending))
        .filter(|stem| stem.len() >= 3)
}

/// The instant a text of a date, or of a date and time, names: `2011-04-25`,
/// `2011-04-25T00:00:00` and `2011-04-25T00:00:00 UTC` are one instant, written at three
/// precisions (a track parses the case's date with a time and a zone).
fn timestamp(text: &str) -> Option<String> {
    let text = text.trim();
    let text = ["Z", " UTC", "UTC", " +00:00"]
        .iter()
        .find_map(|zone| text.strip_suffix(zone))
        .unwrap_or(text);
    let (date, time) = text.split_once(['T', ' ']).unwrap_or((text, "00:00:00"));
    let digits = |part: &str, sizes: &[usize]| {
        let fields: Vec<&str> = part.split([':', '-']).collect();
        (fields.len() == sizes.len()
            && fields
                .iter()
                .zip(sizes)
                .all(|(f, &n)| f.len() == n && f.bytes().all(|b| b.is_ascii_digit())))
        .then_some(())
    };
    digits(date, &[4, 2, 2])?;
    let time = match digits(time, &[2, 2, 2]) {
        Some(_) => time.to_string(),
        None => {
            digits(time, &[2, 2])?;
            format!("{time}:00")
        }
    };
    Some(format!("{date}T{time}"))
}

/// The number a text of one number reads as (`'10'`); none for "1 0" or "10 apples".
fn one_number(text: &str) -> Option<String> {
    if text.contains(char::is_whitespace) {
        None
    } else {
        number(text)
    }
}

/// A literal of a test, with the spellings `Probe::is` compares it in worked out once.
pub(super) struct Value<'a> {
    pub(super) literal: &'a Literal,
    /// A text loose (see `loose`), a symbol's name in lower case; else empty.
    loose: String,
    /// A text without white space that reads as a number (`'10'`).
    number: Option<String>,
}

impl<'a> Value<'a> {
    pub(super) fn new(literal: &'a Literal) -> Value<'a> {
        let (loose, number) = match literal {
            Literal::Text(text) => (loose(text), one_number(text)),
            Literal::Symbol(name) => (name.to_lowercase(), None),
            _ => (String::new(), None),
        };
        Value {
            literal,
            loose,
            number,
        }
    }
}

/// What a test's literals are, for quick look-up.
pub(super) struct Holdings {
    texts: HashSet<String>,
    /// Texts' lines, trimmed, and atom and symbol names: lower case.
    loose: HashSet<String>,
    numbers: HashSet<String>,
    /// Numbers written as numbers, not read from a text of several (see `Evidence::loosely`).
    written_numbers: HashSet<String>,
    /// The test has the empty text or the empty list (see `no_rows_is`), which holds an empty
    /// list of rows loosely (see `Evidence::loosely`) unless the test also writes it.
    no_rows: bool,
    /// Texts that read as one number (`'10'` for the case's 10).
    text_numbers: HashSet<String>,
    others: HashSet<Literal>,
    pub(super) calls: HashSet<String>,
    /// The called names without an ending (see `uninflected`): they hold texts, but are no
    /// functions the test calls.
    uninflected_calls: HashSet<String>,
    /// Texts of several words, as their word stems in order.
    stems: HashSet<String>,
    /// Texts of dates and times, as the instants they name (see `timestamp`).
    timestamps: HashSet<String>,
    /// Texts alone, loose (not atoms or lines): to tell a text found only in another letter
    /// case.
    folded: HashSet<String>,
    /// Each text as its lines (see `verse_lines`).
    pub(super) lines: Vec<Vec<String>>,
}

/// The functions a test calls (see `Literal::Call`).
pub(super) fn calls(test: &ExerciseTest) -> HashSet<String> {
    test.literals
        .iter()
        .filter_map(|literal| match literal {
            Literal::Call(name) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

impl Holdings {
    pub(super) fn new(test: &ExerciseTest) -> Holdings {
        let mut holdings = Holdings {
            texts: HashSet::new(),
            stems: HashSet::new(),
            timestamps: HashSet::new(),
            loose: HashSet::new(),
            numbers: HashSet::new(),
            written_numbers: HashSet::new(),
            no_rows: false,
            text_numbers: HashSet::new(),
            others: HashSet::new(),
            calls: calls(test),
            uninflected_calls: HashSet::new(),
            folded: HashSet::new(),
            lines: Vec::new(),
        };
        // A number read where a text is comes of a text of several numbers.
        let texts_at: HashSet<usize> = test
            .literals
            .iter()
            .zip(&test.places)
            .filter(|(literal, _)| matches!(literal, Literal::Text(_)))
            .map(|(_, &place)| place)
            .collect();
        for (literal, place) in test.literals.iter().zip(&test.places) {
            match literal {
                Literal::Text(text) => {
                    holdings.texts.insert(text.clone());
                    holdings.folded.insert(loose(text));
                    holdings.loose.insert(loose(text));
                    holdings.stems.extend(stems(text));
                    holdings.timestamps.extend(timestamp(text));
                    for line in text.lines() {
                        holdings.loose.insert(loose(line));
                    }
                    // A heredoc ends its last line with a line break: the text without it
                    // is as written.
                    if let Some(line) = text.strip_suffix('\n') {
                        holdings.texts.insert(line.to_string());
                    }
                    holdings.lines.push(verse_lines(text.lines()));
                    holdings.text_numbers.extend(one_number(text));
                    // A line of a text of several lines is a value of its own (see
                    // `with_lines`): a line of one number holds that number.
                    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
                    if lines.len() > 1 {
                        holdings
                            .text_numbers
                            .extend(lines.into_iter().filter_map(one_number));
                    }
                    holdings.no_rows |= text.is_empty();
                }
                Literal::Symbol(name) => {
                    holdings.loose.insert(name.to_lowercase());
                }
                Literal::Number(n) => {
                    holdings.numbers.insert(n.clone());
                    if !texts_at.contains(place) {
                        holdings.written_numbers.insert(n.clone());
                    }
                }
                Literal::Call(name) => {
                    holdings
                        .uninflected_calls
                        .extend(uninflected(name).map(str::to_string));
                }
                other => {
                    holdings.no_rows |= *other == Literal::Empty(0);
                    holdings.others.insert(other.clone());
                }
            }
        }
        holdings
    }

    /// Whether the test has this text only loosely (see `Evidence::loosely`).
    pub(super) fn loosely(&self, probe: &Probe) -> bool {
        if let Literal::Empty(depth) = probe.literal {
            return no_rows_is(depth) && self.no_rows && !self.others.contains(&probe.literal);
        }
        let Literal::Text(text) = &probe.literal else {
            return false;
        };
        let read_only = |n: &String| self.numbers.contains(n) && !self.written_numbers.contains(n);
        !self.texts.contains(text)
            && (self.folded.contains(&probe.loose)
                || (!self.loose.contains(&probe.loose)
                    && (probe.number.as_ref().is_some_and(read_only)
                        || self.folded.contains(&probe.underscored))))
    }

    pub(super) fn holds(&self, probe: &Probe) -> bool {
        match &probe.literal {
            Literal::Text(text) => {
                self.texts.contains(text)
                    || self.loose.contains(&probe.loose)
                    || self.loose.contains(&probe.underscored)
                    || (!probe.lines.is_empty()
                        && probe.lines.iter().all(|line| self.loose.contains(line)))
                    || probe
                        .number
                        .as_ref()
                        .is_some_and(|n| self.numbers.contains(n))
                    || probe
                        .call
                        .as_ref()
                        .is_some_and(|c| self.calls.contains(c) || self.uninflected_calls.contains(c))
                    // "Portable Networks Graphic" for "Portable Network Graphics": older data.
                    || probe.stems.as_ref().is_some_and(|s| self.stems.contains(s))
                    || probe.timestamp.as_ref().is_some_and(|t| self.timestamps.contains(t))
            }
            Literal::Number(n) => self.numbers.contains(n) || self.text_numbers.contains(n),
            Literal::Empty(depth) => {
                (no_rows_is(*depth) && self.no_rows) || self.others.contains(&probe.literal)
            }
            other => self.others.contains(other),
        }
    }
}

/// The lines of a text as `sung` compares them: loose, blank lines left out.
pub(super) fn verse_lines<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    lines
        .map(loose)
        .filter(|line| !line.trim().is_empty())
        .collect()
}

/// Whether `verse` (lines, as `verse_lines` gives them) is one after another in a text of
/// `texts`.
pub(super) fn sings(texts: &[Vec<String>], verse: &[String]) -> bool {
    !verse.is_empty()
        && texts
            .iter()
            .any(|text| text.windows(verse.len()).any(|w| w == verse))
}
