//! How each command grows with its input: generated test files of 1k/10k/100k tests in each
//! language (all in one group, or a group per test), logs of 10 MiB/100 MiB/1 GiB, and combine
//! over 1k/10k/100k tests. Prints Markdown tables of median wall time, with tree-sitter's parse
//! of the same file alone (in process) as the floor of `--parse-meta`, beside it one cursor visit
//! of every node of the parsed tree on two threads (what any query over the whole tree adds),
//! and peak resident memory for the logs (GNU time).
//!
//! Then `--combine` of results too large for results.json, which the budget cuts to 500,000
//! bytes, with the time of the budget alone.
//!
//! `cargo bench --bench scale` (BENCH_RUNS sets the runs per measurement, 5 by default;
//! BENCH_LOG_MB the largest log, 1024 by default; BENCH_LANGUAGES the languages of the test
//! files, comma-separated, every registered one by default; BENCH_ONLY=budget runs the
//! budget's table alone).

mod support;

use std::fs;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

use exercism_test_helper::run::combine::{combine, parse_outputs, parse_run};
use exercism_test_helper::source::language::Language;
use exercism_test_helper::source::meta::Metadata;
use support::{BIN, median, median_in_process, ms, peak_kib, runs};

/// A generated test file of `tests` tests, `per_group` tests to a group (an ExUnit or Jest
/// `describe`, a Ruby or Python class): the flat shape puts them all in one group, the other
/// gives each test its own.
/// With `helper`, every test uses a helper or constant the file defines, which its test_code
/// shows.
fn test_file(
    language: &str,
    tests: usize,
    per_group: usize,
    helper: bool,
) -> (String, &'static str) {
    let mut out = String::new();
    let one = if helper { "one()" } else { "1" };
    match language {
        "elixir" => {
            out.push_str("defmodule GenTest do\n  use ExUnit.Case\n\n");
            if helper {
                out.push_str("  defp one, do: 1\n\n");
            }
            for i in 0..tests {
                if i % per_group == 0 {
                    out.push_str(&format!("  describe \"group {i}\" do\n"));
                }
                out.push_str(&format!(
                    "  @tag task_id: {}\n  @tag :pending\n  test \"adds number {i}\" do\n    assert Calc.add({i}, {one}) == {}\n  end\n\n",
                    i % 5 + 1,
                    i + 1
                ));
                if (i + 1) % per_group == 0 || i + 1 == tests {
                    out.push_str("  end\n\n");
                }
            }
            out.push_str("end\n");
            (out, "exs")
        }
        "ruby" => {
            out.push_str("require 'minitest/autorun'\n\n");
            if helper {
                out.push_str("ONE = 1\n\n");
            }
            let one = if helper { "ONE" } else { "1" };
            for i in 0..tests {
                if i % per_group == 0 {
                    out.push_str(&format!("class GenTest{i} < Minitest::Test\n"));
                }
                out.push_str(&format!(
                    "  def test_adds_number_{i}\n    skip\n    assert_equal {}, Calc.add({i}, {one})\n  end\n\n",
                    i + 1
                ));
                if (i + 1) % per_group == 0 || i + 1 == tests {
                    out.push_str("end\n\n");
                }
            }
            (out, "rb")
        }
        "javascript" => {
            out.push_str("import { add } from './calc';\n\n");
            if helper {
                out.push_str("const one = () => 1;\n\n");
            }
            for i in 0..tests {
                if i % per_group == 0 {
                    out.push_str(&format!("describe('group {i}', () => {{\n"));
                }
                out.push_str(&format!(
                    "  xtest('adds number {i}', () => {{\n    expect(add({i}, {one})).toBe({});\n  }});\n\n",
                    i + 1
                ));
                if (i + 1) % per_group == 0 || i + 1 == tests {
                    out.push_str("});\n\n");
                }
            }
            (out, "js")
        }
        _ => {
            out.push_str("import unittest\n\nimport pytest\n\n");
            if helper {
                out.push_str("\ndef one():\n    return 1\n\n");
            }
            for i in 0..tests {
                if i % per_group == 0 {
                    out.push_str(&format!("\nclass GenTest{i}(unittest.TestCase):\n"));
                }
                out.push_str(&format!(
                    "    @pytest.mark.task(taskno={})\n    def test_adds_number_{i}(self):\n        self.assertEqual(add({i}, {one}), {})\n\n",
                    i % 5 + 1,
                    i + 1
                ));
            }
            (out, "py")
        }
    }
}

/// Visits every node of `count` siblings from the cursor's node down, in document order.
fn visit(mut cursor: tree_sitter::TreeCursor, count: usize) -> usize {
    let (top, mut left, mut visited) = (cursor.depth(), count, 0);
    loop {
        visited += 1;
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.depth() == top {
                left -= 1;
                if left > 0 && cursor.goto_next_sibling() {
                    break;
                }
                return visited;
            }
            if cursor.goto_next_sibling() {
                break;
            }
            cursor.goto_parent();
        }
    }
}

/// One cursor visit of the nodes under the widest node of `tree` (down the path of the
/// largest children, the first with 64 children or more), its children shared by two threads
/// as the tool's matcher shares them: what any query over the whole tree costs at least, on
/// top of the parse. The generated files hold all but a few nodes there; a tree without such
/// a node is visited whole on one thread.
fn visit_in_two(tree: &tree_sitter::Tree) -> usize {
    let mut wide = tree.root_node();
    while wide.child_count() < 64 {
        let mut cursor = wide.walk();
        match wide
            .children(&mut cursor)
            .max_by_key(|c| c.byte_range().len())
        {
            Some(child) => wide = child,
            None => return visit(tree.walk(), 1),
        }
    }
    let count = wide.child_count() as usize;
    std::thread::scope(|scope| {
        let halves = [(0, count / 2), (count / 2, count - count / 2)].map(|(from, count)| {
            scope.spawn(move || {
                let mut cursor = wide.walk();
                cursor.goto_first_child();
                for _ in 0..from {
                    cursor.goto_next_sibling();
                }
                visit(cursor, count)
            })
        });
        halves.into_iter().map(|h| h.join().unwrap()).sum()
    })
}

fn main() {
    let runs = runs(5);
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    if std::env::var("BENCH_ONLY").is_ok_and(|only| only == "budget") {
        budget(runs, dir);
        return;
    }
    let remove = |name: &str| {
        let _ = fs::remove_file(dir.join(name));
    };

    println!(
        "| language | shape | tests | file size | tree-sitter parse alone | one visit of every \
         node (2 threads) | `--parse-meta` | `--parse-meta --test-code body` | `--transform` | \
         ratio to the parse | ratio to parse + visit | context / body |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    let languages: Vec<String> = match std::env::var("BENCH_LANGUAGES") {
        Ok(list) => list.split(',').map(str::to_string).collect(),
        Err(_) => exercism_test_helper::source::language::names()
            .into_iter()
            .map(str::to_string)
            .collect(),
    };
    for language in &languages {
        let language = language.as_str();
        let grammar = &Language::by_name(language).unwrap().grammar;
        let shapes = [
            ("one group", true, false),
            ("a group per test", false, false),
            ("one group, each test using a helper", true, true),
        ];
        for (shape, one_group, helper) in shapes {
            for tests in [1_000, 10_000, 100_000] {
                let per_group = if one_group { tests } else { 1 };
                let (source, ext) = test_file(language, tests, per_group, helper);
                let name = format!("gen_test.{ext}");
                fs::write(dir.join(&name), &source).unwrap();
                let parse = median_in_process(runs, || {
                    let mut parser = tree_sitter::Parser::new();
                    parser.set_language(grammar).unwrap();
                    (parser.parse(&source, None).unwrap(), parser)
                });
                let mut parser = tree_sitter::Parser::new();
                parser.set_language(grammar).unwrap();
                let tree = parser.parse(&source, None).unwrap();
                let visit = median_in_process(runs, || visit_in_two(&tree));
                let floor = (parse + visit).as_secs_f64();
                let meta_args = ["--parse-meta", &format!("{name}:meta.json")];
                let meta = median(runs, dir, BIN, &meta_args, &mut || remove("meta.json"));
                // The body alone is what --parse-meta did before test_code showed context.
                let body_args = [meta_args[0], meta_args[1], "--test-code", "body"];
                let body = median(runs, dir, BIN, &body_args, &mut || remove("meta.json"));
                let out = format!("out.{ext}");
                let transform_args = ["--transform", &format!("{name}:{out}")];
                let transform = median(runs, dir, BIN, &transform_args, &mut || remove(&out));
                println!(
                    "| {language} | {shape} | {tests} | {:.1} MB | {} | {} | {} | {} | {} | \
                     {:.2} / {:.2} | {:.2} / {:.2} | {:.3} |",
                    source.len() as f64 / 1e6,
                    ms(parse),
                    ms(visit),
                    ms(meta),
                    ms(body),
                    ms(transform),
                    meta.as_secs_f64() / parse.as_secs_f64(),
                    transform.as_secs_f64() / parse.as_secs_f64(),
                    meta.as_secs_f64() / floor,
                    transform.as_secs_f64() / floor,
                    meta.as_secs_f64() / body.as_secs_f64(),
                );
            }
        }
    }

    let largest: usize = std::env::var("BENCH_LOG_MB")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(1024);
    println!("\n| log | `--log-to-json` | throughput | peak resident memory |");
    println!("|---|---|---|---|");
    for mb in [10, 100, largest] {
        let path = dir.join("output");
        let mut file = std::io::BufWriter::new(fs::File::create(&path).unwrap());
        let mut written = 0;
        let mut test = 0;
        let chunk = "printed a line of debugging output, as students do in loops\n".repeat(16);
        while written < mb * 1024 * 1024 {
            let header = format!("[test started] test adds number {test}\n");
            file.write_all(header.as_bytes()).unwrap();
            for _ in 0..64 {
                file.write_all(chunk.as_bytes()).unwrap();
            }
            written += header.len() + 64 * chunk.len();
            test += 1;
        }
        drop(file);
        let args = ["--log-to-json", "output:output.json"];
        let time = median(runs, dir, BIN, &args, &mut || remove("output.json"));
        let gbps = written as f64 / time.as_secs_f64() / 1e9;
        let peak = peak_kib(dir, &args).map_or("-".to_string(), |kib| {
            format!("{:.1} MiB", kib as f64 / 1024.0)
        });
        println!("| {mb} MiB | {} | {gbps:.2} GB/s | {peak} |", ms(time));
        fs::remove_file(&path).unwrap();
    }

    println!("\n| tests | outputs | `--combine` | per 1k tests |");
    println!("|---|---|---|---|");
    for tests in [1_000, 10_000, 100_000] {
        let names: Vec<String> = (0..tests)
            .map(|i| format!("test adds number {i}"))
            .collect();
        let metadata = serde_json::json!({"tests": names.iter().map(|n| serde_json::json!({
            "name": n, "test_code": "assert Calc.add(1, 1) == 2", "task_id": 1})).collect::<Vec<_>>()});
        let results = serde_json::json!({"version": 2, "status": "fail", "message": null,
            "tests": names.iter().rev().map(|n| serde_json::json!({"name": n, "status": "pass", "message": null})).collect::<Vec<_>>()});
        let outputs: serde_json::Map<String, serde_json::Value> = names
            .iter()
            .map(|n| (n.clone(), serde_json::json!("a line of output")))
            .collect();
        fs::write(dir.join("metadata.json"), metadata.to_string()).unwrap();
        fs::write(
            dir.join("output.json"),
            serde_json::Value::Object(outputs).to_string(),
        )
        .unwrap();
        let source = results.to_string();
        // combine writes over its results file: each run gets a fresh copy, made untimed.
        let args = ["--combine", "results.json:metadata.json:output.json"];
        let time = median(runs, dir, BIN, &args, &mut || {
            fs::write(dir.join("results.json"), &source).unwrap()
        });
        println!(
            "| {tests} | {tests} | {} | {} |",
            ms(time),
            ms(time / (tests / 1000) as u32)
        );
    }
    budget(runs, dir);
}

/// `--combine` of results too large for results.json, as the hostile tests make them: many
/// tests failing on long messages, a test_code of megabytes (a context definition), many
/// tests each with kilobytes of context. Within each group the input grows tenfold from row
/// to row; so should the time, at most. Beside it, `Results::fit` alone on what `combine`
/// joined, in process: the budget's own share.
fn budget(runs: usize, dir: &Path) {
    println!(
        "\n| results | input | `--combine` | per MB of input | `Results::fit` alone | what \
         results.json shows |"
    );
    println!("|---|---|---|---|---|---|");
    let cases = [
        ("1,000 tests failing on 10 KB messages", 1_000, 10_000, 20),
        ("1,000 tests failing on 100 KB messages", 1_000, 100_000, 20),
        ("10,000 tests failing on 10 KB messages", 10_000, 10_000, 20),
        ("1 test of a 1 MB test_code", 1, 0, 1_000_000),
        ("1 test of a 10 MB test_code", 1, 0, 10_000_000),
        ("1,000 tests of 2 KB test_code each", 1_000, 0, 2_000),
        ("10,000 tests of 2 KB test_code each", 10_000, 0, 2_000),
        ("100,000 tests of 2 KB test_code each", 100_000, 0, 2_000),
    ];
    for (label, tests, message, code) in cases {
        let names: Vec<String> = (0..tests).map(|i| format!("test case {i}")).collect();
        let message = serde_json::to_string(&"m".repeat(message)).unwrap();
        let code =
            serde_json::to_string(&format!("{}\n\nassert f() == 1", "c".repeat(code))).unwrap();
        let mut results = String::from(r#"{"version": 2, "status": "fail", "tests": ["#);
        let mut metadata = String::from(r#"{"tests": ["#);
        for (i, name) in names.iter().enumerate() {
            let sep = if i == 0 { "" } else { "," };
            let (status, message) = match message.len() > 2 || i % 2_500 == 0 {
                true => ("fail", message.as_str()),
                false => ("pass", "null"),
            };
            results.push_str(&format!(
                r#"{sep}{{"name": "{name}", "status": "{status}", "message": {message}}}"#
            ));
            metadata.push_str(&format!(
                r#"{sep}{{"name": "{name}", "test_code": {code}, "task_id": 1}}"#
            ));
        }
        results.push_str("]}");
        metadata.push_str("]}");
        fs::write(dir.join("metadata.json"), &metadata).unwrap();
        fs::write(dir.join("output.json"), "{}").unwrap();
        let args = ["--combine", "results.json:metadata.json:output.json"];
        let time = median(runs, dir, BIN, &args, &mut || {
            fs::write(dir.join("results.json"), &results).unwrap()
        });
        let written = fs::read(dir.join("results.json")).unwrap().len();
        // The budget alone, on the results combine joined, each run on a fresh copy.
        let joined = combine(
            parse_run(results.as_bytes()).unwrap(),
            &serde_json::from_str::<Metadata>(&metadata).unwrap(),
            &parse_outputs(b"{}").unwrap(),
            None,
        )
        .0;
        let mut times: Vec<_> = (0..runs)
            .map(|_| {
                let mut copy = joined.clone();
                let start = Instant::now();
                let fit = copy.fit();
                (start.elapsed(), fit)
            })
            .collect();
        times.sort_by_key(|(time, _)| *time);
        let (fit_time, fit) = &times[times.len() / 2];
        let mb = (results.len() + metadata.len()) as f64 / 1e6;
        let shown = match (fit.cap, fit.left_out.len()) {
            (None, 0) => "everything whole".to_string(),
            (Some(cap), 0) => format!("cut to {cap} characters"),
            (cap, left) => format!(
                "{} tests, {}, {left} left out",
                tests - left,
                cap.map_or("whole".to_string(), |c| format!("cut to {c} characters"))
            ),
        };
        println!(
            "| {label} | {mb:.1} MB | {} | {} | {} | {written} bytes: {shown} |",
            ms(time),
            ms(time.div_f64(mb)),
            ms(*fit_time),
        );
    }
}
