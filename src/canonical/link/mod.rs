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
//!    names that test for a reader (`possible`, with the other tests a reader is pointed to).
//!
//! A few domain facts stay explicit steps, each with its reason: a test that sings a verse
//! line after line within the whole song covers that verse (a song test holds every verse at
//! once, and no score weighs that); of a case and the case it reimplements, a test keeps the
//! one whose data it holds (both are often named alike); a case that states a check rather
//! than data (`Case::states_check`) cannot be held, and is left for a reader
//! (`check_by_reading`) with the test most like it; a test named after a case word for word
//! is that case's possible test, as is a test made of its values alone, in its order (of
//! several cases' values, the one's whose data it holds most of); and an
//! unpaired case and an unpaired test between the same two linked cases are a likely pair. A
//! possible test, like a link, is one case's unless it is a table of cases: offered to
//! several, it goes to the one it is most like.
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
mod misnamed;
mod names;
mod order;
mod possible;
mod sequence;
#[cfg(test)]
mod tests;
mod track;
mod values;
mod weights;

use crate::canonical::data::{Case, index_by_uuid};
use crate::canonical::exercise::ExerciseTest;
pub use assign::Candidate;
use compare::Surroundings;
pub use compare::{COMPARISONS, Levels};
use constants::{ANCHOR, HALF, LINK, TABLE_CASES};
pub use evidence::{Evidence, Weighed, evidence};
pub use misnamed::misnamed;
pub use possible::Possible;
use possible::{as_written, own_tests, possible};
pub use track::{TrackLink, link_track_cases};
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

impl Linking {
    /// A linking whose links and possible tests were set elsewhere (followed from a base, by
    /// `canonical::difference`), over the evidence of a linking of the same cases and tests:
    /// whether the tests are the track's own is read again from them.
    pub fn settled(
        links: Vec<Vec<usize>>,
        possible: Vec<Option<Possible>>,
        evidence: Vec<Vec<Evidence>>,
        included: &[bool],
        tests: usize,
    ) -> Linking {
        let own_tests = own_tests(&links, &possible, included, tests);
        Linking {
            links,
            possible,
            evidence,
            own_tests,
        }
    }
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
pub fn link(cases: &[Case], tests: &[ExerciseTest], included: &[bool]) -> Linking {
    explain(Weights::embedded(), cases, tests, included).linking
}

/// Links `cases` to `tests` with `weights`, keeping what each step saw.
pub fn explain(
    weights: &Weights,
    cases: &[Case],
    tests: &[ExerciseTest],
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
                    let context = Surroundings {
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

/// The pairs of cases one of which reimplements the other.
fn reimplementations(cases: &[Case]) -> Vec<(usize, usize)> {
    let index = index_by_uuid(cases.iter().map(|c| c.uuid.as_str()));
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

impl Possible {
    /// The test a reader is pointed to, if any.
    pub fn test(self) -> Option<usize> {
        match self {
            Possible::Unconfirmed(test) | Possible::CheckByReading(Some(test)) => Some(test),
            Possible::CheckByReading(None) => None,
        }
    }
}
