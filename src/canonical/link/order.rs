//! Source order as an alignment: tracks write their tests in the order of the canonical
//! cases. The surest links anchor that order; a candidate test standing between the anchors of
//! its case's neighbours is in the case's place, one outside them is not (the `place`
//! comparison), and where a case and a test are both left unpaired between the same two
//! anchors, they are a likely pair.

use crate::canonical::data::{Case, index_by_uuid};
use std::collections::HashMap;

/// The cases in their places: canonical order, but for a case that reimplements another,
/// which stands just after that one (after the first of a chain of reimplementations, in the
/// chain's order): the track wrote its test in the old case's place.
pub(super) fn places(cases: &[Case]) -> Vec<usize> {
    let index = index_by_uuid(cases.iter().map(|c| c.uuid.as_str()));
    let older = |c: usize| {
        cases[c]
            .reimplements
            .as_deref()
            .and_then(|u| index.get(u).copied())
    };
    // The first case of `c`'s chain, and how far down the chain `c` is (a chain that loops
    // stops after as many steps as there are cases).
    let first = |c: usize| {
        let (mut first, mut depth) = (c, 0);
        while let Some(old) = older(first).filter(|_| depth < cases.len()) {
            (first, depth) = (old, depth + 1);
        }
        (first, depth)
    };
    let mut order: Vec<usize> = (0..cases.len()).collect();
    order.sort_by_key(|&c| first(c));
    order
}

/// The level of the `place` comparison of each pair: where test `t` stands against the
/// anchors (`anchors[case]`, tests) of the nearest cases before and after case `c` that have
/// any, in the order `places` gives. A test anchored to cases on both sides of `c` says
/// nothing of `c`'s place, and `t`'s own anchors do not frame it.
pub(super) fn place_levels(
    order: &[usize],
    anchors: &[Vec<usize>],
    pairs: &[(usize, usize)],
) -> Vec<&'static str> {
    let mut rank = vec![0; order.len()];
    for (i, &c) in order.iter().enumerate() {
        rank[c] = i;
    }
    let mut anchored: HashMap<usize, Vec<usize>> = HashMap::new();
    for (c, tests) in anchors.iter().enumerate() {
        for &t in tests {
            anchored.entry(t).or_default().push(rank[c]);
        }
    }
    pairs
        .iter()
        .map(|&(c, t)| {
            let r = rank[c];
            let spans = |u: &usize| {
                let ranks = &anchored[u];
                ranks.iter().any(|&b| b < r) && ranks.iter().any(|&b| b > r)
            };
            let usable = |b: &usize| -> Vec<isize> {
                anchors[*b]
                    .iter()
                    .copied()
                    .filter(|u| *u != t && !spans(u))
                    .map(|u| u as isize)
                    .collect()
            };
            // A side with no case at all is framed by the file's start or end; a side whose
            // cases have no anchors is not framed.
            let before = match order[..r].iter().rev().map(usable).find(|u| !u.is_empty()) {
                Some(tests) => tests.into_iter().min(),
                None if r == 0 => Some(-1),
                None => None,
            };
            let after = match order[r + 1..].iter().map(usable).find(|u| !u.is_empty()) {
                Some(tests) => tests.into_iter().max(),
                None if r + 1 == order.len() => Some(isize::MAX),
                None => None,
            };
            let t = t as isize;
            match (before, after) {
                (None, None) => "none",
                (Some(lo), Some(hi)) if lo < t && t < hi => "framed",
                (Some(lo), Some(hi)) if lo > hi => "inverted",
                (Some(_), Some(_)) => "outside",
                (lo, hi) if lo.is_none_or(|lo| lo < t) && hi.is_none_or(|hi| t < hi) => {
                    "half-framed"
                }
                _ => "outside",
            }
        })
        .collect()
}

/// Unpaired cases and tests between the same two linked cases, aligned in order: the pairs
/// of a monotone alignment of the gap's cases (in canonical order) with its tests (in file
/// order) that makes the most of `score` above `floor` (as a sequence alignment does), the
/// likely pairs where a track tests cases through its own API in their order. `links[case]`
/// are the linked tests; `unpaired_case` and `unpaired_test` say what is still free to pair.
pub(super) fn gaps(
    order: &[usize],
    links: &[Vec<usize>],
    unpaired_case: &dyn Fn(usize) -> bool,
    unpaired_test: &dyn Fn(usize) -> bool,
    score: &dyn Fn(usize, usize) -> f64,
    floor: f64,
    tests: usize,
) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let mut align = |cases: &[usize], from: usize, to: usize| {
        let cases: Vec<usize> = cases
            .iter()
            .copied()
            .filter(|&c| unpaired_case(c))
            .collect();
        let open: Vec<usize> = (from..to).filter(|&t| unpaired_test(t)).collect();
        pairs.extend(aligned(&cases, &open, &|c, t| score(c, t) - floor));
    };
    let (mut since, mut between) = (0, Vec::new());
    for &c in order {
        match (links[c].iter().min(), links[c].iter().max()) {
            (Some(&first), Some(&last)) => {
                align(&between, since, first);
                between.clear();
                since = since.max(last + 1);
            }
            _ => between.push(c),
        }
    }
    align(&between, since, tests);
    pairs
}

/// The monotone alignment of `cases` with `tests` (each in its order) whose pairs' `gain`s,
/// the positive ones alone, add up to the most.
fn aligned(
    cases: &[usize],
    tests: &[usize],
    gain: &dyn Fn(usize, usize) -> f64,
) -> Vec<(usize, usize)> {
    let (n, m) = (cases.len(), tests.len());
    // best[i][j]: the most of the first i cases with the first j tests.
    let mut best = vec![vec![0.0f64; m + 1]; n + 1];
    for i in 1..=n {
        for j in 1..=m {
            let g = gain(cases[i - 1], tests[j - 1]);
            let paired = if g > 0.0 { best[i - 1][j - 1] + g } else { 0.0 };
            best[i][j] = best[i - 1][j].max(best[i][j - 1]).max(paired);
        }
    }
    let mut pairs = Vec::new();
    let (mut i, mut j) = (n, m);
    while i > 0 && j > 0 {
        let g = gain(cases[i - 1], tests[j - 1]);
        if g > 0.0 && best[i][j] == best[i - 1][j - 1] + g {
            pairs.push((cases[i - 1], tests[j - 1]));
            (i, j) = (i - 1, j - 1);
        } else if best[i][j] == best[i - 1][j] {
            i -= 1;
        } else {
            j -= 1;
        }
    }
    pairs.reverse();
    pairs
}
