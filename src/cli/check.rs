//! `--check-canonical` from the command line: the flags turned into the check's options, the
//! check run (`canonical::check`), and its run written by the emitter the flags pick, with the
//! report and the exit code.

use std::path::{Path, PathBuf};

use super::commands::{Outcome, say, warn};
use super::flags::Format;
use crate::canonical::check::{self, Options};
use crate::canonical::emit;
use crate::error::Error;
use crate::files;

/// How `--check-canonical` runs and prints.
pub(super) struct CheckOptions {
    pub check: Options,
    pub format: Format,
    pub verbose: bool,
    pub report: Option<PathBuf>,
    /// The working directory: annotations name only files inside it.
    pub cwd: PathBuf,
}

/// `--check-canonical`: the check of the exercises `dirs` hold, written as `options` say.
pub(super) fn check_canonical(
    dirs: &[PathBuf],
    specs: &Path,
    options: &CheckOptions,
) -> Result<Outcome, Error> {
    let run = check::run(dirs, specs, &options.check)?;
    for line in emit::records::stale(&run) {
        warn(&options.check.suppressions, &line);
    }
    for line in emit::errors(&run) {
        say(&line);
    }
    let printed = match options.format {
        Format::Text => emit::text::write(&run, options.verbose),
        Format::Github => {
            let summary_written = match std::env::var_os("GITHUB_STEP_SUMMARY") {
                Some(path) if !path.is_empty() => {
                    append(Path::new(&path), &emit::markdown::write(&run))
                }
                _ => false,
            };
            emit::github::write(&run, &options.cwd, summary_written)
        }
    };
    for line in &printed.stderr {
        say(line);
    }
    for line in &printed.stdout {
        println!("{line}");
    }
    if let Some(path) = &options.report {
        files::write(path, emit::json::write(&run).as_bytes())?;
    }
    Ok(if run.broken() {
        Outcome::Unchecked
    } else if run.fails() {
        Outcome::Findings
    } else {
        Outcome::Done
    })
}

/// Appends `text` to the file at `path` (the job summary), or warns that it could not.
fn append(path: &Path, text: &str) -> bool {
    use std::io::Write;
    let written = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .and_then(|mut file| file.write_all(text.as_bytes()));
    match written {
        Ok(()) => true,
        Err(e) => {
            let error = Error::io(path, "write the job summary", &e);
            warn(path, error.message_text());
            false
        }
    }
}
