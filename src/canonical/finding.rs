//! A finding of the check, as data: what it is about and what the outputs need to say it (a
//! detail typed by its kind), never an output's words; `emit` words it. Each kind is one row
//! of `KINDS`: its name, its words for one and for several, its level, whether it fails the
//! check and its place in the summary line.

use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use crate::error::Error;

/// What kind of finding. A new kind is a variant here, a row of `KINDS`, a `Detail` and the
/// code that finds it (`report::Report::findings` for those of a linking).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Missing,
    ExcludedButTested,
    Unconfirmed,
    CheckByReading,
    MisnamedTest,
    ExtraTest,
    UnknownUuid,
    UnsyncedUuid,
    /// An exercise whose tests are the track's own (`report::OwnTests`).
    OwnTests,
    /// An exercise without canonical data whose cases are all the track's own.
    TrackOnly,
    /// An exercise that could not be checked.
    Unchecked,
    /// Compared with a base (`--base`): an exercise that could not be checked at the base, so
    /// its findings are all taken as introduced.
    BaseUnchecked,
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

/// Where the summary line counts a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// Among the kinds it counts, always (`0 missing`); compared with a base, where there are
    /// some. `short` is the word it is counted with on one revision, where not its own.
    Always { short: Option<&'static str> },
    /// With the exercises in scope, where there are some; compared with a base, among the
    /// kinds.
    WhereSome,
    /// On its own, with the exercises in scope (`1 could not be checked`, `0 track-only`).
    Apart,
}

/// One kind of finding, as every output and the suppressions file name it.
#[derive(Debug)]
pub struct Row {
    pub kind: Kind,
    /// Its name in the lines, the annotations, the report and the suppressions file.
    pub name: &'static str,
    /// How it is counted: `1 misnamed test`, `3 misnamed tests`.
    pub one: &'static str,
    pub many: &'static str,
    pub level: Level,
    /// Whether it fails the check (exit 1).
    pub fails: bool,
    pub counted: Counted,
}

const fn row(
    kind: Kind,
    name: &'static str,
    (one, many): (&'static str, &'static str),
    level: Level,
    fails: bool,
    counted: Counted,
) -> Row {
    Row {
        kind,
        name,
        one,
        many,
        level,
        fails,
        counted,
    }
}

const ALWAYS: Counted = Counted::Always { short: None };

/// Every kind, in `Kind`'s order, which is the order the summary line counts them in.
pub const KINDS: [Row; 12] = [
    row(
        Kind::Missing,
        "missing",
        ("missing", "missing"),
        Level::Error,
        true,
        ALWAYS,
    ),
    row(
        Kind::ExcludedButTested,
        "excluded_but_tested",
        ("excluded but tested", "excluded but tested"),
        Level::Error,
        true,
        ALWAYS,
    ),
    row(
        Kind::Unconfirmed,
        "unconfirmed",
        ("unconfirmed", "unconfirmed"),
        Level::Warning,
        false,
        ALWAYS,
    ),
    row(
        Kind::CheckByReading,
        "check_by_reading",
        ("to check by reading", "to check by reading"),
        Level::Notice,
        false,
        ALWAYS,
    ),
    row(
        Kind::MisnamedTest,
        "misnamed_test",
        ("misnamed test", "misnamed tests"),
        Level::Warning,
        false,
        Counted::Always {
            short: Some("misnamed"),
        },
    ),
    row(
        Kind::ExtraTest,
        "extra_test",
        ("extra test", "extra tests"),
        Level::Notice,
        false,
        ALWAYS,
    ),
    row(
        Kind::UnknownUuid,
        "unknown_uuid",
        ("unknown uuid", "unknown uuids"),
        Level::Warning,
        false,
        ALWAYS,
    ),
    row(
        Kind::UnsyncedUuid,
        "unsynced_uuid",
        ("unsynced uuid", "unsynced uuids"),
        Level::Warning,
        false,
        ALWAYS,
    ),
    row(
        Kind::OwnTests,
        "own_tests",
        ("with its own tests", "with their own tests"),
        Level::Warning,
        false,
        Counted::WhereSome,
    ),
    row(
        Kind::TrackOnly,
        "track_only",
        ("track-only", "track-only"),
        Level::Notice,
        false,
        Counted::Apart,
    ),
    row(
        Kind::Unchecked,
        "error",
        ("could not be checked", "could not be checked"),
        Level::Error,
        false,
        Counted::Apart,
    ),
    row(
        Kind::BaseUnchecked,
        "error",
        (
            "could not be checked at the base",
            "could not be checked at the base",
        ),
        Level::Error,
        false,
        Counted::Apart,
    ),
];

impl Kind {
    /// Its row of `KINDS`.
    pub fn row(self) -> &'static Row {
        &KINDS[self as usize]
    }

    /// The finding's name in the lines and annotations (`missing`, `extra_test`).
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// How many of it, in words: `1 extra test`, `3 unknown uuids`.
    pub fn count(self, n: usize) -> String {
        let row = self.row();
        counted(n, row.one, row.many)
    }

    /// Whether it fails the check (exit 1).
    pub fn fails(self) -> bool {
        self.row().fails
    }

    pub fn level(self) -> Level {
        self.row().level
    }
}

/// `n` and the word for one or for several: `1 exercise`, `3 exercises`.
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
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

/// A test, where it is and what it is called.
#[derive(Debug, Serialize, Clone, PartialEq)]
pub struct TestRef {
    pub file: String,
    pub line: usize,
    pub name: String,
}

impl TestRef {
    pub fn of(test: &crate::canonical::exercise::ExerciseTest) -> TestRef {
        TestRef {
            file: test.file.clone(),
            line: test.line,
            name: test.shown().to_string(),
        }
    }
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

/// A case as a finding names it.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseRef {
    pub uuid: String,
    pub description: String,
    /// Its data, for a case of canonical-data.json that tests.toml lists.
    pub data: Option<CaseData>,
    /// Its entry's line in tests.toml, for a case tests.toml lists.
    pub toml_line: Option<usize>,
}

/// What a case asks: `property(input…) == expected`.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseData {
    pub property: String,
    pub input: Value,
    pub expected: Value,
}

/// Why an exercise could not be checked, or has nothing to check: an error naming a file.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The file, as given; empty for none.
    pub file: String,
    /// The line of it the error names, if any.
    pub line: Option<usize>,
    /// What is wrong, without the file.
    pub message: String,
    /// The whole error, file first.
    pub error: String,
}

impl Problem {
    pub fn of(error: &Error) -> Problem {
        Problem {
            file: error.path_text(),
            line: error.line(),
            message: error.message_text().to_string(),
            error: error.to_string(),
        }
    }
}

/// What the check could not do as asked, or did otherwise than asked: every output says it,
/// and it never fails the check.
#[derive(Debug, Clone, PartialEq)]
pub enum Warning {
    /// `--base`: git could not give the base (`why`), so nothing is compared and the
    /// exercises are checked whole.
    NoBase { base: String, why: String },
    /// `--changed-since`: git could not tell what changed since `reference` (`why`), so every
    /// exercise is checked.
    NoChanges { reference: String, why: String },
    /// The exercise `dir` was renamed from `old` to `new`, a slug without canonical data: it
    /// is judged by `old`'s.
    JudgedAs {
        dir: String,
        old: String,
        new: String,
    },
}

/// What the outputs need to say a finding, by its kind.
#[derive(Debug, Clone, PartialEq)]
pub enum Detail {
    /// `lost`: the tests the change lost that implemented it; `replaced_by`: an included case
    /// reimplementing it that tests implement.
    Missing {
        case: CaseRef,
        lost: Vec<Lost>,
        replaced_by: Option<(CaseRef, Vec<TestRef>)>,
    },
    ExcludedButTested {
        case: CaseRef,
        tests: Vec<TestRef>,
    },
    /// The counts and what is unlinked, as `report::OwnTests` has them, and the test files.
    OwnTests {
        cases: usize,
        cases_linked: usize,
        tests: usize,
        tests_linked: usize,
        unlinked_cases: Vec<CaseRef>,
        unlinked_tests: Vec<TestRef>,
        test_files: Vec<String>,
    },
    /// The test that may implement the case, if any.
    Unconfirmed {
        case: CaseRef,
        test: Option<TestRef>,
    },
    /// The test most like the case, if any.
    CheckByReading {
        case: CaseRef,
        test: Option<TestRef>,
    },
    MisnamedTest {
        test: TestRef,
        named_after: CaseRef,
        implements: Vec<CaseRef>,
    },
    UnknownUuid {
        case: CaseRef,
    },
    UnsyncedUuid {
        case: CaseRef,
    },
    ExtraTest {
        test: TestRef,
    },
    TrackOnly(Problem),
    Unchecked(Problem),
    BaseUnchecked(Problem),
}

/// One finding of one exercise.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The exercise directory.
    pub dir: String,
    pub subject: Subject,
    pub detail: Detail,
    /// Compared with a base, how it came to be; `None` when the check is of one revision.
    pub change: Option<Change>,
    /// The track has recorded it as read and judged (its suppressions file): it never fails.
    pub recorded: bool,
}

impl Finding {
    pub fn new(dir: &str, subject: Subject, detail: Detail) -> Finding {
        Finding {
            dir: dir.to_string(),
            subject,
            detail,
            change: None,
            recorded: false,
        }
    }

    /// A finding about a whole exercise, from an error that names a file: an exercise that
    /// could not be checked, or one that is the track's own.
    pub fn unread(dir: &str, unread: &crate::canonical::exercise::Unread) -> Finding {
        use crate::canonical::exercise::Unread;
        let detail = match unread {
            Unread::Broken(error) => Detail::Unchecked(Problem::of(error)),
            Unread::TrackOnly(notice) => Detail::TrackOnly(Problem::of(notice)),
        };
        Finding::new(dir, Subject::Exercise, detail)
    }

    pub fn kind(&self) -> Kind {
        match &self.detail {
            Detail::Missing { .. } => Kind::Missing,
            Detail::ExcludedButTested { .. } => Kind::ExcludedButTested,
            Detail::OwnTests { .. } => Kind::OwnTests,
            Detail::Unconfirmed { .. } => Kind::Unconfirmed,
            Detail::CheckByReading { .. } => Kind::CheckByReading,
            Detail::MisnamedTest { .. } => Kind::MisnamedTest,
            Detail::UnknownUuid { .. } => Kind::UnknownUuid,
            Detail::UnsyncedUuid { .. } => Kind::UnsyncedUuid,
            Detail::ExtraTest { .. } => Kind::ExtraTest,
            Detail::TrackOnly(_) => Kind::TrackOnly,
            Detail::Unchecked(_) => Kind::Unchecked,
            Detail::BaseUnchecked(_) => Kind::BaseUnchecked,
        }
    }

    /// Whether it fails the check: a kind that fails it, not there before the change (where
    /// the check compares with a base), and not recorded as read.
    pub fn fails(&self) -> bool {
        self.kind().fails()
            && !matches!(self.change, Some(Change::Fixed | Change::Preexisting))
            && !self.recorded
    }

    /// Whether the exercise could not be checked in the working tree.
    pub fn unchecked(&self) -> bool {
        self.kind() == Kind::Unchecked
    }

    /// Whether it is an error: the exercise could not be checked, here or at the base.
    pub fn is_error(&self) -> bool {
        matches!(self.kind(), Kind::Unchecked | Kind::BaseUnchecked)
    }

    /// Compared with a base, the same finding told as fixed: what was an exercise that could
    /// not be checked at the base is one whose base could not be checked.
    pub fn fixed(mut self) -> Finding {
        self.change = Some(Change::Fixed);
        if let Detail::Unchecked(problem) = self.detail {
            self.detail = Detail::BaseUnchecked(problem);
        }
        self
    }

    /// The files it concerns, one annotation each: a path from the working directory, with a
    /// line where it has one.
    pub fn places(&self) -> Vec<Place> {
        let in_dir = |file: &str| Path::new(&self.dir).join(file).display().to_string();
        let toml = |line: Option<usize>| Place {
            file: in_dir(".meta/tests.toml"),
            line,
        };
        let test = |test: &TestRef| Place {
            file: in_dir(&test.file),
            line: Some(test.line),
        };
        // The test a reader is pointed to, or the case's line of tests.toml when there is none.
        let possible = |t: &Option<TestRef>, line: Option<usize>| match t {
            Some(t) => test(t),
            None => toml(line),
        };
        match &self.detail {
            Detail::Missing { case, .. } | Detail::UnknownUuid { case } => {
                vec![toml(case.toml_line)]
            }
            Detail::ExcludedButTested { tests, .. } => tests.iter().map(test).collect(),
            Detail::OwnTests { test_files, .. } => test_files
                .iter()
                .map(|file| Place {
                    file: in_dir(file),
                    line: None,
                })
                .collect(),
            Detail::Unconfirmed { test: t, case } | Detail::CheckByReading { test: t, case } => {
                vec![possible(t, case.toml_line)]
            }
            Detail::MisnamedTest { test: t, .. } | Detail::ExtraTest { test: t } => vec![test(t)],
            Detail::UnsyncedUuid { .. } => vec![toml(None)],
            Detail::TrackOnly(problem)
            | Detail::Unchecked(problem)
            | Detail::BaseUnchecked(problem) => vec![Place {
                file: problem.file.clone(),
                line: problem.line,
            }],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_row_of_the_table_is_its_kinds() {
        for (i, row) in KINDS.iter().enumerate() {
            assert_eq!(row.kind as usize, i, "{}", row.name);
        }
    }
}
