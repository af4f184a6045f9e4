//! The findings of the check, for one exercise: what `--report` writes (its schema is written
//! out in docs/check-canonical.md), and the text and GitHub Actions lines printed on stdout.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use crate::canonical::data::Case;
use crate::canonical::exercise::{Exercise, Test};
use crate::canonical::link::{Possible, link, named_after};

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

/// The whole linking of one exercise.
#[derive(Debug, Serialize)]
pub struct Report {
    pub slug: String,
    pub dir: String,
    pub test_files: Vec<String>,
    pub cases: Vec<CaseReport>,
    pub missing: Vec<String>,
    pub excluded_but_tested: Vec<String>,
    pub unconfirmed: Vec<PossibleRef>,
    pub check_by_reading: Vec<PossibleRef>,
    pub extra_tests: Vec<TestRef>,
    pub unknown_uuids: Vec<String>,
    pub unsynced_uuids: Vec<String>,
    pub misnamed_tests: Vec<Misnamed>,
    /// What the lines need that the JSON does not carry: each case's tests.toml line and
    /// its data, by uuid.
    #[serde(skip)]
    details: HashMap<String, (usize, String)>,
}

impl Report {
    /// Links the exercise's cases to its tests and collects the findings.
    pub fn new(exercise: &Exercise) -> Report {
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
        let included: Vec<bool> = known.iter().map(|(_, entry)| entry.include).collect();
        let linking = link(&cases, &exercise.tests, &included);
        let (links, evidence) = (&linking.links, &linking.evidence);
        let test_ref = |t: &Test| TestRef {
            file: t.file.clone(),
            line: t.line,
            name: t.name.clone(),
        };

        let mut report = Report {
            slug: exercise.slug.clone(),
            dir: exercise.dir.display().to_string(),
            test_files: exercise.test_files.clone(),
            cases: Vec::new(),
            missing: Vec::new(),
            excluded_but_tested: Vec::new(),
            unconfirmed: Vec::new(),
            check_by_reading: Vec::new(),
            extra_tests: Vec::new(),
            unknown_uuids: Vec::new(),
            unsynced_uuids: Vec::new(),
            misnamed_tests: Vec::new(),
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
                    name: test.map(|t| t.name.clone()),
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
            report
                .details
                .insert(case.uuid.clone(), (entry.line, data_text(case)));
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
                report
                    .details
                    .insert(entry.uuid.clone(), (entry.line, String::new()));
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
        report.unsynced_uuids = exercise
            .cases
            .iter()
            .filter(|c| !listed.contains(c.uuid.as_str()))
            .map(|c| c.uuid.clone())
            .collect();
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
                    report.extra_tests.push(test_ref(test));
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
                    name: test.name.clone(),
                    implements,
                    named_after: cases[named].uuid.clone(),
                });
            }
        }
        report
    }

    /// Whether the exercise fails the check: a case missing or excluded but tested.
    pub fn fails(&self) -> bool {
        !self.missing.is_empty() || !self.excluded_but_tested.is_empty()
    }

    /// `<uuid8> "description"` of a case of this exercise.
    fn described(&self, uuid: &str) -> String {
        let description = self.case(uuid).map_or("", |c| c.description.as_str());
        format!("{} \"{description}\"", short(uuid))
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
                    new.tests
                        .iter()
                        .map(test_text)
                        .collect::<Vec<_>>()
                        .join(", ")
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

    /// One line per finding: `<dir>: <kind> …`.
    pub fn lines(&self) -> Vec<String> {
        let dir = &self.dir;
        let mut lines = Vec::new();
        let described = |uuid: &str| self.described(uuid);
        let data = |uuid: &str| {
            self.details
                .get(uuid)
                .map_or("", |d| d.1.as_str())
                .to_string()
        };
        for uuid in &self.missing {
            lines.push(format!(
                "{dir}: missing {}: {}{}",
                described(uuid),
                data(uuid),
                self.replaced(uuid)
            ));
        }
        for uuid in &self.excluded_but_tested {
            let tests = self.case(uuid).map_or(Vec::new(), |c| c.tests.clone());
            lines.push(format!(
                "{dir}: excluded_but_tested {} (include = false) by {}",
                described(uuid),
                tests.iter().map(test_text).collect::<Vec<_>>().join(", ")
            ));
        }
        for p in &self.unconfirmed {
            lines.push(format!(
                "{dir}: unconfirmed {}: {} (possibly {})",
                described(&p.uuid),
                data(&p.uuid),
                possible_text(p)
            ));
        }
        for p in &self.check_by_reading {
            lines.push(format!(
                "{dir}: check_by_reading {}: {} (states a check, not data: read {})",
                described(&p.uuid),
                data(&p.uuid),
                possible_text(p)
            ));
        }
        for m in &self.misnamed_tests {
            lines.push(format!(
                "{dir}: misnamed_test {}:{} \"{}\" is {}",
                m.file,
                m.line,
                m.name,
                self.misnaming(m)
            ));
        }
        for uuid in &self.unknown_uuids {
            lines.push(format!(
                "{dir}: unknown_uuid {} (in tests.toml, not in canonical-data.json)",
                described(uuid)
            ));
        }
        for uuid in &self.unsynced_uuids {
            lines.push(format!(
                "{dir}: unsynced_uuid {uuid} (in canonical-data.json, not in tests.toml: run configlet sync)"
            ));
        }
        for test in &self.extra_tests {
            lines.push(format!("{dir}: extra_test {}", test_text(test)));
        }
        lines
    }

    /// GitHub Actions workflow commands, one per finding, on the line they concern.
    pub fn annotations(&self) -> Vec<String> {
        let toml = format!("{}/.meta/tests.toml", self.dir);
        let in_dir = |file: &str| Path::new(&self.dir).join(file).display().to_string();
        let toml_line = |uuid: &str| self.details.get(uuid).map_or(1, |d| d.0);
        let described = |uuid: &str| self.described(uuid);
        let mut out = Vec::new();
        for uuid in &self.missing {
            let data = self.details.get(uuid).map_or("", |d| d.1.as_str());
            out.push(command(
                "error",
                &toml,
                Some(toml_line(uuid)),
                &format!(
                    "missing: no test implements {}: {data}{}",
                    described(uuid),
                    self.replaced(uuid)
                ),
            ));
        }
        for uuid in &self.excluded_but_tested {
            for test in self.case(uuid).map_or(&[][..], |c| &c.tests[..]) {
                out.push(command(
                    "error",
                    &in_dir(&test.file),
                    Some(test.line),
                    &format!(
                        "excluded_but_tested: this test implements {}, which tests.toml excludes",
                        described(uuid)
                    ),
                ));
            }
        }
        for p in &self.unconfirmed {
            out.push(command(
                "warning",
                &p.file.as_deref().map_or(toml.clone(), in_dir),
                p.line.or(Some(toml_line(&p.uuid))),
                &format!(
                    "unconfirmed: this test may implement {}, but the evidence is short of a link: read it",
                    described(&p.uuid)
                ),
            ));
        }
        for p in &self.check_by_reading {
            out.push(command(
                "notice",
                &p.file.as_deref().map_or(toml.clone(), in_dir),
                p.line.or(Some(toml_line(&p.uuid))),
                &format!(
                    "check_by_reading: {} states a check rather than data; read whether this test makes it",
                    described(&p.uuid)
                ),
            ));
        }
        for m in &self.misnamed_tests {
            out.push(command(
                "warning",
                &in_dir(&m.file),
                Some(m.line),
                &format!("misnamed_test: {}", self.misnaming(m)),
            ));
        }
        for uuid in &self.unknown_uuids {
            out.push(command(
                "warning",
                &toml,
                Some(toml_line(uuid)),
                &format!("unknown_uuid: {uuid} is not in canonical-data.json"),
            ));
        }
        for uuid in &self.unsynced_uuids {
            out.push(command(
                "warning",
                &toml,
                None,
                &format!("unsynced_uuid: {uuid} is in canonical-data.json, not in tests.toml (configlet sync)"),
            ));
        }
        for test in &self.extra_tests {
            out.push(command(
                "notice",
                &in_dir(&test.file),
                Some(test.line),
                "extra_test: implements no canonical case",
            ));
        }
        out
    }
}

/// One exercise of the `--report` JSON: its linking, or why it could not be checked.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Entry {
    Checked(Box<Report>),
    Unchecked { dir: String, error: String },
}

fn short(uuid: &str) -> &str {
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

/// `property(input, …) == expected`, cut to a line's worth.
fn data_text(case: &Case) -> String {
    let inputs = match &case.input {
        Value::Object(map) => map
            .values()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        Value::Null => String::new(),
        other => other.to_string(),
    };
    let text = format!("{}({inputs}) == {}", case.property, case.expected);
    match text.char_indices().nth(160) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// A GitHub Actions workflow command, its values escaped as the runner reads them.
pub fn command(kind: &str, file: &str, line: Option<usize>, message: &str) -> String {
    let data = |s: &str| {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let property = |s: &str| data(s).replace(':', "%3A").replace(',', "%2C");
    let line = line.map_or(String::new(), |l| format!(",line={l}"));
    format!("::{kind} file={}{line}::{}", property(file), data(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_commands_escape_what_the_runner_would_read_as_syntax() {
        assert_eq!(
            command("error", "a:b,c.toml", Some(3), "50% done\nnext"),
            "::error file=a%3Ab%2Cc.toml,line=3::50%25 done%0Anext"
        );
        assert_eq!(
            command("notice", "t.py", None, "x"),
            "::notice file=t.py::x"
        );
    }

    #[test]
    fn data_text_is_cut_to_a_line() {
        let mut case = crate::canonical::data::canonical_cases(
            br#"{"cases":[{"uuid":"u","description":"d","property":"p","input":{"a":1,"b":"x"},"expected":true}]}"#,
        )
        .unwrap()
        .remove(0);
        assert_eq!(data_text(&case), r#"p(1, "x") == true"#);
        case.expected = serde_json::json!("y".repeat(400));
        let text = data_text(&case);
        assert!(text.ends_with('…') && text.chars().count() == 161, "{text}");
    }
}
