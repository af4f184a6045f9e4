//! Helpers shared by the integration tests.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use similar::TextDiff;

/// The project's root directory.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the exercism_test_helper binary in `dir`, failing the test on a non-zero exit.
pub fn helper(dir: &Path, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "exercism_test_helper {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Compares `produced` with the expected file at `path` (absent: empty) and gives the
/// mismatch as a unified diff from expected to actual. With `BLESS` set it writes `produced`
/// there instead (an empty `produced` removes the file), so expected files are re-blessed by
/// running the tests with `BLESS=1`.
pub fn compare_or_bless(path: &Path, produced: &str) -> Option<String> {
    let expected = fs::read_to_string(path).unwrap_or_default();
    if produced == expected {
        return None;
    }
    if std::env::var_os("BLESS").is_some() {
        if produced.is_empty() {
            fs::remove_file(path).unwrap();
        } else {
            fs::write(path, produced).unwrap();
        }
        return None;
    }
    Some(
        TextDiff::from_lines(&expected, produced)
            .unified_diff()
            .header(&format!("{} (expected)", path.display()), "actual")
            .to_string(),
    )
}

/// Fails the test with every diff `compare_or_bless` gave, if it gave any.
#[track_caller]
pub fn assert_no_mismatches(mismatches: &[String]) {
    assert!(
        mismatches.is_empty(),
        "{} expected file(s) differ (BLESS=1 re-blesses):\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

/// Copies the directory tree `from` into `to`.
pub fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs `git` in `dir` as a user of its own (no configuration of the machine's needed),
/// which must succeed.
pub fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .current_dir(dir)
        .args([
            "-c",
            "user.name=Fixture",
            "-c",
            "user.email=fixture@example.com",
        ])
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Decodes the hex the Elixir support code writes names in (safe for any bytes).
pub fn unhex(hex: &str) -> String {
    let bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect();
    String::from_utf8(bytes).unwrap()
}

/// The 1-based number of the first line of `text` containing `needle`.
pub fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|line| line.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not found"))
        + 1
}

/// Every line number that follows `file:` in `message`, sorted and without repeats.
pub fn lines_cited(message: &str, file: &str) -> Vec<usize> {
    let mut lines: Vec<usize> = message
        .split(&format!("{file}:"))
        .skip(1)
        .filter_map(|rest| {
            rest.split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse()
                .ok()
        })
        .collect();
    lines.sort();
    lines.dedup();
    lines
}

/// Reads a results.json.
pub fn results(path: &Path) -> serde_json::Value {
    serde_json::from_slice(&fs::read(path).unwrap()).expect("results.json is valid JSON")
}

/// Copies `exercise` into `dir`, then parses and transforms its test file in place, as a
/// runner does before the run.
pub fn prepare(exercise: &Path, dir: &Path, test_file: &str) {
    copy_tree(exercise, dir);
    let meta = format!("{test_file}:metadata.json");
    let transform = format!("{test_file}:{test_file}");
    helper(dir, &["--parse-meta", &meta, "--transform", &transform]);
}

/// Splits the captured `output` and combines it with `results` (written over), as a runner
/// does after the run.
pub fn finish(dir: &Path, results: &str) {
    let combine = format!("{results}:metadata.json:output.json");
    helper(
        dir,
        &["--log-to-json", "output:output.json", "--combine", &combine],
    );
}

/// Runs `runners/<language>/bin/run.sh` on every case of `fixtures/<language>_runner/` (at
/// least `at_least` of them) and compares each results.json with the case's
/// `expected_results.json` (`BLESS=1` re-blesses).
pub fn runner_gives_expected_results(language: &str, at_least: usize) {
    let root = root().join(format!("fixtures/{language}_runner"));
    let mut cases: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(cases.len() >= at_least, "{}: too few cases", root.display());
    let mut mismatches = Vec::new();
    for case in cases {
        let (produced, _work) = run_runner(language, &case);
        mismatches.extend(compare_or_bless(
            &case.join("expected_results.json"),
            &produced,
        ));
    }
    assert_no_mismatches(&mismatches);
}

/// The time limit a runner is given where its results must not depend on the machine's speed:
/// never reached by a run that works, however loaded the machine.
pub const RUNNER_TIMEOUT: Duration = Duration::from_secs(120);
/// Past this a runner given `RUNNER_TIMEOUT` is taken for a hang.
pub const RUNNER_HANG: Duration = Duration::from_secs(RUNNER_TIMEOUT.as_secs() + 5);

/// Runs `runners/<language>/bin/run.sh` on a copy of `fixture`'s `solution/`, and checks that it
/// exits 0 (within `RUNNER_TIMEOUT` and five seconds more) and writes nothing into the solution.
/// Gives results.json's text and the work dir (`solution/`, `output/`), kept alive for the
/// caller.
///
/// A case with a `stops_when_stuck` file is about the time limit: its solution writes the file
/// named by `$STUCK_MARK` once a test is stuck, and the run's time limit expires then (the
/// runner's `timeout` gets the SIGALRM its own timer would send), however long the run took to
/// get there.
pub fn run_runner(language: &str, fixture: &Path) -> (String, tempfile::TempDir) {
    let work = tempfile::tempdir().unwrap();
    let solution = work.path().join("solution");
    copy_tree(&fixture.join("solution"), &solution);
    let output = work.path().join("output");
    let stuck = work.path().join("stuck");
    let mut command = Command::new(runner(language));
    command
        .args([
            "exercise",
            solution.to_str().unwrap(),
            output.to_str().unwrap(),
        ])
        .env(
            "EXERCISM_TEST_HELPER",
            env!("CARGO_BIN_EXE_exercism_test_helper"),
        )
        .env("RUNNER_TIMEOUT", RUNNER_TIMEOUT.as_secs().to_string())
        .env("STUCK_MARK", &stuck);
    let stops_when_stuck = fixture.join("stops_when_stuck").exists();
    let run = run_within(
        &mut command,
        RUNNER_HANG,
        stops_when_stuck.then_some(stuck.as_path()),
    );
    assert!(
        run.status.success(),
        "{}: run.sh failed: {}",
        fixture.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(
        listing(&solution),
        listing(&fixture.join("solution")),
        "{} wrote into the solution",
        fixture.display()
    );
    let results = fs::read_to_string(output.join("results.json")).unwrap();
    (results, work)
}

/// `runners/<language>/bin/run.sh`.
pub fn runner(language: &str) -> PathBuf {
    root().join("runners").join(language).join("bin/run.sh")
}

/// The names in `dir`, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Runs `command` to its end and gives its output, failing the test (and killing it) when it
/// runs longer than `limit`: a runner must never hang.
pub fn output_within(command: &mut Command, limit: Duration) -> Output {
    run_within(command, limit, None)
}

/// `output_within`; with `stuck`, the time limit of the `timeout` process `command` starts
/// expires as soon as the file `stuck` exists (the test must make it).
fn run_within(command: &mut Command, limit: Duration, stuck: Option<&Path>) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            pipe.read_to_end(&mut bytes).unwrap();
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let start = Instant::now();
    let mut stuck = stuck;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if let Some(mark) = stuck.filter(|mark| mark.exists()) {
            expire_time_limit(child.id(), &format!("{} was written", mark.display()));
            stuck = None;
        }
        if start.elapsed() > limit {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{command:?} still ran after {limit:?} and was killed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (stdout, stderr) = (stdout.join().unwrap(), stderr.join().unwrap());
    if let Some(mark) = stuck {
        panic!(
            "{command:?} ended before its test wrote {}: {}",
            mark.display(),
            String::from_utf8_lossy(&stderr)
        );
    }
    Output {
        status,
        stdout,
        stderr,
    }
}

/// Makes the time limit of the one `timeout` process under `ancestor` (or `ancestor` itself)
/// expire now, as its own timer would: GNU timeout takes a SIGALRM for its timer's. `why` says
/// why now, for the failure. The limit that expires must be `RUNNER_TIMEOUT`'s seconds, the
/// limit the test gave: the one its timer would have ended.
pub fn expire_time_limit(ancestor: u32, why: &str) {
    let timeouts: Vec<u32> = descendants(ancestor)
        .into_iter()
        .filter(|&pid| {
            fs::read_to_string(format!("/proc/{pid}/comm"))
                .is_ok_and(|name| name.trim() == "timeout")
        })
        .collect();
    assert_eq!(
        timeouts.len(),
        1,
        "{why}, but process {ancestor} runs {} timeout processes",
        timeouts.len()
    );
    let arguments = fs::read(format!("/proc/{}/cmdline", timeouts[0])).unwrap_or_default();
    let seconds = RUNNER_TIMEOUT.as_secs().to_string();
    assert!(
        arguments
            .split(|&byte| byte == 0)
            .any(|a| a == seconds.as_bytes()),
        "{why}, but timeout was not given the time limit of {seconds} s: {}",
        String::from_utf8_lossy(&arguments).replace('\0', " ")
    );
    // SAFETY: kill(2) only sends a signal, to a process this test started.
    let sent = unsafe { libc::kill(timeouts[0] as libc::pid_t, libc::SIGALRM) };
    assert_eq!(sent, 0, "SIGALRM to timeout ({}) failed", timeouts[0]);
}

/// The processes under `ancestor` (and itself), from the parents /proc lists.
fn descendants(ancestor: u32) -> Vec<u32> {
    let parents: Vec<(u32, u32)> = fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| {
            let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // `pid (comm) state ppid …`: comm may hold spaces and parentheses.
            let after_comm = &stat[stat.rfind(')')? + 1..];
            let parent = after_comm.split_whitespace().nth(1)?.parse().ok()?;
            Some((pid, parent))
        })
        .collect();
    let mut found = vec![ancestor];
    let mut index = 0;
    while index < found.len() {
        let parent = found[index];
        found.extend(parents.iter().filter(|p| p.1 == parent).map(|p| p.0));
        index += 1;
    }
    found
}
