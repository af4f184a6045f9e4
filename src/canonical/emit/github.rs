//! GitHub Actions annotations: those that fail the check first, no more of each level than
//! GitHub shows, none of what the change did not introduce, the check's warnings first and
//! the summary line last.

use std::path::{Component, Path, PathBuf};

use super::words;
use super::{Emitted, summary_line};
use crate::canonical::check::CheckRun;
use crate::canonical::finding::{Change, Finding, Level};
use crate::error::one_line;

/// The annotations of each level GitHub shows for one step; it drops the rest.
pub const ANNOTATIONS_PER_LEVEL: usize = 10;

/// The whole run as annotations on stdout; `summary_written` says whether the job summary
/// holds every finding. A file outside the working directory `cwd` is not named.
pub fn write(run: &CheckRun, cwd: &Path, summary_written: bool) -> Emitted {
    let mut stdout = annotations(run, cwd, summary_written);
    stdout.push(one_line(&summary_line(run)).into_owned());
    Emitted {
        stdout,
        stderr: Vec::new(),
    }
}

/// The GitHub Actions annotations, errors first, then warnings, then notices, each level cut
/// to what GitHub shows; a last plain line says how many were left out and where they are.
/// A file outside the working directory `cwd` is not named: GitHub could not show it.
/// `warnings`, what the check could not do as asked, come first, on the run.
fn annotations(run: &CheckRun, cwd: &Path, summary_written: bool) -> Vec<String> {
    let (exercises, warnings) = (&run.exercises, &run.warnings);
    let mut all: Vec<(Level, String)> = Vec::new();
    // A pull request is shown what it introduced, not what was there before nor what it fixed;
    // a finding recorded as read is in the job summary only.
    let shown = |f: &&Finding| matches!(f.change, None | Some(Change::Introduced)) && !f.recorded;
    for finding in exercises.iter().flat_map(|e| &e.findings).filter(shown) {
        let said_of = words::message(finding);
        for place in &finding.places() {
            let file = inside(&place.file, cwd);
            let line = file.as_ref().and(place.line);
            // Not annotated on its file, the finding names it.
            let said = match &file {
                None if !place.file.is_empty() => format!("{}: {said_of}", place.file),
                _ => said_of.clone(),
            };
            let message = match finding.is_error() {
                true => format!("could not be checked: {said}"),
                false => format!("{}{}: {said}", change_word(finding), finding.kind().name()),
            };
            let level = finding.kind().level();
            all.push((level, command(level, file.as_deref(), line, &message)));
        }
    }
    // The check's own warnings first, within the warnings GitHub shows.
    let mut lines: Vec<String> = warnings
        .iter()
        .take(ANNOTATIONS_PER_LEVEL)
        .map(|w| one_line(&command(Level::Warning, None, None, &words::warning(w))).into_owned())
        .collect();
    let mut left_out = Vec::new();
    for level in Level::ALL {
        let of_level: Vec<&String> = all
            .iter()
            .filter(|(l, _)| *l == level)
            .map(|(_, c)| c)
            .collect();
        let room = match level {
            Level::Warning => ANNOTATIONS_PER_LEVEL.saturating_sub(warnings.len()),
            _ => ANNOTATIONS_PER_LEVEL,
        };
        lines.extend(of_level.iter().take(room).map(|c| one_line(c).into_owned()));
        if of_level.len() > room {
            left_out.push(format!("{} {}s", of_level.len() - room, level.name()));
        }
    }
    if !left_out.is_empty() {
        let where_ = if summary_written {
            "every finding is in the job summary"
        } else {
            "the text output (without --format github) or --report has every finding"
        };
        lines.push(format!(
            "{} more than GitHub shows ({ANNOTATIONS_PER_LEVEL} of each level a step) are not \
             annotated: {where_}",
            left_out.join(", ")
        ));
    }
    lines
}

/// `introduced ` before a finding's kind where the check compares with a base.
fn change_word(finding: &Finding) -> String {
    finding
        .change
        .map_or(String::new(), |change| format!("{} ", change.name()))
}

/// `file` as a path from the working directory `cwd`, if it is a file inside it: `..` that
/// leaves it, or an absolute path elsewhere, is not.
pub fn inside(file: &str, cwd: &Path) -> Option<String> {
    let path = Path::new(file);
    let path = if path.is_absolute() {
        path.strip_prefix(cwd).ok()?
    } else {
        path
    };
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => parts.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    let relative: PathBuf = parts.iter().collect();
    (!parts.is_empty()).then(|| relative.display().to_string())
}

/// A GitHub Actions workflow command, its values escaped as the runner reads them; without a
/// file, it is shown on the run rather than on a file.
pub fn command(level: Level, file: Option<&str>, line: Option<usize>, message: &str) -> String {
    let data = |s: &str| {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let property = |s: &str| data(s).replace(':', "%3A").replace(',', "%2C");
    let place = match (file, line) {
        (Some(file), Some(line)) => format!(" file={},line={line}", property(file)),
        (Some(file), None) => format!(" file={}", property(file)),
        (None, _) => String::new(),
    };
    format!("::{}{place}::{}", level.name(), data(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_inside_the_working_directory_are_named() {
        let cwd = Path::new("/work/track");
        assert_eq!(
            inside("exercises/practice/bob/bob_test.py", cwd).as_deref(),
            Some("exercises/practice/bob/bob_test.py")
        );
        assert_eq!(
            inside("./exercises/../exercises/bob/x.py", cwd).as_deref(),
            Some("exercises/bob/x.py")
        );
        assert_eq!(
            inside("/work/track/exercises/bob/x.py", cwd).as_deref(),
            Some("exercises/bob/x.py")
        );
        assert_eq!(inside("../problem-specifications/x.json", cwd), None);
        assert_eq!(inside("/elsewhere/x.json", cwd), None);
        assert_eq!(inside("", cwd), None);
        assert_eq!(inside("a/..", cwd), None);
    }

    #[test]
    fn github_commands_escape_what_the_runner_would_read_as_syntax() {
        assert_eq!(
            command(Level::Error, Some("a:b,c.toml"), Some(3), "50% done\nnext"),
            "::error file=a%3Ab%2Cc.toml,line=3::50%25 done%0Anext"
        );
        assert_eq!(
            command(Level::Notice, Some("t.py"), None, "x"),
            "::notice file=t.py::x"
        );
        assert_eq!(command(Level::Warning, None, Some(3), "x"), "::warning::x");
    }
}
