//! What one exercise directory holds for the check: its tests.toml, its test files (from
//! `.meta/config.json`'s `files.test`) read through the `source` stage, and the
//! canonical data of its slug.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::canonical::data::{
    Case, TomlEntry, additional_cases, canonical_cases, index_by_uuid, json_kind, tests_toml,
};
use crate::canonical::tree::Tree;
use crate::error::Error;
use crate::files;
use crate::source::language::Language;
use crate::source::literals::{self, Literal};
use crate::source::syntax;

/// One test of a test file, with what it holds.
#[derive(Debug, Clone)]
pub struct ExerciseTest {
    /// Relative to the exercise directory.
    pub file: String,
    /// 1-based line of its head.
    pub line: usize,
    pub name: String,
    /// The method the test file defines, where the framework runs a method
    /// (`test_turn_right_from_east` in Ruby and Python): what a maintainer greps for.
    pub method: Option<String>,
    /// The literal values of its body, in order.
    pub literals: Vec<Literal>,
    /// Where each of `literals` was read: the readings of one value share it (a text of
    /// numbers and its numbers, a word list and its words).
    pub places: Vec<usize>,
    /// Where the innermost group around it starts in its file (see `syntax::Test`).
    pub group: Option<usize>,
    /// Its body as written, for following it from one revision to another.
    pub body: String,
}

impl ExerciseTest {
    /// How findings name the test: the method the file defines, else the framework's name
    /// (ExUnit's `test <describe> <name>`).
    pub fn shown(&self) -> &str {
        self.method.as_deref().unwrap_or(&self.name)
    }
}

pub struct Exercise {
    pub slug: String,
    pub dir: PathBuf,
    pub test_files: Vec<String>,
    pub entries: Vec<TomlEntry>,
    /// Canonical data's cases, then the track's own cases (`.meta/additional_tests.json`)
    /// that tests.toml lists.
    pub cases: Vec<Case>,
    /// The track's own cases that tests.toml does not list (most have no uuid): the tests the
    /// track generates from them are theirs, not extra tests.
    pub track_cases: Vec<Case>,
    pub tests: Vec<ExerciseTest>,
}

impl Exercise {
    /// The cases tests.toml lists that canonical data (or the track's own cases) has, in
    /// canonical order, each with its entry: the cases the check links.
    pub fn listed(&self) -> Vec<(&Case, &TomlEntry)> {
        let canonical = index_by_uuid(self.cases.iter().map(|c| c.uuid.as_str()));
        let mut listed: Vec<(usize, &TomlEntry)> = self
            .entries
            .iter()
            .filter_map(|e| Some((*canonical.get(e.uuid.as_str())?, e)))
            .collect();
        listed.sort_by_key(|(i, _)| *i);
        listed
            .into_iter()
            .map(|(i, e)| (&self.cases[i], e))
            .collect()
    }
}

/// What `find` found in the paths it was given.
#[derive(Debug, Default)]
pub struct Found {
    /// The exercise directories to check, and the paths that could not be searched.
    pub exercises: Vec<Result<PathBuf, Error>>,
    /// A folder's exercises without a tests.toml: they take no canonical cases.
    pub without_toml: Vec<PathBuf>,
    /// A folder's exercises that the track's `config.json` marks `"status": "deprecated"`.
    pub deprecated: Vec<PathBuf>,
    /// The paths given that are folders of exercises.
    pub folders: Vec<PathBuf>,
}

/// The exercise directories `paths` name: each path is an exercise (it has `.meta/`) or a
/// folder of them. A folder's exercises without a tests.toml, and those its track deprecates,
/// are passed over and counted; an exercise named itself is checked whatever its status. An
/// exercise named twice (`bob:bob`, `bob` and `bob/`, a folder and an exercise in it) is
/// found once, where it comes first.
pub fn find(paths: &[PathBuf]) -> Found {
    let mut found = Found::default();
    let mut seen = HashSet::new();
    let mut first = |path: &Path| {
        seen.insert(std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()))
    };
    for path in paths {
        if !first(path) {
            continue;
        }
        if path.join(".meta").is_dir() {
            found.exercises.push(Ok(path.clone()));
            continue;
        }
        let entries = match std::fs::read_dir(path) {
            Ok(entries) => entries,
            Err(e) => {
                found
                    .exercises
                    .push(Err(Error::io(path, "read the exercise directory", &e)));
                continue;
            }
        };
        let mut dirs: Vec<PathBuf> = entries
            .filter_map(|entry| Some(entry.ok()?.path()))
            .filter(|dir| dir.join(".meta").is_dir())
            .collect();
        dirs.sort();
        if dirs.is_empty() {
            found.exercises.push(Err(Error::in_file(
                path,
                "is not an exercise directory (no .meta/) nor a folder of them",
            )));
            continue;
        }
        found.folders.push(path.clone());
        let deprecated = match deprecated_slugs(path) {
            Ok(slugs) => slugs,
            Err(error) => {
                found.exercises.push(Err(error));
                HashSet::new()
            }
        };
        for dir in dirs.into_iter().filter(|dir| first(dir)) {
            let slug = dir.file_name().map(|n| n.to_string_lossy().into_owned());
            if slug.is_some_and(|slug| deprecated.contains(&slug)) {
                found.deprecated.push(dir);
                continue;
            }
            // A tests.toml that is there but cannot be read (a directory, a pipe, a symlink
            // loop) is the exercise's error to report, not a tests.toml it does not have.
            if present(&dir.join(".meta/tests.toml")) {
                found.exercises.push(Ok(dir));
            } else {
                found.without_toml.push(dir);
            }
        }
    }
    found
}

/// The slugs of the exercises the track deprecates, from the `config.json` of the track that
/// holds the folder of exercises `folder` (`<track>/exercises/practice`): none when there is
/// no such file, or it is no track's (it has no `exercises`); an error naming it when it
/// cannot be read or is not JSON.
fn deprecated_slugs(folder: &Path) -> Result<HashSet<String>, Error> {
    let config_path = track_root(folder).join("config.json");
    if !present(&config_path) {
        return Ok(HashSet::new());
    }
    let config: serde_json::Value =
        serde_json::from_slice(&files::read(&config_path, files::TRACK_CONFIG)?)
            .map_err(|e| Error::in_file(&config_path, format!("not JSON ({e})")))?;
    let exercises = config
        .get("exercises")
        .and_then(serde_json::Value::as_object);
    Ok(exercises
        .into_iter()
        .flat_map(|kinds| kinds.values())
        .filter_map(serde_json::Value::as_array)
        .flatten()
        .filter(|e| e.get("status").and_then(serde_json::Value::as_str) == Some("deprecated"))
        .filter_map(|e| e.get("slug").and_then(serde_json::Value::as_str))
        .map(str::to_string)
        .collect())
}

/// The track's directory, two levels above a folder of exercises (for `exercises/practice`,
/// an empty path: the working directory), written from the folder as given so that an error
/// names the config.json as the user would.
fn track_root(folder: &Path) -> PathBuf {
    let mut root = folder.to_path_buf();
    for _ in 0..2 {
        if root.file_name().is_some() {
            root.pop();
        } else {
            root.push("..");
        }
    }
    root
}

/// The most cases tests.toml may list (`MOST_CASES`), tests the test files may hold
/// (`MOST_TESTS`), cases times tests times cases (`MOST_WEIGHINGS`), and values the listed
/// cases, and the tests, may hold in all (`MOST_VALUES` each, a text counting one per line
/// and a description or a test's name one per word: see `values` and `words`) for an exercise
/// to be checked. Linking weighs every case against every test, several of its rules weigh
/// each such pair against every other case, and some every value (or word) of the case
/// against every value (or word) of the test, so its time grows faster than the exercise:
/// these bounds keep the worst it is given to about two seconds (docs/performance.md). Each
/// is four times what the three tracks need, or more: meetup has the most of each, 95 cases,
/// 95 to 103 tests, 929,575 weighings, 1,640 values in its cases and 2,335 in its tests.
pub const MOST_CASES: usize = 500;
pub const MOST_TESTS: usize = 500;
pub const MOST_WEIGHINGS: usize = 4_000_000;
pub const MOST_VALUES: usize = 10_000;

/// How many values `literals` count for `MOST_VALUES`: one each, but a text one per line, as
/// the lines of a test's text are compared with those of a case's verse.
fn values<'a>(literals: impl IntoIterator<Item = &'a Literal>) -> usize {
    literals
        .into_iter()
        .map(|literal| match literal {
            Literal::Text(text) => text.lines().count().max(1),
            _ => 1,
        })
        .sum()
}

/// How many words a description or a test's name counts for `MOST_VALUES`, as the words of
/// each test's name are compared in order with those of each case's description.
fn words(text: &str) -> usize {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .count()
}

/// Whether there is anything at `path`, a file or not, even a symlink to nothing: what is
/// there is read and any error says what it is.
fn present(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// The folder `configlet sync` keeps problem-specifications in, if it exists.
pub fn configlet_cache() -> Option<PathBuf> {
    configlet_cache_path().filter(|dir| dir.is_dir())
}

/// Where `configlet sync` keeps problem-specifications: `exercism/configlet/
/// problem-specifications` in the user's cache folder as configlet finds it (Nim's
/// `getCacheDir`): `$XDG_CACHE_HOME`, else `~/.cache` (`~/Library/Caches` on macOS);
/// `%LOCALAPPDATA%` on Windows. `None` when the environment names no cache folder.
pub fn configlet_cache_path() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    let cache = if cfg!(windows) {
        var("LOCALAPPDATA").map(PathBuf::from)
    } else {
        let home_cache = if cfg!(target_os = "macos") {
            "Library/Caches"
        } else {
            ".cache"
        };
        var("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .or_else(|| var("HOME").map(|home| Path::new(&home).join(home_cache)))
    }?;
    Some(cache.join("exercism/configlet/problem-specifications"))
}

/// Why an exercise was not linked.
#[derive(Debug)]
pub enum Unread {
    /// A file of it cannot be read or understood: the check's error.
    Broken(Error),
    /// It has no canonical data, and no track cases in `.meta/additional_tests.json`: its
    /// tests.toml lists only cases of the track's own, which nothing describes. A notice.
    TrackOnly(Error),
}

impl From<Error> for Unread {
    fn from(error: Error) -> Unread {
        Unread::Broken(error)
    }
}

impl std::fmt::Display for Unread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unread::Broken(error) | Unread::TrackOnly(error) => error.fmt(f),
        }
    }
}

/// Reads the exercise directory `dir` of the working tree: any file that cannot be read or
/// understood is an error naming it.
pub fn read(dir: &Path, specs: &Path) -> Result<Exercise, Unread> {
    read_in(&Tree::working_tree(dir)?, dir, specs)
}

/// Reads an exercise from `tree`, whose directory in the working tree is `dir` (at a commit,
/// where it was, or would be). Its own files come from `tree`, canonical data from `specs`.
pub fn read_in(tree: &Tree, dir: &Path, specs: &Path) -> Result<Exercise, Unread> {
    read_as(tree, dir, specs, &tree.slug())
}

/// Whether problem-specifications `specs` has canonical data for the slug `slug`.
pub fn has_data(specs: &Path, slug: &str) -> bool {
    !slug.is_empty()
        && present(
            &specs
                .join("exercises")
                .join(slug)
                .join("canonical-data.json"),
        )
}

/// `read_in`, with the canonical data of `slug`: an exercise renamed to a slug that has none
/// is judged by its old slug's.
pub fn read_as(tree: &Tree, dir: &Path, specs: &Path, data: &str) -> Result<Exercise, Unread> {
    const META: &str = "an exercise's .meta file";
    let slug = tree.slug();
    let toml_path = tree.path(".meta/tests.toml");
    let toml_bytes = tree.read(".meta/tests.toml", files::EXERCISE_META, META)?;
    let entries = tests_toml(&String::from_utf8_lossy(&toml_bytes))
        .map_err(|e| Error::on_line(&toml_path, e.line, e.message))?;
    if entries.len() > MOST_CASES {
        return Err(Unread::Broken(Error::in_file(
            &toml_path,
            format!(
                "lists {} cases, more than the {MOST_CASES} the check links in one exercise",
                entries.len()
            ),
        )));
    }
    let listed: HashSet<&str> = entries.iter().map(|e| e.uuid.as_str()).collect();

    let data_path = specs
        .join("exercises")
        .join(data)
        .join("canonical-data.json");
    let additional = ".meta/additional_tests.json";
    let additional_path = tree.path(additional);
    let mut cases = if present(&data_path) {
        canonical_cases(&files::read(&data_path, files::CANONICAL_DATA)?)
            .map_err(|e| Error::in_file(&data_path, e))?
    } else if tree.present(additional) {
        Vec::new()
    } else {
        return Err(Unread::TrackOnly(Error::in_file(
            &toml_path,
            format!(
                "`{data}` has no canonical data in problem-specifications: tests.toml lists \
                 {} of the track's own, not checked",
                match entries.len() {
                    1 => "1 case".to_string(),
                    n => format!("{n} cases"),
                }
            ),
        )));
    };
    // A track's own cases, in canonical data's shape (the Python and Ruby test generators'
    // `.meta/additional_tests.json`): those tests.toml lists are cases like the others; the
    // rest, most without a uuid, are the track's to test or not, never unsynced.
    let mut track_cases = Vec::new();
    if tree.present(additional) {
        let additional = additional_cases(&tree.read(additional, files::CANONICAL_DATA, META)?)
            .map_err(|e| Error::in_file(&additional_path, e))?;
        let canonical: HashSet<String> = cases.iter().map(|c| c.uuid.clone()).collect();
        for case in additional {
            if canonical.contains(&case.uuid) {
                continue;
            }
            if listed.contains(case.uuid.as_str()) {
                cases.push(case);
            } else {
                track_cases.push(case);
            }
        }
    }
    // The cases linked are those tests.toml lists and the track's own; each is weighed
    // against every test.
    let case_values: usize = cases
        .iter()
        .filter(|c| listed.contains(c.uuid.as_str()))
        .chain(&track_cases)
        .map(|c| values(&c.sequence) + c.keys.len() + words(&c.description))
        .sum();
    if case_values > MOST_VALUES {
        let data_path = if present(&data_path) {
            &data_path
        } else {
            &additional_path
        };
        return Err(Unread::Broken(Error::in_file(
            data_path,
            format!(
                "the cases tests.toml lists hold {case_values} values (a text's lines and a \
                 description's words each count), more than the {MOST_VALUES} the check \
                 weighs in one exercise"
            ),
        )));
    }

    let config_path = tree.path(".meta/config.json");
    let config: serde_json::Value =
        serde_json::from_slice(&tree.read(".meta/config.json", files::EXERCISE_META, META)?)
            .map_err(|e| Error::in_file(&config_path, format!("not JSON ({e})")))?;
    let mut test_files = Vec::new();
    for file in config
        .pointer("/files/test")
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
    {
        let Some(name) = file.as_str() else {
            return Err(Unread::Broken(Error::in_file(
                &config_path,
                format!("`files.test` holds {}, not a file name", json_kind(file)),
            )));
        };
        test_files.push(name.to_string());
    }
    if test_files.is_empty() {
        return Err(Unread::Broken(Error::in_file(
            &config_path,
            "lists no test file in `files.test`",
        )));
    }
    let mut tests = Vec::new();
    let mut values_left = MOST_VALUES;
    for file in &test_files {
        tests.extend(read_tests(tree, file, &mut values_left)?);
        if tests.len() > MOST_TESTS {
            return Err(Unread::Broken(Error::in_file(
                &tree.path(file),
                format!(
                    "brings the exercise's tests to {}, more than the {MOST_TESTS} the check \
                     links in one exercise",
                    tests.len()
                ),
            )));
        }
    }
    let (case_count, test_count) = (entries.len() + track_cases.len(), tests.len());
    let weighings = case_count * test_count * case_count;
    if weighings > MOST_WEIGHINGS {
        return Err(Unread::Broken(Error::in_file(
            &tree.dir(),
            format!(
                "{case_count} cases and {test_count} tests need {weighings} weighings (each case-test \
                 pair against every case), more than the {MOST_WEIGHINGS} the check makes in \
                 one exercise"
            ),
        )));
    }
    Ok(Exercise {
        slug,
        dir: dir.to_path_buf(),
        test_files,
        entries,
        cases,
        track_cases,
        tests,
    })
}

/// The tests of the test file `file` of the exercise in `tree`, through the same engine and
/// queries as `--parse-meta`; an error when their values are more than `values_left`, which
/// they are taken from.
fn read_tests(
    tree: &Tree,
    file: &str,
    values_left: &mut usize,
) -> Result<Vec<ExerciseTest>, Error> {
    let path = tree.path(file);
    let language = Language::for_path(&path, None)?;
    let source = tree.read(
        file,
        files::SOURCE,
        "`files.test` of .meta/config.json names it",
    )?;
    let analysis = syntax::analyze(language, &source);
    if let Some(line) = analysis.syntax_error_line {
        return Err(Error::in_file(
            &path,
            format!("does not parse (line {line}): fix it before it can be checked"),
        ));
    }
    let found = literals::extract(language, &analysis, &source);
    let mut bodies: Vec<Range<usize>> = analysis
        .tests
        .iter()
        .filter_map(|t| t.body.clone())
        .collect();
    // Names bound outside every test: a test that uses one holds its value's literals. A value
    // is inside a body when a body starting at or before it ends at or after it.
    bodies.sort_by_key(|b| b.start);
    let furthest_end: Vec<usize> = bodies
        .iter()
        .scan(0, |end, body| {
            *end = body.end.max(*end);
            Some(*end)
        })
        .collect();
    let in_a_body = |value: &Range<usize>| {
        let before = bodies.partition_point(|b| b.start <= value.start);
        before > 0 && furthest_end[before - 1] >= value.end
    };
    let bound: HashMap<&str, &Range<usize>> = found
        .bindings
        .iter()
        .filter(|(_, value)| !in_a_body(value))
        .map(|(name, value)| (name.as_str(), value))
        .collect();
    let within = |range: &Range<usize>| {
        let from = found.values.partition_point(|(at, _)| *at < range.start);
        let to = found.values.partition_point(|(at, _)| *at < range.end);
        found.values[from..to].iter().cloned()
    };
    let mut file_texts = HashMap::new();
    let mut tests = Vec::with_capacity(analysis.tests.len());
    for test in &analysis.tests {
        let body = test.body.clone().unwrap_or(0..0);
        let mut read: Vec<(usize, Literal)> = within(&body).collect();
        // An expected value or error written before what it asserts is read after it.
        if !found.read_later.is_empty() {
            read.sort_by_key(|(at, _)| found.read_at(*at));
        }
        let from = found.uses.partition_point(|(at, _)| *at < body.start);
        let to = found.uses.partition_point(|(at, _)| *at < body.end);
        let too_many = |count: usize| {
            Error::in_file(
                &path,
                format!(
                    "the test at line {} brings the tests' values to {} or more (a text's \
                     lines and a name's words each count), more than the {MOST_VALUES} the \
                     check weighs in one exercise",
                    test.line,
                    MOST_VALUES - *values_left + count
                ),
            )
        };
        // Counted as it grows: a name bound to many values may be used many times.
        let name = test.name.display();
        let name_words = words(&name);
        let over = |read: &[(usize, Literal)]| read.len() + name_words > *values_left;
        for (_, used) in &found.uses[from..to] {
            if let Some(value) = bound.get(used.as_str()) {
                read.extend(within(value));
                if over(&read) {
                    return Err(too_many(read.len() + name_words));
                }
            }
        }
        if over(&read) {
            return Err(too_many(read.len() + name_words));
        }
        let (mut places, mut literals): (Vec<usize>, Vec<Literal>) = read.into_iter().unzip();
        // A test expecting an error asserts nothing of a file it names (food-chain's
        // read guard names song.txt to forbid reading it).
        if !literals.contains(&Literal::Raises) {
            let mut texts_of_files = Vec::new();
            for literal in &literals {
                if let Literal::Text(name) = literal {
                    texts_of_files.extend(named_file(tree, file, name, &mut file_texts)?);
                }
            }
            // Each file's text is a value of its own, past every place in the test file.
            for text in texts_of_files {
                places.push(source.len() + places.len());
                literals.push(text);
            }
        }
        let count = values(&literals) + name_words;
        if count > *values_left {
            return Err(too_many(count));
        }
        *values_left -= count;
        tests.push(ExerciseTest {
            file: file.to_string(),
            line: test.line,
            name,
            // Minitest and pytest run `Class.method`: the method is the name's last part.
            method: test
                .id
                .as_deref()
                .and_then(|id| id.rsplit('.').next())
                .map(str::to_string),
            literals,
            places,
            group: test.group,
            body: String::from_utf8_lossy(&source[body]).into_owned(),
        });
    }
    Ok(tests)
}

/// The text of a file beside the test file that a test names (`File.expand_path('song.txt',
/// __dir__)`): a test comparing with it holds what the file says. Only a plain relative name
/// (no `..`, not absolute) of a small UTF-8 file counts; anything else is no file, never an
/// error, but for a name that resolves outside the exercise directory (`Tree::inside`).
/// `texts` keeps each file read once.
fn named_file(
    tree: &Tree,
    test_file: &str,
    name: &str,
    texts: &mut HashMap<String, Option<String>>,
) -> Result<Option<Literal>, Error> {
    let plain = !name.is_empty()
        && name.len() <= 100
        && name.contains('.')
        && !name.starts_with(['.', '/'])
        && !name.contains("..")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c));
    let Some(folder) = Path::new(test_file).parent().filter(|_| plain) else {
        return Ok(None);
    };
    if !texts.contains_key(name) {
        let relative = folder.join(name).to_string_lossy().into_owned();
        const NAMED_BY: &str = "a test names it";
        tree.inside(&relative, NAMED_BY)?;
        let text = tree
            .read(&relative, files::NAMED_FILE, NAMED_BY)
            .ok()
            .and_then(|bytes| String::from_utf8(bytes).ok());
        texts.insert(name.to_string(), text);
    }
    Ok(texts[name].clone().map(Literal::Text))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[test]
    fn a_test_holds_a_small_text_file_it_names_beside_it_and_nothing_else() {
        let dir = std::env::temp_dir().join(format!("named-file-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("data")).unwrap();
        std::fs::write(dir.join("song.txt"), "One lantern.\n").unwrap();
        std::fs::write(dir.join("data/verse.txt"), "Two lanterns.\n").unwrap();
        std::fs::write(dir.join("binary.bin"), [0xff, 0xfe, 0x00]).unwrap();
        std::fs::write(
            dir.join("big.txt"),
            "x".repeat(files::NAMED_FILE.bytes as usize + 1),
        )
        .unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::write(elsewhere.path().join("secret.txt"), "Not the exercise's.\n").unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), dir.join("out")).unwrap();
        let tree = Tree::working_tree(&dir).unwrap();
        let test_file = "song_test.rb";
        let mut texts = HashMap::new();
        let mut read = |name: &str| named_file(&tree, test_file, name, &mut texts).unwrap();
        assert_eq!(
            read("song.txt"),
            Some(Literal::Text("One lantern.\n".into()))
        );
        assert_eq!(
            read("data/verse.txt"),
            Some(Literal::Text("Two lanterns.\n".into()))
        );
        let absolute = dir.join("song.txt").display().to_string();
        for name in [
            absolute.as_str(),
            "../song.txt",
            "binary.bin",
            "big.txt",
            "absent.txt",
            "data",
            "one lantern.",
        ] {
            assert_eq!(read(name), None, "{name}");
        }
        // A name that resolves out of the exercise, through a symlink, is an error.
        let error = named_file(&tree, test_file, "out/secret.txt", &mut HashMap::new());
        let error = error.unwrap_err().to_string();
        assert!(
            error.ends_with(
                "out/secret.txt: is outside the exercise directory (a test names it): not read"
            ),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The tests `read_tests` reads of one test file, `file` holding `source`, in a folder of
    /// its own.
    fn tests_of(file: &str, source: &str) -> Vec<ExerciseTest> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tests-of-{}-{n}", std::process::id()));
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, source).unwrap();
        let tree = Tree::working_tree(&dir).unwrap();
        let mut values_left = MOST_VALUES;
        let tests = read_tests(&tree, file, &mut values_left).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        tests
    }

    #[test]
    fn an_expected_value_written_before_what_it_asserts_is_read_after_it() {
        let tests = tests_of(
            "yacht_test.rb",
            "class YachtTest\n  def test_threes\n    \
             assert_equal 15, Yacht.new([3, 3], 'threes').score\n    \
             assert_in_delta 7.5, Yacht.new([1], 'ones').score, 0.1\n    \
             refute_equal 4, Yacht.new([2], 'twos').score\n  end\nend\n",
        );
        let test = &tests[0];
        let number = |n: &str| Literal::Number(n.into());
        let text = |t: &str| Literal::Text(t.into());
        let values: Vec<&Literal> = test
            .literals
            .iter()
            .filter(|l| !matches!(l, Literal::Call(_)))
            .collect();
        // `refute_equal` compares two inputs: its first is no expected value, and stays.
        assert_eq!(
            values,
            [
                &number("3"),
                &number("3"),
                &text("threes"),
                &number("15"),
                &number("1"),
                &text("ones"),
                &number("0.1"),
                &number("7.5"),
                &number("4"),
                &number("2"),
                &text("twos"),
                &Literal::False,
            ],
            "{test:?}"
        );
        // Each value keeps its place: read later, it is still one value where it is written.
        let at = |literal: &Literal| {
            test.places[test.literals.iter().position(|l| l == literal).unwrap()]
        };
        assert!(at(&number("15")) < at(&text("threes")), "{test:?}");
    }

    #[test]
    fn an_expected_error_is_read_after_the_code_expected_to_raise_it() {
        for (file, source) in [
            (
                "grains_test.py",
                "def test_zero(self):\n    with self.assertRaises(ValueError) as err:\n        \
                 square(0)\n    self.assertEqual(err.exception.args[0], \"bad\")\n",
            ),
            (
                "grains_test.rb",
                "def test_zero\n  assert_raises(ArgumentError) do\n    Grains.square(0)\n  end\nend\n",
            ),
            (
                "test/grains_test.exs",
                "test \"zero\" do\n  assert_raise ArgumentError, fn -> Grains.square(0) end\nend\n",
            ),
        ] {
            let tests = tests_of(file, source);
            let literals = &tests[0].literals;
            let at = |literal: &Literal| literals.iter().position(|l| l == literal);
            let zero = at(&Literal::Number("0".into()));
            assert!(zero.is_some(), "{file}: {literals:?}");
            assert!(zero < at(&Literal::Raises), "{file}: {literals:?}");
        }
    }

    #[test]
    fn a_function_a_test_writes_is_code_not_data() {
        // The test's data is 1, 2, 3 and 4; 10 and `rem` are the function's. A function of
        // no arguments and a block of no parameters hold code under test: their 4 is data.
        for (file, source) in [
            (
                "strain_test.py",
                "def test_keep(self):\n    \
                 assert keep([1, 2], lambda x: x < 10) == [3]\n    \
                 self.assertRaises(ValueError, lambda: keep([4], None))\n",
            ),
            (
                "strain_test.rb",
                "def test_keep\n  assert_equal [3], [1, 2].keep { |e| e < 10 }\n  \
                 assert_equal [3], [1, 2].keep(&->(e) { e < 10 })\n  \
                 assert_raises(ArgumentError) { [4].keep }\nend\n",
            ),
            (
                "test/strain_test.exs",
                "test \"keep\" do\n  assert keep([1, 2], fn x -> rem(x, 10) end) == [3]\n  \
                 assert keep([1, 2], &(&1 < 10)) == [3]\n  \
                 assert_raise ArgumentError, fn -> keep([4], &odd?/10) end\nend\n",
            ),
        ] {
            let tests = tests_of(file, source);
            let literals = &tests[0].literals;
            let number = |n: &str| Literal::Number(n.into());
            for data in ["1", "2", "3", "4"] {
                assert!(literals.contains(&number(data)), "{file}: {literals:?}");
            }
            assert!(!literals.contains(&number("10")), "{file}: {literals:?}");
            assert!(
                !literals.contains(&Literal::Call("rem".into())),
                "{literals:?}"
            );
            assert!(
                literals.contains(&Literal::Call("keep".into())),
                "{literals:?}"
            );
        }
    }

    #[test]
    fn the_readings_of_one_value_share_its_place() {
        let tests = tests_of(
            "bob_test.py",
            "def test_only_numbers(self):\n    assert hey(\"1, 2, 3\") == \"Whatever.\"\n",
        );
        let test = &tests[0];
        let place = |literal: &Literal| {
            let at = test.literals.iter().position(|l| l == literal).unwrap();
            test.places[at]
        };
        let text = place(&Literal::Text("1, 2, 3".into()));
        for n in ["1", "2", "3"] {
            assert_eq!(place(&Literal::Number(n.into())), text, "{test:?}");
        }
        assert_ne!(place(&Literal::Text("Whatever.".into())), text);
        assert_eq!(test.places.len(), test.literals.len());
    }
}
