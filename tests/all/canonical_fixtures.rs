//! Snapshot tests of `--check-canonical` over `fixtures/canonical/<case>/`. Each case is a
//! small track (`exercises/practice/<slug>/`: tests.toml, config.json, test files) beside a
//! small `problem-specifications/`, and the three outputs of checking it:
//!
//! | output | what it holds |
//! |---|---|
//! | `expected_text.txt` | stdout, stderr and exit code of the default text format |
//! | `expected_github.txt` | the same with `--format github` |
//! | `expected_report.json` | the `--report` JSON |
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

/// Runs the check in `dir`; gives stdout, stderr and the exit code as one text.
fn check(dir: &Path, extra: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
        .current_dir(dir)
        .args([
            "--check-canonical",
            "exercises/practice",
            "--problem-specifications",
            "problem-specifications",
        ])
        .args(extra)
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

#[test]
fn every_canonical_fixture_gives_its_expected_outputs() {
    let mut mismatches = Vec::new();
    let cases = cases();
    assert!(cases.len() >= 8, "the canonical fixtures are missing");
    for dir in cases {
        let report = tempfile::NamedTempFile::new().unwrap();
        let report_path = report.path().to_str().unwrap();
        let text = check(&dir, &["--report", report_path]);
        let github = check(&dir, &["--format", "github"]);
        let json = fs::read_to_string(report.path()).unwrap();
        for (expected, produced) in [
            ("expected_text.txt", text),
            ("expected_github.txt", github),
            ("expected_report.json", json),
        ] {
            mismatches.extend(common::compare_or_bless(&dir.join(expected), &produced));
        }
    }
    common::assert_no_mismatches(&mismatches);
}

/// Deleting one test makes exactly its case missing and changes no other link.
#[test]
fn deleting_a_test_leaves_only_its_case_missing() {
    let dir = common::root().join("fixtures/canonical/renamed_test_linked_by_its_data");
    let work = tempfile::tempdir().unwrap();
    common::copy_tree(&dir, work.path());
    let links = |work: &Path| -> Vec<(String, Vec<u64>)> {
        let report = work.join("report.json");
        check(work, &["--report", report.to_str().unwrap()]);
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
