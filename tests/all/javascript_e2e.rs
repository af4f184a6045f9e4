//! JavaScript end to end with the real framework: Jest (runners/javascript's, with the
//! track's Babel preset) runs a transformed test file with `--json`; the captured stdout and
//! Jest's JSON become results.json. The same file with its tests enabled by hand runs too: the
//! transform changes no outcome.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common;

/// Runs Jest on `test_file` in `dir` as runners/javascript does, its JSON results to
/// `results`; gives what the tests printed on stdout.
fn jest(dir: &Path, test_file: &str, results: &str) -> String {
    let runner = common::root().join("runners/javascript");
    let run = Command::new("node")
        .current_dir(dir)
        .arg(runner.join("node_modules/jest/bin/jest.js"))
        .arg("--config")
        .arg(runner.join("lib/jest.config.js"))
        .arg("--rootDir")
        .arg(dir)
        .args(["--ci", "--verbose=false", "--runInBand", "--json"])
        .arg(format!("--outputFile={results}"))
        .args(["--runTestsByPath", test_file])
        .output()
        .unwrap();
    assert!(
        dir.join(results).exists(),
        "Jest wrote no results; stderr:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8(run.stdout).unwrap()
}

/// Each test Jest reported: its titles joined by ` > `, its status, its failure messages.
fn reported(dir: &Path, results: &str) -> Vec<(String, String, String)> {
    let json: Value = common::results(&dir.join(results));
    let mut tests = Vec::new();
    for file in json["testResults"].as_array().unwrap() {
        for test in file["assertionResults"].as_array().unwrap() {
            let mut titles: Vec<&str> = test["ancestorTitles"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap())
                .collect();
            titles.push(test["title"].as_str().unwrap());
            tests.push((
                titles.join(" > "),
                test["status"].as_str().unwrap().to_string(),
                test["failureMessages"].to_string(),
            ));
        }
    }
    tests
}

#[test]
#[cfg_attr(
    not(have_jest),
    ignore = "jest not installed (pnpm install --frozen-lockfile in runners/javascript)"
)]
fn a_real_jest_run_becomes_a_correct_results_json() {
    let exercise = common::root().join("fixtures/javascript_e2e/kettle");
    let test_file = "kettle.spec.js";
    let original = fs::read_to_string(exercise.join(test_file)).unwrap();

    // The tests enabled by hand, as the track's runner enables them (xtest to test).
    let by_hand = tempfile::tempdir().unwrap();
    common::copy_tree(&exercise, by_hand.path());
    let enabled = original
        .replace("xtest(", "test(")
        .replace("xdescribe(", "describe(");
    fs::write(by_hand.path().join(test_file), enabled).unwrap();
    jest(by_hand.path(), test_file, "results.json");
    let expected = reported(by_hand.path(), "results.json");

    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    common::prepare(&exercise, dir, test_file);
    let output = jest(dir, test_file, "results.json");
    fs::write(dir.join("output"), &output).unwrap();
    let transformed = reported(dir, "results.json");
    let statuses = |tests: &[(String, String, String)]| -> Vec<(String, String)> {
        tests
            .iter()
            .map(|(n, s, _)| (n.clone(), s.clone()))
            .collect()
    };
    assert_eq!(statuses(&transformed), statuses(&expected));

    // Every test that ran announced itself once, in order, before what it printed; what the
    // solution printed as it loaded comes first.
    let headers: Vec<&str> = output
        .lines()
        .filter_map(|line| line.strip_prefix("[test started] "))
        .collect();
    let ran: Vec<&str> = transformed
        .iter()
        .filter(|(_, status, _)| status != "pending")
        .map(|(name, _, _)| name.as_str())
        .collect();
    assert_eq!(headers, ran);
    assert!(
        output.starts_with(
            "[log] kettle plugged in\n[test started] Kettle > boils water\n[log] heating 1000 ml\n"
        ),
        "{output}"
    );

    // Failure stacks cite the lines of the original file.
    let raw = fs::read_to_string(dir.join("results.json")).unwrap();
    let cited = common::lines_cited(&raw, test_file);
    let expect_line = common::line_of(&original, "expect(cups(1000)).toBe(4);");
    assert!(cited.contains(&expect_line), "{cited:?}");
    assert!(
        cited.iter().all(|&line| line <= original.lines().count()),
        "{cited:?}"
    );

    common::helper(
        dir,
        &[
            "--log-to-json",
            "output:output.json",
            "--keep-load-output",
            "--combine",
            "results.json:metadata.json:output.json",
        ],
    );
    let results = common::results(&dir.join("results.json"));
    let tests = results["tests"].as_array().unwrap();
    let field = |key: &str| -> Vec<String> { tests.iter().map(|t| t[key].to_string()).collect() };
    assert_eq!(results["status"], "fail");
    // Declared order, the helper's test at each call, the skipped test left out.
    assert_eq!(
        field("name"),
        [
            "\"Kettle > boils water\"",
            "\"Kettle > pours \\\"four\\\" cups from a litre\"",
            "\"Brewing > green tea > steeps long enough\"",
            "\"Brewing > black tea > steeps long enough\"",
        ]
    );
    assert_eq!(
        field("status"),
        ["\"pass\"", "\"fail\"", "\"pass\"", "\"fail\""]
    );
    // The exercise numbers its top-level describe blocks as tasks; a test a helper function
    // declares is in none of them where it is written (nor does the track's runner number it).
    assert_eq!(field("task_id"), ["1", "1", "null", "null"]);
    assert_eq!(
        field("output"),
        [
            "\"[log] heating 1000 ml\"",
            "\"[log] kettle plugged in\"",
            "\"[warn] steeping green\"",
            "null",
        ]
    );
    assert_eq!(tests[2]["test_code"], "expect(brew(tea)).toBe(minutes);");
    let cups = tests[1]["message"].as_str().unwrap();
    assert!(
        cups.starts_with("Error: expect(received).toBe(expected)"),
        "{cups}"
    );
    assert!(cups.ends_with("Received: 5"), "{cups}");
    // An error in the solution keeps the solution's line that raised it.
    let black = tests[3]["message"].as_str().unwrap();
    let raise = common::line_of(
        &fs::read_to_string(exercise.join("kettle.js")).unwrap(),
        "throw new TypeError",
    );
    assert!(
        black.starts_with("TypeError: no black tea left\n")
            && black.contains(&format!("<solution>/kettle.js:{raise}:")),
        "{black}"
    );
}
