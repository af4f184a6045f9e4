//! The Elixir runner's pipeline end to end, as `bin/run.sh` runs it, with real `mix test`:
//! transform-mix, parse-meta and transform of every test file, the run with an ExUnit
//! formatter writing Exercism JSON, then log-to-json and combine.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;

/// Runs the pipeline on a copy of `fixtures/elixir_e2e/<project>`; returns the results.json
/// and the project copy. With `stop`, the formatter writes its results after every test, and
/// `mix test` is killed as a runner's time limit would kill it, once a test is stuck (as
/// `stop` tells).
fn run_pipeline(project: &str, stop: Option<Stuck>) -> (Value, tempfile::TempDir) {
    let killed = stop.is_some();
    let work = tempfile::tempdir().unwrap();
    let solution = work.path().join("solution");
    common::copy_tree(
        &common::root().join("fixtures/elixir_e2e").join(project),
        &solution,
    );

    common::helper(&solution, &["--transform-mix", "mix.exs:mix.exs"]);
    for test_file in test_files(&solution.join("test")) {
        let test_file = test_file
            .strip_prefix(&format!("{}/", solution.display()))
            .unwrap();
        let spec = format!("{test_file}:{test_file}");
        common::helper(
            &solution,
            &[
                "--parse-meta",
                &format!("{test_file}:metadata.json"),
                "--transform",
                &spec,
            ],
        );
    }

    let ebin = work.path().join("ebin");
    fs::create_dir(&ebin).unwrap();
    let formatter = common::root().join("runners/elixir/exercism_json_formatter.ex");
    let compiled = Command::new("elixirc")
        .arg("-o")
        .arg(&ebin)
        .arg(&formatter)
        .output()
        .unwrap();
    assert!(
        compiled.status.success(),
        "{}",
        String::from_utf8_lossy(&compiled.stderr)
    );

    let mut run = match &stop {
        Some(_) => {
            let mut timeout = Command::new("timeout");
            let limit = common::RUNNER_TIMEOUT.as_secs().to_string();
            timeout.args(["-s", "KILL", &limit, "elixir"]);
            timeout.env("EXERCISM_RESULTS_EACH_TEST", "1");
            timeout
        }
        None => Command::new("elixir"),
    };
    let output = solution.join("output");
    let errors = work.path().join("errors");
    let results = solution.join("results.json");
    let mut child = run
        .current_dir(&solution)
        .env("EXERCISM_RESULTS_FILE", &results)
        .arg("-pa")
        .arg(&ebin)
        .args([
            "-S",
            "mix",
            "test",
            "--seed",
            "0",
            "--no-deps-check",
            "--exclude",
            "slow",
        ])
        .args(["--formatter", "ExercismJSONFormatter"])
        .stdout(fs::File::create(&output).unwrap())
        .stderr(fs::File::create(&errors).unwrap())
        .spawn()
        .unwrap();
    let holds = |path: &Path, text: &str| fs::read_to_string(path).is_ok_and(|t| t.contains(text));
    // Whole: the formatter may be halfway through writing it.
    let whole = |path: &Path| {
        fs::read(path).is_ok_and(|bytes| serde_json::from_slice::<Value>(&bytes).is_ok())
    };
    let mut stop = stop;
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if let Some(when) = stop
            .filter(|s| holds(&output, s.printed) && holds(&results, s.written) && whole(&results))
        {
            let why = format!("the test printed {:?}", when.printed);
            common::expire_time_limit(child.id(), &why);
            stop = None;
        }
        if started.elapsed() > common::RUNNER_TIMEOUT {
            child.kill().unwrap();
            panic!("mix test still ran after {:?}", common::RUNNER_TIMEOUT);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let errors = fs::read_to_string(errors).unwrap();
    assert!(
        stop.is_none(),
        "mix test ended before it got stuck; stderr:\n{errors}"
    );
    assert!(
        killed || results.exists(),
        "the formatter wrote no results; stderr:\n{errors}"
    );

    common::helper(
        &solution,
        &[
            "--log-to-json",
            "output:output.json",
            "--combine",
            "results.json:metadata.json:output.json",
        ],
    );
    let results = serde_json::from_slice(&fs::read(solution.join("results.json")).unwrap())
        .expect("results.json is valid JSON");
    (results, work)
}

/// When a test is stuck: it printed `printed`, and the formatter had written the whole results
/// file with `written` in it (the last test that finished).
#[derive(Clone, Copy)]
struct Stuck {
    printed: &'static str,
    written: &'static str,
}

/// Test files under `test/` and its subfolders, relative to the project, as run.sh finds
/// them (in a stable order here).
fn test_files(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(test_files(&path));
        } else if path.extension().is_some_and(|e| e == "exs") && !path.ends_with("test_helper.exs")
        {
            files.push(path.to_string_lossy().into_owned());
        }
    }
    files.sort();
    files
}

#[test]
#[cfg_attr(
    not(have_elixir),
    ignore = "elixir not installed (apt-get install -y elixir)"
)]
fn a_real_mix_test_run_becomes_a_correct_results_json() {
    let (results, _work) = run_pipeline("lasagna_party", None);
    let tests = results["tests"].as_array().unwrap();
    let field = |name: &str| -> Vec<Value> { tests.iter().map(|t| t[name].clone()).collect() };

    assert_eq!(results["version"], 3);
    assert_eq!(results["status"], "fail");
    assert_eq!(results["message"], Value::Null);
    // Source order, the excluded :slow test absent, the interpolated name as ExUnit ran it.
    assert_eq!(
        field("name"),
        [
            "test expected minutes in oven",
            "test remaining minutes in oven",
            "test preparation bakes 3 layers",
            "test preparation no layers means no preparation",
            "test party announces dinner",
            "test party rings the timer",
            "test party portions for the guests",
            "test party shopping list",
            "test a lasagna is never done before it starts",
            "test leftovers keep for a day",
        ]
    );
    let statuses: Vec<Value> = field("status");
    let failed: Vec<usize> = (0..statuses.len())
        .filter(|&i| statuses[i] != "pass")
        .collect();
    assert_eq!(failed, [6], "only the portions test fails: {statuses:?}");
    assert_eq!(
        field("task_id"),
        serde_json::json!([1, 1, 2, 2, 3, 3, 3, 3, null, 4])
            .as_array()
            .unwrap()
            .clone()
    );

    // Each print belongs to the test that printed it, with or without a newline.
    let outputs = field("output");
    assert_eq!(outputs[4], "Dinner at Ana's is served!");
    assert_eq!(outputs[5], "ding-ding-ding");
    // The second test file's test, in its subfolder, is there with its own output.
    assert_eq!(outputs[9], "wrapping up");
    for (i, output) in outputs.iter().enumerate() {
        if ![4, 5, 9].contains(&i) {
            assert_eq!(*output, Value::Null, "test {i} printed nothing");
        }
    }

    // test_code as written, comments and heredoc included.
    let shopping = tests[7]["test_code"].as_str().unwrap();
    assert!(
        shopping.starts_with("# A heredoc keeps the expected text readable.\nexpected = \"\"\"\n")
    );
    assert!(
        shopping.contains("\n- 200 g of sauce\n\"\"\"\n\nassert LasagnaParty.shopping_list(2)")
    );
    assert_eq!(
        tests[3]["test_code"],
        "assert(LasagnaParty.preparation_time_in_minutes(0) == 0)"
    );

    // Every file:line in the failure points into the original, untransformed file.
    let original = fs::read_to_string(
        common::root().join("fixtures/elixir_e2e/lasagna_party/test/lasagna_party_test.exs"),
    )
    .unwrap();
    let test_line = common::line_of(&original, "test \"portions for the guests\"");
    let assert_line = common::line_of(&original, "assert LasagnaParty.portions(layers) == guests");
    let message = tests[6]["message"].as_str().unwrap();
    let lines = common::lines_cited(message, "test/lasagna_party_test.exs");
    assert_eq!(lines, [test_line, assert_line], "in message:\n{message}");
}

#[test]
#[cfg_attr(
    not(have_elixir),
    ignore = "elixir not installed (apt-get install -y elixir)"
)]
fn a_run_killed_at_the_time_limit_still_gives_an_honest_results_json() {
    let (results, _work) = run_pipeline(
        "stuck_kettle",
        Some(Stuck {
            printed: "heating up",
            written: "pours wrongly",
        }),
    );
    let tests = results["tests"].as_array().unwrap();
    let summary: Vec<(&str, &str)> = tests
        .iter()
        .map(|t| (t["name"].as_str().unwrap(), t["status"].as_str().unwrap()))
        .collect();
    // The tests that finished keep their results; the one running when the run was killed is
    // an error that says so; the one that never started is not there.
    assert_eq!(
        summary,
        [
            ("test fills cups", "pass"),
            ("test pours wrongly", "fail"),
            ("test boils", "error")
        ]
    );
    assert_eq!(results["status"], "fail");
    assert!(
        tests[2]["message"]
            .as_str()
            .unwrap()
            .contains("did not finish")
    );
    assert_eq!(tests[2]["output"], "heating up");
    assert_eq!(tests[2]["task_id"], 3);
    assert_eq!(tests[0]["output"], "filling");
}

#[test]
#[cfg_attr(
    not(have_elixir),
    ignore = "elixir not installed (apt-get install -y elixir)"
)]
fn doctests_come_through_the_pipeline_named_ordered_with_their_examples_and_output() {
    let (results, _work) = run_pipeline("form_filler", None);
    check_form_filler(&results);
}

/// The results of `fixtures/elixir_e2e/form_filler`, through either runner.
fn check_form_filler(results: &Value) {
    let tests = results["tests"].as_array().unwrap();
    let summary: Vec<(&str, &str, &Value)> = tests
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap(),
                t["status"].as_str().unwrap(),
                &t["task_id"],
            )
        })
        .collect();
    // Where each `doctest` call is, in the order ExUnit defines them: a non-empty `only:`
    // keeps its examples last first. The @tag before a call goes to its first doctest alone.
    let two = Value::from(2);
    let one = Value::from(1);
    assert_eq!(
        summary,
        [
            ("test fills a field", "pass", &one),
            ("doctest FormFiller.label/1 (1)", "fail", &two),
            ("doctest FormFiller.label/1 (2)", "pass", &Value::Null),
            ("doctest FormFiller.blank/1 (3)", "pass", &Value::Null),
            ("doctest FormFiller.blank/1 (4)", "pass", &Value::Null),
            ("doctest FormFiller.fill/2 (1)", "pass", &Value::Null),
            ("test a blank of one", "pass", &Value::Null),
        ]
    );
    assert_eq!(results["status"], "fail");
    let code = |i: usize| tests[i]["test_code"].as_str().unwrap();
    assert_eq!(
        code(1),
        "iex> FormFiller.label(\"last name\")\n\"LAST_NAME\""
    );
    assert_eq!(code(2), "iex> FormFiller.label(\"name\")\n\"NAME\"");
    assert_eq!(code(3), "iex> FormFiller.blank(2)\n\"__\"");
    assert_eq!(code(4), "iex> FormFiller.blank(0)\n\"\"");
    assert_eq!(
        code(5),
        "iex> FormFiller.fill(\"name\", \"Ana\")\n\"name: Ana\""
    );
    // The failing example is the one its message quotes.
    let message = tests[1]["message"].as_str().unwrap();
    assert!(
        message.contains("FormFiller.label(\"last name\")"),
        "{message}"
    );
    // What a doctest's function prints is that doctest's output.
    assert_eq!(tests[5]["output"], "filling name: Ana");
    assert_eq!(tests[0]["output"], "filling age: 3");
    for i in [1, 2, 3, 4, 6] {
        assert_eq!(tests[i]["output"], Value::Null, "test {i} printed nothing");
    }
}

/// Runs exercism/elixir-test-runner's `bin/run.sh` (from the checkout `$ELIXIR_TEST_RUNNER`)
/// with this binary in place of its escript on a copy of `fixtures/elixir_e2e/<project>`;
/// its JSON formatter is compiled as the runner's Dockerfile does, with a stand-in for the
/// one function of the `jason` package it calls. Returns the results.json.
fn run_upstream(project: &str) -> Value {
    let upstream = std::env::var_os("ELIXIR_TEST_RUNNER")
        .map(std::path::PathBuf::from)
        .expect("ELIXIR_TEST_RUNNER names a checkout of exercism/elixir-test-runner");
    let work = tempfile::tempdir().unwrap();
    let runner = work.path().join("runner");
    let build = runner.join("exercism_test_helper/_build/test/lib");
    fs::create_dir_all(runner.join("bin")).unwrap();
    fs::copy(upstream.join("bin/run.sh"), runner.join("bin/run.sh")).unwrap();
    fs::copy(
        env!("CARGO_BIN_EXE_exercism_test_helper"),
        runner.join("bin/exercism_test_helper"),
    )
    .unwrap();
    let compile = |out: &str, source: &Path| {
        let compiled = Command::new("elixirc")
            .arg("-pa")
            .arg(build.join("jason/ebin"))
            .arg("-o")
            .arg(build.join(out))
            .arg(source)
            .output()
            .unwrap();
        assert!(
            compiled.status.success(),
            "{}",
            String::from_utf8_lossy(&compiled.stderr)
        );
    };
    compile(
        "jason/ebin",
        &common::root().join("tests/all/support/jason_stand_in.ex"),
    );
    compile(
        "exercism_test_helper/ebin",
        &upstream.join("exercism_test_helper/lib/json_formatter.ex"),
    );
    let output = work.path().join("output");
    fs::create_dir(&output).unwrap();
    let run = Command::new("bash")
        .current_dir(&runner)
        .arg("bin/run.sh")
        .arg(project)
        .arg(common::root().join("fixtures/elixir_e2e").join(project))
        .arg(&output)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    serde_json::from_slice(&fs::read(output.join("results.json")).unwrap())
        .expect("results.json is valid JSON")
}

#[test]
#[ignore = "needs ELIXIR_TEST_RUNNER=<checkout of exercism/elixir-test-runner> (and elixir)"]
fn doctests_come_through_the_upstream_runner_as_through_this_one() {
    let upstream = run_upstream("form_filler");
    check_form_filler(&upstream);
    // Every field but the failure message (whose colours the track's formatter keeps) is
    // what this project's own formatter gives.
    let (ours, _work) = run_pipeline("form_filler", None);
    let without_messages = |results: &Value| -> Vec<Value> {
        let mut tests = results["tests"].as_array().unwrap().clone();
        for test in &mut tests {
            test["message"] = Value::Null;
        }
        tests
    };
    assert_eq!(without_messages(&upstream), without_messages(&ours));
}
