//! The warnings about the suppressions file's records that no longer hold, said on stderr
//! whatever the output.

use super::words::short;
use crate::canonical::check::CheckRun;
use crate::canonical::finding::counted;
use crate::canonical::suppressions::{self, Stale};

/// The warnings that name the records of the suppressions file that no longer hold: one for those
/// whose finding no longer occurs, one for those of exercises gone, one for each invalid
/// record; each says that `--prune-suppressions` drops them.
pub fn stale(run: &CheckRun) -> Vec<String> {
    let stale = &run.stale;
    let drops = |n: usize| match n {
        1 => "--prune-suppressions drops it",
        _ => "--prune-suppressions drops them",
    };
    let named =
        |r: &suppressions::Record| format!("{} {} {}", r.exercise, r.finding, short(&r.uuid));
    let mut lines = Vec::new();
    for (why, says) in [
        (Stale::NoLongerOccurs, ["occurs", "occur"]),
        (Stale::Gone, ["is of an exercise", "are of exercises"]),
    ] {
        let of: Vec<String> = stale
            .iter()
            .filter(|(_, w)| *w == why)
            .map(|(r, _)| named(r))
            .collect();
        if of.is_empty() {
            continue;
        }
        let what = counted(of.len(), "recorded finding", "recorded findings");
        let says = says[usize::from(of.len() > 1)];
        let middle = match why {
            Stale::NoLongerOccurs => format!("no longer {says}"),
            _ => format!("{says} that no folder checked holds (deleted or renamed)"),
        };
        lines.push(format!(
            "{what} {middle}: {} ({})",
            of.join(", "),
            drops(of.len())
        ));
    }
    let kinds: Vec<&str> = suppressions::KINDS.iter().map(|k| k.name()).collect();
    for (record, _) in stale.iter().filter(|(_, w)| *w == Stale::Invalid) {
        lines.push(format!(
            "the record {} is invalid: its finding {:?} is none of {}, so it can never match \
             ({})",
            named(record),
            record.finding,
            kinds.join(", "),
            drops(1)
        ));
    }
    lines
}
