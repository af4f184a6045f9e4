//! Python end to end with the real framework: pytest runs a transformed unittest file with
//! `--junitxml`; the captured stdout and the JUnit XML become results.json.

use std::fs;
use std::process::Command;

use crate::common;

#[test]
#[cfg_attr(not(have_pytest), ignore = "pytest not installed (pip install pytest)")]
fn a_real_pytest_run_becomes_a_correct_results_json() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    let exercise = common::root().join("fixtures/python_e2e/tea_house");
    let test_file = "tea_house_test.py";
    common::prepare(&exercise, dir, test_file);

    // -s lets prints (and headers) through to stdout; without the terminal reporter, stdout
    // holds only what the tests print.
    let run = Command::new("python3")
        .current_dir(dir)
        .args([
            "-m",
            "pytest",
            "-s",
            "-p",
            "no:terminal",
            "-p",
            "no:cacheprovider",
        ])
        .args(["--junitxml=results.xml", test_file])
        .output()
        .unwrap();
    fs::write(dir.join("output"), &run.stdout).unwrap();
    assert!(
        dir.join("results.xml").exists(),
        "pytest wrote no JUnit report; stderr:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // The JUnit report's tracebacks, before results.json replaces it.
    let junit = fs::read_to_string(dir.join("results.xml")).unwrap();
    common::finish(dir, "results.xml");

    let results = common::results(&dir.join("results.xml"));
    let tests = results["tests"].as_array().unwrap();
    let field = |key: &str| -> Vec<String> { tests.iter().map(|t| t[key].to_string()).collect() };
    assert_eq!(results["version"], 3);
    assert_eq!(results["status"], "fail");
    // Source order, though pytest runs unittest methods in alphabetical order.
    assert_eq!(
        field("name"),
        [
            "\"TeaHouse > brew minutes\"",
            "\"TeaHouse > cups\"",
            "\"TeaHouse > price of a big order\"",
            "\"Steep > every tea\"",
            "\"Steep > another print\"",
            // A pytest-style class's static test, and a parametrized test that is one test.
            "\"TestKettleHelpers.test static helper\"",
            "\"test each tea\"",
        ]
    );
    assert_eq!(
        field("status"),
        [
            "\"pass\"", "\"pass\"", "\"fail\"", "\"fail\"", "\"pass\"", "\"pass\"", "\"pass\""
        ]
    );
    // Method marks, and the class mark for the methods without one.
    assert_eq!(field("task_id"), ["1", "2", "3", "4", "4", "null", "null"]);
    // What setUp prints belongs to its test.
    assert_eq!(
        field("output"),
        [
            "null",
            "\"pouring 1000 ml\"",
            "null",
            "\"kettle on\"",
            "\"kettle on\\nsteeping\"",
            "null",
            // Both cases of the parametrized test print under its one header each time.
            "\"brewing green\\nbrewing black\""
        ]
    );

    // test_code: docstring kept, and the last statement complete over its four lines.
    assert_eq!(
        tests[1]["test_code"],
        "\"\"\"A pot of a litre fills four cups.\"\"\"\nself.assertEqual(cups(1000), 4)"
    );
    assert!(
        tests[2]["test_code"]
            .as_str()
            .unwrap()
            .ends_with("    msg=\"ten cups get a discount\",\n)")
    );

    // The subTest loop is one test that fails with the messages of both failing subtests:
    // the assertions' own words (JUnit's message attribute), not pytest's tracebacks.
    let subtests = tests[3]["message"].as_str().unwrap();
    assert!(
        subtests.matches("AssertionError").count() >= 2,
        "{subtests}"
    );
    assert!(
        !subtests.contains("Traceback") && !subtests.contains(test_file),
        "{subtests}"
    );
    let price = tests[2]["message"].as_str().unwrap();
    assert!(price.starts_with("AssertionError"), "{price}");

    // Failure lines in the tracebacks point into the original, untransformed test file.
    let original = fs::read_to_string(exercise.join(test_file)).unwrap();
    // The failing call starts on the line before its first argument.
    let call = common::line_of(&original, "price(10),") - 1;
    let steep = common::line_of(&original, "self.assertTrue(steep(tea, minutes))");
    let mut cited = common::lines_cited(&junit, test_file);
    cited.sort_unstable();
    cited.dedup();
    assert!(cited.contains(&call) && cited.contains(&steep), "{cited:?}");
    // Only lines of the original: none of the code the transform appended after them.
    let lines = original.lines().count();
    assert!(
        cited.iter().all(|&line| line <= lines),
        "{cited:?} past {lines}"
    );
}
