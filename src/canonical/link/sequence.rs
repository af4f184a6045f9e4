//! How a test holds a case's values beyond whether it has them: the share of the test's values
//! that are the case's (`fit`), where each of the test's values is read, and the order it
//! holds the case's values in.

use std::borrow::Cow;

use super::names::common_subsequence;
use super::values::{Probe, Value};
use crate::canonical::data::Shape;
use crate::canonical::exercise::ExerciseTest;
use crate::source::literals::Literal;

/// The share of a test's values (not the functions it calls) that are the case's, each value
/// of the case accounting for one of the test's: a test of `[1, 2, 1, 2, 3]` in `[1, 2, 3, 1,
/// 2, 3, 2, 3, 2, 1]` holds the 1, 2 and 3 of `[1, 2, 3]` against `[3, 2, 1]` five times over,
/// and is mostly other values. The readings of one value (`places`: "1, 2, 3" is a text and
/// three numbers) are one value, the case's if any reading is.
pub(super) fn fit(case: &[Probe], test: &[Value], places: &[usize]) -> f64 {
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
pub(super) fn share(places: &[(usize, bool)]) -> f64 {
    if places.is_empty() {
        return 0.0;
    }
    places.iter().filter(|(_, fits)| *fits).count() as f64 / places.len() as f64
}

/// Each place where the test's values (not the functions it calls) are read, and whether
/// `fits` holds for a value read there.
pub(super) fn at_places(
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
/// of the case's values: the more of that in the case's order and of it with the members of
/// each of the case's objects (`shape`) in the order the test first has them. Long sequences
/// are cut: the order of the first values tells enough.
pub(super) fn order(case: &[Probe], shape: &Shape, test: &[Value]) -> f64 {
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
        given
    } else {
        given.max(in_order(&arranged))
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
pub(super) type Readings<'a> = (Cow<'a, [Literal]>, Cow<'a, [usize]>);

/// A test's literals with each text of several lines followed by its lines, read where the
/// text is (see `fit`), and where each literal is read: a grid written as one multi-line
/// text holds the case's rows one by one, in their order.
pub(super) fn with_lines(test: &ExerciseTest) -> Readings<'_> {
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

/// Of the case's values (`case`, in its order) that the test holds, two at least, the share
/// it holds in the case's order; `None` where it holds fewer than two.
pub(super) fn held_order(case: &[Probe], test: &[Value]) -> Option<f64> {
    let held: Vec<&Probe> = case
        .iter()
        .filter(|p| test.iter().any(|v| p.is(v)))
        .collect();
    (held.len() >= 2).then(|| share_in_order(&held, test))
}
