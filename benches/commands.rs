//! Wall time of each command on a typical exercise test file in each language (the bundled
//! end-to-end exercises, 1 to 2 KB), next to `cp` of the same file: the floor of process
//! start and file I/O. Each run gets the same fresh inputs (made untimed before it). Prints a
//! Markdown table of medians and their ratio to `cp`.
//!
//! `cargo bench --bench commands` (BENCH_RUNS sets the runs per command, 301 by default).

mod support;

use std::fs;
use std::path::Path;

use support::{BIN, median, ms, runs};

struct Exercise {
    language: &'static str,
    test_file: &'static str,
    /// The results format its runner writes, made from the metadata.
    results: fn(&serde_json::Value) -> (String, &'static str),
}

/// Exercism JSON results (the Elixir runner's formatter) with every test passing.
fn exercism_json(metadata: &serde_json::Value) -> (String, &'static str) {
    let tests: Vec<_> = metadata["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| serde_json::json!({"name": t["name"], "status": "pass", "message": null}))
        .collect();
    let results = serde_json::json!({"version": 2, "status": "pass", "tests": tests});
    (results.to_string(), "run_results.json")
}

/// JUnit XML as Minitest's and pytest's reporters write it, one testcase per test.
fn junit(metadata: &serde_json::Value) -> (String, &'static str) {
    let mut xml = String::from("<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"s\">\n");
    for test in metadata["tests"].as_array().unwrap() {
        let id = test["id"].as_str().unwrap();
        let (class, method) = id.rsplit_once('.').unwrap_or(("tests", id));
        xml.push_str(&format!(
            "<testcase classname=\"{class}\" name=\"{method}\" time=\"0.001\"/>\n"
        ));
    }
    xml.push_str("</testsuite></testsuites>\n");
    (xml, "run_results.xml")
}

/// Jest's JSON results, every test passing.
fn jest_json(metadata: &serde_json::Value) -> (String, &'static str) {
    let tests: Vec<_> = metadata["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let mut titles: Vec<&str> = t["name"].as_str().unwrap().split(" > ").collect();
            let title = titles.pop().unwrap();
            serde_json::json!({"ancestorTitles": titles, "title": title, "status": "passed",
                "failureMessages": []})
        })
        .collect();
    let results = serde_json::json!({"numTotalTests": tests.len(), "testResults": [
        {"name": "/tmp/solution/kettle.spec.js", "message": "", "assertionResults": tests}]});
    (results.to_string(), "run_results.json")
}

const EXERCISES: [Exercise; 4] = [
    Exercise {
        language: "elixir",
        test_file: "fixtures/elixir_e2e/lasagna_party/test/lasagna_party_test.exs",
        results: exercism_json,
    },
    Exercise {
        language: "ruby",
        test_file: "fixtures/ruby_e2e/garden_party/garden_party_test.rb",
        results: junit,
    },
    Exercise {
        language: "python",
        test_file: "fixtures/python_e2e/tea_house/tea_house_test.py",
        results: junit,
    },
    Exercise {
        language: "javascript",
        test_file: "fixtures/javascript_e2e/kettle/kettle.spec.js",
        results: jest_json,
    },
];

fn main() {
    let runs = runs(301);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(BIN)
            .current_dir(dir)
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
    };
    let remove = |name: &str| {
        let _ = fs::remove_file(dir.join(name));
    };
    fs::copy(
        root.join("examples/lasagna_party/output"),
        dir.join("output"),
    )
    .unwrap();
    fs::copy(
        root.join("fixtures/elixir_e2e/lasagna_party/mix.exs"),
        dir.join("mix.exs"),
    )
    .unwrap();

    println!("| language | command | median wall time | ratio to `cp` |");
    println!("|---|---|---|---|");
    for exercise in EXERCISES {
        let source = root.join(exercise.test_file);
        let name = source.file_name().unwrap().to_str().unwrap().to_string();
        fs::copy(&source, dir.join(&name)).unwrap();
        let size = fs::metadata(dir.join(&name)).unwrap().len();
        // Metadata, split output and results for --combine, made once.
        remove("metadata.json");
        run(&["--parse-meta", &format!("{name}:metadata.json")]);
        run(&["--log-to-json", "output:output.json"]);
        let metadata: serde_json::Value =
            serde_json::from_slice(&fs::read(dir.join("metadata.json")).unwrap()).unwrap();
        let (results, results_name) = (exercise.results)(&metadata);

        let floor = median(runs, dir, "cp", &[&name, "copy"], &mut || remove("copy"));
        let mut rows = vec![(format!("`cp` of the {size}-byte test file"), floor)];
        let parse_meta = format!("{name}:meta.json");
        let transform = format!("{name}:transformed");
        let combine = format!("{results_name}:metadata.json:output.json");
        // Each command's output is removed before each run; combine writes over its results
        // file, so each of its runs gets a fresh copy instead.
        let mut commands: Vec<(Vec<&str>, &str)> = vec![
            (vec!["--parse-meta", &parse_meta], "meta.json"),
            (vec!["--transform", &transform], "transformed"),
        ];
        if exercise.language == "elixir" {
            commands.push((
                vec!["--transform-mix", "mix.exs:mix.out.exs"],
                "mix.out.exs",
            ));
            commands.push((vec!["--log-to-json", "output:split.json"], "split.json"));
        }
        commands.push((vec!["--combine", &combine], results_name));
        for (args, output) in commands {
            let mut before = || match output == results_name {
                true => fs::write(dir.join(results_name), &results).unwrap(),
                false => remove(output),
            };
            let time = median(runs, dir, BIN, &args, &mut before);
            rows.push((format!("`{}`", args[0]), time));
        }
        for (what, time) in rows {
            println!(
                "| {} | {what} | {} | {:.2} |",
                exercise.language,
                ms(time),
                time.as_secs_f64() / floor.as_secs_f64()
            );
        }
    }
    println!("\nMedians of {runs} runs each, after two warm-up runs.");
}
