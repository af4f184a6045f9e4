//! A test misnamed: named after one case word for word, linked to others.

use super::{Evidence, named_after};
use crate::canonical::data::Case;

/// The case test `test` is named after, where the linking (`links`, by case) links it to
/// other cases and not to that one: a misnamed test. A test that kept the name of the case its
/// case reimplements (or is reimplemented by) is not misnamed.
pub fn misnamed(
    cases: &[Case],
    links: &[Vec<usize>],
    evidence: &[Vec<Evidence>],
    test: usize,
) -> Option<usize> {
    let named = named_after(evidence, test)?;
    if links[named].contains(&test) {
        return None;
    }
    let related = (0..cases.len())
        .filter(|&c| links[c].contains(&test))
        .any(|c| {
            cases[c].reimplements.as_deref() == Some(&cases[named].uuid)
                || cases[named].reimplements.as_deref() == Some(&cases[c].uuid)
        });
    (!related).then_some(named)
}
