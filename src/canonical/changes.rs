//! Which exercises a change touched: `--changed-since <ref>` checks only those, and `--base
//! <ref>` compares each with itself at the base. A change is any difference between the
//! working tree and where the current branch left `ref` (their merge base, or `ref` itself
//! when git cannot find one, as in a shallow clone of a pull request's merge commit), and any
//! file git does not track yet. A rename changes both of its folders.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::canonical::git::{Changes, Repository, Snapshot};

/// What git says of the change since one reference, asked of each repository once.
pub struct Since {
    reference: String,
    repositories: Repositories,
}

impl Since {
    pub fn new(reference: &str) -> Since {
        Since {
            reference: reference.to_string(),
            repositories: Repositories::default(),
        }
    }

    /// For each of `dirs`, whether a file in it changed since the reference, or why git
    /// cannot tell (no repository holds it, or the reference names no commit there): such an
    /// exercise is checked.
    pub fn changed(&mut self, dirs: &[PathBuf]) -> Vec<Result<bool, String>> {
        dirs.iter()
            .map(|dir| {
                let (dir, at) = self.repositories.of(dir, &self.reference)?;
                Ok(at.changes.files.iter().any(|file| file.starts_with(&dir)))
            })
            .collect()
    }

    /// The reference, as the user named it.
    pub fn reference(&self) -> &str {
        &self.reference
    }

    /// `compared`, with what git said kept.
    pub fn compared(
        &mut self,
        dirs: &[PathBuf],
        folders: &[PathBuf],
    ) -> (Vec<Result<AtBase, String>>, usize) {
        compared(dirs, folders, &self.reference, &mut self.repositories)
    }
}

/// An exercise of the working tree as the base had it: whether it changed since, and where it
/// was.
pub struct AtBase {
    /// Whether a file in it changed since the base.
    pub changed: bool,
    /// The base, and the exercise's folder in it (from the top of the repository): where it
    /// is now, or where git finds its files were renamed from; none when it is new.
    pub base: Option<(std::sync::Arc<Snapshot>, String)>,
}

/// For each of `dirs`, how it compares with `reference`: whether it changed, and, if it did,
/// its files at the base, read without a checkout (an error says why git cannot tell); and
/// how many exercises of the folders of exercises `folders` the change deleted.
fn compared(
    dirs: &[PathBuf],
    folders: &[PathBuf],
    reference: &str,
    repositories: &mut Repositories,
) -> (Vec<Result<AtBase, String>>, usize) {
    let deleted = deleted(folders, reference, repositories);
    let mut found: Vec<Result<(PathBuf, PathBuf), String>> = Vec::new();
    for dir in dirs {
        found.push(
            repositories
                .of(dir, reference)
                .map(|(dir, at)| (dir, at.top.clone())),
        );
    }
    // The folders each repository is asked for: every changed exercise's, and those its
    // files were renamed from.
    let mut folders: HashMap<PathBuf, Vec<String>> = HashMap::new();
    let mut wanted: Vec<Option<(bool, Vec<String>)>> = Vec::new();
    for entry in &found {
        let Ok((dir, top)) = entry else {
            wanted.push(None);
            continue;
        };
        let at = &repositories.known[top];
        let changed = at.changes.files.iter().any(|file| file.starts_with(dir));
        let mut candidates = Vec::new();
        if changed {
            candidates.push(relative(dir, top));
            let depth = dir.strip_prefix(top).map_or(0, |d| d.components().count());
            // An exercise renamed is one whose tests.toml git finds renamed: the other files
            // of exercises are too alike (a config.json naming its files) to tell which
            // exercise each came from.
            let toml = dir.join(".meta/tests.toml");
            for (from, to) in &at.changes.renames {
                if *to == toml && !from.starts_with(dir) {
                    let from = relative(from, top);
                    let folder: Vec<&str> = from.split('/').take(depth).collect();
                    if folder.len() == depth {
                        candidates.push(folder.join("/"));
                    }
                }
            }
            folders
                .entry(top.clone())
                .or_default()
                .extend(candidates.clone());
        }
        wanted.push(Some((changed, candidates)));
    }
    let mut snapshots: HashMap<PathBuf, Result<std::sync::Arc<Snapshot>, String>> = HashMap::new();
    for (top, mut asked) in folders {
        asked.sort();
        asked.dedup();
        let at = &repositories.known[&top];
        let snapshot = Snapshot::of(&at.repository, &at.commit, &at.name, &asked);
        snapshots.insert(top, snapshot.map(std::sync::Arc::new));
    }
    let compared = found
        .into_iter()
        .zip(wanted)
        .map(|(entry, wanted)| {
            let (_, top) = entry?;
            let (changed, candidates) = wanted.expect("wanted for each directory found");
            if !changed {
                return Ok(AtBase {
                    changed,
                    base: None,
                });
            }
            let snapshot = snapshots[&top].clone()?;
            // Where it is now, else the folder its tests.toml comes from.
            let mut counts: Vec<(usize, &String)> = Vec::new();
            for (i, folder) in candidates.iter().enumerate() {
                let meta = format!("{folder}/.meta");
                if !snapshot.holds(&meta) {
                    continue;
                }
                if i == 0 {
                    counts = vec![(usize::MAX, folder)];
                    break;
                }
                match counts.iter_mut().find(|(_, f)| *f == folder) {
                    Some((n, _)) => *n += 1,
                    None => counts.push((1, folder)),
                }
            }
            counts.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
            let folder = counts.first().map(|(_, folder)| (*folder).clone());
            Ok(AtBase {
                changed,
                base: folder.map(|folder| (snapshot, folder)),
            })
        })
        .collect();
    (compared, deleted)
}

/// How many exercises of the folders of exercises `folders` the change since `reference`
/// deleted: folders of theirs that a changed file was in and that are gone, but for those
/// whose files went to another (a renamed exercise).
fn deleted(folders: &[PathBuf], reference: &str, repositories: &mut Repositories) -> usize {
    let mut gone = std::collections::HashSet::new();
    for folder in folders {
        let Ok(folder) = std::fs::canonicalize(folder) else {
            continue;
        };
        // A folder is asked of git as an exercise directory would be: through its parent.
        let Ok((_, at)) = repositories.of(&folder.join("."), reference) else {
            continue;
        };
        for file in &at.changes.files {
            let Ok(inner) = file.strip_prefix(&folder) else {
                continue;
            };
            let Some(first) = inner.components().next() else {
                continue;
            };
            let exercise = folder.join(first);
            let toml = exercise.join(".meta/tests.toml");
            let renamed = at
                .changes
                .renames
                .iter()
                .any(|(from, to)| *from == toml && to.ends_with(".meta/tests.toml"));
            if !exercise.exists() && !renamed && inner.components().count() > 1 {
                gone.insert(exercise);
            }
        }
    }
    gone.len()
}

/// `path` from `top`, `/`-separated.
fn relative(path: &Path, top: &Path) -> String {
    let inner = path.strip_prefix(top).unwrap_or(path);
    inner
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// A repository, the commit the reference names in it, and what changed since.
struct At {
    repository: Repository,
    top: PathBuf,
    /// The reference as the user named it.
    name: String,
    commit: String,
    changes: Changes,
}

/// What each repository says, asked once.
#[derive(Default)]
struct Repositories {
    /// The repository of each parent folder.
    tops: HashMap<PathBuf, Result<PathBuf, String>>,
    known: HashMap<PathBuf, At>,
    failed: HashMap<PathBuf, String>,
}

impl Repositories {
    /// The exercise directory `dir` (canonical) and its repository, compared with
    /// `reference`.
    fn of(&mut self, dir: &Path, reference: &str) -> Result<(PathBuf, &At), String> {
        let dir = std::fs::canonicalize(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let parent = dir.parent().unwrap_or(&dir).to_path_buf();
        let top = self
            .tops
            .entry(parent.clone())
            .or_insert_with(|| Repository::holding(&parent).map(|r| r.top))
            .clone()?;
        if let Some(why) = self.failed.get(&top) {
            return Err(why.clone());
        }
        if !self.known.contains_key(&top) {
            let repository = Repository { top: top.clone() };
            let at = repository.base(reference).and_then(|commit| {
                let changes = repository.changes(&commit)?;
                Ok(At {
                    repository: repository.clone(),
                    top: top.clone(),
                    name: reference.to_string(),
                    commit,
                    changes,
                })
            });
            match at {
                Ok(at) => {
                    self.known.insert(top.clone(), at);
                }
                Err(why) => {
                    self.failed.insert(top.clone(), why.clone());
                    return Err(why);
                }
            }
        }
        Ok((dir, &self.known[&top]))
    }
}
