//! The escript's path syntax: a step's paths joined by `:` (`test.exs:meta.json`) or given as
//! separate values, and how a joined value is cut when a path itself contains a colon; the
//! same for `--check-canonical`'s exercise directories.

use std::path::{Path, PathBuf};

use crate::error::Error;

/// The `count` paths of one step: separate values taken as they are, or one value split at
/// colons. When a path itself contains a colon, the split whose input paths exist is chosen.
pub(super) fn paths(values: &[String], count: usize, flag: &str) -> Result<Vec<PathBuf>, Error> {
    let shape = match count {
        2 => "A:B",
        _ => "A:B:C",
    };
    if values.len() == count {
        return Ok(values.iter().map(PathBuf::from).collect());
    }
    if values.len() != 1 {
        return Err(Error::usage(format!(
            "{flag} takes {count} paths, as {shape} or as {count} separate values; got {}",
            values.len()
        )));
    }
    let value = &values[0];
    let colons: Vec<usize> = value.match_indices(':').map(|(i, _)| i).collect();
    if colons.len() + 1 < count {
        return Err(Error::usage(format!(
            "{flag} takes {count} paths joined by ':' ({shape}); got `{value}`"
        )));
    }
    let candidates: Vec<Vec<PathBuf>> = splits(value, &colons, count)
        .into_iter()
        .filter(|parts| parts.iter().all(|p| !p.as_os_str().is_empty()))
        .collect();
    if colons.len() + 1 == count && candidates.len() == 1 {
        return Ok(candidates
            .into_iter()
            .next()
            .unwrap()
            .iter()
            .map(PathBuf::from)
            .collect());
    }
    // Paths with colons: all but the written path of the last position must already exist.
    let existing: Vec<&Vec<PathBuf>> = candidates
        .iter()
        .filter(|parts| parts[..count - 1].iter().all(|p| Path::new(p).exists()))
        .collect();
    match existing.as_slice() {
        [only] => Ok(only.to_vec()),
        _ => Err(Error::usage(format!(
            "{flag} `{value}`: cannot tell where the paths split (a path contains ':'); \
             pass the {count} paths as separate values"
        ))),
    }
}

/// The exercise directories `--check-canonical` was given, occurrence by occurrence: several
/// values after one flag are separate paths, taken as they are; a value alone may be several
/// joined by `:` and is split there, unless it names an existing path whole (a directory whose
/// name holds a colon).
pub(super) fn exercise_dirs(occurrences: &[Vec<String>]) -> Vec<PathBuf> {
    occurrences
        .iter()
        .flat_map(|values| match values.as_slice() {
            [joined] if !Path::new(joined).exists() => joined
                .split(':')
                .filter(|dir| !dir.is_empty())
                .map(PathBuf::from)
                .collect(),
            separate => separate.iter().map(PathBuf::from).collect::<Vec<_>>(),
        })
        .collect()
}

/// Every way to cut `value` into `count` pieces at the given colon positions.
fn splits(value: &str, colons: &[usize], count: usize) -> Vec<Vec<PathBuf>> {
    fn choose(
        start: usize,
        left: usize,
        colons: &[usize],
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 {
            out.push(chosen.clone());
            return;
        }
        for i in start..colons.len() {
            chosen.push(colons[i]);
            choose(i + 1, left - 1, colons, chosen, out);
            chosen.pop();
        }
    }
    let mut cuts = Vec::new();
    choose(0, count - 1, colons, &mut Vec::new(), &mut cuts);
    cuts.into_iter()
        .map(|cut| {
            let mut parts = Vec::with_capacity(count);
            let mut from = 0;
            for at in cut {
                parts.push(PathBuf::from(&value[from..at]));
                from = at + 1;
            }
            parts.push(PathBuf::from(&value[from..]));
            parts
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn colon_joined_and_separate_paths_mean_the_same() {
        let joined = paths(&values(&["a.exs:b.json"]), 2, "--parse-meta").unwrap();
        let separate = paths(&values(&["a.exs", "b.json"]), 2, "--parse-meta").unwrap();
        assert_eq!(joined, separate);
        assert_eq!(joined, [PathBuf::from("a.exs"), PathBuf::from("b.json")]);
    }

    #[test]
    fn a_missing_path_is_a_usage_error_naming_the_shape() {
        let error = paths(&values(&["only.exs"]), 2, "--parse-meta").unwrap_err();
        assert!(error.to_string().contains("A:B"), "{error}");
    }

    #[test]
    fn exercise_dirs_given_apart_are_never_split_and_a_value_alone_is_unless_it_exists() {
        let dir = tempfile::tempdir().unwrap();
        let colon = dir.path().join("a:b");
        std::fs::create_dir(&colon).unwrap();
        let colon = colon.to_str().unwrap().to_string();
        let occurrences = [
            values(&["x:y"]),
            vec![colon.clone()],
            values(&["p:q", "r"]),
            values(&["s::t:"]),
        ];
        let dirs: Vec<String> = exercise_dirs(&occurrences)
            .iter()
            .map(|d| d.display().to_string())
            .collect();
        assert_eq!(dirs, ["x", "y", &colon, "p:q", "r", "s", "t"]);
    }

    #[test]
    fn a_path_with_a_colon_is_split_where_the_input_exists() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("a:b.exs");
        std::fs::write(&input, "").unwrap();
        let value = format!("{}:out.json", input.display());
        let split = paths(&[value], 2, "--parse-meta").unwrap();
        assert_eq!(split, [input, PathBuf::from("out.json")]);
    }
}
