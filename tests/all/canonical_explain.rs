//! Why `--check-canonical` linked what it did: prints, for every case of one exercise, the
//! tests with the most evidence (data share, name similarity, score). A tool for tuning and
//! for reading a surprising finding, run by hand:
//!
//! ```sh
//! EXPLAIN=path/to/exercises/practice/<slug> SPECS=path/to/problem-specifications \
//!     cargo test --test all canonical_explain::explain_one_exercise -- --ignored --nocapture
//! ```
//!
//! With `LINE=<n>` set too, it prints every case's evidence for the test at line n instead.
//!
//! `held_data` (`HELD=<exercise dir>[:<exercise dir>...]` in place of `EXPLAIN`) prints, as
//! `slug<TAB>uuid<TAB>file<TAB>line` rows, every test that holds all of a case's data:
//! `eval/canonical/score.py` reads it to say how many links the rename check keeps where the
//! test's code holds the case's literals, the issue's measure.

use std::path::Path;

use exercism_test_helper::canonical::{exercise, link};

#[test]
#[ignore = "run by hand with EXPLAIN and SPECS set"]
fn explain_one_exercise() {
    let dir = std::env::var("EXPLAIN").expect("EXPLAIN names an exercise directory");
    let specs = std::env::var("SPECS").expect("SPECS names problem-specifications");
    let exercise = exercise::read(Path::new(&dir), Path::new(&specs)).unwrap();
    let (evidence, weights) = link::evidence(&exercise.cases, &exercise.tests);
    let line: Option<usize> = std::env::var("LINE").ok().and_then(|l| l.parse().ok());
    for (c, case) in exercise.cases.iter().enumerate() {
        println!(
            "{} {} (weight {:.2})",
            &case.uuid[..8],
            case.description,
            weights[c]
        );
        let mut ranked: Vec<usize> = (0..exercise.tests.len()).collect();
        ranked.sort_by(|&a, &b| evidence[c][b].score().total_cmp(&evidence[c][a].score()));
        if let Some(line) = line {
            ranked.retain(|&t| exercise.tests[t].line == line);
        }
        for &t in ranked.iter().take(5) {
            let (e, test) = (evidence[c][t], &exercise.tests[t]);
            println!(
                "    {:.2} data {:.2} order {:.2} (members in any order {:.2}) fit {:.2} (held {:.2}) name {:.2}{}{}{} {}:{} {}",
                e.score(),
                e.data,
                e.order,
                e.member_order,
                e.fit,
                e.held_fit,
                e.name,
                if e.named_after { " named" } else { "" },
                if e.other_property {
                    " other-property"
                } else {
                    ""
                },
                if e.calls_apart { " apart" } else { "" },
                test.file,
                test.line,
                test.name
            );
        }
    }
}

#[test]
#[ignore = "run by eval/canonical/score.py with HELD and SPECS set"]
fn held_data() {
    let dirs = std::env::var("HELD").expect("HELD names exercise directories, joined by ':'");
    let specs = std::env::var("SPECS").expect("SPECS names problem-specifications");
    for dir in dirs.split(':') {
        let dir = Path::new(dir);
        let exercise = match exercise::read(dir, Path::new(&specs)) {
            Ok(exercise) => exercise,
            Err(error) => {
                eprintln!("{}: not measured: {error}", dir.display());
                continue;
            }
        };
        let slug = dir.file_name().unwrap_or_default().to_string_lossy();
        let (evidence, _) = link::evidence(&exercise.cases, &exercise.tests);
        for (case, row) in exercise.cases.iter().zip(&evidence) {
            for (test, e) in exercise.tests.iter().zip(row) {
                if e.holds_all() {
                    println!("{slug}\t{}\t{}\t{}", case.uuid, test.file, test.line);
                }
            }
        }
    }
}
