//! The by-hand recipes of docs/runners.md, run as written: the block after each
//! `<!-- recipe: <language> -->` line runs with bash in a fresh copy of an exercise (all a
//! recipe works on), with exercism_test_helper on PATH, `$repo` this project and `$test` the
//! test file, and must leave a results.json reporting the exercise's tests.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common;

/// The shell code of the recipe for `language` in docs/runners.md.
fn recipe(language: &str) -> String {
    let doc = fs::read_to_string(common::root().join("docs/runners.md")).unwrap();
    let marker = format!("<!-- recipe: {language} -->\n```sh\n");
    let start = doc
        .find(&marker)
        .unwrap_or_else(|| panic!("docs/runners.md has no {language} recipe"))
        + marker.len();
    let end = start + doc[start..].find("\n```").unwrap();
    doc[start..end].to_string()
}

/// Runs the recipe for `language` in a copy of `exercise` (relative to the project) with
/// `test` as `$test`; gives the results.json it left and each test's name and status.
fn run_recipe(language: &str, exercise: &str, test: &str) -> (Value, Vec<(String, String)>) {
    let work = tempfile::tempdir().unwrap();
    common::copy_tree(&common::root().join(exercise), work.path());
    let binaries = Path::new(env!("CARGO_BIN_EXE_exercism_test_helper"))
        .parent()
        .unwrap();
    let path = std::env::join_paths(
        std::iter::once(binaries.to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let run = Command::new("bash")
        .arg("-c")
        .arg(recipe(language))
        .current_dir(work.path())
        .env("PATH", path)
        .env("repo", common::root())
        .env("test", test)
        .output()
        .unwrap();
    let results = work.path().join("results.json");
    assert!(
        results.exists(),
        "the {language} recipe left no results.json; stderr:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let results = common::results(&results);
    assert_eq!(results["version"], 3, "{results}");
    let tests = results["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let field = |key: &str| t[key].as_str().unwrap().to_string();
            (field("name"), field("status"))
        })
        .collect();
    (results, tests)
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(name, status)| (name.to_string(), status.to_string()))
        .collect()
}

#[test]
#[cfg_attr(
    not(have_minitest_reporters),
    ignore = "minitest-reporters not installed (apt-get install -y ruby-minitest-reporters)"
)]
fn the_ruby_recipe_runs_as_written() {
    let (results, tests) = run_recipe(
        "ruby",
        "fixtures/ruby_e2e/garden_party",
        "garden_party_test.rb",
    );
    assert_eq!(results["status"], "fail");
    assert_eq!(
        tests,
        pairs(&[
            ("One chair per guest", "pass"),
            ("Welcomes every guest", "pass"),
            ("Enough cakes", "fail"),
            ("Lanterns", "error"),
            ("Length (GardenPartyTest)", "fail"),
            ("Length (PlaylistTest)", "pass"),
        ])
    );
    assert_eq!(results["tests"][1]["output"], "Welcome, Ada!\nWelcome, Bo!");
}

#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn the_python_recipe_runs_as_written() {
    let (results, tests) = run_recipe(
        "python",
        "fixtures/python_e2e/tea_house",
        "tea_house_test.py",
    );
    assert_eq!(results["status"], "fail");
    assert_eq!(
        tests,
        pairs(&[
            ("TeaHouse > brew minutes", "pass"),
            ("TeaHouse > cups", "pass"),
            ("TeaHouse > price of a big order", "fail"),
            ("Steep > every tea", "fail"),
            ("Steep > another print", "pass"),
            ("TestKettleHelpers.test static helper", "pass"),
            ("test each tea", "pass"),
        ])
    );
    assert_eq!(results["tests"][1]["output"], "pouring 1000 ml");
}

#[test]
#[cfg_attr(
    not(have_jest),
    ignore = "jest not installed (pnpm install --frozen-lockfile in runners/javascript)"
)]
fn the_javascript_recipe_runs_as_written() {
    let (results, tests) = run_recipe(
        "javascript",
        "fixtures/javascript_e2e/kettle",
        "kettle.spec.js",
    );
    assert_eq!(results["status"], "fail");
    assert_eq!(
        tests,
        pairs(&[
            ("Kettle > boils water", "pass"),
            ("Kettle > pours \"four\" cups from a litre", "fail"),
            ("Brewing > green tea > steeps long enough", "pass"),
            ("Brewing > black tea > steeps long enough", "fail"),
        ])
    );
    assert_eq!(results["tests"][1]["output"], "[log] kettle plugged in");
    assert_eq!(results["tests"][1]["task_id"], 1);
}

#[test]
#[cfg_attr(
    not(have_elixir),
    ignore = "elixir not installed (apt-get install -y elixir)"
)]
fn the_elixir_recipe_runs_as_written() {
    let (results, tests) = run_recipe("elixir", "fixtures/elixir_e2e/lasagna_party", "");
    assert_eq!(results["status"], "fail");
    let failed: Vec<&str> = tests
        .iter()
        .filter(|(_, status)| status != "pass")
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(failed, ["test party portions for the guests"]);
    assert_eq!(tests.len(), 11, "{tests:?}");
    let timer = results["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "test party rings the timer")
        .unwrap();
    assert_eq!(timer["output"], "ding-ding-ding");
}

/// A solution that does not compile: no test ran, and the message is the compiler's, from
/// what the run printed before any test started (the Elixir track's runner compiles first to
/// show it).
#[test]
#[cfg_attr(
    not(have_elixir),
    ignore = "elixir not installed (apt-get install -y elixir)"
)]
fn the_elixir_recipe_shows_the_compile_error() {
    let (results, tests) = run_recipe(
        "elixir",
        "fixtures/elixir_e2e/solution_that_does_not_compile",
        "",
    );
    assert_eq!(results["status"], "error");
    assert!(tests.is_empty(), "{tests:?}");
    let message = results["message"].as_str().unwrap();
    assert!(
        message.starts_with(exercism_test_helper::run::model::NOTHING_RAN_SAYING),
        "{message}"
    );
    assert!(
        message.contains("== Compilation error in file lib/leap_day.ex ==\n** (TokenMissingError) lib/leap_day.ex:"),
        "{message}"
    );
    assert!(message.contains("missing terminator: end"), "{message}");
}
