//! One function per command, each reading its input files and writing its output: the flags
//! and the path syntax have been dealt with by the time one is called.

use std::path::{Path, PathBuf};

use crate::error::{Error, one_line};
use crate::files;
use crate::run::{combine, dialect, log, model};
use crate::source::language::Language;
use crate::source::{header, meta, mix, syntax, transform};

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

/// The registry says which language has a mix query, so no language is named here.
pub(super) fn transform_mix(input: &Path, output: &Path) -> Result<(), Error> {
    let language = Language::with_mix()?;
    let source = files::read(input, files::SOURCE)?;
    let transformed = mix::transform(language, &source).ok_or_else(|| {
        Error::in_file(input, "no `def project` returning a keyword list was found")
    })?;
    files::write(output, &transformed)
}

/// Metadata goes into `output` beside what other test files put there, so that an exercise
/// with several test files keeps the tests of all (the escript kept only the last file's).
pub(super) fn parse_meta(
    input: &Path,
    output: &Path,
    language: Option<&str>,
    test_code: meta::TestCode,
) -> Result<(), Error> {
    let read = match test_code {
        meta::TestCode::WithContext => syntax::analyze_with_locals,
        meta::TestCode::Body => syntax::analyze,
    };
    let (source, analysis, language) = analyze(input, language, read)?;
    // `a_test.exs` and `./a_test.exs` are one file.
    let file: PathBuf = input
        .components()
        .filter(|c| *c != std::path::Component::CurDir)
        .collect();
    let file = file.to_string_lossy();
    let ordinal_task_ids = language.ordinal_task_ids(input);
    let (metadata, warnings) =
        meta::metadata(&analysis, language, &source, &file, ordinal_task_ids);
    for warning in warnings {
        warn(input, &warning);
    }
    analysis.leak();
    // An empty file (from mktemp, say) is no metadata yet; one that is not metadata is
    // replaced, with a warning, as the escript would have overwritten it. A device or a pipe
    // (`/dev/stdout`) is written, never read.
    let existing = match output
        .is_file()
        .then(|| files::read(output, files::RUN_FILE))
        .transpose()?
    {
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
    files::write(
        output,
        files::pretty_json(&existing.merge(&file, metadata)).as_bytes(),
    )
}

/// Rewrites `input` into `output` line for line, so that each test prints its header first.
pub(super) fn transform(
    input: &Path,
    output: &Path,
    language: Option<&str>,
    marker: transform::Marker,
) -> Result<(), Error> {
    let (source, analysis, language) = analyze(input, language, syntax::analyze)?;
    let edits = transform::edits(&analysis, &language.facts, &source, marker);
    analysis.leak();
    files::write(output, &transform::apply(&source, edits))
}

/// Splits a log at `[test started] ` headers, or reads it in the line dialect when it has
/// `<IT::>`/`<DESCRIBE::>` lines.
pub(super) fn log_to_json(input: &Path, output: &Path, keep: log::Keep) -> Result<(), Error> {
    let outputs = match in_dialect(input)? {
        Some(tests) => dialect::outputs(&tests),
        None => {
            let log = std::io::BufReader::new(files::open(input)?);
            log::split_with(log, header::MARKER, keep).map_err(|e| Error::io(input, "read", &e))?
        }
    };
    files::write(output, files::pretty_json(&outputs).as_bytes())
}

/// The tests of the log at `path`, read as a stream, where it is in the line dialect (its
/// first header is `<IT::>` or `<DESCRIBE::>`); `None` where it is not.
fn in_dialect(path: &Path) -> Result<Option<Vec<dialect::LoggedTest>>, Error> {
    let read = |e: std::io::Error| Error::io(path, "read", &e);
    if !dialect::detect_in(files::open(path)?).map_err(read)? {
        return Ok(None);
    }
    let log = std::io::BufReader::new(files::open(path)?);
    dialect::parse(log).map(Some).map_err(read)
}

/// A run that stopped before writing its results (a timeout, a crash) still gets a valid
/// results.json, from what the log, any partial results and the run's error output (when
/// given) tell.
pub(super) fn combine(
    results: &Path,
    metadata: &Path,
    outputs: &Path,
    error_output: Option<&Path>,
) -> Result<(), Error> {
    let run = if results.exists() || results.is_symlink() {
        // A log in the line dialect holds all the output too: it is read as a stream, in
        // bounded memory. JSON and JUnit results are read whole.
        match in_dialect(results)? {
            Some(tests) => dialect::run(tests),
            None => combine::parse_run(&files::read(results, files::RUN_FILE)?)
                .map_err(|e| Error::in_file(results, e))?,
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
    let metadata: meta::Metadata = serde_json::from_slice(&files::read(metadata, files::RUN_FILE)?)
        .map_err(|e| Error::in_file(metadata, format!("not a metadata file ({e})")))?;
    let outputs = combine::parse_outputs(&files::read(outputs, files::RUN_FILE)?)
        .map_err(|e| Error::in_file(outputs, e))?;
    let error_output = match error_output {
        Some(path) => Some(files::read_head(path, log::MAX_LOAD_OUTPUT_BYTES as u64)?),
        None => None,
    };
    let error_output = error_output.as_deref().map(String::from_utf8_lossy);
    let (combined, unknown) = combine::combine(run, &metadata, &outputs, error_output.as_deref());
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
    files::write(results, &combined.to_json())
}

fn analyze(
    input: &Path,
    language: Option<&str>,
    read: fn(&Language, &[u8]) -> syntax::Analysis,
) -> Result<(Vec<u8>, syntax::Analysis, &'static Language), Error> {
    let language = Language::for_path(input, language)?;
    let source = files::read(input, files::SOURCE)?;
    let analysis = read(language, &source);
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

pub(super) fn warn(path: &Path, message: &str) {
    say(&format!("warning: {}: {message}", path.display()));
}

/// Prints `line` on stderr, kept to one line (`one_line`): every error and warning the
/// commands print goes through here.
pub(super) fn say(line: &str) {
    eprintln!("{}", one_line(line));
}
