//! Wall time of each command on a typical exercise (the bundled lasagna_party example: a
//! 2 KB test file, its captured stdout and ExUnit results), next to `cp` of the same test file,
//! the floor of process start and file I/O. Prints a Markdown table of medians.
//!
//! `cargo bench --bench commands` (set BENCH_RUNS to change the 301 runs per command).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn median_of(runs: usize, dir: &Path, program: &str, args: &[&str]) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let status = Command::new(program)
                .current_dir(dir)
                .args(args)
                .status()
                .expect("the command runs");
            let elapsed = start.elapsed();
            assert!(status.success(), "{program} {args:?} failed");
            elapsed
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn main() {
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(301);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    let copy = |from: &str, to: &str| std::fs::copy(root.join(from), dir.join(to)).unwrap();
    copy(
        "fixtures/elixir_e2e/lasagna_party/test/lasagna_party_test.exs",
        "test.exs",
    );
    copy("fixtures/elixir_e2e/lasagna_party/mix.exs", "mix.exs");
    copy("examples/lasagna_party/output", "output");
    copy("examples/lasagna_party/results.json", "run_results.json");
    let bin = env!("CARGO_BIN_EXE_exercism_test_helper");
    // Metadata and split output for --combine, made once.
    let prepare = [
        "--parse-meta",
        "test.exs:metadata.json",
        "--log-to-json",
        "output:output.json",
    ];
    assert!(
        Command::new(bin)
            .current_dir(dir)
            .args(prepare)
            .status()
            .unwrap()
            .success()
    );

    let floor = median_of(runs, dir, "cp", &["test.exs", "copy.exs"]);
    let commands: [(&str, &str, Vec<&str>); 5] = [
        (
            "--parse-meta",
            bin,
            vec!["--parse-meta", "test.exs:meta.json"],
        ),
        (
            "--transform",
            bin,
            vec!["--transform", "test.exs:transformed.exs"],
        ),
        (
            "--transform-mix",
            bin,
            vec!["--transform-mix", "mix.exs:mix.out.exs"],
        ),
        (
            "--log-to-json",
            bin,
            vec!["--log-to-json", "output:split.json"],
        ),
        // combine rewrites its results file: feed it a fresh copy each time through cp's cost
        // being excluded is not possible here, so it runs on the combined file after the first.
        (
            "--combine",
            bin,
            vec!["--combine", "run_results.json:metadata.json:output.json"],
        ),
    ];
    println!("| command | median wall time | ratio to `cp` |");
    println!("|---|---|---|");
    println!(
        "| `cp` (floor) | {:.2} ms | 1.00 |",
        floor.as_secs_f64() * 1e3
    );
    for (name, program, args) in commands {
        let median = median_of(runs, dir, program, &args);
        println!(
            "| `{name}` | {:.2} ms | {:.2} |",
            median.as_secs_f64() * 1e3,
            median.as_secs_f64() / floor.as_secs_f64()
        );
    }
    println!(
        "\n{runs} runs each; test file {} bytes.",
        std::fs::metadata(dir.join("test.exs")).unwrap().len()
    );
}
