//! The command line as a user meets it: the bundled demo, help, and one-line errors that name
//! the file, with no output file left behind.

use std::fs;
use std::process::{Command, Output};

use crate::common;

fn helper_in(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// Asserts a failed run with exactly one stderr line that contains every `words`.
fn assert_one_line_error(out: &Output, words: &[&str]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "expected a failure, got: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line expected: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    for word in words {
        assert!(stderr.contains(word), "{word:?} missing from: {stderr}");
    }
}

#[test]
fn the_readme_demo_prints_the_example_results() {
    let out = Command::new("bash")
        .arg(common::root().join("examples/demo.sh"))
        .env(
            "EXERCISM_TEST_HELPER",
            env!("CARGO_BIN_EXE_exercism_test_helper"),
        )
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(results["version"], 3);
    assert_eq!(results["status"], "fail");
    let tests = results["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 9);
    assert_eq!(tests[5]["output"], "ding-ding-ding");
    assert!(tests.iter().all(|t| t["test_code"].is_string()));
    // The run fails on purpose, and the demo says so after the results, naming the one test
    // that fails.
    let failing: Vec<_> = tests.iter().filter(|t| t["status"] == "fail").collect();
    assert_eq!(failing.len(), 1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let note = stderr.lines().last().unwrap_or_default();
    assert!(note.contains("on purpose"), "{stderr}");
    assert!(
        note.contains(&format!("\"{}\"", failing[0]["name"].as_str().unwrap())),
        "{note}"
    );
}

#[test]
fn no_arguments_and_help_print_usage_with_an_example_per_command() {
    for args in [&[][..], &["--help"][..]] {
        let out = helper_in(&common::root(), args);
        assert!(out.status.success());
        let usage = String::from_utf8_lossy(&out.stdout);
        for example in [
            "--parse-meta test/",
            "--transform test/",
            "--transform-mix mix.exs",
            "--log-to-json output",
            "--combine results.json",
        ] {
            assert!(usage.contains(example), "{example} missing from usage");
        }
    }
    let version = helper_in(&common::root(), &["--version"]);
    assert!(String::from_utf8_lossy(&version.stdout).contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn bad_input_gets_one_line_naming_the_file_and_leaves_no_output() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    fs::write(dir.join("garbage.json"), "this is not JSON").unwrap();
    fs::write(dir.join("metadata.json"), "{\"tests\": []}").unwrap();
    fs::write(dir.join("output.json"), "{}").unwrap();
    let passing = r#"{"version":2,"status":"pass","tests":[{"name":"test a","status":"pass"}]}"#;
    fs::write(dir.join("passing.json"), passing).unwrap();
    fs::create_dir(dir.join("a_dir.exs")).unwrap();

    let cases: &[(&[&str], &[&str])] = &[
        (
            &["--parse-meta", "missing_test.exs:meta.json"],
            &["missing_test.exs", "no such file"],
        ),
        (
            &["--parse-meta", "a_dir.exs:meta.json"],
            &["a_dir.exs", "directory"],
        ),
        (
            &["--parse-meta", "only_one_path.exs"],
            &["--parse-meta", "A:B"],
        ),
        (
            &["--combine", "garbage.json:metadata.json"],
            &["--combine", "A:B:C"],
        ),
        (
            &["--combine", "garbage.json:metadata.json:output.json"],
            &["garbage.json", "JSON"],
        ),
        (
            &["--combine", "output.json:metadata.json:output.json"],
            &["output.json"],
        ),
        (&["--log-to-json", "nope.log:out.json"], &["nope.log"]),
        (
            &["--parse-meta", "notes.txt:meta.json"],
            &["notes.txt", "--language"],
        ),
        (&["--frobnicate"], &["--frobnicate"]),
        (
            &["--combine", "passing.json:garbage.json:output.json"],
            &["garbage.json", "not a metadata file"],
        ),
    ];
    for (args, words) in cases {
        let out = helper_in(dir, args);
        assert_one_line_error(&out, words);
    }
    assert!(!dir.join("meta.json").exists());
    assert!(!dir.join("out.json").exists());
    assert_eq!(
        fs::read_to_string(dir.join("garbage.json")).unwrap(),
        "this is not JSON"
    );
    let leftovers: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(".exercism_test_helper"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

#[test]
fn writing_into_a_missing_directory_fails_cleanly() {
    let work = tempfile::tempdir().unwrap();
    fs::write(
        work.path().join("a_test.exs"),
        "test \"x\" do\n  :ok\nend\n",
    )
    .unwrap();
    let out = helper_in(
        work.path(),
        &["--parse-meta", "a_test.exs:no/such/dir/meta.json"],
    );
    assert_one_line_error(&out, &["no/such/dir/meta.json", "directory does not exist"]);
}

#[test]
fn a_test_file_with_syntax_errors_warns_and_still_succeeds() {
    let work = tempfile::tempdir().unwrap();
    fs::write(
        work.path().join("b_test.exs"),
        "test \"ok\" do\n  :ok\nend\ntest \"bad\" do\n  (\n",
    )
    .unwrap();
    let out = helper_in(work.path(), &["--parse-meta", "b_test.exs:meta.json"]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("warning: b_test.exs: cannot parse near line"),
        "{stderr}"
    );
    let meta: serde_json::Value =
        serde_json::from_slice(&fs::read(work.path().join("meta.json")).unwrap()).unwrap();
    assert_eq!(meta["tests"][0]["name"], "test ok");
}

#[cfg(unix)]
#[test]
fn transforming_through_a_symlink_writes_the_file_it_names() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    fs::write(dir.join("real_test.exs"), "test \"x\" do\n  :ok\nend\n").unwrap();
    std::os::unix::fs::symlink("real_test.exs", dir.join("link_test.exs")).unwrap();
    common::helper(dir, &["--transform", "link_test.exs:link_test.exs"]);
    assert!(
        fs::symlink_metadata(dir.join("link_test.exs"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::read_to_string(dir.join("real_test.exs"))
            .unwrap()
            .contains("[test started]")
    );
}

#[test]
fn metadata_of_several_files_merges_and_an_empty_file_starts_it() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    fs::create_dir(dir.join("test")).unwrap();
    fs::write(
        dir.join("test/a_test.exs"),
        "test \"adds\" do\n  :ok\nend\n",
    )
    .unwrap();
    fs::write(
        dir.join("test/b_test.exs"),
        "test \"adds\" do\n  :ok\nend\ntest \"b\" do\nend\n",
    )
    .unwrap();
    fs::write(dir.join("meta.json"), "").unwrap(); // as mktemp leaves it
    common::helper(dir, &["--parse-meta", "test/a_test.exs:meta.json"]);
    common::helper(dir, &["--parse-meta", "test/b_test.exs:meta.json"]);
    // The same file again, written differently, replaces its own tests.
    common::helper(dir, &["--parse-meta", "./test/a_test.exs:meta.json"]);
    let meta: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.join("meta.json")).unwrap()).unwrap();
    let names: Vec<&str> = meta["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["test adds", "test adds (test/b_test.exs)", "test b"]
    );
    assert_eq!(meta["tests"][1]["runtime_name"], "test adds");
}

#[test]
fn a_write_that_fails_half_way_leaves_the_old_file_whole() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    // Metadata far larger than the 1-block file size limit set below.
    let mut source = String::new();
    for i in 0..300 {
        source.push_str(&format!(
            "test \"number {i}\" do\n  assert {i} == {i}\nend\n"
        ));
    }
    fs::write(dir.join("big_test.exs"), source).unwrap();
    let old = "{\"tests\": []}";
    fs::write(dir.join("meta.json"), old).unwrap();
    // The kernel refuses writes past 512 bytes (EFBIG) once SIGXFSZ is ignored.
    let script = format!(
        "trap '' XFSZ; ulimit -f 1; exec {} --parse-meta big_test.exs:meta.json",
        env!("CARGO_BIN_EXE_exercism_test_helper")
    );
    let out = Command::new("bash")
        .current_dir(dir)
        .args(["-c", &script])
        .output()
        .unwrap();
    assert_one_line_error(&out, &["meta.json", "cannot write"]);
    assert_eq!(fs::read_to_string(dir.join("meta.json")).unwrap(), old);
    let names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names
            .iter()
            .all(|n| !n.starts_with(".exercism_test_helper")),
        "{names:?}"
    );
}

#[test]
fn empty_binary_and_oddly_named_inputs_are_handled() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    fs::write(dir.join("empty_test.exs"), "").unwrap();
    fs::write(dir.join("binary_test.exs"), [0u8, 159, 146, 150, 255, 0, 1]).unwrap();
    fs::write(dir.join("empty.log"), "").unwrap();
    fs::create_dir(dir.join("a dir: with colon")).unwrap();
    fs::write(
        dir.join("a dir: with colon/spaced test.exs"),
        "test \"x\" do\n  :ok\nend\n",
    )
    .unwrap();

    common::helper(dir, &["--parse-meta", "empty_test.exs:empty.json"]);
    assert_eq!(
        fs::read_to_string(dir.join("empty.json")).unwrap(),
        "{\n  \"tests\": []\n}\n"
    );
    let binary = common::helper(
        dir,
        &[
            "--parse-meta",
            "binary_test.exs:binary.json",
            "--transform",
            "binary_test.exs:binary_out.exs",
        ],
    );
    assert!(String::from_utf8_lossy(&binary.stderr).contains("cannot parse"));
    assert_eq!(
        fs::read(dir.join("binary_out.exs")).unwrap(),
        [0u8, 159, 146, 150, 255, 0, 1]
    );
    common::helper(dir, &["--log-to-json", "empty.log:empty_log.json"]);
    assert_eq!(
        fs::read_to_string(dir.join("empty_log.json")).unwrap(),
        "{}\n"
    );
    // A path with a colon and spaces, as two values or joined (split where the input exists).
    common::helper(
        dir,
        &[
            "--parse-meta",
            "a dir: with colon/spaced test.exs",
            "spaced.json",
        ],
    );
    common::helper(
        dir,
        &[
            "--parse-meta",
            "a dir: with colon/spaced test.exs:joined.json",
        ],
    );
    assert!(fs::read(dir.join("spaced.json")).unwrap().len() > 20);
    assert!(dir.join("joined.json").exists());
}

/// Runs the helper as a user without privileges: as root (as in CI and Docker) through
/// `setpriv` as `nobody`, because root reads and writes whatever the permissions say.
#[cfg(unix)]
fn helper_unprivileged(dir: &std::path::Path, args: &[&str]) -> Output {
    let binary = env!("CARGO_BIN_EXE_exercism_test_helper");
    let root = Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
    let mut command = if root {
        let mut command = Command::new("setpriv");
        command.args(["--reuid=65534", "--regid=65534", "--clear-groups", binary]);
        command
    } else {
        Command::new(binary)
    };
    command.current_dir(dir).args(args).output().unwrap()
}

#[cfg(unix)]
#[test]
#[cfg_attr(
    not(have_setpriv),
    ignore = "setpriv not installed (apt-get install -y util-linux)"
)]
fn unreadable_inputs_and_read_only_outputs_are_one_line_errors() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &std::path::Path, mode: u32| {
        fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap()
    };
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    mode(dir, 0o777);
    fs::write(dir.join("secret_test.exs"), "test \"a\" do\nend\n").unwrap();
    mode(&dir.join("secret_test.exs"), 0o000);
    fs::write(dir.join("secret.log"), "[test started] test a\n").unwrap();
    mode(&dir.join("secret.log"), 0o000);
    fs::write(dir.join("open_test.exs"), "test \"a\" do\nend\n").unwrap();
    mode(&dir.join("open_test.exs"), 0o644);
    fs::create_dir(dir.join("locked")).unwrap();
    mode(&dir.join("locked"), 0o555);

    let cases: &[(&[&str], &[&str])] = &[
        (
            &["--parse-meta", "secret_test.exs:meta.json"],
            &["secret_test.exs", "permission denied"],
        ),
        (
            &["--log-to-json", "secret.log:out.json"],
            &["secret.log", "permission denied"],
        ),
        (
            &["--parse-meta", "open_test.exs:locked/meta.json"],
            &["locked/meta.json", "permission denied"],
        ),
        (
            &["--transform", "open_test.exs:locked/open_test.exs"],
            &["locked/open_test.exs", "permission denied"],
        ),
    ];
    for (args, words) in cases {
        assert_one_line_error(&helper_unprivileged(dir, args), words);
    }
    assert!(!dir.join("meta.json").exists() && !dir.join("out.json").exists());
    assert_eq!(fs::read_dir(dir.join("locked")).unwrap().count(), 0);
}

#[test]
fn deeply_nested_brackets_are_read_in_linear_time_without_overflowing_the_stack() {
    let work = tempfile::tempdir().unwrap();
    let depth = 100_000;
    let files = [
        (
            "deep_test.exs",
            format!("test \"a\" do\n  x = {}\nend\n", "[".repeat(depth)),
        ),
        (
            "deep_test.rb",
            format!("class A\n  def test_a\n    x = {}\n", "(".repeat(depth)),
        ),
        (
            "deep_test.py",
            format!(
                "def test_a():\n    x = {}{}\n",
                "[".repeat(depth),
                "]".repeat(depth)
            ),
        ),
    ];
    for (name, source) in files {
        fs::write(work.path().join(name), source).unwrap();
        let out = helper_in(work.path(), &["--parse-meta", &format!("{name}:meta.json")]);
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let meta: serde_json::Value =
            serde_json::from_slice(&fs::read(work.path().join("meta.json")).unwrap()).unwrap();
        assert!(meta["tests"].is_array(), "{name}: {meta}");
        fs::remove_file(work.path().join("meta.json")).unwrap();
    }
}

/// `--check-canonical`'s own errors: one line naming what is wrong, exit 2 (1 means findings).
#[test]
fn check_canonical_errors_are_one_line_and_exit_2() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    let specs = common::root().join("fixtures/canonical/renamed_test_linked_by_its_data");
    let exercise = specs.join("exercises/practice/pet-sounds");
    let specs_dir = specs.join("problem-specifications");
    let exercise = exercise.to_str().unwrap();
    let specs_dir = specs_dir.to_str().unwrap();
    // The check of `exercises` against `specs`, with `extra` arguments.
    let check = |exercises: &str, specs: &str, extra: &[&str]| {
        let mut args = vec![
            "--check-canonical",
            exercises,
            "--problem-specifications",
            specs,
        ];
        args.extend_from_slice(extra);
        helper_in(dir, &args)
    };

    // No --problem-specifications and no configlet cache.
    let out = Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
        .current_dir(dir)
        .env("XDG_CACHE_HOME", dir.join("no-cache"))
        .env("HOME", dir)
        .args(["--check-canonical", exercise])
        .output()
        .unwrap();
    assert_one_line_error(
        &out,
        &[
            "--problem-specifications",
            "run `configlet sync` once",
            "no-cache/exercism/configlet/problem-specifications",
        ],
    );
    assert_eq!(out.status.code(), Some(2));

    // --problem-specifications that is not a directory.
    let out = check(exercise, "missing", &[]);
    assert_one_line_error(&out, &["missing", "not a directory"]);
    assert_eq!(out.status.code(), Some(2));

    // An exercise path that does not exist: reported, the others still checked.
    let out = check(&format!("nowhere:{exercise}"), specs_dir, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("nowhere"), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("checked 1 exercise (4 cases)"));
    assert_eq!(out.status.code(), Some(2));

    // A report that cannot be written: nothing half-written.
    let out = check(
        exercise,
        specs_dir,
        &["--report", "no/such/dir/report.json"],
    );
    assert_one_line_error(&out, &["report.json", "cannot write"]);
    assert!(!dir.join("no").exists());

    // A clean check exits 0 and says so.
    let out = check(exercise, specs_dir, &[]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}
