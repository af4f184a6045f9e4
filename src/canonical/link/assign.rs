//! One assignment per exercise: each test goes to the case it explains most. Those are its
//! candidates, which the `link` weights then judge. A test explains more than one case where
//! its data says so: it holds each as written and each explains values of the test that the
//! others leave unexplained (a table of cases, a test of a whole garden). A case held inside
//! another's data (the primes up to 13 inside those up to 1000), or the twin of a case with
//! the same values, explains nothing more, and stays with its own test or none. This is the
//! competition that keeps a test from every case it happens to hold: it never takes a case
//! from another test, so deleting a test moves no other test's case. A test named after a
//! case word for word is that case's candidate too, whatever it holds: the data of its own
//! case may be spelled beyond what the evidence reads, and the `link` weights judge it.

use std::collections::{HashMap, HashSet};

use super::compare::Levels;
use super::constants::TIE;

/// One candidate pair as the `link` table weighed it.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub case: usize,
    pub test: usize,
    pub levels: Levels,
    pub score: f64,
}

/// What the assignment reads of an exercise.
pub(super) struct Pairs<'a> {
    /// `rank[case][test]`: the score by the `rank` weights.
    pub rank: &'a [Vec<f64>],
    /// Whether the test holds all of the case's data as written, data enough to tell cases
    /// apart.
    pub written: &'a dyn Fn(usize, usize) -> bool,
    /// The places of each test that a case whose data it holds in full explains.
    pub explained: &'a HashMap<(usize, usize), Vec<usize>>,
    /// Whether the test is named after the case, word for word: whatever else it explains,
    /// the case is one of its candidates.
    pub named: &'a dyn Fn(usize, usize) -> bool,
    /// Pairs of cases one of which reimplements the other.
    pub reimplementations: &'a [(usize, usize)],
    /// Which of two reimplementations of one case a test keeps: the one whose data it holds
    /// more, then the one tests.toml includes, then the one it is named more like.
    pub keeps: &'a dyn Fn(usize, usize, usize) -> bool,
}

/// Why a case is a candidate of a test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Candidacy {
    /// The case the test explains most (or ties for it).
    Best,
    /// A case the test holds as written that explains more of the test than its best.
    Explains,
    /// A case the test is named after word for word, whose values explain something of the
    /// test the cases before it do not.
    Named,
    /// A case the test is named after, whose values the test holds only where the cases
    /// before it explain them too: the data says the test is another case's, against its
    /// name (two tests whose names were swapped).
    NamedOtherData,
}

impl Candidacy {
    /// The level of the `role` comparison.
    pub(super) fn level(self) -> &'static str {
        match self {
            Candidacy::Best => "best",
            Candidacy::Explains => "explains-more",
            Candidacy::Named => "named",
            Candidacy::NamedOtherData => "named-other-data",
        }
    }
}

/// Each test's candidate cases, as (case, test, role) in test order.
pub(super) fn candidates(pairs: &Pairs, tests: usize) -> Vec<(usize, usize, Candidacy)> {
    let cases = pairs.rank.len();
    let mut out = Vec::new();
    for t in 0..tests {
        let mut ranked: Vec<usize> = (0..cases).collect();
        ranked.sort_by(|&a, &b| pairs.rank[b][t].total_cmp(&pairs.rank[a][t]));
        let Some(&best) = ranked.first() else {
            continue;
        };
        let mut kept: Vec<(usize, Candidacy)> = Vec::new();
        let mut explained: HashSet<usize> = HashSet::new();
        for c in ranked {
            let places = pairs.explained.get(&(c, t));
            let explains_more =
                places.is_some_and(|places| places.iter().any(|p| !explained.contains(p)));
            let role = if pairs.rank[c][t] >= pairs.rank[best][t] - TIE {
                Candidacy::Best
            } else if (pairs.written)(c, t) && explains_more {
                Candidacy::Explains
            } else if (pairs.named)(c, t) && explains_more {
                Candidacy::Named
            } else if (pairs.named)(c, t) {
                Candidacy::NamedOtherData
            } else {
                continue;
            };
            kept.push((c, role));
            explained.extend(places.into_iter().flatten());
        }
        let settled = |c: usize| {
            !pairs.reimplementations.iter().any(|&(a, b)| {
                let other = match (a == c, b == c) {
                    (true, _) => b,
                    (_, true) => a,
                    _ => return false,
                };
                kept.iter().any(|&(k, _)| k == other) && (pairs.keeps)(other, c, t)
            })
        };
        out.extend(
            kept.iter()
                .filter(|(c, _)| settled(*c))
                .map(|&(c, role)| (c, t, role)),
        );
    }
    out
}
