//! Every Elixir fixture checked against real ExUnit: the names and task ids that
//! `--parse-meta` extracts must be the ones ExUnit reports at run time, and the transformed
//! file must compile and print a header with the runtime name for every test with a body.

use std::collections::HashMap;
use std::fs;
use std::path::Path;
use std::process::Command;

use exercism_test_helper::source::header::header_name;
use exercism_test_helper::source::meta::Metadata;

use crate::common;

/// Runs `test_file` (already transformed) under ExUnit; returns each test's runtime name and
/// task id, in the order they finished, and the captured stdout.
fn run_exunit(dir: &Path, test_file: &str) -> (Vec<(String, Option<i64>)>, Vec<u8>) {
    let dump = dir.join("tags.tsv");
    let support = common::root().join("tests/all/support/exunit_tag_dump.ex");
    let script = format!(
        "ExUnit.start(formatters: [ExUnitTagDump], autorun: false, seed: 0); \
         Code.require_file({test_file:?}); ExUnit.run()"
    );
    // The modules a doctest reads, compiled with their documentation.
    let ebin = dir.join("ebin");
    let mut elixir = Command::new("elixir");
    if ebin.is_dir() {
        elixir.arg("-pa").arg(&ebin);
    }
    let out = elixir
        .current_dir(dir)
        .env("TAG_DUMP_FILE", &dump)
        .arg("-r")
        .arg(&support)
        .args(["-e", &script])
        .output()
        .expect("elixir runs");
    let lines = fs::read_to_string(&dump).unwrap_or_else(|_| {
        panic!(
            "{}: ExUnit wrote no results; stderr:\n{}",
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let tests = lines
        .lines()
        .map(|line| {
            let (hex, task) = line.split_once('\t').unwrap();
            (common::unhex(hex), task.parse().ok())
        })
        .collect();
    (tests, out.stdout)
}

/// Copies a case's `lib/` beside its test file and compiles it into `ebin/`, whose modules
/// then carry the documentation a doctest reads.
fn compile_lib(lib: &Path, dir: &Path) {
    common::copy_tree(lib, &dir.join("lib"));
    let mut sources: Vec<_> = fs::read_dir(dir.join("lib"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    sources.sort();
    let out = Command::new("elixirc")
        .current_dir(dir)
        .arg("-o")
        .arg(dir.join("ebin"))
        .args(&sources)
        .output()
        .expect("elixirc runs");
    assert!(
        out.status.success(),
        "{}: {}",
        lib.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
#[cfg_attr(
    not(have_elixir),
    ignore = "elixir not installed (apt-get install -y elixir)"
)]
fn parse_meta_and_transform_agree_with_real_exunit_on_every_fixture() {
    let mut checked = 0;
    let mut cases: Vec<_> = fs::read_dir(common::root().join("fixtures/elixir"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|case| case.join("test.exs").exists())
        // A file with a syntax error cannot run; its fixture only proves graceful extraction.
        .filter(|case| !case.join("expected_stderr.txt").exists())
        .collect();
    cases.sort();
    for case in cases {
        let work = tempfile::tempdir().unwrap();
        let dir = work.path();
        fs::copy(case.join("test.exs"), dir.join("test.exs")).unwrap();
        if case.join("lib").is_dir() {
            compile_lib(&case.join("lib"), dir);
        }
        common::helper(
            dir,
            &[
                "--parse-meta",
                "test.exs:metadata.json",
                "--transform",
                "test.exs:transformed.exs",
            ],
        );
        let (runtime, stdout) = run_exunit(dir, "transformed.exs");
        fs::write(dir.join("stdout"), &stdout).unwrap();
        common::helper(dir, &["--log-to-json", "stdout:split.json"]);

        let metadata: Metadata =
            serde_json::from_slice(&fs::read(dir.join("metadata.json")).unwrap()).unwrap();
        let split: HashMap<String, String> =
            serde_json::from_slice(&fs::read(dir.join("split.json")).unwrap()).unwrap();
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        assert!(!runtime.is_empty(), "{name}: ExUnit ran no test");
        for (test, task_id) in &runtime {
            let found: Vec<_> = metadata.tests.iter().filter(|m| m.matches(test)).collect();
            assert_eq!(
                found.len(),
                1,
                "{name}: runtime test {test:?} matches {found:?}"
            );
            assert_eq!(
                found[0].task_id, *task_id,
                "{name}: task id of {test:?}: metadata says {:?}, ExUnit {task_id:?}",
                found[0].task_id
            );
            if !found[0].test_code.is_empty() {
                assert!(
                    split.contains_key(&*header_name(test)),
                    "{name}: no header printed for {test:?}; headers: {:?}",
                    split.keys()
                );
            }
        }
        // Each module's tests are in the metadata in the order the module defines them.
        let order = fs::read_to_string(dir.join("tags.tsv.order")).unwrap();
        let places: Vec<usize> = order
            .lines()
            .map(|hex| {
                let test = common::unhex(hex);
                metadata
                    .tests
                    .iter()
                    .position(|m| m.matches(&test))
                    .unwrap_or_else(|| panic!("{name}: no metadata for {test:?}"))
            })
            .collect();
        let defined: Vec<String> = order.lines().map(common::unhex).collect();
        assert!(
            places.windows(2).all(|pair| pair[0] <= pair[1]),
            "{name}: ExUnit defines the tests in the order {defined:?}, the metadata lists them at {places:?}"
        );
        for header in split.keys() {
            assert!(
                runtime
                    .iter()
                    .any(|(test, _)| *header_name(test) == *header),
                "{name}: header {header:?} names no runtime test"
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} fixtures were checked");
}

#[test]
#[cfg_attr(
    not(have_elixir),
    ignore = "elixir not installed (apt-get install -y elixir)"
)]
fn transformed_mix_files_compile_and_turn_code_path_pruning_off() {
    let mut cases: Vec<_> = fs::read_dir(common::root().join("fixtures/elixir"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|case| case.join("mix.exs").exists())
        .collect();
    cases.sort();
    assert!(!cases.is_empty());
    for case in cases {
        let work = tempfile::tempdir().unwrap();
        fs::copy(case.join("mix.exs"), work.path().join("mix.exs")).unwrap();
        common::helper(work.path(), &["--transform-mix", "mix.exs:mix.exs"]);
        let script = "Mix.start(); [{project, _}] = Code.compile_file(\"mix.exs\"); \
                      IO.write(inspect(project.project()[:prune_code_paths]))";
        let out = Command::new("elixir")
            .current_dir(work.path())
            .args(["-e", script])
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "false",
            "{}: {}",
            case.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
#[cfg_attr(
    not(have_elixir),
    ignore = "elixir not installed (apt-get install -y elixir)"
)]
fn the_it_header_prints_the_line_dialect_that_log_to_json_reads() {
    let case = common::root().join("fixtures/elixir/interpolated_names_match_at_run_time");
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    fs::copy(case.join("test.exs"), dir.join("test.exs")).unwrap();
    common::helper(
        dir,
        &["--header", "it", "--transform", "test.exs:transformed.exs"],
    );
    let (runtime, stdout) = run_exunit(dir, "transformed.exs");
    let text = String::from_utf8_lossy(&stdout);
    assert!(
        text.contains("\n<IT::>test heats to 180 degrees\n"),
        "{text}"
    );
    fs::write(dir.join("stdout"), &stdout).unwrap();
    common::helper(dir, &["--log-to-json", "stdout:split.json"]);
    let split: HashMap<String, String> =
        serde_json::from_slice(&fs::read(dir.join("split.json")).unwrap()).unwrap();
    let mut headers: Vec<&String> = split.keys().collect();
    let mut names: Vec<&String> = runtime.iter().map(|(name, _)| name).collect();
    headers.sort();
    names.sort();
    assert_eq!(headers, names);
}
