//! How each command grows with its input: generated test files of 1k/10k/100k tests in each
//! language, logs of 10 MB/100 MB/1 GiB, and combine over 1k/10k tests. Prints Markdown tables
//! of median wall time (and peak resident memory for the logs, with GNU time when present).
//!
//! `cargo bench --bench scale` (BENCH_RUNS sets the runs per measurement, 5 by default;
//! BENCH_LOG_MB the largest log, 1024 by default).

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_exercism_test_helper");

fn runs() -> usize {
    std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5)
}

/// Median wall time of `args` run in `dir`, and the peak resident memory of one run in KiB.
fn measure(dir: &Path, args: &[&str]) -> (Duration, Option<u64>) {
    let mut times: Vec<Duration> = (0..runs())
        .map(|_| {
            let start = Instant::now();
            let status = Command::new(BIN)
                .current_dir(dir)
                .args(args)
                .status()
                .unwrap();
            assert!(status.success(), "{args:?}");
            start.elapsed()
        })
        .collect();
    times.sort();
    let peak = Path::new("/usr/bin/time").exists().then(|| {
        let out = Command::new("/usr/bin/time")
            .current_dir(dir)
            .args(["-f", "%M", BIN])
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stderr)
            .trim()
            .lines()
            .last()
            .unwrap()
            .parse()
            .unwrap()
    });
    (times[times.len() / 2], peak)
}

fn test_file(language: &str, tests: usize) -> (String, &'static str) {
    let mut out = String::new();
    match language {
        "elixir" => {
            out.push_str("defmodule GenTest do\n  use ExUnit.Case\n\n");
            for i in 0..tests {
                out.push_str(&format!(
                    "  @tag task_id: {}\n  @tag :pending\n  test \"adds number {i}\" do\n    assert Calc.add({i}, 1) == {}\n  end\n\n",
                    i % 5 + 1,
                    i + 1
                ));
            }
            out.push_str("end\n");
            (out, "exs")
        }
        "ruby" => {
            out.push_str("require 'minitest/autorun'\n\nclass GenTest < Minitest::Test\n");
            for i in 0..tests {
                out.push_str(&format!(
                    "  def test_adds_number_{i}\n    skip\n    assert_equal {}, Calc.add({i}, 1)\n  end\n\n",
                    i + 1
                ));
            }
            out.push_str("end\n");
            (out, "rb")
        }
        _ => {
            out.push_str(
                "import unittest\n\nimport pytest\n\n\nclass GenTest(unittest.TestCase):\n",
            );
            for i in 0..tests {
                out.push_str(&format!(
                    "    @pytest.mark.task(taskno={})\n    def test_adds_number_{i}(self):\n        self.assertEqual(add({i}, 1), {})\n\n",
                    i % 5 + 1,
                    i + 1
                ));
            }
            (out, "py")
        }
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();

    println!("| language | tests | file size | `--parse-meta` | `--transform` |");
    println!("|---|---|---|---|---|");
    for language in ["elixir", "ruby", "python"] {
        for tests in [1_000, 10_000, 100_000] {
            let (source, ext) = test_file(language, tests);
            let name = format!("gen_test.{ext}");
            fs::write(dir.join(&name), &source).unwrap();
            let _ = fs::remove_file(dir.join("meta.json"));
            let (meta, _) = measure(dir, &["--parse-meta", &format!("{name}:meta.json")]);
            let (transform, _) = measure(dir, &["--transform", &format!("{name}:out.{ext}")]);
            println!(
                "| {language} | {tests} | {:.1} MB | {} | {} |",
                source.len() as f64 / 1e6,
                ms(meta),
                ms(transform)
            );
        }
    }

    let largest: usize = std::env::var("BENCH_LOG_MB")
        .ok()
        .and_then(|m| m.parse().ok())
        .unwrap_or(1024);
    println!("\n| log | `--log-to-json` | throughput | peak memory |");
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
        let (time, peak) = measure(dir, &["--log-to-json", "output:output.json"]);
        let gbps = written as f64 / time.as_secs_f64() / 1e9;
        let peak = peak.map_or("-".to_string(), |kib| {
            format!("{:.1} MiB", kib as f64 / 1024.0)
        });
        println!("| {mb} MiB | {} | {gbps:.2} GB/s | {peak} |", ms(time));
        fs::remove_file(&path).unwrap();
    }

    println!("\n| tests | outputs | `--combine` |");
    println!("|---|---|---|");
    for tests in [1_000, 10_000] {
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
        // combine writes over its results file: each run gets a fresh copy, made before timing.
        let mut times: Vec<Duration> = (0..runs())
            .map(|_| {
                fs::write(dir.join("results.json"), &source).unwrap();
                let start = Instant::now();
                let status = Command::new(BIN)
                    .current_dir(dir)
                    .args(["--combine", "results.json:metadata.json:output.json"])
                    .status()
                    .unwrap();
                assert!(status.success());
                start.elapsed()
            })
            .collect();
        times.sort();
        println!("| {tests} | {tests} | {} |", ms(times[times.len() / 2]));
    }
}
