//! Checking test files against problem-specifications' canonical data. Reads an exercise's
//! `.meta/tests.toml`, its test files (through the `source` stage's engine and
//! `queries/<lang>/literals.scm`) and `canonical-data.json`; writes the findings as text,
//! GitHub annotations or a JSON report (`--check-canonical`). Open `link` (the evidence and
//! how a case is linked to its tests) and `report` first; `exercise` finds and reads the
//! exercises, `changes` asks git which ones a change touched, `output` prints the findings.

pub mod changes;
pub mod data;
pub mod exercise;
pub mod link;
pub mod output;
pub mod report;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::error::Error;
use exercise::Unread;
use report::Report;

/// What became of one exercise: its report, or why it has none (with its directory, when it
/// had one).
pub type Checked = (Option<PathBuf>, Result<Report, Unread>);

/// Checks every exercise `exercise::find` gave, on every core, in the order given.
pub fn check_all(found: Vec<Result<PathBuf, Error>>, specs: &Path) -> Vec<Checked> {
    let dirs: Vec<Option<&PathBuf>> = found.iter().map(|f| f.as_ref().ok()).collect();
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut reports: Vec<(usize, Result<Report, Unread>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        match dirs.get(i) {
                            None => break,
                            Some(None) => continue,
                            Some(Some(dir)) => {
                                done.push((i, exercise::read(dir, specs).map(|e| Report::new(&e))))
                            }
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
    reports.sort_by_key(|(i, _)| *i);
    let mut reports = reports.into_iter().map(|(_, report)| report);
    found
        .into_iter()
        .map(|dir| match dir {
            Ok(dir) => (Some(dir), reports.next().expect("a report per directory")),
            Err(error) => (None, Err(Unread::Broken(error))),
        })
        .collect()
}
