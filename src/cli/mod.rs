//! The command line: the escript's `--step a:b` syntax, several steps per call run in
//! pipeline order, and the one-line errors the user sees. The flags are declared in `flags`,
//! the `a:b` grammar is `paths`, and each command is a function of `commands`.

mod check;
mod commands;
mod flags;
mod paths;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::CommandFactory;

use crate::canonical::{self, exercise, suppressions};
use crate::error::Error;
use crate::run::log;
use crate::source::{meta, transform};

pub use commands::Outcome;
use flags::Cli;
use paths::{exercise_dirs, paths};

/// One step of the pipeline, with its paths resolved.
#[derive(Debug, PartialEq)]
enum Command {
    TransformMix(PathBuf, PathBuf),
    ParseMeta(PathBuf, PathBuf),
    Transform(PathBuf, PathBuf),
    LogToJson(PathBuf, PathBuf),
    Combine(PathBuf, PathBuf, PathBuf),
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
            commands::say(&format!("error: {error}"));
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
    let keep = log::Keep {
        final_newline: matches.get_flag("keep_final_newline"),
        load_output: matches.get_flag("keep_load_output"),
    };
    let marker = match matches.get_one::<flags::HeaderStyle>("header") {
        Some(flags::HeaderStyle::It) => transform::Marker::It,
        _ => transform::Marker::TestStarted,
    };
    let test_code = match matches.get_one::<flags::TestCodeContent>("test_code") {
        Some(flags::TestCodeContent::Body) => meta::TestCode::Body,
        _ => meta::TestCode::WithContext,
    };
    for step in steps(&matches)? {
        match step {
            Command::TransformMix(input, output) => commands::transform_mix(&input, &output)?,
            Command::ParseMeta(input, output) => {
                commands::parse_meta(&input, &output, language, test_code)?
            }
            Command::Transform(input, output) => {
                commands::transform(&input, &output, language, marker)?
            }
            Command::LogToJson(input, output) => commands::log_to_json(&input, &output, keep)?,
            Command::Combine(results, metadata, output) => commands::combine(
                &results,
                &metadata,
                &output,
                matches
                    .get_one::<PathBuf>("error_output")
                    .map(PathBuf::as_path),
            )?,
        }
    }
    let cwd = std::env::current_dir().unwrap_or_default();
    let dirs: Vec<PathBuf> = exercise_dirs(&occurrences(&matches, "check_canonical"))
        .iter()
        .map(|dir| from_cwd(dir, &cwd))
        .collect();
    if dirs.is_empty() {
        return Ok(Outcome::Done);
    }
    let specs = match matches.get_one::<PathBuf>("problem_specifications") {
        Some(dir) if dir.join("exercises").is_dir() => from_cwd(dir, &cwd),
        Some(dir) if dir.is_dir() => {
            return Err(Error::in_file(
                dir,
                "has no exercises/ folder: not problem-specifications (--problem-specifications)",
            ));
        }
        Some(dir) => {
            return Err(Error::in_file(
                dir,
                "is not a directory (--problem-specifications)",
            ));
        }
        None => exercise::configlet_cache().ok_or_else(|| {
            let cache = exercise::configlet_cache_path().map_or(String::new(), |dir| {
                format!(", which is not at {}", dir.display())
            });
            Error::usage(format!(
                "--check-canonical needs problem-specifications: give \
                 --problem-specifications <dir> (a clone of exercism/problem-specifications), \
                 or run `configlet sync` once to make configlet's cache{cache}"
            ))
        })?,
    };
    let suppressions = matches
        .get_one::<PathBuf>("suppressions_location")
        .cloned()
        .unwrap_or_else(|| PathBuf::from(suppressions::DEFAULT_FILE));
    let options = check::CheckOptions {
        check: canonical::check::Options {
            changed_since: matches.get_one::<String>("changed_since").cloned(),
            base: matches.get_one::<String>("base").cloned(),
            suppressions,
            suppress_all: matches.get_flag("suppress_all"),
            prune: matches.get_flag("prune_suppressions"),
        },
        format: matches
            .get_one::<flags::Format>("format")
            .copied()
            .unwrap_or(flags::Format::Text),
        verbose: matches.get_flag("verbose"),
        report: matches.get_one::<PathBuf>("report").cloned(),
        cwd,
    };
    check::check_canonical(&dirs, &specs, &options)
}

/// An absolute path inside the working directory `cwd` as a path from it, so that every
/// line and annotation names files as a maintainer in the track's folder would; any other
/// path as given.
fn from_cwd(path: &std::path::Path, cwd: &std::path::Path) -> PathBuf {
    match path.strip_prefix(cwd) {
        Ok(rest) if path.is_absolute() && rest.as_os_str().is_empty() => PathBuf::from("."),
        Ok(rest) if path.is_absolute() => rest.to_path_buf(),
        _ => path.to_path_buf(),
    }
}

/// The values of each occurrence of the flag with id `id`, occurrence by occurrence.
fn occurrences(matches: &clap::ArgMatches, id: &str) -> Vec<Vec<String>> {
    matches
        .get_occurrences::<String>(id)
        .map(|all| all.map(|values| values.cloned().collect()).collect())
        .unwrap_or_default()
}

/// The steps of the command line, in pipeline order whatever the order they were given in.
fn steps(matches: &clap::ArgMatches) -> Result<Vec<Command>, Error> {
    let mut steps = Vec::new();
    let two = |values: &Vec<String>, flag: &str| -> Result<(PathBuf, PathBuf), Error> {
        let mut paths = paths(values, 2, flag)?.into_iter();
        Ok((paths.next().unwrap(), paths.next().unwrap()))
    };
    for values in &occurrences(matches, "transform_mix") {
        let (a, b) = two(values, "--transform-mix")?;
        steps.push(Command::TransformMix(a, b));
    }
    for values in &occurrences(matches, "parse_meta") {
        let (a, b) = two(values, "--parse-meta")?;
        steps.push(Command::ParseMeta(a, b));
    }
    for values in &occurrences(matches, "transform") {
        let (a, b) = two(values, "--transform")?;
        steps.push(Command::Transform(a, b));
    }
    for values in &occurrences(matches, "log_to_json") {
        let (a, b) = two(values, "--log-to-json")?;
        steps.push(Command::LogToJson(a, b));
    }
    for values in &occurrences(matches, "combine") {
        let mut paths = paths(values, 3, "--combine")?.into_iter();
        let (a, b, c) = (paths.next(), paths.next(), paths.next());
        steps.push(Command::Combine(a.unwrap(), b.unwrap(), c.unwrap()));
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

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
