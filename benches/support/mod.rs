//! What the benches share: running a command many times and taking the median.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_exercism_test_helper");

/// `BENCH_RUNS` when set, else `default`.
pub fn runs(default: usize) -> usize {
    std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(default)
}

/// Median wall time of `program args` run in `dir`, over `runs` runs after two warm-ups;
/// `before` runs ahead of each (untimed), to give every run the same input.
pub fn median(
    runs: usize,
    dir: &Path,
    program: &str,
    args: &[&str],
    before: &mut dyn FnMut(),
) -> Duration {
    median_of(runs, dir, program, args, before, |code| code == 0)
}

fn median_of(
    runs: usize,
    dir: &Path,
    program: &str,
    args: &[&str],
    before: &mut dyn FnMut(),
    fine: impl Fn(i32) -> bool,
) -> Duration {
    let mut times: Vec<Duration> = (0..runs + 2)
        .map(|_| {
            before();
            let start = Instant::now();
            let out = Command::new(program)
                .current_dir(dir)
                .args(args)
                .output()
                .expect("the command runs");
            let elapsed = start.elapsed();
            assert!(
                out.status.code().is_some_and(&fine),
                "{program} {args:?} failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            elapsed
        })
        .skip(2)
        .collect();
    times.sort();
    times[times.len() / 2]
}

/// Median wall time of `program args` run in `dir`, whatever its exit code (a check that
/// finds something exits 1, one that could not check an exercise 2), over `runs` runs after
/// two warm-ups.
pub fn median_any_exit(runs: usize, dir: &Path, program: &str, args: &[&str]) -> Duration {
    median_of(runs, dir, program, args, &mut || {}, |code| code <= 2)
}

/// Median of `runs` in-process calls of `f`.
pub fn median_in_process<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let made = f();
            let time = start.elapsed();
            // What `f` made is freed outside the timing.
            drop(made);
            time
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

/// Peak resident memory in KiB of one run, from GNU time (`/usr/bin/time`), when present.
pub fn peak_kib(dir: &Path, args: &[&str]) -> Option<u64> {
    if !Path::new("/usr/bin/time").exists() {
        return None;
    }
    let out = Command::new("/usr/bin/time")
        .current_dir(dir)
        .args(["-f", "%M", BIN])
        .args(args)
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stderr)
        .trim()
        .lines()
        .last()?
        .parse()
        .ok()
}

pub fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 10.0 {
        format!("{ms:.2} ms")
    } else {
        format!("{ms:.1} ms")
    }
}
