//! A change judged by what it did (`--base`): one exercise at the base and in the working
//! tree, its tests followed from one to the other as git follows renamed files, the base's
//! links kept while their tests survive, and each finding told introduced, fixed or
//! preexisting, as Infer's `reportdiff` and GitHub code scanning tell a pull request's alerts.
//! It takes two linkings and returns their difference: the linker knows nothing of revisions,
//! and this module nothing of git.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use crate::canonical::data::index_by_uuid;
use crate::canonical::exercise::{Exercise, ExerciseTest};
use crate::canonical::finding::{Change, Finding, Kind, Lost, Subject, TestRef};
use crate::canonical::link::{Linking, Possible};

/// A test of the base, by its place in the base's tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BaseTest(pub usize);

/// A test of the working tree, by its place in the working tree's tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HeadTest(pub usize);

/// A case tests.toml lists at the base, by its place in the base's `Exercise::listed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct BaseCase(usize);

/// A case tests.toml lists in the working tree, by its place in its `Exercise::listed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct HeadCase(usize);

/// How much of its body a test must keep to be the same test edited: the share of its tokens
/// the two bodies have in common, as `git diff -M` takes a file of 50 % like content for the
/// same file renamed.
pub const SIMILAR: f64 = 0.5;

/// For each test of `head`, the test of `base` it is, if any: the one of the same file and
/// name; else of the same name, where one test on each side has it (a test file renamed);
/// else of the same body under another name (a test renamed, or moved into another group);
/// else the one whose body it keeps most of, if at least `SIMILAR` of it (a test edited), the
/// most similar pairs first. Each base test is one head test's at most.
pub fn follow(base: &[ExerciseTest], head: &[ExerciseTest]) -> Vec<Option<BaseTest>> {
    let mut pairs = Followed {
        of_head: vec![None; head.len()],
        taken: vec![false; base.len()],
    };
    pairs.by_key(base, head, true, |t| (t.file.clone(), t.name.clone()));
    pairs.by_key(base, head, false, |t| t.name.clone());
    pairs.by_key(base, head, false, |t| words(&t.body));
    let base_tokens: Vec<Vec<u64>> = base.iter().map(|t| tokens(&t.body)).collect();
    let head_tokens: Vec<Vec<u64>> = head.iter().map(|t| tokens(&t.body)).collect();
    let mut similar = Vec::new();
    for (h, a) in head_tokens.iter().enumerate() {
        if pairs.of_head[h].is_some() {
            continue;
        }
        for (b, c) in base_tokens.iter().enumerate() {
            if pairs.taken[b] {
                continue;
            }
            let share = similarity(a, c);
            if share >= SIMILAR {
                similar.push((share, h, b));
            }
        }
    }
    // The most similar first; of equals, the nearest in order.
    similar.sort_by(|x, y| {
        y.0.total_cmp(&x.0)
            .then(x.1.abs_diff(x.2).cmp(&y.1.abs_diff(y.2)))
            .then((x.1, x.2).cmp(&(y.1, y.2)))
    });
    for (_, h, b) in similar {
        if pairs.of_head[h].is_none() && !pairs.taken[b] {
            pairs.pair(HeadTest(h), BaseTest(b));
        }
    }
    pairs.of_head
}

/// The base test each head test is, so far, and the base tests taken.
struct Followed {
    of_head: Vec<Option<BaseTest>>,
    taken: Vec<bool>,
}

impl Followed {
    fn pair(&mut self, h: HeadTest, b: BaseTest) {
        self.of_head[h.0] = Some(b);
        self.taken[b.0] = true;
    }

    /// Pairs the tests left whose `key` is equal: each head test with the first base test of
    /// its key left (`first`), or only where one test on each side has it.
    fn by_key<K: Eq + Hash>(
        &mut self,
        base: &[ExerciseTest],
        head: &[ExerciseTest],
        first: bool,
        key: impl Fn(&ExerciseTest) -> K,
    ) {
        let mut of_base: HashMap<K, Vec<usize>> = HashMap::new();
        for (b, test) in base.iter().enumerate().filter(|(b, _)| !self.taken[*b]) {
            of_base.entry(key(test)).or_default().push(b);
        }
        let mut of_head: HashMap<K, Vec<usize>> = HashMap::new();
        for (h, test) in head.iter().enumerate() {
            if self.of_head[h].is_none() {
                of_head.entry(key(test)).or_default().push(h);
            }
        }
        let mut found: Vec<(usize, usize)> = Vec::new();
        for (k, heads) in &of_head {
            let Some(bases) = of_base.get(k) else {
                continue;
            };
            if first {
                found.extend(heads.iter().zip(bases).map(|(&h, &b)| (h, b)));
            } else if heads.len() == 1 && bases.len() == 1 {
                found.push((heads[0], bases[0]));
            }
        }
        found.sort_unstable();
        for (h, b) in found {
            self.pair(HeadTest(h), BaseTest(b));
        }
    }
}

/// A body's words and signs, white space aside: two layouts of one body are the same.
fn words(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in body.chars() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        if !c.is_whitespace() {
            out.push(c.to_string());
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// `words` as sorted hashes: a multiset two bodies are compared by.
fn tokens(body: &str) -> Vec<u64> {
    let mut hashes: Vec<u64> = words(body)
        .iter()
        .map(|word| {
            let mut hasher = DefaultHasher::new();
            word.hash(&mut hasher);
            hasher.finish()
        })
        .collect();
    hashes.sort_unstable();
    hashes
}

/// The share of two multisets of tokens they have in common (Dice's coefficient): 1 for the
/// same tokens, 0 for none in common or an empty body.
fn similarity(a: &[u64], b: &[u64]) -> f64 {
    let total = a.len() + b.len();
    // At most twice the smaller over both: too unequal in length to be alike.
    if total == 0 || (2 * a.len().min(b.len())) as f64 / (total as f64) < SIMILAR {
        return 0.0;
    }
    let (mut i, mut j, mut common) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    (2 * common) as f64 / total as f64
}

/// One revision of an exercise and its linking.
pub struct Side<'a> {
    pub exercise: &'a Exercise,
    pub linking: Linking,
}

/// The working tree's linking, with what the base knew kept. A test followed from the base
/// (`followed`, from `follow`):
/// - whose values did not change implements the cases it implemented at the base, and only
///   those, whatever the working tree's linker alone says;
/// - that was edited keeps a case while it holds as much of the case's data, or while the
///   working tree's linker links it to the case holding some of its data (an edit that leaves
///   a default value out), and is linked to other cases where that linker links it;
/// - that the working tree's linker links, or points a reader, to a case tests.toml lists anew
///   (a reimplemented pair whose included half it swaps, a case re-created under a new uuid),
///   a case the base did not link it to, is linked where that linker links it: what it
///   competes for changed.
///
/// A new test is linked where the working tree's linker links it, and so are the cases
/// tests.toml lists anew. A case that had a link at the base and has none now is `missing`,
/// and `Lost` names the test it lost, unless a new or edited test may implement it; a case
/// listed anew has no possible test in a test the change left as it was, that the base links
/// to another case and that keeps a link. `base_name` names the base in what is lost
/// (`origin/main`).
pub fn carry(
    base: &Side,
    head: Side,
    followed: &[Option<BaseTest>],
    base_name: &str,
) -> (Linking, Vec<Lost>) {
    let (base_tests, head_tests) = (&base.exercise.tests, &head.exercise.tests);
    let base_listed = base.exercise.listed();
    let base_index = index_by_uuid(base_listed.iter().map(|(case, _)| case.uuid.as_str()));
    let base_case = |uuid: &str| base_index.get(uuid).map(|&i| BaseCase(i));
    let (now, was) = (&head.linking, &base.linking);
    // Whether the base linked its test `b` to its case `c`.
    let linked_before = |c: BaseCase, b: BaseTest| was.links[c.0].contains(&b.0);
    let mut head_of_base: Vec<Option<HeadTest>> = vec![None; base_tests.len()];
    for (h, b) in followed.iter().enumerate() {
        if let Some(b) = b {
            head_of_base[b.0] = Some(HeadTest(h));
        }
    }
    let same: Vec<bool> = followed
        .iter()
        .zip(head_tests)
        .map(|(b, test)| b.is_some_and(|b| base_tests[b.0].literals == test.literals))
        .collect();
    let linked_at_base =
        |b: Option<BaseTest>| b.is_some_and(|b| was.links.iter().any(|tests| tests.contains(&b.0)));
    let listed = head.exercise.listed();
    // Whether the base linked test `b` to the working tree's case `c`.
    let linked_at = |c: HeadCase, b: BaseTest| {
        base_case(listed[c.0].0.uuid.as_str()).is_some_and(|bc| linked_before(bc, b))
    };
    let included: Vec<bool> = listed.iter().map(|(_, entry)| entry.include).collect();
    // Whether tests.toml lists the case anew, or includes or excludes it anew.
    let relisted: Vec<bool> = listed
        .iter()
        .map(|(case, entry)| {
            base_case(case.uuid.as_str())
                .is_none_or(|bc| base_listed[bc.0].1.include != entry.include)
        })
        .collect();
    // The tests the working tree's linker links or points to for a case listed anew that the
    // base did not link them to: what they compete for changed.
    let mut contested = vec![false; head_tests.len()];
    for (other, tests) in now.links.iter().enumerate() {
        let pointed = pointed_to(now.possible[other]);
        for &h in tests
            .iter()
            .chain(pointed.iter())
            .filter(|_| relisted[other])
        {
            if let Some(b) = followed[h]
                && !linked_at(HeadCase(other), b)
            {
                contested[h] = true;
            }
        }
    }
    let mut links = vec![Vec::new(); listed.len()];
    let mut possible = vec![None; listed.len()];
    let mut lost = Vec::new();
    for (c, (case, entry)) in listed.iter().enumerate() {
        let Some(b_case) = base_case(case.uuid.as_str()) else {
            // A case the change lists anew: the working tree's linker decides (its possible
            // test is settled below, once every case's links are known).
            links[c] = now.links[c].clone();
            possible[c] = now.possible[c];
            continue;
        };
        for (h, test_was) in followed.iter().enumerate() {
            let keeps = match *test_was {
                _ if contested[h] => now.links[c].contains(&h),
                // Unchanged: the cases it was linked to, and only those.
                Some(b) if same[h] => linked_before(b_case, b),
                // Edited: it keeps its case while it holds as much of the case's data, or
                // while the working tree's linker links it still holding some of it (an edit
                // that leaves a default out, say).
                Some(b) if linked_before(b_case, b) => {
                    now.evidence[c][h].data + 1e-9 >= was.evidence[b_case.0][b.0].data
                        || (now.links[c].contains(&h) && now.evidence[c][h].data > 0.0)
                }
                _ => now.links[c].contains(&h),
            };
            if keeps {
                links[c].push(h);
            }
        }
        if !links[c].is_empty() || !entry.include {
            continue;
        }
        // Without a link now: what the base pointed a reader to, where that test survives;
        // else a new or edited test the working tree's linker points to.
        let carried = match was.possible[b_case.0] {
            Some(Possible::Unconfirmed(b)) => head_of_base[b].map(|h| Possible::Unconfirmed(h.0)),
            Some(Possible::CheckByReading(Some(b))) => head_of_base[b]
                .map(|h| Possible::CheckByReading(Some(h.0)))
                .or(now.possible[c]),
            Some(Possible::CheckByReading(None)) => now.possible[c],
            None => None,
        };
        let fresh = match now.possible[c] {
            Some(Possible::Unconfirmed(h) | Possible::CheckByReading(Some(h))) if !same[h] => {
                now.possible[c]
            }
            // A case that states a check and had no link keeps being one to read.
            Some(Possible::CheckByReading(_)) if was.links[b_case.0].is_empty() => now.possible[c],
            _ => None,
        };
        possible[c] = carried.or(fresh);
        if possible[c].is_none() {
            for &b in &was.links[b_case.0] {
                lost.push(Lost {
                    uuid: case.uuid.clone(),
                    test: TestRef::of(&base_tests[b]),
                    base: base_name.to_string(),
                    deleted: head_of_base[b].is_none(),
                });
            }
        }
    }
    // A case listed anew has no possible test in a test the change left as it was, that the
    // base linked to another case and that keeps a link: that case's test, not this one's.
    for c in 0..listed.len() {
        if base_case(listed[c].0.uuid.as_str()).is_some() {
            continue;
        }
        if let Some(h) = pointed_to(possible[c])
            && same[h]
            && linked_at_base(followed[h])
            && links.iter().any(|tests| tests.contains(&h))
        {
            possible[c] = None;
        }
    }
    let evidence = head.linking.evidence;
    let linking = Linking::settled(links, possible, evidence, &included, head_tests.len());
    (linking, lost)
}

/// The test a reader is pointed to for a case without a link, if any.
fn pointed_to(possible: Option<Possible>) -> Option<usize> {
    possible.and_then(Possible::test)
}

/// The findings of the working tree and of the base, each told `Introduced`, `Fixed` or
/// `Preexisting`: the working tree's, in their order, then those the change fixed. Two
/// findings are the same when they have the same kind and subject, a test's finding in the
/// working tree taking the place of the base test it is (`followed`).
pub fn classify(
    base: Vec<Finding>,
    head: Vec<Finding>,
    base_tests: &[ExerciseTest],
    head_tests: &[ExerciseTest],
    followed: &[Option<BaseTest>],
) -> Vec<Finding> {
    let place = |t: &ExerciseTest| (t.file.clone(), t.line);
    let at_base: HashMap<(String, usize), (String, usize)> = head_tests
        .iter()
        .zip(followed)
        .filter_map(|(test, b)| Some((place(test), place(&base_tests[(*b)?.0]))))
        .collect();
    let mut left: HashMap<(Kind, Subject), usize> = HashMap::new();
    for finding in &base {
        *left
            .entry((finding.kind(), finding.subject.clone()))
            .or_default() += 1;
    }
    let mut classified = Vec::with_capacity(head.len() + base.len());
    for mut finding in head {
        let subject = match &finding.subject {
            Subject::Test { file, line } => {
                at_base
                    .get(&(file.clone(), *line))
                    .map(|(file, line)| Subject::Test {
                        file: file.clone(),
                        line: *line,
                    })
            }
            other => Some(other.clone()),
        };
        let before = subject
            .and_then(|subject| left.get_mut(&(finding.kind(), subject)))
            .filter(|n| **n > 0);
        finding.change = Some(match before {
            Some(n) => {
                *n -= 1;
                Change::Preexisting
            }
            None => Change::Introduced,
        });
        classified.push(finding);
    }
    for finding in base {
        if let Some(n) = left.get_mut(&(finding.kind(), finding.subject.clone()))
            && *n > 0
        {
            *n -= 1;
            classified.push(finding.fixed());
        }
    }
    classified
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(file: &str, line: usize, name: &str, body: &str) -> ExerciseTest {
        ExerciseTest {
            file: file.into(),
            line,
            name: name.into(),
            method: None,
            literals: Vec::new(),
            places: Vec::new(),
            group: None,
            body: body.into(),
        }
    }

    #[test]
    fn a_test_is_followed_by_name_then_body_then_most_of_its_body() {
        let base = [
            test("a_test.rb", 1, "kept", "assert_equal 1, f(1)"),
            test("a_test.rb", 5, "renamed", "assert_equal 2, f(2)"),
            test("a_test.rb", 9, "edited", "assert_equal 3, f(3, 4, 5, 6)"),
            test("a_test.rb", 13, "deleted", "assert_equal 4, g(4)"),
            test("a_test.rb", 17, "moved", "x = 5\nassert_equal 5, f(x)"),
        ];
        let head = [
            test(
                "b_test.rb",
                1,
                "moved",
                "x = 5\n  assert_equal 5, f(x) # why",
            ),
            test("a_test.rb", 3, "kept", "assert_equal 9, h(9)"),
            test("a_test.rb", 7, "a new name", "assert_equal  2,\n f(2)"),
            test(
                "a_test.rb",
                11,
                "edited too",
                "assert_equal 3, f(3, 4, 5, 7)",
            ),
            test("a_test.rb", 15, "new", "refute nothing_like(it)"),
        ];
        let base_test = |b: usize| Some(BaseTest(b));
        assert_eq!(
            follow(&base, &head),
            [base_test(4), base_test(0), base_test(1), base_test(2), None]
        );
    }

    #[test]
    fn of_two_tests_of_one_name_the_name_alone_follows_neither() {
        let base = [
            test("a_test.exs", 1, "test same", "assert f(1) == 1"),
            test("b_test.exs", 1, "test same", "assert f(2) == 2"),
        ];
        let head = [test("c_test.exs", 1, "test same", "assert f(2) == 2")];
        assert_eq!(follow(&base, &head), [Some(BaseTest(1))]);
    }

    #[test]
    fn bodies_too_unlike_are_different_tests() {
        assert_eq!(similarity(&tokens("a b c d"), &tokens("a b c d")), 1.0);
        assert!(similarity(&tokens("a b c d"), &tokens("a b x y z w")) < SIMILAR);
        assert_eq!(similarity(&tokens(""), &tokens("")), 0.0);
        assert_eq!(
            words("f(1,\n  2) # x"),
            ["f", "(", "1", ",", "2", ")", "#", "x"]
        );
    }
}
