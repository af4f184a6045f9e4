//! The `--report` file: one object per exercise (its schema is `report::Entry`, written out in
//! docs/check-canonical.md), the exercises checked first, then track-only ones, then those
//! that could not be checked.

use crate::canonical::check::CheckRun;
use crate::canonical::report::Entry;
use crate::files;

/// The whole run's report, as pretty JSON ending in a line break.
pub fn write(run: &CheckRun) -> String {
    let mut entries: Vec<&Entry> = run.entries.iter().collect();
    entries.sort_by_key(|entry| match entry {
        Entry::Checked(_) => 0,
        Entry::TrackOnly { .. } => 1,
        Entry::Unchecked { .. } => 2,
    });
    files::pretty_json(&entries)
}
