//! How the check prints its findings. Text: the findings that fail the check first, one line
//! each, then the others one line per exercise that counts them (each on its line with
//! `--verbose`), an exercise whose tests are the track's own on a line of its own first;
//! compared with a base, the findings the change introduced and those it fixed come one line
//! each before the preexisting ones are counted. GitHub: annotations, those that fail the check
//! first, no more of each level than GitHub shows, none of what the change did not introduce,
//! and every finding in the job summary as Markdown. Both end with the summary line.

use std::path::{Component, Path, PathBuf};

use crate::canonical::git::abbreviated;
use crate::canonical::report::{Change, Finding, Kind, Level, command};
use crate::error::one_line;

/// The annotations of each level GitHub shows for one step; it drops the rest.
pub const ANNOTATIONS_PER_LEVEL: usize = 10;

/// The most Markdown GitHub takes into the job summary from one step.
pub const SUMMARY_BYTES: usize = 1024 * 1024;

/// The findings of one exercise, or of a path that was no exercise.
pub struct Exercise {
    pub dir: String,
    pub findings: Vec<Finding>,
}

/// What the summary line counts, of the exercises in scope: those checked, and those of the
/// folders given that a change touched where the check was scoped to one.
#[derive(Default)]
pub struct Tally {
    pub exercises: usize,
    pub cases: usize,
    pub without_toml: usize,
    pub deprecated: usize,
    /// With `--changed-since` or `--base`: the reference, and how many exercises had no
    /// change since it.
    pub unchanged: Option<(String, usize)>,
    /// With `--base`: the base, how many exercises are new since it, and how many were
    /// deleted.
    pub base: Option<String>,
    pub new: usize,
    pub deleted: usize,
    /// With `--base`, where git could not give it: the base named, nothing compared.
    pub whole: Option<String>,
}

/// The kinds of finding of an exercise that was checked, in the order the lines count them.
const COUNTED: [Kind; 9] = [
    Kind::Missing,
    Kind::ExcludedButTested,
    Kind::Unconfirmed,
    Kind::CheckByReading,
    Kind::MisnamedTest,
    Kind::ExtraTest,
    Kind::UnknownUuid,
    Kind::UnsyncedUuid,
    Kind::OwnTests,
];

/// `n` and the word for one or for several: `1 exercise`, `3 exercises`.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `checked 3 exercises (40 cases): 1 missing, …`; compared with a base, the findings the
/// change introduced, those it fixed and those that were there before, each kind counted
/// where there are some: `checked 1 exercise changed since origin/main (4 cases): introduced
/// 1 missing; fixed nothing; preexisting 2 extra tests; …`.
pub fn summary_line(tally: &Tally, exercises: &[Exercise]) -> String {
    let findings = || exercises.iter().flat_map(|e| &e.findings);
    let count = |kind: Kind| findings().filter(|f| f.kind == kind).count();
    let mut checked = format!(
        "checked {}",
        counted(tally.exercises, "exercise", "exercises")
    );
    if let Some(base) = &tally.whole {
        checked.push_str(&format!(" whole, not compared with {}", abbreviated(base)));
    }
    let cases = counted(tally.cases, "case", "cases");
    let unchecked = findings()
        .filter(|f| f.kind == Kind::Error && f.change != Some(Change::Fixed))
        .count();
    let mut scope = vec![
        format!("{unchecked} could not be checked"),
        counted(
            tally.without_toml,
            "has no tests.toml",
            "have no tests.toml",
        ),
        format!("{} deprecated", tally.deprecated),
        format!("{} track-only", count(Kind::TrackOnly)),
    ];
    let compared = tally.base.is_some();
    if compared {
        scope.insert(1, format!("{} new, {} deleted", tally.new, tally.deleted));
    } else if count(Kind::OwnTests) > 0 {
        // Said only where there are some, so that a line without any reads as before.
        scope.push(Kind::OwnTests.count(count(Kind::OwnTests)));
    }
    if let Some((reference, n)) = &tally.unchanged {
        scope.push(format!("{n} unchanged since {}", abbreviated(reference)));
    }
    let recorded = findings().filter(|f| f.recorded).count();
    if recorded > 0 {
        scope.push(format!("{recorded} recorded as read"));
    }
    if !compared {
        let kinds: Vec<String> = COUNTED[..8]
            .iter()
            .map(|&kind| match kind {
                Kind::MisnamedTest => format!("{} misnamed", count(kind)),
                kind => kind.count(count(kind)),
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
                findings()
                    .filter(|f| f.kind == kind && f.change.unwrap_or(Change::Introduced) == change)
                    .count()
            };
            let kinds: Vec<String> = COUNTED
                .iter()
                .filter(|&&kind| of(kind) > 0)
                .map(|&kind| kind.count(of(kind)))
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

/// The text output's lines (without the summary line): every finding that fails the check,
/// then each exercise's other findings, counted on one line or, `verbose`, one line each (an
/// `own_tests` finding on its own line first, the cases and tests it names left to `verbose`).
/// Errors are not among them: they go to stderr as they come.
pub fn text(exercises: &[Exercise], verbose: bool) -> Vec<String> {
    let findings = || exercises.iter().flat_map(|e| &e.findings);
    let mut lines: Vec<String> = findings()
        .filter(|f| f.fails())
        .map(Finding::line)
        .collect();
    // What a change did, one line each: what it introduced, then what it fixed.
    for change in [Change::Introduced, Change::Fixed] {
        lines.extend(
            findings()
                .filter(|f| f.change == Some(change) && !f.fails() && f.kind != Kind::Error)
                .map(Finding::line),
        );
    }
    for exercise in exercises {
        let mut others: Vec<&Finding> = exercise
            .findings
            .iter()
            .filter(|f| {
                !f.fails()
                    && f.kind != Kind::Error
                    && matches!(f.change, None | Some(Change::Preexisting))
            })
            .collect();
        // Tests of the track's own are said on a line of their own, the cases and tests it
        // concerns left to `--verbose`.
        if !verbose && let Some(own) = others.iter().find(|f| f.kind == Kind::OwnTests) {
            lines.push(own.line_saying(&format!("{} (--verbose lists them)", own.message)));
            others.retain(|f| f.kind != Kind::OwnTests);
        }
        let alone = others.len() == 1 && others[0].kind == Kind::TrackOnly;
        if verbose || alone {
            lines.extend(others.iter().map(|f| f.line()));
            continue;
        }
        let mut kinds: Vec<Kind> = others.iter().map(|f| f.kind).collect();
        kinds.dedup();
        if kinds.is_empty() {
            continue;
        }
        let counts: Vec<String> = kinds
            .iter()
            .map(|&kind| {
                let of_kind = || others.iter().filter(|f| f.kind == kind);
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

/// The GitHub Actions annotations, errors first, then warnings, then notices, each level cut
/// to what GitHub shows; a last plain line says how many were left out and where they are.
/// A file outside the working directory `cwd` is not named: GitHub could not show it.
/// `warnings`, what the check could not do as asked, come first, on the run.
pub fn annotations(
    exercises: &[Exercise],
    cwd: &Path,
    summary_written: bool,
    warnings: &[String],
) -> Vec<String> {
    let mut all: Vec<(Level, String)> = Vec::new();
    // A pull request is shown what it introduced, not what was there before nor what it fixed;
    // a finding recorded as read is in the job summary only.
    let shown = |f: &&Finding| matches!(f.change, None | Some(Change::Introduced)) && !f.recorded;
    for finding in exercises.iter().flat_map(|e| &e.findings).filter(shown) {
        for place in &finding.places {
            let file = inside(&place.file, cwd);
            let line = file.as_ref().and(place.line);
            // Not annotated on its file, the finding names it.
            let said = match &file {
                None if !place.file.is_empty() => format!("{}: {}", place.file, finding.message),
                _ => finding.message.clone(),
            };
            let message = match finding.kind {
                Kind::Error => format!("could not be checked: {said}"),
                kind => format!("{}{}: {said}", change_word(finding), kind.name()),
            };
            let level = finding.kind.level();
            all.push((level, command(level, file.as_deref(), line, &message)));
        }
    }
    // The check's own warnings first, within the warnings GitHub shows.
    let mut lines: Vec<String> = warnings
        .iter()
        .take(ANNOTATIONS_PER_LEVEL)
        .map(|w| one_line(&command(Level::Warning, None, None, w)).into_owned())
        .collect();
    let mut left_out = Vec::new();
    for level in Level::ALL {
        let of_level: Vec<&String> = all
            .iter()
            .filter(|(l, _)| *l == level)
            .map(|(_, c)| c)
            .collect();
        let room = match level {
            Level::Warning => ANNOTATIONS_PER_LEVEL.saturating_sub(warnings.len()),
            _ => ANNOTATIONS_PER_LEVEL,
        };
        lines.extend(of_level.iter().take(room).map(|c| one_line(c).into_owned()));
        if of_level.len() > room {
            left_out.push(format!("{} {}s", of_level.len() - room, level.name()));
        }
    }
    if !left_out.is_empty() {
        let where_ = if summary_written {
            "every finding is in the job summary"
        } else {
            "the text output (without --format github) or --report has every finding"
        };
        lines.push(format!(
            "{} more than GitHub shows ({ANNOTATIONS_PER_LEVEL} of each level a step) are not \
             annotated: {where_}",
            left_out.join(", ")
        ));
    }
    lines
}

/// `introduced ` before a finding's kind where the check compares with a base.
fn change_word(finding: &Finding) -> String {
    finding
        .change
        .map_or(String::new(), |change| format!("{} ", change.name()))
}

/// `file` as a path from the working directory `cwd`, if it is a file inside it: `..` that
/// leaves it, or an absolute path elsewhere, is not.
pub fn inside(file: &str, cwd: &Path) -> Option<String> {
    let path = Path::new(file);
    let path = if path.is_absolute() {
        path.strip_prefix(cwd).ok()?
    } else {
        path
    };
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => parts.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    let relative: PathBuf = parts.iter().collect();
    (!parts.is_empty()).then(|| relative.display().to_string())
}

/// The job summary: a heading, the summary line, and a table of each exercise's findings
/// (finding, case, test), those of exercises that fail first, within what GitHub takes of
/// one step. `warnings`, what the check could not do as asked, come before the summary line.
pub fn markdown(exercises: &[Exercise], summary: &str, warnings: &[String]) -> String {
    let mut out = "## Canonical cases\n\n".to_string();
    for warning in warnings {
        out.push_str(&format!("**Warning**: {}\n\n", escape(warning)));
    }
    out.push_str(&format!("{}\n", escape(summary)));
    // Exercises that fail the check or could not be checked first.
    let mut with_findings: Vec<&Exercise> = exercises
        .iter()
        .filter(|e| !e.findings.is_empty())
        .collect();
    with_findings.sort_by_key(|e| {
        !e.findings
            .iter()
            .any(|f| f.fails() || (f.kind == Kind::Error && f.change != Some(Change::Fixed)))
    });
    let compared = exercises
        .iter()
        .flat_map(|e| &e.findings)
        .any(|f| f.change.is_some());
    // Room for the note on what is left out.
    let room = SUMMARY_BYTES - 512;
    for (i, exercise) in with_findings.iter().enumerate() {
        let (head, rule) = match compared {
            true => ("| change | finding | case | test |", "|---|---|---|---|"),
            false => ("| finding | case | test |", "|---|---|---|"),
        };
        let mut table = format!("\n### {}\n\n{head}\n{rule}\n", escape(&exercise.dir));
        let mut rows: Vec<&Finding> = exercise.findings.iter().collect();
        rows.sort_by_key(|f| f.change);
        for finding in rows {
            let change = match (compared, finding.change) {
                (true, Some(change)) => format!("| {} ", change.name()),
                (true, None) => "| | ".to_string(),
                (false, _) => String::new(),
            };
            let recorded = if finding.recorded {
                " (recorded as read)"
            } else {
                ""
            };
            table.push_str(&format!(
                "{change}| {}{recorded} | {} | {} |\n",
                finding.kind.name(),
                escape(&finding.case),
                escape(&finding.test)
            ));
        }
        if out.len() + table.len() > room {
            out.push_str(&format!(
                "\nThe findings of {} more exercises are left out: GitHub takes at most 1 MiB of \
                 summary from a step. `--report` writes them all.\n",
                with_findings.len() - i
            ));
            break;
        }
        out.push_str(&table);
    }
    out
}

/// `text` as Markdown shows it literally within a line: each character that could start
/// emphasis, code, a link, an image, an HTML tag, an entity, math or a table cell escaped, and
/// control characters as `one_line` writes them.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in one_line(text).chars() {
        if "\\`*_[]<|~&$!".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_inside_the_working_directory_are_named() {
        let cwd = Path::new("/work/track");
        assert_eq!(
            inside("exercises/practice/bob/bob_test.py", cwd).as_deref(),
            Some("exercises/practice/bob/bob_test.py")
        );
        assert_eq!(
            inside("./exercises/../exercises/bob/x.py", cwd).as_deref(),
            Some("exercises/bob/x.py")
        );
        assert_eq!(
            inside("/work/track/exercises/bob/x.py", cwd).as_deref(),
            Some("exercises/bob/x.py")
        );
        assert_eq!(inside("../problem-specifications/x.json", cwd), None);
        assert_eq!(inside("/elsewhere/x.json", cwd), None);
        assert_eq!(inside("", cwd), None);
        assert_eq!(inside("a/..", cwd), None);
    }

    #[test]
    fn markdown_shows_what_a_name_holds_literally() {
        assert_eq!(
            escape("a | b <script> *x* `y` ![z](w) &amp; $x$ (ok)\nnext"),
            "a \\| b \\<script> \\*x\\* \\`y\\` \\!\\[z\\](w) \\&amp; \\$x\\$ (ok)\\\\nnext"
        );
    }
}
