//! `--check-canonical`: which exercises are checked (every one given, those a change touched
//! with `--changed-since`, or those compared with themselves at a base with `--base`), the
//! records of the suppressions file, the findings printed, the report written and the exit
//! code.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::commands::{Outcome, warn};
use super::flags::Format;
use crate::canonical;
use crate::canonical::changes::{self, Compared};
use crate::canonical::emit::words::short;
use crate::canonical::emit::{self, ExerciseFindings, Tally};
use crate::canonical::exercise::{self, Unread};
use crate::canonical::finding::{Change, Finding};
use crate::canonical::report::{self, Report};
use crate::canonical::suppressions::{self, Scope, Stale, Suppressions};
use crate::error::Error;
use crate::files;

/// How `--check-canonical` runs and prints.
pub(super) struct CheckOptions {
    pub format: Format,
    pub verbose: bool,
    pub changed_since: Option<String>,
    /// `--base`: each changed exercise compared with itself there.
    pub base: Option<String>,
    pub report: Option<PathBuf>,
    /// The working directory: annotations name only files inside it.
    pub cwd: PathBuf,
    /// The suppressions file, and whether to record every failing finding in it
    /// (`--suppress-all`) and drop its stale records (`--prune-suppressions`).
    pub suppressions: PathBuf,
    pub suppress_all: bool,
    pub prune: bool,
}

/// What the check of one exercise gave: its report, or why it has none, and its findings.
struct Checked {
    dir: String,
    report: Result<Report, Unread>,
    findings: Vec<Finding>,
    /// Whether it was compared with the base (`--base`, where git could give it).
    compared: bool,
}

/// `--check-canonical`: every exercise is checked, whatever is wrong with another.
pub(super) fn check_canonical(
    dirs: &[PathBuf],
    specs: &Path,
    options: &CheckOptions,
) -> Result<Outcome, Error> {
    let mut suppressions = Suppressions::read(&options.suppressions)?;
    let found = exercise::find(dirs);
    // The exercises the folders given hold: a record of another is of one gone.
    let present = (!found.folders.is_empty()).then(|| {
        let held = found.exercises.iter().filter_map(|e| e.as_ref().ok());
        held.chain(&found.without_toml)
            .chain(&found.deprecated)
            .map(|dir| slug(&dir.display().to_string()))
            .collect::<HashSet<String>>()
    });
    let mut tally = Tally::default();
    let reference = options.base.as_ref().or(options.changed_since.as_ref());
    let mut since = reference.map(|reference| changes::Since::new(reference));
    let mut in_scope = |dirs: &[PathBuf]| match &mut since {
        None => dirs.len(),
        Some(since) => since
            .changed(dirs)
            .into_iter()
            .filter(|changed| *changed.as_ref().unwrap_or(&true))
            .count(),
    };
    tally.without_toml = in_scope(&found.without_toml);
    tally.deprecated = in_scope(&found.deprecated);
    let mut to_check = found.exercises;
    let mut to_judge = Vec::new();
    // What the check could not do as asked, said once: on stderr, or as annotations and in the
    // job summary.
    let mut warnings = Vec::new();
    if let (Some(base), Some(since)) = (&options.base, &mut since) {
        let (kept, judged, unchanged) =
            compared_only(to_check, &found.folders, since, &mut tally, &mut warnings);
        to_check = kept;
        if judged.is_empty() && !warnings.is_empty() {
            // Nothing was compared: the check is of the working tree alone.
            tally.whole = Some(base.clone());
        } else {
            tally.unchanged = Some((base.clone(), unchanged));
            tally.base = Some(base.clone());
        }
        to_judge = judged;
    } else if let (Some(reference), Some(since)) = (&options.changed_since, &mut since) {
        let (kept, unchanged, asked) = changed_only(to_check, reference, since, &mut warnings);
        to_check = kept;
        if asked == 0 && !warnings.is_empty() {
            // git told of no exercise: none was passed over as unchanged.
            tally.whole = Some(reference.clone());
        } else {
            tally.unchanged = Some((reference.clone(), unchanged));
        }
    }

    let mut outcomes: Vec<Checked> = Vec::new();
    for (exercise_dir, checked) in canonical::check_all(to_check, specs) {
        let dir = match (&exercise_dir, &checked) {
            (Some(dir), _) => dir.display().to_string(),
            (None, Err(unread)) => unread_error(unread).path_text(),
            (None, Ok(report)) => report.dir.clone(),
        };
        // Where git could not give the base, nothing was compared: the findings are the
        // working tree's, and fail or pass as a check without `--base` has them.
        let findings = findings_of(&dir, &checked);
        outcomes.push(Checked {
            dir,
            report: checked,
            findings,
            compared: false,
        });
    }
    for judged in canonical::judge_all(&to_judge, specs) {
        warnings.extend(judged.note);
        outcomes.push(Checked {
            dir: judged.dir.display().to_string(),
            report: judged.report,
            findings: judged.findings,
            compared: true,
        });
    }

    // The records of the suppressions file, of the exercises checked whole.
    let scope = Scope {
        checked: outcomes
            .iter()
            .filter(|o| o.report.is_ok())
            .map(|o| slug(&o.dir))
            .collect(),
        present,
    };
    for outcome in &mut outcomes {
        suppressions.apply(&slug(&outcome.dir), &mut outcome.findings);
    }
    if options.suppress_all {
        let mut by_exercise: Vec<(String, Vec<Finding>)> = outcomes
            .iter_mut()
            .map(|o| (slug(&o.dir), std::mem::take(&mut o.findings)))
            .collect();
        suppressions.record(&mut by_exercise);
        for (outcome, (_, findings)) in outcomes.iter_mut().zip(by_exercise) {
            outcome.findings = findings;
        }
    }
    if options.prune {
        suppressions.prune(&scope);
    }
    if options.suppress_all || options.prune {
        suppressions.write()?;
    }
    for line in stale_lines(&suppressions, &scope) {
        warn(&suppressions.path, &line);
    }

    let mut entries = Vec::new();
    let mut exercises = Vec::new();
    for outcome in outcomes {
        match outcome.report {
            Ok(mut report) => {
                tally.exercises += 1;
                tally.cases += report.cases.len();
                if let (Some(base), true) = (&options.base, outcome.compared) {
                    report.compared = Some(report::Compared::of(base, &outcome.findings));
                }
                entries.push(report::Entry::Checked(Box::new(report)));
            }
            Err(Unread::TrackOnly(notice)) => entries.push(report::Entry::TrackOnly {
                dir: outcome.dir.clone(),
                notice: notice.to_string(),
            }),
            Err(Unread::Broken(error)) => entries.push(report::Entry::Unchecked {
                dir: outcome.dir.clone(),
                error: error.to_string(),
            }),
        }
        exercises.push(ExerciseFindings {
            dir: outcome.dir,
            findings: outcome.findings,
        });
    }
    let run = emit::Run {
        exercises: &exercises,
        tally: &tally,
        warnings: &warnings,
    };
    for line in emit::errors(&run) {
        eprintln!("{line}");
    }
    let printed = match options.format {
        Format::Text => emit::text::write(&run, options.verbose),
        Format::Github => {
            let summary_written = match std::env::var_os("GITHUB_STEP_SUMMARY") {
                Some(path) if !path.is_empty() => {
                    append(Path::new(&path), &emit::markdown::write(&run))
                }
                _ => false,
            };
            emit::github::write(&run, &options.cwd, summary_written)
        }
    };
    for line in &printed.stderr {
        eprintln!("{line}");
    }
    for line in &printed.stdout {
        println!("{line}");
    }
    let findings = || exercises.iter().flat_map(|e| &e.findings);
    let fails = findings().any(Finding::fails);
    // Compared with a base, an exercise that could not be checked there either is the
    // change's to report, not to fail for.
    let broken =
        findings().any(|f| f.unchecked() && matches!(f.change, None | Some(Change::Introduced)));
    if let Some(path) = &options.report {
        files::write(path, emit::json::write(entries).as_bytes())?;
    }
    Ok(if broken {
        Outcome::Unchecked
    } else if fails {
        Outcome::Findings
    } else {
        Outcome::Done
    })
}

/// The warnings that name the records of `suppressions` that no longer hold: one for those
/// whose finding no longer occurs, one for those of exercises gone, one for each invalid
/// record; each says that `--prune-suppressions` drops them.
fn stale_lines(suppressions: &Suppressions, scope: &Scope) -> Vec<String> {
    let stale = suppressions.stale(scope);
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
        let what = match of.len() {
            1 => "1 recorded finding".to_string(),
            n => format!("{n} recorded findings"),
        };
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

/// The findings of one exercise checked at one revision.
fn findings_of(dir: &str, checked: &Result<Report, Unread>) -> Vec<Finding> {
    match checked {
        Ok(report) => report.findings(),
        Err(unread) => vec![Finding::unread(dir, unread)],
    }
}

fn unread_error(unread: &Unread) -> &Error {
    match unread {
        Unread::Broken(error) | Unread::TrackOnly(error) => error,
    }
}

/// The exercise's slug: the last name of its directory.
fn slug(dir: &str) -> String {
    Path::new(dir)
        .file_name()
        .map_or(String::new(), |name| name.to_string_lossy().into_owned())
}

/// The exercises to check at one revision, those to compare with the base, and how many
/// were unchanged.
type Scoped = (Vec<Result<PathBuf, Error>>, Vec<(PathBuf, Compared)>, usize);

/// Of `found`, the exercises to check whole (git could not compare them: a warning in
/// `warnings` says why, once), and those a change since `base` touched, each with its files at
/// the base; and how many had no change. New and deleted exercises are counted in `tally`.
fn compared_only(
    found: Vec<Result<PathBuf, Error>>,
    folders: &[PathBuf],
    since: &mut changes::Since,
    tally: &mut Tally,
    warnings: &mut Vec<String>,
) -> Scoped {
    let base = crate::canonical::git::abbreviated(since.reference()).to_string();
    let dirs: Vec<PathBuf> = found
        .iter()
        .filter_map(|f| f.as_ref().ok().cloned())
        .collect();
    let (compared, deleted) = since.compared(&dirs, folders);
    tally.deleted = deleted;
    let mut compared = compared.into_iter();
    let mut warned = HashSet::new();
    let (mut whole, mut judged, mut unchanged) = (Vec::new(), Vec::new(), 0);
    for entry in found {
        let Ok(dir) = entry else {
            whole.push(entry);
            continue;
        };
        match compared.next().expect("one answer per directory") {
            Ok(c) if !c.changed => unchanged += 1,
            Ok(c) => {
                tally.new += usize::from(c.base.is_none());
                judged.push((dir, c));
            }
            Err(why) => {
                if warned.insert(why.clone()) {
                    warnings.push(format!(
                        "--base {base}: {why}: nothing is compared, its exercises are checked \
                         whole and their findings fail as without --base"
                    ));
                }
                whole.push(Ok(dir));
            }
        }
    }
    (whole, judged, unchanged)
}

/// The exercises of `found` with a file changed since `reference`, how many had none, and of
/// how many git could tell; where git cannot tell (a warning in `warnings` says why, once),
/// the exercise is kept.
fn changed_only(
    found: Vec<Result<PathBuf, Error>>,
    reference: &str,
    since: &mut changes::Since,
    warnings: &mut Vec<String>,
) -> (Vec<Result<PathBuf, Error>>, usize, usize) {
    let dirs: Vec<PathBuf> = found
        .iter()
        .filter_map(|f| f.as_ref().ok().cloned())
        .collect();
    let mut changed = since.changed(&dirs).into_iter();
    let mut warned = HashSet::new();
    let (mut unchanged, mut asked) = (0, 0);
    let kept = found
        .into_iter()
        .filter(|f| {
            if f.is_err() {
                return true;
            }
            match changed.next().expect("one answer per directory") {
                Ok(changed) => {
                    asked += 1;
                    unchanged += usize::from(!changed);
                    changed
                }
                Err(why) => {
                    if warned.insert(why.clone()) {
                        warnings.push(format!(
                            "--changed-since {}: {why}: its exercises are all checked",
                            crate::canonical::git::abbreviated(reference)
                        ));
                    }
                    true
                }
            }
        })
        .collect();
    (kept, unchanged, asked)
}

/// Appends `text` to the file at `path` (the job summary), or warns that it could not.
fn append(path: &Path, text: &str) -> bool {
    use std::io::Write;
    let written = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .and_then(|mut file| file.write_all(text.as_bytes()));
    match written {
        Ok(()) => true,
        Err(e) => {
            let error = Error::io(path, "write the job summary", &e);
            warn(path, error.message_text());
            false
        }
    }
}
