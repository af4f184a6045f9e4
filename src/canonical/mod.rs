//! Checking test files against problem-specifications' canonical data. Reads an exercise's
//! `.meta/tests.toml`, its test files (through the `source` stage's engine and
//! `queries/<lang>/literals.scm`) and `canonical-data.json`; writes the findings as text,
//! GitHub annotations or a JSON report (`--check-canonical`). Open `check` (the check's steps,
//! in order), `link` (the evidence and how a case is linked to its tests) and `report` first;
//! `finding` is a finding as data, `exercise` finds and reads the exercises (from the working
//! tree, or from a commit through `tree` and `git`), `changes` asks git which ones a change
//! touched, `difference` judges a change by comparing an exercise with itself at the base,
//! `emit` writes the findings, one file per output.

pub mod changes;
pub mod check;
pub mod data;
pub mod difference;
pub mod emit;
pub mod exercise;
pub mod finding;
pub mod git;
pub mod link;
pub mod report;
pub mod suppressions;
pub mod tree;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::error::Error;
use changes::AtBase;
use difference::Side;
use exercise::Unread;
use finding::{Finding, Warning};
use report::Report;
use tree::Tree;

/// Checks every exercise `exercise::find` gave, on every core, in the order given: for each,
/// its report or why it has none, with its directory when it had one.
pub fn check_all(
    found: Vec<Result<PathBuf, Error>>,
    specs: &Path,
) -> Vec<(Option<PathBuf>, Result<Report, Unread>)> {
    let dirs: Vec<Option<&PathBuf>> = found.iter().map(|f| f.as_ref().ok()).collect();
    let reports = on_every_core(&dirs, |dir| {
        exercise::read(dir, specs).map(|e| Report::new(&e))
    });
    found
        .into_iter()
        .zip(reports)
        .map(|(dir, report)| match (dir, report) {
            (Ok(dir), Some(report)) => (Some(dir), report),
            (Ok(dir), None) => unreachable!("{} has a report", dir.display()),
            (Err(error), _) => (None, Err(Unread::Broken(error))),
        })
        .collect()
}

/// One exercise compared with the base: the working tree's report (its links followed from
/// the base), and every finding of the two, each told introduced, fixed or preexisting.
pub struct Judged {
    pub dir: PathBuf,
    pub report: Result<Report, Unread>,
    pub findings: Vec<Finding>,
    /// What a reader must know of how it was judged: an exercise renamed to a slug without
    /// canonical data is judged by its old slug's.
    pub note: Option<Warning>,
}

/// Checks each exercise of `dirs` in the working tree and at the base `compared` gives for it
/// (none: a new exercise, every finding introduced), on every core, in the order given.
pub fn judge_all(dirs: &[(PathBuf, AtBase)], specs: &Path) -> Vec<Judged> {
    let items: Vec<Option<&(PathBuf, AtBase)>> = dirs.iter().map(Some).collect();
    on_every_core(&items, |(dir, compared)| judge(dir, compared, specs))
        .into_iter()
        .map(|judged| judged.expect("a judgement per directory"))
        .collect()
}

fn judge(dir: &Path, compared: &AtBase, specs: &Path) -> Judged {
    let shown = dir.display().to_string();
    let mut head = exercise::read(dir, specs);
    let mut note = None;
    // Renamed to a slug without canonical data (`leap` to `leap-year`): git followed the
    // folder, so the old slug's data judges both sides, and the line says so.
    if let (Err(Unread::TrackOnly(_)), Some((_, folder))) = (&head, &compared.base) {
        let old = folder.rsplit('/').next().unwrap_or("");
        let new = dir.file_name().map(|n| n.to_string_lossy().into_owned());
        if new.as_deref() != Some(old) && exercise::has_data(specs, old) {
            head = tree::Tree::working_tree(dir)
                .map_err(Unread::Broken)
                .and_then(|tree| exercise::read_as(&tree, dir, specs, old));
            note = Some(Warning::JudgedAs {
                dir: shown.clone(),
                old: old.to_string(),
                new: new.unwrap_or_default(),
            });
        }
    }
    let base = compared.base.as_ref().map(|(snapshot, folder)| {
        let tree = Tree::Commit {
            snapshot,
            folder: folder.as_str(),
        };
        (exercise::read_in(&tree, dir, specs), snapshot.name.clone())
    });
    let findings_of = |read: &Result<Report, Unread>| match read {
        Ok(report) => report.findings(),
        Err(unread) => vec![Finding::unread(&shown, unread)],
    };
    match (head, base) {
        (Ok(now), Some((Ok(was), base_name))) => {
            let followed = difference::follow(&was.tests, &now.tests);
            let base_side = Side {
                exercise: &was,
                linking: report::linking(&was),
            };
            let head_side = Side {
                exercise: &now,
                linking: report::linking(&now),
            };
            let (linking, lost) = difference::carry(&base_side, head_side, &followed, &base_name);
            let report = Report::linked(&now, &linking, lost);
            let base_report = Report::linked(&was, &base_side.linking, Vec::new());
            let findings = difference::classify(
                base_report.findings(),
                report.findings(),
                &was.tests,
                &now.tests,
                &followed,
            );
            Judged {
                dir: dir.to_path_buf(),
                report: Ok(report),
                findings,
                note,
            }
        }
        (now, base) => {
            // Nothing to follow a test by: the findings of each side as they are.
            let report = now.map(|e| Report::new(&e));
            let base_findings = match base {
                Some((was, _)) => findings_of(&was.map(|e| Report::new(&e))),
                None => Vec::new(),
            };
            let findings = difference::classify(base_findings, findings_of(&report), &[], &[], &[]);
            Judged {
                dir: dir.to_path_buf(),
                report,
                findings,
                note,
            }
        }
    }
}

/// `work` of each item that is there, on every core, in the order given; `None` for the
/// others.
fn on_every_core<T: Sync, R: Send>(
    items: &[Option<&T>],
    work: impl Fn(&T) -> R + Sync,
) -> Vec<Option<R>> {
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        match items.get(i) {
                            None => break,
                            Some(None) => continue,
                            Some(Some(item)) => done.push((i, work(item))),
                        }
                    }
                    done
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a check does not panic"))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    for (i, result) in done {
        results[i] = Some(result);
    }
    results
}
