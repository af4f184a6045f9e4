//! The command line: the escript's `--step a:b` syntax, several steps per call run in
//! pipeline order, and the one-line errors the user sees.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::{ArgAction, CommandFactory, Parser};

use crate::canonical::report::{self, Report};
use crate::canonical::{self, exercise};
use crate::error::Error;
use crate::files;
use crate::run::{combine, dialect, log, model};
use crate::source::language::{self, Language};
use crate::source::{header, meta, mix, syntax, transform};

const EXAMPLES: &str = "\
Each step takes its paths joined by ':' (as the Elixir escript did) or as separate values.
Steps given together run in this order: transform-mix, parse-meta, transform, log-to-json, combine,
check-canonical.

Examples:
  exercism_test_helper --parse-meta test/two_fer_test.exs:metadata.json
  exercism_test_helper --transform test/two_fer_test.exs:test/two_fer_test.exs
  exercism_test_helper --transform-mix mix.exs:mix.exs
  exercism_test_helper --log-to-json output:output.json
  exercism_test_helper --combine results.json:metadata.json:output.json
  exercism_test_helper --parse-meta 'my dir/a_test.exs' meta.json --transform t.exs:t.exs
  exercism_test_helper --check-canonical exercises/practice --problem-specifications ../problem-specifications";

/// Extracts test metadata, rewrites test files so each test announces itself on stdout,
/// splits captured output per test, and combines it all into Exercism's results.json.
#[derive(Parser, Debug)]
#[command(name = "exercism_test_helper", version, after_help = EXAMPLES)]
struct Cli {
    /// Write the metadata (name, test_code, task_id) of the tests in TEST_FILE to METADATA_JSON
    #[arg(long, value_name = "TEST_FILE:METADATA_JSON", num_args = 1..=2, action = ArgAction::Append)]
    parse_meta: Vec<String>,

    /// Rewrite TEST_FILE into OUT so each test prints `[test started] <name>` first and
    /// disabled tests run; every line keeps its line number (OUT may be TEST_FILE)
    #[arg(long, value_name = "TEST_FILE:OUT", num_args = 1..=2, action = ArgAction::Append)]
    transform: Vec<String>,

    /// Add `prune_code_paths: false` to the project of a mix.exs (Elixir only)
    #[arg(long, value_name = "MIX_EXS:OUT", num_args = 1..=2, action = ArgAction::Append)]
    transform_mix: Vec<String>,

    /// Split the captured stdout of a test run into {test name: output} JSON
    #[arg(long, value_name = "LOG:OUTPUT_JSON", num_args = 1..=2, action = ArgAction::Append)]
    log_to_json: Vec<String>,

    /// Merge run results, metadata and split output into results.json, written over RESULTS_JSON
    #[arg(long, value_name = "RESULTS_JSON:METADATA_JSON:OUTPUT_JSON", num_args = 1..=3, action = ArgAction::Append)]
    combine: Vec<String>,

    /// The header --transform makes each test print: `[test started] <name>`, as the escript
    /// did, or the line dialect's `<IT::><name>`
    #[arg(long, value_name = "STYLE", default_value = "test-started", value_parser = ["test-started", "it"])]
    header: String,

    /// Check that each exercise's test files implement the canonical cases its .meta/tests.toml
    /// lists (an exercise dir, several joined by ':', or a folder of them); exit 1 when a case
    /// is missing or excluded but tested, 2 when an exercise could not be checked
    #[arg(long, value_name = "EXERCISE_DIR[:EXERCISE_DIR...]", num_args = 1.., action = ArgAction::Append)]
    check_canonical: Vec<String>,

    /// problem-specifications for --check-canonical (default: configlet's cache,
    /// $XDG_CACHE_HOME or ~/.cache, then exercism/configlet/problem-specifications)
    #[arg(long, value_name = "DIR")]
    problem_specifications: Option<PathBuf>,

    /// Write --check-canonical's whole linking, one object per exercise, to REPORT_JSON
    #[arg(long, value_name = "REPORT_JSON")]
    report: Option<PathBuf>,

    /// How --check-canonical prints its findings: a line each, or GitHub Actions annotations
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = ["text", "github"])]
    format: String,

    /// --log-to-json keeps the line break that ends each test's output (the Ruby track's
    /// runner shows output so; the escript dropped it)
    #[arg(long)]
    keep_final_newline: bool,

    /// The language of the test files, instead of guessing it from the extension
    #[arg(long, value_name = "LANGUAGE", value_parser = clap::builder::PossibleValuesParser::new(language::names()))]
    language: Option<String>,
}

/// One step of the pipeline, with its paths resolved.
#[derive(Debug, PartialEq)]
enum Step {
    TransformMix(PathBuf, PathBuf),
    ParseMeta(PathBuf, PathBuf),
    Transform(PathBuf, PathBuf),
    LogToJson(PathBuf, PathBuf),
    Combine(PathBuf, PathBuf, PathBuf),
}

/// How a call ended, for its exit code.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    /// Exit 0.
    Done,
    /// `--check-canonical` found a case missing or excluded but tested: exit 1.
    Findings,
    /// `--check-canonical` could not check everything it was given: exit 2.
    Unchecked,
}

/// Runs the command line `args` (program name first) and gives its exit code, having printed
/// any error as one line on stderr.
pub fn main(args: Vec<OsString>) -> u8 {
    // The check's exit 1 means findings, so its errors take 2.
    let checking = args.iter().any(|a| {
        a.to_str()
            .is_some_and(|a| a.starts_with("--check-canonical"))
    });
    match run(args) {
        Ok(Outcome::Done) => 0,
        Ok(Outcome::Findings) => 1,
        Ok(Outcome::Unchecked) => 2,
        Err(error) => {
            eprintln!("error: {error}");
            if checking { 2 } else { 1 }
        }
    }
}

/// Runs the command line `args` (program name first).
pub fn run(args: Vec<OsString>) -> Result<Outcome, Error> {
    if args.len() <= 1 {
        println!("{}", Cli::command().render_help());
        return Ok(Outcome::Done);
    }
    let matches = match Cli::command().try_get_matches_from(args) {
        Ok(matches) => matches,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            print!("{e}");
            return Ok(Outcome::Done);
        }
        Err(e) => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("invalid arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            return Err(Error::usage(format!("{first} (see --help)")));
        }
    };
    let language = matches.get_one::<String>("language").map(String::as_str);
    let keep_final_newline = matches.get_flag("keep_final_newline");
    let marker = match matches.get_one::<String>("header").map(String::as_str) {
        Some("it") => transform::Marker::It,
        _ => transform::Marker::TestStarted,
    };
    for step in steps(&matches)? {
        match step {
            Step::TransformMix(input, output) => transform_mix(&input, &output)?,
            Step::ParseMeta(input, output) => parse_meta(&input, &output, language)?,
            Step::Transform(input, output) => transform(&input, &output, language, marker)?,
            Step::LogToJson(input, output) => log_to_json(&input, &output, keep_final_newline)?,
            Step::Combine(results, metadata, output) => combine(&results, &metadata, &output)?,
        }
    }
    let dirs: Vec<PathBuf> = occurrences(&matches, "check_canonical")
        .iter()
        .flatten()
        .flat_map(|value| {
            value
                .split(':')
                .filter(|d| !d.is_empty())
                .map(PathBuf::from)
                .collect::<Vec<_>>()
        })
        .collect();
    if dirs.is_empty() {
        return Ok(Outcome::Done);
    }
    let specs = match matches.get_one::<PathBuf>("problem_specifications") {
        Some(dir) if dir.is_dir() => dir.clone(),
        Some(dir) => {
            return Err(Error::in_file(
                dir,
                "is not a directory (--problem-specifications)",
            ));
        }
        None => exercise::configlet_cache().ok_or_else(|| {
            Error::usage(
                "--check-canonical needs --problem-specifications <dir>, or configlet's cache \
                 (run `configlet sync` once)",
            )
        })?,
    };
    let github = matches.get_one::<String>("format").map(String::as_str) == Some("github");
    check_canonical(&dirs, &specs, matches.get_one::<PathBuf>("report"), github)
}

/// `--check-canonical`: every exercise is checked, whatever is wrong with another.
fn check_canonical(
    dirs: &[PathBuf],
    specs: &Path,
    report_path: Option<&PathBuf>,
    github: bool,
) -> Result<Outcome, Error> {
    let (found, without_toml) = exercise::find(dirs);
    let mut reports = Vec::new();
    let mut unchecked = Vec::new();
    let mut errors = 0;
    for (exercise_dir, checked) in canonical::check_all(found, specs) {
        match checked {
            Ok(report) => {
                let lines = if github {
                    report.annotations()
                } else {
                    report.lines()
                };
                for line in lines {
                    println!("{line}");
                }
                reports.push(report);
            }
            Err(error) => {
                errors += 1;
                if github {
                    // A tests.toml error names its line: the annotation goes on it.
                    let message = error.message_text();
                    let line = message
                        .strip_prefix("line ")
                        .and_then(|rest| rest.split_once(':'))
                        .and_then(|(n, _)| n.parse().ok());
                    let path = error.path_text();
                    println!("{}", report::command("error", &path, line, message));
                }
                eprintln!("error: {error}");
                unchecked.push(report::Entry::Unchecked {
                    dir: exercise_dir.map_or(error.path_text(), |d| d.display().to_string()),
                    error: error.to_string(),
                });
            }
        }
    }
    let count = |f: fn(&Report) -> usize| reports.iter().map(f).sum::<usize>();
    println!(
        "checked {} exercises ({} cases): {} missing, {} excluded but tested, {} misnamed, \
         {} extra tests, {} unknown uuids, {} unsynced uuids; {errors} could not be checked, \
         {without_toml} have no tests.toml",
        reports.len(),
        count(|r| r.cases.len()),
        count(|r| r.missing.len()),
        count(|r| r.excluded_but_tested.len()),
        count(|r| r.misnamed_tests.len()),
        count(|r| r.extra_tests.len()),
        count(|r| r.unknown_uuids.len()),
        count(|r| r.unsynced_uuids.len()),
    );
    let fails = reports.iter().any(Report::fails);
    if let Some(path) = report_path {
        let entries: Vec<report::Entry> = reports
            .into_iter()
            .map(|report| report::Entry::Checked(Box::new(report)))
            .chain(unchecked)
            .collect();
        let text = serde_json::to_string_pretty(&entries).expect("a report serializes");
        files::write(path, (text + "\n").as_bytes())?;
    }
    Ok(if errors > 0 {
        Outcome::Unchecked
    } else if fails {
        Outcome::Findings
    } else {
        Outcome::Done
    })
}

/// The values of each occurrence of the flag with id `id`, occurrence by occurrence.
fn occurrences(matches: &clap::ArgMatches, id: &str) -> Vec<Vec<String>> {
    matches
        .get_occurrences::<String>(id)
        .map(|all| all.map(|values| values.cloned().collect()).collect())
        .unwrap_or_default()
}

fn steps(matches: &clap::ArgMatches) -> Result<Vec<Step>, Error> {
    let mut steps = Vec::new();
    let two = |values: &Vec<String>, flag: &str| -> Result<(PathBuf, PathBuf), Error> {
        let mut paths = paths(values, 2, flag)?.into_iter();
        Ok((paths.next().unwrap(), paths.next().unwrap()))
    };
    for values in &occurrences(matches, "transform_mix") {
        let (a, b) = two(values, "--transform-mix")?;
        steps.push(Step::TransformMix(a, b));
    }
    for values in &occurrences(matches, "parse_meta") {
        let (a, b) = two(values, "--parse-meta")?;
        steps.push(Step::ParseMeta(a, b));
    }
    for values in &occurrences(matches, "transform") {
        let (a, b) = two(values, "--transform")?;
        steps.push(Step::Transform(a, b));
    }
    for values in &occurrences(matches, "log_to_json") {
        let (a, b) = two(values, "--log-to-json")?;
        steps.push(Step::LogToJson(a, b));
    }
    for values in &occurrences(matches, "combine") {
        let mut paths = paths(values, 3, "--combine")?.into_iter();
        let (a, b, c) = (paths.next(), paths.next(), paths.next());
        steps.push(Step::Combine(a.unwrap(), b.unwrap(), c.unwrap()));
    }
    Ok(steps)
}

/// The `count` paths of one step: separate values taken as they are, or one value split at
/// colons. When a path itself contains a colon, the split whose input paths exist is chosen.
fn paths(values: &[String], count: usize, flag: &str) -> Result<Vec<PathBuf>, Error> {
    let shape = match count {
        2 => "A:B",
        _ => "A:B:C",
    };
    if values.len() == count {
        return Ok(values.iter().map(PathBuf::from).collect());
    }
    if values.len() != 1 {
        return Err(Error::usage(format!(
            "{flag} takes {count} paths, as {shape} or as {count} separate values; got {}",
            values.len()
        )));
    }
    let value = &values[0];
    let colons: Vec<usize> = value.match_indices(':').map(|(i, _)| i).collect();
    if colons.len() + 1 < count {
        return Err(Error::usage(format!(
            "{flag} takes {count} paths joined by ':' ({shape}); got `{value}`"
        )));
    }
    let candidates: Vec<Vec<PathBuf>> = splits(value, &colons, count)
        .into_iter()
        .filter(|parts| parts.iter().all(|p| !p.as_os_str().is_empty()))
        .collect();
    if colons.len() + 1 == count && candidates.len() == 1 {
        return Ok(candidates
            .into_iter()
            .next()
            .unwrap()
            .iter()
            .map(PathBuf::from)
            .collect());
    }
    // Paths with colons: all but the written path of the last position must already exist.
    let existing: Vec<&Vec<PathBuf>> = candidates
        .iter()
        .filter(|parts| parts[..count - 1].iter().all(|p| Path::new(p).exists()))
        .collect();
    match existing.as_slice() {
        [only] => Ok(only.to_vec()),
        _ => Err(Error::usage(format!(
            "{flag} `{value}`: cannot tell where the paths split (a path contains ':'); \
             pass the {count} paths as separate values"
        ))),
    }
}

/// Every way to cut `value` into `count` pieces at the given colon positions.
fn splits(value: &str, colons: &[usize], count: usize) -> Vec<Vec<PathBuf>> {
    fn choose(
        start: usize,
        left: usize,
        colons: &[usize],
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 {
            out.push(chosen.clone());
            return;
        }
        for i in start..colons.len() {
            chosen.push(colons[i]);
            choose(i + 1, left - 1, colons, chosen, out);
            chosen.pop();
        }
    }
    let mut cuts = Vec::new();
    choose(0, count - 1, colons, &mut Vec::new(), &mut cuts);
    cuts.into_iter()
        .map(|cut| {
            let mut parts = Vec::with_capacity(count);
            let mut from = 0;
            for at in cut {
                parts.push(PathBuf::from(&value[from..at]));
                from = at + 1;
            }
            parts.push(PathBuf::from(&value[from..]));
            parts
        })
        .collect()
}

fn warn(path: &Path, message: &str) {
    eprintln!("warning: {}: {message}", path.display());
}

fn analyze(
    input: &Path,
    language: Option<&str>,
) -> Result<(Vec<u8>, syntax::Analysis, Language), Error> {
    let language = Language::for_path(input, language)?;
    let source = files::read(input)?;
    let analysis = syntax::analyze(&language, &source);
    if let Some(line) = analysis.syntax_error_line {
        warn(
            input,
            &format!(
                "cannot parse near line {line} (a syntax error, or syntax the grammar does \
                 not know); the tests that could be read are handled"
            ),
        );
    }
    Ok((source, analysis, language))
}

/// Metadata goes into `output` beside what other test files put there, so that an exercise
/// with several test files keeps the tests of all (the escript kept only the last file's).
fn parse_meta(input: &Path, output: &Path, language: Option<&str>) -> Result<(), Error> {
    let (source, analysis, _) = analyze(input, language)?;
    // `a_test.exs` and `./a_test.exs` are one file.
    let file: PathBuf = input
        .components()
        .filter(|c| *c != std::path::Component::CurDir)
        .collect();
    let file = file.to_string_lossy();
    let metadata = meta::metadata(&analysis, &source, &file);
    analysis.leak();
    // An empty file (from mktemp, say) is no metadata yet; one that is not metadata is
    // replaced, with a warning, as the escript would have overwritten it.
    let existing = match output.exists().then(|| files::read(output)).transpose()? {
        Some(content) if !content.iter().all(u8::is_ascii_whitespace) => {
            serde_json::from_slice::<meta::Metadata>(&content).unwrap_or_else(|e| {
                warn(
                    output,
                    &format!("is not a metadata file ({e}); starting it afresh"),
                );
                meta::Metadata::default()
            })
        }
        _ => meta::Metadata::default(),
    };
    files::write(output, &to_json(&existing.merge(&file, metadata)))
}

fn transform(
    input: &Path,
    output: &Path,
    language: Option<&str>,
    marker: transform::Marker,
) -> Result<(), Error> {
    let (source, analysis, language) = analyze(input, language)?;
    let edits = transform::edits(&analysis, &language.facts, &source, marker);
    analysis.leak();
    files::write(output, &transform::apply(&source, edits))
}

fn transform_mix(input: &Path, output: &Path) -> Result<(), Error> {
    let language = Language::by_name("elixir")?;
    let source = files::read(input)?;
    let transformed = mix::transform(&language, &source).ok_or_else(|| {
        Error::in_file(input, "no `def project` returning a keyword list was found")
    })?;
    files::write(output, &transformed)
}

/// Splits a log at `[test started] ` headers, or reads it in the line dialect when it has
/// `<IT::>`/`<DESCRIBE::>` lines.
fn log_to_json(input: &Path, output: &Path, keep_final_newline: bool) -> Result<(), Error> {
    let read = |e: std::io::Error| Error::io(input, "read", &e);
    let is_dialect = dialect::detect_in(files::open(input)?).map_err(read)?;
    let log = std::io::BufReader::new(files::open(input)?);
    let outputs = if is_dialect {
        dialect::outputs(&dialect::parse(log).map_err(read)?)
    } else {
        log::split_with(log, header::MARKER, keep_final_newline).map_err(read)?
    };
    files::write(output, &to_json(&outputs))
}

/// A run that stopped before writing its results (a timeout, a crash) still gets a valid
/// results.json, from what the log and any partial results tell.
fn combine(results: &Path, metadata: &Path, outputs: &Path) -> Result<(), Error> {
    let read = |e: std::io::Error| Error::io(results, "read", &e);
    let run = if results.exists() || results.is_symlink() {
        // A log in the line dialect holds all the output too: it is read as a stream, in
        // bounded memory. JSON and JUnit results are read whole.
        if dialect::detect_in(files::open(results)?).map_err(read)? {
            let log = std::io::BufReader::new(files::open(results)?);
            dialect::run(dialect::parse(log).map_err(read)?)
        } else {
            combine::parse_run(&files::read(results)?).map_err(|e| Error::in_file(results, e))?
        }
    } else {
        model::Run::missing()
    };
    if !run.complete {
        warn(
            results,
            "missing, empty or cut short: the run did not finish; results come from what \
             could be read and the headers in the log",
        );
    }
    let metadata: meta::Metadata = serde_json::from_slice(&files::read(metadata)?)
        .map_err(|e| Error::in_file(metadata, format!("not a metadata file ({e})")))?;
    let outputs =
        combine::parse_outputs(&files::read(outputs)?).map_err(|e| Error::in_file(outputs, e))?;
    let (combined, unknown) = combine::combine(run, &metadata, &outputs);
    if !unknown.is_empty() {
        warn(
            results,
            &format!(
                "{} test(s) have no metadata, so their test_code is null: {}",
                unknown.len(),
                unknown.join(", ")
            ),
        );
    }
    files::write(results, &to_json(&combined))
}

fn to_json(value: &impl serde::Serialize) -> Vec<u8> {
    let mut json = serde_json::to_vec_pretty(value).expect("in-memory JSON cannot fail");
    json.push(b'\n');
    json
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn colon_joined_and_separate_paths_mean_the_same() {
        let joined = paths(&values(&["a.exs:b.json"]), 2, "--parse-meta").unwrap();
        let separate = paths(&values(&["a.exs", "b.json"]), 2, "--parse-meta").unwrap();
        assert_eq!(joined, separate);
        assert_eq!(joined, [PathBuf::from("a.exs"), PathBuf::from("b.json")]);
    }

    #[test]
    fn a_missing_path_is_a_usage_error_naming_the_shape() {
        let error = paths(&values(&["only.exs"]), 2, "--parse-meta").unwrap_err();
        assert!(error.to_string().contains("A:B"), "{error}");
    }

    #[test]
    fn a_path_with_a_colon_is_split_where_the_input_exists() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("a:b.exs");
        std::fs::write(&input, "").unwrap();
        let value = format!("{}:out.json", input.display());
        let split = paths(&[value], 2, "--parse-meta").unwrap();
        assert_eq!(split, [input, PathBuf::from("out.json")]);
    }

    #[test]
    fn steps_run_in_pipeline_order_whatever_the_order_given() {
        let matches = Cli::command()
            .try_get_matches_from([
                "x",
                "--combine",
                "r:m:o",
                "--transform",
                "t:t",
                "--parse-meta",
                "t:m",
            ])
            .unwrap();
        let kinds: Vec<_> = steps(&matches)
            .unwrap()
            .iter()
            .map(|s| format!("{s:?}").split('(').next().unwrap().to_string())
            .collect();
        assert_eq!(kinds, ["ParseMeta", "Transform", "Combine"]);
    }
}
