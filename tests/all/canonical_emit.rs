//! Each output of `--check-canonical` held to a fixture of its own: the same findings, one of
//! each kind, built as data and written by each emitter of `canonical::emit`, once as a check
//! of one revision and once compared with a base. The fixtures are
//! `fixtures/canonical_emit/every_kind_of_finding_in_each_output/<output>`; `BLESS=1`
//! re-blesses them.

use std::path::Path;

use exercism_test_helper::canonical::check::{CheckRun, ExerciseFindings, Tally};
use exercism_test_helper::canonical::emit;
use exercism_test_helper::canonical::finding::{
    CaseData, CaseRef, Change, Detail, Finding, Lost, Problem, Subject, TestRef, Warning,
};
use exercism_test_helper::canonical::report::{Entry, Report};
use serde_json::json;

use crate::common;

const DIR: &str = "exercises/practice/bob";

fn case(uuid: &str, description: &str, line: usize, data: bool) -> CaseRef {
    CaseRef {
        uuid: uuid.to_string(),
        description: description.to_string(),
        data: data.then(|| CaseData {
            property: "response".to_string(),
            input: json!({"heyBob": "Tom-ay-to, tom-aaaah-to."}),
            expected: json!("Whatever."),
        }),
        toml_line: Some(line),
    }
}

fn test(line: usize, name: &str) -> TestRef {
    TestRef {
        file: "bob_test.py".to_string(),
        line,
        name: name.to_string(),
    }
}

fn problem(file: &str, line: Option<usize>, message: &str) -> Problem {
    Problem {
        file: file.to_string(),
        line,
        message: message.to_string(),
        error: format!("{file}: {message}"),
    }
}

fn finding(dir: &str, subject: Subject, detail: Detail) -> Finding {
    Finding::new(dir, subject, detail)
}

fn by_case(uuid: &str) -> Subject {
    Subject::Case(uuid.to_string())
}

fn by_test(test: &TestRef) -> Subject {
    Subject::Test {
        file: test.file.clone(),
        line: test.line,
    }
}

/// One finding of each kind a check of one revision has, over four exercises.
fn one_revision() -> Vec<ExerciseFindings> {
    let stating = case(
        "e1a3a2f6-0000-0000-0000-000000000001",
        "stating something",
        3,
        true,
    );
    let shouting = case("e1a3a2f6-0000-0000-0000-000000000002", "shouting", 7, true);
    let asking = case(
        "e1a3a2f6-0000-0000-0000-000000000003",
        "asking | a *question*",
        11,
        true,
    );
    let forceful = case(
        "e1a3a2f6-0000-0000-0000-000000000004",
        "forceful question",
        15,
        true,
    );
    let old = case(
        "e1a3a2f6-0000-0000-0000-000000000005",
        "old silence",
        19,
        false,
    );
    let unsynced = CaseRef {
        toml_line: None,
        data: None,
        ..case(
            "e1a3a2f6-0000-0000-0000-000000000006",
            "new in the data",
            0,
            false,
        )
    };
    let extra = test(40, "test_talking_forcefully");
    let misnamed = test(12, "test_shouting");
    let mut recorded = finding(
        DIR,
        by_case(&forceful.uuid),
        Detail::Missing {
            case: forceful.clone(),
            lost: Vec::new(),
            replaced_by: None,
        },
    );
    recorded.recorded = true;
    let bob = vec![
        finding(
            DIR,
            by_case(&stating.uuid),
            Detail::Missing {
                case: stating.clone(),
                lost: Vec::new(),
                replaced_by: Some((shouting.clone(), vec![test(8, "test_shouting")])),
            },
        ),
        recorded,
        finding(
            DIR,
            by_case(&old.uuid),
            Detail::ExcludedButTested {
                case: old.clone(),
                tests: vec![test(20, "test_silence"), test(24, "test_more_silence")],
            },
        ),
        finding(
            DIR,
            by_case(&asking.uuid),
            Detail::Unconfirmed {
                case: asking.clone(),
                test: Some(test(30, "test_asking")),
            },
        ),
        finding(
            DIR,
            by_case(&shouting.uuid),
            Detail::CheckByReading {
                case: shouting.clone(),
                test: None,
            },
        ),
        finding(
            DIR,
            by_test(&misnamed),
            Detail::MisnamedTest {
                test: misnamed,
                named_after: shouting.clone(),
                implements: vec![asking.clone()],
            },
        ),
        finding(
            DIR,
            by_case(&old.uuid),
            Detail::UnknownUuid { case: old.clone() },
        ),
        finding(
            DIR,
            by_case(&unsynced.uuid),
            Detail::UnsyncedUuid { case: unsynced },
        ),
        finding(
            DIR,
            by_test(&extra),
            Detail::ExtraTest {
                test: extra.clone(),
            },
        ),
    ];
    let own = "exercises/practice/own";
    let own_findings = vec![finding(
        own,
        Subject::Exercise,
        Detail::OwnTests {
            cases: 4,
            cases_linked: 1,
            tests: 5,
            tests_linked: 1,
            unlinked_cases: vec![stating.clone(), asking.clone()],
            unlinked_tests: vec![test(3, "test_one"), test(9, "test_two")],
            test_files: vec!["own_test.py".to_string()],
        },
    )];
    let track = "exercises/practice/track";
    let track_only = vec![finding(
        track,
        Subject::Exercise,
        Detail::TrackOnly(problem(
            "exercises/practice/track/.meta/tests.toml",
            None,
            "has no canonical data: its cases are the track's own",
        )),
    )];
    let broken = "exercises/practice/broken";
    let unchecked = vec![finding(
        broken,
        Subject::Exercise,
        Detail::Unchecked(problem(
            "exercises/practice/broken/.meta/tests.toml",
            Some(4),
            "line 4: invalid TOML: expected `]`",
        )),
    )];
    vec![
        ExerciseFindings {
            dir: DIR.to_string(),
            findings: bob,
        },
        ExerciseFindings {
            dir: own.to_string(),
            findings: own_findings,
        },
        ExerciseFindings {
            dir: track.to_string(),
            findings: track_only,
        },
        ExerciseFindings {
            dir: broken.to_string(),
            findings: unchecked,
        },
    ]
}

/// A change's findings: introduced (a lost test), fixed, preexisting, and an exercise that
/// could not be checked at the base.
fn compared() -> Vec<ExerciseFindings> {
    let stating = case(
        "e1a3a2f6-0000-0000-0000-000000000001",
        "stating something",
        3,
        true,
    );
    let asking = case(
        "e1a3a2f6-0000-0000-0000-000000000003",
        "asking a question",
        11,
        true,
    );
    let extra = test(40, "test_talking_forcefully");
    let told = |mut f: Finding, change: Change| {
        f.change = Some(change);
        f
    };
    let bob = vec![
        told(
            finding(
                DIR,
                by_case(&stating.uuid),
                Detail::Missing {
                    case: stating.clone(),
                    lost: vec![Lost {
                        uuid: stating.uuid.clone(),
                        test: test(5, "test_stating_something"),
                        base: "0123456789abcdef0123456789abcdef01234567".to_string(),
                        deleted: true,
                    }],
                    replaced_by: None,
                },
            ),
            Change::Introduced,
        ),
        told(
            finding(
                DIR,
                by_test(&extra),
                Detail::ExtraTest {
                    test: extra.clone(),
                },
            ),
            Change::Preexisting,
        ),
        told(
            finding(
                DIR,
                by_case(&asking.uuid),
                Detail::Unconfirmed {
                    case: asking.clone(),
                    test: Some(test(30, "test_asking")),
                },
            ),
            Change::Fixed,
        ),
    ];
    let renamed = "exercises/practice/renamed";
    let base_broken = vec![
        finding(
            renamed,
            Subject::Exercise,
            Detail::Unchecked(problem(
                "exercises/practice/renamed/.meta/tests.toml",
                None,
                "no such file or directory",
            )),
        )
        .fixed(),
    ];
    vec![
        ExerciseFindings {
            dir: DIR.to_string(),
            findings: bob,
        },
        ExerciseFindings {
            dir: renamed.to_string(),
            findings: base_broken,
        },
    ]
}

fn tallies() -> [(&'static str, Vec<ExerciseFindings>, Tally); 2] {
    let one = Tally {
        exercises: 2,
        cases: 10,
        without_toml: 1,
        deprecated: 2,
        ..Tally::default()
    };
    let base = "origin/main".to_string();
    let two = Tally {
        exercises: 2,
        cases: 6,
        unchanged: Some((base.clone(), 40)),
        base: Some(base),
        new: 1,
        ..Tally::default()
    };
    [
        ("one revision", one_revision(), one),
        ("compared with a base", compared(), two),
    ]
}

/// Writes both runs with `emitter`, each under a heading.
fn both(emitter: impl Fn(&CheckRun) -> String) -> String {
    let mut out = String::new();
    for (name, exercises, tally) in tallies() {
        let run = CheckRun {
            exercises,
            tally,
            warnings: vec![
                Warning::NoBase {
                    base: "origin/main".to_string(),
                    why: "git cannot find it".to_string(),
                },
                Warning::JudgedAs {
                    dir: "exercises/practice/leap-year".to_string(),
                    old: "leap".to_string(),
                    new: "leap-year".to_string(),
                },
            ],
            ..CheckRun::default()
        };
        out.push_str(&format!("=== {name}\n{}", emitter(&run)));
    }
    out
}

fn printed(printed: emit::Emitted, errors: Vec<String>) -> String {
    let mut out = printed.stdout.join("\n") + "\n--- stderr\n";
    for line in errors.iter().chain(&printed.stderr) {
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[test]
fn each_emitter_writes_every_kind_of_finding_as_its_fixture_holds() {
    let fixtures =
        common::root().join("fixtures/canonical_emit/every_kind_of_finding_in_each_output");
    let outputs = [
        (
            "text.txt",
            both(|run| printed(emit::text::write(run, false), emit::errors(run))),
        ),
        (
            "verbose.txt",
            both(|run| printed(emit::text::write(run, true), emit::errors(run))),
        ),
        (
            "github.txt",
            both(|run| {
                printed(
                    emit::github::write(run, Path::new("/work/track"), true),
                    emit::errors(run),
                )
            }),
        ),
        ("summary.md", both(emit::markdown::write)),
        ("report.json", report()),
    ];
    let mismatches: Vec<String> = outputs
        .iter()
        .filter_map(|(name, produced)| common::compare_or_bless(&fixtures.join(name), produced))
        .collect();
    common::assert_no_mismatches(&mismatches);
}

/// The report of an exercise checked, one track-only and one that could not be checked, given
/// in the wrong order.
fn report() -> String {
    let mut checked = Report::default();
    checked.slug = "bob".to_string();
    checked.dir = DIR.to_string();
    checked.test_files = vec!["bob_test.py".to_string()];
    checked.missing = vec!["e1a3a2f6-0000-0000-0000-000000000001".to_string()];
    checked.extra_tests = vec![test(40, "test_talking_forcefully")];
    let entries = vec![
        Entry::Unchecked {
            dir: "exercises/practice/broken".to_string(),
            error: "exercises/practice/broken/.meta/tests.toml: line 4: invalid TOML".to_string(),
        },
        Entry::TrackOnly {
            dir: "exercises/practice/track".to_string(),
            notice: "has no canonical data".to_string(),
        },
        Entry::Checked(Box::new(checked)),
    ];
    emit::json::write(&CheckRun {
        entries,
        ..CheckRun::default()
    })
}
