//! An exercise's own files, read from the working tree or from a commit without a checkout
//! (`--base`), behind one interface: `exercise` reads an exercise the same way at either
//! revision, and every error names the file as the user finds it (`exercises/practice/bob/
//! .meta/tests.toml`, or `origin/main:exercises/practice/bob/.meta/tests.toml`).

use std::path::{Component, Path, PathBuf};

use crate::canonical::git::{Snapshot, abbreviated};
use crate::error::Error;
use crate::files::{self, Limit};

/// Where an exercise's files are.
pub enum Tree<'a> {
    /// The exercise directory `dir` in the working tree; `root` is its canonical path, which
    /// every file read must resolve into.
    WorkingTree { dir: &'a Path, root: PathBuf },
    /// The exercise's folder `folder` (from the top of the repository) at a commit.
    Commit {
        snapshot: &'a Snapshot,
        folder: &'a str,
    },
}

impl<'a> Tree<'a> {
    /// The exercise directory `dir` of the working tree.
    pub fn working_tree(dir: &'a Path) -> Result<Tree<'a>, Error> {
        let root = std::fs::canonicalize(dir).map_err(|e| Error::io(dir, "read", &e))?;
        Ok(Tree::WorkingTree { dir, root })
    }

    /// The file `relative` (to the exercise directory) as the user finds it, for messages.
    pub fn path(&self, relative: &str) -> PathBuf {
        match self {
            Tree::WorkingTree { dir, .. } => dir.join(relative),
            Tree::Commit { snapshot, folder } => PathBuf::from(format!(
                "{}:{folder}/{relative}",
                abbreviated(&snapshot.name)
            )),
        }
    }

    /// The exercise directory as the user finds it, for messages.
    pub fn dir(&self) -> PathBuf {
        match self {
            Tree::WorkingTree { dir, .. } => dir.to_path_buf(),
            Tree::Commit { snapshot, folder } => {
                PathBuf::from(format!("{}:{folder}", abbreviated(&snapshot.name)))
            }
        }
    }

    /// Whether anything is at `relative`, a file or not (even a symlink to nothing): what is
    /// there is read, and any error says what it is.
    pub fn present(&self, relative: &str) -> bool {
        match self {
            Tree::WorkingTree { dir, .. } => std::fs::symlink_metadata(dir.join(relative)).is_ok(),
            Tree::Commit { snapshot, folder } => {
                within(folder, relative).is_some_and(|path| snapshot.entry(&path).is_some())
            }
        }
    }

    /// The content of the file at `relative`, if it is a regular file of at most `limit`
    /// inside the exercise directory; `named_by` says, in an error, why it was read.
    pub fn read(&self, relative: &str, limit: Limit, named_by: &str) -> Result<Vec<u8>, Error> {
        self.inside(relative, named_by)?;
        let path = self.path(relative);
        match self {
            Tree::WorkingTree { .. } => files::read(&path, limit),
            Tree::Commit { snapshot, folder } => {
                let Some(full) = within(folder, relative) else {
                    unreachable!("`inside` refuses a path out of the folder")
                };
                let entry = snapshot.entry(&full).ok_or_else(|| {
                    let what = if snapshot.holds(&full) {
                        "is a directory, not a file"
                    } else {
                        "cannot read: no such file or directory"
                    };
                    Error::in_file(&path, what)
                })?;
                let size = entry.size.ok_or_else(|| {
                    Error::in_file(&path, "is a symbolic link or a submodule, not a file")
                })?;
                if size > limit.bytes {
                    return Err(files::too_large(&path, size, limit));
                }
                snapshot
                    .read(entry)
                    .map_err(|why| Error::in_file(&path, format!("cannot read: {why}")))
            }
        }
    }

    /// An error unless `relative` resolves inside the exercise directory: a file that is, or
    /// lies under, a symlink out of it, or that is named with `..` out of it or an absolute
    /// path, is not read, so that nothing of a file elsewhere reaches the findings or the
    /// report. `named_by` says why the file was to be read.
    pub fn inside(&self, relative: &str, named_by: &str) -> Result<(), Error> {
        let outside = match self {
            // A path that does not resolve is read, and the read says why it cannot be.
            Tree::WorkingTree { dir, root } => {
                std::fs::canonicalize(dir.join(relative)).is_ok_and(|real| !real.starts_with(root))
            }
            Tree::Commit { folder, .. } => within(folder, relative).is_none(),
        };
        if outside {
            return Err(Error::in_file(
                &self.path(relative),
                format!("is outside the exercise directory ({named_by}): not read"),
            ));
        }
        Ok(())
    }

    /// The exercise's slug: its directory's name.
    pub fn slug(&self) -> String {
        match self {
            Tree::WorkingTree { dir, .. } => dir
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default(),
            Tree::Commit { folder, .. } => folder.rsplit('/').next().unwrap_or("").to_string(),
        }
    }
}

/// `relative` joined to `folder`, `/`-separated, if it stays inside `folder`: a name with
/// `..` out of it, or an absolute one, does not.
fn within(folder: &str, relative: &str) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    for component in Path::new(relative).components() {
        match component {
            Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    if parts.is_empty() {
        return None;
    }
    Some(format!(
        "{}/{}",
        folder.trim_end_matches('/'),
        parts.join("/")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_at_a_commit_stays_inside_the_exercise_folder() {
        let folder = "exercises/practice/bob";
        assert_eq!(
            within(folder, "bob_test.py").as_deref(),
            Some("exercises/practice/bob/bob_test.py")
        );
        assert_eq!(
            within(folder, "./test/../test/bob_test.exs").as_deref(),
            Some("exercises/practice/bob/test/bob_test.exs")
        );
        assert_eq!(within(folder, "../alice/alice_test.py"), None);
        assert_eq!(within(folder, "/etc/passwd"), None);
        assert_eq!(within(folder, "test/.."), None);
    }
}
