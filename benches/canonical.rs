//! `--check-canonical` over a whole track, next to its floor: reading every input file and
//! parsing every test file with tree-sitter, in process. By default on a generated track of
//! 44 exercises per language (20 cases each); with `BENCH_TRACKS=<dir>` holding checkouts named
//! elixir, ruby, python, javascript and problem-specifications, on the real tracks too.
//! Prints a Markdown table of medians and the ratio to the floor.
//!
//! `cargo bench --bench canonical` (BENCH_RUNS sets the runs, 21 by default).

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use exercism_test_helper::source::language::Language;
use support::{BIN, median_in_process, ms, runs};

/// Writes a generated track into `root` (`<lang>/exercises/practice/<slug>/` and
/// `problem-specifications/exercises/<slug>/`); gives the practice folders.
fn generate(root: &Path) -> Vec<(String, PathBuf)> {
    let mut folders = Vec::new();
    for (language, ext, test) in [
        ("elixir", "exs", "test/gen_test.exs"),
        ("ruby", "rb", "gen_test.rb"),
        ("python", "py", "gen_test.py"),
        ("javascript", "js", "gen.spec.js"),
    ] {
        let practice = root.join(language).join("exercises/practice");
        for e in 0..130 / 3 + 1 {
            let slug = format!("gen-{language}-{e}");
            let uuid = |i: usize| format!("{e:08x}-{i:04x}-4000-8000-000000000000");
            let cases: Vec<serde_json::Value> = (0..20)
                .map(|i| {
                    serde_json::json!({"uuid": uuid(i), "description": format!("adds {i} and {e}"),
                        "property": "add", "input": {"a": i, "b": e, "label": format!("pair {i}")},
                        "expected": i + e})
                })
                .collect();
            let specs = root.join("problem-specifications/exercises").join(&slug);
            fs::create_dir_all(&specs).unwrap();
            fs::write(
                specs.join("canonical-data.json"),
                serde_json::json!({"exercise": slug, "cases": cases}).to_string(),
            )
            .unwrap();
            let dir = practice.join(&slug);
            fs::create_dir_all(dir.join(".meta")).unwrap();
            fs::create_dir_all(dir.join("test")).unwrap();
            let toml: String = (0..20)
                .map(|i| format!("[{}]\ndescription = \"adds {i} and {e}\"\n\n", uuid(i)))
                .collect();
            fs::write(dir.join(".meta/tests.toml"), toml).unwrap();
            fs::write(
                dir.join(".meta/config.json"),
                serde_json::json!({"files": {"test": [test]}}).to_string(),
            )
            .unwrap();
            let body = |i: usize| match ext {
                "exs" => format!(
                    "  test \"adds {i} and {e}\" do\n    assert Gen.add({i}, {e}, \"pair {i}\") == {}\n  end\n\n",
                    i + e
                ),
                "rb" => format!(
                    "  def test_adds_{i}_and_{e}\n    assert_equal {}, Gen.add({i}, {e}, 'pair {i}')\n  end\n\n",
                    i + e
                ),
                "js" => format!(
                    "  test('adds {i} and {e}', () => {{\n    expect(add({i}, {e}, 'pair {i}')).toEqual({});\n  }});\n\n",
                    i + e
                ),
                _ => format!(
                    "    def test_adds_{i}_and_{e}(self):\n        self.assertEqual(add({i}, {e}, 'pair {i}'), {})\n\n",
                    i + e
                ),
            };
            let (open, close) = match ext {
                "exs" => ("defmodule GenTest do\n  use ExUnit.Case\n\n", "end\n"),
                "rb" => (
                    "require 'minitest/autorun'\n\nclass GenTest < Minitest::Test\n",
                    "end\n",
                ),
                "js" => (
                    "import { add } from './gen';\n\ndescribe('Gen', () => {\n",
                    "});\n",
                ),
                _ => (
                    "import unittest\n\n\nclass GenTest(unittest.TestCase):\n",
                    "",
                ),
            };
            let source: String = std::iter::once(open.to_string())
                .chain((0..20).map(body))
                .chain([close.to_string()])
                .collect();
            fs::write(dir.join(test), source).unwrap();
        }
        folders.push((format!("generated {language}"), practice));
    }
    folders
}

/// The floor: every input read and every test file parsed, in process.
fn floor(practice: &Path, specs: &Path) -> impl FnMut() -> usize {
    let practice = practice.to_path_buf();
    let specs = specs.to_path_buf();
    move || {
        let mut parsed: usize = 0;
        let mut dirs: Vec<PathBuf> = fs::read_dir(&practice)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|d| d.join(".meta/tests.toml").is_file())
            .collect();
        dirs.sort();
        for dir in dirs {
            let slug = dir.file_name().unwrap().to_owned();
            let _toml = fs::read(dir.join(".meta/tests.toml")).unwrap();
            let _data = fs::read(
                specs
                    .join("exercises")
                    .join(&slug)
                    .join("canonical-data.json"),
            );
            let config: serde_json::Value =
                serde_json::from_slice(&fs::read(dir.join(".meta/config.json")).unwrap()).unwrap();
            for file in config["files"]["test"].as_array().unwrap() {
                let path = dir.join(file.as_str().unwrap());
                let Ok(source) = fs::read(&path) else {
                    continue;
                };
                let language = Language::for_path(&path, None).unwrap();
                let mut parser = tree_sitter::Parser::new();
                parser.set_language(&language.grammar).unwrap();
                parsed += parser
                    .parse(&source, None)
                    .map_or(0, |t| t.root_node().child_count() as usize);
            }
        }
        parsed
    }
}

fn main() {
    let runs = runs(21);
    let work = tempfile::tempdir().unwrap();
    let mut tracks: Vec<(String, PathBuf, PathBuf)> = generate(work.path())
        .into_iter()
        .map(|(name, practice)| (name, practice, work.path().join("problem-specifications")))
        .collect();
    if let Some(real) = std::env::var_os("BENCH_TRACKS").map(PathBuf::from) {
        for language in ["elixir", "ruby", "python", "javascript"] {
            tracks.push((
                format!("exercism/{language}"),
                real.join(language).join("exercises/practice"),
                real.join("problem-specifications"),
            ));
        }
    }
    println!("| track | exercises | floor: read and parse | `--check-canonical` | ratio |");
    println!("|---|---|---|---|---|");
    for (name, practice, specs) in tracks {
        let exercises = fs::read_dir(&practice)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .path()
                    .join(".meta/tests.toml")
                    .is_file()
            })
            .count();
        let floor = median_in_process(runs, floor(&practice, &specs));
        let args = [
            "--check-canonical",
            practice.to_str().unwrap(),
            "--problem-specifications",
            specs.to_str().unwrap(),
        ];
        let check = support::median_any_exit(runs, work.path(), BIN, &args);
        println!(
            "| {name} | {exercises} | {} | {} | {:.2} |",
            ms(floor),
            ms(check),
            check.as_secs_f64() / floor.as_secs_f64()
        );
    }
}
