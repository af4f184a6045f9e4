//! Logs that would knock over a naive splitter: a single line of 100 MB, in both header
//! dialects. The split must stay correct and its memory bounded (peak resident memory measured
//! with GNU time).

use std::fs;
use std::io::Write;
use std::process::Command;

const HUNDRED_MB: usize = 100 * 1024 * 1024;

/// Writes each file (a name and the parts of its content) to a fresh directory and runs the
/// helper there with `args` under GNU time; returns the directory and the peak resident
/// memory in KiB.
fn run_on(files: &[(&str, &[&[u8]])], args: &[&str]) -> (tempfile::TempDir, u64) {
    let work = tempfile::tempdir().unwrap();
    for (name, parts) in files {
        let mut file = fs::File::create(work.path().join(name)).unwrap();
        for part in *parts {
            file.write_all(part).unwrap();
        }
    }
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%M", env!("CARGO_BIN_EXE_exercism_test_helper")])
        .current_dir(work.path())
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let peak = stderr
        .trim()
        .lines()
        .last()
        .and_then(|l| l.parse().ok())
        .unwrap_or_else(|| panic!("no peak memory from GNU time: {stderr}"));
    (work, peak)
}

/// Runs `--log-to-json` on `log`; returns the split and the peak resident memory in KiB.
fn split(log: &[&[u8]]) -> (serde_json::Value, u64) {
    let (work, peak) = run_on(&[("output", log)], &["--log-to-json", "output:output.json"]);
    let json = serde_json::from_slice(&fs::read(work.path().join("output.json")).unwrap()).unwrap();
    (json, peak)
}

#[test]
#[cfg_attr(
    not(have_gnu_time),
    ignore = "GNU time not installed (apt-get install -y time)"
)]
fn a_single_100_mb_line_is_cut_and_memory_stays_bounded() {
    let line = vec![b'x'; HUNDRED_MB];
    let (json, peak) = split(&[
        b"[test started] test chatty\n",
        &line,
        b"\n[test started] test quiet\nok\n",
    ]);
    let chatty = json["test chatty"].as_str().unwrap();
    assert!(chatty.len() <= exercism_test_helper::run::log::MAX_OUTPUT_BYTES && chatty.len() > 500);
    assert_eq!(json["test quiet"], "ok");
    assert!(peak < 48 * 1024, "peak memory {peak} KiB for a 100 MB line");
}

#[test]
#[cfg_attr(
    not(have_gnu_time),
    ignore = "GNU time not installed (apt-get install -y time)"
)]
fn a_single_100_mb_line_in_the_line_dialect_is_cut_and_memory_stays_bounded() {
    let line = vec![b'y'; HUNDRED_MB];
    let (json, peak) = split(&[
        b"<IT::>chatty\n",
        &line,
        b"\n<COMPLETEDIN::>1\n<IT::>quiet\nok\n<COMPLETEDIN::>1\n",
    ]);
    let chatty = json["chatty"].as_str().unwrap();
    assert!(chatty.len() <= 64 * 1024 && chatty.len() > 500);
    assert_eq!(json["quiet"], "ok");
    assert!(peak < 48 * 1024, "peak memory {peak} KiB for a 100 MB line");
}

#[test]
#[cfg_attr(
    not(have_gnu_time),
    ignore = "GNU time not installed (apt-get install -y time)"
)]
fn a_100_mb_line_dialect_log_used_as_results_is_combined_in_bounded_memory() {
    let line = vec![b'z'; HUNDRED_MB];
    let metadata = br#"{"tests": [{"name": "chatty", "test_code": "a"}, {"name": "quiet", "test_code": "b"}]}"#;
    let log: &[&[u8]] = &[
        b"<IT::>chatty\n",
        &line,
        b"\n<PASSED::>ok\n<COMPLETEDIN::>1\n<IT::>quiet\n<FAILED::>no\n<COMPLETEDIN::>1\n",
    ];
    let (work, peak) = run_on(
        &[
            ("results.log", log),
            ("metadata.json", &[metadata]),
            ("output.json", &[b"{}"]),
        ],
        &["--combine", "results.log:metadata.json:output.json"],
    );
    let results: serde_json::Value =
        serde_json::from_slice(&fs::read(work.path().join("results.log")).unwrap()).unwrap();
    assert_eq!(results["tests"][0]["status"], "pass");
    assert_eq!(results["tests"][1]["status"], "fail");
    assert_eq!(results["tests"][1]["message"], "no");
    assert!(
        peak < 48 * 1024,
        "peak memory {peak} KiB for a 100 MB dialect log"
    );
}
