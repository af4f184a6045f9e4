//! Every constant of the linker, with why it has its value. The match weights themselves are
//! data, fitted to labelled links (`weights.tsv`); these are the few choices the fit does not
//! make: where a measure is cut into levels, and the thresholds that sort scores.

/// A share at or above this is whole: the test holds all of the case's data, in its order,
/// every value of it. (Shares are sums of floating-point weights, which may miss 1 by a
/// rounding error.)
pub(super) const WHOLE: f64 = 0.999;
/// Most of something: the level below whole. Three in four tells a test that leaves out one
/// value of four (an input its API defaults) from one that shares a value or two by chance.
pub(super) const MOST: f64 = 0.75;
/// Half of something: the level below most.
pub(super) const HALF: f64 = 0.5;
/// A little: the level below half. A quarter of a name's words is one word of four in common.
pub(super) const LITTLE: f64 = 0.25;

/// The least total weight of a case's data for it to tell the case from the other cases. A
/// value's weight is `ln(1 + cases / cases having it)`: 2.5 is two values each held by fewer
/// than a third of the cases, or one held by fewer than one case in eleven. Below it the data
/// is common (`[]`, `true`, `0`), and all of it in a test says little: a separate level.
pub(super) const DATA_ALONE: f64 = 2.5;
/// How many cases a test must hold as written to be a table of cases, whose name is no
/// case's: two, one test looping over two rows of data.
pub(super) const TABLE_CASES: usize = 2;

/// How much of the similarity that ranks tests for `Evidence::calls_apart` the data carries;
/// the name carries the rest (what a track tests a function through is read from the tests
/// most like each case).
pub(super) const DATA_WEIGHT: f64 = 0.65;
/// How much the fit of a test's values adds to that similarity: enough to break ties.
pub(super) const FIT_WEIGHT: f64 = 0.05;
/// The share of that similarity a test keeps that calls another property's function.
pub(super) const OTHER_PROPERTY: f64 = 0.5;
/// How much of a name's similarity is its words' order.
pub(super) const WORD_ORDER: f64 = 0.1;
/// The fewest words an expected text has for a test holding it line after line to be singing
/// it: a verse, not an answer many cases share ("Whoa, chill out!").
pub(super) const VERSE_WORDS: usize = 10;

/// The least share of an exercise's included cases with a link or a possible test, or of its
/// tests linked or pointed to, for its tests to follow the canonical data. Below it on both
/// counts the tests are the track's own (its own API and values, most of them like no case):
/// the absence of a link says nothing of whether a case is tested, and no case is reported
/// `missing` or `unconfirmed` one by one (see `Linking::own_tests`). Half: most of either
/// list explained by the other is a track following the canonical data.
pub(super) const FOLLOWED: f64 = 0.5;

/// A lead, in bits, of a test's best case over its next best that leaves no doubt which the
/// test is about: 256 to one.
pub(super) const CLEAR_LEAD: f64 = 8.0;
/// A lead that says which, with some doubt: eight to one.
pub(super) const LEAD_AHEAD: f64 = 3.0;
/// Scores this close are equal.
pub(super) const TIE: f64 = 1e-6;
/// The least score, in bits (log2 of the odds), of a link: the model finds the pair more
/// likely a link than not.
pub(super) const LINK: f64 = 0.0;
/// The least score of a possible link, reported for review (`unconfirmed`) when its case has
/// no link: odds of one in 64 that the pair is a link, where other pairs of a case with no
/// test of its own are below one in a thousand. A case and a test paired by their place in
/// the order alone need as much by the `rank` score (see `order::gaps`).
pub(super) const REVIEW: f64 = -6.0;
/// The least score, without the place in the file, of a link sure enough to anchor the order
/// of the cases around it: odds of 64 to one.
pub(super) const ANCHOR: f64 = 6.0;
