//! Hostile input, as an attacker or a careless contributor would give it: pipes and devices
//! for files, files outside the exercise, huge or deep inputs, paths and descriptions with
//! line breaks. Each case is built at run time in a temporary directory (a pipe or a device
//! cannot be committed) from one small exercise, and must end within `QUICK` of processor
//! time in the one line it expects. A case still running after `HANG` is killed and fails, so a
//! hang fails the test instead of blocking the suite. The results a run can make too large for
//! results.json (`--combine` of hundreds of megabytes) are not timed, only killed after
//! `HUGE_HANG`: `benches/scale.rs` measures them.

use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use exercism_test_helper::run::results::{BUDGET_REASON, MAX_BYTES};
use serde_json::Value;

use crate::common;

/// The most processor time any case may take.
const QUICK: Duration = Duration::from_secs(2);
/// Past this a case is taken for a hang and killed: on the clock, far above `QUICK` for a
/// loaded machine.
const HANG: Duration = Duration::from_secs(60);
/// Past this a `--combine` of huge results is taken for a hang (a debug build reads 100 MB
/// of results in 5 to 10 s of processor time).
const HUGE_HANG: Duration = Duration::from_secs(240);

/// The exercise every case starts from, and where it is in the work directory.
const EXERCISE: &str = "exercises/practice/pets";
const SPECS: &str = "problem-specifications";
const TEST_FILE: &str = "exercises/practice/pets/pets_test.py";
const TESTS_TOML: &str = "exercises/practice/pets/.meta/tests.toml";
const CONFIG: &str = "exercises/practice/pets/.meta/config.json";
const CANONICAL: &str = "problem-specifications/exercises/pets/canonical-data.json";

/// What the check prints last when the exercise is checked and all is well.
const ALL_WELL: &str = "checked 1 exercise (2 cases): 0 missing, 0 excluded but tested, \
                        0 unconfirmed, 0 to check by reading, 0 misnamed, 0 extra tests, 0 unknown uuids, 0 unsynced uuids; 0 could \
                        not be checked, 0 have no tests.toml, 0 deprecated, 0 track-only";
/// What it prints last when the exercise could not be checked.
const UNCHECKED: &str = "checked 0 exercises (0 cases): 0 missing, 0 excluded but tested, \
                         0 unconfirmed, 0 to check by reading, 0 misnamed, 0 extra tests, 0 unknown uuids, 0 unsynced uuids; 1 could \
                         not be checked, 0 have no tests.toml, 0 deprecated, 0 track-only";

/// A small Python exercise with two canonical cases, each tested, in `dir`.
fn exercise(dir: &Path) {
    write(
        dir,
        TESTS_TOML,
        "[00000001-0000-4000-8000-000000000001]\ndescription = \"a cat meows\"\n\n\
         [00000002-0000-4000-8000-000000000002]\ndescription = \"a dog barks\"\n",
    );
    write(dir, CONFIG, r#"{"files": {"test": ["pets_test.py"]}}"#);
    write(
        dir,
        TEST_FILE,
        "from pets import sound\n\n\ndef test_a_cat_meows():\n    assert sound(\"cat\") == \
         \"meow\"\n\n\ndef test_a_dog_barks():\n    assert sound(\"dog\") == \"woof\"\n",
    );
    write(dir, CANONICAL, &canonical_data(&["\"cat\"", "\"dog\""]));
}

/// Canonical data of the two cases, their inputs written as given.
fn canonical_data(inputs: &[&str; 2]) -> String {
    format!(
        r#"{{"exercise": "pets", "cases": [
  {{"uuid": "00000001-0000-4000-8000-000000000001", "description": "a cat meows",
    "property": "sound", "input": {{"animal": {}}}, "expected": "meow"}},
  {{"uuid": "00000002-0000-4000-8000-000000000002", "description": "a dog barks",
    "property": "sound", "input": {{"animal": {}}}, "expected": "woof"}}]}}"#,
        inputs[0], inputs[1]
    )
}

fn write(dir: &Path, path: &str, content: &str) {
    let path = dir.join(path);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, content).unwrap();
}

/// Replaces the file at `path` by a named pipe no one writes to.
fn fifo(dir: &Path, path: &str) {
    let path = dir.join(path);
    let _ = fs::remove_file(&path);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let made = Command::new("mkfifo").arg(&path).status();
    assert!(made.is_ok_and(|status| status.success()), "mkfifo");
}

/// Replaces the file at `path` by a symlink to `target`.
fn symlink(dir: &Path, path: &str, target: impl AsRef<Path>) {
    let path = dir.join(path);
    let _ = fs::remove_file(&path);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(target, path).unwrap();
}

/// Replaces the file at `path` by a symlink to itself.
fn symlink_loop(dir: &Path, path: &str) {
    let name = Path::new(path).file_name().unwrap().to_owned();
    symlink(dir, path, name);
}

/// Replaces the file at `path` by a directory.
fn directory(dir: &Path, path: &str) {
    let path = dir.join(path);
    let _ = fs::remove_file(&path);
    fs::create_dir_all(path).unwrap();
}

/// What one run of the tool gave.
struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

/// Runs the tool in `dir`, failing the test when it takes more than `QUICK` of processor time
/// (and killing it after `HANG`).
fn run(dir: &Path, args: &[&str]) -> Run {
    let (run, took) = launch(dir, args, HANG);
    assert!(
        took < QUICK,
        "{args:?} took {took:?} of processor time, more than {QUICK:?}"
    );
    run
}

/// Runs the tool in `dir`, killing it after `hang`; gives what it did and the processor time it
/// took (the user and system time of its process, which another load of the machine does not
/// lengthen, where it would the time on the clock).
#[expect(
    clippy::zombie_processes,
    reason = "wait4 reaps the child, giving its processor time"
)]
fn launch(dir: &Path, args: &[&str], hang: Duration) -> (Run, Duration) {
    let out = tempfile::tempdir().unwrap();
    let (stdout, stderr) = (out.path().join("stdout"), out.path().join("stderr"));
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(fs::File::create(&stdout).unwrap())
        .stderr(fs::File::create(&stderr).unwrap())
        .spawn()
        .expect("the binary runs");
    let pid = child.id() as libc::pid_t;
    let (status, took) = loop {
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid value, which wait4 overwrites.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: waits for the child spawned above with valid pointers; std's `Child` never
        // waits for it afterwards (it is only dropped).
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        assert!(reaped >= 0, "waiting for {args:?} failed");
        if reaped == pid {
            let seconds = |t: libc::timeval| {
                Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
            };
            break (
                ExitStatus::from_raw(status),
                seconds(usage.ru_utime) + seconds(usage.ru_stime),
            );
        }
        if start.elapsed() > hang {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{args:?} hung: killed after {hang:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    // Seen with --nocapture: how long each case takes.
    let wall = start.elapsed();
    eprintln!(
        "{took:>12.3?} cpu {wall:>12.3?} wall  {}",
        args.join(" ").escape_debug()
    );
    let run = Run {
        stdout: fs::read_to_string(stdout).unwrap(),
        stderr: fs::read_to_string(stderr).unwrap(),
        code: status.code(),
    };
    (run, took)
}

/// Checks the exercise in `dir` (the exercise directories given in `exercises`).
fn check(dir: &Path, exercises: &[&str]) -> Run {
    let mut args = vec!["--check-canonical"];
    args.extend(exercises);
    args.extend(["--problem-specifications", SPECS]);
    run(dir, &args)
}

/// The run printed `stderr` (one line, or nothing), ended its stdout with `last` and exited
/// with `code`.
#[track_caller]
fn assert_ends(run: &Run, stderr: &str, last: &str, code: i32) {
    let expected = if stderr.is_empty() {
        String::new()
    } else {
        format!("{stderr}\n")
    };
    assert_eq!(run.stderr, expected, "stdout:\n{}", run.stdout);
    assert_eq!(run.stdout.lines().last(), Some(last), "{}", run.stdout);
    assert_eq!(run.code, Some(code), "{}", run.stdout);
}

/// The run printed one error line and nothing on stdout, and exited 1.
#[track_caller]
fn assert_error(run: &Run, line: &str) {
    assert_eq!(run.stderr, format!("{line}\n"));
    assert_eq!(run.stdout, "");
    assert_eq!(run.code, Some(1));
}

fn work() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    exercise(dir.path());
    dir
}

#[test]
fn the_exercise_the_cases_start_from_is_checked_and_all_well() {
    let dir = work();
    assert_ends(&check(dir.path(), &[EXERCISE]), "", ALL_WELL, 0);
}

#[test]
fn a_test_file_that_is_a_pipe_is_named_not_waited_on() {
    let dir = work();
    fifo(dir.path(), TEST_FILE);
    let line = format!("error: {TEST_FILE}: is a named pipe (FIFO), not a regular file");
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
}

#[test]
fn a_test_file_linked_to_dev_zero_is_not_read() {
    let dir = work();
    symlink(dir.path(), TEST_FILE, "/dev/zero");
    let line = format!(
        "error: {TEST_FILE}: is outside the exercise directory (`files.test` of \
         .meta/config.json names it): not read"
    );
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
}

#[test]
fn every_command_names_a_pipe_or_a_device_it_is_given_to_read() {
    let dir = work();
    let path = dir.path();
    fifo(path, "pipe_test.py");
    symlink(path, "zero_test.py", "/dev/zero");
    symlink(path, "mix.exs", "/dev/zero");
    write(path, "metadata.json", r#"{"tests": []}"#);
    write(path, "output.json", "{}");
    let pipe = "error: pipe_test.py: is a named pipe (FIFO), not a regular file";
    let zero = "error: zero_test.py: is a character device, not a regular file";
    for (args, line) in [
        (["--parse-meta", "pipe_test.py:m.json"], pipe),
        (["--parse-meta", "zero_test.py:m.json"], zero),
        (["--transform", "pipe_test.py:out.py"], pipe),
        (["--transform", "zero_test.py:out.py"], zero),
        (["--log-to-json", "pipe_test.py:o.json"], pipe),
        (["--log-to-json", "zero_test.py:o.json"], zero),
        (
            ["--transform-mix", "mix.exs:out.exs"],
            "error: mix.exs: is a character device, not a regular file",
        ),
    ] {
        assert_error(&run(path, &args), line);
    }
    for (paths, line) in [
        ("pipe_test.py:metadata.json:output.json", pipe),
        ("zero_test.py:metadata.json:output.json", zero),
    ] {
        assert_error(&run(path, &["--combine", paths]), line);
    }
    write(
        path,
        "results.json",
        r#"{"version": 2, "status": "pass", "tests": []}"#,
    );
    fifo(path, "metadata.json");
    assert_error(
        &run(
            path,
            &["--combine", "results.json:metadata.json:output.json"],
        ),
        "error: metadata.json: is a named pipe (FIFO), not a regular file",
    );
    fs::remove_file(path.join("metadata.json")).unwrap();
    write(path, "metadata.json", r#"{"tests": []}"#);
    for (stderr, line) in [("pipe_test.py", pipe), ("zero_test.py", zero)] {
        let args = [
            "--combine",
            "results.json:metadata.json:output.json",
            "--error-output",
            stderr,
        ];
        assert_error(&run(path, &args), line);
    }
}

#[test]
fn tests_toml_or_canonical_data_that_is_no_file_is_named_not_taken_for_absent() {
    let loop_error = "cannot read: Too many levels of symbolic links (os error 40)";
    for path in [TESTS_TOML, CANONICAL] {
        for (make, said) in [
            (directory as fn(&Path, &str), "is a directory, not a file"),
            (fifo, "is a named pipe (FIFO), not a regular file"),
            (symlink_loop, loop_error),
        ] {
            let dir = work();
            make(dir.path(), path);
            let line = format!("error: {path}: {said}");
            assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
        }
    }
}

#[test]
fn canonical_data_of_a_fifty_million_character_string_is_refused_unread() {
    let dir = work();
    let huge = format!("\"{}\"", "a".repeat(50_000_000));
    write(dir.path(), CANONICAL, &canonical_data(&[&huge, "\"dog\""]));
    let line =
        format!("error: {CANONICAL}: is 47.7 MiB, more than the 4 MiB canonical data may hold");
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
}

#[test]
fn a_test_file_outside_the_exercise_is_not_read() {
    let elsewhere = tempfile::tempdir().unwrap();
    let secret = elsewhere.path().join("secret_test.py");
    fs::write(&secret, "def test_the_secret_name():\n    assert 1 == 1\n").unwrap();
    let secret = secret.to_str().unwrap();
    let named_by = "(`files.test` of .meta/config.json names it): not read";
    for (test_file, shown) in [
        // Named with `..`, absolutely, or through a symlink out of the exercise.
        (
            "../../../outside_test.py",
            format!("{EXERCISE}/../../../outside_test.py"),
        ),
        (secret, secret.to_string()),
        ("linked_test.py", format!("{EXERCISE}/linked_test.py")),
    ] {
        let dir = work();
        write(
            dir.path(),
            "outside_test.py",
            "def test_the_secret_name():\n    pass\n",
        );
        symlink(dir.path(), &format!("{EXERCISE}/linked_test.py"), secret);
        let config = serde_json::json!({"files": {"test": [test_file]}}).to_string();
        write(dir.path(), CONFIG, &config);
        let line = format!("error: {shown}: is outside the exercise directory {named_by}");
        let run = check(dir.path(), &[EXERCISE]);
        assert_ends(&run, &line, UNCHECKED, 2);
        assert!(!run.stdout.contains("secret"), "{}", run.stdout);
    }
}

#[test]
fn a_file_a_test_names_outside_the_exercise_is_not_read() {
    let elsewhere = tempfile::tempdir().unwrap();
    fs::write(elsewhere.path().join("song.txt"), "meow\n").unwrap();
    let dir = work();
    symlink(
        dir.path(),
        &format!("{EXERCISE}/song.txt"),
        elsewhere.path().join("song.txt"),
    );
    write(
        dir.path(),
        TEST_FILE,
        "from pets import sound\n\n\ndef test_a_cat_meows():\n    assert sound(\"cat\") == \
         open(\"song.txt\").read()\n",
    );
    let line = format!(
        "error: {EXERCISE}/song.txt: is outside the exercise directory (a test names it): not read"
    );
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
}

#[test]
fn a_directory_whose_name_holds_a_colon_is_taken_whole() {
    let dir = work();
    common::copy_tree(&dir.path().join(EXERCISE), &dir.path().join("a:b/pets"));
    // Given apart from another path, or alone.
    let both = ALL_WELL.replace("1 exercise (2 cases)", "2 exercises (4 cases)");
    assert_ends(&check(dir.path(), &["a:b/pets", EXERCISE]), "", &both, 0);
    assert_ends(&check(dir.path(), &["a:b/pets"]), "", ALL_WELL, 0);
}

#[test]
fn the_same_exercise_given_twice_is_checked_once() {
    let dir = work();
    let joined = format!("{EXERCISE}:{EXERCISE}");
    let slash = format!("{EXERCISE}/");
    let dot = format!("./{EXERCISE}");
    for given in [
        vec![joined.as_str()],
        vec![EXERCISE, &slash],
        vec![&dot, EXERCISE],
        vec!["exercises/practice", EXERCISE],
    ] {
        let run = check(dir.path(), &given);
        assert_ends(&run, "", ALL_WELL, 0);
    }
}

#[test]
fn line_breaks_and_escapes_in_paths_and_descriptions_stay_on_their_line() {
    let dir = work();
    let toml = fs::read_to_string(dir.path().join(TESTS_TOML)).unwrap()
        + "\n[00000009-0000-4000-8000-000000000009]\n\
           description = \"a bird\\n::error file=x::sings\\r\\u001b[31m\"\n";
    write(dir.path(), TESTS_TOML, &toml);
    let crooked = "exercises/new\nline";
    common::copy_tree(
        &dir.path().join(EXERCISE),
        &dir.path().join(crooked).join("pets"),
    );
    let checked = check(
        dir.path(),
        &[&format!("{crooked}/pets"), "no\nsuch", "--verbose"],
    );
    let unknown = "exercises/new\\nline/pets: unknown_uuid 00000009 \"a bird\\n::error \
                   file=x::sings\\r\\u{1b}[31m\" (in tests.toml, not in canonical-data.json)";
    assert_eq!(
        checked.stdout.lines().next(),
        Some(unknown),
        "{}",
        checked.stdout
    );
    let summary = "checked 1 exercise (3 cases): 0 missing, 0 excluded but tested, 0 unconfirmed, 0 to check by reading, 0 misnamed, \
                   0 extra tests, 1 unknown uuid, 0 unsynced uuids; 1 could not be checked, 0 \
                   have no tests.toml, 0 deprecated, 0 track-only";
    assert_eq!(checked.stdout.lines().count(), 2, "{}", checked.stdout);
    let error = "error: no\\nsuch: cannot read the exercise directory: no such file or directory";
    assert_ends(&checked, error, summary, 2);
    let meta = run(dir.path(), &["--parse-meta", "a\nb_test.py", "m.json"]);
    assert_error(
        &meta,
        "error: a\\nb_test.py: cannot read: no such file or directory",
    );
}

#[test]
fn a_value_of_the_wrong_type_is_an_error_naming_it() {
    let uuid = "00000001-0000-4000-8000-000000000001";
    for (field, said) in [
        (
            "description = 5",
            "`description` of {uuid} is not a string but an integer",
        ),
        (
            "reimplements = 42",
            "`reimplements` of {uuid} is not a string but an integer",
        ),
    ] {
        let dir = work();
        write(dir.path(), TESTS_TOML, &format!("[{uuid}]\n{field}\n"));
        let said = said.replace("{uuid}", uuid);
        let line = format!("error: {TESTS_TOML}: line 1: {said}");
        assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
    }
    let dir = work();
    let data = fs::read_to_string(dir.path().join(CANONICAL)).unwrap();
    let data = data.replacen("\"property\": \"sound\"", "\"reimplements\": 42", 1);
    write(dir.path(), CANONICAL, &data);
    let line = format!(
        "error: {CANONICAL}: the case \"{uuid}\" has a `reimplements` that is not a string but a \
         number"
    );
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
    let dir = work();
    write(
        dir.path(),
        CONFIG,
        r#"{"files": {"test": ["pets_test.py", 5]}}"#,
    );
    let line = format!("error: {CONFIG}: `files.test` holds a number, not a file name");
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
}

/// `count` entries of tests.toml, as compact as TOML allows.
fn entries(count: usize) -> String {
    (0..count)
        .map(|i| format!("[{i:08x}-0000-4000-8000-000000000000]\n"))
        .collect()
}

#[test]
fn a_tests_toml_of_tens_of_thousands_of_entries_is_refused_quickly() {
    let dir = work();
    write(dir.path(), TESTS_TOML, &entries(20_000));
    let line = format!(
        "error: {TESTS_TOML}: lists 20000 cases, more than the 500 the check links in one \
         exercise"
    );
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
    write(dir.path(), TESTS_TOML, &entries(100_000));
    let line = format!(
        "error: {TESTS_TOML}: is 3.7 MiB, more than the 1 MiB an exercise's .meta file may hold"
    );
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
}

#[test]
fn ten_thousand_nested_brackets_are_read_in_time() {
    let dir = work();
    let nested = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let source = fs::read_to_string(dir.path().join(TEST_FILE)).unwrap();
    let source = source.replace("sound(\"cat\")", &format!("sound(\"cat\", {nested})"));
    write(dir.path(), TEST_FILE, &source);
    assert_ends(&check(dir.path(), &[EXERCISE]), "", ALL_WELL, 0);
    let run = run(dir.path(), &["--parse-meta", TEST_FILE, "metadata.json"]);
    assert_eq!((run.stderr.as_str(), run.code), ("", Some(0)));
}

#[test]
fn a_doctest_selector_list_nested_a_hundred_thousand_deep_is_read_without_overflowing() {
    let dir = tempfile::tempdir().unwrap();
    let nested = format!("{}:a{}", "[".repeat(100_000), "]".repeat(100_000));
    write(
        dir.path(),
        "lib/form.ex",
        "defmodule Form do\n  @doc \"\"\"\n      iex> Form.a()\n      1\n  \"\"\"\n  def a, do: 1\nend\n",
    );
    write(
        dir.path(),
        "form_test.exs",
        &format!(
            "defmodule FormTest do\n  use ExUnit.Case\n  doctest Form, only: {nested}\n  test \"x\" do\n    assert true\n  end\nend\n"
        ),
    );
    // Not timed: a debug build parses the 200,000 brackets in about a second.
    let (run, _) = launch(
        dir.path(),
        &["--parse-meta", "form_test.exs:metadata.json"],
        HANG,
    );
    assert_eq!((run.stderr.as_str(), run.code), ("", Some(0)));
    let metadata = common::results(&dir.path().join("metadata.json"));
    assert_eq!(metadata["tests"][0]["name"], "test x");
}

#[test]
fn an_exercise_larger_than_the_check_links_is_refused_naming_what_is_too_large() {
    // Tests of more values than the check weighs.
    let dir = work();
    let numbers: Vec<String> = (0..20_000).map(|n| n.to_string()).collect();
    let source = fs::read_to_string(dir.path().join(TEST_FILE)).unwrap();
    let many = format!("sound(\"cat\", [{}])", numbers.join(", "));
    write(
        dir.path(),
        TEST_FILE,
        &source.replace("sound(\"cat\")", &many),
    );
    let line = format!(
        "error: {TEST_FILE}: the test at line 4 brings the tests' values to 20007 or more (a \
         text's lines and a name's words each count), more than the 10000 the check weighs in \
         one exercise"
    );
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
    // Cases of as many.
    let dir = work();
    let list = format!("[{}]", numbers.join(", "));
    write(dir.path(), CANONICAL, &canonical_data(&[&list, "\"dog\""]));
    let line = format!(
        "error: {CANONICAL}: the cases tests.toml lists hold 20009 values (a text's lines and a \
         description's words each count), more than the 10000 the check weighs in one exercise"
    );
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
    // A text of many lines counts each.
    let dir = work();
    let verse = format!("\"{}\"", "a line of the song\\n".repeat(20_000));
    write(dir.path(), CANONICAL, &canonical_data(&[&verse, "\"dog\""]));
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
    // More tests than the check links.
    let dir = work();
    let tests = |count: usize| -> String {
        (0..count)
            .map(|i| format!("def test_{i}():\n    assert sound(\"cat\") == \"meow\"\n\n"))
            .collect()
    };
    write(dir.path(), TEST_FILE, &tests(501));
    let line = format!(
        "error: {TEST_FILE}: brings the exercise's tests to 501, more than the 500 the check \
         links in one exercise"
    );
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
    // Cases and tests that need more weighings than the check makes.
    let dir = work();
    write(dir.path(), TESTS_TOML, &entries(400));
    write(dir.path(), TEST_FILE, &tests(300));
    let line = format!(
        "error: {EXERCISE}: 400 cases and 300 tests need 48000000 weighings (each case-test \
         pair against every case), more than the 4000000 the check makes in one exercise"
    );
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
}

#[test]
fn a_description_and_a_test_name_of_many_words_count_each_word() {
    let dir = work();
    let many: Vec<String> = (0..12_000).map(|i| format!("w{}", i % 7)).collect();
    let data = fs::read_to_string(dir.path().join(CANONICAL)).unwrap();
    let data = data.replacen("a cat meows", &many.join(" "), 1);
    write(dir.path(), CANONICAL, &data);
    let source = fs::read_to_string(dir.path().join(TEST_FILE)).unwrap();
    let source = source.replacen("a_cat_meows", &many.join("_"), 1);
    write(dir.path(), TEST_FILE, &source);
    let line = format!(
        "error: {CANONICAL}: the cases tests.toml lists hold 12007 values (a text's lines and a \
         description's words each count), more than the 10000 the check weighs in one exercise"
    );
    assert_ends(&check(dir.path(), &[EXERCISE]), &line, UNCHECKED, 2);
}

/// `--combine` of the results of a run (`tests`, as the ExUnit formatter writes them) with
/// `metadata`, checked to be a valid results.json of at most `MAX_BYTES` written without a
/// word on stderr; gives it.
fn combined(tests: Vec<String>, metadata: Vec<String>) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let results = format!(
        r#"{{"version": 2, "status": "fail", "tests": [{}]}}"#,
        tests.join(",")
    );
    write(dir.path(), "results.json", &results);
    write(
        dir.path(),
        "metadata.json",
        &format!(r#"{{"tests": [{}]}}"#, metadata.join(",")),
    );
    write(dir.path(), "output.json", "{}");
    let args = ["--combine", "results.json:metadata.json:output.json"];
    let (run, _) = launch(dir.path(), &args, HUGE_HANG);
    assert_eq!((run.stderr.as_str(), run.code), ("", Some(0)));
    let written = fs::read(dir.path().join("results.json")).unwrap();
    assert!(written.len() <= MAX_BYTES, "{} bytes", written.len());
    serde_json::from_slice(&written).expect("results.json is JSON")
}

/// A test of the metadata, as JSON text (written out whole, as `json!` and its serializer
/// would take seconds over a hundred megabytes in a debug build).
fn test_meta(name: &str, code: &str) -> String {
    let (name, code) = (quoted(name), quoted(code));
    format!(r#"{{"name": {name}, "test_code": {code}, "task_id": 1}}"#)
}

/// A test of the run's results that failed with a message (`message`, quoted as JSON), as
/// JSON text.
fn failing(name: &str, message: &str) -> String {
    let name = quoted(name);
    format!(r#"{{"name": {name}, "status": "fail", "message": {message}}}"#)
}

fn passing(name: &str) -> String {
    format!(
        r#"{{"name": {}, "status": "pass", "message": null}}"#,
        quoted(name)
    )
}

fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

/// The text of a field of results.json.
fn text<'a>(test: &'a Value, field: &str) -> &'a str {
    test[field]
        .as_str()
        .unwrap_or_else(|| panic!("no {field} in {test}"))
}

/// The tests of results.json from `--combine` of `count` tests named `test fails <i>`, each
/// failing on `message` with `code` as its test_code; checked to be all there, each message
/// cut keeping its first characters and ending with the note, each test_code whole.
fn all_failing_on(count: usize, message: &str, code: &str) -> Vec<Value> {
    let names: Vec<String> = (0..count).map(|i| format!("test fails {i}")).collect();
    let quoted_message = quoted(message);
    let results = combined(
        names.iter().map(|n| failing(n, &quoted_message)).collect(),
        names.iter().map(|n| test_meta(n, code)).collect(),
    );
    let tests = results["tests"].as_array().unwrap().clone();
    assert_eq!(tests.len(), count);
    let of = message.chars().count();
    let start: String = message.chars().take(40).collect();
    for (test, name) in tests.iter().zip(&names) {
        assert_eq!(text(test, "name"), name);
        let cut = text(test, "message");
        let note = format!(" of {of} characters {BUDGET_REASON}]");
        assert!(cut.starts_with(&start) && cut.ends_with(&note), "{cut}");
        assert_eq!(text(test, "test_code"), code);
    }
    tests
}

#[test]
fn sixty_tests_failing_on_20000_characters_fit_their_messages_cut() {
    let message = format!(
        "Assertion with == failed\ncode:  assert Blob.make() == \"b\"\nleft:  \"{}\"\nright: \"b\"",
        "a".repeat(20_000)
    );
    all_failing_on(60, &message, "assert Blob.make() == \"b\"");
}

#[test]
fn a_thousand_tests_failing_on_100_kb_messages_fit_each_message_cut() {
    let message = format!("Assertion with == failed\nleft: \"{}", "x".repeat(100_000));
    all_failing_on(1_000, &message, "assert f() == 1");
}

#[test]
fn a_context_definition_of_a_megabyte_is_cut_keeping_the_test_body() {
    let body = "assert Big.run(@table) == :ok";
    let code = format!("@table \"{}\"\n\n{body}", "row ".repeat(250_000));
    let results = combined(
        vec![
            failing("test big", r#""expected :ok""#),
            passing("test small"),
        ],
        vec![
            test_meta("test big", &code),
            test_meta("test small", "assert 1 == 1"),
        ],
    );
    let tests = results["tests"].as_array().unwrap();
    let shown = text(&tests[0], "test_code");
    let of = code.chars().count();
    assert!(
        shown.starts_with("[Test code cut to its last "),
        "{}",
        &shown[..80]
    );
    assert!(shown.contains(&format!(" of {of} characters {BUDGET_REASON}]\n\n")));
    assert!(shown.ends_with(&format!("row row \"\n\n{body}")));
    assert_eq!(text(&tests[0], "message"), "expected :ok");
    assert_eq!(text(&tests[1], "test_code"), "assert 1 == 1");
}

#[test]
fn ten_thousand_tests_each_with_context_fit_those_left_out_counted() {
    let names: Vec<String> = (0..10_000).map(|i| format!("test case {i}")).collect();
    let code = format!(
        "@cases {}\n\nassert run(@cases) == :ok",
        "[1, 2, 3], ".repeat(180)
    );
    let run: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            if i % 2_500 == 0 {
                failing(n, r#""expected :ok""#)
            } else {
                passing(n)
            }
        })
        .collect();
    let results = combined(run, names.iter().map(|n| test_meta(n, &code)).collect());
    assert_eq!(results["status"], "fail");
    let tests = results["tests"].as_array().unwrap();
    let (entry, shown) = tests.split_last().unwrap();
    let left = 10_000 - shown.len();
    assert_eq!(
        text(entry, "name"),
        format!("[{left} more tests not shown {BUDGET_REASON}]")
    );
    assert_eq!(entry["status"], "pass");
    // The failing tests are shown, then the first that passed, in source order.
    let failed: Vec<&str> = shown
        .iter()
        .filter(|t| t["status"] == "fail")
        .map(|t| text(t, "name"))
        .collect();
    assert_eq!(
        failed,
        [
            "test case 0",
            "test case 2500",
            "test case 5000",
            "test case 7500"
        ]
    );
    assert_eq!(text(&shown[1], "name"), "test case 1");
    for test in shown {
        let code = text(test, "test_code");
        assert!(code.starts_with("[Test code cut to its last "), "{code}");
        assert!(code.ends_with("\n\nassert run(@cases) == :ok"), "{code}");
    }
}
