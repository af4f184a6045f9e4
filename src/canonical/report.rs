//! The findings of the check, for one exercise: what `--report` writes (its schema is written
//! out in docs/check-canonical.md), and each finding as the outputs show it (`Finding`: its
//! line of text, its annotation's message and places); `output` prints them.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use crate::canonical::data::Case;
use crate::canonical::exercise::{Exercise, Test};
use crate::canonical::link::{Linking, Possible, link, named_after};

#[derive(Debug, Serialize, Clone, PartialEq)]
pub struct TestRef {
    pub file: String,
    pub line: usize,
    pub name: String,
}

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
#[derive(Debug, Serialize)]
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
    /// What the lines need that the JSON does not carry, by uuid: each listed case's
    /// tests.toml line and data, and the description of each unsynced case.
    #[serde(skip)]
    details: HashMap<String, Detail>,
}

/// A case linked at the base whose test the working tree lost: deleted, or edited until it no
/// longer holds the case's data.
#[derive(Debug, Serialize, Clone, PartialEq)]
pub struct Lost {
    pub uuid: String,
    /// The test, as it was at the base.
    pub test: TestRef,
    /// The base, as the user named it (`origin/main`).
    pub base: String,
    /// Whether the test was deleted (else it was edited).
    pub deleted: bool,
}

/// An exercise's findings compared with the base.
#[derive(Debug, Serialize)]
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
                        finding: f.kind.name(),
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
struct Detail {
    toml_line: Option<usize>,
    data: String,
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
        let canonical: HashMap<&str, usize> = exercise
            .cases
            .iter()
            .enumerate()
            .map(|(i, c)| (c.uuid.as_str(), i))
            .collect();
        let listed: HashSet<&str> = exercise.entries.iter().map(|e| e.uuid.as_str()).collect();
        // The cases tests.toml lists, in canonical order; only they compete for the tests.
        let known = exercise.listed();
        let cases: Vec<Case> = known.iter().map(|(case, _)| (*case).clone()).collect();
        let (links, evidence) = (&linking.links, &linking.evidence);
        let test_ref = |t: &Test| TestRef {
            file: t.file.clone(),
            line: t.line,
            name: t.shown().to_string(),
        };

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
            details: HashMap::new(),
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
            report.details.insert(
                case.uuid.clone(),
                Detail {
                    toml_line: Some(entry.line),
                    data: data_text(case),
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
                report.details.insert(
                    entry.uuid.clone(),
                    Detail {
                        toml_line: Some(entry.line),
                        data: String::new(),
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
            report.details.insert(
                case.uuid.clone(),
                Detail {
                    description: case.description.clone(),
                    ..Detail::default()
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
            // A test that kept the name of the case its case reimplements is not misnamed.
            let related = |named: usize| {
                implements.iter().any(|uuid| {
                    let other = &cases[cases.iter().position(|c| &c.uuid == uuid).unwrap_or(named)];
                    other.reimplements.as_deref() == Some(&cases[named].uuid)
                        || cases[named].reimplements.as_deref() == Some(&other.uuid)
                })
            };
            if let Some(named) = named_after(evidence, t)
                && !links[named].contains(&t)
                && !related(named)
            {
                report.misnamed_tests.push(Misnamed {
                    file: test.file.clone(),
                    line: test.line,
                    name: test.shown().to_string(),
                    implements,
                    named_after: cases[named].uuid.clone(),
                });
            }
        }
        // The track's own cases take what the listed cases left: linked apart, they cannot
        // take a test from a listed case (a track case may repeat a canonical one's data).
        let left: Vec<Test> = unlinked
            .iter()
            .map(|&t| exercise.tests[t].clone())
            .collect();
        let track = &exercise.track_cases;
        let (track_links, track_possible) = if track.is_empty() || left.is_empty() {
            (vec![Vec::new(); track.len()], vec![None; track.len()])
        } else {
            let linking = link(track, &left, &vec![true; track.len()]);
            (linking.links, linking.possible)
        };
        let mut taken = HashSet::new();
        for ((case, links), possible) in track.iter().zip(&track_links).zip(&track_possible) {
            let possible = match possible {
                Some(Possible::Unconfirmed(t) | Possible::CheckByReading(Some(t))) => Some(*t),
                _ => None,
            };
            taken.extend(links.iter().chain(&possible).copied());
            report.track_cases.push(TrackCaseReport {
                uuid: Some(case.uuid.clone()).filter(|uuid| !uuid.is_empty()),
                description: case.description.clone(),
                property: case.property.clone(),
                tests: links.iter().map(|&t| test_ref(&left[t])).collect(),
                possible: possible.map(|t| test_ref(&left[t])),
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

    /// `<uuid8> "description"` of a case of this exercise.
    fn described(&self, uuid: &str) -> String {
        let description = self
            .details
            .get(uuid)
            .map_or("", |d| d.description.as_str());
        format!("{} \"{description}\"", short(uuid))
    }

    /// The case's data, `property(inputs…) == expected`.
    fn data(&self, uuid: &str) -> &str {
        self.details.get(uuid).map_or("", |d| d.data.as_str())
    }

    /// The exercise's tests.toml and the line of the case's entry in it.
    fn toml_place(&self, uuid: &str) -> Place {
        Place {
            file: self.in_dir(".meta/tests.toml"),
            line: self.details.get(uuid).and_then(|d| d.toml_line),
        }
    }

    fn in_dir(&self, file: &str) -> String {
        Path::new(&self.dir).join(file).display().to_string()
    }

    fn test_place(&self, test: &TestRef) -> Place {
        Place {
            file: self.in_dir(&test.file),
            line: Some(test.line),
        }
    }

    /// For a missing case that an included case reimplements and a test implements, what a
    /// maintainer needs to know: the track tests the new version (tests.toml may still
    /// include the old one by mistake). Empty otherwise.
    fn replaced(&self, uuid: &str) -> String {
        self.cases
            .iter()
            .find(|c| c.include && c.reimplements.as_deref() == Some(uuid) && !c.tests.is_empty())
            .map_or(String::new(), |new| {
                format!(
                    " (reimplemented by {}, which {} implements: if the track follows the new \
                     case, mark this one include = false)",
                    self.described(&new.uuid),
                    tests_text(&new.tests)
                )
            })
    }

    /// What a misnamed test is named after and what it implements.
    fn misnaming(&self, m: &Misnamed) -> String {
        let implements: Vec<String> = m.implements.iter().map(|u| self.described(u)).collect();
        format!(
            "named after {} but implements {}",
            self.described(&m.named_after),
            implements.join(", ")
        )
    }

    fn case(&self, uuid: &str) -> Option<&CaseReport> {
        self.cases.iter().find(|c| c.uuid == uuid)
    }

    /// Every finding, those that fail the check first, then by kind.
    pub fn findings(&self) -> Vec<Finding> {
        let mut found = Vec::new();
        let mut push = |kind: Kind,
                        subject: Subject,
                        text: String,
                        message: String,
                        places: Vec<Place>,
                        (case, test): (String, String)| {
            found.push(Finding {
                dir: self.dir.clone(),
                kind,
                subject,
                text,
                message,
                places,
                case,
                test,
                change: None,
                recorded: false,
            })
        };
        let case_subject = |uuid: &str| Subject::Case(uuid.to_string());
        let test_subject = |file: &str, line: usize| Subject::Test {
            file: file.to_string(),
            line,
        };
        for uuid in &self.missing {
            let lost: Vec<String> = self
                .lost
                .iter()
                .filter(|l| &l.uuid == uuid)
                .map(|l| {
                    format!(
                        "its test \"{}\" ({}:{} at {}) {}",
                        l.test.name,
                        l.test.file,
                        l.test.line,
                        crate::canonical::git::abbreviated(&l.base),
                        if l.deleted {
                            "was deleted"
                        } else {
                            "was edited and no longer holds its data"
                        }
                    )
                })
                .collect();
            let case = if lost.is_empty() {
                format!(
                    "{}: {}{}",
                    self.described(uuid),
                    self.data(uuid),
                    self.replaced(uuid)
                )
            } else {
                format!(
                    "{}: {} ({})",
                    self.described(uuid),
                    lost.join(", "),
                    self.data(uuid)
                )
            };
            push(
                Kind::Missing,
                case_subject(uuid),
                case.clone(),
                format!("no test implements {case}"),
                vec![self.toml_place(uuid)],
                (case, String::new()),
            );
        }
        for uuid in &self.excluded_but_tested {
            let tests = self.case(uuid).map_or(&[][..], |c| &c.tests[..]);
            push(
                Kind::ExcludedButTested,
                case_subject(uuid),
                format!(
                    "{} (include = false) by {}",
                    self.described(uuid),
                    tests_text(tests)
                ),
                format!(
                    "this test implements {}, which tests.toml excludes",
                    self.described(uuid)
                ),
                tests.iter().map(|t| self.test_place(t)).collect(),
                (
                    format!("{} (include = false)", self.described(uuid)),
                    tests_text(tests),
                ),
            );
        }
        if let Some(own) = &self.own_tests {
            let cases: Vec<String> = own
                .unlinked_cases
                .iter()
                .map(|uuid| self.described(uuid))
                .collect();
            let counts = format!(
                "{} of {} included cases and {} of {} tests are linked",
                own.cases_linked, own.cases, own.tests_linked, own.tests
            );
            let text = format!(
                "{counts}: the tests are the track's own, so which of them implement the {} \
                 unlinked cases is for a reader: {}; tests linked to no case: {}",
                cases.len(),
                cases.join(", "),
                tests_text(&own.unlinked_tests)
            );
            push(
                Kind::OwnTests,
                Subject::Exercise,
                text,
                format!(
                    "{counts}: the tests are the track's own, not the canonical data's; read \
                     which cases of tests.toml they implement"
                ),
                self.test_files
                    .iter()
                    .map(|file| Place {
                        file: self.in_dir(file),
                        line: None,
                    })
                    .collect(),
                (
                    format!("{} cases not linked", cases.len()),
                    format!("{} tests not linked", own.unlinked_tests.len()),
                ),
            );
        }
        for p in &self.unconfirmed {
            push(
                Kind::Unconfirmed,
                case_subject(&p.uuid),
                format!(
                    "{}: {} (possibly {})",
                    self.described(&p.uuid),
                    self.data(&p.uuid),
                    possible_text(p)
                ),
                format!(
                    "this test may implement {}, but the evidence is short of a link: read it",
                    self.described(&p.uuid)
                ),
                vec![self.possible_place(p)],
                (
                    format!("{}: {}", self.described(&p.uuid), self.data(&p.uuid)),
                    format!("possibly {}", possible_text(p)),
                ),
            );
        }
        for p in &self.check_by_reading {
            push(
                Kind::CheckByReading,
                case_subject(&p.uuid),
                format!(
                    "{}: {} (states a check, not data: read {})",
                    self.described(&p.uuid),
                    self.data(&p.uuid),
                    possible_text(p)
                ),
                format!(
                    "{} states a check rather than data ({}): read whether this test makes it",
                    self.described(&p.uuid),
                    self.data(&p.uuid)
                ),
                vec![self.possible_place(p)],
                (
                    format!(
                        "{}: {} (states a check, not data)",
                        self.described(&p.uuid),
                        self.data(&p.uuid)
                    ),
                    format!("read {}", possible_text(p)),
                ),
            );
        }
        for m in &self.misnamed_tests {
            let test = TestRef {
                file: m.file.clone(),
                line: m.line,
                name: m.name.clone(),
            };
            push(
                Kind::MisnamedTest,
                test_subject(&m.file, m.line),
                format!("{} is {}", test_text(&test), self.misnaming(m)),
                self.misnaming(m),
                vec![self.test_place(&test)],
                (self.misnaming(m), test_text(&test)),
            );
        }
        for uuid in &self.unknown_uuids {
            let text = format!(
                "{} (in tests.toml, not in canonical-data.json)",
                self.described(uuid)
            );
            push(
                Kind::UnknownUuid,
                case_subject(uuid),
                text.clone(),
                format!(
                    "{} is in tests.toml, not in canonical-data.json",
                    self.described(uuid)
                ),
                vec![self.toml_place(uuid)],
                (text, String::new()),
            );
        }
        for uuid in &self.unsynced_uuids {
            let text = format!(
                "{} (in canonical-data.json, not in tests.toml: run configlet sync)",
                self.described(uuid)
            );
            push(
                Kind::UnsyncedUuid,
                case_subject(uuid),
                text.clone(),
                format!(
                    "{} is in canonical-data.json, not in tests.toml: run configlet sync",
                    self.described(uuid)
                ),
                vec![Place {
                    file: self.in_dir(".meta/tests.toml"),
                    line: None,
                }],
                (text, String::new()),
            );
        }
        for test in &self.extra_tests {
            push(
                Kind::ExtraTest,
                test_subject(&test.file, test.line),
                test_text(test),
                "implements no canonical case".to_string(),
                vec![self.test_place(test)],
                (String::new(), test_text(test)),
            );
        }
        found
    }

    /// The test a reader is pointed to, or the case's line of tests.toml when there is none.
    fn possible_place(&self, p: &PossibleRef) -> Place {
        match (&p.file, p.line) {
            (Some(file), line) => Place {
                file: self.in_dir(file),
                line,
            },
            _ => self.toml_place(&p.uuid),
        }
    }
}

/// What kind of finding, with how GitHub shows it and whether it fails the check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Missing,
    ExcludedButTested,
    /// An exercise whose tests are the track's own (`OwnTests`).
    OwnTests,
    Unconfirmed,
    CheckByReading,
    MisnamedTest,
    UnknownUuid,
    UnsyncedUuid,
    ExtraTest,
    /// An exercise without canonical data whose cases are all the track's own.
    TrackOnly,
    /// An exercise that could not be checked.
    Error,
}

/// A GitHub Actions annotation's level, the most severe first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Error,
    Warning,
    Notice,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Error, Level::Warning, Level::Notice];

    pub fn name(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Notice => "notice",
        }
    }
}

impl Kind {
    /// The finding's name in the lines and annotations (`missing`, `extra_test`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Missing => "missing",
            Kind::ExcludedButTested => "excluded_but_tested",
            Kind::Unconfirmed => "unconfirmed",
            Kind::OwnTests => "own_tests",
            Kind::CheckByReading => "check_by_reading",
            Kind::MisnamedTest => "misnamed_test",
            Kind::UnknownUuid => "unknown_uuid",
            Kind::UnsyncedUuid => "unsynced_uuid",
            Kind::ExtraTest => "extra_test",
            Kind::TrackOnly => "track_only",
            Kind::Error => "error",
        }
    }

    /// How many of it, in words: `1 extra test`, `3 unknown uuids`.
    pub fn count(self, n: usize) -> String {
        let (one, many) = match self {
            Kind::Missing => ("missing", "missing"),
            Kind::ExcludedButTested => ("excluded but tested", "excluded but tested"),
            Kind::Unconfirmed => ("unconfirmed", "unconfirmed"),
            Kind::OwnTests => ("with its own tests", "with their own tests"),
            Kind::CheckByReading => ("to check by reading", "to check by reading"),
            Kind::MisnamedTest => ("misnamed test", "misnamed tests"),
            Kind::UnknownUuid => ("unknown uuid", "unknown uuids"),
            Kind::UnsyncedUuid => ("unsynced uuid", "unsynced uuids"),
            Kind::ExtraTest => ("extra test", "extra tests"),
            Kind::TrackOnly => ("track-only", "track-only"),
            Kind::Error => ("could not be checked", "could not be checked"),
        };
        format!("{n} {}", if n == 1 { one } else { many })
    }

    /// Whether it fails the check (exit 1).
    pub fn fails(self) -> bool {
        matches!(self, Kind::Missing | Kind::ExcludedButTested)
    }

    pub fn level(self) -> Level {
        match self {
            Kind::Missing | Kind::ExcludedButTested | Kind::Error => Level::Error,
            Kind::Unconfirmed
            | Kind::OwnTests
            | Kind::MisnamedTest
            | Kind::UnknownUuid
            | Kind::UnsyncedUuid => Level::Warning,
            Kind::CheckByReading | Kind::ExtraTest | Kind::TrackOnly => Level::Notice,
        }
    }
}

/// A file a finding concerns, as a path from the working directory, and its line.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub file: String,
    pub line: Option<usize>,
}

/// What a finding is about: the same finding at two revisions has the same kind and subject
/// (a test's place is where it was at the base, for a test followed from there).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Subject {
    Exercise,
    Case(String),
    Test { file: String, line: usize },
}

/// Compared with a base (`--base`), how a finding came to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Change {
    /// In the working tree, not at the base: the change made it.
    Introduced,
    /// At the base, not in the working tree: the change mended it.
    Fixed,
    /// At both.
    Preexisting,
}

impl Change {
    pub fn name(self) -> &'static str {
        match self {
            Change::Introduced => "introduced",
            Change::Fixed => "fixed",
            Change::Preexisting => "preexisting",
        }
    }
}

/// One finding of one exercise, as every output shows it.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The exercise directory.
    pub dir: String,
    pub kind: Kind,
    pub subject: Subject,
    /// What the text line says after `<dir>: <kind> `.
    pub text: String,
    /// What the annotation says after `<kind>: `.
    pub message: String,
    /// Where it is annotated: one annotation each.
    pub places: Vec<Place>,
    /// The job summary's cells: the case it concerns (with what is said of it) and the test.
    pub case: String,
    pub test: String,
    /// Compared with a base, how it came to be; `None` when the check is of one revision.
    pub change: Option<Change>,
    /// The track has recorded it as read and judged (its suppressions file): it never fails.
    pub recorded: bool,
}

impl Finding {
    /// A finding about a whole exercise, from an error that names a file: an exercise that
    /// could not be checked, or one that is the track's own. A tests.toml error that names
    /// its line is annotated on it.
    pub fn about(dir: &str, kind: Kind, error: &crate::error::Error) -> Finding {
        let message = error.message_text();
        let line = message
            .strip_prefix("line ")
            .and_then(|rest| rest.split_once(':'))
            .and_then(|(n, _)| n.parse().ok());
        Finding {
            dir: dir.to_string(),
            kind,
            subject: Subject::Exercise,
            text: message.to_string(),
            message: message.to_string(),
            places: vec![Place {
                file: error.path_text(),
                line,
            }],
            case: error.to_string(),
            test: String::new(),
            change: None,
            recorded: false,
        }
    }

    /// Whether it fails the check: a kind that fails it, not there before the change (where
    /// the check compares with a base), and not recorded as read.
    pub fn fails(&self) -> bool {
        self.kind.fails()
            && !matches!(self.change, Some(Change::Fixed | Change::Preexisting))
            && !self.recorded
    }

    /// Its line of text output: `<dir>: <kind> …`.
    pub fn line(&self) -> String {
        self.line_saying(&self.text)
    }

    /// Its line of text output saying `text` after `<dir>: <kind> ` (after `<dir>: <change>
    /// <kind> ` where the check compares with a base), ending `(recorded as read)` where the
    /// track has recorded it.
    pub fn line_saying(&self, text: &str) -> String {
        let change = self
            .change
            .map_or(String::new(), |change| format!("{} ", change.name()));
        let recorded = if self.recorded {
            " (recorded as read)"
        } else {
            ""
        };
        format!(
            "{}: {change}{} {text}{recorded}",
            self.dir,
            self.kind.name()
        )
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

/// A uuid as the lines write it: its first 8 characters (the report has it whole).
pub fn short(uuid: &str) -> &str {
    uuid.get(..8).unwrap_or(uuid)
}

fn possible_text(p: &PossibleRef) -> String {
    match (&p.file, p.line, &p.name) {
        (Some(file), Some(line), Some(name)) => format!("{file}:{line} \"{name}\""),
        _ => "the tests: no test is like it".to_string(),
    }
}

fn test_text(test: &TestRef) -> String {
    format!("{}:{} \"{}\"", test.file, test.line, test.name)
}

fn tests_text(tests: &[TestRef]) -> String {
    tests.iter().map(test_text).collect::<Vec<_>>().join(", ")
}

/// How long a case's data may be in a line, about.
const DATA_WIDTH: usize = 160;

/// `property(input, …) == expected`, in about `DATA_WIDTH` characters: where it is longer,
/// the expected value keeps a share of the width, and values are left out whole at the end of
/// what holds them (`[1, 2, …]`, `solve(…)`), never cut inside.
fn data_text(case: &Case) -> String {
    let inputs: Vec<&Value> = match &case.input {
        Value::Object(map) => map.values().collect(),
        Value::Null => Vec::new(),
        other => vec![other],
    };
    let fixed = case.property.chars().count() + "() == ".len();
    let inputs_width = inputs
        .iter()
        .map(|v| within(v, DATA_WIDTH).map_or(DATA_WIDTH, |text| width(&text) + 2))
        .sum::<usize>();
    let share = DATA_WIDTH
        .saturating_sub(fixed + inputs_width)
        .max(DATA_WIDTH / 3);
    let expected = elided(&[&case.expected], share);
    let left = DATA_WIDTH.saturating_sub(fixed + width(&expected));
    format!("{}({}) == {expected}", case.property, elided(&inputs, left))
}

/// `values` as JSON joined by `, ` (with a space after each `,` and `:` inside them too), in
/// about `left` characters: the first value that does not fit is written as far as its own
/// members fit, and `…` stands for what is left out.
fn elided(values: &[&Value], mut left: usize) -> String {
    let mut out = String::new();
    write_members(values.iter().map(|v| (None, *v)), &mut left, &mut out);
    out
}

/// Writes `members` (an object's have keys) joined by `, ` in about `left` characters, taken
/// from it; past them, `…`.
fn write_members<'a>(
    members: impl ExactSizeIterator<Item = (Option<&'a String>, &'a Value)>,
    left: &mut usize,
    out: &mut String,
) {
    let count = members.len();
    for (i, (key, member)) in members.enumerate() {
        let mut prefix = if i > 0 {
            ", ".to_string()
        } else {
            String::new()
        };
        if let Some(key) = key {
            prefix.push_str(&format!("{}: ", Value::String(key.clone())));
        }
        if let Some(text) = within(member, left.saturating_sub(width(&prefix))) {
            put(&(prefix + &text), left, out);
            continue;
        }
        let start = out.len();
        put(&prefix, left, out);
        let at = out.len();
        if member.is_array() || member.is_object() {
            write_partly(member, left, out);
        }
        if out.len() == at {
            out.truncate(start);
            put(if i > 0 { ", …" } else { "…" }, left, out);
        } else if i + 1 < count {
            put(", …", left, out);
        }
        return;
    }
}

/// Writes as much of a list or object as fits in `left`, ending in `…`; nothing when not
/// even its first member's start does.
fn write_partly(value: &Value, left: &mut usize, out: &mut String) {
    // Brackets around an ellipsis alone say nothing.
    if *left < 8 {
        return;
    }
    let (open, close) = if value.is_array() {
        ("[", "]")
    } else {
        ("{", "}")
    };
    put(open, left, out);
    match value {
        Value::Array(items) => write_members(items.iter().map(|v| (None, v)), left, out),
        Value::Object(map) => write_members(map.iter().map(|(k, v)| (Some(k), v)), left, out),
        _ => {}
    }
    put(close, left, out);
}

fn put(text: &str, left: &mut usize, out: &mut String) {
    out.push_str(text);
    *left = left.saturating_sub(width(text));
}

fn width(text: &str) -> usize {
    text.chars().count()
}

/// `value` as JSON with a space after each `,` and `:`, if it takes at most `limit`
/// characters; found without writing much more than that of a larger value.
fn within(value: &Value, limit: usize) -> Option<String> {
    fn write(value: &Value, limit: usize, out: &mut String) -> bool {
        match value {
            Value::String(text) if text.chars().take(limit).count() + 2 > limit => return false,
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if !write(item, limit, out) {
                        return false;
                    }
                }
                out.push(']');
            }
            Value::Object(map) => {
                out.push('{');
                for (i, (key, member)) in map.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&Value::String(key.clone()).to_string());
                    out.push_str(": ");
                    if !write(member, limit, out) {
                        return false;
                    }
                }
                out.push('}');
            }
            scalar => out.push_str(&scalar.to_string()),
        }
        out.len() <= limit * 4 && width(out) <= limit
    }
    let mut out = String::new();
    write(value, limit, &mut out).then_some(out)
}

/// A GitHub Actions workflow command, its values escaped as the runner reads them; without a
/// file, it is shown on the run rather than on a file.
pub fn command(level: Level, file: Option<&str>, line: Option<usize>, message: &str) -> String {
    let data = |s: &str| {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let property = |s: &str| data(s).replace(':', "%3A").replace(',', "%2C");
    let place = match (file, line) {
        (Some(file), Some(line)) => format!(" file={},line={line}", property(file)),
        (Some(file), None) => format!(" file={}", property(file)),
        (None, _) => String::new(),
    };
    format!("::{}{place}::{}", level.name(), data(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_commands_escape_what_the_runner_would_read_as_syntax() {
        assert_eq!(
            command(Level::Error, Some("a:b,c.toml"), Some(3), "50% done\nnext"),
            "::error file=a%3Ab%2Cc.toml,line=3::50%25 done%0Anext"
        );
        assert_eq!(
            command(Level::Notice, Some("t.py"), None, "x"),
            "::notice file=t.py::x"
        );
        assert_eq!(command(Level::Warning, None, Some(3), "x"), "::warning::x");
    }

    #[test]
    fn data_text_is_elided_at_a_value_boundary_never_inside_a_value() {
        let case = |input: serde_json::Value, expected: serde_json::Value| {
            let json = serde_json::json!({"cases": [{"uuid": "u", "description": "d",
                "property": "p", "input": input, "expected": expected}]});
            crate::canonical::data::canonical_cases(json.to_string().as_bytes())
                .unwrap()
                .remove(0)
        };
        let short = case(
            serde_json::json!({"a": 1, "b": ["x", "y"]}),
            serde_json::json!(true),
        );
        assert_eq!(data_text(&short), r#"p(1, ["x", "y"]) == true"#);
        let numbers: Vec<u32> = (1..100).collect();
        let long = data_text(&case(
            serde_json::json!({"list": numbers}),
            serde_json::json!({"sum": 4950, "count": 99}),
        ));
        assert!(long.starts_with("p([1, 2, 3, "), "{long}");
        assert!(
            long.ends_with(r#", …]) == {"sum": 4950, "count": 99}"#),
            "{long}"
        );
        assert!(long.chars().count() <= DATA_WIDTH + 10, "{long}");
        // A text too long for the line is left out whole.
        let text = data_text(&case(
            serde_json::json!({"n": 2, "phrase": "y".repeat(400)}),
            serde_json::json!("z"),
        ));
        assert_eq!(text, r#"p(2, …) == "z""#);
        let expected = data_text(&case(
            serde_json::json!({}),
            serde_json::json!("y".repeat(400)),
        ));
        assert_eq!(expected, "p() == …");
        let nested = data_text(&case(
            serde_json::json!({"rows": [[1, 2, 3], numbers.clone()], "more": numbers}),
            serde_json::json!(0),
        ));
        assert!(nested.contains("[[1, 2, 3], [1, 2, "), "{nested}");
        assert!(nested.contains(", …]"), "{nested}");
    }
}
