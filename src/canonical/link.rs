//! Links each canonical case to the tests that implement it, by the evidence a reader uses:
//! the case's literal inputs and expected values found in a test's code, the test's name
//! against the case's description, and the function it calls against the case's property.
//!
//! Every literal of a case is weighted by how rare it is among the exercise's cases (a `true`
//! that every case expects tells little; an input only one case has tells a lot). A link is
//! made when a test holds all of a case's data (enough of it to tell cases apart), however
//! the test is named; else when the test is the case's best and the case is the test's best
//! by the combined score and the test holds one of the case's input values (where the case's
//! best tests are other cases', the best test whose best case it is, on half of its data),
//! or the test is named after the case and holds much of its data; a
//! test of the whole song (one that holds a verse's text and takes no input of its own,
//! `sing()` but not `recite(1, 12)` nor `verses(1, 3)`) covers each verse it sings. A link on
//! weaker evidence (the combined score alone; all of a case's data in a test about another
//! case, or not as written, or among mostly other values) also needs the test to stand in the
//! case's place in the file: source order against canonical order. A test holding a case
//! among mostly other values holds it by chance where it is named more like another case
//! whose values are most of its own, or, holding it out of order, where its values are mostly
//! of no case it holds (a test of an input of its own). So one test may implement
//! many cases, deleting a test leaves its case missing instead of
//! handing it to a neighbour, and of a reimplemented case and its replacement, the one whose
//! data the test holds wins. Where evidence is partial, an excluded case weighs less.
//!
//! The constants below were first set on the whole Elixir, Ruby and Python tracks; later
//! ones (`EXACT_ORDER`, `HALF_EVIDENCE`) came of errors read in the labelled samples
//! `eval/canonical/` scores against and of its deletion check, and every change was checked
//! for the links it moves on the three whole tracks. The twelfth sample was scored once,
//! blind, before the last of session 8's rules (a description's first sentence, from its
//! errors), session 9's rules of source order and session 10's (a case held inside another,
//! a song test with its own range), which change none of its links; session 11's fallback
//! rule (the test holds one of the case's input values) removes one right and one wrong
//! link of its Python.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use crate::canonical::data::{Case, Shape};
use crate::canonical::exercise::Test;
use crate::source::literals::{Literal, call_name, number};

/// How much of the score the literal data carries; the name carries the rest.
const DATA_WEIGHT: f64 = 0.65;
/// A test holds all of a case's data at or above this share of its weight.
const ALL_DATA: f64 = 0.999;
/// The least share of a case's values a test must hold in the case's order (its objects'
/// members in any order) for all of its data alone to make a link.
const IN_ORDER: f64 = 0.75;
/// A case's values held in its own order, every one: no chance arrangement (one roll out of
/// place in twenty-one is another case).
const EXACT_ORDER: f64 = 0.999;
/// The least total weight of a case's data for all of it alone to make a link.
const DATA_ALONE: f64 = 2.5;
/// The least combined score of a link.
const MIN_SCORE: f64 = 0.3;
/// The least share of its data a test named after an excluded case must hold to implement it.
const EXCLUDED_NAMED_DATA: f64 = 0.5;
/// The share of its score an excluded case keeps, where the evidence is partial.
const EXCLUDED: f64 = 0.85;
/// The share of its score a test keeps that calls another property's function, not this one's.
const OTHER_PROPERTY: f64 = 0.5;
/// The least share of a case's data a test must hold, or the least similarity of its name to
/// the case's, for the test to be the case's by the combined score alone: half of one kind of
/// evidence, not a little of both (a test sharing only an error message with the case, under
/// another name, is not its test when the case's own test is deleted).
const HALF_EVIDENCE: f64 = 0.5;
/// How much the fit of a test's values to a case adds: enough to break ties, no more.
const FIT_WEIGHT: f64 = 0.05;
/// The share of a test's values that must be a case's for the test to be about that case:
/// below it, a test holds the case's data by chance where another test holds it better, or
/// where the test is named after another case.
const SHARED_FIT: f64 = 0.5;
/// How much of a name's similarity is its words' order.
const WORD_ORDER: f64 = 0.1;
/// Scores this close count as equal.
const TIE: f64 = 1e-6;

/// The evidence for one (case, test) pair.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evidence {
    /// Share of the case's weighted literals the test holds.
    pub data: f64,
    /// Similarity of the test's name to the case's description, from 0 to 1 (see
    /// `name_similarity`).
    pub name: f64,
    /// The test's name is the case's description, word for word.
    pub named_after: bool,
    /// The test calls a function of another property of the exercise, and not this case's.
    pub other_property: bool,
    /// The same, whether or not any test calls this case's function by its name (an
    /// attribute read, `.imaginary`, is no call).
    pub calls_other: bool,
    /// The test calls functions, but none of those the track tests the case's property
    /// through (but a constructor every test calls, where it also calls a function those
    /// tests never do): a test of another function (nucleotide-count's tests of `count`,
    /// where the cases are tested through `histogram`; see `mark_calls_apart`).
    pub calls_apart: bool,
    /// For a test holding all of the case's data: the share of the case's values it has in
    /// the case's order (a longest common subsequence); 0 otherwise.
    pub order: f64,
    /// The same with the members of the case's objects in any order (JSON's objects have
    /// none: a test passes parameters and writes a record's fields in its own); 0 where
    /// `order` is.
    pub member_order: f64,
    /// The share of the test's values that are the case's (its values and its objects' keys,
    /// which a test writes too): a test of exactly this case's data
    /// fits it better than one that holds it among others (`factors(2) == [2]` beside
    /// `factors(4) == [2, 2]`).
    pub fit: f64,
    /// The share of the test's values that are values of some case whose data it holds all
    /// of (this one or another): a test of a whole garden holds each child's case among the
    /// others' values, one of 20 rows of Pascal's triangle holds "ten rows" among rows no
    /// case has.
    pub held_fit: f64,
    /// Some text of the case is in the test only loosely: in another letter case or without
    /// the white space around it ("AABBBCCCC" in a test of "aabbbcccc", "\nDoes this …?" in
    /// one of "Does this …?", digits too: luhn's " 0" in one of "0"), or with its spaces as
    /// underscores in a text (pangram's "the_quick_brown_fox…"; an atom's `:quick_brown` is
    /// as written), or a text of a number only as one of the numbers of a longer text
    /// (luhn's "1" in "1 2345 6789 …"), or an empty list only as the empty text
    /// (minesweeper's `[""]` for no rows' `[]`): found, but less surely than a test that has
    /// it as written.
    pub loosely: bool,
    /// The test holds the case's expected text, a verse of several words, line after line
    /// within one of its texts (a file it names, as `song.txt`, is one) and does not call the
    /// case's function: a test of the whole song, which covers every verse it sings.
    pub sung: bool,
    /// The test holds the case's expected text line after line within one of its texts,
    /// whatever it calls.
    pub sings: bool,
    /// The test holds at least one of the case's input values.
    pub input_held: bool,
    /// The test has each of the case's values as many times as the case has it.
    pub counted: bool,
}

impl Evidence {
    /// The test holds all of the case's data (its literals, as the test spells them).
    pub fn holds_all(&self) -> bool {
        self.data >= ALL_DATA
    }

    pub fn score(&self) -> f64 {
        let score =
            DATA_WEIGHT * self.data + (1.0 - DATA_WEIGHT) * self.name + FIT_WEIGHT * self.fit;
        if self.other_property {
            score * OTHER_PROPERTY
        } else {
            score
        }
    }
}

/// What a test's literals are, for quick look-up.
struct Holdings {
    texts: HashSet<String>,
    /// Texts' lines, trimmed, and atom and symbol names: lower case.
    loose: HashSet<String>,
    numbers: HashSet<String>,
    /// Numbers written as numbers, not read from a text of several (see `Evidence::loosely`).
    written_numbers: HashSet<String>,
    /// The test writes an empty list (not only the empty text, see `Evidence::loosely`).
    written_empty: bool,
    /// Texts that read as one number (`'10'` for the case's 10).
    text_numbers: HashSet<String>,
    others: HashSet<Literal>,
    calls: HashSet<String>,
    /// Texts of several words, as their word stems in order.
    stems: HashSet<String>,
    /// Texts alone, loose (not atoms or lines): to tell a text found only in another letter
    /// case.
    folded: HashSet<String>,
    /// Each text as its lines (see `verse_lines`).
    lines: Vec<Vec<String>>,
}

impl Holdings {
    fn new(test: &Test) -> Holdings {
        let mut holdings = Holdings {
            texts: HashSet::new(),
            stems: HashSet::new(),
            loose: HashSet::new(),
            numbers: HashSet::new(),
            written_numbers: HashSet::new(),
            written_empty: false,
            text_numbers: HashSet::new(),
            others: HashSet::new(),
            calls: HashSet::new(),
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
                    // The empty text is also the empty list (of lines, of letters).
                    if text.is_empty() {
                        holdings.others.insert(Literal::Empty);
                    }
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
                    holdings.calls.insert(name.clone());
                }
                other => {
                    holdings.written_empty |= *other == Literal::Empty;
                    holdings.others.insert(other.clone());
                }
            }
        }
        holdings
    }

    /// Whether the test has this text only loosely (see `Evidence::loosely`).
    fn loosely(&self, probe: &Probe) -> bool {
        if probe.literal == Literal::Empty {
            return self.others.contains(&Literal::Empty) && !self.written_empty;
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

    fn holds(&self, probe: &Probe) -> bool {
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
                    || probe.call.as_ref().is_some_and(|c| self.calls.contains(c))
                    // "Portable Networks Graphic" for "Portable Network Graphics": older data.
                    || probe.stems.as_ref().is_some_and(|s| self.stems.contains(s))
            }
            Literal::Number(n) => self.numbers.contains(n) || self.text_numbers.contains(n),
            other => self.others.contains(other),
        }
    }
}

/// The fewest words an expected text has for a test holding it to be covering its case: a
/// verse, not an answer many cases share ("Whoa, chill out!").
const VERSE_WORDS: usize = 10;

/// The lines of a text as `sung` compares them: loose, blank lines left out.
fn verse_lines<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    lines
        .map(loose)
        .filter(|line| !line.trim().is_empty())
        .collect()
}

/// Whether `verse` (lines, as `verse_lines` gives them) is one after another in a text of
/// `texts`.
fn sings(texts: &[Vec<String>], verse: &[String]) -> bool {
    !verse.is_empty()
        && texts
            .iter()
            .any(|text| text.windows(verse.len()).any(|w| w == verse))
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

impl Probe {
    /// Whether the test's literal `literal` is this value, in any spelling `holds` accepts.
    fn is(&self, value: &Value) -> bool {
        match (&self.literal, value.literal) {
            (Literal::Text(text), Literal::Text(other)) => {
                text == other || value.loose == self.loose || value.loose == self.underscored
            }
            (Literal::Text(_), Literal::Symbol(_)) => {
                value.loose == self.loose || value.loose == self.underscored
            }
            (Literal::Text(_), Literal::Number(n)) => self.number.as_deref() == Some(n.as_str()),
            (Literal::Number(n), Literal::Text(_)) => value.number.as_ref() == Some(n),
            (Literal::Text(_), Literal::Call(name)) => self.call.as_ref() == Some(name),
            (Literal::Empty, Literal::Text(text)) => text.is_empty(),
            (a, b) => a == b,
        }
    }
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
struct Value<'a> {
    literal: &'a Literal,
    /// A text loose (see `loose`), a symbol's name in lower case; else empty.
    loose: String,
    /// A text without white space that reads as a number (`'10'`).
    number: Option<String>,
}

impl<'a> Value<'a> {
    fn new(literal: &'a Literal) -> Value<'a> {
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

/// Whether the test has each of the case's values as many times as the case has it, each of
/// the test's values standing for one of the case's.
fn counted(case: &[Probe], test: &[Value]) -> bool {
    let mut unused = vec![true; test.len()];
    case.iter().all(|probe| {
        let found = (0..test.len()).find(|&i| unused[i] && probe.is(&test[i]));
        found.inspect(|&i| unused[i] = false).is_some()
    })
}

/// The share of a test's values (not the functions it calls) that are the case's, each value
/// of the case accounting for one of the test's: a test of `[1, 2, 1, 2, 3]` in `[1, 2, 3, 1,
/// 2, 3, 2, 3, 2, 1]` holds the 1, 2 and 3 of `[1, 2, 3]` against `[3, 2, 1]` five times over,
/// and is mostly other values. The readings of one value (`places`: "1, 2, 3" is a text and
/// three numbers) are one value, the case's if any reading is.
fn fit(case: &[Probe], test: &[Value], places: &[usize]) -> f64 {
    if case.is_empty() {
        return 0.0;
    }
    let mut unused = vec![true; case.len()];
    share(&at_places(test, places, |value| {
        let found = (0..case.len()).find(|&i| unused[i] && case[i].is(value));
        found.inspect(|&i| unused[i] = false).is_some()
    }))
}

/// The share of the places (see `at_places`) that fit.
fn share(places: &[(usize, bool)]) -> f64 {
    if places.is_empty() {
        return 0.0;
    }
    places.iter().filter(|(_, fits)| *fits).count() as f64 / places.len() as f64
}

/// Each place where the test's values (not the functions it calls) are read, and whether
/// `fits` holds for a value read there.
fn at_places(
    test: &[Value],
    places: &[usize],
    mut fits: impl FnMut(&Value) -> bool,
) -> Vec<(usize, bool)> {
    let mut at: Vec<(usize, bool)> = Vec::new();
    for (value, &place) in test.iter().zip(places) {
        if matches!(value.literal, Literal::Call(_) | Literal::Raises) {
            continue;
        }
        let fitting = fits(value);
        match at.last_mut() {
            Some((last, any)) if *last == place => *any |= fitting,
            _ => at.push((place, fitting)),
        }
    }
    at
}

/// The longest run of `case` values found in `test`'s literals in the same order, as a share
/// of the case's values: in the case's order, and the more of that and of the order with the
/// members of each of the case's objects (`shape`) in the order the test first has them. Long
/// sequences are cut: the order of the first values tells enough.
fn order(case: &[Probe], shape: &Shape, test: &[Value]) -> (f64, f64) {
    let in_order = |indexes: &[usize]| {
        let case: Vec<&Probe> = indexes.iter().map(|&i| &case[i]).collect();
        share_in_order(&case, test)
    };
    // A member goes where the test first has its first value; one it lacks, last.
    let first_held = |member: &Shape| {
        member
            .first()
            .and_then(|i| test.iter().position(|v| case[i].is(v)))
            .unwrap_or(usize::MAX)
    };
    let mut arranged = Vec::with_capacity(case.len());
    shape.arranged(&first_held, &mut arranged);
    debug_assert_eq!(arranged.len(), case.len(), "a shape holds each value once");
    let as_given: Vec<usize> = (0..case.len()).collect();
    let given = in_order(&as_given);
    if arranged == as_given {
        (given, given)
    } else {
        (given, given.max(in_order(&arranged)))
    }
}

/// The share of `case`'s values that `test` has in the same order (a longest common
/// subsequence). Long sequences are cut: the order of the first values tells enough.
fn share_in_order(case: &[&Probe], test: &[Value]) -> f64 {
    const MOST: usize = 200;
    let case = &case[..case.len().min(MOST)];
    if case.is_empty() {
        return 0.0;
    }
    let test: Vec<&Value> = test
        .iter()
        .filter(|v| case.iter().any(|p| p.is(v)))
        .take(4 * MOST)
        .collect();
    common_subsequence(case, &test, |probe, value| probe.is(value)) as f64 / case.len() as f64
}

/// A test's literals and where each is read (see `with_lines`).
type Readings<'a> = (Cow<'a, [Literal]>, Cow<'a, [usize]>);

/// A test's literals with each text of several lines followed by its lines, read where the
/// text is (see `fit`), and where each literal is read: a grid written as one multi-line
/// text holds the case's rows one by one, in their order.
fn with_lines(test: &Test) -> Readings<'_> {
    let several = |literal: &Literal| match literal {
        Literal::Text(text) => text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .nth(1)
            .is_some(),
        _ => false,
    };
    let lines = |literal: &Literal| match literal {
        Literal::Text(text) if several(literal) => text
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| Literal::Text(line.to_string()))
            .collect(),
        _ => Vec::new(),
    };
    if !test.literals.iter().any(several) {
        return (Cow::Borrowed(&test.literals), Cow::Borrowed(&test.places));
    }
    let mut literals = Vec::with_capacity(test.literals.len());
    let mut places = Vec::with_capacity(test.places.len());
    for (literal, &place) in test.literals.iter().zip(&test.places) {
        let read = lines(literal);
        places.extend(std::iter::repeat_n(place, 1 + read.len()));
        literals.push(literal.clone());
        literals.extend(read);
    }
    (Cow::Owned(literals), Cow::Owned(places))
}

/// The share of the case's values a test holds that it holds in the case's order:
/// `turn_right` from `:north` to `:east` holds "changes north to east" in order, and "changes
/// east to north" as much, but not in order.
fn held_order(case: &Case, test: &Test) -> f64 {
    let property = call_name(&case.property);
    let case: Vec<Probe> = case
        .sequence
        .iter()
        .map(|l| Probe::of_case(l, 0.0, &property))
        .collect();
    let (literals, _) = with_lines(test);
    let test: Vec<Value> = literals.iter().map(Value::new).collect();
    let held: Vec<&Probe> = case
        .iter()
        .filter(|p| test.iter().any(|v| p.is(v)))
        .collect();
    share_in_order(&held, &test)
}

/// A literal of a case, with the spellings a test may give it worked out once.
struct Probe {
    literal: Literal,
    weight: f64,
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
}

impl Probe {
    /// A literal of a case whose function is `property`: a text is not held by a call of
    /// the case's own function (`sublist(a, b)` is no test expecting "sublist").
    fn of_case(literal: &Literal, weight: f64, property: &str) -> Probe {
        let mut probe = Probe::new(literal, weight);
        if probe.call.as_deref() == Some(property) {
            probe.call = None;
        }
        probe
    }

    fn new(literal: &Literal, weight: f64) -> Probe {
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
        }
    }
}

/// Words of a name or description, lower case and without a plural `s` ("triangles" is
/// "triangle"), leaving out "test".
fn words(text: &str) -> Vec<String> {
    let mut words = word_sequence(text);
    words.sort();
    words.dedup();
    words
}

/// The words of `words`, in the order they are written.
fn word_sequence(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let w = w.to_lowercase();
            match w.strip_suffix('s') {
                Some(stem) if stem.len() >= 3 && !stem.ends_with('s') => stem.to_string(),
                _ => w,
            }
        })
        .filter(|w| w != "test")
        .collect()
}

/// How much a test's name says it tests the case: half the Dice similarity of its words and
/// the case's own description, half the share of its words the description and its groups
/// account for ("filter empty list" is the "filter … > empty list" case, not "append … >
/// empty list").
fn name_similarity(own: &[String], path: &[String], test: &[String]) -> f64 {
    if test.is_empty() {
        return 0.0;
    }
    let covered = test
        .iter()
        .filter(|w| path.binary_search(w).is_ok())
        .count();
    (similarity(own, test).max(similarity(path, test)) + covered as f64 / test.len() as f64) / 2.0
}

/// Whether a test's name (its words in order) is the description `words`, after some of the
/// `prefix` words every test name starts with (`WordSearch > should locate …` is named
/// after "Should locate …"), and after some of the case's groups: `path` is the groups'
/// words and the case's own, `words` the case's own ("Addition add two positive rational
/// numbers" is named after "Arithmetic > Addition > Add two positive rational numbers"), or
/// after the words of the case's function, `property` (`describe "add"` puts "add" before
/// "adding an existing element does not change the set").
fn named(
    words: &[String],
    path: &[String],
    property: &[String],
    name: &[String],
    prefix: usize,
) -> bool {
    (0..=prefix.min(name.len())).any(|k| {
        let rest = &name[k..];
        let after_property = rest.strip_prefix(property).unwrap_or(rest);
        [rest, after_property]
            .iter()
            .any(|rest| *rest == words || (rest.len() > words.len() && path.ends_with(rest)))
    })
}

/// A description up to the end of its first sentence, where more follow: a test is named
/// after "Is reversible. I.e., if you apply decode in a encoded result, …" when it is named
/// "is reversible".
fn first_sentence(description: &str) -> &str {
    description
        .find(". ")
        .map_or(description, |end| &description[..end])
}

/// The share of the longer word sequence that the two have in common, in order: "list to
/// empty list" is "append list to empty list" more than "append empty list to list".
fn sequence_similarity(a: &[String], b: &[String]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    common_subsequence(a, b, |x, y| x == y) as f64 / a.len().max(b.len()) as f64
}

/// The length of the longest common subsequence of `a` and `b`, items compared by `same`.
fn common_subsequence<A, B>(a: &[A], b: &[B], same: impl Fn(&A, &B) -> bool) -> usize {
    let mut row = vec![0usize; b.len() + 1];
    for x in a {
        let mut diagonal = 0;
        for (j, y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if same(x, y) {
                diagonal + 1
            } else {
                above.max(row[j])
            };
            diagonal = above;
        }
    }
    row[b.len()]
}

/// CamelCase words apart: a property `sumOfSquares` is "sum Of Squares", Python's test name
/// `RandomKeyCipher > can decode` is "Random Key Cipher > can decode", as the case's group is
/// written. Only a lower-case letter before an upper-case one splits, so "ISBN" stays one
/// word.
fn split_camel_case(name: &str) -> String {
    let mut words = String::with_capacity(name.len() + 8);
    let mut previous_lower = false;
    for c in name.chars() {
        if c.is_uppercase() && previous_lower {
            words.push(' ');
        }
        previous_lower = c.is_lowercase();
        words.push(c);
    }
    words
}

/// Dice similarity of two word sets.
fn similarity(a: &[String], b: &[String]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let shared = a.iter().filter(|w| b.binary_search(w).is_ok()).count();
    2.0 * shared as f64 / (a.len() + b.len()) as f64
}

/// The evidence of every (case, test) pair, `evidence[case][test]`, and the total weight of
/// each case's literals.
pub fn evidence(cases: &[Case], tests: &[Test]) -> (Vec<Vec<Evidence>>, Vec<f64>) {
    // A literal's weight: rarer among the cases, heavier.
    let mut df: HashMap<&Literal, usize> = HashMap::new();
    for case in cases {
        for leaf in case.leaves.iter().chain(&case.keys) {
            *df.entry(leaf).or_default() += 1;
        }
    }
    let n = cases.len().max(1) as f64;
    let weight = |leaf: &Literal| (1.0 + n / df.get(leaf).copied().unwrap_or(1) as f64).ln();
    let properties: HashSet<String> = cases.iter().map(|c| call_name(&c.property)).collect();
    let holdings: Vec<Holdings> = tests.iter().map(Holdings::new).collect();
    let readings: Vec<Readings> = tests.iter().map(with_lines).collect();
    let values: Vec<Vec<Value>> = readings
        .iter()
        .map(|(literals, _)| literals.iter().map(Value::new).collect())
        .collect();
    // A property no test calls by its name (`move`, where tests call `simulate`) tells nothing.
    let called: HashSet<&String> = properties
        .iter()
        .filter(|p| holdings.iter().any(|h| h.calls.contains(*p)))
        .collect();
    // The words every test name starts with (the class in `PetSounds > a cat meows`) tell no
    // test from another.
    let sequences: Vec<Vec<String>> = tests
        .iter()
        .map(|t| word_sequence(&split_camel_case(&t.name)))
        .collect();
    let prefix = match sequences.split_first() {
        Some((first, rest)) if !rest.is_empty() => (0..first.len())
            .take_while(|&i| rest.iter().all(|s| s.get(i) == Some(&first[i])))
            .count(),
        _ => 0,
    };
    // Named after a case: the same words in the same order ("Big Straight as little straight"
    // is not "Little Straight as Big Straight").
    let test_words: Vec<Vec<String>> = sequences
        .iter()
        .map(|s| {
            let mut words = s[prefix..].to_vec();
            words.sort();
            words.dedup();
            words
        })
        .collect();
    // Each case's values and keys, which a test writes too (`%{1 => ["A"]}`).
    let fitted: Vec<Vec<Probe>> = cases
        .iter()
        .map(|case| {
            let property = call_name(&case.property);
            case.sequence
                .iter()
                .chain(&case.keys)
                .map(|l| Probe::of_case(l, 0.0, &property))
                .collect()
        })
        .collect();
    let mut weights = Vec::with_capacity(cases.len());
    let mut matrix: Vec<Vec<Evidence>> = cases
        .iter()
        .zip(&fitted)
        .map(|(case, fitted)| {
            let property = call_name(&case.property);
            let probe = |literal: &Literal, weight: f64| Probe::of_case(literal, weight, &property);
            let leaves: Vec<Probe> = case.leaves.iter().map(|l| probe(l, weight(l))).collect();
            let keys: Vec<Probe> = case.keys.iter().map(|k| probe(k, weight(k))).collect();
            let total: f64 = leaves.iter().map(|p| p.weight).sum();
            let sequence: Vec<Probe> = case.sequence.iter().map(|l| probe(l, 0.0)).collect();
            let inputs = &sequence[..case.inputs.min(sequence.len())];
            weights.push(total);
            let own = words(&case.own_description);
            // The property is part of what the test's name may say (`map empty list`).
            let path = words(&format!(
                "{} {}",
                case.description,
                split_camel_case(&case.property)
            ));
            let own_sequence = word_sequence(&case.own_description);
            // A test is named after the case when its name is the case's own description's
            // first sentence (the description ends with the case's own).
            let own_first = first_sentence(&case.own_description);
            let groups = case
                .description
                .strip_suffix(case.own_description.as_str())
                .unwrap_or("");
            let named_sequence = word_sequence(own_first);
            let path_sequence = word_sequence(&format!("{groups}{own_first}"));
            let property_sequence = word_sequence(&split_camel_case(&case.property));
            let verse = verse_lines(case.expected_lines.iter().map(String::as_str));
            let verse_words: usize = verse.iter().map(|l| l.split_whitespace().count()).sum();
            holdings
                .iter()
                .zip(&test_words)
                .zip(readings.iter().zip(&sequences).zip(&values))
                .map(
                    |((holding, names), (((_, places), name_sequence), values))| {
                        let held = |probes: &[Probe]| -> f64 {
                            probes
                                .iter()
                                .filter(|p| holding.holds(p))
                                .map(|p| p.weight)
                                .sum()
                        };
                        // Keys count when the test has them, and are no loss when it does not.
                        let keys = held(&keys);
                        // The case's values the test holds, and whether it holds any only
                        // loosely (a value it does not hold it holds in no way).
                        let (found, loosely) = leaves
                            .iter()
                            .filter(|p| holding.holds(p))
                            .fold((0.0, false), |(found, loosely), p| {
                                (found + p.weight, loosely || holding.loosely(p))
                            });
                        let (found, total) = (found + keys, total + keys);
                        let other_property = properties.len() > 1
                            && called.contains(&property)
                            && !holding.calls.contains(&property)
                            && properties.iter().any(|p| holding.calls.contains(p));
                        let calls_other = !holding.calls.contains(&property)
                            && properties
                                .iter()
                                .any(|p| *p != property && holding.calls.contains(p));
                        let data = if total > 0.0 { found / total } else { 0.0 };
                        let sung = sings(&holding.lines, &verse);
                        let (order, member_order) = if data >= ALL_DATA {
                            order(&sequence, &case.shape, values)
                        } else {
                            (0.0, 0.0)
                        };
                        Evidence {
                            data,
                            order,
                            member_order,
                            fit: fit(fitted, values, places),
                            held_fit: 0.0,
                            name: name_similarity(&own, &path, names) * (1.0 - WORD_ORDER)
                                + WORD_ORDER
                                    * sequence_similarity(&own_sequence, &name_sequence[prefix..]),
                            named_after: !own.is_empty()
                                && named(
                                    &named_sequence,
                                    &path_sequence,
                                    &property_sequence,
                                    name_sequence,
                                    prefix,
                                ),
                            other_property,
                            calls_other,
                            calls_apart: false,
                            loosely,
                            sung: verse_words >= VERSE_WORDS
                                && !holding.calls.contains(&property)
                                && sung,
                            sings: sung,
                            input_held: inputs.iter().any(|p| holding.holds(p)),
                            counted: data >= ALL_DATA && counted(&sequence, values),
                        }
                    },
                )
                .collect()
        })
        .collect();
    mark_calls_apart(cases, &weights, &holdings, &mut matrix);
    mark_held_fit(&fitted, &readings, &values, &mut matrix);
    (matrix, weights)
}

/// Sets each test's `Evidence::held_fit`: the share of the places of its values where a
/// value of a case it holds all of is read (`fitted`: each case's values and keys).
fn mark_held_fit(
    fitted: &[Vec<Probe>],
    readings: &[Readings],
    values: &[Vec<Value>],
    matrix: &mut [Vec<Evidence>],
) {
    for (t, ((_, places), values)) in readings.iter().zip(values).enumerate() {
        let held: Vec<&Probe> = fitted
            .iter()
            .zip(matrix.iter())
            .filter(|(_, row)| row[t].holds_all())
            .flat_map(|(probes, _)| probes)
            .collect();
        let held_fit = share(&at_places(values, places, |value| {
            held.iter().any(|p| p.is(value))
        }));
        for row in matrix.iter_mut() {
            row[t].held_fit = held_fit;
        }
    }
}

/// Marks the tests that call functions, but none of those the track tests a case's property
/// through (`Evidence::calls_apart`). Those are the functions called by every test whose best
/// case is of the property and which holds all of that case's data, named after it or as
/// written: a test holding a case by chance, as list-ops' `append` tests hold "length of
/// [1, 2, 3, 4]", does not say how the track tests it, and a property no test holds so says
/// nothing. Where the cases are of several functions, a test that also calls a function none
/// of those tests calls is apart when, of their functions, it calls only those every test of
/// the file calls (a constructor): Elixir queen-attack's test of `to_string` builds its
/// queens with `new`, as the tests of `can_attack?` do. (Where they are all of one, the
/// track's tests call the methods of one object, each its own: Python bank-account's.)
fn mark_calls_apart(
    cases: &[Case],
    weights: &[f64],
    holdings: &[Holdings],
    matrix: &mut [Vec<Evidence>],
) {
    let best: Vec<f64> = (0..holdings.len())
        .map(|t| matrix.iter().map(|row| row[t].score()).fold(0.0, f64::max))
        .collect();
    // Each property's functions all of the tests that tell call, and those any of them calls.
    let mut through: HashMap<&str, (HashSet<&String>, HashSet<&String>)> = HashMap::new();
    for ((case, row), weight) in cases.iter().zip(matrix.iter()).zip(weights) {
        for ((e, holding), best) in row.iter().zip(holdings).zip(&best) {
            let written = e.member_order >= EXACT_ORDER && !e.loosely && *weight >= DATA_ALONE;
            if e.holds_all() && (e.named_after || written) && e.score() >= best - TIE {
                let calls: HashSet<&String> = holding.calls.iter().collect();
                let (all, any) = through
                    .entry(case.property.as_str())
                    .or_insert_with(|| (calls.clone(), HashSet::new()));
                all.retain(|f| calls.contains(f));
                any.extend(&calls);
            }
        }
    }
    let several = cases.iter().any(|c| c.property != cases[0].property);
    // The functions every test that calls any calls.
    let everywhere = |f: &String| {
        holdings
            .iter()
            .all(|h| h.calls.is_empty() || h.calls.contains(f))
    };
    for (case, row) in cases.iter().zip(matrix.iter_mut()) {
        let Some((all, any)) = through.get(case.property.as_str()) else {
            continue;
        };
        if all.is_empty() {
            continue;
        }
        let own: HashSet<&String> = all.iter().copied().filter(|f| !everywhere(f)).collect();
        let calls_none = |calls: &HashSet<String>, functions: &HashSet<&String>| {
            calls.iter().all(|c| !functions.contains(c))
        };
        for (e, holding) in row.iter_mut().zip(holdings) {
            let calls = &holding.calls;
            e.calls_apart = (!calls.is_empty() && calls_none(calls, all))
                || (several
                    && !own.is_empty()
                    && calls.iter().any(|c| !any.contains(c))
                    && calls_none(calls, &own));
        }
    }
}

/// The tests linked to each case: `links[case]` lists test indexes.
/// `weights` is each case's total literal weight, as `evidence` gives it; `included` says
/// which cases tests.toml includes.
pub fn link(
    cases: &[Case],
    tests_of: &[Test],
    evidence: &[Vec<Evidence>],
    weights: &[f64],
    included: &[bool],
) -> Vec<Vec<usize>> {
    let tests = evidence.first().map_or(0, Vec::len);
    // Where the evidence is partial, a case the track includes is the likelier one.
    let score = |c: usize, t: usize| {
        let score = evidence[c][t].score();
        if included[c] { score } else { score * EXCLUDED }
    };
    // Each test's best score over the cases.
    let test_best: Vec<f64> = (0..tests)
        .map(|t| (0..cases.len()).map(|c| score(c, t)).fold(0.0, f64::max))
        .collect();
    // Each test's best case: of several it scores alike, those whose values it holds the
    // most in order (see `held_order`).
    let best_of_test: Vec<Vec<usize>> = (0..tests)
        .map(|t| {
            let alike: Vec<usize> = (0..cases.len())
                .filter(|&c| score(c, t) >= test_best[t] - TIE)
                .collect();
            if alike.len() < 2 {
                return alike;
            }
            let orders: Vec<f64> = alike
                .iter()
                .map(|&c| held_order(&cases[c], &tests_of[t]))
                .collect();
            let most = orders.iter().copied().fold(0.0, f64::max);
            alike
                .into_iter()
                .zip(orders)
                .filter(|&(_, order)| order >= most - TIE)
                .map(|(c, _)| c)
                .collect()
        })
        .collect();
    // Whether a test named after case `b` holds all of its data.
    let has_own_test = |b: usize| {
        (0..tests).any(|t| evidence[b][t].named_after && evidence[b][t].data >= ALL_DATA)
    };
    // Test `t`'s name, after case `c`, is contradicted when it holds all of one other case's
    // data (enough to tell) that is not `c`'s, and no test named after that case does (two
    // tests whose names were swapped). A test holding several other cases in full reads a
    // table every case's data is in, whichever tests are left (pascals-triangle's TRIANGLE).
    let contradicted = |c: usize, t: usize| {
        if evidence[c][t].data >= ALL_DATA {
            return false;
        }
        let mut others = (0..cases.len()).filter(|&b| {
            b != c
                && evidence[b][t].data >= ALL_DATA
                && weights[b] >= DATA_ALONE
                && !cases[b].leaves.iter().all(|l| cases[c].leaves.contains(l))
        });
        match (others.next(), others.next()) {
            (Some(b), None) => !has_own_test(b),
            _ => false,
        }
    };
    // Test `t` holds case `b` as written: all of its data, in its order, as it is spelled.
    let as_written = |b: usize, t: usize| {
        let e = evidence[b][t];
        e.data >= ALL_DATA && e.order >= EXACT_ORDER && !e.loosely && weights[b] >= DATA_ALONE
    };
    // Each case's values, sorted and without letter case: two cases whose values are the
    // same but for order or letter case look alike.
    let values: Vec<Vec<Literal>> = cases
        .iter()
        .map(|case| {
            let mut values: Vec<Literal> = case
                .leaves
                .iter()
                .map(|leaf| match leaf {
                    Literal::Text(text) => Literal::Text(text.to_lowercase()),
                    other => other.clone(),
                })
                .collect();
            values.sort();
            values
        })
        .collect();
    // Test `t` holds a look-alike of case `c` as written, and `c` only in another letter
    // case or another order: it is that case's test ("AABBBCCCC" beside "aabbbcccc", sides
    // [3, 4, 4] beside [4, 4, 3]), and `c` stays missing when its own test goes.
    let look_alike = |c: usize, t: usize| {
        let e = evidence[c][t];
        (e.loosely || e.order < EXACT_ORDER)
            && !as_written(c, t)
            && (0..cases.len()).any(|b| b != c && values[b] == values[c] && as_written(b, t))
    };
    // Test `t` holds case `c` only inside another case it holds in full, as much in order,
    // whose values include all of `c`'s: it is that case's test, and holds `c` because the
    // other case's data contains it (sieve's primes to 1000 hold all of "limit is prime": 13
    // and the primes up to it). A test named after `c` is still its test, and a test calling
    // another case's function and not the other case's holds that one by chance
    // (custom-set's test adding 3 to [1, 2, 4] holds "[1, 2] and [3, 4] are disjoint").
    let inside_other = |c: usize, t: usize| {
        let e = evidence[c][t];
        !e.named_after
            && (0..cases.len()).any(|b| {
                let held = evidence[b][t];
                b != c
                    && held.data >= ALL_DATA
                    && held.order >= e.order
                    && !held.loosely
                    && !held.other_property
                    && weights[b] >= DATA_ALONE
                    && values[b] != values[c]
                    && cases[c].leaves.iter().all(|l| cases[b].leaves.contains(l))
            })
    };
    // Test `t` sings case `c`'s verse within a case of several verses whose text it holds
    // and whose input it gives (`verses(1, 3)`, `lyrics(99..98//-1)`): it is a test of that
    // input, as a reader takes it, not of each verse (`sing()` and `lyrics()`, which take
    // none, are).
    let verses: Vec<Vec<String>> = cases
        .iter()
        .map(|case| verse_lines(case.expected_lines.iter().map(String::as_str)))
        .collect();
    let own_input_song = |c: usize, t: usize| {
        (0..cases.len()).any(|b| {
            b != c
                && evidence[b][t].sings
                && evidence[b][t].input_held
                && verses[b].len() > verses[c].len()
                && sings(std::slice::from_ref(&verses[b]), &verses[c])
        })
    };
    // Test `t` is exactly case `c`: all of its data as written, and no value of its own, and
    // it calls no other case's function (custom-set's `CustomSet.new([]).add(3) ==
    // CustomSet.new([3])` for [] and 3, under any name).
    let exact = |c: usize, t: usize| {
        let e = evidence[c][t];
        e.data >= ALL_DATA
            && e.fit >= ALL_DATA
            && e.order >= EXACT_ORDER
            && !e.loosely
            && !e.calls_other
    };
    // Test `t`'s best score, as case `c`'s rival: over the cases it does not hold only as a
    // look-alike of another it holds as written, and, where it holds `c` as written, not
    // over cases of `c`'s function whose values it holds, but not each as many times as
    // the case has it: triangle's [3, 4, 4] holds the 4 of [4, 4, 4], twice; nor, where it
    // is exactly `c`, over those it holds among a value of its own (custom-set's test of
    // [1, 2, 3] and [1, 2, 3, 4] holds [1, 2, 3] and [1, 2, 4] but for one 3). (A case of
    // another function stays a rival: Elixir list-ops' test appending [3, 4, 5] to [1, 2]
    // is no test of the length of [1, 2, 3, 4], which it holds as written.)
    let unlike_best = |c: usize, t: usize| {
        let written = as_written(c, t);
        (0..cases.len())
            .filter(|&b| !look_alike(b, t))
            .filter(|&b| {
                let e = evidence[b][t];
                !(written
                    && cases[b].property == cases[c].property
                    && e.data >= ALL_DATA
                    && (!e.counted || (exact(c, t) && e.fit < ALL_DATA)))
            })
            .map(|b| score(b, t))
            .fold(0.0, f64::max)
    };
    // Test `t` is exactly another case of `c`'s function and not `c`: it holds `c` by the
    // values the two share (custom-set's test of [1, 2, 3] and [1, 2, 3, 4] holds all of
    // [1, 2, 3] and [1, 2, 4]).
    let exactly_another = |c: usize, t: usize| {
        !exact(c, t)
            && (0..cases.len())
                .any(|b| b != c && cases[b].property == cases[c].property && exact(b, t))
    };
    // Where the case's data is too common to tell cases apart alone (`weights` below
    // DATA_ALONE), the one test that is exactly it, and exactly no other case, holds it all
    // the same.
    let exactly_one = |c: usize, t: usize| {
        exact(c, t)
            && (0..tests).all(|u| u == t || !exact(c, u))
            && (0..cases.len()).all(|b| b == c || !exact(b, t))
    };
    // Test `t` holds case `c` among mostly other values, and is named more like another case,
    // at least half like it, whose data it holds half of among mostly that case's values: it
    // is that case's test, and holds `c` by chance (Ruby parallel-letter-frequency's "one text
    // multiple letters", older data of "one text with multiple letters", holds the "a" and 1
    // of "one text with one letter"; Ruby robot-simulator's "advance when facing south" holds
    // the south and -1 of "at negative position facing south").
    let named_elsewhere = |c: usize, t: usize| {
        let e = evidence[c][t];
        e.fit < SHARED_FIT
            && (0..cases.len()).any(|b| {
                let other = evidence[b][t];
                b != c
                    && other.name > e.name + TIE
                    && other.name >= HALF_EVIDENCE
                    && other.data >= HALF_EVIDENCE
                    && other.fit >= SHARED_FIT
            })
    };
    // Each case's tests, and which of them must stand in its place (see `keep_in_place`).
    let chosen: Vec<Chosen> = (0..cases.len())
        .map(|c| {
            let all_data = |t: usize| {
                let e = evidence[c][t];
                e.data >= ALL_DATA
                    && e.member_order >= IN_ORDER
                    && (weights[c] >= DATA_ALONE || exactly_one(c, t))
                    && !e.other_property
            };
            // A test named after another case belongs to that one first, unless its name is
            // contradicted.
            let claimed = |t: usize| {
                (0..cases.len())
                    .any(|b| b != c && evidence[b][t].named_after && !contradicted(b, t))
            };
            // A test holding another case as written (all its data, in its order) is that
            // case's: a case whose best test it is only by the combined score (this is the
            // fallback, for cases no test holds all of) shares values with it by chance
            // (list-ops' `map` of [1, 3, 5, 7] in a test of `filter` over 1 to 10).
            let held_elsewhere = |t: usize| {
                (0..cases.len())
                    .any(|b| b != c && as_written(b, t) && !evidence[b][t].other_property)
            };
            let whole: Vec<usize> = (0..tests).filter(|&t| all_data(t)).collect();
            // A test of the whole song covers each verse it sings, unless it gives the input
            // of a case of several verses.
            let sung: Vec<usize> = (0..tests)
                .filter(|&t| evidence[c][t].sung && !own_input_song(c, t))
                .collect();
            // A test named after the case implements it (its data may be computed, or come from
            // a fixture), unless its name is contradicted.
            let named: Vec<usize> = (0..tests)
                .filter(|&t| {
                    let e = evidence[c][t];
                    // tests.toml says the track leaves an excluded case out: a name alone
                    // does not say otherwise.
                    e.named_after
                        && !contradicted(c, t)
                        && (included[c] || e.data >= EXCLUDED_NAMED_DATA)
                })
                .collect();
            if !whole.is_empty() || !named.is_empty() || !sung.is_empty() {
                // Of several tests holding all of the data: those whose best case it is (one
                // case tested through two functions), and, when no test is named after the
                // case, those named most like it (one test of many cases) that are not named
                // after another case nor hold another as written while this one only partly in
                // order (binary-search's odd-length test holds the even case's 21 and 5 among
                // its array's values).
                let top = whole.iter().map(|&t| score(c, t)).fold(0.0, f64::max);
                let own_top = whole
                    .iter()
                    .filter(|&&t| !claimed(t))
                    .map(|&t| score(c, t))
                    .fold(0.0, f64::max);
                let unnamed = named.is_empty();
                // A test below the case's top one that holds its data among mostly other
                // values holds it by chance (`"a"` and 1 in a test of "abbca"); a test named
                // after another case is no top one of this case's (Elixir word-search's later
                // tests, named after their own cases, hold the earlier ones' data too). So does
                // a test named more like another case (`named_elsewhere`), wherever it stands.
                let by_chance = |t: usize| {
                    (score(c, t) < own_top - TIE && evidence[c][t].fit < SHARED_FIT)
                        || named_elsewhere(c, t)
                };
                // A test holding the case's values as written (in its order, as spelled) is its
                // test; one holding them in another order tests another input (a chromatic
                // scale from A beside the case's from C), one holding a text only loosely
                // another text (bob's question after a line break beside the question). A
                // test named after another case that holds this one as written among mostly
                // values of its own holds it by chance and says nothing of the others (Elixir
                // word-search's later tests search the earlier tests' grid for more words).
                let written =
                    |t: usize| evidence[c][t].order >= EXACT_ORDER && !evidence[c][t].loosely;
                let as_ordered = whole
                    .iter()
                    .any(|&t| written(t) && !(claimed(t) && evidence[c][t].fit < SHARED_FIT));
                let reordered = |t: usize| as_ordered && !written(t);
                // A test holding the case's values, but not in the case's order, among values
                // mostly of no case it holds all of, tests an input of its own: Elixir
                // pascals-triangle's "20 rows" holds the rows of "ten rows" after its 20, and
                // ten more rows no case has.
                let own_input = |t: usize| {
                    let e = evidence[c][t];
                    e.member_order < EXACT_ORDER && e.held_fit < SHARED_FIT
                };
                let candidates: Vec<usize> = whole
                    .iter()
                    .copied()
                    .filter(|&t| {
                        !look_alike(c, t)
                            && !by_chance(t)
                            && !reordered(t)
                            && !inside_other(c, t)
                            && !evidence[c][t].calls_apart
                            && !exactly_another(c, t)
                            && !own_input(t)
                    })
                    .collect();
                // Tests whose best case this is.
                let best_of: Vec<usize> = candidates
                    .iter()
                    .copied()
                    .filter(|&t| score(c, t) >= unlike_best(c, t) - TIE)
                    .collect();
                // A test named after another case (`claimed`) holds this one's data by chance,
                // even all of it in order (high-scores' "scores after personal top scores"
                // asserts the input and expected list of "list of scores"): with the case's own
                // test deleted, the case is missing, not handed on. The price: a case asserted
                // only in another case's test (Elixir grade-school's grade 2 test also asserts
                // grade 3 of its roster) is missing.
                let weak: Vec<usize> = candidates
                    .into_iter()
                    .filter(|&t| {
                        !best_of.contains(&t)
                            && unnamed
                            && score(c, t) >= top - TIE
                            && !claimed(t)
                            && (as_written(c, t) || !held_elsewhere(t))
                            && !named.contains(&t)
                            && !sung.contains(&t)
                    })
                    .collect();
                // A test holding all of the case's values, but not as written (in another
                // order, or a text only loosely), or among mostly other values, is the case's
                // test where it stands in its place (see `keep_in_place`).
                let loose: Vec<usize> = best_of
                    .iter()
                    .copied()
                    .filter(|&t| {
                        (!written(t) || evidence[c][t].fit < SHARED_FIT)
                            && !named.contains(&t)
                            && !sung.contains(&t)
                    })
                    .collect();
                let mut tests: Vec<usize> = best_of.into_iter().chain(named).chain(sung).collect();
                tests.extend(&weak);
                tests.sort_unstable();
                tests.dedup();
                if !tests.is_empty() {
                    return Chosen { tests, weak, loose };
                }
                // Every test holding all of the data holds it by chance: the case's test, if
                // any, is among the rest.
            }
            // The case's best test, when the evidence singles one out and the test holds one
            // of the case's input values at least: older data changes a value or two, while a
            // test of its own input, named half like the case and holding its expected value,
            // is another case (luhn's "055a 444 285" for "059a", a deleted case's test).
            // Tests holding the case only inside another case's data are no candidates: the
            // best of the rest may stand in for them if it is named like the case, holds half
            // of its data and its values are mostly the case's (Elixir saddle-points'
            // "multiple saddle points in a row", a changed matrix, beside a test of another
            // matrix that holds every number of the case's). Nor, where the case's data tells
            // cases apart, are tests whose best case is another (of the cases a test scores
            // alike, its best is the one whose values it holds the most in order): the best
            // test whose best case this is may stand in for them if it holds half of the
            // case's data, as much as any of them, among mostly the case's values, and stands
            // in the case's place (a test renamed `case 17` beside another case's test named
            // like it). A best test named more like another case (`named_elsewhere`) links none.
            let mine = |t: usize| weights[c] < DATA_ALONE || best_of_test[t].contains(&c);
            let rest =
                || (0..tests).filter(|&t| !whole.contains(&t) && !inside_other(c, t) && mine(t));
            let all_top = (0..tests).map(|t| score(c, t)).fold(0.0, f64::max);
            let top = (0..tests)
                .filter(|&t| mine(t) || (whole.contains(&t) && !inside_other(c, t)))
                .map(|t| score(c, t))
                .fold(0.0, f64::max);
            let best = rest().map(|t| score(c, t)).fold(0.0, f64::max);
            // The most of the case's data a better test holds.
            let skipped_data = (0..tests)
                .filter(|&t| score(c, t) > best + TIE)
                .map(|t| evidence[c][t].data)
                .fold(0.0, f64::max);
            let best_tests: Vec<usize> = rest().filter(|&t| score(c, t) >= best - TIE).collect();
            // The best test of all needs half of the case's data or a name half like it; one
            // standing in for other cases' tests alone needs half of the data (see above);
            // one standing in for a better test of this case's needs both, among mostly the
            // case's values.
            let half = |t: usize| {
                let e = evidence[c][t];
                let (data, name) = (e.data >= HALF_EVIDENCE, e.name >= HALF_EVIDENCE);
                let both = data && name && e.fit >= SHARED_FIT;
                if best >= all_top - TIE {
                    data || name
                } else if best >= top - TIE {
                    both || (data && e.fit >= SHARED_FIT && e.data >= skipped_data - TIE)
                } else {
                    both
                }
            };
            match best_tests[..] {
                // An excluded case needs more than a best score: all its data, or its name.
                [t] if included[c]
                    && best >= MIN_SCORE
                    && half(t)
                    && best >= test_best[t] - TIE
                    && !claimed(t)
                    && !held_elsewhere(t)
                    && !look_alike(c, t)
                    && !evidence[c][t].calls_apart
                    && !named_elsewhere(c, t)
                    && (evidence[c][t].input_held || cases[c].inputs == 0) =>
                {
                    // Unless the test is named much like the case, or holds all of its data, the
                    // link rests on the combined score alone, as it does where a better test
                    // is another case's; all of its data not as written is no surer here than
                    // among the tests holding all of it (`loose` there).
                    let e = evidence[c][t];
                    let weak =
                        (e.name < HALF_EVIDENCE && e.data < ALL_DATA) || best < all_top - TIE;
                    let loose = e.name < HALF_EVIDENCE
                        && e.data >= ALL_DATA
                        && (e.order < EXACT_ORDER || e.loosely);
                    Chosen {
                        tests: vec![t],
                        weak: if weak { vec![t] } else { Vec::new() },
                        loose: if loose { vec![t] } else { Vec::new() },
                    }
                }
                _ => Chosen::default(),
            }
        })
        .collect();
    let mut links = keep_in_place(&chosen, tests_of);
    settle_reimplementations(cases, evidence, included, &mut links);
    links
}

/// The tests chosen for one case.
#[derive(Default)]
struct Chosen {
    tests: Vec<usize>,
    /// Those chosen on weak evidence: by the combined score alone with a name less than half
    /// like the case's, or by all of the case's data in a test that holds another case
    /// better. They must stand in the case's place, and do not mark it for other cases.
    weak: Vec<usize>,
    /// Those holding all of the case's values but not as written, or among mostly other
    /// values: they must stand in the case's place, and mark it for other cases.
    loose: Vec<usize>,
}

/// Each case's tests, less the weak and loose ones that do not stand in the case's place in
/// the file. That is source order against canonical order: a test the track wrote beside
/// another case, holding part of this one's data, does not take this case when its own test
/// is deleted (Elixir scrabble-score's "whitespace scores zero" expects the 0 of "empty
/// input", whose neighbours are tested at the file's end). A test stands in the case's place
/// when it lies between the tests of the nearest cases before and after the case that have
/// firm links, or when the nearest tests before and after it with firm links hold cases
/// before and after this one (a track that keeps its error tests together at the end).
/// Those nearest tests are sought within the test's group (a `describe`, a test class) when
/// the group has other tests with firm links: at the end of its group a test has none after
/// it, as at the file's end (Elixir protein-translation's `of_codon` error tests, before the
/// `of_rna` tests of the first cases). Where the tests of the case's neighbours stand in the
/// other order themselves (Elixir grains' error tests, last case first), the order tells
/// nothing and the links stay.
fn keep_in_place(chosen: &[Chosen], tests_of: &[Test]) -> Vec<Vec<usize>> {
    let firm: Vec<Vec<usize>> = chosen
        .iter()
        .map(|chosen| {
            let weak = &chosen.weak;
            chosen
                .tests
                .iter()
                .copied()
                .filter(|t| !weak.contains(t))
                .collect()
        })
        .collect();
    let tests = firm.iter().flatten().max().map_or(0, |&t| t + 1);
    // The cases each test is firmly linked to.
    let mut cases_of: Vec<Vec<usize>> = vec![Vec::new(); tests];
    for (c, linked) in firm.iter().enumerate() {
        for &t in linked {
            cases_of[t].push(c);
        }
    }
    let placed = |c: usize, t: usize| {
        let before = firm[..c].iter().rev().find(|tests| !tests.is_empty());
        let after = firm[c + 1..].iter().find(|tests| !tests.is_empty());
        let from = before.and_then(|tests| tests.iter().min()).copied();
        let to = after.and_then(|tests| tests.iter().max()).copied();
        let (from, to) = (from.unwrap_or(0), to.unwrap_or(usize::MAX));
        if from > to || (from..=to).contains(&t) {
            return true;
        }
        let same_group = |u: usize| {
            tests_of.get(u).map(|u| (&u.file, u.group))
                == tests_of.get(t).map(|t| (&t.file, t.group))
        };
        let in_group = (0..tests).any(|u| u != t && same_group(u) && !cases_of[u].is_empty());
        let grouped = |u: &usize| !in_group || same_group(*u);
        let earlier = (0..t.min(tests))
            .rev()
            .filter(grouped)
            .map(|u| &cases_of[u])
            .find(|cases| !cases.is_empty());
        let later = (t + 1..tests)
            .filter(grouped)
            .map(|u| &cases_of[u])
            .find(|cases| !cases.is_empty());
        earlier.is_none_or(|cases| cases.iter().any(|&b| b < c))
            && later.is_none_or(|cases| cases.iter().any(|&b| b > c))
    };
    chosen
        .iter()
        .enumerate()
        .map(|(c, chosen)| {
            let unplaced = |t: &usize| chosen.weak.contains(t) || chosen.loose.contains(t);
            chosen
                .tests
                .iter()
                .copied()
                .filter(|t| !unplaced(t) || placed(c, *t))
                .collect()
        })
        .collect()
}

/// A test linked to a case and to the case it reimplements (or that reimplements it) keeps
/// only the one whose data it holds more of.
fn settle_reimplementations(
    cases: &[Case],
    evidence: &[Vec<Evidence>],
    included: &[bool],
    links: &mut [Vec<usize>],
) {
    let index: HashMap<&str, usize> = cases
        .iter()
        .enumerate()
        .map(|(i, c)| (c.uuid.as_str(), i))
        .collect();
    for (new, case) in cases.iter().enumerate() {
        let Some(&old) = case.reimplements.as_deref().and_then(|u| index.get(u)) else {
            continue;
        };
        let shared: Vec<usize> = links[new]
            .iter()
            .copied()
            .filter(|t| links[old].contains(t))
            .collect();
        for t in shared {
            let (a, b) = (evidence[new][t], evidence[old][t]);
            // The data decides, then which one tests.toml includes, then the name.
            let loser = if (a.data, included[new], a.name) >= (b.data, included[old], b.name) {
                old
            } else {
                new
            };
            links[loser].retain(|&x| x != t);
        }
    }
}

/// The case whose description the test's name is, if exactly one is.
pub fn named_after(evidence: &[Vec<Evidence>], test: usize) -> Option<usize> {
    let named: Vec<usize> = (0..evidence.len())
        .filter(|&c| evidence[c][test].named_after)
        .collect();
    (named.len() == 1).then(|| named[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn case(uuid: &str, description: &str, input: i64, expected: &str) -> Case {
        Case {
            uuid: uuid.to_string(),
            description: description.to_string(),
            own_description: description.to_string(),
            property: "say".to_string(),
            reimplements: None,
            input: json!({ "n": input }),
            expected: json!(expected),
            sequence: vec![
                Literal::Number(input.to_string()),
                Literal::Text(expected.to_string()),
            ],
            inputs: 1,
            shape: in_order(2),
            leaves: vec![
                Literal::Number(input.to_string()),
                Literal::Text(expected.to_string()),
            ],
            keys: Vec::new(),
            expected_lines: Vec::new(),
        }
    }

    /// The shape of a sequence of `n` values whose order is data.
    fn in_order(n: usize) -> Shape {
        Shape::List((0..n).map(Shape::Value).collect())
    }

    fn test(line: usize, name: &str, literals: Vec<Literal>) -> Test {
        Test {
            file: "t".to_string(),
            line,
            name: name.to_string(),
            places: (0..literals.len()).collect(),
            literals,
            group: None,
        }
    }

    fn links(cases: &[Case], tests: &[Test], included: &[bool]) -> Vec<Vec<usize>> {
        let (evidence, weights) = evidence(cases, tests);
        link(cases, tests, &evidence, &weights, included)
    }

    fn holds(input: i64, expected: &str) -> Vec<Literal> {
        vec![
            Literal::Number(input.to_string()),
            Literal::Text(expected.to_string()),
        ]
    }

    /// Cases "one" to "three" of a number and its Spanish name.
    fn one_two_three() -> [Case; 3] {
        [
            case("a", "one", 1, "uno"),
            case("b", "two", 2, "dos"),
            case("c", "three", 3, "tres"),
        ]
    }

    #[test]
    fn one_test_holding_the_data_of_several_cases_implements_them_all() {
        let cases = one_two_three();
        let mut all = holds(1, "uno");
        all.extend(holds(2, "dos"));
        let tests = [test(1, "numbers", all), test(5, "three", holds(3, "tres"))];
        assert_eq!(
            links(&cases, &tests, &[true; 3]),
            vec![vec![0], vec![0], vec![1]]
        );
    }

    /// Cases 0 and 1 go to tests 0 and 1; without test 0, case 0 is missing and case 1 keeps
    /// its test.
    fn deleting_the_first_test_leaves_its_case_missing(cases: &[Case], tests: &[Test]) {
        let included = vec![true; cases.len()];
        assert_eq!(links(cases, tests, &included)[..2], [vec![0], vec![1]]);
        assert_eq!(links(cases, &tests[1..], &included)[..2], [vec![], vec![0]]);
    }

    fn numbers(values: &[i64]) -> Vec<Literal> {
        values
            .iter()
            .map(|v| Literal::Number(v.to_string()))
            .collect()
    }

    /// Four cases of a number no test has: they make the other cases' values rare enough
    /// for their data alone to link.
    fn with_fillers(cases: &mut Vec<Case>) {
        for i in 0..4 {
            cases.push(numbers_case(
                &format!("f{i}"),
                &format!("filler {i}"),
                &[100 + i],
            ));
        }
    }

    /// A case of numbers alone, its values in this order.
    fn numbers_case(uuid: &str, description: &str, values: &[i64]) -> Case {
        let numbers = numbers(values);
        let mut case = case(uuid, description, 0, "");
        case.input = json!({ "values": values });
        case.expected = json!(null);
        case.sequence = numbers.clone();
        case.shape = in_order(values.len());
        case.leaves = numbers;
        case.leaves.sort();
        case.leaves.dedup();
        case
    }

    #[test]
    fn a_text_of_numbers_is_one_value_however_many_ways_it_is_read() {
        // `hey("1, 2, 3") == "Whatever."`: the text is also read as its three numbers.
        let probes: Vec<Probe> = ["1, 2, 3", "Whatever."]
            .iter()
            .map(|t| Probe::new(&Literal::Text(t.to_string()), 1.0))
            .collect();
        let mut literals = numbers(&[1, 2, 3]);
        literals.push(Literal::Text("1, 2, 3".into()));
        literals.push(Literal::Text("Whatever.".into()));
        let literals: Vec<Value> = literals.iter().map(Value::new).collect();
        assert_eq!(fit(&probes, &literals, &[7, 7, 7, 7, 20]), 1.0);
        // Read at five places, they would be five values, two of them the case's.
        assert_eq!(fit(&probes, &literals, &[1, 2, 3, 4, 5]), 0.4);
    }

    /// Whether a test of the one text `text` holds the case's `value`, and whether that text
    /// is the value where the order is read.
    fn held_by_text(value: &Literal, text: &str) -> (bool, bool) {
        let probe = Probe::new(value, 1.0);
        let literals = vec![Literal::Text(text.into())];
        let holdings = Holdings::new(&test(1, "t", literals.clone()));
        (holdings.holds(&probe), probe.is(&Value::new(&literals[0])))
    }

    #[test]
    fn a_number_is_held_by_a_text_of_that_number_alone() {
        // trinary: canonical data's 10, the test's `trinary('10')`.
        let held = |text: &str| held_by_text(&Literal::Number("10".into()), text);
        assert_eq!(held("10"), (true, true));
        // A text of two numbers, or of a number and words, is not the number.
        assert_eq!(held("1 0"), (false, false));
        assert_eq!(held("10 apples"), (false, false));
    }

    #[test]
    fn a_case_s_keys_count_as_its_values_for_the_fit() {
        // etl: {"1": ["A"]} gives {"a": 1}; the test writes the keys too, `%{1 => ["A"]}`.
        let mut single = case("a", "single letter", 1, "A");
        single.keys = vec![Literal::Text("1".into()), Literal::Text("a".into())];
        let literals = vec![
            Literal::Number("1".into()),
            Literal::Text("A".into()),
            Literal::Text("a".into()),
            Literal::Number("1".into()),
        ];
        let (evidence, _) = evidence(&[single], &[test(1, "t", literals)]);
        assert_eq!(evidence[0][0].fit, 1.0);
    }

    #[test]
    fn a_text_ending_in_a_line_break_holds_its_line_as_written() {
        // proverb: the case's "And all for the want of a nail.", the test's heredoc.
        let line = Probe::new(
            &Literal::Text("And all for the want of a nail.".into()),
            1.0,
        );
        let text = "And all for the want of a nail.\n";
        let holdings = Holdings::new(&test(1, "t", vec![Literal::Text(text.into())]));
        assert!(holdings.holds(&line) && !holdings.loosely(&line));
        // A line break before it is still loose (bob's question after a line break).
        let text = "\nAnd all for the want of a nail.";
        let holdings = Holdings::new(&test(1, "t", vec![Literal::Text(text.into())]));
        assert!(holdings.holds(&line) && holdings.loosely(&line));
    }

    /// A case of a grid of rows and a number.
    fn grid_case(uuid: &str, description: &str, rows: &[&str], number: i64) -> Case {
        let mut case = numbers_case(uuid, description, &[number]);
        let mut sequence: Vec<Literal> =
            rows.iter().map(|r| Literal::Text(r.to_string())).collect();
        sequence.push(Literal::Number(number.to_string()));
        case.shape = in_order(sequence.len());
        case.leaves = sequence.clone();
        case.leaves.sort();
        case.sequence = sequence;
        case
    }

    #[test]
    fn a_text_of_several_lines_holds_a_case_s_rows_one_by_one_in_order() {
        // Elixir word-search writes the case's grid as one heredoc: its rows are the case's,
        // in order, and the test's values are the case's. Rows in another order are not.
        let cases = vec![
            grid_case("a", "first", &["abc", "def", "ghi"], 5),
            grid_case("b", "second", &["xyz", "uvw"], 6),
        ];
        for (grid, in_order) in [("abc\ndef\nghi\n", true), ("def\nabc\nghi\n", false)] {
            let literals = vec![Literal::Text(grid.into()), Literal::Number("5".into())];
            let (evidence, _) = evidence(&cases, &[test(1, "case 17", literals)]);
            let e = evidence[0][0];
            assert!(e.holds_all() && e.fit >= ALL_DATA, "{e:?}");
            assert_eq!(e.order >= EXACT_ORDER, in_order, "{grid:?}: {e:?}");
        }
    }

    #[test]
    fn the_empty_text_is_also_the_empty_list() {
        // rectangles: canonical data's no rows, `[]`, the test's `""`.
        let held = |text: &str| held_by_text(&Literal::Empty, text);
        assert_eq!(held(""), (true, true));
        // A text of white space is a row of it.
        assert_eq!(held(" "), (false, false));
    }

    #[test]
    fn an_empty_list_held_only_as_the_empty_text_is_held_loosely() {
        // minesweeper's "no rows", `[]`, and "no columns", `[""]`: renamed `case 17`, the
        // test of no columns does not take no rows, which it holds only as its empty text.
        let mut rows = case("a", "no rows", 0, "");
        rows.sequence = vec![Literal::Empty, Literal::Empty];
        rows.leaves = vec![Literal::Empty];
        let mut columns = case("b", "no columns", 0, "");
        columns.sequence = vec![Literal::Text(String::new()); 2];
        columns.leaves = vec![Literal::Text(String::new())];
        let mut cases = vec![rows, columns];
        // Enough other cases for the empty list to tell cases apart.
        for _ in 0..3 {
            with_fillers(&mut cases);
        }
        let tests = vec![
            test(1, "no rows", vec![Literal::Empty, Literal::Empty]),
            test(5, "case 17", vec![Literal::Text(String::new()); 2]),
        ];
        let (evidence, weights) = evidence(&cases, &tests);
        assert!(weights[0] >= DATA_ALONE && evidence[0][1].data >= ALL_DATA);
        assert!(evidence[0][1].loosely);
        assert_eq!(links(&cases, &tests, &[true; 14])[..2], [[0], [1]]);
        // A test that writes an empty list holds it as written.
        let e = super::evidence(&cases, &tests[..1]).0[0][0];
        assert!(e.data >= ALL_DATA && !e.loosely, "{e:?}");
    }

    #[test]
    fn a_call_of_the_case_s_own_function_does_not_hold_its_name_as_a_text() {
        // sublist: `sublist([], [1])` calls the property, and expects SUBLIST, a name the
        // test imports; the call is no expected "sublist".
        let mut cases = [case("a", "one", 1, "sublist"), case("b", "two", 2, "dos")];
        cases[0].property = "sublist".into();
        let data = |cases: &[Case]| {
            let calls = vec![Literal::Call("sublist".into()), Literal::Number("1".into())];
            evidence(cases, &[test(1, "t", calls)]).0[0][0].data
        };
        assert!(data(&cases) < ALL_DATA);
        // Another function's name is its text (`garden.charlie` for "Charlie").
        cases[0].property = "say".into();
        assert!(data(&cases) >= ALL_DATA);
    }

    /// Cases "first" to "fourth" of these values, and the fillers.
    fn four_numbers_cases(values: [&[i64]; 4]) -> Vec<Case> {
        let names = [
            ("a", "first"),
            ("b", "second"),
            ("c", "third"),
            ("d", "fourth"),
        ];
        let mut cases: Vec<Case> = names
            .iter()
            .zip(values)
            .map(|((uuid, name), values)| numbers_case(uuid, name, values))
            .collect();
        with_fillers(&mut cases);
        cases
    }

    #[test]
    fn a_test_holding_a_case_as_written_is_its_test_before_one_whose_repeats_it_lacks() {
        // triangle: the renamed [3, 4, 4] test holds the 4 of the equilateral [4, 4, 4],
        // whose description it is named more like; the next test holds [3, 4, 4] out of
        // order, under a name like its case's.
        let mut cases = vec![
            numbers_case("a", "last two sides are equal", &[3, 4, 4, 9]),
            numbers_case("b", "equilateral triangles are isosceles", &[4, 4, 4, 9]),
            numbers_case("c", "first two sides are equal", &[4, 4, 3, 9]),
        ];
        with_fillers(&mut cases);
        let tests = [
            test(1, "isosceles case 17", numbers(&[3, 4, 4, 9])),
            test(5, "first two sides are equal", numbers(&[4, 4, 3, 9])),
        ];
        let (evidence, weights) = evidence(&cases, &tests);
        assert!(weights[0] >= DATA_ALONE && evidence[1][0].data >= ALL_DATA);
        assert!(!evidence[1][0].counted && evidence[0][0].counted);
        assert!(evidence[1][0].score() > evidence[0][0].score());
        assert_eq!(
            links(&cases, &tests, &[true; 7])[..3],
            [vec![0], vec![], vec![1]]
        );
        // A case of another function stays the test's rival.
        cases[1].property = "equilateral".into();
        assert!(links(&cases, &tests, &[true; 7])[0].is_empty());
    }

    #[test]
    fn a_test_holds_a_case_inside_another_by_chance_when_it_calls_another_function() {
        // "second" is [5, 7, 9], all of "first"'s [5, 7] and more, and a case of `disjoint`,
        // which the last test calls; the first test calls `add`, "first"'s function.
        let mut cases = four_numbers_cases([&[5, 7], &[5, 7, 9], &[11, 13], &[15, 17]]);
        for (case, property) in cases.iter_mut().zip(["add", "disjoint", "add", "add"]) {
            case.property = property.into();
        }
        let call = |name: &str| Literal::Call(name.into());
        let mut first = numbers(&[5, 7, 9]);
        first.push(call("add"));
        let mut last = numbers(&[15, 17, 19]);
        last.push(call("disjoint"));
        let tests = [test(1, "case 17", first), test(5, "case 18", last)];
        assert!(links(&cases, &tests, &[true; 8])[0].contains(&0));
        // Calling `disjoint` too, it is that case's test.
        let mut both = tests.clone();
        both[0].literals.push(call("disjoint"));
        both[0].places.push(4);
        assert!(!links(&cases, &both, &[true; 8])[0].contains(&0));
    }

    fn with_call(values: &[i64], function: &str) -> Vec<Literal> {
        let mut literals = numbers(values);
        literals.push(Literal::Call(function.into()));
        literals
    }

    /// Four cases' tests through `histogram`, and a third test, between the second and third
    /// case's, holding `values` and calling `function`.
    fn histogram_tests(values: &[i64], function: &str) -> Vec<Test> {
        vec![
            test(1, "case 1", with_call(&[1, 2, 3, 4], "histogram")),
            test(5, "case 2", with_call(&[5, 6, 7, 8], "histogram")),
            test(9, "case 3", with_call(values, function)),
            test(13, "case 4", with_call(&[9, 10, 11, 12], "histogram")),
            test(17, "case 5", with_call(&[13, 14, 15, 16], "histogram")),
        ]
    }

    fn histogram_cases() -> Vec<Case> {
        four_numbers_cases([
            &[1, 2, 3, 4],
            &[5, 6, 7, 8],
            &[9, 10, 11, 12],
            &[13, 14, 15, 16],
        ])
    }

    /// The second case's links, with its test deleted.
    fn second_without_its_test(cases: &[Case], tests: &[Test]) -> Vec<usize> {
        let included = vec![true; cases.len()];
        assert_eq!(
            links(cases, tests, &included)[..4],
            [vec![0], vec![1], vec![3], vec![4]]
        );
        let deleted = [&tests[..1], &tests[2..]].concat();
        links(cases, &deleted, &included)[1].clone()
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_test_of_another_function_of_the_track() {
        // The track tests the cases through `histogram` (nucleotide-count); the third test
        // holds the second case's values, one or all out of place, and calls `count`, the
        // track's own function: a test of another function, not the second case's when its
        // own test is deleted. Calling `histogram`, it stands in.
        let cases = histogram_cases();
        for values in [[5, 6, 8, 7], [8, 7, 6, 5]] {
            for (function, stands_in) in [("count", false), ("histogram", true)] {
                let tests = histogram_tests(&values, function);
                let expected = if stands_in { vec![1] } else { vec![] };
                let links = second_without_its_test(&cases, &tests);
                assert_eq!(links, expected, "{values:?} calling {function}");
            }
        }
    }

    #[test]
    fn a_test_holding_a_case_by_chance_does_not_say_what_function_tests_it() {
        // The last test, of an `append` case, holds the second case as written too: that is
        // not its best case, so `append` is no function the second case is tested through.
        let mut cases = histogram_cases();
        let mut append = numbers_case("e", "fifth", &[5, 6, 7, 8, 20]);
        append.property = "append".into();
        cases.push(append);
        let mut tests = histogram_tests(&[8, 7, 6, 5], "count");
        tests.push(test(21, "case 6", with_call(&[5, 6, 7, 8, 20], "append")));
        assert_eq!(second_without_its_test(&cases, &tests), Vec::<usize>::new());
    }

    /// `values`, built with `new` and passed to `functions`.
    fn built(values: &[i64], functions: &[&str]) -> Vec<Literal> {
        let mut literals = with_call(values, "new");
        literals.extend(functions.iter().map(|f| Literal::Call(f.to_string())));
        literals
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_test_of_another_function_built_as_its_tests_are() {
        // Every test builds its value with `new`, and the track tests the cases through
        // `histogram` (Elixir queen-attack's `new` and `can_attack?`). The third test holds
        // the second case's values out of place and calls `count`, which no test of the
        // cases calls, and not `histogram`: a test of another function (queen-attack's
        // `to_string`), not the second case's when its own test is deleted. Calling
        // `histogram` too, or nothing but `new`, it stands in; so it does where the track
        // tests the cases through `new` alone, which tells no function of theirs. (The
        // exercise has a case of another function too: see the next test.)
        let mut cases = histogram_cases();
        let mut other = numbers_case("e", "fifth", &[40, 41]);
        other.property = "count".into();
        cases.push(other);
        let histogram = &["histogram"][..];
        for (through, functions, stands_in) in [
            (histogram, &["count"][..], false),
            (histogram, &["count", "histogram"], true),
            (histogram, &[], true),
            (&[], &["count"], true),
        ] {
            let tests = vec![
                test(1, "case 1", built(&[1, 2, 3, 4], through)),
                test(5, "case 2", built(&[5, 6, 7, 8], through)),
                test(9, "case 3", built(&[8, 7, 6, 5], functions)),
                test(13, "case 4", built(&[9, 10, 11, 12], through)),
                test(17, "case 5", built(&[13, 14, 15, 16], through)),
            ];
            let expected = if stands_in { vec![1] } else { vec![] };
            let links = second_without_its_test(&cases, &tests);
            assert_eq!(
                links, expected,
                "tested through {through:?}, calling {functions:?}"
            );
        }
    }

    #[test]
    fn the_tests_of_the_one_function_of_an_exercise_call_its_whole_api() {
        // The cases are all of one function (Python bank-account's `bankAccount`): the
        // track's tests call the object's methods, each its own, and a test calling one no
        // test of another case calls (`count`) is still its case's test.
        let mut cases = histogram_cases();
        for case in &mut cases {
            case.property = "histogram".into();
        }
        let tests = vec![
            test(1, "case 1", built(&[1, 2, 3, 4], &["histogram"])),
            test(5, "case 2", built(&[5, 6, 7, 8], &["histogram"])),
            test(9, "case 3", built(&[8, 7, 6, 5], &["count"])),
            test(13, "case 4", built(&[9, 10, 11, 12], &["histogram"])),
            test(17, "case 5", built(&[13, 14, 15, 16], &["histogram"])),
        ];
        assert_eq!(second_without_its_test(&cases, &tests), vec![1]);
    }

    #[test]
    fn a_test_exactly_one_case_is_its_test_before_a_case_it_holds_with_a_value_of_its_own() {
        // "larger set" is [1, 2, 3] and [1, 2, 3, 4]; "unequal members" [1, 2, 3] and
        // [1, 2, 4], which the second test holds too, but for its second 3. Named a little
        // like "unequal members" (as a renamed test may be), the second test is still exactly
        // "larger set", and its test, not "unequal members"'s; the third, named more like
        // "larger set", holds its values in another order.
        let mut cases = vec![
            numbers_case("a", "unequal members", &[1, 2, 3, 1, 2, 4]),
            numbers_case("b", "larger set", &[1, 2, 3, 1, 2, 3, 4]),
        ];
        with_fillers(&mut cases);
        let tests = [
            test(1, "case 1", numbers(&[1, 2, 3, 1, 2, 4])),
            test(5, "members 2", numbers(&[1, 2, 3, 1, 2, 3, 4])),
            test(9, "set larger 3", numbers(&[1, 2, 3, 1, 2, 4, 3])),
        ];
        let (evidence, _) = evidence(&cases, &tests);
        assert!(evidence[0][1].score() > evidence[1][1].score());
        let links = links(&cases, &tests, &[true; 6]);
        assert!(links[1].contains(&1), "{links:?}");
        assert!(!links[0].contains(&1), "{links:?}");
    }

    #[test]
    fn a_test_holding_a_case_among_mostly_other_values_is_not_its_second_test() {
        // 1 and `"a"` are all of the case's data; "many letters" holds them, in order, among
        // other counts and letters, where "one letter" holds little else.
        let mut cases = vec![case("a", "one letter", 1, "a")];
        for (i, text) in ["x", "y", "z", "w"].iter().enumerate() {
            cases.push(case(text, text, 10 + i as i64, text));
        }
        let text = |t: &str| Literal::Text(t.to_string());
        let number = |n: i64| Literal::Number(n.to_string());
        let counts = vec![
            text("abbca"),
            number(1),
            text("a"),
            number(2),
            text("b"),
            number(2),
            text("c"),
        ];
        let tests = [
            test(1, "one letter", holds(1, "a")),
            test(5, "many letters", counts),
        ];
        assert_eq!(links(&cases, &tests, &[true; 5])[0], vec![0]);
    }

    #[test]
    fn a_test_repeating_a_cases_few_values_in_longer_lists_is_not_its_second_test() {
        // [1, 3] against [1, 2, 3]: every value of the case is in the test of recurring values,
        // in order, but each many times over.
        let mut cases = vec![numbers_case("a", "missing element", &[1, 3, 1, 2, 3])];
        with_fillers(&mut cases);
        let tests = [
            test(1, "missing element", numbers(&[1, 3, 1, 2, 3])),
            test(
                5,
                "recurring values",
                numbers(&[1, 2, 1, 2, 3, 1, 2, 3, 1, 2, 3, 2, 1]),
            ),
        ];
        assert_eq!(links(&cases, &tests, &[true; 5])[0], vec![0]);
    }

    /// Cases "a" and "b" (named and holding a text each, after the input 7), with four
    /// fillers: test `holder` holds all of case `held`, only loosely, and each case goes to
    /// its own test all the same (the first case to the first test).
    fn held_loosely_apart(cases: [(&str, &str); 2], tests: &[Test], held: usize, holder: usize) {
        let mut cases: Vec<Case> = cases
            .iter()
            .zip(["a", "b"])
            .map(|(&(name, text), uuid)| case(uuid, name, 7, text))
            .collect();
        with_fillers(&mut cases);
        let e = evidence(&cases, tests).0[held][holder];
        assert!(e.data >= ALL_DATA && e.loosely, "{e:?}");
        assert_eq!(links(&cases, tests, &[true; 6])[..2], [[0], [1]]);
    }

    #[test]
    fn a_text_held_only_without_the_white_space_around_it_is_held_loosely_digits_too() {
        // luhn's "0" and " 0": renamed `case 17`, either test keeps its own case and does not
        // take the other, which it holds only loosely.
        let cases = [("a single zero", "0"), ("a zero with space", " 0")];
        for renamed in 0..2 {
            let mut tests = vec![
                test(1, "a single zero", holds(7, "0")),
                test(5, "a zero with space", holds(7, " 0")),
            ];
            tests[renamed].name = "case 17".into();
            held_loosely_apart(cases, &tests, 1 - renamed, renamed);
        }
    }

    #[test]
    fn a_text_of_a_number_held_only_inside_a_longer_text_of_numbers_is_held_loosely() {
        // luhn's "1" and "1 2345": renamed `case 17`, the test of the longer number does not
        // take "1", which it holds only as its first number.
        let cases = [("single digit", "1"), ("long number", "1 2345")];
        let mut long = test(5, "case 17", holds(7, "1 2345"));
        long.literals.extend(numbers(&[1, 2345]));
        long.places = vec![0, 1, 1, 1];
        held_loosely_apart(cases, &[test(1, "single digit", holds(7, "1")), long], 0, 1);
        let cases: Vec<Case> = vec![case("a", "single digit", 7, "1")];
        // A number written as a number is the text's number as written (binary-search-tree's
        // `insert 2` for the case's "2").
        let written = test(5, "case 17", numbers(&[7, 1]));
        let e = super::evidence(&cases, &[written]).0[0][0];
        assert!(e.data >= ALL_DATA && !e.loosely, "{e:?}");
        // So is a line of a text of several lines, which is read line by line.
        let mut lines = test(5, "case 17", holds(7, "1\n2345"));
        lines.literals.extend(numbers(&[1, 2345]));
        lines.places = vec![0, 1, 1, 1];
        let e = super::evidence(&cases, &[lines]).0[0][0];
        assert!(e.data >= ALL_DATA && !e.loosely, "{e:?}");
    }

    #[test]
    fn a_text_held_only_with_underscores_for_its_spaces_is_held_loosely_but_not_by_an_atom() {
        // pangram's "the quick fox" and "the_quick_fox": renamed `case 17`, the test of the
        // text with underscores does not take the other.
        let cases = [
            ("perfect lower case", "the quick fox"),
            ("with underscores", "the_quick_fox"),
        ];
        let tests = [
            test(1, "perfect lower case", holds(7, "the quick fox")),
            test(5, "case 17", holds(7, "the_quick_fox")),
        ];
        held_loosely_apart(cases, &tests, 0, 1);
        // An atom spells the text so.
        let atom = test(5, "case 17", vec![Literal::Symbol("the_quick_fox".into())]);
        let probe = Probe::new(&Literal::Text("the quick fox".into()), 1.0);
        let holdings = Holdings::new(&atom);
        assert!(holdings.holds(&probe) && !holdings.loosely(&probe));
    }

    #[test]
    fn a_test_holding_a_cases_text_only_loosely_is_not_its_second_test() {
        // The question after a line break is another input, where a test asks it as written.
        let mut cases = vec![case("a", "asking a question", 1, "Does this look fat?")];
        with_fillers(&mut cases);
        let tests = [
            test(1, "asking a question", holds(1, "Does this look fat?")),
            test(
                5,
                "multiple line question",
                holds(1, "\nDoes this look fat?"),
            ),
        ];
        let (evidence, _) = evidence(&cases, &tests);
        assert!(evidence[0][1].data >= ALL_DATA && evidence[0][1].loosely);
        assert_eq!(links(&cases, &tests, &[true; 5])[0], vec![0]);
    }

    #[test]
    fn a_test_of_the_same_values_in_another_order_is_not_a_second_test_of_the_case() {
        // A scale from 1 beside one from 2 that wraps round to 1: every value of the case, most
        // of them in order, but not as the case has them, where the first test does.
        let mut cases = vec![numbers_case("a", "scale", &[1, 2, 3, 4, 5, 6, 7, 8])];
        with_fillers(&mut cases);
        let tests = [
            test(1, "from one", numbers(&[1, 2, 3, 4, 5, 6, 7, 8])),
            test(5, "from two", numbers(&[2, 3, 4, 5, 6, 7, 8, 1])),
        ];
        assert_eq!(links(&cases, &tests, &[true; 5])[0], vec![0]);
    }

    #[test]
    fn a_test_named_after_another_case_holds_a_few_of_its_values_in_order_by_chance() {
        // "many values" holds "two values"' 8192, 192, 0 in order as its first few values;
        // with the two values' own test deleted, that case is missing.
        let mut cases = vec![
            numbers_case("a", "two values", &[8192, 192, 0]),
            numbers_case("b", "many values", &[8192, 7, 192, 0, 255, 127, 31, 63, 15]),
        ];
        with_fillers(&mut cases);
        let tests = [
            test(1, "two values", numbers(&[8192, 192, 0])),
            test(
                5,
                "many values",
                numbers(&[8192, 7, 192, 0, 255, 127, 31, 63, 15]),
            ),
        ];
        deleting_the_first_test_leaves_its_case_missing(&cases, &tests);
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_test_named_after_another_case() {
        // "the results" asserts its own values and, as most of its values, all of "the
        // roster"'s in order; with the roster's own test deleted, the roster is missing.
        let mut cases = vec![
            numbers_case("a", "the roster", &[21, 22, 23, 24, 25]),
            numbers_case("b", "the results", &[1, 0]),
        ];
        with_fillers(&mut cases);
        let tests = [
            test(1, "the roster", numbers(&[21, 22, 23, 24, 25])),
            test(5, "the results", numbers(&[21, 22, 23, 24, 25, 1, 0])),
        ];
        deleting_the_first_test_leaves_its_case_missing(&cases, &tests);
    }

    #[test]
    fn a_name_may_start_with_some_of_the_cases_groups() {
        let words = |text: &str| word_sequence(text);
        let (own, path) = (words("Add two"), words("Arithmetic > Addition > Add two"));
        for name in ["add two", "Addition add two", "Arithmetic Addition add two"] {
            assert!(named(&own, &path, &[], &words(name), 0), "{name}");
        }
        for name in ["Subtraction add two", "two", "Addition", "add two Addition"] {
            assert!(!named(&own, &path, &[], &words(name), 0), "{name}");
        }
    }

    #[test]
    fn a_camel_case_class_in_a_name_is_the_cases_group() {
        // Python's `RandomKeyCipher > can decode` is named after "Random key cipher > Can
        // decode", not after "Substitution cipher > Can decode", though both hold its data.
        let grouped = |uuid: &str, group: &str| {
            let mut case = case(uuid, "Can decode", 1, "aaaaaaaaaa");
            case.description = format!("{group} > Can decode");
            case
        };
        let mut cases = vec![
            grouped("a", "Random key cipher"),
            grouped("b", "Substitution cipher"),
        ];
        with_fillers(&mut cases);
        let tests = [
            test(1, "RandomKeyCipher > can decode", holds(1, "aaaaaaaaaa")),
            test(5, "SubstitutionCipher > can decode", holds(1, "aaaaaaaaaa")),
        ];
        assert_eq!(links(&cases, &tests, &[true; 6])[..2], [vec![0], vec![1]]);
    }

    #[test]
    fn a_name_may_be_the_first_sentence_of_a_longer_description() {
        let cases = [
            case(
                "a",
                "Is reversible. I.e., decoding what was encoded gives it back",
                1,
                "x",
            ),
            case("b", "Can encode", 2, "y"),
        ];
        let tests = [
            test(1, "is reversible", vec![]),
            test(5, "can encode", vec![]),
        ];
        let (evidence, _) = evidence(&cases, &tests);
        assert!(evidence[0][0].named_after);
        assert_eq!(named_after(&evidence, 0), Some(0));
    }

    #[test]
    fn a_name_may_start_with_the_cases_function() {
        // ExUnit's `describe "add"` before the case's own description.
        let words = |text: &str| word_sequence(text);
        let own = words("adding an existing element does not change the set");
        let path = words(
            "Unique elements can be added to a set > adding an existing element does not change the set",
        );
        let name = words("add adding an existing element does not change the set");
        assert!(named(&own, &path, &words("add"), &name, 0));
        assert!(!named(&own, &path, &words("union"), &name, 0));
        assert!(!named(&own, &path, &words("add"), &words("add"), 0));
    }

    #[test]
    fn a_test_holding_another_case_as_written_is_not_a_partial_cases_best() {
        // The test holds 5, 9 as written, and 9, 5, 7 only out of order, but its name is like
        // the second case's: it is the first case's test, and the second is missing.
        let mut cases = vec![
            numbers_case("a", "alpha", &[5, 9]),
            numbers_case("b", "four things", &[9, 5, 7]),
        ];
        with_fillers(&mut cases);
        let tests = [test(1, "the four things", numbers(&[5, 9, 7]))];
        let linked = links(&cases, &tests, &[true; 7]);
        assert_eq!(linked[..2], [vec![0], vec![]]);
    }

    #[test]
    fn a_deleted_test_leaves_its_case_missing_not_handed_on() {
        let cases = [case("a", "one", 1, "uno"), case("b", "two", 2, "dos")];
        let tests = [
            test(1, "one", holds(1, "uno")),
            test(5, "two", holds(2, "dos")),
        ];
        assert_eq!(links(&cases, &tests, &[true; 2]), vec![vec![0], vec![1]]);
        assert_eq!(
            links(&cases, &tests[1..], &[true; 2]),
            vec![vec![], vec![0]]
        );
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_test_sharing_only_its_error_under_another_name() {
        let cases = [
            case("a", "rejects an unknown codon", 2, "invalid codon"),
            case("b", "incomplete sequence fails", 3, "invalid codon"),
            case("c", "translates methionine", 4, "Methionine"),
        ];
        let tests = [
            test(1, "rejects an unknown codon", holds(2, "invalid codon")),
            test(5, "incomplete sequence fails", holds(3, "invalid codon")),
            test(
                9,
                "too long codon",
                vec![Literal::Text("invalid codon".into())],
            ),
        ];
        let (evidence, _) = evidence(&cases, &tests[1..]);
        // Without the case's own test, the last test is its best, with a little of each kind
        // of evidence.
        let e = evidence[0][1];
        assert!(e.score() >= MIN_SCORE, "{e:?}");
        assert!(e.data < HALF_EVIDENCE && e.name < HALF_EVIDENCE, "{e:?}");
        deleting_the_first_test_leaves_its_case_missing(&cases, &tests);
    }

    /// Four cases, each with its own test, in order.
    fn four_numbers() -> ([Case; 4], Vec<Test>) {
        let cases = [
            case("a", "one", 1, "uno"),
            case("b", "two", 2, "dos"),
            case("c", "three", 3, "tres"),
            case("d", "four", 4, "cuatro"),
        ];
        let tests = vec![
            test(1, "one", holds(1, "uno")),
            test(5, "two", holds(2, "dos")),
            test(9, "three", holds(3, "tres")),
            test(13, "four", holds(4, "cuatro")),
        ];
        (cases, tests)
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_test_out_of_its_place() {
        // The track's own last test shares half of "two"'s data under another name.
        let (cases, mut tests) = four_numbers();
        tests.push(test(17, "a longer number", holds(22, "dos")));
        let included = [true; 4];
        let all: Vec<Vec<usize>> = (0..4).map(|t| vec![t]).collect();
        assert_eq!(links(&cases, &tests, &included), all);
        tests.remove(1);
        // It is the case's best test by the combined score, the case its best.
        let (evidence, _) = evidence(&cases, &tests);
        let e = evidence[1][3];
        assert!(e.data >= HALF_EVIDENCE && e.score() >= MIN_SCORE, "{e:?}");
        assert_eq!(
            links(&cases, &tests, &included),
            vec![vec![0], vec![], vec![1], vec![2]]
        );
    }

    /// Four cases of numbers, each tested by a test holding exactly its values, in this
    /// order; the second case's [5, 7] is all in the [5, 6, 7, 8] of the test at `holder`
    /// (counted once the second test is deleted). Without the second test, its case is
    /// missing and every other case keeps its test.
    fn deleting_the_second_test_leaves_its_case_missing(
        values: [&[i64]; 4],
        names: [&str; 4],
        holder: usize,
    ) {
        let cases = four_numbers_cases(values);
        let mut tests: Vec<Test> = values
            .iter()
            .zip(names)
            .enumerate()
            .map(|(i, (values, name))| test(1 + 4 * i, name, numbers(values)))
            .collect();
        let included = [true; 8];
        assert_eq!(links(&cases, &tests, &included)[..4], [[0], [1], [2], [3]]);
        tests.remove(1);
        let (evidence, _) = evidence(&cases, &tests);
        assert!(
            evidence[1][holder].data >= ALL_DATA,
            "{:?}",
            evidence[1][holder]
        );
        assert_eq!(
            links(&cases, &tests, &included)[..4],
            [vec![0], vec![], vec![1], vec![2]]
        );
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_later_test_holding_its_values_among_others() {
        // [5, 7] is all in the last test's [5, 6, 7, 8], another case's data.
        deleting_the_second_test_leaves_its_case_missing(
            [&[1, 2, 3], &[5, 7], &[9, 11], &[5, 6, 7, 8]],
            ["first", "second", "third", "more numbers"],
            2,
        );
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_the_next_test_holding_it_inside_another_case() {
        // [5, 7] is all in the next test's [5, 6, 7, 8], another case's data, in order.
        deleting_the_second_test_leaves_its_case_missing(
            [&[1, 2, 3], &[5, 7], &[5, 6, 7, 8], &[9, 11]],
            ["first", "second", "more numbers", "fourth"],
            1,
        );
    }

    #[test]
    fn a_test_holding_a_cases_values_in_another_order_out_of_its_place_is_not_its_test() {
        // The last test holds all of "second"'s values, two of them swapped, after the tests
        // of the cases that follow it.
        let cases = four_numbers_cases([&[1, 2, 3], &[5, 7, 9, 21], &[11, 13], &[15, 17]]);
        let mut tests = vec![
            test(1, "first", numbers(&[1, 2, 3])),
            test(5, "third", numbers(&[11, 13])),
            test(9, "fourth", numbers(&[15, 17])),
            test(13, "other numbers", numbers(&[5, 7, 21, 9])),
        ];
        let (evidence, _) = evidence(&cases, &tests);
        let e = evidence[1][3];
        assert!(
            e.data >= ALL_DATA && (IN_ORDER..EXACT_ORDER).contains(&e.order),
            "{e:?}"
        );
        let included = [true; 8];
        assert_eq!(
            links(&cases, &tests, &included)[..4],
            [vec![0], vec![], vec![1], vec![2]]
        );
        // In the case's place, it is the case's test.
        tests.swap(1, 3);
        tests.swap(2, 3);
        assert_eq!(links(&cases, &tests, &included)[..4], [[0], [1], [2], [3]]);
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_test_holding_it_among_mostly_other_values() {
        // [5, 7] as written, in a longer list of the track's own, after the others' tests.
        let cases = four_numbers_cases([&[1, 2, 3], &[5, 7], &[9, 11], &[15, 17]]);
        let mut tests = vec![
            test(1, "first", numbers(&[1, 2, 3])),
            test(5, "second", numbers(&[5, 7])),
            test(9, "third", numbers(&[9, 11])),
            test(13, "fourth", numbers(&[15, 17])),
            test(17, "a longer list", numbers(&[5, 7, 30, 31, 32, 33])),
        ];
        let e = second_case_missing_without_its_test(&cases, &mut tests, [0, 1, 2, 3], 3);
        assert!(
            e.data >= ALL_DATA && e.order >= EXACT_ORDER && e.fit < SHARED_FIT,
            "{e:?}"
        );
    }

    /// Of the first four of `cases` (eight in all), linked to the tests `before`: with the
    /// second case's test (the second test) deleted, that case is missing and the others keep
    /// their tests. Gives the evidence of the test `holder` (after the deletion) for it.
    fn second_case_missing_without_its_test(
        cases: &[Case],
        tests: &mut Vec<Test>,
        before: [usize; 4],
        holder: usize,
    ) -> Evidence {
        let included = [true; 8];
        let linked = |tests: &[Test]| links(cases, tests, &included)[..4].to_vec();
        assert_eq!(linked(tests), before.map(|t| vec![t]));
        tests.remove(1);
        // The tests after the deleted one move up by one.
        let [first, _, third, fourth] = before;
        assert_eq!(
            linked(tests),
            [vec![first], vec![], vec![third - 1], vec![fourth - 1]]
        );
        evidence(cases, tests).0[1][holder]
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_test_of_an_input_of_its_own_holding_its_values() {
        // "more numbers" holds all of [20, 5, 7, 9, 11], its 20 after the rest, among values
        // of no case: a test of its own input (pascals-triangle's 20 rows holds ten rows).
        let cases = four_numbers_cases([&[1, 2, 3], &[20, 5, 7, 9, 11], &[13, 15], &[17, 19]]);
        let mut tests = vec![
            test(1, "first", numbers(&[1, 2, 3])),
            test(5, "second", numbers(&[20, 5, 7, 9, 11])),
            test(
                9,
                "more numbers",
                numbers(&[40, 5, 7, 9, 11, 20, 30, 31, 32, 33, 34]),
            ),
            test(13, "third", numbers(&[13, 15])),
            test(17, "fourth", numbers(&[17, 19])),
        ];
        let e = second_case_missing_without_its_test(&cases, &mut tests, [0, 1, 3, 4], 1);
        assert!(
            e.data >= ALL_DATA
                && (IN_ORDER..EXACT_ORDER).contains(&e.member_order)
                && e.held_fit < SHARED_FIT,
            "{e:?}"
        );
    }

    /// Cases "first", "second" and "third numbers", and their tests with `extra` after the
    /// second's: the links of the three cases once the second's test is deleted, the others
    /// keeping theirs, and the evidence of `extra` for "second" and "third numbers".
    fn second_deleted_beside(
        second: &[i64],
        third: &[i64],
        extra: Test,
    ) -> (Vec<Vec<usize>>, Evidence, Evidence) {
        let mut cases = vec![
            numbers_case("a", "first", &[1, 2, 3]),
            numbers_case("b", "second", second),
            numbers_case("c", "third numbers", third),
        ];
        with_fillers(&mut cases);
        let mut tests = vec![
            test(1, "first", numbers(&[1, 2, 3])),
            test(5, "second", numbers(second)),
            extra,
            test(13, "third numbers", numbers(third)),
        ];
        let included = [true; 7];
        assert_eq!(links(&cases, &tests, &included)[..3], [[0], [1], [3]]);
        tests.remove(1);
        let (evidence, _) = evidence(&cases, &tests);
        let links = links(&cases, &tests, &included)[..3].to_vec();
        assert_eq!((&links[0], &links[2]), (&vec![0], &vec![2]));
        (links, evidence[1][1], evidence[2][1])
    }

    const THIRD: [i64; 5] = [21, 23, 25, 27, 29];

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_test_named_more_like_another_holding_it_by_chance() {
        // "third numbers on" holds all of [5, 7] as written, among mostly "third numbers"'
        // values, and is named more like that case: older data of its own.
        let extra = test(9, "third numbers on", numbers(&[5, 7, 21, 23, 25]));
        let (links, own, other) = second_deleted_beside(&[5, 7], &THIRD, extra);
        assert!(
            own.fit < SHARED_FIT
                && other.name > own.name
                && other.name >= HALF_EVIDENCE
                && other.data >= HALF_EVIDENCE
                && other.fit >= SHARED_FIT,
            "{own:?} {other:?}"
        );
        assert!(links[1].is_empty(), "{links:?}");
    }

    #[test]
    fn a_deleted_test_case_does_not_fall_back_to_a_test_named_more_like_another() {
        // The test holds all of [5, 7, 9], too far out of order to hold it whole, and is its
        // best test of the rest, but named more like "third numbers", whose values are most of
        // its own.
        let extra = test(
            9,
            "third numbers second",
            numbers(&[9, 7, 5, 21, 23, 25, 27]),
        );
        let (links, own, other) = second_deleted_beside(&[5, 7, 9], &THIRD, extra);
        assert!(
            own.data >= ALL_DATA && own.member_order < IN_ORDER && other.name > own.name,
            "{own:?} {other:?}"
        );
        assert!(links[1].is_empty(), "{links:?}");
    }

    #[test]
    fn a_test_holding_a_case_among_another_s_values_keeps_it_unless_named_more_like_that_one() {
        // Each holds all of [5, 7], as written, among mostly other values, in its place: the
        // case's test, with its own gone, unless it is named more like another case, at least
        // half, holding half of that case's data among mostly that case's values.
        let keeps = |name: &str, values: &[i64], third: &[i64]| {
            let extra = test(9, name, numbers(values));
            let (links, own, other) = second_deleted_beside(&[5, 7], third, extra);
            assert_eq!(links[1], [1], "{name}: {own:?} {other:?}");
            other
        };
        let longer = [21, 23, 25, 27, 29, 31, 33, 35];
        // Named no more like "third numbers" than like "second".
        let other = keeps("second numbers", &[5, 7, 21, 23, 25], &THIRD);
        assert!(other.name >= HALF_EVIDENCE, "{other:?}");
        // Named less than half like it (a test renamed `case 17` in a group of that name).
        let other = keeps("more numbers on", &[5, 7, 21, 23, 25], &THIRD);
        assert!(
            other.name < HALF_EVIDENCE && other.fit >= SHARED_FIT,
            "{other:?}"
        );
        // Holding less than half of its data.
        let other = keeps("third numbers on", &[5, 7, 21, 23, 25], &longer);
        assert!(
            other.data < HALF_EVIDENCE && other.fit >= SHARED_FIT,
            "{other:?}"
        );
        // Among mostly values of neither case.
        let other = keeps("third numbers on", &[5, 7, 21, 23, 25, 40, 41], &THIRD);
        assert!(
            other.data >= HALF_EVIDENCE && other.fit < SHARED_FIT,
            "{other:?}"
        );
    }

    /// The links of five cases ("one" to "five") whose tests stand in the file in the order
    /// given: each named after its case, but "four"'s, which holds only its input (older data,
    /// another name).
    fn five_tested_in_order(order: [usize; 5]) -> Vec<Vec<usize>> {
        let (cases, tests) = five_tests(order);
        links(&cases, &tests, &[true; 5])
    }

    /// The cases and tests of `five_tested_in_order`.
    fn five_tests(order: [usize; 5]) -> (Vec<Case>, Vec<Test>) {
        let (cases, _) = four_numbers();
        let mut cases = cases.to_vec();
        cases.push(case("e", "five", 5, "cinco"));
        let tests: Vec<Test> = order
            .iter()
            .enumerate()
            .map(|(i, &c)| match c {
                3 => test(4 * i + 1, "another number", holds(4, "quatro")),
                _ => test(4 * i + 1, &cases[c].description, cases[c].leaves.clone()),
            })
            .collect();
        (cases, tests)
    }

    #[test]
    fn a_case_held_only_by_chance_goes_to_its_best_test_of_the_rest_named_like_it() {
        // The last test holds "second pair"'s values inside its own case's [5, 6, 7, 8] (in
        // the case's order, or not), which does not make it that case's test; the second
        // test, of older data (its second value ten times the case's), named much like the
        // case, is.
        for second in [[5, 7], [7, 5]] {
            let mut cases = four_numbers_cases([&[1, 2, 3], &second, &[9, 11], &[5, 6, 7, 8]]);
            cases[1].description = "second pair of numbers".to_string();
            cases[1].own_description = cases[1].description.clone();
            let mut tests = vec![
                test(1, "first", numbers(&[1, 2, 3])),
                test(
                    5,
                    "numbers, pair second",
                    numbers(&[second[0], 10 * second[1]]),
                ),
                test(9, "third", numbers(&[9, 11])),
                test(13, "fourth", numbers(&[5, 6, 7, 8])),
            ];
            let (evidence, _) = evidence(&cases, &tests);
            let (older, holder) = (evidence[1][1], evidence[1][3]);
            assert!(
                !older.named_after && older.name >= HALF_EVIDENCE,
                "{older:?}"
            );
            assert!(
                holder.data >= ALL_DATA && holder.score() > older.score(),
                "{holder:?}"
            );
            let included = [true; 8];
            assert_eq!(links(&cases, &tests, &included)[..4], [[0], [1], [2], [3]]);
            // Standing in for a better test, half of the data is not enough without the name,
            // nor among mostly other values.
            let named_like = tests[1].clone();
            let other_name = test(5, "other numbers", named_like.literals.clone());
            let mostly_other = numbers(&[second[0], 10 * second[1], 80, 90]);
            let mostly_other = test(5, &named_like.name, mostly_other);
            for stand_in in [other_name, mostly_other] {
                tests[1] = stand_in;
                assert_eq!(
                    links(&cases, &tests, &included)[..4],
                    [vec![0], vec![], vec![2], vec![3]]
                );
            }
            tests[1] = named_like;
            // Without its test, the case is missing.
            tests.remove(1);
            assert_eq!(
                links(&cases, &tests, &included)[..4],
                [vec![0], vec![], vec![1], vec![2]]
            );
        }
    }

    #[test]
    fn a_case_s_best_test_when_another_case_s_does_not_keep_it_from_a_test_whose_best_it_is() {
        // The second test, renamed `case 17`, holds half of "second pair"'s values; the
        // third, named like the case, holds as much of them, and all of the third case's,
        // whose test it is. The case goes to the test whose best case it is.
        let mut cases = four_numbers_cases([&[1, 2, 3], &[5, 6, 7, 8], &[20, 21, 22], &[30, 31]]);
        cases[1].description = "second pair".to_string();
        cases[1].own_description = cases[1].description.clone();
        let mut third = numbers(&[20, 21, 22]);
        third.extend(numbers(&[5, 6]));
        let tests = vec![
            test(1, "first", numbers(&[1, 2, 3])),
            test(5, "case 17", numbers(&[5, 6])),
            test(9, "third pair", third.clone()),
            test(13, "fourth", numbers(&[30, 31])),
        ];
        let (evidence, _) = evidence(&cases, &tests);
        assert!(evidence[1][2].score() > evidence[1][1].score());
        let included = [true; 8];
        let expected = [vec![0], vec![1], vec![2], vec![3]];
        assert_eq!(links(&cases, &tests, &included)[..4], expected);
        // Not where the better test holds more of the case's data, nor where the test holds
        // the case's values among mostly others of its own, nor away from the case's place.
        let mut more = third.clone();
        more.extend(numbers(&[7]));
        let variants = [
            vec![(2, test(9, "third pair", more))],
            vec![(1, test(5, "case 17", numbers(&[5, 6, 40, 41, 42])))],
            vec![(1, test(15, "case 17", numbers(&[5, 6])))],
            // Named half like the case, as the better test is more.
            vec![
                (1, test(15, "second", numbers(&[5, 6]))),
                (2, test(9, "pair second", third.clone())),
            ],
        ];
        for variant in variants {
            let mut tests = tests.clone();
            for (i, test) in &variant {
                tests[*i] = test.clone();
            }
            tests.sort_by_key(|t| t.line);
            let linked = links(&cases, &tests, &included);
            assert!(linked[1].is_empty(), "{variant:?}");
        }
        // In the case's place, that test is its test.
        let mut tests = tests.clone();
        tests[1] = test(5, "second", numbers(&[5, 6]));
        tests[2] = test(9, "pair second", third);
        assert_eq!(links(&cases, &tests, &included)[..4], expected);
    }

    /// Gives the first cases these descriptions.
    fn describe(cases: &mut [Case], names: &[&str]) {
        for (case, name) in cases.iter_mut().zip(names) {
            case.description = name.to_string();
            case.own_description = name.to_string();
        }
    }

    #[test]
    fn a_test_below_another_case_s_named_test_does_not_hold_the_case_by_chance() {
        // The renamed second test holds "second" as written among more values of its own
        // (Elixir word-search's struct fields); the third, named after "third", holds it
        // inside its own case and scores higher. That is no better test of "second": the
        // second test is its test. Below a test of the case's own, it holds it by chance.
        let cases =
            four_numbers_cases([&[1, 2, 3], &[5, 6, 7, 8], &[5, 6, 7, 8, 9, 10], &[30, 31]]);
        let mut tests = vec![
            test(1, "first", numbers(&[1, 2, 3])),
            test(5, "case 17", numbers(&[5, 6, 7, 8, 50, 51, 52, 53, 54])),
            test(9, "third", numbers(&[5, 6, 7, 8, 9, 10])),
            test(13, "fourth", numbers(&[30, 31])),
        ];
        let (evidence, _) = evidence(&cases, &tests);
        assert!(evidence[1][2].score() > evidence[1][1].score());
        assert!(evidence[1][1].fit < SHARED_FIT);
        let included = [true; 8];
        assert_eq!(links(&cases, &tests, &included)[..4], [[0], [1], [2], [3]]);
        tests[2].name = "case 18".to_string();
        assert_eq!(links(&cases, &tests, &included)[1], Vec::<usize>::new());
    }

    #[test]
    fn a_case_held_inside_another_case_s_test_is_still_its_renamed_test_s() {
        // Ruby house: the renamed test of verse four (`recite(4, 4)`, its text first) holds
        // it all, not in order; the test of verses four to eight, named after its case and
        // named half like this one, holds it inside its own case. Another case's test, it
        // does not keep the case from its own.
        let mut cases = four_numbers_cases([
            &[1, 2, 3],
            &[4, 4, 99],
            &[4, 4, 99, 100, 101, 102],
            &[30, 31],
        ]);
        describe(&mut cases, &["first", "verse four", "verse four to eight"]);
        let tests = vec![
            test(1, "first", numbers(&[1, 2, 3])),
            test(5, "case 17", numbers(&[99, 4, 4])),
            test(
                9,
                "verse four to eight",
                numbers(&[4, 4, 99, 100, 101, 102]),
            ),
            test(13, "fourth", numbers(&[30, 31])),
        ];
        let (evidence, _) = evidence(&cases, &tests);
        assert!(evidence[1][2].score() > evidence[1][1].score());
        let included = [true; 8];
        assert_eq!(links(&cases, &tests, &included)[..4], [[0], [1], [2], [3]]);
    }

    #[test]
    fn of_two_cases_a_test_holds_as_much_of_it_is_the_ones_whose_values_it_holds_in_order() {
        // The second test holds 5 and 6 of "five six seven" and of "six five eight" alike,
        // and is named like neither: in the first's order, it is the first's test only.
        let mut cases = four_numbers_cases([&[1, 2, 3], &[5, 6, 7], &[6, 5, 8], &[30, 31]]);
        describe(&mut cases, &["first", "five six seven", "six five eight"]);
        let tests = vec![
            test(1, "first", numbers(&[1, 2, 3])),
            test(5, "case 17", numbers(&[5, 6])),
            test(13, "fourth", numbers(&[30, 31])),
        ];
        let included = [true; 8];
        let linked = links(&cases, &tests, &included);
        assert_eq!(linked[1], [1]);
        assert_eq!(linked[2], Vec::<usize>::new());
    }

    #[test]
    fn a_case_of_common_values_is_not_its_test_s_below_a_better_test_of_another_case() {
        // "one" is a 1 alone. The test named most like it is "sixty"'s, which it holds as
        // written, and the other holds the 1 among a value of its own. A 1 tells no case
        // apart, so neither is its test.
        let mut cases = four_numbers_cases([&[1], &[60, 61], &[10, 11], &[12, 13]]);
        describe(&mut cases, &["one", "sixty"]);
        let tests = vec![
            test(1, "case 17", numbers(&[1, 50])),
            test(5, "sixty one", numbers(&[1, 60, 61])),
            test(9, "third", numbers(&[10, 11])),
            test(13, "fourth", numbers(&[12, 13])),
        ];
        let (evidence, weights) = evidence(&cases, &tests);
        assert!(weights[0] < DATA_ALONE);
        assert!(evidence[0][1].score() > evidence[0][0].score());
        assert!(evidence[1][1].score() > evidence[0][1].score());
        let included = [true; 8];
        let linked = links(&cases, &tests, &included);
        assert_eq!(linked[..4], [vec![], vec![1], vec![2], vec![3]]);
    }

    #[test]
    fn a_case_in_another_order_is_its_test_s_when_only_another_case_s_test_holds_it_by_chance() {
        // The second test, renamed, holds "second" with two values swapped; the third test,
        // named after "third", holds "second" as written among mostly its own values (Elixir
        // word-search's later tests search the earlier tests' grid for more words). That
        // does not make the second test another input's: it is still the case's test. Where
        // the third test's values are mostly "second"'s (Elixir dominoes' "separate
        // three-domino loops" holds "single isolated" as written), the second tests another
        // input.
        for (third, second_tested) in [
            (&[5, 6, 7, 8, 9, 10, 11, 12, 13][..], true),
            (&[5, 6, 7, 8, 9], false),
        ] {
            let cases = four_numbers_cases([&[1, 2, 3], &[5, 6, 7, 8], third, &[30, 31]]);
            let tests = vec![
                test(1, "first", numbers(&[1, 2, 3])),
                test(5, "case 17", numbers(&[5, 6, 8, 7])),
                test(9, "third", numbers(third)),
                test(13, "fourth", numbers(&[30, 31])),
            ];
            let included = [true; 8];
            let second = if second_tested { vec![1] } else { vec![] };
            assert_eq!(
                links(&cases, &tests, &included)[..4],
                [vec![0], second, vec![2], vec![3]],
                "{third:?}"
            );
        }
    }

    #[test]
    fn a_test_of_exactly_a_case_of_common_values_is_its_test_under_any_name() {
        // Each value is in two of the four cases: not enough to tell a case alone.
        let cases = [
            case("a", "one", 1, "uno"),
            case("b", "two", 1, "dos"),
            case("c", "three", 2, "uno"),
            case("d", "four", 2, "dos"),
        ];
        let mut all = holds(1, "uno");
        all.extend(holds(2, "dos"));
        let tests = vec![
            test(1, "case 17", holds(1, "uno")),
            test(5, "one and four", all),
        ];
        let (evidence, weights) = evidence(&cases, &tests);
        assert!(weights[0] < DATA_ALONE, "{weights:?}");
        assert!(evidence[0][1].score() > evidence[0][0].score());
        assert_eq!(links(&cases, &tests, &[true; 4])[0], [0]);
        // Two such tests: neither is singled out.
        let mut twice = tests.clone();
        twice.push(test(9, "case 18", holds(1, "uno")));
        assert!(!links(&cases, &twice, &[true; 4])[0].contains(&0));
        // A test calling another case's function, and not this one's, tests that one.
        let mut cases = cases;
        cases[1].property = "exp".into();
        let mut other_call = tests;
        other_call[0].literals.push(Literal::Call("exp".into()));
        other_call[0].places.push(2);
        assert!(!links(&cases, &other_call, &[true; 4])[0].contains(&0));
    }

    #[test]
    fn a_test_on_weak_evidence_at_the_end_of_its_group_keeps_its_case() {
        // The track tests "one" and "four" in one group (a `describe`), the rest in the next:
        // no firm test follows "four"'s in its group, as none would at the file's end.
        let (cases, mut tests) = five_tests([0, 3, 1, 2, 4]);
        let linked = [vec![0], vec![2], vec![3], vec![1], vec![4]];
        for (i, test) in tests.iter_mut().enumerate() {
            test.group = Some(if i < 2 { 10 } else { 100 });
        }
        assert_eq!(links(&cases, &tests, &[true; 5]), linked);
        // In one group, the next firm test tests an earlier case: "four"'s stands out of
        // its place.
        for test in &mut tests {
            test.group = None;
        }
        let mut unplaced = linked.clone();
        unplaced[3].clear();
        assert_eq!(links(&cases, &tests, &[true; 5]), unplaced);
        // A group of one test says nothing of its place: the file's neighbours decide.
        for (i, test) in tests.iter_mut().enumerate() {
            test.group = Some(if i == 1 { 10 } else { 100 });
        }
        assert_eq!(links(&cases, &tests, &[true; 5]), unplaced);
    }

    #[test]
    fn a_test_on_weak_evidence_keeps_its_case_among_tests_in_reverse_order() {
        // "five", "four", then "three", last.
        let linked = five_tested_in_order([0, 1, 4, 3, 2]);
        assert_eq!(linked, [[0], [1], [4], [3], [2]]);
    }

    #[test]
    fn a_test_on_weak_evidence_keeps_its_case_among_tests_kept_in_another_order() {
        // The track tests "two" and "four" after the others: the test before "four"'s tests
        // an earlier case, and none follows.
        let linked = five_tested_in_order([0, 2, 4, 1, 3]);
        assert_eq!(linked, [[0], [3], [1], [4], [2]]);
    }

    /// "2A3B" and "2a3b", two cases alike but for letter case, and four cases no test holds
    /// (which make the two cases' values rare enough for their data alone to link).
    fn letter_case_cases() -> Vec<Case> {
        let mut cases = vec![
            case("a", "upper case letters", 3, "2A3B"),
            case("b", "lower case letters", 3, "2a3b"),
        ];
        for (i, text) in ["x", "y", "z", "w"].iter().enumerate() {
            cases.push(case(text, text, 10 + i as i64, text));
        }
        cases
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_test_of_its_look_alike_in_another_letter_case() {
        // Texts compare without letter case, so the lower-case test holds both cases' data;
        // it is the lower-case case's test, as written.
        let cases = letter_case_cases();
        let tests = [
            test(1, "capitals", holds(3, "2A3B")),
            test(5, "small ones", holds(3, "2a3b")),
        ];
        let included = [true; 6];
        let linked = links(&cases, &tests, &included);
        assert_eq!(linked[..2], [vec![0], vec![1]]);
        let linked = links(&cases, &tests[1..], &included);
        assert_eq!(linked[..2], [vec![], vec![0]]);
        // Where no case is held as written (a track that capitalizes every value), the
        // letter case decides nothing.
        let mut without_b = cases.clone();
        without_b.remove(1);
        let linked = links(&without_b, &tests[1..], &included[1..]);
        assert_eq!(linked[0], vec![0]);
    }

    #[test]
    fn a_test_holding_a_case_as_written_is_its_test_when_a_look_alike_is_named_better() {
        // The "2A3B" test, renamed, has a name more like the lower-case case's; it holds
        // that case only in another letter case, its own as written.
        let cases = letter_case_cases();
        let tests = [
            test(1, "lower case letters", holds(3, "2a3b")),
            test(5, "case 17 in lower case", holds(3, "2A3B")),
        ];
        let (evidence, _) = evidence(&cases, &tests);
        assert!(evidence[1][1].score() > evidence[0][1].score());
        let linked = links(&cases, &tests, &[true; 6]);
        assert_eq!(linked[..2], [vec![1], vec![0]]);
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_test_of_the_same_values_in_another_order() {
        // Sides [3, 4, 4] and [4, 4, 3]: the same values, two cases; each test holds its
        // own case in order and the other's out of order.
        let sides = |uuid: &str, description: &str, values: [i64; 3]| {
            let mut case = case(uuid, description, 0, "isosceles");
            let numbers: Vec<Literal> = values
                .iter()
                .map(|v| Literal::Number(v.to_string()))
                .collect();
            case.input = json!({ "sides": values });
            case.leaves = numbers.clone();
            case.leaves.push(Literal::Text("isosceles".into()));
            case.sequence = case.leaves.clone();
            case.shape = in_order(case.sequence.len());
            case
        };
        let mut cases = vec![
            sides("a", "last two sides are equal", [3, 4, 4]),
            sides("b", "first two sides are equal", [4, 4, 3]),
        ];
        for (i, text) in ["x", "y", "z", "w", "v", "u"].iter().enumerate() {
            cases.push(case(text, text, 10 + i as i64, text));
        }
        let held = |values: [i64; 3]| {
            let mut literals: Vec<Literal> = values
                .iter()
                .map(|v| Literal::Number(v.to_string()))
                .collect();
            literals.push(Literal::Text("isosceles".into()));
            literals
        };
        let tests = [
            test(1, "case one", held([3, 4, 4])),
            test(5, "case two", held([4, 4, 3])),
        ];
        deleting_the_first_test_leaves_its_case_missing(&cases, &tests);
    }

    #[test]
    fn one_value_out_of_place_in_a_long_case_is_another_order() {
        // Bowling's rolls ending 10, 7, 3 and 7, 3, 10: twenty values in order of twenty-two,
        // but not the case as written. With its own test deleted, the case is missing.
        let rolls = |end: [i64; 3]| {
            let mut values = vec![0; 18];
            values.extend(end);
            values.push(20);
            values
        };
        let mut cases = vec![
            numbers_case("a", "spare then strike", &rolls([10, 7, 3])),
            numbers_case("b", "strike then spare", &rolls([7, 3, 10])),
        ];
        with_fillers(&mut cases);
        let tests = [
            test(1, "case one", numbers(&rolls([10, 7, 3]))),
            test(5, "case two", numbers(&rolls([7, 3, 10]))),
        ];
        deleting_the_first_test_leaves_its_case_missing(&cases, &tests);
    }

    #[test]
    fn a_deleted_test_case_does_not_pass_to_a_test_holding_another_case_as_written() {
        // Binary search: 21 is at 5 of twelve values; 144 at 9 of the same and one more. The
        // odd-length test holds its own case as written, and the even one's values only partly
        // in order: its 21 and 5 are values of the array.
        let even = [1, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377];
        let search = |odd: bool, value: i64, index: i64| {
            let mut values = even.to_vec();
            if odd {
                values.push(634);
            }
            values.extend([value, index]);
            values
        };
        let mut cases = vec![
            numbers_case(
                "a",
                "finds a value in an array of even length",
                &search(false, 21, 5),
            ),
            numbers_case(
                "b",
                "finds a value in an array of odd length",
                &search(true, 144, 9),
            ),
        ];
        with_fillers(&mut cases);
        let tests = [
            test(
                1,
                "finds a value in a tuple of even length",
                numbers(&search(false, 21, 5)),
            ),
            test(
                5,
                "finds a value in a tuple of odd length",
                numbers(&search(true, 144, 9)),
            ),
        ];
        deleting_the_first_test_leaves_its_case_missing(&cases, &tests);
    }

    #[test]
    fn a_name_is_not_contradicted_by_a_table_every_test_reads() {
        // Every test reads one table holding the data of "one" and "two" in full: with "one"'s
        // test deleted, "zero"'s test holds all of "one"'s data, as it holds "two"'s, and is
        // still "zero"'s.
        let table: Vec<i64> = (1..=10).collect();
        let reading = |own: i64| {
            let mut values = vec![own];
            values.extend(&table);
            numbers(&values)
        };
        let mut cases = vec![
            numbers_case("a", "zero", &[0, 100]),
            numbers_case("b", "one", &[1, 2, 3, 4, 5]),
            numbers_case("c", "two", &[6, 7, 8, 9, 10]),
        ];
        with_fillers(&mut cases);
        let tests = [
            test(1, "zero", reading(0)),
            test(5, "one", reading(1)),
            test(9, "two", reading(2)),
        ];
        let included = [true; 7];
        assert_eq!(links(&cases, &tests, &included)[0], vec![0]);
        let without_one = [tests[0].clone(), tests[2].clone()];
        assert_eq!(links(&cases, &without_one, &included)[0], vec![0]);
    }

    #[test]
    fn a_name_is_not_contradicted_while_the_test_holds_its_own_case() {
        // The test named "two" holds all of "two"'s data and, by the way, all of "one"'s;
        // with no test left for "one", it is still "two"'s test, not "one"'s.
        let mut cases = vec![case("a", "one", 1, "uno"), case("b", "two", 2, "dos")];
        for (i, text) in ["x", "y", "z", "w"].iter().enumerate() {
            cases.push(case(text, text, 10 + i as i64, text));
        }
        let mut both = holds(2, "dos");
        both.extend(holds(1, "uno"));
        let tests = [test(5, "two", both)];
        let linked = links(&cases, &tests, &[true; 7]);
        assert_eq!(linked[..2], [vec![], vec![0]]);
    }

    #[test]
    fn of_a_reimplemented_case_and_its_replacement_the_data_decides() {
        let mut new = case("new", "rounds half", 5, "up");
        new.reimplements = Some("old".to_string());
        let cases = [case("old", "rounds half", 5, "down"), new];
        let tests = [test(1, "rounds half", holds(5, "down"))];
        assert_eq!(links(&cases, &tests, &[false, true]), vec![vec![0], vec![]]);
        let tests = [test(1, "rounds half", holds(5, "up"))];
        assert_eq!(links(&cases, &tests, &[false, true]), vec![vec![], vec![0]]);
    }

    #[test]
    fn names_compare_by_word_stems_without_the_words_every_test_has() {
        assert_eq!(
            words("Triangles have Sides"),
            vec!["have", "side", "triangle"]
        );
        let cases = [
            case("a", "equal sides", 9, "x"),
            case("b", "no sides", 8, "y"),
        ];
        let tests = [
            test(1, "Shape > equal side", vec![]),
            test(2, "Shape > no side", vec![]),
        ];
        let (evidence, _) = evidence(&cases, &tests);
        assert!(evidence[0][0].named_after && evidence[1][1].named_after);
        assert!(!evidence[0][1].named_after);
    }

    /// Allergies' cases: each item not allergic at score 0, and allergic at score 1 and 255.
    fn allergy_cases() -> Vec<Case> {
        let items = ["eggs", "peanuts", "cats"];
        let groups: Vec<serde_json::Value> = items
            .iter()
            .map(|item| {
                let case = |uuid: String, description: &str, score: i64, expected: bool| {
                    json!({ "uuid": uuid, "description": description, "property": "allergicTo",
                            "input": { "item": item, "score": score }, "expected": expected })
                };
                json!({ "description": format!("testing for {item} allergy"), "cases": [
                    case(format!("{item}-0"), "not allergic to anything", 0, false),
                    case(format!("{item}-1"), "allergic only to it", 1, true),
                    case(format!("{item}-255"), "allergic to everything", 255, true),
                ]})
            })
            .collect();
        let data = json!({ "cases": groups }).to_string();
        crate::canonical::data::canonical_cases(data.as_bytes()).unwrap()
    }

    #[test]
    fn a_test_holding_a_case_with_its_parameters_in_another_order_holds_it_in_order() {
        let cases = allergy_cases();
        // `Allergies(0).allergic_to("eggs")`: the score before the item.
        let held = vec![
            Literal::Number("0".into()),
            Literal::Text("eggs".into()),
            Literal::False,
        ];
        let (evidence, _) = evidence(&cases[..1], &[test(1, "case 17", held)]);
        let e = evidence[0][0];
        assert!(e.data >= ALL_DATA, "{e:?}");
        assert!(e.order < IN_ORDER, "{e:?}");
        assert!(e.member_order >= EXACT_ORDER, "{e:?}");
    }

    #[test]
    fn a_renamed_test_holding_all_of_a_case_with_its_parameters_in_another_order_keeps_it() {
        let cases = allergy_cases();
        let not_allergic = |item: &str| {
            vec![
                Literal::Number("0".into()),
                Literal::Text(item.into()),
                Literal::False,
            ]
        };
        // The other items' tests are named like the case; the eggs test, renamed, holds it.
        let tests = [
            test(1, "case 17", not_allergic("eggs")),
            test(
                5,
                "peanuts not allergic to anything",
                not_allergic("peanuts"),
            ),
            test(9, "cats not allergic to anything", not_allergic("cats")),
        ];
        let linked = links(&cases, &tests, &vec![true; cases.len()]);
        assert_eq!(linked[0], vec![0], "{linked:?}");
    }

    #[test]
    fn a_test_named_half_like_a_case_holding_none_of_its_input_is_not_its_fallback() {
        // luhn: "valid strings with a non-digit included become invalid" (its own "055a 444
        // 285") is no test of "... added at the end ..." ("059a") when that one's goes.
        let cases = [
            case("a", "a non digit at the end is invalid", 59, "no"),
            case("b", "a number is valid", 2, "yes"),
        ];
        let named_half_like_a = "a non digit inside is invalid";
        let own_input = [test(1, named_half_like_a, holds(55, "no"))];
        assert_eq!(
            links(&cases, &own_input, &[true; 2])[0],
            Vec::<usize>::new()
        );
        // Holding the case's input, it is the case's test, with older data.
        let case_input = [test(1, named_half_like_a, holds(59, "nein"))];
        assert_eq!(links(&cases, &case_input, &[true; 2])[0], vec![0]);
    }

    #[test]
    fn a_fallback_holding_all_of_a_case_out_of_order_must_stand_in_its_place() {
        let cases = one_two_three();
        // "dos" before 2: all of the case's data, not as written, in an unnamed test.
        let reversed = vec![Literal::Text("dos".into()), Literal::Number("2".into())];
        let in_place = [
            test(1, "one", holds(1, "uno")),
            test(5, "extra", reversed.clone()),
            test(9, "three", holds(3, "tres")),
        ];
        assert_eq!(
            links(&cases, &in_place, &[true; 3]),
            [vec![0], vec![1], vec![2]]
        );
        // At the file's end, past the third case's test, it is the track's own test.
        let at_the_end = [
            test(1, "one", holds(1, "uno")),
            test(5, "three", holds(3, "tres")),
            test(9, "extra", reversed),
        ];
        assert_eq!(
            links(&cases, &at_the_end, &[true; 3]),
            [vec![0], vec![], vec![1]]
        );
    }
}
