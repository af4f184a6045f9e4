//! A test's name against a case's description: words, their order, and the groups and
//! function a name may start with.

use std::collections::HashMap;

/// Words of a name or description, lower case, without a plural `s` ("triangles" is
/// "triangle") and as `stem` reads them, leaving out "test".
pub(super) fn words(text: &str) -> Vec<String> {
    let mut words = word_sequence(text);
    words.sort();
    words.dedup();
    words
}

/// The words of `words`, in the order they are written.
pub(super) fn word_sequence(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let w = w.to_lowercase();
            let w = match w.strip_suffix('s') {
                Some(stem) if stem.len() >= 3 && !stem.ends_with('s') => stem.to_string(),
                _ => w,
            };
            stem(w)
        })
        .filter(|w| w != "test")
        .collect()
}

/// A word without the endings that make a verb a doer, an action or a past ("mapper",
/// "mapping" and "map"; "filterer" and "filter"; "reverser" and "reverse"; "encoded" and
/// "encode"): a track names its functions and tests after what the canonical data describes,
/// in another form of the same word. Endings go while a stem of three letters with a vowel
/// is left, then a doubled last consonant ("mapp") is one.
fn stem(word: String) -> String {
    let mut w = word.as_str();
    while let Some(rest) = ["ing", "er", "ed", "e"].iter().find_map(|suffix| {
        w.strip_suffix(suffix)
            .filter(|rest| rest.len() >= 3 && rest.contains(['a', 'e', 'i', 'o', 'u', 'y']))
    }) {
        w = rest;
    }
    match w.as_bytes() {
        [_, .., a, b, c]
            if a != b && b == c && c.is_ascii_alphabetic() && !b"aeiouslz".contains(c) =>
        {
            w[..w.len() - 1].to_string()
        }
        _ => w.to_string(),
    }
}

/// How much a test's name says it tests the case: half the Dice similarity of its words and
/// the case's own description, half the share of its words the description and its groups
/// account for ("filter empty list" is the "filter … > empty list" case, not "append … >
/// empty list").
pub(super) fn name_similarity<W: Ord>(own: &[W], path: &[W], test: &[W]) -> f64 {
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
pub(super) fn named<W: PartialEq>(
    words: &[W],
    path: &[W],
    property: &[W],
    name: &[W],
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
pub(super) fn first_sentence(description: &str) -> &str {
    description
        .find(". ")
        .map_or(description, |end| &description[..end])
}

/// The share of the longer word sequence that the two have in common, in order: "list to
/// empty list" is "append list to empty list" more than "append empty list to list".
pub(super) fn sequence_similarity<W: PartialEq>(a: &[W], b: &[W]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    common_subsequence(a, b, |x, y| x == y) as f64 / a.len().max(b.len()) as f64
}

/// The length of the longest common subsequence of `a` and `b`, items compared by `same`.
pub(super) fn common_subsequence<A, B>(a: &[A], b: &[B], same: impl Fn(&A, &B) -> bool) -> usize {
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
pub(super) fn split_camel_case(name: &str) -> String {
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
fn similarity<W: Ord>(a: &[W], b: &[W]) -> f64 {
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let shared = a.iter().filter(|w| b.binary_search(w).is_ok()).count();
    2.0 * shared as f64 / (a.len() + b.len()) as f64
}

/// Words as numbers, one for each word of an exercise's names and descriptions: the words
/// of every (case, test) pair compare as numbers, not as texts.
#[derive(Default)]
pub(super) struct Vocabulary(HashMap<String, u32>);

impl Vocabulary {
    /// The words' numbers, in the words' order.
    pub(super) fn sequence(&mut self, words: &[String]) -> Vec<u32> {
        words
            .iter()
            .map(|word| match self.0.get(word) {
                Some(&number) => number,
                None => {
                    let number = self.0.len() as u32;
                    self.0.insert(word.clone(), number);
                    number
                }
            })
            .collect()
    }

    /// The words' numbers, sorted, each once (as `words` gives a set of words).
    pub(super) fn set(&mut self, words: &[String]) -> Vec<u32> {
        let mut numbers = self.sequence(words);
        numbers.sort_unstable();
        numbers.dedup();
        numbers
    }
}
