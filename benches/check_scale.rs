//! How the tool grows with the inputs a careless or hostile contributor can make large: the
//! entries of a tests.toml, how deep a test file nests, and how long one value is. Each at
//! 1x, 10x and 100x, with each row's ratio to its 1x time: linear growth gives about 10 and
//! 100 (less where starting the process dominates the 1x time), and the bar is 150 at 100x.
//! Then the inputs of issue 40 as they were reported, each taken whole or refused at a bound.
//! Prints Markdown tables of median wall time.
//!
//! `cargo bench --bench check_scale` (BENCH_RUNS sets the runs per measurement, 5 by default).

mod support;

use std::fs;
use std::path::Path;
use std::time::Duration;

use support::{BIN, median_any_exit, ms, runs};

const SPECS: &str = "problem-specifications";

/// Writes the exercise `slug` into `root`: its tests.toml, its config.json naming `test_file`
/// (holding `source`), and its canonical cases. Gives the exercise directory, relative to `root`.
fn exercise(
    root: &Path,
    slug: &str,
    toml: &str,
    cases: Vec<serde_json::Value>,
    test_file: &str,
    source: &str,
) -> String {
    let dir = format!("exercises/practice/{slug}");
    let write = |path: &str, content: &str| {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, content).unwrap();
    };
    write(&format!("{dir}/.meta/tests.toml"), toml);
    let config = serde_json::json!({"files": {"test": [test_file]}});
    write(&format!("{dir}/.meta/config.json"), &config.to_string());
    write(&format!("{dir}/{test_file}"), source);
    let data = serde_json::json!({"exercise": slug, "cases": cases});
    let data_path = format!("{SPECS}/exercises/{slug}/canonical-data.json");
    write(&data_path, &data.to_string());
    dir
}

fn uuid(i: usize) -> String {
    format!("{i:08x}-0000-4000-8000-000000000000")
}

/// An exercise whose tests.toml lists `entries` canonical cases, ten of which its test file
/// tests.
fn many_entries(root: &Path, entries: usize) -> String {
    let toml: String = (0..entries)
        .map(|i| format!("[{}]\ndescription = \"adds {i}\"\n\n", uuid(i)))
        .collect();
    let cases = (0..entries)
        .map(|i| {
            serde_json::json!({"uuid": uuid(i), "description": format!("adds {i}"),
                "property": "add", "input": {"a": i, "label": format!("pair {i}")},
                "expected": i + 7})
        })
        .collect();
    let source: String = (0..10)
        .map(|i| {
            format!(
                "def test_adds_{i}():\n    assert add({i}, 'pair {i}') == {}\n\n",
                i + 7
            )
        })
        .collect();
    let slug = format!("entries-{entries}");
    exercise(root, &slug, &toml, cases, "entries_test.py", &source)
}

/// One case and its test, whose call also passes an empty list nested `depth` deep.
fn nested(root: &Path, language: &str, depth: usize) -> (String, String) {
    let list = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let (test_file, source) = match language {
        "elixir" => (
            "test/nested_test.exs",
            format!(
                "defmodule NestedTest do\n  use ExUnit.Case\n\n  test \"a cat meows\" do\n    \
                 assert Pets.sound(\"cat\", {list}) == \"meow\"\n  end\nend\n"
            ),
        ),
        "ruby" => (
            "nested_test.rb",
            format!(
                "class NestedTest < Minitest::Test\n  def test_a_cat_meows\n    \
                 assert_equal 'meow', Pets.sound('cat', {list})\n  end\nend\n"
            ),
        ),
        _ => (
            "nested_test.py",
            format!("def test_a_cat_meows():\n    assert sound(\"cat\", {list}) == \"meow\"\n"),
        ),
    };
    let case = serde_json::json!({"uuid": uuid(1), "description": "a cat meows",
        "property": "sound", "input": {"animal": "cat"}, "expected": "meow"});
    let toml = format!("[{}]\ndescription = \"a cat meows\"\n", uuid(1));
    let slug = format!("nested-{language}-{depth}");
    let dir = exercise(root, &slug, &toml, vec![case], test_file, &source);
    let test_path = format!("{dir}/{test_file}");
    (dir, test_path)
}

/// One case whose input is a text of `chars` characters, and its test holding the same text.
fn long_value(root: &Path, chars: usize) -> String {
    let text: String = "lorem ipsum dolor sit amet "
        .chars()
        .cycle()
        .take(chars)
        .collect();
    let case = serde_json::json!({"uuid": uuid(1), "description": "counts the words",
        "property": "count", "input": {"text": text}, "expected": 1});
    let toml = format!("[{}]\ndescription = \"counts the words\"\n", uuid(1));
    let source = format!("def test_counts_the_words():\n    assert count(\"{text}\") == 1\n");
    let slug = format!("value-{chars}");
    exercise(root, &slug, &toml, vec![case], "value_test.py", &source)
}

fn check_args(dir: &str) -> Vec<&str> {
    vec!["--check-canonical", dir, "--problem-specifications", SPECS]
}

/// Prints one row of the growth table: the times at 1x, 10x and 100x and their ratios.
fn row(input: &str, command: &str, sizes: [usize; 3], times: [Duration; 3]) {
    let ratio = |t: Duration| t.as_secs_f64() / times[0].as_secs_f64();
    let sizes = sizes.map(thousands);
    println!(
        "| {input} | {command} | {} / {} / {} | {} | {} | {} | {:.1} | {:.1} |",
        sizes[0],
        sizes[1],
        sizes[2],
        ms(times[0]),
        ms(times[1]),
        ms(times[2]),
        ratio(times[1]),
        ratio(times[2]),
    );
}

/// `12345` as `12,345`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn main() {
    let runs = runs(5);
    let work = tempfile::tempdir().unwrap();
    let root = work.path();
    let time = |args: &[&str]| median_any_exit(runs, root, BIN, args);

    println!(
        "| input | command | sizes (1x / 10x / 100x) | 1x | 10x | 100x | 10x / 1x | 100x / 1x |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let sizes = [5, 50, 500];
    let times = sizes.map(|n| time(&check_args(&many_entries(root, n))));
    row("tests.toml entries", "`--check-canonical`", sizes, times);
    for language in ["python", "ruby", "elixir"] {
        let sizes = [1_000, 10_000, 100_000];
        let made = sizes.map(|depth| nested(root, language, depth));
        let input = format!("nesting depth ({language})");
        let times = made.clone().map(|(dir, _)| time(&check_args(&dir)));
        row(&input, "`--check-canonical`", sizes, times);
        let times = made.map(|(_, test)| time(&["--parse-meta", &test, "metadata.json"]));
        row(&input, "`--parse-meta`", sizes, times);
    }
    let sizes = [30_000, 300_000, 3_000_000];
    let times = sizes.map(|chars| time(&check_args(&long_value(root, chars))));
    row(
        "value size (characters)",
        "`--check-canonical`",
        sizes,
        times,
    );

    println!("\n| input of issue 40 | `--check-canonical` | what it does |");
    println!("|---|---|---|");
    let compact =
        |entries: usize| -> String { (0..entries).map(|i| format!("[{}]\n", uuid(i))).collect() };
    for entries in [20_000, 100_000] {
        let dir = many_entries(root, 1);
        fs::write(root.join(&dir).join(".meta/tests.toml"), compact(entries)).unwrap();
        let input = format!("a tests.toml of {} entries", thousands(entries));
        issue_row(root, &input, &check_args(&dir), &time);
    }
    for depth in [10_000, 30_000] {
        let (dir, _) = nested(root, "python", depth);
        let input = format!("a test file of {} nested brackets", thousands(depth));
        issue_row(root, &input, &check_args(&dir), &time);
    }
    let dir = long_value(root, 10);
    let huge = "a".repeat(50_000_000);
    let case = serde_json::json!({"cases": [{"uuid": uuid(1), "description": "counts the words",
        "property": "count", "input": {"text": huge}, "expected": 1}]});
    let data = root
        .join(SPECS)
        .join("exercises/value-10/canonical-data.json");
    fs::write(data, case.to_string()).unwrap();
    let input = "canonical data of one 50M-character string";
    issue_row(root, input, &check_args(&dir), &time);
}

/// Prints the time of one input of the issue, and its outcome: its error line, if any.
fn issue_row(root: &Path, input: &str, args: &[&str], time: &dyn Fn(&[&str]) -> Duration) {
    let out = std::process::Command::new(BIN)
        .current_dir(root)
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code().unwrap_or(-1);
    let said = stderr.lines().next().map_or_else(
        || format!("checked (exit {code})"),
        |error| format!("refused: `{error}`"),
    );
    let said = said.replace(root.to_str().unwrap(), "").replace('|', "\\|");
    println!("| {input} | {} | {said} |", ms(time(args)));
}
