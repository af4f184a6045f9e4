//! The functions a test calls against those the track tests a case's property through: a
//! test of another function is no test of the property's cases (`Evidence::calls_apart`).

use std::collections::{HashMap, HashSet};

use super::Evidence;
use super::constants::{DATA_ALONE, TIE, WHOLE};
use super::values::Holdings;
use crate::canonical::data::Case;

/// Marks the tests that call functions, but none of those the track tests a case's property
/// through (`Evidence::calls_apart`). Those are the functions called by every test whose best
/// case is of the property and which holds all of that case's data, named after it or as
/// written (named after it, where a case of the property has such a test): a test holding a
/// case by chance, as list-ops' `append` tests hold "length of
/// [1, 2, 3, 4]", does not say how the track tests it, and a property no test holds so says
/// nothing. Where the cases are of several functions, a test that also calls a function none
/// of those tests calls is apart when, of their functions, it calls only those every test of
/// the file calls (a constructor): Elixir queen-attack's test of `to_string` builds its
/// queens with `new`, as the tests of `can_attack?` do. (Where they are all of one, the
/// track's tests call the methods of one object, each its own: Python bank-account's.)
pub(super) fn mark_calls_apart(
    cases: &[Case],
    weights: &[f64],
    holdings: &[Holdings],
    matrix: &mut [Vec<Evidence>],
) {
    let best: Vec<f64> = (0..holdings.len())
        .map(|t| {
            matrix
                .iter()
                .map(|row| row[t].similarity())
                .fold(0.0, f64::max)
        })
        .collect();
    // The tests that tell: each property's, and whether it is named after its case.
    let mut telling: Vec<(&str, bool, &Holdings)> = Vec::new();
    for ((case, row), weight) in cases.iter().zip(matrix.iter()).zip(weights) {
        for ((e, holding), best) in row.iter().zip(holdings).zip(&best) {
            let written = e.member_order >= WHOLE && !e.loosely && *weight >= DATA_ALONE;
            if e.holds_all() && (e.named_after || written) && e.similarity() >= best - TIE {
                telling.push((case.property.as_str(), e.named_after, holding));
            }
        }
    }
    // A property whose cases have tests named after them is tested through what those
    // call: a test named for nothing may be as much another property's best, by chance
    // (rational-numbers' `pow_rational({1, 2}, 0) == {1, 1}`, renamed, holds `pow_real`'s
    // 2, 0 and 1 in order).
    let named: HashSet<&str> = telling
        .iter()
        .filter(|(_, named, _)| *named)
        .map(|(property, _, _)| *property)
        .collect();
    // Each property's functions all of the tests that tell call, and those any of them calls.
    let mut through: HashMap<&str, Called> = HashMap::new();
    for (property, is_named, holding) in telling {
        if is_named || !named.contains(property) {
            through.entry(property).or_default().add(&holding.calls);
        }
    }
    let several = cases.iter().any(|c| c.property != cases[0].property);
    let everywhere = everywhere(holdings.iter().map(|h| &h.calls));
    for (case, row) in cases.iter().zip(matrix.iter_mut()) {
        let Some(called) = through.get(case.property.as_str()) else {
            continue;
        };
        if called.all().next().is_none() {
            continue;
        }
        for (e, holding) in row.iter_mut().zip(holdings) {
            let calls = &holding.calls;
            e.calls_apart = (!calls.is_empty() && called.all().all(|f| !calls.contains(f)))
                || (several && called.strays(calls, &everywhere));
        }
    }
}

/// The functions some tests call: those all of them call, and those any of them calls.
#[derive(Default)]
pub(super) struct Called<'a> {
    /// `None` before the first test.
    all: Option<HashSet<&'a str>>,
    any: HashSet<&'a str>,
}

impl<'a> Called<'a> {
    /// Adds the functions a test calls.
    pub(super) fn add(&mut self, calls: &'a HashSet<String>) {
        let calls: HashSet<&str> = calls.iter().map(String::as_str).collect();
        match &mut self.all {
            Some(all) => all.retain(|f| calls.contains(f)),
            None => self.all = Some(calls.clone()),
        }
        self.any.extend(calls);
    }

    /// The functions all of the tests call.
    fn all(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.all.iter().flatten().copied()
    }

    /// Whether a test calling `calls` is of another function than these tests: it calls a
    /// function none of them calls, and none of those they all call other than what every
    /// test calls (`everywhere`, a constructor); never where they share nothing else.
    pub(super) fn strays(&self, calls: &HashSet<String>, everywhere: &HashSet<&str>) -> bool {
        let mut own = self.all().filter(|f| !everywhere.contains(f)).peekable();
        own.peek().is_some()
            && calls.iter().any(|f| !self.any.contains(f.as_str()))
            && own.all(|f| !calls.contains(f))
    }
}

/// The functions every test that calls any calls (a constructor); none where no test calls
/// any.
pub(super) fn everywhere<'a>(
    tests: impl IntoIterator<Item = &'a HashSet<String>>,
) -> HashSet<&'a str> {
    let mut called = Called::default();
    for calls in tests.into_iter().filter(|calls| !calls.is_empty()) {
        called.add(calls);
    }
    called.all().collect()
}
