//! The GitHub Actions step (`action/check-canonical.sh`, which `action.yml` runs) in a track
//! of two commits, as a pull request's or a push's job would run it: `GITHUB_EVENT_NAME` names
//! the event, `GITHUB_BASE_REF` the branch a pull request goes into, `EVENT_BEFORE` the commit
//! before a push and `GITHUB_STEP_SUMMARY` the job summary. The track is
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
        "GITHUB_EVENT_NAME",
        "GITHUB_BASE_REF",
        "GITHUB_STEP_SUMMARY",
        "EVENT_BEFORE",
        "BASE",
        "SUPPRESSIONS",
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
fn a_pull_request_annotates_what_it_introduced_and_summarizes_it() {
    let work = tempfile::tempdir().unwrap();
    pull_request(work.path());
    let summary = work.path().join("summary.md");
    let out = step(
        work.path(),
        &[
            ("GITHUB_EVENT_NAME", "pull_request"),
            ("GITHUB_BASE_REF", "main"),
            ("GITHUB_STEP_SUMMARY", summary.to_str().unwrap()),
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            "::error file=exercises/practice/bird-songs/.meta/tests.toml,line=4::introduced \
             missing: no test implements 00000004 \"an owl hoots\": its test \"test_an_owl_hoots\" \
             (bird_songs_test.py:8 at main) was deleted (sound(\"owl\") == \"hoo\")",
            "checked 1 exercise changed since main (2 cases): introduced 1 missing; fixed \
             nothing; preexisting nothing; 0 could not be checked, 0 new, 0 deleted, 0 have no \
             tests.toml, 0 deprecated, 0 track-only, 1 unchanged since main",
        ],
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1));
    let summary = fs::read_to_string(&summary).unwrap();
    assert!(
        summary.starts_with(
            "## Canonical cases\n\nchecked 1 exercise changed since main (2 cases): introduced 1 \
             missing"
        ),
        "{summary}"
    );
    assert!(
        summary.contains(
            "### exercises/practice/bird-songs\n\n| change | finding | case | test |\n\
             |---|---|---|---|\n| introduced | missing | 00000004 \"an owl hoots\": its test"
        ),
        "{summary}"
    );
    assert!(!summary.contains("pet-sounds"), "{summary}");
}

#[test]
fn a_pull_request_s_merge_commit_is_compared_with_its_first_parent() {
    let work = tempfile::tempdir().unwrap();
    pull_request(work.path());
    let origin = work.path().join("track");
    // The base branch moves on after the pull request's merge commit is made: a commit that
    // deletes pet-sounds' test is no change of the pull request's.
    common::git(&origin, &["checkout", "--quiet", "-b", "merge", "main"]);
    common::git(
        &origin,
        &["merge", "--quiet", "--no-ff", "--message", "merge", "pull"],
    );
    common::git(&origin, &["checkout", "--quiet", "main"]);
    fs::write(
        origin.join("exercises/practice/pet-sounds/pet_sounds_test.py"),
        "from pet_sounds import sound\n",
    )
    .unwrap();
    common::git(
        &origin,
        &["commit", "--quiet", "--all", "--message", "later"],
    );
    // As actions/checkout makes it: the merge commit alone.
    let clone = work.path().join("clone");
    fs::create_dir(&clone).unwrap();
    let url = format!("file://{}", origin.display());
    common::git(
        &clone,
        &[
            "clone", "--quiet", "--depth", "1", "--branch", "merge", &url, "track",
        ],
    );
    common::copy_tree(
        &work.path().join("problem-specifications"),
        &clone.join("problem-specifications"),
    );
    let out = step(
        &clone,
        &[
            ("GITHUB_EVENT_NAME", "pull_request"),
            ("GITHUB_BASE_REF", "main"),
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("introduced 1 missing; fixed nothing; preexisting nothing")
            && stdout.contains("1 unchanged since "),
        "{stdout}\nstderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_push_is_compared_with_the_commit_before_it_and_a_new_branch_checked_whole() {
    let work = tempfile::tempdir().unwrap();
    pull_request(work.path());
    let track = work.path().join("track");
    let before = Command::new("git")
        .current_dir(&track)
        .args(["rev-parse", "main"])
        .output()
        .unwrap();
    let before = String::from_utf8_lossy(&before.stdout).trim().to_string();
    let out = step(
        work.path(),
        &[("GITHUB_EVENT_NAME", "push"), ("EVENT_BEFORE", &before)],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    // The commit before the push, named by its first 12 digits as git abbreviates it.
    let short = &before[..12];
    assert!(
        stdout.contains(&format!(
            "its test \"test_an_owl_hoots\" (bird_songs_test.py:8 at {short}) was deleted"
        )) && stdout.contains(&format!(
            "checked 1 exercise changed since {short} (2 cases): introduced 1 missing"
        )) && stdout.contains(&format!("1 unchanged since {short}")),
        "{stdout}"
    );
    assert!(!stdout.contains(&before), "{stdout}");
    let zeros = "0".repeat(40);
    let out = step(
        work.path(),
        &[("GITHUB_EVENT_NAME", "push"), ("EVENT_BEFORE", &zeros)],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("checked 2 exercises (4 cases): 2 missing"),
        "{stdout}"
    );
}

#[test]
fn the_build_is_cached_by_the_action_s_code() {
    let work = tempfile::tempdir().unwrap();
    for part in ["src", "queries", "grammars"] {
        common::copy_tree(&common::root().join(part), &work.path().join(part));
    }
    for file in ["Cargo.toml", "Cargo.lock", "build.rs"] {
        fs::copy(common::root().join(file), work.path().join(file)).unwrap();
    }
    let key = || {
        let out = Command::new("bash")
            .arg(common::root().join("action/cache-key.sh"))
            .arg(work.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let first = key();
    assert_eq!(first.trim().len(), 20, "{first}");
    assert_eq!(key(), first, "the same code, the same key");
    fs::write(work.path().join("src/main.rs"), "fn main() {}\n").unwrap();
    assert_ne!(key(), first, "a change of the code, a new key");
    let action = fs::read_to_string(common::root().join("action.yml")).unwrap();
    assert!(
        action.contains("key: exercism-test-helper-${{ runner.os }}-${{ steps.key.outputs.key }}"),
        "{action}"
    );
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
        "SUPPRESSIONS",
        "BASE",
        "EVENT_BEFORE",
    ] {
        assert!(action.contains(&format!("{variable}: ")), "{variable}");
        assert!(script.contains(&format!("${{{variable}")), "{variable}");
    }
}
