//! Snapshot tests over `fixtures/<language>/<case>/`. Each case holds inputs and the outputs
//! the binary must produce from them; which steps run depends on which inputs are present:
//!
//! | input | command | expected output |
//! |---|---|---|
//! | `test.<ext>` | `--parse-meta` / `--transform` | `expected_metadata.json` / `expected_transformed.<ext>` |
//! | `mix.exs` | `--transform-mix` | `expected_mix.exs` |
//! | `stdout.log` | `--log-to-json` | `expected_output.json` |
//! | `run_results.json`, `.xml` or `.log` (`.missing`: no results file), `metadata.json`, `output.json` (and `stderr.log`: `--error-output`) | `--combine` | `expected_results.json` |
//!
//! A case's `.meta/` folder (an exercise's config) and `lib/` (the modules its doctests read)
//! are copied beside its inputs, and the words of its `flags` file are given to every step. Whatever the steps print on stderr must equal
//! `expected_stderr.txt` (absent: nothing).
//! Run with `BLESS=1` to write the actual outputs as the new expected files.

use std::fs;
use std::path::{Path, PathBuf};

use crate::common;

/// Runs the binary in `dir` with `args`; returns its stderr, failing on a non-zero exit.
fn run(dir: &Path, args: &[&str]) -> String {
    String::from_utf8_lossy(&common::helper(dir, args).stderr).into_owned()
}

/// Runs a step of `case` in `dir`, with the case's flags after `args`.
fn step(case: &Case, dir: &Path, args: &[&str]) -> String {
    let flags = fs::read_to_string(case.dir.join("flags")).unwrap_or_default();
    let mut args: Vec<&str> = args.to_vec();
    args.extend(flags.split_whitespace());
    run(dir, &args)
}

struct Case {
    dir: PathBuf,
    work: tempfile::TempDir,
    mismatches: Vec<String>,
}

impl Case {
    fn has(&self, name: &str) -> bool {
        self.dir.join(name).exists()
    }

    fn copy_in(&self, name: &str) {
        fs::copy(self.dir.join(name), self.work.path().join(name)).unwrap();
    }

    /// Compares the produced `actual` (a file in the work dir) with `expected` in the case.
    fn check(&mut self, actual: &str, expected: &str) {
        let produced = fs::read(self.work.path().join(actual))
            .unwrap_or_else(|e| panic!("{actual} was not produced: {e}"));
        self.compare(&String::from_utf8_lossy(&produced), expected);
    }

    fn compare(&mut self, produced: &str, expected: &str) {
        self.mismatches
            .extend(common::compare_or_bless(&self.dir.join(expected), produced));
    }
}

fn run_case(dir: &Path) -> Vec<String> {
    let mut case = Case {
        dir: dir.to_path_buf(),
        work: tempfile::tempdir().unwrap(),
        mismatches: Vec::new(),
    };
    let work = case.work.path().to_path_buf();
    let mut stderr = String::new();
    if case.has(".meta") {
        fs::create_dir(work.join(".meta")).unwrap();
        for entry in fs::read_dir(dir.join(".meta")).unwrap() {
            let entry = entry.unwrap();
            fs::copy(entry.path(), work.join(".meta").join(entry.file_name())).unwrap();
        }
    }
    // The modules a doctest reads.
    if case.has("lib") {
        common::copy_tree(&dir.join("lib"), &work.join("lib"));
    }

    let test_file = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .find(|name| name.starts_with("test."));
    if let Some(test_file) = test_file {
        let ext = test_file.trim_start_matches("test.").to_string();
        case.copy_in(&test_file);
        stderr += &step(
            &case,
            &work,
            &["--parse-meta", &format!("{test_file}:metadata.json")],
        );
        case.check("metadata.json", "expected_metadata.json");
        let transformed = format!("transformed.{ext}");
        stderr += &step(
            &case,
            &work,
            &["--transform", &format!("{test_file}:{transformed}")],
        );
        case.check(&transformed, &format!("expected_{transformed}"));
        // Every original line keeps its number: the transformed file has every test at the
        // line where the original has it, and lines are only ever added after the end.
        let read = |name: &str| fs::read_to_string(work.join(name)).unwrap();
        let (before, after) = (
            read(&test_file).lines().count(),
            read(&transformed).lines().count(),
        );
        assert!(
            after >= before,
            "{}: the transform removed lines",
            dir.display()
        );
        run(
            &work,
            &["--parse-meta", &format!("{transformed}:again.json")],
        );
        let tests_at = |name: &str| -> Vec<(String, u64)> {
            let meta: serde_json::Value = serde_json::from_str(&read(name)).unwrap();
            meta["tests"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| (t["name"].to_string(), t["line"].as_u64().unwrap()))
                .collect()
        };
        assert_eq!(
            tests_at("metadata.json"),
            tests_at("again.json"),
            "{}: the transform moved tests",
            dir.display()
        );
    }
    if case.has("mix.exs") {
        case.copy_in("mix.exs");
        stderr += &run(&work, &["--transform-mix", "mix.exs:transformed_mix.exs"]);
        case.check("transformed_mix.exs", "expected_mix.exs");
    }
    if case.has("stdout.log") {
        case.copy_in("stdout.log");
        stderr += &step(&case, &work, &["--log-to-json", "stdout.log:split.json"]);
        case.check("split.json", "expected_output.json");
    }
    // `run_results.missing` stands for a run that wrote no results file at all.
    let run_results = [
        "run_results.json",
        "run_results.xml",
        "run_results.log",
        "run_results.missing",
    ]
    .into_iter()
    .find(|name| case.has(name));
    if let Some(run_results) = run_results {
        let results = run_results
            .trim_start_matches("run_")
            .replace(".missing", ".json");
        let results = results.as_str();
        if !run_results.ends_with(".missing") {
            fs::copy(dir.join(run_results), work.join(results)).unwrap();
        }
        case.copy_in("metadata.json");
        case.copy_in("output.json");
        let spec = format!("{results}:metadata.json:output.json");
        let mut args = vec!["--combine", &spec];
        // `stderr.log` stands for what the run printed on its error output.
        if case.has("stderr.log") {
            case.copy_in("stderr.log");
            args.extend(["--error-output", "stderr.log"]);
        }
        stderr += &step(&case, &work, &args);
        case.check(results, "expected_results.json");
    }
    case.compare(&stderr, "expected_stderr.txt");
    case.mismatches
}

#[test]
fn fixtures_match_their_expected_outputs() {
    let mut cases: Vec<PathBuf> = Vec::new();
    for language in fs::read_dir(common::root().join("fixtures")).unwrap() {
        let language = language.unwrap().path();
        // `<language>_e2e/` folders hold exercises for the end-to-end tests, not cases.
        let is_e2e = language.to_string_lossy().ends_with("_e2e");
        if !language.is_dir() || is_e2e {
            continue;
        }
        for case in fs::read_dir(&language).unwrap() {
            cases.push(case.unwrap().path());
        }
    }
    cases.sort();
    assert!(!cases.is_empty(), "no fixtures found");
    let mut failures = Vec::new();
    for case in &cases {
        let mismatches = run_case(case);
        if !mismatches.is_empty() {
            eprintln!("{}", mismatches.join("\n"));
            failures.push(case.display().to_string());
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixture cases differ (diffs above; BLESS=1 re-blesses):\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
