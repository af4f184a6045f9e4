//! The GitHub Actions step (`action/check-canonical.sh`, which `action.yml` runs) in a track
//! of two commits, as a pull request's job would run it: `GITHUB_BASE_REF` names the branch
//! the pull request goes into and `GITHUB_STEP_SUMMARY` the job summary. The track is
//! `fixtures/canonical/changed_since_checks_only_the_exercises_changed`: both exercises lack
//! a test, and the pull request's commit touches only bird-songs.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::common;

const FIXTURE: &str = "fixtures/canonical/changed_since_checks_only_the_exercises_changed";

/// A track on branch `main`, and a branch `pull` one commit ahead that changes bird-songs;
/// problem-specifications beside it, outside the repository.
fn pull_request(work: &Path) {
    let fixture = common::root().join(FIXTURE);
    let track = work.join("track");
    common::copy_tree(&fixture.join("exercises"), &track.join("exercises"));
    common::copy_tree(
        &fixture.join("problem-specifications"),
        &work.join("problem-specifications"),
    );
    common::git(&track, &["init", "--quiet"]);
    common::git(&track, &["add", "--all"]);
    common::git(&track, &["commit", "--quiet", "--message", "the track"]);
    common::git(&track, &["checkout", "--quiet", "-b", "pull"]);
    common::copy_tree(&fixture.join("changes"), &track);
    common::git(
        &track,
        &["commit", "--quiet", "--all", "--message", "a change"],
    );
}

/// Runs the action's script in the track with `env` (and nothing GitHub would set but that).
fn step(work: &Path, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new("bash");
    command
        .arg(common::root().join("action/check-canonical.sh"))
        .current_dir(work.join("track"))
        .env(
            "EXERCISM_TEST_HELPER",
            env!("CARGO_BIN_EXE_exercism_test_helper"),
        )
        .env(
            "PROBLEM_SPECIFICATIONS",
            work.join("problem-specifications"),
        );
    for variable in [
        "GITHUB_BASE_REF",
        "GITHUB_STEP_SUMMARY",
        "EXERCISES",
        "REPORT",
    ] {
        command.env_remove(variable);
    }
    command
        .envs(env.iter().copied())
        .output()
        .expect("bash runs")
}

#[test]
fn a_pull_request_annotates_what_it_changed_and_summarizes_it() {
    let work = tempfile::tempdir().unwrap();
    pull_request(work.path());
    let summary = work.path().join("summary.md");
    let out = step(
        work.path(),
        &[
            ("GITHUB_BASE_REF", "main"),
            ("GITHUB_STEP_SUMMARY", summary.to_str().unwrap()),
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            "::error file=exercises/practice/bird-songs/.meta/tests.toml,line=4::missing: no \
             test implements 00000004 \"an owl hoots\": sound(\"owl\") == \"hoo\"",
            "checked 1 exercise (2 cases): 1 missing, 0 excluded but tested, 0 unconfirmed, 0 \
             to check by reading, 0 misnamed, 0 extra tests, 0 unknown uuids, 0 unsynced \
             uuids; 0 could not be checked, 0 have no tests.toml, 0 deprecated, 0 track-only, \
             1 unchanged since main",
        ],
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1));
    let summary = fs::read_to_string(&summary).unwrap();
    assert!(
        summary.starts_with("## Canonical cases\n\nchecked 1 exercise (2 cases): 1 missing"),
        "{summary}"
    );
    assert!(
        summary.contains(
            "### exercises/practice/bird-songs\n\n| finding | case | test |\n|---|---|---|\n\
             | missing | 00000004 \"an owl hoots\": sound(\"owl\") == \"hoo\" |  |\n"
        ),
        "{summary}"
    );
    assert!(!summary.contains("pet-sounds"), "{summary}");
}

#[test]
fn without_a_pull_request_every_exercise_is_checked_and_the_report_written() {
    let work = tempfile::tempdir().unwrap();
    pull_request(work.path());
    let report = work.path().join("report.json");
    let out = step(work.path(), &[("REPORT", report.to_str().unwrap())]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let errors: Vec<&str> = stdout
        .lines()
        .filter(|line| line.starts_with("::error "))
        .collect();
    assert_eq!(errors.len(), 2, "{stdout}");
    assert!(
        stdout.contains("checked 2 exercises (4 cases): 2 missing"),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(report.as_array().unwrap().len(), 2);
}

#[test]
fn the_action_runs_the_script_with_what_it_reads() {
    let action = fs::read_to_string(common::root().join("action.yml")).unwrap();
    let script = fs::read_to_string(common::root().join("action/check-canonical.sh")).unwrap();
    assert!(
        action.contains("\"$GITHUB_ACTION_PATH/action/check-canonical.sh\""),
        "{action}"
    );
    for variable in [
        "EXERCISM_TEST_HELPER",
        "EXERCISES",
        "PROBLEM_SPECIFICATIONS",
        "PROBLEM_SPECIFICATIONS_REF",
        "REPORT",
    ] {
        assert!(action.contains(&format!("{variable}: ")), "{variable}");
        assert!(script.contains(&format!("${{{variable}")), "{variable}");
    }
}
