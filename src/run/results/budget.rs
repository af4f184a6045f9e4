//! results.json within the platform's `MAX_BYTES`: one cap for every string, the longest cut
//! first, each cut saying so; tests left out only when even the lowest caps cannot fit.

use std::sync::OnceLock;

use serde::Serialize;

use super::*;

/// The strings of results.json the budget may cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Name,
    /// A test's message, or the top-level one.
    Message,
    TestCode,
    Output,
}

impl Field {
    /// Every field, in the order they are declared (`field as usize` indexes it).
    pub const ALL: [Field; 4] = [Field::Name, Field::Message, Field::TestCode, Field::Output];

    /// A test's code keeps its tail, the note before it: it ends with the test's body, the
    /// definitions it uses before that. Every other string keeps its head, the note after it.
    pub fn keeps_tail(self) -> bool {
        self == Field::TestCode
    }

    /// The lowest cap the string is cut to.
    pub fn floor(self) -> usize {
        match self {
            Field::Name => MIN_NAME_CAP,
            _ => MIN_CAP,
        }
    }
}

/// The note that ends a string the budget cut (starts it, for a test's code), saying how much
/// of it is left: `kept` of its `of` characters.
pub fn note(field: Field, kept: usize, of: usize) -> String {
    let says = |what, part| {
        format!("[{what} cut to its {part} {kept} of {of} characters {BUDGET_REASON}]")
    };
    match field {
        Field::Name => format!(" {}", says("name", "first")),
        Field::Message => format!("\n\n{}", says("Message", "first")),
        Field::Output => format!("\n\n{}", says("Output", "first")),
        Field::TestCode => format!("{}\n\n", says("Test code", "last")),
    }
}

/// What `Results::fit` did.
#[derive(Debug, Default, PartialEq)]
pub struct Fit {
    /// The cap every string longer than it was cut to, in characters, its note included (a
    /// name's cap is at least `MIN_NAME_CAP`); `None` when no string was cut.
    pub cap: Option<usize>,
    /// The tests left out, by their place before fitting; an entry after the tests shown
    /// says how many.
    pub left_out: Vec<usize>,
    /// The bytes of results.json as `to_json` writes it.
    pub bytes: usize,
}

impl Results {
    /// results.json as it is written: cut to `MAX_BYTES` by `fit`, pretty-printed, with a
    /// final line break.
    pub fn to_json(mut self) -> Vec<u8> {
        let fit = self.fit();
        let json = file(&self);
        debug_assert_eq!(json.len(), fit.bytes, "the budget counts what is written");
        debug_assert!(json.len() <= MAX_BYTES);
        json
    }

    /// Cuts the results so that results.json holds at most `MAX_BYTES` as written (escaped,
    /// pretty-printed). Water-filling: one cap, in characters, for every name, message,
    /// test_code and output; those no longer than it stay whole, longer ones are cut to it,
    /// their note included. The cap is the one a binary search finds: it fits, one character
    /// more does not. It never goes below `MIN_CAP` (`MIN_NAME_CAP` for names): when even that
    /// does not fit, tests are left out, those that did not pass kept first, each kind in
    /// source order, and an entry after them says how many; the cap is then found for the
    /// tests shown. Linear in the size of the results (n log n in their number of strings).
    pub fn fit(&mut self) -> Fit {
        let layout = Layout::of(self);
        let items = items(self);
        let skeletons: Vec<usize> = self.tests.iter().map(|t| layout.test(t)).collect();
        let shown = self.shown(&layout, &items, &skeletons);
        let left_out: Vec<usize> = (0..shown.len()).filter(|&i| !shown[i]).collect();
        let entry = (!left_out.is_empty()).then(|| {
            let status = left_out
                .iter()
                .fold(Status::Pass, |s, &i| s.worst(self.tests[i].status));
            let failed = left_out
                .iter()
                .filter(|&&i| self.tests[i].status != Status::Pass)
                .count();
            left_out_entry(left_out.len(), failed, status)
        });
        let mut pool: Vec<Cuttable> = items
            .into_iter()
            .filter(|item| item.test.is_none_or(|i| shown[i]))
            .collect();
        let elements = shown.iter().filter(|&&s| s).count() + usize::from(entry.is_some());
        let skeleton = (0..shown.len())
            .filter(|&i| shown[i])
            .map(|i| skeletons[i])
            .sum::<usize>()
            + entry.as_ref().map_or(0, |e| written_len(e) + layout.each);
        let fixed = layout.total(elements, skeleton, 0);
        let cap = water_level(&mut pool, self, MAX_BYTES.saturating_sub(fixed));
        let mut bytes = fixed;
        for item in &pool {
            bytes += cap.map_or(item.bytes, |cap| item.cost(cap, self));
            let cap = cap.map(|cap| item.cap(cap));
            if let Some(cap) = cap.filter(|&cap| item.chars > cap) {
                let text = item.slot_mut(self);
                *text = cut(text, item.field, cap, item.chars);
            }
        }
        if let Some(entry) = entry {
            let mut shown = shown.into_iter();
            self.tests.retain(|_| shown.next() == Some(true));
            self.tests.push(entry);
        }
        Fit {
            cap,
            left_out,
            bytes,
        }
    }

    /// Which tests results.json shows: all of them when they fit at the lowest caps; else
    /// those that did not pass, in source order, then those that passed, as far as they fit
    /// at the lowest caps beside the entry that says how many are left out.
    fn shown(&self, layout: &Layout, items: &[Cuttable], skeletons: &[usize]) -> Vec<bool> {
        let all = vec![true; self.tests.len()];
        let strings = items.iter().map(|i| i.bytes).sum();
        if layout.total(self.tests.len(), skeletons.iter().sum(), strings) <= MAX_BYTES {
            return all;
        }
        let mut lowest = skeletons.to_vec();
        let mut top = 0;
        for item in items {
            let cost = item.cost(MIN_CAP, self);
            match item.test {
                Some(i) => lowest[i] += cost,
                None => top += cost,
            }
        }
        let tests = self.tests.len();
        if tests == 0 || layout.total(tests, lowest.iter().sum(), top) <= MAX_BYTES {
            return all;
        }
        // The entry as long as it can be.
        let entry = written_len(&left_out_entry(tests, tests, Status::Error)) + layout.each;
        let mut room = MAX_BYTES.saturating_sub(layout.total(1, entry, top));
        let (failed, passed): (Vec<usize>, Vec<usize>) =
            (0..tests).partition(|&i| self.tests[i].status != Status::Pass);
        let mut shown = vec![false; tests];
        for i in failed.into_iter().chain(passed) {
            if lowest[i] > room {
                break;
            }
            room -= lowest[i];
            shown[i] = true;
        }
        shown
    }
}

/// The entry that stands for the tests left out: how many, and how many of them did not
/// pass, with the worst status among them.
fn left_out_entry(left_out: usize, failed: usize, status: Status) -> TestResult {
    let tests = if left_out == 1 { "test" } else { "tests" };
    TestResult {
        name: format!("[{left_out} more {tests} not shown {BUDGET_REASON}]"),
        status,
        message: (status != Status::Pass)
            .then(|| format!("{failed} of the {left_out} {tests} not shown did not pass.")),
        test_code: None,
        task_id: None,
        output: None,
    }
}

/// The largest cap at which the strings of `pool` fit in `room` bytes (their note's
/// included), at least `MIN_CAP`; `None` when they fit whole. The caller has made sure they
/// fit at `MIN_CAP`. A binary search between `MIN_CAP` and a bound from the characters alone,
/// each step adding up one cost per string from a table of what its kept part takes.
fn water_level(pool: &mut [Cuttable], results: &Results, room: usize) -> Option<usize> {
    if pool.iter().map(|i| i.bytes).sum::<usize>() <= room {
        return None;
    }
    // Every character takes at least a byte, and a string cut to a cap keeps within one
    // character of it: a cap past `level + 1` cannot fit.
    let mut chars: Vec<usize> = pool.iter().map(|i| i.chars).collect();
    chars.sort_unstable();
    let longest = chars.last().copied().unwrap_or(0);
    let (mut used, mut level) = (0usize, longest);
    for (j, &c) in chars.iter().enumerate() {
        let rest = chars.len() - j;
        if used + c * rest > room {
            level = (room - used) / rest;
            break;
        }
        used += c;
    }
    let (mut lo, mut hi) = (MIN_CAP, level.saturating_add(2).min(longest));
    for item in pool.iter_mut() {
        let up_to = hi.max(item.field.floor());
        if item.chars > item.field.floor() {
            item.table = kept_table(item.text(results), item.field, up_to);
        }
    }
    let fits = |cap: usize| pool.iter().map(|i| i.cost(cap, results)).sum::<usize>() <= room;
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(lo)
}

/// A string of the results the budget may cut, measured.
struct Cuttable {
    /// The test it belongs to; `None` for the top-level message.
    test: Option<usize>,
    field: Field,
    chars: usize,
    /// What it takes in results.json, escaped, without its quotes.
    bytes: usize,
    /// The bytes of its first (or last) `k` characters, by `k`, as far as the search needs.
    table: Vec<usize>,
}

impl Cuttable {
    fn cap(&self, cap: usize) -> usize {
        cap.max(self.field.floor())
    }

    fn text<'a>(&self, results: &'a Results) -> &'a str {
        let test = self.test.map(|i| &results.tests[i]);
        let text = match (test, self.field) {
            (None, _) => results.message.as_ref(),
            (Some(t), Field::Name) => Some(&t.name),
            (Some(t), Field::Message) => t.message.as_ref(),
            (Some(t), Field::TestCode) => t.test_code.as_ref(),
            (Some(t), Field::Output) => t.output.as_ref(),
        };
        text.expect("an item is a string that is there")
    }

    fn slot_mut<'a>(&self, results: &'a mut Results) -> &'a mut String {
        let text = match self.test {
            None => results.message.as_mut(),
            Some(i) => {
                let test = &mut results.tests[i];
                match self.field {
                    Field::Name => Some(&mut test.name),
                    Field::Message => test.message.as_mut(),
                    Field::TestCode => test.test_code.as_mut(),
                    Field::Output => test.output.as_mut(),
                }
            }
        };
        text.expect("an item is a string that is there")
    }

    /// The bytes it takes cut to `cap` characters (whole when it is no longer).
    fn cost(&self, cap: usize, results: &Results) -> usize {
        let cap = self.cap(cap);
        if self.chars <= cap {
            return self.bytes;
        }
        let kept = kept_chars(self.field, cap, self.chars);
        let kept_bytes = match self.table.get(kept) {
            Some(&bytes) => bytes,
            None => {
                let mut bytes = 0;
                each_kept(self.text(results), self.field, kept, |b| bytes += b);
                bytes
            }
        };
        kept_bytes + note_bytes(self.field, kept, self.chars)
    }
}

/// Every string of the results the budget may cut: the top-level message, then each test's.
fn items(results: &Results) -> Vec<Cuttable> {
    let item = |test, field, text: &str| {
        let (chars, bytes) = measure(text);
        Cuttable {
            test,
            field,
            chars,
            bytes,
            table: Vec::new(),
        }
    };
    let mut items: Vec<Cuttable> = results
        .message
        .iter()
        .map(|m| item(None, Field::Message, m))
        .collect();
    for (i, test) in results.tests.iter().enumerate() {
        items.push(item(Some(i), Field::Name, &test.name));
        for (field, text) in [
            (Field::Message, &test.message),
            (Field::TestCode, &test.test_code),
            (Field::Output, &test.output),
        ] {
            items.extend(text.as_deref().map(|t| item(Some(i), field, t)));
        }
    }
    items
}

/// Calls `each` with the bytes of each character a cut of `text` keeps, `kept` of them, from
/// its start or, for a test's code, from its end.
fn each_kept(text: &str, field: Field, kept: usize, each: impl FnMut(usize)) {
    if field.keeps_tail() {
        text.chars().rev().take(kept).map(char_bytes).for_each(each);
    } else {
        text.chars().take(kept).map(char_bytes).for_each(each);
    }
}

/// The bytes the first (or last) `k` characters of `text` take, for `k` up to `up_to`.
fn kept_table(text: &str, field: Field, up_to: usize) -> Vec<usize> {
    let mut table = Vec::with_capacity(up_to.min(text.len()) + 1);
    let mut bytes = 0;
    table.push(bytes);
    each_kept(text, field, up_to, |b| {
        bytes += b;
        table.push(bytes);
    });
    table
}

/// How many characters a string of `of` characters keeps when cut to `cap`, so that they
/// and the note fit in it.
fn kept_chars(field: Field, cap: usize, of: usize) -> usize {
    let (fixed, _) = note_fixed(field);
    let size = |kept: usize| kept + fixed + digits(kept) + digits(of);
    let mut kept = cap.saturating_sub(fixed + digits(of) + digits(cap));
    while kept + 1 < of && size(kept + 1) <= cap {
        kept += 1;
    }
    kept
}

fn note_bytes(field: Field, kept: usize, of: usize) -> usize {
    note_fixed(field).1 + digits(kept) + digits(of)
}

/// The characters and the bytes a note takes but for its two numbers.
fn note_fixed(field: Field) -> (usize, usize) {
    static FIXED: OnceLock<[(usize, usize); 4]> = OnceLock::new();
    let fixed = FIXED.get_or_init(|| {
        Field::ALL.map(|field| {
            let (chars, bytes) = measure(&note(field, 0, 0));
            (chars - 2, bytes - 2)
        })
    });
    fixed[field as usize]
}

fn digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// `text` cut to `cap` characters, its note included: its first characters then the note,
/// or for a test's code the note then its last characters. Never inside a character, and
/// escapes are the serializer's, after the cut.
fn cut(text: &str, field: Field, cap: usize, of: usize) -> String {
    let kept = kept_chars(field, cap, of);
    let note = note(field, kept, of);
    if field.keeps_tail() {
        let at = match kept {
            0 => text.len(),
            _ => text
                .char_indices()
                .rev()
                .nth(kept - 1)
                .map_or(0, |(i, _)| i),
        };
        format!("{note}{}", &text[at..])
    } else {
        let at = text.char_indices().nth(kept).map_or(text.len(), |(i, _)| i);
        format!("{}{note}", &text[..at])
    }
}

/// For each byte of a string, the bytes it takes in the JSON the serializer writes (the low
/// half), measured from it once, and whether it starts a character (the high half), so that
/// one sum over a string counts both. A quote, a backslash or a control character is escaped;
/// other characters are written as they are, each byte of a multi-byte one counting one.
fn byte_costs() -> &'static [u64; 256] {
    static COSTS: OnceLock<[u64; 256]> = OnceLock::new();
    COSTS.get_or_init(|| {
        std::array::from_fn(|b| {
            let starts = u64::from(b & 0xC0 != 0x80) << 32;
            let bytes = match u8::try_from(b) {
                Ok(ascii) if ascii.is_ascii() => {
                    let json =
                        serde_json::to_string(&char::from(ascii)).expect("a char serializes");
                    json.len() as u64 - 2
                }
                _ => 1,
            };
            starts | bytes
        })
    })
}

fn char_bytes(c: char) -> usize {
    if c.is_ascii() {
        (byte_costs()[c as usize] & 0xFFFF_FFFF) as usize
    } else {
        c.len_utf8()
    }
}

/// The characters of `text`, and the bytes it takes in JSON without its quotes.
fn measure(text: &str) -> (usize, usize) {
    let costs = byte_costs();
    let mut sum = 0u64;
    for &b in text.as_bytes() {
        sum += costs[usize::from(b)];
    }
    ((sum >> 32) as usize, (sum & 0xFFFF_FFFF) as usize)
}

/// results.json's bytes as written.
fn file(results: &Results) -> Vec<u8> {
    let mut json = serde_json::to_vec_pretty(results).expect("in-memory JSON cannot fail");
    json.push(b'\n');
    json
}

/// The bytes `value` takes pretty-printed, counted without writing them anywhere.
fn written_len(value: &impl Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    serde_json::to_writer_pretty(&mut count, value).expect("in-memory JSON cannot fail");
    count.0
}

/// Where the bytes of results.json go but for its strings' contents, measured on small
/// probes of the serializer's own output: what surrounds the tests, and what each test takes
/// once its strings are emptied, placed among the others (indentation and commas).
struct Layout {
    /// The file with no tests and the top-level message (if any) empty.
    around: usize,
    /// What a list of tests takes beyond its tests.
    first: usize,
    /// What a test takes among others beyond its own pretty-printing.
    each: usize,
}

impl Layout {
    fn of(results: &Results) -> Layout {
        let probe = |tests| Results {
            version: results.version,
            status: results.status,
            message: results.message.as_ref().map(|_| String::new()),
            tests,
        };
        let test = TestResult {
            name: String::new(),
            status: Status::Pass,
            message: None,
            test_code: None,
            task_id: None,
            output: None,
        };
        let alone = written_len(&test);
        let none = written_len(&probe(vec![])) + 1;
        let one = written_len(&probe(vec![test.clone()])) + 1;
        let two = written_len(&probe(vec![test.clone(), test])) + 1;
        let each = two - one - alone;
        Layout {
            around: none,
            first: (one - none)
                .checked_sub(alone + each)
                .expect("a list of tests takes more than its tests"),
            each,
        }
    }

    /// What `test` takes among the tests, its strings emptied.
    fn test(&self, test: &TestResult) -> usize {
        let empty = |s: &Option<String>| s.as_ref().map(|_| String::new());
        let emptied = TestResult {
            name: String::new(),
            status: test.status,
            message: empty(&test.message),
            test_code: empty(&test.test_code),
            task_id: test.task_id,
            output: empty(&test.output),
        };
        written_len(&emptied) + self.each
    }

    /// The bytes of the file with `tests` tests whose emptied forms take `skeletons`, and
    /// strings whose contents take `strings`.
    fn total(&self, tests: usize, skeletons: usize, strings: usize) -> usize {
        let list = if tests > 0 { self.first } else { 0 };
        self.around + list + skeletons + strings
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed(name: &str, message: &str, code: &str) -> TestResult {
        let (message, code) = (Some(message.to_string()), Some(code.to_string()));
        TestResult::new(name.into(), Status::Fail, message, code, Some(1), None)
    }

    fn passed(name: &str, code: &str) -> TestResult {
        TestResult::new(
            name.into(),
            Status::Pass,
            None,
            Some(code.into()),
            None,
            None,
        )
    }

    /// Fits `results` and checks what every fit must give: the bytes written are those the
    /// budget counted, at most `MAX_BYTES`, and JSON. Returns the results fitted and the fit.
    #[track_caller]
    fn fitted(results: Results) -> (Results, Fit) {
        let mut fitted = results.clone();
        let fit = fitted.fit();
        let json = results.to_json();
        assert_eq!(json, file(&fitted));
        assert_eq!(json.len(), fit.bytes);
        assert!(json.len() <= MAX_BYTES, "{} bytes", json.len());
        serde_json::from_slice::<serde_json::Value>(&json).expect("valid JSON");
        (fitted, fit)
    }

    /// The results with every string longer than `cap` cut to it, as `fit` cuts them.
    fn cut_all(results: &Results, cap: usize) -> Results {
        let mut cut_to = results.clone();
        for item in items(results) {
            let cap = item.cap(cap);
            if item.chars > cap {
                let text = item.slot_mut(&mut cut_to);
                *text = cut(text, item.field, cap, item.chars);
            }
        }
        cut_to
    }

    #[test]
    fn results_that_fit_are_written_as_before() {
        let results = Results::new(
            vec![failed("test a", "expected 1, got 2", "assert a() == 1")],
            None,
        );
        let mut before = serde_json::to_vec_pretty(&results).unwrap();
        before.push(b'\n');
        let (fitted, fit) = fitted(results.clone());
        assert_eq!(fitted, results);
        let bytes = before.len();
        let nothing_cut = Fit {
            cap: None,
            left_out: Vec::new(),
            bytes,
        };
        assert_eq!(fit, nothing_cut);
    }

    #[test]
    fn sixty_tests_failing_on_20000_characters_are_cut_to_the_largest_cap_that_fits() {
        let tests: Vec<TestResult> = (0..60)
            .map(|i| {
                let left = "a".repeat(20_000);
                let message = format!(
                    "Assertion with == failed\ncode:  assert Blob.make({i}) == \"b\"\nleft:  \
                     \"{left}\"\nright: \"b\""
                );
                failed(
                    &format!("test blob {i}"),
                    &message,
                    "assert Blob.make() == \"b\"",
                )
            })
            .collect();
        let results = Results::new(tests, None);
        assert!(file(&results).len() > MAX_BYTES);
        let (fitted, fit) = fitted(results.clone());
        let cap = fit.cap.expect("cut");
        assert!(file(&cut_all(&results, cap + 1)).len() > MAX_BYTES);
        assert!(
            MAX_BYTES - fit.bytes < 60 * 2,
            "{} bytes left",
            MAX_BYTES - fit.bytes
        );
        for (test, before) in fitted.tests.iter().zip(&results.tests) {
            let message = test.message.as_deref().unwrap();
            let of = before.message.as_deref().unwrap().chars().count();
            let kept = kept_chars(Field::Message, cap, of);
            assert!(
                message.ends_with(&note(Field::Message, kept, of)),
                "{message}"
            );
            assert_eq!(message.chars().count(), cap);
            assert_eq!(
                (&test.name, &test.test_code),
                (&before.name, &before.test_code)
            );
        }
    }

    #[test]
    fn the_largest_strings_are_cut_first_and_shorter_ones_stay_whole() {
        let mut tests = vec![failed("test huge", &"h".repeat(700_000), "assert huge()")];
        tests.extend((0..10).map(|i| failed(&format!("test {i}"), &"m".repeat(1_000), "x")));
        let mut results = Results::new(tests, None);
        results.message = Some("the top-level message".repeat(3_000));
        let (fitted, fit) = fitted(results.clone());
        let cap = fit.cap.unwrap();
        assert!(cap > 400_000, "{cap}");
        let huge = fitted.tests[0].message.as_deref().unwrap();
        assert!(huge.starts_with("hhh") && huge.ends_with(&format!("{BUDGET_REASON}]")));
        assert_eq!(fitted.message, results.message);
        assert_eq!(fitted.tests[1..], results.tests[1..]);
    }

    #[test]
    fn outputs_are_cut_too_when_it_comes_to_that() {
        let tests = (0..600)
            .map(|i| {
                let output = Some("o".repeat(600));
                let (message, code) = (Some("m".repeat(600)), Some("c".repeat(600)));
                TestResult::new(
                    format!("test {i}"),
                    Status::Fail,
                    message,
                    code,
                    None,
                    output,
                )
            })
            .collect();
        let (fitted, fit) = fitted(Results::new(tests, None));
        let cap = fit.cap.unwrap();
        assert!(cap < MAX_OUTPUT_CHARS, "{cap}");
        let output = fitted.tests[0].output.as_deref().unwrap();
        assert_eq!(output.chars().count(), cap);
        assert!(output.ends_with(&note(
            Field::Output,
            kept_chars(Field::Output, cap, 500),
            500
        )));
    }

    #[test]
    fn escapes_and_multi_byte_characters_count_as_written_and_are_never_split() {
        let tests = (0..40)
            .map(|i| {
                let message = format!("\"\\\u{1}\n\té😀{i}").repeat(3_000);
                failed(
                    &format!("test \u{7}{i}"),
                    &message,
                    &"\u{1f}ü".repeat(5_000),
                )
            })
            .collect();
        let results = Results::new(tests, None);
        let (fitted, fit) = fitted(results.clone());
        let cap = fit.cap.unwrap();
        for (test, before) in fitted.tests.iter().zip(&results.tests) {
            let (message, whole) = (
                test.message.as_deref().unwrap(),
                before.message.as_deref().unwrap(),
            );
            let kept = kept_chars(Field::Message, cap, whole.chars().count());
            let head: String = whole.chars().take(kept).collect();
            assert!(message.starts_with(&head) && message.chars().count() <= cap);
            let code = test.test_code.as_deref().unwrap();
            let tail: String = {
                let mut tail: Vec<char> = before
                    .test_code
                    .as_deref()
                    .unwrap()
                    .chars()
                    .rev()
                    .take(kept_chars(Field::TestCode, cap, 10_000))
                    .collect();
                tail.reverse();
                tail.into_iter().collect()
            };
            assert!(
                code.ends_with(&tail) && code.starts_with("[Test code cut to its last"),
                "{code}"
            );
        }
    }

    #[test]
    fn a_test_code_of_a_megabyte_keeps_its_end_where_the_body_is() {
        let code = format!(
            "@context \"{}\"\n\nassert Big.f(@context) == 1",
            "x".repeat(1_000_000)
        );
        let results = Results::new(vec![failed("test big", "no", &code)], None);
        let (fitted, fit) = fitted(results);
        let shown = fitted.tests[0].test_code.as_deref().unwrap();
        let kept = kept_chars(Field::TestCode, fit.cap.unwrap(), code.chars().count());
        assert!(shown.starts_with(&note(Field::TestCode, kept, code.chars().count())));
        assert!(
            shown.ends_with("xxx\"\n\nassert Big.f(@context) == 1"),
            "{}",
            &shown[shown.len() - 60..]
        );
        assert!(fit.bytes > MAX_BYTES - 10);
    }

    #[test]
    fn tests_that_cannot_all_fit_are_left_out_those_that_did_not_pass_kept_first() {
        let code = "c".repeat(2_000);
        let mut tests: Vec<TestResult> = (0..10_000)
            .map(|i| passed(&format!("test {i}"), &code))
            .collect();
        for i in [5_000, 9_998, 9_999] {
            tests[i] = failed(&format!("test {i}"), "failed", &code);
        }
        let results = Results::new(tests, None);
        let (fitted, fit) = fitted(results.clone());
        let shown = fitted.tests.len() - 1;
        assert_eq!(shown + fit.left_out.len(), 10_000);
        assert!(
            fit.left_out
                .iter()
                .all(|&i| results.tests[i].status == Status::Pass)
        );
        // The failed tests, then the first that passed, in source order.
        let names: Vec<&str> = fitted.tests[..shown]
            .iter()
            .map(|t| t.name.as_str())
            .collect();
        assert!(names.contains(&"test 5000") && names.ends_with(&["test 9998", "test 9999"]));
        assert_eq!(names[..3], ["test 0", "test 1", "test 2"]);
        let entry = fitted.tests.last().unwrap();
        let left = fit.left_out.len();
        assert_eq!(
            entry.name,
            format!("[{left} more tests not shown {BUDGET_REASON}]")
        );
        assert_eq!((entry.status, &entry.message), (Status::Pass, &None));
        assert_eq!(fitted.status, Status::Fail);
        // The tests shown keep at least MIN_CAP characters of their code.
        let shown_code = fitted.tests[0].test_code.as_deref().unwrap();
        assert!(shown_code.chars().count() >= MIN_CAP - 1, "{shown_code}");
    }

    #[test]
    fn failed_tests_left_out_are_counted_in_the_entry_with_their_worst_status() {
        let mut tests: Vec<TestResult> = (0..5_000)
            .map(|i| failed(&format!("test {i}"), &"m".repeat(300), "x"))
            .collect();
        tests[4_999].status = Status::Error;
        let (fitted, fit) = fitted(Results::new(tests, None));
        let left = fit.left_out.len();
        assert_eq!(fit.left_out, (5_000 - left..5_000).collect::<Vec<_>>());
        let entry = fitted.tests.last().unwrap();
        assert_eq!(entry.status, Status::Error);
        assert_eq!(
            entry.message.as_deref(),
            Some(&*format!(
                "{left} of the {left} tests not shown did not pass."
            ))
        );
    }

    #[test]
    fn long_names_are_cut_but_never_below_their_floor() {
        let tests = (0..1_200)
            .map(|i| passed(&format!("test {i} {}", "n".repeat(1_000)), "x"))
            .collect();
        let results = Results::new(tests, None);
        let (fitted, fit) = fitted(results.clone());
        let cap = fit.cap.unwrap().max(MIN_NAME_CAP);
        assert!(fit.left_out.is_empty());
        for test in &fitted.tests {
            let chars = test.name.chars().count();
            assert!(chars <= cap && chars >= MIN_NAME_CAP - 1, "{chars}");
            assert!(test.name.starts_with("test "), "{}", test.name);
            assert!(test.name.ends_with(&format!("characters {BUDGET_REASON}]")));
        }
    }

    #[test]
    fn a_top_level_message_of_control_characters_fits_whole_at_its_limit() {
        let results = Results::new(vec![], Some("\u{1}".repeat(100_000)));
        let (fitted, fit) = fitted(results.clone());
        assert_eq!(fit.cap, None);
        assert_eq!(fitted.message.unwrap().chars().count(), MAX_MESSAGE_CHARS);
    }

    #[test]
    fn every_note_fits_under_the_lowest_cap_and_a_cut_keeps_all_it_can() {
        for (i, field) in Field::ALL.into_iter().enumerate() {
            assert_eq!(field as usize, i);
            assert!(note(field, 0, usize::MAX).chars().count() < field.floor());
            for of in [field.floor() + 1, 9_999, 10_000, 123_456_789] {
                for cap in field.floor()..field.floor() + 1_100 {
                    if cap >= of {
                        break;
                    }
                    let kept = kept_chars(field, cap, of);
                    let size = |kept| kept + note(field, kept, of).chars().count();
                    assert!(
                        size(kept) <= cap && size(kept + 1) > cap,
                        "{field:?} {cap} {of}"
                    );
                    assert!(size(kept) >= cap - 1);
                }
            }
        }
    }

    #[test]
    fn the_byte_costs_are_the_serializers() {
        let mut every: String = (0..=0x7f_u8).map(char::from).collect();
        every.push_str("é€😀\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}\u{10ffff}\u{2028}\u{2029}");
        for c in every.chars() {
            let text = c.to_string().repeat(3);
            let written = serde_json::to_string(&text).unwrap().len() - 2;
            assert_eq!(measure(&text), (3, written), "{c:?}");
            assert_eq!(char_bytes(c) * 3, written, "{c:?}");
        }
    }
}
