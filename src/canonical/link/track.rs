//! The track's own cases (`.meta/additional_tests.json`) linked to the tests the listed cases
//! left: linked apart, they cannot take a test from a listed case (a track case may repeat a
//! canonical one's data).

use super::link;
use crate::canonical::data::Case;
use crate::canonical::exercise::ExerciseTest;

/// What one of the track's own cases is linked to, as indices into the tests it was given.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TrackLink {
    pub tests: Vec<usize>,
    /// Where no test is linked to it, a test that may implement it, if any.
    pub possible: Option<usize>,
}

/// Links each of the track's own cases `track` to the tests `left`.
pub fn link_track_cases(track: &[Case], left: &[ExerciseTest]) -> Vec<TrackLink> {
    if track.is_empty() || left.is_empty() {
        return vec![TrackLink::default(); track.len()];
    }
    let linking = link(track, left, &vec![true; track.len()]);
    linking
        .links
        .into_iter()
        .zip(linking.possible)
        .map(|(tests, possible)| TrackLink {
            tests,
            possible: possible.and_then(|p| p.test()),
        })
        .collect()
}
