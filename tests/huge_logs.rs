//! Logs that would knock over a naive splitter: a single line of 100 MB, in both header
//! dialects. The split must stay correct and its memory bounded (peak resident memory measured
//! with GNU time).

mod common;

use std::fs;
use std::io::Write;
use std::process::Command;

const HUNDRED_MB: usize = 100 * 1024 * 1024;

/// Runs `--log-to-json` on `log`; returns the split and the peak resident memory in KiB.
fn split(log: &[&[u8]]) -> (serde_json::Value, Option<u64>) {
    let work = tempfile::tempdir().unwrap();
    let mut file = fs::File::create(work.path().join("output")).unwrap();
    for part in log {
        file.write_all(part).unwrap();
    }
    drop(file);
    let time = std::path::Path::new("/usr/bin/time");
    let mut command = if time.exists() {
        let mut c = Command::new(time);
        c.args(["-f", "%M", env!("CARGO_BIN_EXE_exercism_test_helper")]);
        c
    } else {
        eprintln!("SKIPPED: memory check; /usr/bin/time not found (apt-get install -y time)");
        Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
    };
    let out = command
        .current_dir(work.path())
        .args(["--log-to-json", "output:output.json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let peak = String::from_utf8_lossy(&out.stderr)
        .trim()
        .lines()
        .last()
        .and_then(|l| l.parse().ok());
    let json = serde_json::from_slice(&fs::read(work.path().join("output.json")).unwrap()).unwrap();
    (json, peak)
}

#[test]
fn a_single_100_mb_line_is_cut_and_memory_stays_bounded() {
    let line = vec![b'x'; HUNDRED_MB];
    let (json, peak) = split(&[
        b"[test started] test chatty\n",
        &line,
        b"\n[test started] test quiet\nok\n",
    ]);
    let chatty = json["test chatty"].as_str().unwrap();
    assert!(chatty.len() <= exercism_test_helper::log::MAX_OUTPUT_BYTES && chatty.len() > 500);
    assert_eq!(json["test quiet"], "ok");
    if let Some(peak) = peak {
        assert!(peak < 48 * 1024, "peak memory {peak} KiB for a 100 MB line");
    }
}

#[test]
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
    if let Some(peak) = peak {
        assert!(peak < 48 * 1024, "peak memory {peak} KiB for a 100 MB line");
    }
}
