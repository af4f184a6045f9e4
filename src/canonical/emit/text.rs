//! The text output: the warnings on stderr; on stdout the findings that fail the check first,
//! one line each, then the others one line per exercise that counts them (each on its line
//! with `--verbose`), an exercise whose tests are the track's own on a line of its own first;
//! compared with a base, the findings the change introduced and those it fixed come one line
//! each before the preexisting ones are counted; the summary line last.

use super::words;
use super::{Emitted, summary_line};
use crate::canonical::check::CheckRun;
use crate::canonical::finding::{Change, Finding, Kind};
use crate::error::one_line;

/// The whole run as text; `verbose` lists each finding that does not fail the check.
pub fn write(run: &CheckRun, verbose: bool) -> Emitted {
    let stderr = run
        .warnings
        .iter()
        .map(|warning| one_line(&format!("warning: {}", words::warning(warning))).into_owned())
        .collect();
    let mut stdout = lines(run, verbose);
    stdout.push(one_line(&summary_line(run)).into_owned());
    Emitted { stdout, stderr }
}

/// The text output's lines (without the summary line): every finding that fails the check,
/// then each exercise's other findings, counted on one line or, `verbose`, one line each (an
/// `own_tests` finding on its own line first, the cases and tests it names left to `verbose`).
/// Errors are not among them: they go to stderr as they come.
fn lines(run: &CheckRun, verbose: bool) -> Vec<String> {
    let exercises = &run.exercises;
    let findings = || exercises.iter().flat_map(|e| &e.findings);
    let mut lines: Vec<String> = findings().filter(|f| f.fails()).map(line).collect();
    // What a change did, one line each: what it introduced, then what it fixed.
    for change in [Change::Introduced, Change::Fixed] {
        lines.extend(
            findings()
                .filter(|f| f.change == Some(change) && !f.fails() && !f.is_error())
                .map(line),
        );
    }
    for exercise in exercises {
        let mut others: Vec<&Finding> = exercise
            .findings
            .iter()
            .filter(|f| {
                !f.fails() && !f.is_error() && matches!(f.change, None | Some(Change::Preexisting))
            })
            .collect();
        // Tests of the track's own are said on a line of their own, the cases and tests it
        // concerns left to `--verbose`.
        if !verbose && let Some(own) = others.iter().find(|f| f.kind() == Kind::OwnTests) {
            let message = words::message(own);
            lines.push(line_saying(
                own,
                &format!("{message} (--verbose lists them)"),
            ));
            others.retain(|f| f.kind() != Kind::OwnTests);
        }
        let alone = others.len() == 1 && others[0].kind() == Kind::TrackOnly;
        if verbose || alone {
            lines.extend(others.iter().map(|f| line(f)));
            continue;
        }
        let mut kinds: Vec<Kind> = others.iter().map(|f| f.kind()).collect();
        kinds.dedup();
        if kinds.is_empty() {
            continue;
        }
        let counts: Vec<String> = kinds
            .iter()
            .map(|&kind| {
                let of_kind = || others.iter().filter(|f| f.kind() == kind);
                let recorded = of_kind().filter(|f| f.recorded).count();
                let count = kind.count(of_kind().count());
                match recorded {
                    0 => count,
                    n => format!("{count} ({n} recorded as read)"),
                }
            })
            .collect();
        let preexisting = match others[0].change {
            Some(change) => format!("{} ", change.name()),
            None => String::new(),
        };
        lines.push(format!(
            "{}: {preexisting}{} (--verbose lists them)",
            exercise.dir,
            counts.join(", ")
        ));
    }
    lines.iter().map(|l| one_line(l).into_owned()).collect()
}

/// A finding's line: `<dir>: <kind> …`.
fn line(finding: &Finding) -> String {
    line_saying(finding, &words::text(finding))
}

/// A finding's line saying `text` after `<dir>: <kind> ` (after `<dir>: <change> <kind> `
/// where the check compares with a base), ending `(recorded as read)` where the track has
/// recorded it.
fn line_saying(finding: &Finding, text: &str) -> String {
    let change = finding
        .change
        .map_or(String::new(), |change| format!("{} ", change.name()));
    let recorded = if finding.recorded {
        " (recorded as read)"
    } else {
        ""
    };
    format!(
        "{}: {change}{} {text}{recorded}",
        finding.dir,
        finding.kind().name()
    )
}
