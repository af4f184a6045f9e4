//! Findings a track has read and judged, recorded in one file it commits, as ESLint's bulk
//! suppressions are: `--suppress-all` records every failing finding of the exercises checked,
//! every later run reads the file and a recorded finding no longer fails the check, and a
//! record that no finding of a checked exercise matches any more is stale: a warning names it,
//! and `--prune-suppressions` drops it. So is a record of an exercise the folders checked no
//! longer hold (deleted or renamed), and a record whose finding is no kind a record can have
//! (a typo: it could never match). A record names the exercise by its slug and the case by its
//! uuid, so it holds whatever else changes in the exercise.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::canonical::emit::words;
use crate::canonical::finding::{Change, Finding, Kind, Subject};
use crate::error::Error;
use crate::files;

/// Where the records are when no `--suppressions-location` says: in the working directory,
/// the track's root in a workflow.
pub const DEFAULT_FILE: &str = "canonical-suppressions.json";

/// The most a suppressions file may hold: a record is some 200 bytes.
const LIMIT: files::Limit = files::Limit {
    what: "a suppressions file",
    bytes: 16 * 1024 * 1024,
};

/// The findings a record can name: those that fail the check.
pub const KINDS: [Kind; 2] = [Kind::Missing, Kind::ExcludedButTested];

/// The exercises a run speaks for: a record of another is left as it is.
#[derive(Debug, Default)]
pub struct Scope {
    /// The slugs of the exercises checked.
    pub checked: HashSet<String>,
    /// Where folders of exercises were given, the slug of every exercise they hold (checked or
    /// not): a record of an exercise none of them holds is of one deleted or renamed. `None`
    /// when only exercises were given: nothing tells then.
    pub present: Option<HashSet<String>>,
}

impl Scope {
    /// Whether the exercise `slug` is gone from the folders given.
    fn gone(&self, slug: &str) -> bool {
        self.present
            .as_ref()
            .is_some_and(|present| !present.contains(slug))
    }
}

/// Why a record no longer holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stale {
    /// Its exercise was checked, and no finding matched it.
    NoLongerOccurs,
    /// The folders given no longer hold its exercise: deleted or renamed.
    Gone,
    /// Its finding is no kind a record can have: it can never match.
    Invalid,
}
/// One finding read and judged.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The exercise's slug.
    pub exercise: String,
    /// The finding's kind, as the lines name it: `missing`, `excluded_but_tested`.
    pub finding: String,
    /// The case's whole uuid.
    pub uuid: String,
    /// The case as the finding shows it (its description and data), for a reader of the file.
    #[serde(default)]
    pub case: String,
    /// Why the finding is wrong or accepted, written by the maintainer; kept when the file is
    /// written again.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// The records of one file.
#[derive(Debug)]
pub struct Suppressions {
    pub path: PathBuf,
    pub records: Vec<Record>,
    /// The records a finding of this run matched.
    used: HashSet<usize>,
}

impl Suppressions {
    /// The records of the file at `path`; none when there is no file.
    pub fn read(path: &Path) -> Result<Suppressions, Error> {
        let records = if std::fs::symlink_metadata(path).is_ok() {
            serde_json::from_slice(&files::read(path, LIMIT)?).map_err(|e| {
                Error::in_file(
                    path,
                    format!(
                        "not a suppressions file ({e}): a JSON array of records, each with \
                         `exercise`, `finding` and `uuid`, and an optional `case` and `reason`"
                    ),
                )
            })?
        } else {
            Vec::new()
        };
        Ok(Suppressions {
            path: path.to_path_buf(),
            records,
            used: HashSet::new(),
        })
    }

    /// Marks each failing finding of the exercise `slug` that a record matches as recorded.
    pub fn apply(&mut self, slug: &str, findings: &mut [Finding]) {
        for finding in findings.iter_mut().filter(|f| f.kind().fails()) {
            let Subject::Case(uuid) = &finding.subject else {
                continue;
            };
            let matched = self.records.iter().position(|r| {
                r.exercise == slug && r.finding == finding.kind().name() && &r.uuid == uuid
            });
            if let Some(i) = matched {
                finding.recorded = true;
                self.used.insert(i);
                // A record written by hand without its case gets it when the file is written.
                if self.records[i].case.is_empty() {
                    self.records[i].case = words::cells(finding).0;
                }
            }
        }
    }

    /// The records that no longer hold, each with why: those of the exercises checked that no
    /// finding matched, those of exercises gone from the folders given, and those whose
    /// finding is no kind a record can have; in the file's order.
    pub fn stale(&self, scope: &Scope) -> Vec<(&Record, Stale)> {
        self.records
            .iter()
            .enumerate()
            .filter_map(|(i, r)| Some((r, self.why_stale(i, scope)?)))
            .collect()
    }

    fn why_stale(&self, i: usize, scope: &Scope) -> Option<Stale> {
        let record = &self.records[i];
        if !KINDS.iter().any(|kind| kind.name() == record.finding) {
            Some(Stale::Invalid)
        } else if self.used.contains(&i) {
            None
        } else if scope.checked.contains(&record.exercise) {
            Some(Stale::NoLongerOccurs)
        } else if scope.gone(&record.exercise) {
            Some(Stale::Gone)
        } else {
            None
        }
    }

    /// Records every failing finding of `findings` (exercise slug, its findings) not recorded
    /// yet, but those the change fixed, and marks them recorded.
    pub fn record(&mut self, findings: &mut [(String, Vec<Finding>)]) {
        for (slug, of_exercise) in findings.iter_mut() {
            for finding in of_exercise.iter_mut() {
                let Subject::Case(uuid) = &finding.subject else {
                    continue;
                };
                if !finding.kind().fails()
                    || finding.recorded
                    || finding.change == Some(Change::Fixed)
                {
                    continue;
                }
                self.records.push(Record {
                    exercise: slug.clone(),
                    finding: finding.kind().name().to_string(),
                    uuid: uuid.clone(),
                    case: words::cells(finding).0,
                    reason: String::new(),
                });
                self.used.insert(self.records.len() - 1);
                finding.recorded = true;
            }
        }
    }

    /// Drops the records that no longer hold (`stale`).
    pub fn prune(&mut self, scope: &Scope) {
        let keep: Vec<bool> = (0..self.records.len())
            .map(|i| self.why_stale(i, scope).is_none())
            .collect();
        let mut kept = Vec::new();
        let mut used = HashSet::new();
        for (i, record) in std::mem::take(&mut self.records).into_iter().enumerate() {
            if keep[i] {
                if self.used.contains(&i) {
                    used.insert(kept.len());
                }
                kept.push(record);
            }
        }
        self.records = kept;
        self.used = used;
    }

    /// Writes the records, sorted, to the file.
    pub fn write(&mut self) -> Result<(), Error> {
        let used: Vec<Record> = self.used.iter().map(|&i| self.records[i].clone()).collect();
        self.records.sort();
        self.records.dedup();
        self.used = self
            .records
            .iter()
            .enumerate()
            .filter(|(_, r)| used.contains(r))
            .map(|(i, _)| i)
            .collect();
        let text = files::pretty_json(&self.records);
        files::write(&self.path, text.as_bytes())
    }
}
