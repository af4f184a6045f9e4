//! The comparisons: each piece of evidence about a (case, test) pair read as one of a few
//! levels, as record linkage compares two records field by field. The weight of each level is
//! fitted to labelled links (`weights.tsv`); this module only says what the levels are.

use super::Evidence;
use super::constants::{CLEAR_LEAD, DATA_ALONE, HALF, LEAD_AHEAD, LITTLE, MOST, TIE, WHOLE};

/// One comparison and its levels, from the strongest agreement to the weakest.
pub struct Comparison {
    pub name: &'static str,
    pub levels: &'static [&'static str],
}

pub(super) const DATA: usize = 0;
pub(super) const ORDER: usize = 1;
pub(super) const FIT: usize = 2;
pub(super) const NAME: usize = 3;
pub(super) const FUNCTION: usize = 4;
pub(super) const INCLUDED: usize = 5;
pub(super) const PLACE: usize = 6;
pub(super) const LEAD: usize = 7;
pub(super) const ROLE: usize = 8;

/// The comparisons, in the order `Levels` holds them.
pub const COMPARISONS: [Comparison; 9] = [
    // How much of the case's data the test holds, and how: every value as the case writes
    // it and nothing else (exact), as written among other values, in most of its order,
    // loosely (another letter case, white space), in another order; of data too common to
    // tell cases apart (`-common`); or part of it, with all of its input (`+input`) or not.
    Comparison {
        name: "data",
        levels: &[
            "exact",
            "written",
            "in-order",
            "loose",
            "reordered",
            "exact-common",
            "written-common",
            "in-order-common",
            "loose-common",
            "reordered-common",
            "most+input",
            "most",
            "half+input",
            "half",
            "some+input",
            "some",
            "none",
        ],
    },
    // Of a case the test holds part of, two values at least: whether it holds them in the
    // case's order (`turn_right` from `:north` to `:east` is "north to east", not "east to
    // north").
    Comparison {
        name: "order",
        levels: &["in-order", "out-of-order", "-"],
    },
    // Of a case the test holds part of: the share of the test's values that are the case's
    // (a test of this case, or one that shares a value or two with it). Of a case it holds
    // all of, the data level says whether the test is exactly the case.
    Comparison {
        name: "fit",
        levels: &["all", "most", "half", "little", "none", "-"],
    },
    // The test's name against the case's description: the description word for word, or
    // how many words the two share; a table of cases is named after none of them, and a
    // name like no case at all (`test_1`, `case 17`) says nothing of which it is about.
    Comparison {
        name: "name",
        levels: &[
            "word-for-word",
            "close",
            "half",
            "some",
            "unlike",
            "table",
            "like-no-case",
        ],
    },
    // The functions the test calls against the case's property: this case's own, where other
    // properties' functions are called too; another case's function and not this one's; or
    // none of those the track tests this property through.
    Comparison {
        name: "function",
        levels: &["-", "own", "other", "apart"],
    },
    // Whether tests.toml includes the case: an excluded case is tested less often.
    Comparison {
        name: "included",
        levels: &["yes", "no"],
    },
    // The test's place in the file against the case's place in canonical order: between the
    // tests of the nearest anchored cases before and after it (framed), beside one of them
    // only (half-framed), where they stand in the other order themselves (inverted), with no
    // anchor around (none), or outside them.
    Comparison {
        name: "place",
        levels: &["framed", "half-framed", "inverted", "none", "outside"],
    },
    // How far the candidate leads the best case its test is no candidate of, by the `rank`
    // score: far ahead (clear), ahead, just ahead (close), or not at all (tied: twins of
    // the same values left to the name). Read of the candidates alone.
    Comparison {
        name: "lead",
        levels: &["clear", "ahead", "close", "tied", "-"],
    },
    // Why the case is a candidate of the test (see `assign::Candidacy`): the case the test
    // explains most, one more it holds as written, one it is named after whose values explain
    // more of the test, or one it is named after whose values the better candidates explain
    // already. Read of the candidates alone.
    Comparison {
        name: "role",
        levels: &["best", "explains-more", "named", "named-other-data", "-"],
    },
];

/// A pair's level on each comparison, as an index into that comparison's levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levels(pub [u8; COMPARISONS.len()]);

impl Levels {
    /// The level names, comparison by comparison.
    pub fn names(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        COMPARISONS
            .iter()
            .zip(self.0)
            .map(|(comparison, level)| (comparison.name, comparison.levels[level as usize]))
    }

    fn set(&mut self, comparison: usize, name: &str) {
        let levels = COMPARISONS[comparison].levels;
        let index = levels.iter().position(|l| *l == name);
        self.0[comparison] = index.expect("a level of the comparison") as u8;
    }

    /// This candidate's place in the file (see `order`), its lead over the best case its test
    /// is no candidate of, in bits, and why it is a candidate (see `assign::Candidacy`).
    pub(super) fn placed(mut self, place: &str, lead: f64, role: &str) -> Levels {
        self.set(PLACE, place);
        self.set(ROLE, role);
        let lead = match lead {
            l if l >= CLEAR_LEAD => "clear",
            l if l >= LEAD_AHEAD => "ahead",
            l if l > TIE => "close",
            _ => "tied",
        };
        self.set(LEAD, lead);
        self
    }
}

/// What reads a pair beyond its own evidence.
pub(super) struct Surroundings {
    /// The total weight of the case's data (see `DATA_ALONE`).
    pub case_weight: f64,
    /// The case has input values.
    pub has_input: bool,
    pub included: bool,
    /// The test holds, as written, the data of `TABLE_CASES` cases at least.
    pub table: bool,
    /// The test's name is half like some case of the exercise, at least.
    pub named_like_a_case: bool,
}

/// The levels of one pair, its place not yet known (`none`).
pub(super) fn levels(e: &Evidence, context: &Surroundings) -> Levels {
    let mut levels = Levels([0; COMPARISONS.len()]);
    let whole = e.data >= WHOLE;
    levels.set(DATA, &data(e, context));
    let order = match e.held_order {
        Some(order) if !whole => ["out-of-order", "in-order"][usize::from(order >= WHOLE)],
        _ => "-",
    };
    levels.set(ORDER, order);
    let fit = if whole {
        "-"
    } else {
        graded(
            e.fit,
            ["all", "most", "half", "little", "none"],
            Floor::AnyShare,
        )
    };
    levels.set(FIT, fit);
    let name = if e.named_after {
        "word-for-word"
    } else if context.table && whole {
        "table"
    } else if !context.named_like_a_case {
        "like-no-case"
    } else {
        graded(
            e.name,
            ["close", "close", "half", "some", "unlike"],
            Floor::Quarter,
        )
    };
    levels.set(NAME, name);
    let function = if e.calls_apart {
        "apart"
    } else if e.calls_other {
        "other"
    } else if e.calls_own {
        "own"
    } else {
        "-"
    };
    levels.set(FUNCTION, function);
    levels.set(INCLUDED, if context.included { "yes" } else { "no" });
    levels.set(PLACE, "none");
    levels.set(LEAD, "-");
    levels.set(ROLE, "-");
    levels
}

/// The level of the data the test holds.
fn data(e: &Evidence, context: &Surroundings) -> String {
    if e.data >= WHOLE {
        let how = if e.loosely {
            "loose"
        } else if e.member_order >= WHOLE && e.fit >= WHOLE {
            "exact"
        } else if e.member_order >= WHOLE {
            "written"
        } else if e.member_order >= MOST {
            "in-order"
        } else {
            "reordered"
        };
        return if context.case_weight >= DATA_ALONE {
            how.to_string()
        } else {
            format!("{how}-common")
        };
    }
    let part = graded(
        e.data,
        ["most", "most", "half", "some", "none"],
        Floor::AnyShare,
    );
    if part != "none" && context.has_input && e.input_share >= WHOLE {
        format!("{part}+input")
    } else {
        part.to_string()
    }
}

/// The level of a share: whole, most, half, a little (anything above nothing, or at least
/// `LITTLE` where `some` is a quarter), or nothing.
fn graded(share: f64, names: [&'static str; 5], floor: Floor) -> &'static str {
    let little = match floor {
        Floor::AnyShare => share > 0.0,
        Floor::Quarter => share >= LITTLE,
    };
    match share {
        s if s >= WHOLE => names[0],
        s if s >= MOST => names[1],
        s if s >= HALF => names[2],
        _ if little => names[3],
        _ => names[4],
    }
}

/// Where the level of a little starts.
#[derive(Clone, Copy)]
enum Floor {
    /// Any share above nothing: one value of the case's data tells something.
    AnyShare,
    /// A quarter: one word of a name of four is chance.
    Quarter,
}
