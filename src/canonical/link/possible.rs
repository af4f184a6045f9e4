//! What a reader is pointed to where a case has no link: a possible test (`unconfirmed`),
//! the test most like a case that states a check (`check_by_reading`), or, where the tests are
//! the track's own, nothing case by case (`own_tests`).

use super::assign::Candidate;
use super::constants::{DATA_ALONE, FOLLOWED, REVIEW, TIE, WHOLE};
use super::evidence::{Evidence, Weighed};
use super::order;
use crate::canonical::data::Case;

/// A case without a link that is not plainly missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Possible {
    /// This test may implement it, but the evidence is short of a link.
    Unconfirmed(usize),
    /// The case states a check, not data: this test, the one most like it if any, may check it.
    CheckByReading(Option<usize>),
}

/// What a reader should look at for each included case without a link: a check to read, the
/// best candidate above `REVIEW`, a test named after it word for word, a table of cases holding
/// all of its data, a test made of its values alone, in its order (of several cases' values,
/// the one's whose data it holds the largest share of), or the unpaired test
/// aligned with it between the same linked cases. A possible test is one case's, tables
/// aside (`one_case_each`).
pub(super) fn possible(
    cases: &[Case],
    weighed: &Weighed,
    table: &[bool],
    included: &[bool],
    links: &[Vec<usize>],
    candidates: &[Candidate],
    rank: &[Vec<f64>],
) -> Vec<Option<Possible>> {
    let (e, explained) = (&weighed.matrix, &weighed.explained);
    let tests = e.first().map_or(0, Vec::len);
    let linked_test: Vec<bool> = (0..tests)
        .map(|t| links.iter().any(|l| l.contains(&t)))
        .collect();
    let mut of_case: Vec<Vec<&Candidate>> = vec![Vec::new(); cases.len()];
    for candidate in candidates {
        of_case[candidate.case].push(candidate);
    }
    let mut possible: Vec<Option<Possible>> = vec![None; cases.len()];
    for c in (0..cases.len()).filter(|&c| included[c] && links[c].is_empty()) {
        let most_like = (0..tests).max_by(|&a, &b| rank[c][a].total_cmp(&rank[c][b]));
        // A test linked to another case is that case's test, not a possible test of this one.
        let candidate = of_case[c]
            .iter()
            .filter(|p| p.score >= REVIEW && !linked_test[p.test])
            .max_by(|a, b| a.score.total_cmp(&b.score))
            .map(|p| p.test);
        let named = (0..tests).find(|&t| e[c][t].named_after && !linked_test[t]);
        // A table of cases serves each case it holds (one test turning four robots): a test
        // holding two cases or more as written is the possible test of every case whose data
        // it holds in full, data enough to tell cases apart (`[]` and `true` say nothing of
        // which case a test is), where the rank model finds the pair plausible. A table
        // linked to other cases holds the case for them unless it holds it as written and
        // the case explains values of it theirs do not: a neighbour that happens to hold a
        // deleted test's values is no test of its case.
        let serves = |t: usize| {
            let places = explained.get(&(c, t)).map_or(&[][..], Vec::as_slice);
            let explains_more = || {
                places.iter().any(|p| {
                    !(0..cases.len()).any(|b| {
                        links[b].contains(&t)
                            && explained
                                .get(&(b, t))
                                .is_some_and(|theirs| theirs.contains(p))
                    })
                })
            };
            !linked_test[t] || (as_written(&e[c][t], weighed.weights[c]) && explains_more())
        };
        let holder = (0..tests)
            .filter(|&t| e[c][t].holds_all() && rank[c][t] >= REVIEW)
            .filter(|&t| table[t] && serves(t))
            .max_by(|&a, &b| rank[c][a].total_cmp(&rank[c][b]))
            .filter(|_| weighed.weights[c] >= DATA_ALONE);
        // A test made of this case's values alone, two or more in the case's order, is a
        // test of it through the track's own API (`turn_right` from `:north` expecting
        // `:east` for "changes north to east", the instruction "R" spelled as a method),
        // however little of the case's data it holds. Made so of several cases' values, it is
        // the test of the one whose data it holds the most of, and of none where two hold
        // as much: `:north` to `:west` is half of "changes north to west" and a seventh of a
        // walk from (7, 3) that also starts north and ends west; a direction and a position
        // two cases share are neither's.
        let made_of = |b: usize, t: usize| {
            e[b][t].fit >= WHOLE && e[b][t].held_order.is_some_and(|o| o >= WHOLE)
        };
        let fits = (0..tests)
            .filter(|&t| !linked_test[t] && made_of(c, t))
            .filter(|&t| {
                (0..cases.len())
                    .all(|b| b == c || !made_of(b, t) || e[c][t].data - e[b][t].data > TIE)
            })
            .max_by(|&a, &b| rank[c][a].total_cmp(&rank[c][b]));
        possible[c] = if cases[c].states_check() {
            Some(Possible::CheckByReading(candidate.or(most_like)))
        } else {
            candidate
                .or(named)
                .or(holder)
                .or(fits)
                .map(Possible::Unconfirmed)
        };
    }
    let offers: Vec<(usize, usize)> = possible
        .iter()
        .enumerate()
        .filter_map(|(c, p)| match p {
            Some(Possible::Unconfirmed(t)) => Some((c, *t)),
            _ => None,
        })
        .collect();
    let kept = one_case_each(&offers, &|c, t| (rank[c][t], e[c][t].name), &|t| table[t]);
    for (c, _) in offers.iter().filter(|offer| !kept.contains(offer)) {
        possible[*c] = None;
    }
    let mut paired = linked_test;
    for p in &possible {
        if let Some(Possible::Unconfirmed(t)) = p {
            paired[*t] = true;
        }
    }
    let gaps = order::gaps(
        &order::places(cases),
        links,
        &|c| included[c] && links[c].is_empty() && possible[c].is_none(),
        &|t| !paired[t],
        &|c, t| rank[c][t],
        REVIEW,
        tests,
    );
    for (c, t) in gaps {
        possible[c] = Some(Possible::Unconfirmed(t));
    }
    possible
}

/// The (case, test) offers to keep where each test is one case's possible test, as a link is,
/// unless it is a table of cases: a test offered to several goes to the case it is most like
/// by `key` (the score, then the name), and to none where two are alike in both (twins of
/// the same data, their names no help: the test says nothing of which it is about).
pub(super) fn one_case_each(
    offers: &[(usize, usize)],
    key: &dyn Fn(usize, usize) -> (f64, f64),
    table: &dyn Fn(usize) -> bool,
) -> Vec<(usize, usize)> {
    offers
        .iter()
        .copied()
        .filter(|&(c, t)| {
            table(t)
                || offers
                    .iter()
                    .all(|&(b, u)| u != t || b == c || key(b, u) < key(c, t))
        })
        .collect()
}

/// Whether an exercise's tests are the track's own (`Linking::own_tests`): fewer than
/// `FOLLOWED` of its included cases have a link or a possible test, and fewer than `FOLLOWED`
/// of its tests are linked or a case's possible test.
pub(super) fn own_tests(
    links: &[Vec<usize>],
    possible: &[Option<Possible>],
    included: &[bool],
    tests: usize,
) -> bool {
    let pointed = |c: usize| match possible[c] {
        Some(Possible::Unconfirmed(t)) => Some(t),
        _ => None,
    };
    let cases = included.iter().filter(|&&i| i).count();
    let paired_cases = (0..links.len())
        .filter(|&c| included[c] && (!links[c].is_empty() || pointed(c).is_some()))
        .count();
    let paired_tests = (0..tests)
        .filter(|&t| (0..links.len()).any(|c| links[c].contains(&t) || pointed(c) == Some(t)))
        .count();
    let few = |part: usize, whole: usize| (part as f64) < FOLLOWED * whole as f64;
    few(paired_cases, cases) && few(paired_tests, tests)
}

/// Whether a test holds all of a case's data as written (every value, in the case's order,
/// none only loosely), data of `weight` enough to tell cases apart.
pub(super) fn as_written(e: &Evidence, weight: f64) -> bool {
    e.data >= WHOLE && e.member_order >= WHOLE && !e.loosely && weight >= DATA_ALONE
}
