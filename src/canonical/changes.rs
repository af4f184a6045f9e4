//! `--changed-since <ref>`: which exercises hold a file changed since a git reference, so
//! that a pull request's job checks what the pull request touched. A change is any
//! difference between the working tree and where the current branch left `ref` (their merge
//! base, or `ref` itself when git cannot find one, as in a shallow clone of a pull request's
//! merge commit), and any file git does not track yet. A rename changes both of its folders.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// For each of `dirs`, whether a file in it changed since `reference`, or why git cannot
/// tell (no repository holds it, or `reference` names no commit there): such an exercise is
/// checked. The files changed are asked of each repository once.
pub fn changed(dirs: &[PathBuf], reference: &str) -> Vec<Result<bool, String>> {
    let mut tops: HashMap<PathBuf, Result<PathBuf, String>> = HashMap::new();
    let mut changes: HashMap<PathBuf, Result<HashSet<PathBuf>, String>> = HashMap::new();
    dirs.iter()
        .map(|dir| {
            let dir = std::fs::canonicalize(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let parent = dir.parent().unwrap_or(&dir).to_path_buf();
            let top = tops
                .entry(parent.clone())
                .or_insert_with(|| toplevel(&parent))
                .clone()?;
            let files = changes
                .entry(top.clone())
                .or_insert_with(|| files_changed(&top, reference));
            Ok(files
                .as_ref()
                .map_err(Clone::clone)?
                .iter()
                .any(|file| file.starts_with(&dir)))
        })
        .collect()
}

/// The working tree of the repository that holds `dir`.
fn toplevel(dir: &Path) -> Result<PathBuf, String> {
    let top = git(dir, &["rev-parse", "--show-toplevel"])?;
    let top = String::from_utf8_lossy(&top)
        .trim_end_matches('\n')
        .to_string();
    std::fs::canonicalize(&top).map_err(|e| format!("{top}: {e}"))
}

/// Every file of the working tree `top` changed since `reference`, and those git does not
/// track, as paths under `top`.
fn files_changed(top: &Path, reference: &str) -> Result<HashSet<PathBuf>, String> {
    let commit = format!("{reference}^{{commit}}");
    git(
        top,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            "--end-of-options",
            &commit,
        ],
    )
    .map_err(|_| format!("git knows no commit `{reference}` here"))?;
    let base = git(top, &["merge-base", "--end-of-options", &commit, "HEAD"])
        .map(|out| String::from_utf8_lossy(&out).trim().to_string())
        .unwrap_or(commit);
    let diff = git(
        top,
        &["diff", "--name-only", "-z", "--no-renames", &base, "--"],
    )?;
    let untracked = git(top, &["ls-files", "-z", "--others", "--exclude-standard"])?;
    Ok(diff
        .split(|b| *b == 0)
        .chain(untracked.split(|b| *b == 0))
        .filter(|name| !name.is_empty())
        .map(|name| top.join(String::from_utf8_lossy(name).as_ref()))
        .collect())
}

/// What `git <args>` run in `dir` prints, or why it failed, in a line.
fn git(dir: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if out.status.success() {
        return Ok(out.stdout);
    }
    let error = String::from_utf8_lossy(&out.stderr);
    let first = error.lines().next().unwrap_or("").trim();
    Err(match first {
        "" => format!("git {} failed", args[0]),
        why => why.strip_prefix("fatal: ").unwrap_or(why).to_string(),
    })
}
