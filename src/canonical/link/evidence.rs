//! The evidence for each (case, test) pair: how much of the case's data the test holds, and
//! how (in order, loosely, among other values), how its name compares with the case's
//! description, and what it calls.

use std::collections::{HashMap, HashSet};

use super::calls::mark_calls_apart;
use super::constants::{DATA_WEIGHT, FIT_WEIGHT, OTHER_PROPERTY, VERSE_WORDS, WHOLE, WORD_ORDER};
use super::names::{
    Vocabulary, first_sentence, name_similarity, named, sequence_similarity, split_camel_case,
    word_sequence, words,
};
use super::sequence::{Readings, at_places, fit, held_order, order, with_lines};
use super::values::{Holdings, Probe, Value, sings, verse_lines};
use crate::canonical::data::Case;
use crate::canonical::exercise::ExerciseTest;
use crate::source::literals::{Literal, call_name};

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
    /// The test calls the function of the case's property, by its name, where the exercise
    /// has functions of other properties some test calls too.
    pub calls_own: bool,
    /// The test calls functions, but none of those the track tests the case's property
    /// through (but a constructor every test calls, where it also calls a function those
    /// tests never do): a test of another function (nucleotide-count's tests of `count`,
    /// where the cases are tested through `histogram`; see `mark_calls_apart`).
    pub calls_apart: bool,
    /// For a test holding all of the case's data: the share of the case's values it has in
    /// the case's order (a longest common subsequence), the members of the case's objects in
    /// any order (JSON's objects have none: a test passes parameters and writes a record's
    /// fields in its own); 0 otherwise.
    pub member_order: f64,
    /// The share of the test's values that are the case's (its values and its objects' keys,
    /// which a test writes too): a test of exactly this case's data
    /// fits it better than one that holds it among others (`factors(2) == [2]` beside
    /// `factors(4) == [2, 2]`).
    pub fit: f64,
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
    /// The share of the case's input values the test holds, each counted alike and as often
    /// as the case has it (0 for a case of no input).
    pub input_share: f64,
    /// Of the case's values the test holds, two at least, the share it holds in the case's
    /// order (`turn_right` from `:north` to `:east` holds "changes north to east" in order,
    /// and "changes east to north" as much, but not in order); `None` below two.
    pub held_order: Option<f64>,
}

impl Evidence {
    /// The test holds all of the case's data (its literals, as the test spells them).
    pub fn holds_all(&self) -> bool {
        self.data >= WHOLE
    }

    /// A similarity of the pair, data and name together: the tests most like a case say how
    /// the track tests its property (see `mark_calls_apart`).
    pub(super) fn similarity(&self) -> f64 {
        let score =
            DATA_WEIGHT * self.data + (1.0 - DATA_WEIGHT) * self.name + FIT_WEIGHT * self.fit;
        if self.other_property {
            score * OTHER_PROPERTY
        } else {
            score
        }
    }
}

/// The evidence of an exercise's (case, test) pairs.
pub struct Weighed {
    /// `matrix[case][test]`.
    pub matrix: Vec<Vec<Evidence>>,
    /// The total weight of each case's data.
    pub weights: Vec<f64>,
    /// For each pair whose test holds all of the case's data or is named after the case, the
    /// places of the test where the case's values are read (see `at_places`): what the case
    /// explains of the test.
    pub explained: HashMap<(usize, usize), Vec<usize>>,
}

/// The evidence of every (case, test) pair.
pub fn evidence(cases: &[Case], tests: &[ExerciseTest]) -> Weighed {
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
    let called: HashSet<String> = properties
        .iter()
        .filter(|p| holdings.iter().any(|h| h.calls.contains(*p)))
        .cloned()
        .collect();
    // The words every test name starts with (the class in `PetSounds > a cat meows`) tell no
    // test from another.
    let mut vocabulary = Vocabulary::default();
    let sequences: Vec<Vec<u32>> = tests
        .iter()
        .map(|t| vocabulary.sequence(&word_sequence(&split_camel_case(&t.name))))
        .collect();
    let prefix = match sequences.split_first() {
        Some((first, rest)) if !rest.is_empty() => (0..first.len())
            .take_while(|&i| rest.iter().all(|s| s.get(i) == Some(&first[i])))
            .count(),
        _ => 0,
    };
    // Named after a case: the same words in the same order ("Big Straight as little straight"
    // is not "Little Straight as Big Straight").
    let test_words: Vec<Vec<u32>> = sequences
        .iter()
        .map(|s| {
            let mut words = s[prefix..].to_vec();
            words.sort_unstable();
            words.dedup();
            words
        })
        .collect();
    let views: Vec<TestView> = (0..tests.len())
        .map(|t| TestView {
            holding: &holdings[t],
            words: &test_words[t],
            sequence: &sequences[t],
            places: &readings[t].1,
            values: &values[t],
        })
        .collect();
    let shared = Shared {
        properties,
        called,
        prefix,
    };
    let weighed: Vec<CaseProbes> = cases
        .iter()
        .map(|case| CaseProbes::new(case, &weight, &mut vocabulary))
        .collect();
    let weights: Vec<f64> = weighed.iter().map(|case| case.total).collect();
    let mut matrix: Vec<Vec<Evidence>> = weighed
        .iter()
        .map(|case| views.iter().map(|test| case.weigh(test, &shared)).collect())
        .collect();
    mark_calls_apart(cases, &weights, &holdings, &mut matrix);
    let fitted: Vec<Vec<Probe>> = weighed.into_iter().map(|case| case.fitted).collect();
    let mut explained = HashMap::new();
    for (c, row) in matrix.iter().enumerate() {
        for t in (0..row.len()).filter(|&t| row[t].holds_all() || row[t].named_after) {
            let places = at_places(&values[t], &readings[t].1, |v| {
                fitted[c].iter().any(|p| p.is(v))
            });
            let held = places.into_iter().filter(|(_, is)| *is).map(|(at, _)| at);
            explained.insert((c, t), held.collect());
        }
    }
    Weighed {
        matrix,
        weights,
        explained,
    }
}

/// What every (case, test) pair of an exercise is weighed against.
struct Shared {
    /// The functions of the cases' properties.
    properties: HashSet<String>,
    /// Those some test calls by name.
    called: HashSet<String>,
    /// How many words every test's name starts with.
    prefix: usize,
}

/// A test as `CaseProbes::weigh` reads it.
struct TestView<'a> {
    holding: &'a Holdings,
    /// Its name's words after the `prefix` every test name starts with, sorted, once each
    /// (as numbers of the exercise's `Vocabulary`).
    words: &'a [u32],
    /// Its name's words in order.
    sequence: &'a [u32],
    /// Where each of `values` is read (see `with_lines`).
    places: &'a [usize],
    values: &'a [Value<'a>],
}

/// A case as a test is weighed against it: its literals as probes, weighted, and its
/// description's words, worked out once.
struct CaseProbes<'c> {
    case: &'c Case,
    /// The function of its property, as a test calls it.
    property: String,
    leaves: Vec<Probe>,
    keys: Vec<Probe>,
    /// The total weight of `leaves`.
    total: f64,
    /// Its values in its order, unweighted, then its keys, which a test writes too (`%{1 =>
    /// ["A"]}`): the values the fit counts (`sequence` gives the values alone).
    fitted: Vec<Probe>,
    /// The words of its own description, and of its groups' and property's besides (as
    /// numbers of the exercise's `Vocabulary`).
    own: Vec<u32>,
    path: Vec<u32>,
    /// The words of its own description in order; of the first sentence of it; the same
    /// after its groups' words; its property's words.
    own_sequence: Vec<u32>,
    named_sequence: Vec<u32>,
    path_sequence: Vec<u32>,
    property_sequence: Vec<u32>,
    /// Its expected text as `sings` compares it, and how many words that is.
    verse: Vec<String>,
    verse_words: usize,
}

impl<'c> CaseProbes<'c> {
    fn new(
        case: &'c Case,
        weight: &dyn Fn(&Literal) -> f64,
        vocabulary: &mut Vocabulary,
    ) -> CaseProbes<'c> {
        let property = call_name(&case.property);
        let probe = |literal: &Literal, weight: f64| Probe::of_case(literal, weight, &property);
        let leaves: Vec<Probe> = case.leaves.iter().map(|l| probe(l, weight(l))).collect();
        let keys: Vec<Probe> = case.keys.iter().map(|k| probe(k, weight(k))).collect();
        // A test is named after the case when its name is the case's own description's
        // first sentence (the description ends with the case's own).
        let own_first = first_sentence(&case.own_description);
        let groups = case.groups();
        let verse = verse_lines(case.expected_lines.iter().map(String::as_str));
        CaseProbes {
            total: leaves.iter().map(|p| p.weight).sum(),
            fitted: case
                .sequence
                .iter()
                .chain(&case.keys)
                .map(|l| probe(l, 0.0))
                .collect(),
            own: vocabulary.set(&words(&case.own_description)),
            // The property is part of what the test's name may say (`map empty list`).
            path: vocabulary.set(&words(&format!(
                "{} {}",
                case.description,
                split_camel_case(&case.property)
            ))),
            own_sequence: vocabulary.sequence(&word_sequence(&case.own_description)),
            named_sequence: vocabulary.sequence(&word_sequence(own_first)),
            path_sequence: vocabulary.sequence(&word_sequence(&format!("{groups}{own_first}"))),
            property_sequence: vocabulary
                .sequence(&word_sequence(&split_camel_case(&case.property))),
            verse_words: verse.iter().map(|l| l.split_whitespace().count()).sum(),
            verse,
            leaves,
            keys,
            property,
            case,
        }
    }

    /// The case's values in its order, unweighted.
    fn sequence(&self) -> &[Probe] {
        &self.fitted[..self.case.sequence.len()]
    }

    /// The evidence that `test` implements this case (`calls_apart` is set
    /// later, over every case).
    fn weigh(&self, test: &TestView, shared: &Shared) -> Evidence {
        let (holding, property) = (test.holding, &self.property);
        // Keys count when the test has them, and are no loss when it does not.
        let keys: f64 = self
            .keys
            .iter()
            .filter(|p| holding.holds(p))
            .map(|p| p.weight)
            .sum();
        // The case's values the test holds, and whether it holds any only loosely (a value
        // it does not hold it holds in no way).
        let (found, loosely) = self
            .leaves
            .iter()
            .filter(|p| holding.holds(p))
            .fold((0.0, false), |(found, loosely), p| {
                (found + p.weight, loosely || holding.loosely(p))
            });
        let (found, total) = (found + keys, self.total + keys);
        let properties = &shared.properties;
        let other_property = properties.len() > 1
            && shared.called.contains(property)
            && !holding.calls.contains(property)
            && properties.iter().any(|p| holding.calls.contains(p));
        let calls_other = !holding.calls.contains(property)
            && properties
                .iter()
                .any(|p| p != property && holding.calls.contains(p));
        // Some test calls another property's function by name (`called` holds only the
        // exercise's properties), so calling this one tells the cases apart.
        let calls_own =
            holding.calls.contains(property) && shared.called.iter().any(|p| p != property);
        let data = if total > 0.0 { found / total } else { 0.0 };
        let sung = sings(&holding.lines, &self.verse);
        let member_order = if data >= WHOLE {
            order(self.sequence(), &self.case.shape, test.values)
        } else {
            0.0
        };
        let sequence = self.sequence();
        let inputs = &sequence[..self.case.inputs.min(sequence.len())];
        let prefix = shared.prefix;
        Evidence {
            data,
            member_order,
            // A value the test does not hold is none of its values (`Probe::is` accepts no
            // spelling `Holdings::holds` does not): holding nothing, it fits nothing.
            fit: if data > 0.0 {
                fit(&self.fitted, test.values, test.places)
            } else {
                0.0
            },
            name: name_similarity(&self.own, &self.path, test.words) * (1.0 - WORD_ORDER)
                + WORD_ORDER * sequence_similarity(&self.own_sequence, &test.sequence[prefix..]),
            named_after: !self.own.is_empty()
                && named(
                    &self.named_sequence,
                    &self.path_sequence,
                    &self.property_sequence,
                    test.sequence,
                    prefix,
                ),
            other_property,
            calls_other,
            calls_own,
            calls_apart: false,
            loosely,
            sung: self.verse_words >= VERSE_WORDS && !holding.calls.contains(property) && sung,
            sings: sung,
            input_share: if inputs.is_empty() {
                0.0
            } else {
                inputs.iter().filter(|p| holding.holds(p)).count() as f64 / inputs.len() as f64
            },
            held_order: held_order(sequence, test.values),
        }
    }
}
