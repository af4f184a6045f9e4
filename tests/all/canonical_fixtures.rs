//! Snapshot tests of `--check-canonical` over `fixtures/canonical/<case>/`. Each case is a
//! small track (`exercises/practice/<slug>/`: tests.toml, config.json, test files; a
//! `config.json` beside `exercises/` when the track's own matters) beside a small
//! `problem-specifications/`, and the outputs of checking it:
//!
//! | output | what it holds |
//! |---|---|
//! | `expected_text.txt` | stdout, stderr and exit code of the default text format |
//! | `expected_verbose.txt` | the same with `--verbose`, where that lists more |
//! | `expected_github.txt` | the same with `--format github` |
//! | `expected_summary.md` | the job summary `--format github` writes to `$GITHUB_STEP_SUMMARY` |
//! | `expected_report.json` | the `--report` JSON |
//!
//! A case may hold `args`, more arguments for every run (one per line), and `changes/`,
//! files that a second commit writes over the track, after deleting the paths its
//! `deletions` lists (one per line, from the track's root): the case is then checked in a git
//! repository of those two commits (`args` says since which, `--changed-since HEAD~1` or
//! `--base HEAD~1`).
//!
//! Run with `BLESS=1` to write the actual outputs as the new expected files.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

fn cases() -> Vec<PathBuf> {
    let root = common::root().join("fixtures/canonical");
    let mut cases: Vec<PathBuf> = fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    cases
}

/// The variables GitHub Actions sets that the check reads: a run outside a job has none,
/// whatever the environment the tests run in.
const GITHUB_VARIABLES: [&str; 2] = ["GITHUB_STEP_SUMMARY", "GITHUB_BASE_REF"];

/// Runs the check in `dir` with the case's `args` and `extra`, and `env` set; gives stdout,
/// stderr and the exit code as one text.
fn check(dir: &Path, extra: &[&str], env: &[(&str, &Path)]) -> String {
    let args = fs::read_to_string(dir.join("args")).unwrap_or_default();
    let mut command = Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"));
    command
        .current_dir(dir)
        .args([
            "--check-canonical",
            "exercises/practice",
            "--problem-specifications",
            "problem-specifications",
        ])
        .args(args.lines().filter(|line| !line.is_empty()))
        .args(extra);
    for variable in GITHUB_VARIABLES {
        command.env_remove(variable);
    }
    let out = command
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs");
    format!(
        "{}--- stderr\n{}--- exit {}\n",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
        out.status
            .code()
            .map_or("signal".to_string(), |c| c.to_string())
    )
}

/// The case's track, where it is checked: the case itself, or, for a case with `changes/`,
/// a git repository in `work` whose first commit is the track and whose second writes
/// `changes/` over it.
fn track(case: &Path, work: &Path) -> PathBuf {
    let changes = case.join("changes");
    if !changes.is_dir() {
        return case.to_path_buf();
    }
    for entry in fs::read_dir(case).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == "changes" || name == "deletions" || name.starts_with("expected_") {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            common::copy_tree(&entry.path(), &work.join(&name));
        } else {
            fs::copy(entry.path(), work.join(&name)).unwrap();
        }
    }
    common::git(work, &["init", "--quiet"]);
    common::git(work, &["add", "--all"]);
    common::git(work, &["commit", "--quiet", "--message", "the track"]);
    let deletions = fs::read_to_string(case.join("deletions")).unwrap_or_default();
    for path in deletions.lines().filter(|line| !line.is_empty()) {
        let path = work.join(path);
        if path.is_dir() {
            fs::remove_dir_all(path).unwrap();
        } else {
            fs::remove_file(path).unwrap();
        }
    }
    common::copy_tree(&changes, work);
    common::git(work, &["add", "--all"]);
    common::git(work, &["commit", "--quiet", "--message", "a change"]);
    work.to_path_buf()
}

#[test]
fn every_canonical_fixture_gives_its_expected_outputs() {
    let mut mismatches = Vec::new();
    let cases = cases();
    assert!(cases.len() >= 8, "the canonical fixtures are missing");
    for case in cases {
        let work = tempfile::tempdir().unwrap();
        let dir = track(&case, work.path());
        let outputs = tempfile::tempdir().unwrap();
        let report = outputs.path().join("report.json");
        let summary = outputs.path().join("summary.md");
        let text = check(&dir, &["--report", report.to_str().unwrap()], &[]);
        let verbose = check(&dir, &["--verbose"], &[]);
        let github = check(
            &dir,
            &["--format", "github"],
            &[("GITHUB_STEP_SUMMARY", &summary)],
        );
        let json = fs::read_to_string(&report).unwrap();
        let markdown = fs::read_to_string(&summary).unwrap_or_default();
        // Only where it says more than the text does.
        let verbose = if verbose == text {
            String::new()
        } else {
            verbose
        };
        for (expected, produced) in [
            ("expected_text.txt", text),
            ("expected_verbose.txt", verbose),
            ("expected_github.txt", github),
            ("expected_summary.md", markdown),
            ("expected_report.json", json),
        ] {
            mismatches.extend(common::compare_or_bless(&case.join(expected), &produced));
        }
    }
    common::assert_no_mismatches(&mismatches);
}

/// A deprecated exercise that its folder's check passes over is checked when named itself.
#[test]
fn a_deprecated_exercise_named_itself_is_checked() {
    let dir =
        common::root().join("fixtures/canonical/deprecated_exercises_passed_over_in_a_folder");
    let out = Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
        .current_dir(&dir)
        .args(["--check-canonical", "exercises/practice/old-sounds"])
        .args(["--problem-specifications", "problem-specifications"])
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with(
            "exercises/practice/old-sounds: missing 00000002 \"a dog barks\": sound(\"dog\") == \"woof\"\n\
             exercises/practice/old-sounds: excluded_but_tested 00000001 \"a cat meows\""
        ),
        "{stdout}"
    );
    assert!(stdout.contains("checked 1 exercise (2 cases)"), "{stdout}");
    assert!(stdout.contains(", 0 deprecated,"), "{stdout}");
    assert_eq!(out.status.code(), Some(1));
}

/// A change not committed yet, and a file git does not track, count as changes.
#[test]
fn changed_since_counts_what_is_not_committed_yet() {
    let case =
        common::root().join("fixtures/canonical/changed_since_checks_only_the_exercises_changed");
    let work = tempfile::tempdir().unwrap();
    let dir = track(&case, work.path());
    let since_head = |dir: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
            .current_dir(dir)
            .args(["--check-canonical", "exercises/practice"])
            .args(["--problem-specifications", "problem-specifications"])
            .args(["--changed-since", "HEAD"])
            .output()
            .expect("the binary runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(
        since_head(&dir).contains("checked 0 exercises (0 cases)"),
        "{}",
        since_head(&dir)
    );
    fs::write(dir.join("exercises/practice/pet-sounds/notes.md"), "new\n").unwrap();
    let bird = dir.join("exercises/practice/bird-songs/bird_songs_test.py");
    fs::write(&bird, fs::read_to_string(&bird).unwrap() + "\n").unwrap();
    let both = since_head(&dir);
    assert!(both.contains("checked 2 exercises (4 cases)"), "{both}");
    assert!(both.contains(", 0 unchanged since HEAD"), "{both}");
}

/// A file outside the working directory is named in the annotation's message, never as its
/// file: GitHub could not show it.
#[test]
fn annotations_name_no_file_outside_the_working_directory() {
    let dir = common::root().join("fixtures/canonical/bad_input_one_line_each_the_rest_checked");
    let out = Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
        .current_dir(dir.join("exercises"))
        .args(["--check-canonical", "practice"])
        .args(["--problem-specifications", "../problem-specifications"])
        .args(["--format", "github"])
        .env_remove("GITHUB_STEP_SUMMARY")
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "::error::could not be checked: ../problem-specifications/exercises/\
             canonical-not-json/canonical-data.json: not JSON"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("::error file=practice/bad-toml/.meta/tests.toml,line=3::"),
        "{stdout}"
    );
    assert!(!stdout.contains("file=../"), "{stdout}");
}

/// Deleting one test makes exactly its case missing and changes no other link.
#[test]
fn deleting_a_test_leaves_only_its_case_missing() {
    let dir = common::root().join("fixtures/canonical/renamed_test_linked_by_its_data");
    let work = tempfile::tempdir().unwrap();
    common::copy_tree(&dir, work.path());
    let links = |work: &Path| -> Vec<(String, Vec<u64>)> {
        let report = work.join("report.json");
        check(work, &["--report", report.to_str().unwrap()], &[]);
        let json: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(report).unwrap()).unwrap();
        json[0]["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let lines = c["tests"].as_array().unwrap();
                (
                    c["uuid"].as_str().unwrap().to_string(),
                    lines.iter().map(|t| t["line"].as_u64().unwrap()).collect(),
                )
            })
            .collect()
    };
    let before = links(work.path());
    assert!(
        before.iter().all(|(_, lines)| !lines.is_empty()),
        "{before:?}"
    );
    let file = work
        .path()
        .join("exercises/practice/pet-sounds/test/pet_sounds_test.exs");
    let source = fs::read_to_string(&file).unwrap();
    // The renamed test (`case 17`, lines 8 to 10) goes; its lines stay, empty.
    let without: Vec<&str> = source
        .lines()
        .enumerate()
        .map(|(i, line)| if (7..10).contains(&i) { "" } else { line })
        .collect();
    fs::write(&file, without.join("\n") + "\n").unwrap();
    let after = links(work.path());
    for ((uuid, was), (_, now)) in before.iter().zip(&after) {
        if was == &vec![8] {
            assert!(now.is_empty(), "{uuid} should be missing: {now:?}");
        } else {
            assert_eq!(was, now, "{uuid} changed");
        }
    }
}
