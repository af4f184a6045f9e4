//! The outputs of the check, one file each, every one writing a whole run from the same
//! findings: `text` (lines, failing findings first), `github` (annotations within GitHub's
//! limits), `markdown` (the job summary) and `json` (the `--report` file). What they share is
//! here: a run's findings, the summary line and the errors said on stderr.

pub mod data;
pub mod github;
pub mod json;
pub mod markdown;
pub mod records;
pub mod text;
pub mod words;

use crate::canonical::check::CheckRun;
use crate::canonical::finding::{Change, Counted, KINDS, Kind, Row, counted};
use crate::canonical::git::abbreviated;
use crate::error::one_line;

/// The kinds the summary line counts among the kinds (not apart), in the table's order.
fn counted_kinds() -> impl Iterator<Item = &'static Row> {
    KINDS
        .iter()
        .filter(|row| !matches!(row.counted, Counted::Apart))
}

/// The lines said on stderr whatever the output: each exercise that could not be checked,
/// and each that could not be checked at the base.
pub fn errors(run: &CheckRun) -> Vec<String> {
    let mut lines = Vec::new();
    for finding in run.findings() {
        let Some(problem) = words::problem(finding) else {
            continue;
        };
        let line = format!("{}: {}", problem.file, problem.message);
        if finding.kind() == Kind::BaseUnchecked {
            // The base could not be checked: nothing to compare the working tree with.
            let line = format!(
                "warning: {line}: the exercise could not be checked at the base, so its \
                 findings are all taken as introduced"
            );
            lines.push(one_line(&line).into_owned());
        } else {
            lines.push(format!("error: {}", one_line(&line)));
        }
    }
    lines
}

/// `checked 3 exercises (40 cases): 1 missing, …`; compared with a base, the findings the
/// change introduced, those it fixed and those that were there before, each kind counted
/// where there are some: `checked 1 exercise changed since origin/main (4 cases): introduced
/// 1 missing; fixed nothing; preexisting 2 extra tests; …`.
pub fn summary_line(run: &CheckRun) -> String {
    let tally = &run.tally;
    let count = |kind: Kind| run.findings().filter(|f| f.kind() == kind).count();
    let mut checked = format!(
        "checked {}",
        counted(tally.exercises, "exercise", "exercises")
    );
    if let Some(base) = &tally.whole {
        checked.push_str(&format!(" whole, not compared with {}", abbreviated(base)));
    }
    let cases = counted(tally.cases, "case", "cases");
    let mut scope = vec![
        Kind::Unchecked.count(count(Kind::Unchecked)),
        counted(
            tally.without_toml,
            "has no tests.toml",
            "have no tests.toml",
        ),
        format!("{} deprecated", tally.deprecated),
        Kind::TrackOnly.count(count(Kind::TrackOnly)),
    ];
    let compared = tally.base.is_some();
    if compared {
        scope.insert(1, format!("{} new, {} deleted", tally.new, tally.deleted));
    } else {
        // Said only where there are some, so that a line without any reads as before.
        let some = counted_kinds().filter(|row| row.counted == Counted::WhereSome);
        for row in some.filter(|row| count(row.kind) > 0) {
            scope.push(row.kind.count(count(row.kind)));
        }
    }
    if let Some((reference, n)) = &tally.unchanged {
        scope.push(format!("{n} unchanged since {}", abbreviated(reference)));
    }
    let recorded = run.findings().filter(|f| f.recorded).count();
    if recorded > 0 {
        scope.push(format!("{recorded} recorded as read"));
    }
    if !compared {
        let kinds: Vec<String> = counted_kinds()
            .filter_map(|row| match row.counted {
                Counted::Always { short: Some(word) } => {
                    Some(format!("{} {word}", count(row.kind)))
                }
                Counted::Always { short: None } => Some(row.kind.count(count(row.kind))),
                _ => None,
            })
            .collect();
        return format!(
            "{checked} ({cases}): {}; {}",
            kinds.join(", "),
            scope.join(", ")
        );
    }
    let base = abbreviated(tally.base.as_deref().unwrap_or(""));
    let groups: Vec<String> = [Change::Introduced, Change::Fixed, Change::Preexisting]
        .iter()
        .map(|&change| {
            let of = |kind: Kind| {
                run.findings()
                    .filter(|f| {
                        f.kind() == kind && f.change.unwrap_or(Change::Introduced) == change
                    })
                    .count()
            };
            let kinds: Vec<String> = counted_kinds()
                .filter(|row| of(row.kind) > 0)
                .map(|row| row.kind.count(of(row.kind)))
                .collect();
            match kinds.is_empty() {
                true => format!("{} nothing", change.name()),
                false => format!("{} {}", change.name(), kinds.join(", ")),
            }
        })
        .collect();
    format!(
        "{checked} changed since {base} ({cases}): {}; {}",
        groups.join("; "),
        scope.join(", ")
    )
}

/// What an output prints: its lines on stdout and on stderr, each one line.
#[derive(Debug, Default, PartialEq)]
pub struct Emitted {
    pub stdout: Vec<String>,
    pub stderr: Vec<String>,
}
