//! The `--report` file: one object per exercise (its schema is `report::Entry`, written out in
//! docs/check-canonical.md), the exercises checked first, then track-only ones, then those
//! that could not be checked.

use crate::canonical::report::Entry;

/// The whole run's report, as pretty JSON ending in a line break.
pub fn write(mut entries: Vec<Entry>) -> String {
    entries.sort_by_key(|entry| match entry {
        Entry::Checked(_) => 0,
        Entry::TrackOnly { .. } => 1,
        Entry::Unchecked { .. } => 2,
    });
    pretty(&entries)
}

/// `value` as pretty JSON ending in a line break, as every JSON file the check writes is.
pub fn pretty(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).expect("in-memory JSON serializes") + "\n"
}
