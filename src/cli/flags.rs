//! The flags: what each one takes and says in `--help`. Their values are read by id in
//! `cli::run`, where several occurrences become pipeline steps.

use std::path::PathBuf;

use clap::{ArgAction, Parser, ValueEnum};

use crate::source::language;

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
pub(super) struct Cli {
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

    /// What --parse-meta puts in each test's test_code: the definitions of the test file that
    /// the body uses (helpers, attributes, constants, setup), then the body; or the body alone,
    /// as the escript did
    #[arg(long, value_name = "WHAT", value_enum, default_value_t = TestCodeContent::Context)]
    test_code: TestCodeContent,

    /// The header --transform makes each test print: `[test started] <name>`, as the escript
    /// did, or the line dialect's `<IT::><name>`
    #[arg(long, value_name = "STYLE", value_enum, default_value_t = HeaderStyle::TestStarted)]
    header: HeaderStyle,

    /// Check that each exercise's test files implement the canonical cases its .meta/tests.toml
    /// lists (an exercise dir, several joined by ':', or a folder of them); exit 1 when a case
    /// is missing or excluded but tested, 2 when an exercise could not be checked
    #[arg(long, value_name = "EXERCISE_DIR[:EXERCISE_DIR...]", num_args = 1.., action = ArgAction::Append)]
    check_canonical: Vec<String>,

    /// problem-specifications for --check-canonical (default: configlet's cache,
    /// exercism/configlet/problem-specifications in $XDG_CACHE_HOME, else ~/.cache
    /// (~/Library/Caches on macOS, %LOCALAPPDATA% on Windows))
    #[arg(long, value_name = "DIR")]
    problem_specifications: Option<PathBuf>,

    /// Write --check-canonical's whole linking, one object per exercise, to REPORT_JSON
    #[arg(long, value_name = "REPORT_JSON")]
    report: Option<PathBuf>,

    /// How --check-canonical prints its findings: lines of text, or GitHub Actions annotations
    /// (at most GitHub's 10 of each level, failing findings first) and, when
    /// $GITHUB_STEP_SUMMARY is set, every finding in the job summary
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = Format::Text)]
    format: Format,

    /// --check-canonical checks only the exercises with a file changed since this git
    /// reference (from where the current branch left it; every exercise when git cannot tell)
    #[arg(long, value_name = "GIT_REF")]
    changed_since: Option<String>,

    /// --check-canonical compares each exercise changed since this git reference with itself
    /// there (from where the current branch left it): its tests followed across the change, each
    /// finding introduced, fixed or preexisting, and only introduced ones fail; every exercise
    /// checked whole when git cannot give the base
    #[arg(long, value_name = "GIT_REF", conflicts_with = "changed_since")]
    base: Option<String>,

    /// The file of findings --check-canonical records as read and judged: a recorded finding
    /// never fails the check [default: canonical-suppressions.json]
    #[arg(long, value_name = "FILE")]
    suppressions_location: Option<PathBuf>,

    /// Record every failing finding of the exercises checked in the suppressions file
    #[arg(long)]
    suppress_all: bool,

    /// Drop the records of the suppressions file that no finding of the exercises checked
    /// matches any more
    #[arg(long)]
    prune_suppressions: bool,

    /// --check-canonical lists each finding that does not fail the check, instead of counting
    /// them in one line per exercise
    #[arg(long)]
    verbose: bool,

    /// --log-to-json keeps the line break that ends each test's output (the Ruby track's
    /// runner shows output so; the escript dropped it)
    #[arg(long)]
    keep_final_newline: bool,

    /// --log-to-json keeps what the run printed before its first test started (as the test
    /// files loaded), and --combine shows it with the first test that failed, else the last
    /// (the JavaScript track's runner shows it so; the escript dropped it)
    #[arg(long)]
    keep_load_output: bool,

    /// The run's captured error output (stderr), for --combine: when no test ran and the
    /// results do not say why, results.json's message shows it after what the log holds
    /// (the compiler's or the interpreter's error)
    #[arg(long, value_name = "FILE")]
    error_output: Option<PathBuf>,

    /// The language of the test files, instead of guessing it from the extension
    #[arg(long, value_name = "LANGUAGE", value_parser = clap::builder::PossibleValuesParser::new(language::names()))]
    language: Option<String>,
}

// The values of the flags that take one of a few words, parsed once into these. A variant's
// doc comment would show in `--help` as a list, so they have none.

/// `--format`: how `--check-canonical` prints its findings, each an emitter of
/// `canonical::emit`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    // Lines of text (`emit::text`).
    Text,
    // GitHub Actions annotations and the job summary (`emit::github`, `emit::markdown`).
    Github,
}

/// `--header`: the header line --transform makes each test print.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HeaderStyle {
    TestStarted,
    It,
}

/// `--test-code`: what --parse-meta puts in each test's test_code.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TestCodeContent {
    Context,
    Body,
}
