//! Why `--check-canonical` linked what it did, and the pairs the linker's weights are fitted
//! to. Run by hand or by the scripts of `eval/canonical/`:
//!
//! ```sh
//! EXPLAIN=path/to/exercises/practice/<slug> SPECS=path/to/problem-specifications \
//!     cargo test --test all canonical_explain::explain_one_exercise -- --ignored --nocapture
//! ```
//!
//! prints, for every case of one exercise, its links, its candidate tests with their levels
//! and scores, and what a reader is pointed to; with `LINE=<n>`, every case's `rank` score
//! and levels against the test at line n instead, with the shares the levels were read from.
//!
//! `pairs` (`PAIRS=<exercise dir>[:<exercise dir>...]`, `SPECS`, and optionally
//! `WEIGHTS=<weights.tsv>` in place of the embedded weights) prints, tab-separated: a `rank`
//! row with the levels of every (case, test) pair, a `link` row with the levels and score of
//! each candidate, and a `decision` row for each link and each case pointed to a reader.
//! `eval/canonical/fit.py` fits the weights to these rows.
//!
//! `held_data` (`HELD=<exercise dir>[:<exercise dir>...]`, `SPECS`) prints, as
//! `slug<TAB>uuid<TAB>file<TAB>line` rows, every test that holds all of a case's data:
//! `eval/canonical/score.py` reads it for the rename check.

use std::path::Path;

use exercism_test_helper::canonical::exercise::{self, Exercise};
use exercism_test_helper::canonical::link::{self, Levels, Possible, Weights};

/// The exercises named by the environment variable `var` (directories joined by ':'), with
/// those that cannot be read said on stderr and left out.
fn exercises(var: &str) -> Vec<Exercise> {
    let dirs = std::env::var(var).unwrap_or_else(|_| panic!("{var} names exercise directories"));
    let specs = std::env::var("SPECS").expect("SPECS names problem-specifications");
    dirs.split(':')
        .filter_map(
            |dir| match exercise::read(Path::new(dir), Path::new(&specs)) {
                Ok(exercise) => Some(exercise),
                Err(error) => {
                    eprintln!("{dir}: not read: {error}");
                    None
                }
            },
        )
        .collect()
}

/// The weights of `WEIGHTS`, else the embedded ones.
fn weights() -> Weights {
    match std::env::var("WEIGHTS") {
        Ok(path) => Weights::parse(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{path}: {e}")),
        Err(_) => Weights::embedded().clone(),
    }
}

fn levels_text(levels: &Levels) -> String {
    levels
        .names()
        .map(|(_, level)| level)
        .collect::<Vec<_>>()
        .join("\t")
}

#[test]
#[ignore = "run by hand with EXPLAIN and SPECS set"]
fn explain_one_exercise() {
    let weights = weights();
    for exercise in exercises("EXPLAIN") {
        let listed = exercise.listed();
        let cases: Vec<_> = listed.iter().map(|(c, _)| (*c).clone()).collect();
        let included: Vec<bool> = listed.iter().map(|(_, e)| e.include).collect();
        let explained = link::explain(&weights, &cases, &exercise.tests, &included);
        let test = |t: usize| {
            let test = &exercise.tests[t];
            format!("{}:{} {}", test.file, test.line, test.name)
        };
        if let Some(line) = std::env::var("LINE")
            .ok()
            .and_then(|l| l.parse::<usize>().ok())
        {
            // Every case against the test at that line, by the `rank` table.
            for t in (0..exercise.tests.len()).filter(|&t| exercise.tests[t].line == line) {
                for (c, case) in cases.iter().enumerate() {
                    let levels = &explained.rank[c][t];
                    let named: Vec<String> =
                        levels.names().map(|(c, l)| format!("{c}={l}")).collect();
                    let score = weights.rank.score(levels);
                    // The shares the levels are read from: pairs of one level may differ.
                    let e = &explained.linking.evidence[c][t];
                    println!(
                        "{score:7.2} {} {} [{}] (data {:.2}, fit {:.2}, name {:.2})",
                        &case.uuid[..8],
                        case.description,
                        named.join(" "),
                        e.data,
                        e.fit,
                        e.name
                    );
                }
            }
            continue;
        }
        for (c, case) in cases.iter().enumerate() {
            println!("{} {}", &case.uuid[..8], case.description);
            for &t in &explained.linking.links[c] {
                println!("    link: {}", test(t));
            }
            for p in explained.candidates.iter().filter(|p| p.case == c) {
                let levels: Vec<String> =
                    p.levels.names().map(|(c, l)| format!("{c}={l}")).collect();
                println!(
                    "    candidate {:6.2} {} [{}]",
                    p.score,
                    test(p.test),
                    levels.join(" ")
                );
            }
            match explained.linking.possible[c] {
                Some(Possible::Unconfirmed(t)) => println!("    unconfirmed: {}", test(t)),
                Some(Possible::CheckByReading(t)) => {
                    println!(
                        "    check by reading: {}",
                        t.map_or("no test".to_string(), test)
                    )
                }
                None => {}
            }
        }
    }
}

#[test]
#[ignore = "run by eval/canonical/fit.py with PAIRS and SPECS set"]
fn pairs() {
    let weights = weights();
    for exercise in exercises("PAIRS") {
        let listed = exercise.listed();
        let cases: Vec<_> = listed.iter().map(|(c, _)| (*c).clone()).collect();
        let included: Vec<bool> = listed.iter().map(|(_, e)| e.include).collect();
        let explained = link::explain(&weights, &cases, &exercise.tests, &included);
        let slug = &exercise.slug;
        let at = |c: usize, t: usize| {
            let test = &exercise.tests[t];
            format!("{slug}\t{}\t{}\t{}", cases[c].uuid, test.file, test.line)
        };
        for (c, row) in explained.rank.iter().enumerate() {
            for (t, levels) in row.iter().enumerate() {
                println!("rank\t{}\t{}", at(c, t), levels_text(levels));
            }
        }
        for p in &explained.candidates {
            println!(
                "link\t{}\t{}\t{}",
                at(p.case, p.test),
                levels_text(&p.levels),
                p.score
            );
        }
        for (c, tests) in explained.linking.links.iter().enumerate() {
            for &t in tests {
                println!("decision\t{}\tlink", at(c, t));
            }
        }
        for (c, possible) in explained.linking.possible.iter().enumerate() {
            match possible {
                Some(Possible::Unconfirmed(t)) => println!("decision\t{}\tunconfirmed", at(c, *t)),
                Some(Possible::CheckByReading(Some(t))) => {
                    println!("decision\t{}\tcheck_by_reading", at(c, *t))
                }
                Some(Possible::CheckByReading(None)) => {
                    println!(
                        "decision\t{slug}\t{}\t-\t-\tcheck_by_reading",
                        cases[c].uuid
                    )
                }
                None => {}
            }
        }
    }
}

#[test]
#[ignore = "run by eval/canonical/score.py with HELD and SPECS set"]
fn held_data() {
    for exercise in exercises("HELD") {
        let listed = exercise.listed();
        let cases: Vec<_> = listed.iter().map(|(c, _)| (*c).clone()).collect();
        let weighed = link::evidence(&cases, &exercise.tests);
        for (case, row) in cases.iter().zip(&weighed.matrix) {
            for (test, e) in exercise.tests.iter().zip(row) {
                if e.holds_all() {
                    println!(
                        "{}\t{}\t{}\t{}",
                        exercise.slug, case.uuid, test.file, test.line
                    );
                }
            }
        }
    }
}

#[test]
fn the_levels_printed_for_the_fit_are_the_comparisons_in_order() {
    let names: Vec<&str> = link::COMPARISONS.iter().map(|c| c.name).collect();
    assert_eq!(
        names,
        [
            "data", "order", "fit", "name", "function", "included", "place", "lead", "role"
        ]
    );
}
