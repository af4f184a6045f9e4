//! Ruby end to end with the real frameworks: Debian's Minitest and minitest-reporters' JUnit
//! reporter, as runners/ruby/lib/junit_setup.rb sets them up, run a transformed test file;
//! the captured stdout and the JUnit XML become results.json.

use std::fs;
use std::process::Command;

use crate::common;

#[test]
#[cfg_attr(
    not(have_minitest_reporters),
    ignore = "minitest-reporters not installed (apt-get install -y ruby-minitest-reporters)"
)]
fn a_real_minitest_run_becomes_a_correct_results_json() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    let exercise = common::root().join("fixtures/ruby_e2e/garden_party");
    let test_file = "garden_party_test.rb";
    common::prepare(&exercise, dir, test_file);

    let run = Command::new("ruby")
        .current_dir(dir)
        .arg("-W0")
        .arg("-r")
        .arg(common::root().join("runners/ruby/lib/junit_setup.rb"))
        .arg(test_file)
        .output()
        .unwrap();
    fs::write(dir.join("output"), &run.stdout).unwrap();
    assert!(
        dir.join("results.xml").exists(),
        "no JUnit report; stderr:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // The JUnit report's own texts, before results.json replaces it.
    let junit = fs::read_to_string(dir.join("results.xml")).unwrap();
    common::finish(dir, "results.xml");

    let results = common::results(&dir.join("results.xml"));
    let tests = results["tests"].as_array().unwrap();
    let field = |key: &str| -> Vec<String> {
        tests
            .iter()
            .map(|t| t[key].as_str().unwrap_or("null").to_string())
            .collect()
    };
    assert_eq!(results["version"], 3);
    assert_eq!(results["status"], "fail");
    // Source order, whatever order Minitest ran them in; the two test_length methods stay
    // apart, and each gets its own result although JUnit names both classes Minitest::Result.
    assert_eq!(
        field("name"),
        [
            "One chair per guest",
            "Welcomes every guest",
            "Enough cakes",
            "Lanterns",
            "Length (GardenPartyTest)",
            "Length (PlaylistTest)",
        ]
    );
    assert_eq!(
        field("status"),
        ["pass", "pass", "fail", "error", "fail", "pass"]
    );
    // What a setup prints belongs to its test.
    assert_eq!(
        field("output"),
        [
            "null",
            "Welcome, Ada!\nWelcome, Bo!",
            "null",
            "null",
            "invited Cy",
            "tuning up"
        ]
    );
    assert!(tests.iter().all(|t| t["task_id"].is_null()));

    // skip lines and `# skip` comments are not part of test_code; a statement over two lines is.
    assert_eq!(
        tests[0]["test_code"],
        "party = GardenParty.new(%w[Ada Bo])\nassert_equal 2, party.chairs"
    );
    assert_eq!(
        tests[2]["test_code"],
        "party = GardenParty.new(%w[A B C D E F G H I])\n# Nine guests need two cakes.\nassert_equal 2,\n             party.cakes"
    );

    // Messages are the assertions' own words (JUnit's message attribute), not the reporter's
    // "Failure:\ntest_x(Minitest::Result) [path]" text.
    let cakes = tests[2]["message"].as_str().unwrap();
    assert!(cakes.starts_with("Expected: 2"), "{cakes}");
    assert!(!cakes.contains(test_file), "{cakes}");
    assert!(
        tests[3]["message"]
            .as_str()
            .unwrap()
            .contains("no lanterns left")
    );

    // Failure lines in the report point into the original, untransformed test file.
    let original = fs::read_to_string(exercise.join(test_file)).unwrap();
    let cakes_line = original
        .lines()
        .position(|l| l.trim() == "assert_equal 2,")
        .unwrap()
        + 1;
    let cited = common::lines_cited(&junit, test_file);
    assert!(cited.contains(&cakes_line), "{cited:?}");
    assert!(
        cited.contains(&common::line_of(&original, "assert_equal 3, party.chairs")),
        "{cited:?}"
    );
    let lines = original.lines().count();
    assert!(
        cited.iter().all(|&line| line <= lines),
        "{cited:?} past {lines}"
    );
}

/// Several transformed test files loaded into one process (as the Ruby runner loads every
/// `*_test.rb`) each announce their tests: the second file's appended code does not reset
/// the first one's names.
#[test]
#[cfg_attr(
    not(have_minitest),
    ignore = "ruby with minitest not installed (apt-get install -y ruby ruby-minitest)"
)]
fn several_test_files_in_one_process_each_announce_their_tests() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    for (file, class, said) in [
        ("first_test.rb", "FirstTest", "from the first"),
        ("second_test.rb", "SecondTest", "from the second"),
    ] {
        let source = format!(
            "require 'minitest/autorun'\n\nclass {class} < Minitest::Test\n  def test_prints\n    puts '{said}'\n  end\nend\n"
        );
        fs::write(dir.join(file), source).unwrap();
        common::helper(dir, &["--transform", &format!("{file}:{file}")]);
    }
    let run = Command::new("ruby")
        .current_dir(dir)
        .args([
            "-W0",
            "-e",
            "require './first_test'; require './second_test'",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    for said in ["from the first", "from the second"] {
        let at = stdout
            .find(said)
            .unwrap_or_else(|| panic!("{said} not printed: {stdout}"));
        let header = stdout[..at]
            .lines()
            .rev()
            .find(|l| l.starts_with("[test started] "));
        assert_eq!(
            header,
            Some("[test started] Prints"),
            "no header before {said:?}: {stdout}"
        );
    }
    assert_eq!(
        stdout.matches("[test started] Prints").count(),
        2,
        "both tests announce themselves: {stdout}"
    );
}
