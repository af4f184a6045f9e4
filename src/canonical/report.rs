//! The linking of one exercise as `--report` writes it (its schema is written out in
//! docs/check-canonical.md), and its findings as data (`Report::findings`); `emit` writes
//! them.

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use crate::canonical::data::{Case, index_by_uuid};
use crate::canonical::exercise::{Exercise, ExerciseTest};
use crate::canonical::finding::{
    CaseData, CaseRef, Change, Detail, Finding, Lost, Subject, TestRef,
};
use crate::canonical::link::{Linking, Possible, link, link_track_cases, misnamed};

#[derive(Debug, Serialize)]
pub struct CaseReport {
    pub uuid: String,
    pub description: String,
    pub property: String,
    pub include: bool,
    pub reimplements: Option<String>,
    pub tests: Vec<TestRef>,
}

/// A case without a link and the test a reader should look at: one that may implement it
/// (`unconfirmed`), or, for a case that states a check, the test most like it
/// (`check_by_reading`; no test where the exercise has none).
#[derive(Debug, Serialize, Clone, PartialEq)]
pub struct PossibleRef {
    pub uuid: String,
    pub file: Option<String>,
    pub line: Option<usize>,
    pub name: Option<String>,
}

impl PossibleRef {
    /// The test it points to, if any.
    pub fn test(&self) -> Option<TestRef> {
        match (&self.file, self.line, &self.name) {
            (Some(file), Some(line), Some(name)) => Some(TestRef {
                file: file.clone(),
                line,
                name: name.clone(),
            }),
            _ => None,
        }
    }
}

#[derive(Debug, Serialize)]
pub struct Misnamed {
    pub file: String,
    pub line: usize,
    pub name: String,
    pub implements: Vec<String>,
    pub named_after: String,
}

/// A case of the track's own (`.meta/additional_tests.json`) that tests.toml does not list,
/// and the tests linked to it: they are the track's, not extra tests.
#[derive(Debug, Serialize)]
pub struct TrackCaseReport {
    /// None for a case without a uuid, as most are.
    pub uuid: Option<String>,
    pub description: String,
    pub property: String,
    pub tests: Vec<TestRef>,
    /// Where no test is linked to it, a test that may implement it (as an `unconfirmed`
    /// case's), if any: not an extra test either.
    pub possible: Option<TestRef>,
}

/// An exercise whose tests are the track's own, not the canonical data's: fewer than half of
/// its included cases have a linked or possible test, and fewer than half of its tests are
/// linked or pointed to (`Linking::own_tests`). Its
/// unlinked cases and tests are listed here instead of as `missing`, `unconfirmed` and extra
/// tests: any of those tests may implement any of those cases, through the track's own API
/// and values, and only a reader can tell.
#[derive(Debug, Serialize, Clone, PartialEq)]
pub struct OwnTests {
    /// The included cases, and those with a linked test.
    pub cases: usize,
    pub cases_linked: usize,
    /// The tests, and those linked to a case.
    pub tests: usize,
    pub tests_linked: usize,
    /// The included cases without a linked test (uuids, in canonical order), but those
    /// stating a check, which stay `check_by_reading` findings, and those that lost the test
    /// a base linked them to, which stay `missing`.
    pub unlinked_cases: Vec<String>,
    /// The tests linked to no case (in file order), but those a `check_by_reading` finding
    /// names: `tests_linked` and these may count fewer than `tests`.
    pub unlinked_tests: Vec<TestRef>,
}

/// The whole linking of one exercise.
#[derive(Debug, Default, Serialize)]
pub struct Report {
    pub slug: String,
    pub dir: String,
    pub test_files: Vec<String>,
    pub cases: Vec<CaseReport>,
    pub track_cases: Vec<TrackCaseReport>,
    pub missing: Vec<String>,
    pub excluded_but_tested: Vec<String>,
    pub unconfirmed: Vec<PossibleRef>,
    pub check_by_reading: Vec<PossibleRef>,
    pub extra_tests: Vec<TestRef>,
    pub unknown_uuids: Vec<String>,
    pub unsynced_uuids: Vec<String>,
    pub misnamed_tests: Vec<Misnamed>,
    /// Set where the tests are the track's own (then `unconfirmed` and `extra_tests` are
    /// empty, and `missing` holds only the cases in `lost`: their cases and tests are listed
    /// here); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub own_tests: Option<OwnTests>,
    /// Compared with a base (`--base`): the cases linked there whose test is gone or no
    /// longer holds their data; absent otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lost: Vec<Lost>,
    /// Compared with a base (`--base`): each finding told introduced, fixed or preexisting;
    /// absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compared: Option<Compared>,
    /// What the findings need that the JSON does not carry, by uuid: each listed case's
    /// tests.toml line, the data of those without a link, and the description of each
    /// unsynced case.
    #[serde(skip)]
    notes: HashMap<String, CaseNote>,
}

/// An exercise's findings compared with the base.
#[derive(Debug, Default, Serialize)]
pub struct Compared {
    /// The base, as the user named it (`origin/main`).
    pub base: String,
    pub introduced: Vec<FindingRef>,
    pub fixed: Vec<FindingRef>,
    pub preexisting: Vec<FindingRef>,
}

/// A finding, by what it is about.
#[derive(Debug, Serialize)]
pub struct FindingRef {
    /// Its kind, as the lines name it (`missing`).
    pub finding: &'static str,
    /// The case's uuid, for a finding about a case.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uuid: Option<String>,
    /// The test's file and line (at the base, for a fixed finding), for a finding about a test.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Whether the track has recorded it as read (its suppressions file).
    pub recorded: bool,
}

impl Compared {
    /// `findings`, told apart by how each came to be.
    pub fn of(base: &str, findings: &[Finding]) -> Compared {
        let refs = |change: Change| -> Vec<FindingRef> {
            findings
                .iter()
                .filter(|f| f.change == Some(change))
                .map(|f| {
                    let (uuid, file, line) = match &f.subject {
                        Subject::Case(uuid) => (Some(uuid.clone()), None, None),
                        Subject::Test { file, line } => (None, Some(file.clone()), Some(*line)),
                        Subject::Exercise => (None, None, None),
                    };
                    FindingRef {
                        finding: f.kind().name(),
                        uuid,
                        file,
                        line,
                        recorded: f.recorded,
                    }
                })
                .collect()
        };
        Compared {
            base: base.to_string(),
            introduced: refs(Change::Introduced),
            fixed: refs(Change::Fixed),
            preexisting: refs(Change::Preexisting),
        }
    }
}

/// The linking of an exercise's cases (those tests.toml lists, in canonical order:
/// `Exercise::listed`) to its tests.
pub fn linking(exercise: &Exercise) -> Linking {
    let known = exercise.listed();
    let cases: Vec<Case> = known.iter().map(|(case, _)| (*case).clone()).collect();
    let included: Vec<bool> = known.iter().map(|(_, entry)| entry.include).collect();
    link(&cases, &exercise.tests, &included)
}

#[derive(Debug, Default)]
struct CaseNote {
    toml_line: Option<usize>,
    data: Option<CaseData>,
    description: String,
}

impl Report {
    /// Links the exercise's cases to its tests and collects the findings.
    pub fn new(exercise: &Exercise) -> Report {
        Report::linked(exercise, &linking(exercise), Vec::new())
    }

    /// The findings of `linking`, the exercise's (as `linking` gives it, or followed from a
    /// base); `lost` are the cases linked at the base whose test is lost.
    pub fn linked(exercise: &Exercise, linking: &Linking, lost: Vec<Lost>) -> Report {
        let canonical = index_by_uuid(exercise.cases.iter().map(|c| c.uuid.as_str()));
        let listed: HashSet<&str> = exercise.entries.iter().map(|e| e.uuid.as_str()).collect();
        // The cases tests.toml lists, in canonical order; only they compete for the tests.
        let known = exercise.listed();
        let cases: Vec<Case> = known.iter().map(|(case, _)| (*case).clone()).collect();
        let (links, evidence) = (&linking.links, &linking.evidence);
        let test_ref = TestRef::of;

        let mut report = Report {
            slug: exercise.slug.clone(),
            dir: exercise.dir.display().to_string(),
            test_files: exercise.test_files.clone(),
            cases: Vec::new(),
            track_cases: Vec::new(),
            missing: Vec::new(),
            excluded_but_tested: Vec::new(),
            unconfirmed: Vec::new(),
            check_by_reading: Vec::new(),
            extra_tests: Vec::new(),
            unknown_uuids: Vec::new(),
            unsynced_uuids: Vec::new(),
            misnamed_tests: Vec::new(),
            own_tests: None,
            lost,
            compared: None,
            notes: HashMap::new(),
        };
        for (i, (case, entry)) in known.iter().enumerate() {
            let tests: Vec<TestRef> = links[i]
                .iter()
                .map(|&t| test_ref(&exercise.tests[t]))
                .collect();
            let possible_ref = |test: Option<usize>| {
                let test = test.map(|t| &exercise.tests[t]);
                PossibleRef {
                    uuid: case.uuid.clone(),
                    file: test.map(|t| t.file.clone()),
                    line: test.map(|t| t.line),
                    name: test.map(|t| t.shown().to_string()),
                }
            };
            match (entry.include, tests.is_empty(), linking.possible[i]) {
                (true, true, Some(Possible::Unconfirmed(t))) => {
                    report.unconfirmed.push(possible_ref(Some(t)))
                }
                (true, true, Some(Possible::CheckByReading(t))) => {
                    report.check_by_reading.push(possible_ref(t))
                }
                (true, true, None) => report.missing.push(case.uuid.clone()),
                (false, false, _) => report.excluded_but_tested.push(case.uuid.clone()),
                _ => {}
            }
            // Its data, for a case the outputs show without a link.
            let shown = entry.include && tests.is_empty();
            report.notes.insert(
                case.uuid.clone(),
                CaseNote {
                    toml_line: Some(entry.line),
                    data: shown.then(|| CaseData {
                        property: case.property.clone(),
                        input: case.input.clone(),
                        expected: case.expected.clone(),
                    }),
                    description: case.description.clone(),
                },
            );
            report.cases.push(CaseReport {
                uuid: case.uuid.clone(),
                description: case.description.clone(),
                property: case.property.clone(),
                include: entry.include,
                reimplements: case.reimplements.clone(),
                tests,
            });
        }
        for entry in &exercise.entries {
            if !canonical.contains_key(entry.uuid.as_str()) {
                report.unknown_uuids.push(entry.uuid.clone());
                report.notes.insert(
                    entry.uuid.clone(),
                    CaseNote {
                        toml_line: Some(entry.line),
                        data: None,
                        description: entry.description.clone(),
                    },
                );
                report.cases.push(CaseReport {
                    uuid: entry.uuid.clone(),
                    description: entry.description.clone(),
                    property: String::new(),
                    include: entry.include,
                    reimplements: entry.reimplements.clone(),
                    tests: Vec::new(),
                });
            }
        }
        for case in exercise
            .cases
            .iter()
            .filter(|c| !listed.contains(c.uuid.as_str()))
        {
            report.unsynced_uuids.push(case.uuid.clone());
            report.notes.insert(
                case.uuid.clone(),
                CaseNote {
                    description: case.description.clone(),
                    ..CaseNote::default()
                },
            );
        }
        let mut unlinked = Vec::new();
        for (t, test) in exercise.tests.iter().enumerate() {
            let implements: Vec<String> = (0..cases.len())
                .filter(|&c| links[c].contains(&t))
                .map(|c| cases[c].uuid.clone())
                .collect();
            let named =
                |p: &PossibleRef| p.file.as_ref() == Some(&test.file) && p.line == Some(test.line);
            let possible = report
                .unconfirmed
                .iter()
                .chain(&report.check_by_reading)
                .any(named);
            if implements.is_empty() {
                if !possible {
                    unlinked.push(t);
                }
                continue;
            }
            if let Some(named) = misnamed(&cases, links, evidence, t) {
                report.misnamed_tests.push(Misnamed {
                    file: test.file.clone(),
                    line: test.line,
                    name: test.shown().to_string(),
                    implements,
                    named_after: cases[named].uuid.clone(),
                });
            }
        }
        // The track's own cases take what the listed cases left.
        let left: Vec<ExerciseTest> = unlinked
            .iter()
            .map(|&t| exercise.tests[t].clone())
            .collect();
        let track = &exercise.track_cases;
        let mut taken = HashSet::new();
        for (case, linked) in track.iter().zip(link_track_cases(track, &left)) {
            taken.extend(linked.tests.iter().chain(&linked.possible).copied());
            report.track_cases.push(TrackCaseReport {
                uuid: Some(case.uuid.clone()).filter(|uuid| !uuid.is_empty()),
                description: case.description.clone(),
                property: case.property.clone(),
                tests: linked.tests.iter().map(|&t| test_ref(&left[t])).collect(),
                possible: linked.possible.map(|t| test_ref(&left[t])),
            });
        }
        for (i, &t) in unlinked.iter().enumerate() {
            if !taken.contains(&i) {
                report.extra_tests.push(test_ref(&exercise.tests[t]));
            }
        }
        if linking.own_tests {
            report.own_tests = Some(report.own(exercise.tests.len()));
        }
        report
    }

    /// The tests are the track's own: the unlinked cases and tests move from `missing`,
    /// `unconfirmed` and `extra_tests` into one finding. A case that lost the test a base
    /// linked it to stays `missing`: that is no absence of evidence but a test gone, whoever
    /// wrote the tests.
    fn own(&mut self, tests: usize) -> OwnTests {
        let possible: Vec<PossibleRef> = std::mem::take(&mut self.unconfirmed);
        let lost: HashSet<&str> = self.lost.iter().map(|l| l.uuid.as_str()).collect();
        let (kept, missing): (Vec<String>, Vec<String>) = std::mem::take(&mut self.missing)
            .into_iter()
            .partition(|uuid| lost.contains(uuid.as_str()));
        self.missing = kept;
        let unlinked_cases = self
            .cases
            .iter()
            .map(|c| &c.uuid)
            .filter(|uuid| missing.contains(uuid) || possible.iter().any(|p| &p.uuid == *uuid))
            .cloned()
            .collect();
        let mut unlinked_tests = std::mem::take(&mut self.extra_tests);
        for p in &possible {
            if let (Some(file), Some(line), Some(name)) = (&p.file, p.line, &p.name) {
                let test = TestRef {
                    file: file.clone(),
                    line,
                    name: name.clone(),
                };
                if !unlinked_tests.contains(&test) {
                    unlinked_tests.push(test);
                }
            }
        }
        unlinked_tests.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
        let linked: HashSet<(&str, usize)> = self
            .cases
            .iter()
            .flat_map(|c| &c.tests)
            .map(|t| (t.file.as_str(), t.line))
            .collect();
        OwnTests {
            cases: self
                .cases
                .iter()
                .filter(|c| c.include && !self.unknown_uuids.contains(&c.uuid))
                .count(),
            cases_linked: self
                .cases
                .iter()
                .filter(|c| c.include && !c.tests.is_empty())
                .count(),
            tests,
            tests_linked: linked.len(),
            unlinked_cases,
            unlinked_tests,
        }
    }

    /// Whether the exercise fails the check: a case missing or excluded but tested.
    pub fn fails(&self) -> bool {
        !self.missing.is_empty() || !self.excluded_but_tested.is_empty()
    }

    /// A case of this exercise as its findings name it.
    fn case_ref(&self, uuid: &str) -> CaseRef {
        let note = self.notes.get(uuid);
        CaseRef {
            uuid: uuid.to_string(),
            description: note.map_or(String::new(), |n| n.description.clone()),
            data: note.and_then(|n| n.data.clone()),
            toml_line: note.and_then(|n| n.toml_line),
        }
    }

    /// For a missing case, an included case that reimplements it and a test implements, with
    /// those tests.
    fn replaced_by(&self, uuid: &str) -> Option<(CaseRef, Vec<TestRef>)> {
        self.cases
            .iter()
            .find(|c| c.include && c.reimplements.as_deref() == Some(uuid) && !c.tests.is_empty())
            .map(|new| (self.case_ref(&new.uuid), new.tests.clone()))
    }

    fn case(&self, uuid: &str) -> Option<&CaseReport> {
        self.cases.iter().find(|c| c.uuid == uuid)
    }

    /// Every finding, those that fail the check first, then by kind.
    pub fn findings(&self) -> Vec<Finding> {
        let mut found = Vec::new();
        let mut push =
            |subject: Subject, detail: Detail| found.push(Finding::new(&self.dir, subject, detail));
        let case_subject = |uuid: &str| Subject::Case(uuid.to_string());
        let test_subject = |test: &TestRef| Subject::Test {
            file: test.file.clone(),
            line: test.line,
        };
        for uuid in &self.missing {
            let lost = self.lost.iter().filter(|l| &l.uuid == uuid).cloned();
            push(
                case_subject(uuid),
                Detail::Missing {
                    case: self.case_ref(uuid),
                    lost: lost.collect(),
                    replaced_by: self.replaced_by(uuid),
                },
            );
        }
        for uuid in &self.excluded_but_tested {
            let tests = self.case(uuid).map_or(&[][..], |c| &c.tests[..]);
            push(
                case_subject(uuid),
                Detail::ExcludedButTested {
                    case: self.case_ref(uuid),
                    tests: tests.to_vec(),
                },
            );
        }
        if let Some(own) = &self.own_tests {
            push(
                Subject::Exercise,
                Detail::OwnTests {
                    cases: own.cases,
                    cases_linked: own.cases_linked,
                    tests: own.tests,
                    tests_linked: own.tests_linked,
                    unlinked_cases: own
                        .unlinked_cases
                        .iter()
                        .map(|u| self.case_ref(u))
                        .collect(),
                    unlinked_tests: own.unlinked_tests.clone(),
                    test_files: self.test_files.clone(),
                },
            );
        }
        for p in &self.unconfirmed {
            push(
                case_subject(&p.uuid),
                Detail::Unconfirmed {
                    case: self.case_ref(&p.uuid),
                    test: p.test(),
                },
            );
        }
        for p in &self.check_by_reading {
            push(
                case_subject(&p.uuid),
                Detail::CheckByReading {
                    case: self.case_ref(&p.uuid),
                    test: p.test(),
                },
            );
        }
        for m in &self.misnamed_tests {
            let test = TestRef {
                file: m.file.clone(),
                line: m.line,
                name: m.name.clone(),
            };
            push(
                test_subject(&test),
                Detail::MisnamedTest {
                    test,
                    named_after: self.case_ref(&m.named_after),
                    implements: m.implements.iter().map(|u| self.case_ref(u)).collect(),
                },
            );
        }
        for uuid in &self.unknown_uuids {
            push(
                case_subject(uuid),
                Detail::UnknownUuid {
                    case: self.case_ref(uuid),
                },
            );
        }
        for uuid in &self.unsynced_uuids {
            push(
                case_subject(uuid),
                Detail::UnsyncedUuid {
                    case: self.case_ref(uuid),
                },
            );
        }
        for test in &self.extra_tests {
            push(test_subject(test), Detail::ExtraTest { test: test.clone() });
        }
        found
    }
}

/// One exercise of the `--report` JSON: its linking, why it could not be checked, or why it
/// has nothing to check.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Entry {
    Checked(Box<Report>),
    Unchecked { dir: String, error: String },
    TrackOnly { dir: String, notice: String },
}
