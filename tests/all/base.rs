//! `--check-canonical --base` in real git repositories, where a fixture cannot go: a clone
//! without the base, a test file renamed, a huge or binary file at the base; and the
//! suppressions file written, honoured and pruned. Each case is built at run time in a
//! temporary directory from one small exercise, and must end within `HANG` (a hang fails).

use std::fs;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use crate::common;

const HANG: Duration = Duration::from_secs(20);
const EXERCISE: &str = "exercises/practice/pets";
const TEST_FILE: &str = "exercises/practice/pets/pets_test.py";
const CONFIG: &str = "exercises/practice/pets/.meta/config.json";

/// A track of one Python exercise of three cases, the third untested, committed.
fn track(dir: &Path) {
    let write = |path: &str, text: &str| {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    let mut cases = Vec::new();
    let mut toml = String::new();
    for (n, (description, animal, sound)) in [
        ("a cat meows", "cat", "meow"),
        ("a dog barks", "dog", "woof"),
        ("a cow moos", "cow", "moo"),
    ]
    .iter()
    .enumerate()
    {
        let uuid = format!("0000000{}-0000-4000-8000-00000000000{}", n + 1, n + 1);
        cases.push(format!(
            r#"{{"uuid": "{uuid}", "description": "{description}", "property": "sound",
               "input": {{"animal": "{animal}"}}, "expected": "{sound}"}}"#
        ));
        toml.push_str(&format!("[{uuid}]\ndescription = \"{description}\"\n\n"));
    }
    write(
        "problem-specifications/exercises/pets/canonical-data.json",
        &format!(r#"{{"exercise": "pets", "cases": [{}]}}"#, cases.join(",")),
    );
    write(&format!("{EXERCISE}/.meta/tests.toml"), &toml);
    write(CONFIG, r#"{"files": {"test": ["pets_test.py"]}}"#);
    write(
        TEST_FILE,
        "from pets import sound\n\n\ndef test_a_cat_meows():\n    assert sound(\"cat\") == \
         \"meow\"\n\n\ndef test_a_dog_barks():\n    assert sound(\"dog\") == \"woof\"\n",
    );
    common::git(dir, &["init", "--quiet"]);
    common::git(dir, &["add", "--all"]);
    common::git(dir, &["commit", "--quiet", "--message", "the track"]);
}

/// The check of the exercise in `dir` with `args`, which must end in time.
fn check(dir: &Path, args: &[&str]) -> Output {
    common::output_within(
        Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
            .current_dir(dir)
            .env_remove("GITHUB_STEP_SUMMARY")
            .args([
                "--check-canonical",
                "exercises/practice",
                "--problem-specifications",
                "problem-specifications",
            ])
            .args(args),
        HANG,
    )
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_shallow_clone_without_the_base_is_named_with_the_fix_and_nothing_is_compared() {
    let origin = tempfile::tempdir().unwrap();
    track(origin.path());
    fs::write(origin.path().join(TEST_FILE), "from pets import sound\n").unwrap();
    common::git(
        origin.path(),
        &["commit", "--quiet", "--all", "-m", "tests gone"],
    );
    let clone = tempfile::tempdir().unwrap();
    let url = format!("file://{}", origin.path().display());
    let target = clone.path().join("track");
    common::git(
        clone.path(),
        &["clone", "--quiet", "--depth", "1", &url, "track"],
    );
    let warning = "--base HEAD~1: git knows no commit `HEAD~1` here, and this clone is \
                   shallow: fetch the history that holds it (`fetch-depth: 0` in \
                   actions/checkout, or `git fetch --deepen=<commits>`): nothing is compared, \
                   its exercises are checked whole and their findings fail as without --base";
    let out = check(&target, &["--base", "HEAD~1"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(
        stderr.lines().collect::<Vec<_>>(),
        [format!("warning: {warning}")],
        "{stderr}"
    );
    // Nothing was compared, so nothing is said to be introduced.
    assert!(
        stdout.starts_with("exercises/practice/pets: missing 00000001 \"a cat meows\""),
        "{stdout}"
    );
    assert!(!stdout.contains("introduced"), "{stdout}");
    assert!(
        stdout.contains("checked 1 exercise whole, not compared with HEAD~1 (3 cases): 3 missing"),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(1), "{stdout}");

    // In a workflow: the first annotation, and the job summary, say it.
    let summary = clone.path().join("summary.md");
    let out = common::output_within(
        Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
            .current_dir(&target)
            .env("GITHUB_STEP_SUMMARY", &summary)
            .args(["--check-canonical", "exercises/practice"])
            .args(["--problem-specifications", "problem-specifications"])
            .args(["--base", "HEAD~1", "--format", "github"]),
        HANG,
    );
    let (stdout, stderr) = text(&out);
    assert_eq!(stderr, "");
    assert_eq!(
        stdout.lines().next(),
        Some(format!("::warning::{warning}").as_str()),
        "{stdout}"
    );
    let summary = fs::read_to_string(summary).unwrap();
    assert!(
        summary.starts_with("## Canonical cases\n\n**Warning**: --base HEAD\\~1: ")
            && summary.contains("and this clone is shallow"),
        "{summary}"
    );
    assert!(
        summary.contains("checked 1 exercise whole, not compared with HEAD\\~1"),
        "{summary}"
    );
}

#[test]
fn a_test_file_renamed_keeps_its_tests_links() {
    let dir = tempfile::tempdir().unwrap();
    track(dir.path());
    common::git(
        dir.path(),
        &["mv", TEST_FILE, "exercises/practice/pets/test_pets.py"],
    );
    fs::write(
        dir.path().join(CONFIG),
        r#"{"files": {"test": ["test_pets.py"]}}"#,
    )
    .unwrap();
    let out = check(dir.path(), &["--base", "HEAD"]);
    let (stdout, stderr) = text(&out);
    assert!(
        stdout.contains("introduced nothing; fixed nothing; preexisting 1 missing"),
        "{stdout}"
    );
    assert_eq!((stderr.as_str(), out.status.code()), ("", Some(0)));
}

#[test]
fn a_deleted_test_fails_the_check_with_the_test_it_lost() {
    let dir = tempfile::tempdir().unwrap();
    track(dir.path());
    fs::write(
        dir.path().join(TEST_FILE),
        "from pets import sound\n\n\ndef test_a_cat_meows():\n    assert sound(\"cat\") == \"meow\"\n",
    )
    .unwrap();
    let out = check(dir.path(), &["--base", "HEAD"]);
    let (stdout, _) = text(&out);
    assert!(
        stdout.starts_with(
            "exercises/practice/pets: introduced missing 00000002 \"a dog barks\": its test \
             \"test_a_dog_barks\" (pets_test.py:8 at HEAD) was deleted"
        ),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_huge_or_binary_test_file_at_the_base_is_one_warning_and_its_findings_are_new() {
    for (what, content) in [
        ("huge", vec![b'#'; 33 * 1024 * 1024]),
        ("binary", (0..=255u8).cycle().take(4096).collect()),
    ] {
        let dir = tempfile::tempdir().unwrap();
        track(dir.path());
        let test_file = dir.path().join(TEST_FILE);
        let good = fs::read(&test_file).unwrap();
        fs::write(&test_file, content).unwrap();
        common::git(dir.path(), &["commit", "--quiet", "--all", "-m", what]);
        fs::write(&test_file, good).unwrap();
        let out = check(dir.path(), &["--base", "HEAD"]);
        let (stdout, stderr) = text(&out);
        let stderr: Vec<&str> = stderr.lines().collect();
        assert_eq!(stderr.len(), 1, "{what}: {stderr:?}");
        assert!(
            stderr[0].starts_with("warning: HEAD:exercises/practice/pets/pets_test.py: ")
                && stderr[0].ends_with(
                    ": the exercise could not be checked at the base, so its findings are all \
                     taken as introduced"
                ),
            "{what}: {stderr:?}"
        );
        assert!(
            stdout.contains("introduced missing 00000003 \"a cow moos\""),
            "{what}: {stdout}"
        );
        assert_eq!(out.status.code(), Some(1), "{what}");
    }
}

#[test]
fn recorded_findings_pass_later_runs_and_stale_records_can_be_pruned() {
    let dir = tempfile::tempdir().unwrap();
    track(dir.path());
    let records = dir.path().join("canonical-suppressions.json");
    // Recording: the file names the one failing finding, and the run passes.
    let out = check(dir.path(), &["--suppress-all"]);
    assert_eq!(out.status.code(), Some(0), "{:?}", text(&out));
    let written: serde_json::Value = serde_json::from_slice(&fs::read(&records).unwrap()).unwrap();
    assert_eq!(written.as_array().unwrap().len(), 1, "{written}");
    assert_eq!(written[0]["exercise"], "pets");
    assert_eq!(written[0]["finding"], "missing");
    assert_eq!(written[0]["uuid"], "00000003-0000-4000-8000-000000000003");
    // A later run honours it, and says so.
    let out = check(dir.path(), &[]);
    let (stdout, stderr) = text(&out);
    assert!(
        stdout.contains("1 missing (1 recorded as read)"),
        "{stdout}"
    );
    assert_eq!((stderr.as_str(), out.status.code()), ("", Some(0)));
    // Once the case is tested, the record is stale: named, then pruned.
    let test_file = dir.path().join(TEST_FILE);
    let mut tests = fs::read_to_string(&test_file).unwrap();
    tests.push_str("\n\ndef test_a_cow_moos():\n    assert sound(\"cow\") == \"moo\"\n");
    fs::write(&test_file, tests).unwrap();
    let (_, stderr) = text(&check(dir.path(), &[]));
    assert_eq!(
        stderr.trim_end(),
        "warning: canonical-suppressions.json: 1 recorded finding no longer occurs: pets \
         missing 00000003 (--prune-suppressions drops it)"
    );
    let out = check(dir.path(), &["--prune-suppressions"]);
    assert_eq!(text(&out).1, "");
    assert_eq!(fs::read_to_string(&records).unwrap(), "[]\n");
}

#[test]
fn a_suppressions_file_that_is_not_one_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    track(dir.path());
    fs::write(dir.path().join("records.json"), "{\"pets\": 1}").unwrap();
    let out = check(dir.path(), &["--suppressions-location", "records.json"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(stdout, "");
    assert!(
        stderr.starts_with("error: records.json: not a suppressions file (")
            && stderr.contains("`exercise`, `finding` and `uuid`, and an optional `case`")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn records_of_an_exercise_renamed_or_deleted_are_stale_and_pruned() {
    let dir = tempfile::tempdir().unwrap();
    track(dir.path());
    let records = dir.path().join("canonical-suppressions.json");
    let out = check(dir.path(), &["--suppress-all"]);
    assert_eq!(out.status.code(), Some(0), "{:?}", text(&out));
    // Renamed: the record names a slug no folder checked holds any more.
    common::git(
        dir.path(),
        &["mv", EXERCISE, "exercises/practice/animal-sounds"],
    );
    let (_, stderr) = text(&check(dir.path(), &[]));
    assert_eq!(
        stderr.trim_end(),
        "warning: canonical-suppressions.json: 1 recorded finding is of an exercise that no \
         folder checked holds (deleted or renamed): pets missing 00000003 \
         (--prune-suppressions drops it)"
    );
    // Checked as an exercise, not through its folder, nothing tells: the record is left.
    let out = check_exercise(dir.path(), "exercises/practice/animal-sounds");
    assert_eq!(text(&out).1, "");
    let out = check(dir.path(), &["--prune-suppressions"]);
    assert_eq!(text(&out).1, "");
    assert_eq!(fs::read_to_string(&records).unwrap(), "[]\n");
}

/// The check of the one exercise `exercise` in `dir`.
fn check_exercise(dir: &Path, exercise: &str) -> Output {
    common::output_within(
        Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
            .current_dir(dir)
            .env_remove("GITHUB_STEP_SUMMARY")
            .args(["--check-canonical", exercise])
            .args(["--problem-specifications", "problem-specifications"]),
        HANG,
    )
}

#[test]
fn a_record_of_no_finding_kind_is_named_invalid_and_pruned() {
    let dir = tempfile::tempdir().unwrap();
    track(dir.path());
    let records = dir.path().join("canonical-suppressions.json");
    // A mistyped kind, and a record written by hand without its `case`.
    fs::write(
        &records,
        r#"[{"exercise": "pets", "finding": "missin", "uuid": "00000003-0000-4000-8000-000000000003"},
            {"exercise": "pets", "finding": "missing", "uuid": "00000003-0000-4000-8000-000000000003"}]"#,
    )
    .unwrap();
    let out = check(dir.path(), &[]);
    let (stdout, stderr) = text(&out);
    assert_eq!(
        stderr.trim_end(),
        "warning: canonical-suppressions.json: the record pets missin 00000003 is invalid: its \
         finding \"missin\" is none of missing, excluded_but_tested, so it can never match \
         (--prune-suppressions drops it)"
    );
    assert!(stdout.contains("1 recorded as read"), "{stdout}");
    assert_eq!(out.status.code(), Some(0));
    let out = check(dir.path(), &["--prune-suppressions"]);
    assert_eq!(text(&out).1, "");
    let kept: serde_json::Value = serde_json::from_slice(&fs::read(&records).unwrap()).unwrap();
    assert_eq!(kept.as_array().unwrap().len(), 1, "{kept}");
    assert_eq!(kept[0]["finding"], "missing");
    // The case a reader of the file is shown, filled in from the finding.
    assert_eq!(
        kept[0]["case"],
        "00000003 \"a cow moos\": sound(\"cow\") == \"moo\""
    );
}

/// The adoption command as the docs write it, without `--problem-specifications`: configlet's
/// cache is where `configlet sync` leaves problem-specifications.
#[test]
fn recording_every_finding_finds_problem_specifications_in_configlets_cache() {
    let dir = tempfile::tempdir().unwrap();
    track(dir.path());
    let cache = tempfile::tempdir().unwrap();
    common::copy_tree(
        &dir.path().join("problem-specifications"),
        &cache
            .path()
            .join("exercism/configlet/problem-specifications"),
    );
    let out = common::output_within(
        Command::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
            .current_dir(dir.path())
            .env("XDG_CACHE_HOME", cache.path())
            .args(["--check-canonical", "exercises/practice", "--suppress-all"]),
        HANG,
    );
    assert_eq!(out.status.code(), Some(0), "{:?}", text(&out));
    let written = fs::read_to_string(dir.path().join("canonical-suppressions.json")).unwrap();
    assert!(
        written.contains("00000003-0000-4000-8000-000000000003"),
        "{written}"
    );
}
