//! The words of each finding, as the outputs say it: what its line of text says after its
//! kind, what its annotation says, and its two cells in the job summary (the case, with what
//! is said of it, and the test).

use super::data::data_text;
use crate::canonical::finding::{CaseRef, Detail, Finding, Lost, Problem, TestRef, Warning};
use crate::canonical::git::abbreviated;

/// A uuid as the lines write it: its first 8 characters (the report has it whole).
pub fn short(uuid: &str) -> &str {
    uuid.get(..8).unwrap_or(uuid)
}

/// `<uuid8> "description"`.
fn described(case: &CaseRef) -> String {
    format!("{} \"{}\"", short(&case.uuid), case.description)
}

/// The case's data, `property(inputs…) == expected`; empty for a case without.
fn data(case: &CaseRef) -> String {
    case.data.as_ref().map_or(String::new(), data_text)
}

fn test_text(test: &TestRef) -> String {
    format!("{}:{} \"{}\"", test.file, test.line, test.name)
}

fn tests_text(tests: &[TestRef]) -> String {
    tests.iter().map(test_text).collect::<Vec<_>>().join(", ")
}

/// The test a reader is pointed to.
fn possible_text(test: &Option<TestRef>) -> String {
    match test {
        Some(test) => test_text(test),
        None => "the tests: no test is like it".to_string(),
    }
}

/// What a misnamed test is named after and what it implements.
fn misnaming(named_after: &CaseRef, implements: &[CaseRef]) -> String {
    let implements: Vec<String> = implements.iter().map(described).collect();
    format!(
        "named after {} but implements {}",
        described(named_after),
        implements.join(", ")
    )
}

/// A missing case: what it is, and how the change lost its tests or what replaces it.
fn missing(case: &CaseRef, lost: &[Lost], replaced_by: &Option<(CaseRef, Vec<TestRef>)>) -> String {
    if lost.is_empty() {
        // For a case that an included case reimplements and a test implements: the track
        // tests the new version (tests.toml may still include the old one by mistake).
        let replaced = replaced_by.as_ref().map_or(String::new(), |(new, tests)| {
            format!(
                " (reimplemented by {}, which {} implements: if the track follows the new \
                 case, mark this one include = false)",
                described(new),
                tests_text(tests)
            )
        });
        return format!("{}: {}{replaced}", described(case), data(case));
    }
    let lost: Vec<String> = lost
        .iter()
        .map(|l| {
            format!(
                "its test \"{}\" ({}:{} at {}) {}",
                l.test.name,
                l.test.file,
                l.test.line,
                abbreviated(&l.base),
                if l.deleted {
                    "was deleted"
                } else {
                    "was edited and no longer holds its data"
                }
            )
        })
        .collect();
    format!("{}: {} ({})", described(case), lost.join(", "), data(case))
}

/// `N of M included cases and N of M tests are linked`.
fn own_counts(detail: &Detail) -> String {
    match detail {
        Detail::OwnTests {
            cases,
            cases_linked,
            tests,
            tests_linked,
            ..
        } => format!(
            "{cases_linked} of {cases} included cases and {tests_linked} of {tests} tests are \
             linked"
        ),
        _ => String::new(),
    }
}

/// What the finding's line of text says after `<dir>: <kind> `.
pub fn text(finding: &Finding) -> String {
    match &finding.detail {
        Detail::Missing {
            case,
            lost,
            replaced_by,
        } => missing(case, lost, replaced_by),
        Detail::ExcludedButTested { case, tests } => format!(
            "{} (include = false) by {}",
            described(case),
            tests_text(tests)
        ),
        Detail::OwnTests {
            unlinked_cases,
            unlinked_tests,
            ..
        } => {
            let cases: Vec<String> = unlinked_cases.iter().map(described).collect();
            format!(
                "{}: the tests are the track's own, so which of them implement the {} \
                 unlinked cases is for a reader: {}; tests linked to no case: {}",
                own_counts(&finding.detail),
                cases.len(),
                cases.join(", "),
                tests_text(unlinked_tests)
            )
        }
        Detail::Unconfirmed { case, test } => format!(
            "{}: {} (possibly {})",
            described(case),
            data(case),
            possible_text(test)
        ),
        Detail::CheckByReading { case, test } => format!(
            "{}: {} (states a check, not data: read {})",
            described(case),
            data(case),
            possible_text(test)
        ),
        Detail::MisnamedTest {
            test,
            named_after,
            implements,
        } => format!(
            "{} is {}",
            test_text(test),
            misnaming(named_after, implements)
        ),
        Detail::UnknownUuid { .. } | Detail::UnsyncedUuid { .. } => cells(finding).0,
        Detail::ExtraTest { test } => test_text(test),
        Detail::TrackOnly(problem)
        | Detail::Unchecked(problem)
        | Detail::BaseUnchecked(problem) => problem.message.clone(),
    }
}

/// What the finding's annotation says after `<kind>: `.
pub fn message(finding: &Finding) -> String {
    match &finding.detail {
        Detail::Missing { .. } => format!("no test implements {}", text(finding)),
        Detail::ExcludedButTested { case, .. } => format!(
            "this test implements {}, which tests.toml excludes",
            described(case)
        ),
        Detail::OwnTests { .. } => format!(
            "{}: the tests are the track's own, not the canonical data's; read which cases of \
             tests.toml they implement",
            own_counts(&finding.detail)
        ),
        Detail::Unconfirmed { case, .. } => format!(
            "this test may implement {}, but the evidence is short of a link: read it",
            described(case)
        ),
        Detail::CheckByReading { case, .. } => format!(
            "{} states a check rather than data ({}): read whether this test makes it",
            described(case),
            data(case)
        ),
        Detail::MisnamedTest {
            named_after,
            implements,
            ..
        } => misnaming(named_after, implements),
        Detail::UnknownUuid { case } => format!(
            "{} is in tests.toml, not in canonical-data.json",
            described(case)
        ),
        Detail::UnsyncedUuid { case } => format!(
            "{} is in canonical-data.json, not in tests.toml: run configlet sync",
            described(case)
        ),
        Detail::ExtraTest { .. } => "implements no canonical case".to_string(),
        Detail::TrackOnly(problem)
        | Detail::Unchecked(problem)
        | Detail::BaseUnchecked(problem) => problem.message.clone(),
    }
}

/// The finding's cells in the job summary: the case it concerns, with what is said of it, and
/// the test. The first is also what a suppressions record shows of its case.
pub fn cells(finding: &Finding) -> (String, String) {
    match &finding.detail {
        Detail::Missing { .. } => (text(finding), String::new()),
        Detail::ExcludedButTested { case, tests } => (
            format!("{} (include = false)", described(case)),
            tests_text(tests),
        ),
        Detail::OwnTests {
            unlinked_cases,
            unlinked_tests,
            ..
        } => (
            format!("{} cases not linked", unlinked_cases.len()),
            format!("{} tests not linked", unlinked_tests.len()),
        ),
        Detail::Unconfirmed { case, test } => (
            format!("{}: {}", described(case), data(case)),
            format!("possibly {}", possible_text(test)),
        ),
        Detail::CheckByReading { case, test } => (
            format!(
                "{}: {} (states a check, not data)",
                described(case),
                data(case)
            ),
            format!("read {}", possible_text(test)),
        ),
        Detail::MisnamedTest {
            test,
            named_after,
            implements,
        } => (misnaming(named_after, implements), test_text(test)),
        Detail::UnknownUuid { case } => (
            format!(
                "{} (in tests.toml, not in canonical-data.json)",
                described(case)
            ),
            String::new(),
        ),
        Detail::UnsyncedUuid { case } => (
            format!(
                "{} (in canonical-data.json, not in tests.toml: run configlet sync)",
                described(case)
            ),
            String::new(),
        ),
        Detail::ExtraTest { test } => (String::new(), test_text(test)),
        Detail::TrackOnly(problem)
        | Detail::Unchecked(problem)
        | Detail::BaseUnchecked(problem) => (problem.error.clone(), String::new()),
    }
}

/// The error an exercise that could not be checked (here or at the base) is, if it is one.
pub fn problem(finding: &Finding) -> Option<&Problem> {
    match &finding.detail {
        Detail::Unchecked(problem) | Detail::BaseUnchecked(problem) => Some(problem),
        _ => None,
    }
}

/// What a warning of the check says.
pub fn warning(warning: &Warning) -> String {
    match warning {
        Warning::NoBase { base, why } => format!(
            "--base {}: {why}: nothing is compared, its exercises are checked whole and their \
             findings fail as without --base",
            abbreviated(base)
        ),
        Warning::NoChanges { reference, why } => format!(
            "--changed-since {}: {why}: its exercises are all checked",
            abbreviated(reference)
        ),
        Warning::JudgedAs { dir, old, new } => format!(
            "{dir}: renamed from `{old}` and `{new}` has no canonical data: judged by `{old}`'s"
        ),
    }
}
