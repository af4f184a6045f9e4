//! The check's steps, in order: the scope (every exercise given, those a change touched with
//! `--changed-since`, or those compared with themselves at a base with `--base`); each
//! exercise checked, or compared with its base; the records of the suppressions file applied
//! (and written, with `--suppress-all` or `--prune-suppressions`); then the run's findings, its
//! tally, the report's entries and the exit code. Each finding is set here and nowhere after:
//! `emit` writes the run, `cli` only turns flags into `Options`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::canonical::changes::{self, AtBase};
use crate::canonical::exercise::{self, Unread};
use crate::canonical::finding::{Change, Finding, Warning};
use crate::canonical::report::{self, Entry, Report};
use crate::canonical::suppressions::{Record, Scope, Stale, Suppressions};
use crate::canonical::{check_all, judge_all};
use crate::error::Error;

/// How the check runs: its scope and what it does with the suppressions file.
pub struct Options {
    /// `--changed-since`: only the exercises a change since it touched.
    pub changed_since: Option<String>,
    /// `--base`: each changed exercise compared with itself there.
    pub base: Option<String>,
    /// The suppressions file, and whether to record every failing finding in it
    /// (`--suppress-all`) and drop its stale records (`--prune-suppressions`).
    pub suppressions: PathBuf,
    pub suppress_all: bool,
    pub prune: bool,
}

/// The findings of one exercise, or of a path that was no exercise.
pub struct ExerciseFindings {
    pub dir: String,
    pub findings: Vec<Finding>,
}

/// What the summary line counts, of the exercises in scope: those checked, and those of the
/// folders given that a change touched where the check was scoped to one.
#[derive(Debug, Default)]
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

/// What one run of the check found, as every output reads it.
#[derive(Default)]
pub struct CheckRun {
    pub exercises: Vec<ExerciseFindings>,
    pub tally: Tally,
    /// What the check could not do as asked, said once by each output.
    pub warnings: Vec<Warning>,
    /// The `--report`'s entries, one per exercise, in the order checked.
    pub entries: Vec<Entry>,
    /// The records of the suppressions file that no longer hold, and why.
    pub stale: Vec<(Record, Stale)>,
}

impl CheckRun {
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.exercises.iter().flat_map(|e| &e.findings)
    }

    /// Whether a finding fails the check (exit 1).
    pub fn fails(&self) -> bool {
        self.findings().any(Finding::fails)
    }

    /// Whether an exercise could not be checked (exit 2). Compared with a base, one that could
    /// not be checked there either is the change's to report, not to fail for.
    pub fn broken(&self) -> bool {
        self.findings()
            .any(|f| f.unchecked() && matches!(f.change, None | Some(Change::Introduced)))
    }
}

/// What the check of one exercise gave: its report, or why it has none, and its findings.
struct Checked {
    dir: String,
    report: Result<Report, Unread>,
    findings: Vec<Finding>,
    /// Whether it was compared with the base (`--base`, where git could give it).
    compared: bool,
}

/// Checks the exercises `dirs` hold against the canonical data of `specs`: every exercise is
/// checked, whatever is wrong with another. An error is of the suppressions file alone.
pub fn run(dirs: &[PathBuf], specs: &Path, options: &Options) -> Result<CheckRun, Error> {
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
    for (exercise_dir, checked) in check_all(to_check, specs) {
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
    for judged in judge_all(&to_judge, specs) {
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
    let stale = suppressions
        .stale(&scope)
        .into_iter()
        .map(|(record, why)| (record.clone(), why))
        .collect();

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
                entries.push(Entry::Checked(Box::new(report)));
            }
            Err(Unread::TrackOnly(notice)) => entries.push(Entry::TrackOnly {
                dir: outcome.dir.clone(),
                notice: notice.to_string(),
            }),
            Err(Unread::Broken(error)) => entries.push(Entry::Unchecked {
                dir: outcome.dir.clone(),
                error: error.to_string(),
            }),
        }
        exercises.push(ExerciseFindings {
            dir: outcome.dir,
            findings: outcome.findings,
        });
    }
    Ok(CheckRun {
        exercises,
        tally,
        warnings,
        entries,
        stale,
    })
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
type Scoped = (Vec<Result<PathBuf, Error>>, Vec<(PathBuf, AtBase)>, usize);

/// Of `found`, the exercises to check whole (git could not compare them: a warning in
/// `warnings` says why, once), and those a change since `base` touched, each with its files at
/// the base; and how many had no change. New and deleted exercises are counted in `tally`.
fn compared_only(
    found: Vec<Result<PathBuf, Error>>,
    folders: &[PathBuf],
    since: &mut changes::Since,
    tally: &mut Tally,
    warnings: &mut Vec<Warning>,
) -> Scoped {
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
                    warnings.push(Warning::NoBase {
                        base: since.reference().to_string(),
                        why,
                    });
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
    warnings: &mut Vec<Warning>,
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
                        warnings.push(Warning::NoChanges {
                            reference: reference.to_string(),
                            why,
                        });
                    }
                    true
                }
            }
        })
        .collect();
    (kept, unchanged, asked)
}
