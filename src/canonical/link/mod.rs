//! Links each canonical case to the tests that implement it. This is record linkage: two
//! lists (cases, tests) paired on noisy evidence, and it follows the textbook's model
//! (Fellegi and Sunter, as Splink and fastLink implement it).
//!
//! 1. **Evidence** (`evidence`): for every (case, test) pair, how much of the case's data the
//!    test holds and how (in order, as written, loosely), the share of the test's values that
//!    are the case's, the test's name against the case's description, the functions it
//!    calls against the case's property.
//! 2. **Comparisons** (`compare`): each piece of evidence read as one of a few levels.
//! 3. **One score per pair** (`weights`): the prior log-odds plus, for each comparison, the
//!    match weight log2(m/u) of the pair's level, fitted to labelled links
//!    (`eval/canonical/fit.py`, which writes `weights.tsv` with the counts it came of).
//! 4. **One assignment per exercise** (`assign`): each test goes to the case it explains
//!    most by that score (the `rank` table), and to more cases only where its data says so.
//!    These candidates are scored again with the `link` table, fitted on candidates alone:
//!    how sure is it that a test's best case is its case?
//! 5. **Source order** (`order`): the surest links anchor the order of the cases; the
//!    `place` comparison says whether a candidate stands between its case's neighbours.
//! 6. **Two thresholds** (`constants`): a candidate scoring `LINK` or more is a link; a case
//!    left without one whose best candidate scores `REVIEW` or more is `unconfirmed`, and
//!    names that test for a reader.
//!
//! A few domain facts stay explicit steps, each with its reason: a test that sings a verse
//! line after line within the whole song covers that verse (a song test holds every verse at
//! once, and no score weighs that); of a case and the case it reimplements, a test keeps the
//! one whose data it holds (both are often named alike); a case that states a check rather
//! than data (`Case::states_check`) cannot be held, and is left for a reader
//! (`check_by_reading`) with the test most like it; a test named after a case word for word
//! is that case's possible test at least, as is a test made of its values alone, in its
//! order; and an unpaired case and an unpaired test between the same two linked cases are a
//! likely pair. A possible test, like a link, is one case's unless it is a table of cases.
//! Where neither list explains half of the other, the tests are the track's own
//! (`Linking::own_tests`): no case of it is `missing` one by one.
//!
//! A worked example. Ruby's robot-simulator test `test_turn_right_from_east` calls
//! `orient(:east)`, `turn_right` and expects `:south`. Of the cases, "changes east to
//! south" (direction east, instruction "R", expects south) is the one whose values it holds
//! most, and in order, so the test is that case's candidate. It holds half of the case's
//! data (not "R", which the track spells as a method), its name is like no description, and
//! all its values are the case's: the `link` weights put that at about 6 bits below even
//! odds, no link. It is also the one unpaired test between the same linked cases as the case,
//! so the case is `unconfirmed`, `possibly robot_simulator_test.rb:32`, instead of `missing`
//! beside an extra test (`docs/linking.md` works the sum out).

mod assign;
mod calls;
mod compare;
mod constants;
mod evidence;
mod names;
mod order;
mod sequence;
#[cfg(test)]
mod tests;
mod values;
mod weights;

use std::collections::HashMap;

use crate::canonical::data::Case;
use crate::canonical::exercise::Test;
use compare::Context;
pub use compare::{COMPARISONS, Levels};
use constants::{ANCHOR, DATA_ALONE, FOLLOWED, HALF, LINK, REVIEW, TABLE_CASES, WHOLE};
pub use evidence::{Evidence, Weighed, evidence};
use values::{sings, verse_lines};
pub use weights::Weights;

/// How an exercise's cases are linked to its tests.
#[derive(Debug)]
pub struct Linking {
    /// `links[case]`: the tests that implement it.
    pub links: Vec<Vec<usize>>,
    /// For an included case without a link, what a reader should look at.
    pub possible: Vec<Option<Possible>>,
    /// The evidence the links came of (`evidence[case][test]`).
    pub evidence: Vec<Vec<Evidence>>,
    /// The tests are the track's own, not the canonical data's: fewer than `FOLLOWED` of the
    /// included cases have a link or a possible test, and fewer than `FOLLOWED` of the tests
    /// are linked or pointed to. Which cases such tests implement is for a reader: any
    /// unlinked test may be any unlinked case's.
    pub own_tests: bool,
}

/// A case without a link that is not plainly missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Possible {
    /// This test may implement it, but the evidence is short of a link.
    Unconfirmed(usize),
    /// The case states a check, not data: this test, the one most like it if any, may check it.
    CheckByReading(Option<usize>),
}

/// One candidate pair as the `link` table weighed it.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub case: usize,
    pub test: usize,
    pub levels: Levels,
    pub score: f64,
}

/// The linking, and what it came of: every pair's `rank` levels and the candidates.
pub struct Explanation {
    pub linking: Linking,
    /// `rank[case][test]`.
    pub rank: Vec<Vec<Levels>>,
    pub candidates: Vec<Candidate>,
}

/// Links `cases` (those tests.toml lists, `included` saying which it includes) to `tests`
/// with the weights the binary was built with.
pub fn link(cases: &[Case], tests: &[Test], included: &[bool]) -> Linking {
    explain(Weights::embedded(), cases, tests, included).linking
}

/// Links `cases` to `tests` with `weights`, keeping what each step saw.
pub fn explain(
    weights: &Weights,
    cases: &[Case],
    tests: &[Test],
    included: &[bool],
) -> Explanation {
    let weighed = evidence(cases, tests);
    let e = &weighed.matrix;
    let written = |c: usize, t: usize| as_written(&e[c][t], weighed.weights[c]);
    let table: Vec<bool> = (0..tests.len())
        .map(|t| {
            let mut held: Vec<&Vec<_>> = (0..cases.len())
                .filter(|&c| written(c, t))
                .map(|c| &cases[c].leaves)
                .collect();
            held.dedup();
            held.len() >= TABLE_CASES
        })
        .collect();
    let named_like_a_case: Vec<bool> = (0..tests.len())
        .map(|t| (0..cases.len()).any(|c| e[c][t].named_after || e[c][t].name >= HALF))
        .collect();
    let rank: Vec<Vec<Levels>> = (0..cases.len())
        .map(|c| {
            (0..tests.len())
                .map(|t| {
                    let context = Context {
                        case_weight: weighed.weights[c],
                        has_input: cases[c].inputs > 0,
                        included: included[c],
                        table: table[t],
                        named_like_a_case: named_like_a_case[t],
                    };
                    compare::levels(&e[c][t], &context)
                })
                .collect()
        })
        .collect();
    let rank_score: Vec<Vec<f64>> = rank
        .iter()
        .map(|row| row.iter().map(|l| weights.rank.score(l)).collect())
        .collect();
    let reimplementations = reimplementations(cases);
    let keeps = |a: usize, b: usize, t: usize| {
        let key = |c: usize| (e[c][t].data, included[c], e[c][t].name);
        key(a) > key(b)
    };
    let pairs = assign::candidates(
        &assign::Pairs {
            rank: &rank_score,
            written: &written,
            named: &|c, t| e[c][t].named_after,
            explained: &weighed.explained,
            reimplementations: &reimplementations,
            keeps: &keeps,
        },
        tests.len(),
    );
    // Each candidate's lead over the best case its test is not a candidate of; the surest
    // candidates anchor the order; then each is placed and weighed.
    let mut of_test = vec![Vec::new(); tests.len()];
    for &(c, t, _) in &pairs {
        of_test[t].push(c);
    }
    let next: Vec<f64> = (0..tests.len())
        .map(|t| {
            (0..cases.len())
                .filter(|b| !of_test[t].contains(b))
                .map(|b| rank_score[b][t])
                .fold(f64::NEG_INFINITY, f64::max)
        })
        .collect();
    let lead = |c: usize, t: usize| rank_score[c][t] - next[t];
    let unplaced: Vec<Levels> = pairs
        .iter()
        .map(|&(c, t, role)| rank[c][t].placed("none", lead(c, t), role.level()))
        .collect();
    let order = order::places(cases);
    let mut anchors = vec![Vec::new(); cases.len()];
    for (&(c, t, _), levels) in pairs.iter().zip(&unplaced) {
        if weights.link.score_unplaced(levels) >= ANCHOR {
            anchors[c].push(t);
        }
    }
    let placed_pairs: Vec<(usize, usize)> = pairs.iter().map(|&(c, t, _)| (c, t)).collect();
    let placed = order::place_levels(&order, &anchors, &placed_pairs);
    let candidates: Vec<Candidate> = pairs
        .iter()
        .zip(placed)
        .map(|(&(case, test, role), place)| {
            let levels = rank[case][test].placed(place, lead(case, test), role.level());
            let score = weights.link.score(&levels);
            Candidate {
                case,
                test,
                levels,
                score,
            }
        })
        .collect();
    let mut links = vec![Vec::new(); cases.len()];
    for candidate in candidates.iter().filter(|p| p.score >= LINK) {
        links[candidate.case].push(candidate.test);
    }
    for (c, t) in songs(cases, e) {
        if !links[c].contains(&t) {
            links[c].push(t);
        }
    }
    links.iter_mut().for_each(|tests| tests.sort_unstable());
    let possible = possible(
        cases,
        &weighed,
        &table,
        included,
        &links,
        &candidates,
        &rank_score,
    );
    let own_tests = own_tests(&links, &possible, included, tests.len());
    Explanation {
        linking: Linking {
            links,
            possible,
            evidence: weighed.matrix,
            own_tests,
        },
        rank,
        candidates,
    }
}

/// What a reader should look at for each included case without a link: a check to read, the
/// best candidate above `REVIEW`, a test named after it word for word, a table of cases holding
/// all of its data, a test made of its values alone, in its order, or the unpaired test
/// aligned with it between the same linked cases. A possible test is one case's, tables
/// aside (`one_case_each`).
fn possible(
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
        // A test made of this case's values alone, two or more in the case's order, and of
        // no other case's, is a test of it through the track's own API (`turn_right` from
        // `:north` expecting `:east` for "changes north to east", the instruction "R" spelled
        // as a method), however little of the case's data it holds.
        let made_of = |b: usize, t: usize| {
            e[b][t].fit >= WHOLE && e[b][t].held_order.is_some_and(|o| o >= WHOLE)
        };
        let fits = (0..tests)
            .filter(|&t| !linked_test[t] && made_of(c, t))
            .filter(|&t| (0..cases.len()).all(|b| b == c || !made_of(b, t)))
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
    let mut paired = linked_test.clone();
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
fn one_case_each(
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
fn own_tests(
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
    cases > 0 && tests > 0 && few(paired_cases, cases) && few(paired_tests, tests)
}

/// Whether a test holds all of a case's data as written (every value, in the case's order,
/// none only loosely), data of `weight` enough to tell cases apart.
fn as_written(e: &Evidence, weight: f64) -> bool {
    e.data >= WHOLE && e.member_order >= WHOLE && !e.loosely && weight >= DATA_ALONE
}

/// The pairs of cases one of which reimplements the other.
fn reimplementations(cases: &[Case]) -> Vec<(usize, usize)> {
    let index: HashMap<&str, usize> = cases
        .iter()
        .enumerate()
        .map(|(i, c)| (c.uuid.as_str(), i))
        .collect();
    cases
        .iter()
        .enumerate()
        .filter_map(|(new, case)| Some((new, *index.get(case.reimplements.as_deref()?)?)))
        .collect()
}

/// The whole song covers each verse it sings: the (case, test) pairs where the test holds
/// the case's verse line after line within one of its texts and calls none of the case's
/// function (`Evidence::sung`), unless the test gives the input of a case of several verses
/// it sings, this one among them (`verses(1, 3)`, `recite(4, 8)`: a test of that input, not
/// of each verse).
fn songs(cases: &[Case], e: &[Vec<Evidence>]) -> Vec<(usize, usize)> {
    let verses: Vec<Vec<String>> = cases
        .iter()
        .map(|case| verse_lines(case.expected_lines.iter().map(String::as_str)))
        .collect();
    let own_input_song = |c: usize, t: usize| {
        (0..cases.len()).any(|b| {
            b != c
                && e[b][t].sings
                && e[b][t].input_share > 0.0
                && verses[b].len() > verses[c].len()
                && sings(std::slice::from_ref(&verses[b]), &verses[c])
        })
    };
    let mut pairs = Vec::new();
    for (c, row) in e.iter().enumerate() {
        for (t, evidence) in row.iter().enumerate() {
            if evidence.sung && !own_input_song(c, t) {
                pairs.push((c, t));
            }
        }
    }
    pairs
}

/// The case whose description the test's name is, if exactly one is.
pub fn named_after(evidence: &[Vec<Evidence>], test: usize) -> Option<usize> {
    let named: Vec<usize> = (0..evidence.len())
        .filter(|&c| evidence[c][test].named_after)
        .collect();
    (named.len() == 1).then(|| named[0])
}
