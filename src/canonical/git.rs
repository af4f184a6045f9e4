//! What the check asks of git, through the `git` command: the working tree that holds a
//! folder, the commit a reference names (where the current branch left it), the files that
//! changed since that commit, and the files of some folders at that commit, read without a
//! checkout (`git ls-tree` for what is there, `git cat-file --batch` for what a file holds).
//! Every failure is a line saying why, for a warning: the check then goes on without git.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;

/// A repository's working tree, by its top folder (canonical).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Repository {
    pub top: PathBuf,
}

impl Repository {
    /// The repository whose working tree holds `dir`.
    pub fn holding(dir: &Path) -> Result<Repository, String> {
        let top = git(dir, &["rev-parse", "--show-toplevel"])?;
        let top = String::from_utf8_lossy(&top)
            .trim_end_matches('\n')
            .to_string();
        let top = std::fs::canonicalize(&top).map_err(|e| format!("{top}: {e}"))?;
        Ok(Repository { top })
    }

    /// The commit `reference` names, taken where the current branch left it: their merge
    /// base, or the commit itself when git finds none (a shallow clone of a pull request's
    /// merge commit holds the base's tip without their history).
    pub fn base(&self, reference: &str) -> Result<String, String> {
        let commit = format!("{reference}^{{commit}}");
        let id = self
            .git(&[
                "rev-parse",
                "--verify",
                "--quiet",
                "--end-of-options",
                &commit,
            ])
            .map_err(|_| {
                let reference = abbreviated(reference);
                let shallow = self
                    .git(&["rev-parse", "--is-shallow-repository"])
                    .is_ok_and(|out| out.starts_with(b"true"));
                match shallow {
                    true => format!(
                        "git knows no commit `{reference}` here, and this clone is shallow: \
                         fetch the history that holds it (`fetch-depth: 0` in \
                         actions/checkout, or `git fetch --deepen=<commits>`)"
                    ),
                    false => format!("git knows no commit `{reference}` here"),
                }
            })?;
        let id = String::from_utf8_lossy(&id).trim().to_string();
        Ok(self
            .git(&["merge-base", "--end-of-options", &id, "HEAD"])
            .map(|out| String::from_utf8_lossy(&out).trim().to_string())
            .unwrap_or(id))
    }

    /// Every file of the working tree that differs from `commit`, and every file git does
    /// not track yet, as paths under `top`; with the files git finds renamed since (`git
    /// diff -M`), from their path at `commit` to their path now.
    pub fn changes(&self, commit: &str) -> Result<Changes, String> {
        let diff = self.git(&["diff", "--name-status", "-z", "-M", commit, "--"])?;
        let untracked = self.git(&["ls-files", "-z", "--others", "--exclude-standard"])?;
        let mut changes = Changes::default();
        let mut fields = diff.split(|b| *b == 0).filter(|f| !f.is_empty());
        while let Some(status) = fields.next() {
            let path = |field: &[u8]| self.top.join(String::from_utf8_lossy(field).as_ref());
            let Some(first) = fields.next() else { break };
            if matches!(status.first(), Some(b'R' | b'C')) {
                let Some(second) = fields.next() else { break };
                let (from, to) = (path(first), path(second));
                changes.files.push(from.clone());
                changes.files.push(to.clone());
                if status[0] == b'R' {
                    changes.renames.push((from, to));
                }
            } else {
                changes.files.push(path(first));
            }
        }
        changes.files.extend(
            untracked
                .split(|b| *b == 0)
                .filter(|name| !name.is_empty())
                .map(|name| self.top.join(String::from_utf8_lossy(name).as_ref())),
        );
        Ok(changes)
    }

    /// What `git <args>` prints in this repository.
    fn git(&self, args: &[&str]) -> Result<Vec<u8>, String> {
        git(&self.top, args)
    }
}

/// What changed since a commit (`Repository::changes`).
#[derive(Debug, Default)]
pub struct Changes {
    pub files: Vec<PathBuf>,
    /// (path at the commit, path now), for each file git finds renamed.
    pub renames: Vec<(PathBuf, PathBuf)>,
}

/// One file of a folder at a commit.
#[derive(Debug, Clone)]
pub struct TreeFile {
    /// The object's id, to read it by.
    id: String,
    /// Its size in bytes (`None` for what is no file: a symlink or a submodule).
    pub size: Option<u64>,
}

/// The files of some folders at one commit, read without a checkout: their list is read
/// once (`git ls-tree`), and what a file holds when it is asked for, from one `git cat-file
/// --batch` that every thread shares.
pub struct Snapshot {
    /// The commit as the user named it, for messages: `origin/main`.
    pub name: String,
    /// Every file under the folders asked for, by its path from the top of the repository
    /// (`/`-separated).
    entries: HashMap<String, TreeFile>,
    reader: Mutex<Option<Batch>>,
    top: PathBuf,
    commit: String,
}

/// A running `git cat-file --batch`.
struct Batch {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Snapshot {
    /// The files under `folders` (paths from the top of `repository`) at `commit`, which the
    /// user named `name`.
    pub fn of(
        repository: &Repository,
        commit: &str,
        name: &str,
        folders: &[String],
    ) -> Result<Snapshot, String> {
        let mut entries = HashMap::new();
        // Asked a few hundred folders at a time, to stay within any command line's length.
        for some in folders.chunks(256) {
            let mut args = vec!["ls-tree", "-r", "-l", "-z", "--full-tree", commit, "--"];
            args.extend(some.iter().map(String::as_str));
            let listing = repository.git(&args)?;
            for line in listing.split(|b| *b == 0).filter(|l| !l.is_empty()) {
                // `<mode> SP <type> SP <object> SP+ <size> TAB <path>`
                let Some(tab) = line.iter().position(|b| *b == b'\t') else {
                    continue;
                };
                let head = String::from_utf8_lossy(&line[..tab]);
                let path = String::from_utf8_lossy(&line[tab + 1..]).into_owned();
                let fields: Vec<&str> = head.split_whitespace().collect();
                let [mode, kind, id, size] = fields[..] else {
                    continue;
                };
                let size = (kind == "blob" && mode != "120000")
                    .then(|| size.parse().ok())
                    .flatten();
                entries.insert(
                    path,
                    TreeFile {
                        id: id.to_string(),
                        size,
                    },
                );
            }
        }
        Ok(Snapshot {
            name: name.to_string(),
            entries,
            reader: Mutex::new(None),
            top: repository.top.clone(),
            commit: commit.to_string(),
        })
    }

    /// The entry of the file at `path` (from the top of the repository), if there is one.
    pub fn entry(&self, path: &str) -> Option<&TreeFile> {
        self.entries.get(path)
    }

    /// Whether anything is at or under `path` (a folder holds files).
    pub fn holds(&self, path: &str) -> bool {
        let folder = format!("{}/", path.trim_end_matches('/'));
        self.entries
            .keys()
            .any(|p| p == path || p.starts_with(&folder))
    }

    /// The paths of every file under `folder`.
    pub fn files_under<'a>(&'a self, folder: &str) -> impl Iterator<Item = &'a str> + 'a {
        let folder = format!("{}/", folder.trim_end_matches('/'));
        self.entries
            .keys()
            .filter(move |p| p.starts_with(&folder))
            .map(String::as_str)
    }

    /// What the file `entry` holds.
    pub fn read(&self, entry: &TreeFile) -> Result<Vec<u8>, String> {
        let mut reader = self.reader.lock().unwrap_or_else(|e| e.into_inner());
        if reader.is_none() {
            *reader = Some(self.start()?);
        }
        let batch = reader.as_mut().expect("started above");
        let read = batch.object(&entry.id);
        if read.is_err() {
            // A reader that failed half-way is not asked again.
            if let Some(mut batch) = reader.take() {
                let _ = batch.child.kill();
                let _ = batch.child.wait();
            }
        }
        read
    }

    fn start(&self) -> Result<Batch, String> {
        let mut child = Command::new("git")
            .arg("-C")
            .arg(&self.top)
            .args(["cat-file", "--batch"])
            .env("GIT_NO_LAZY_FETCH", "1")
            .env("GIT_TERMINAL_PROMPT", "0")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run git: {e}"))?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Batch {
            child,
            input,
            output,
        })
    }

    /// The commit read, as the user named it (`origin/main`) and as its id.
    pub fn commit(&self) -> &str {
        &self.commit
    }
}

impl Batch {
    /// One object: asked by its id, answered `<id> <type> <size>\n<content>\n`.
    fn object(&mut self, id: &str) -> Result<Vec<u8>, String> {
        let broken = |e: std::io::Error| format!("git cat-file: {e}");
        writeln!(self.input, "{id}").map_err(broken)?;
        self.input.flush().map_err(broken)?;
        let mut header = String::new();
        self.output.read_line(&mut header).map_err(broken)?;
        let fields: Vec<&str> = header.split_whitespace().collect();
        let size: usize = match fields[..] {
            [_, "blob", size] => size
                .parse()
                .map_err(|_| format!("git cat-file answered `{}`", header.trim()))?,
            _ => return Err(format!("git cannot read object {id}: {}", header.trim())),
        };
        let mut content = vec![0; size + 1];
        self.output.read_exact(&mut content).map_err(broken)?;
        content.pop();
        Ok(content)
    }
}

impl Drop for Snapshot {
    fn drop(&mut self) {
        let reader = self.reader.get_mut().unwrap_or_else(|e| e.into_inner());
        if let Some(mut batch) = reader.take() {
            drop(batch.input);
            let _ = batch.child.wait();
        }
    }
}

/// A reference as lines show it: a whole commit id (40 hex digits, or SHA-256's 64) cut to
/// its first 12, as `git log --abbrev=12` writes it; any other name as it is.
pub fn abbreviated(reference: &str) -> &str {
    let whole_id =
        matches!(reference.len(), 40 | 64) && reference.bytes().all(|b| b.is_ascii_hexdigit());
    if whole_id {
        &reference[..12]
    } else {
        reference
    }
}

/// What `git <args>` run in `dir` prints, or why it failed, in a line.
pub fn git(dir: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_NO_LAZY_FETCH", "1")
        .env("GIT_TERMINAL_PROMPT", "0")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_commit_id_is_cut_to_12_and_a_name_kept() {
        let id = "0123456789abcdef0123456789abcdef01234567";
        assert_eq!(abbreviated(id), "0123456789ab");
        assert_eq!(abbreviated(&id.repeat(2)[..64]), "0123456789ab");
        assert_eq!(abbreviated("origin/main"), "origin/main");
        assert_eq!(abbreviated("0123456"), "0123456");
        let not_hex = format!("{}z", &id[..39]);
        assert_eq!(abbreviated(&not_hex), not_hex);
    }
}
