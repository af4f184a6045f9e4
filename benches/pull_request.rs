//! `--check-canonical --base` against the single-revision check of the same exercises
//! (`--changed-since`, as the job ran before it): what judging a change by its difference
//! costs. Two changes of a track committed in a git repository: a test renamed in each of ten
//! exercises, and the docs of every exercise changed (a track's sync with upstream touches
//! them all). By default on a generated Python track of 40 exercises (20 cases each); with
//! `BENCH_TRACKS=<dir>` holding checkouts named elixir, ruby, python and
//! problem-specifications, on the real tracks too. Prints a Markdown table of medians and
//! their ratio.
//!
//! `cargo bench --bench pull_request` (BENCH_RUNS sets the runs, 5 by default).

mod support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use support::{BIN, median_any_exit, ms, runs};

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .current_dir(dir)
        .args([
            "-c",
            "user.name=Bench",
            "-c",
            "user.email=bench@example.com",
        ])
        .args(["-c", "commit.gpgsign=false"])
        .args(args)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {out:?}");
}

/// A generated Python track of 40 exercises in a git repository at `root/track`, with its
/// problem-specifications at `root/problem-specifications`.
fn generate(root: &Path) -> (PathBuf, PathBuf) {
    let track = root.join("track");
    let specs = root.join("problem-specifications");
    for e in 0..40 {
        let slug = format!("gen-{e}");
        let uuid = |i: usize| format!("{e:08x}-{i:04x}-4000-8000-000000000000");
        let cases: Vec<serde_json::Value> = (0..20)
            .map(|i| {
                serde_json::json!({"uuid": uuid(i), "description": format!("adds {i} and {e}"),
                    "property": "add", "input": {"a": i, "b": e}, "expected": i + e})
            })
            .collect();
        let data = specs.join("exercises").join(&slug);
        fs::create_dir_all(&data).unwrap();
        fs::write(
            data.join("canonical-data.json"),
            serde_json::json!({"exercise": slug, "cases": cases}).to_string(),
        )
        .unwrap();
        let dir = track.join("exercises/practice").join(&slug);
        fs::create_dir_all(dir.join(".meta")).unwrap();
        fs::create_dir_all(dir.join(".docs")).unwrap();
        fs::write(dir.join(".docs/instructions.md"), "# Instructions\n").unwrap();
        let toml: String = (0..20)
            .map(|i| format!("[{}]\ndescription = \"adds {i} and {e}\"\n\n", uuid(i)))
            .collect();
        fs::write(dir.join(".meta/tests.toml"), toml).unwrap();
        fs::write(
            dir.join(".meta/config.json"),
            r#"{"files": {"test": ["gen_test.py"]}}"#,
        )
        .unwrap();
        let tests: String = (0..20)
            .map(|i| {
                format!(
                    "    def test_adds_{i}_and_{e}(self):\n        self.assertEqual(add({i}, {e}), {})\n\n",
                    i + e
                )
            })
            .collect();
        fs::write(
            dir.join("gen_test.py"),
            format!("import unittest\n\n\nclass GenTest(unittest.TestCase):\n{tests}"),
        )
        .unwrap();
    }
    git(&track, &["init", "--quiet"]);
    git(&track, &["add", "--all"]);
    git(&track, &["commit", "--quiet", "--message", "the track"]);
    (track, specs)
}

/// The exercise directories of a track's practice folder with a tests.toml, sorted.
fn exercises(track: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(track.join("exercises/practice"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|d| d.join(".meta/tests.toml").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// Renames the first test of the exercise's first test file; false when it has none.
fn rename_a_test(dir: &Path) -> bool {
    let config: serde_json::Value = match fs::read(dir.join(".meta/config.json")) {
        Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_default(),
        Err(_) => return false,
    };
    let Some(file) = config["files"]["test"][0].as_str() else {
        return false;
    };
    let path = dir.join(file);
    let Ok(source) = fs::read_to_string(&path) else {
        return false;
    };
    let renamed = if let Some(at) = source.find("def test_") {
        format!(
            "{}def test_renamed_by_the_bench_{}",
            &source[..at],
            &source[at + "def test_".len()..]
        )
    } else if let Some(at) = source.find("test \"") {
        format!(
            "{}test \"renamed by the bench {}",
            &source[..at],
            &source[at + "test \"".len()..]
        )
    } else {
        return false;
    };
    fs::write(path, renamed).unwrap();
    true
}

/// A change to make in the track: gives how many exercises it changed.
type Change<'a> = Box<dyn Fn() -> usize + 'a>;

fn main() {
    let runs = runs(5);
    let work = tempfile::tempdir().unwrap();
    let mut tracks: Vec<(String, PathBuf, PathBuf)> = Vec::new();
    let (generated, generated_specs) = generate(&work.path().join("generated"));
    tracks.push(("generated python".into(), generated, generated_specs));
    if let Some(real) = std::env::var_os("BENCH_TRACKS").map(PathBuf::from) {
        for language in ["elixir", "ruby", "python"] {
            let clone = work.path().join(language);
            let from = real.join(language);
            git(
                work.path(),
                &[
                    "clone",
                    "--quiet",
                    "--shared",
                    from.to_str().unwrap(),
                    language,
                ],
            );
            tracks.push((
                format!("exercism/{language}"),
                clone,
                real.join("problem-specifications"),
            ));
        }
    }
    println!(
        "| track | change | exercises changed | single revision (`--changed-since`) | `--base` | ratio |"
    );
    println!("|---|---|---|---|---|---|");
    for (name, track, specs) in tracks {
        let all = exercises(&track);
        let ten: Vec<&PathBuf> = all
            .iter()
            .step_by((all.len() / 10).max(1))
            .take(10)
            .collect();
        let changes: [(&str, Change); 2] = [
            (
                "a test renamed in 10 exercises",
                Box::new(|| ten.iter().filter(|dir| rename_a_test(dir)).count()),
            ),
            (
                "every exercise's docs",
                Box::new(|| {
                    for dir in &all {
                        let docs = dir.join(".docs/instructions.md");
                        let mut text = fs::read_to_string(&docs).unwrap_or_default();
                        text.push_str("\nOne more line.\n");
                        fs::create_dir_all(docs.parent().unwrap()).unwrap();
                        fs::write(docs, text).unwrap();
                    }
                    all.len()
                }),
            ),
        ];
        for (change, make) in changes {
            git(&track, &["checkout", "--quiet", "--force", "HEAD"]);
            git(&track, &["clean", "-fdq"]);
            let changed = make();
            let args = |mode: &'static str| {
                vec![
                    "--check-canonical".to_string(),
                    "exercises/practice".to_string(),
                    "--problem-specifications".to_string(),
                    specs.display().to_string(),
                    mode.to_string(),
                    "HEAD".to_string(),
                ]
            };
            let time = |mode: &'static str| {
                let args = args(mode);
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                median_any_exit(runs, &track, BIN, &args)
            };
            let single = time("--changed-since");
            let base = time("--base");
            println!(
                "| {name} | {change} | {changed} | {} | {} | {:.2} |",
                ms(single),
                ms(base),
                base.as_secs_f64() / single.as_secs_f64()
            );
        }
    }
}
