//! `--log-to-json`: splits captured stdout into what each test printed, reading the log as a
//! stream with bounded memory, whatever its size and whatever bytes it holds.

use std::io::Read;

use memchr::memmem;

/// What each test printed, in the order the tests first started.
#[derive(Debug, Default, PartialEq)]
pub struct Outputs {
    pub entries: Vec<(String, String)>,
}

impl<'de> serde::Deserialize<'de> for Outputs {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Outputs;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of test names to output strings")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Outputs, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, String>()? {
                    entries.push(entry);
                }
                Ok(Outputs { entries })
            }
        }
        // Kept in the log's order, which tells the order the tests ran in.
        deserializer.deserialize_map(Visitor)
    }
}

impl serde::Serialize for Outputs {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.entries.len()))?;
        for (name, output) in &self.entries {
            map.serialize_entry(name, output)?;
        }
        map.end()
    }
}

/// Bytes kept per test: far more than the 500 characters results.json shows, so the cut
/// is always visible there.
pub const MAX_OUTPUT_BYTES: usize = 16 * 1024;
/// Bytes kept of a test name; a longer header line is not one this tool printed.
pub const MAX_NAME_BYTES: usize = 4 * 1024;
/// Bytes kept over all tests, names, outputs and bookkeeping counted, so memory stays
/// bounded even with a flood of distinct headers.
pub const MAX_TOTAL_BYTES: usize = 8 * 1024 * 1024;
/// What one test costs beyond its name and output: two copies of the name's allocation
/// header, the index entry and the entry itself.
const ENTRY_OVERHEAD: usize = 128;

const CHUNK: usize = 64 * 1024;

/// The name under which `--keep-load-output` keeps what the run printed before its first
/// header: as the test files loaded (a solution's top-level `console.log`). A log without any
/// header keeps all it holds under this name, asked or not: no test started, and what the run
/// printed (a compiler's error) is why.
pub const LOAD_OUTPUT: &str = "";

/// Bytes kept of what came before the first header: enough for the 65,535 characters a
/// results.json message may hold, which it becomes when no test started.
pub const MAX_LOAD_OUTPUT_BYTES: usize = 4 * 65_535;

/// A test's header name and the output captured for it.
struct Captured {
    name: Vec<u8>,
    output: Vec<u8>,
}

/// The state of a split in progress.
struct Splitter<'m> {
    marker: memmem::Finder<'m>,
    entries: Vec<Captured>,
    index: std::collections::HashMap<Vec<u8>, usize>,
    /// The entry receiving output, if a header has been seen.
    current: Option<usize>,
    /// `Some` while reading a header's name (until the end of its line).
    name: Option<Vec<u8>>,
    total: usize,
    /// Whether output before the first header is kept, as `LOAD_OUTPUT`'s, when a header
    /// follows it.
    keep_load_output: bool,
    /// Whether the first entry is `LOAD_OUTPUT`'s.
    has_load_output: bool,
}

impl Splitter<'_> {
    fn body(&mut self, bytes: &[u8]) {
        if self.current.is_none() && self.entries.is_empty() {
            if bytes.is_empty() {
                return;
            }
            self.start(LOAD_OUTPUT.as_bytes().to_vec());
            self.has_load_output = true;
        }
        let Some(current) = self.current else {
            return;
        };
        let most = if self.has_load_output && current == 0 {
            MAX_LOAD_OUTPUT_BYTES
        } else {
            MAX_OUTPUT_BYTES
        };
        let room = most
            .saturating_sub(self.entries[current].output.len())
            .min(MAX_TOTAL_BYTES.saturating_sub(self.total));
        let take = bytes.len().min(room);
        self.entries[current]
            .output
            .extend_from_slice(&bytes[..take]);
        self.total += take;
    }

    /// Reads name bytes up to the end of the line; returns how many bytes it consumed.
    fn header(&mut self, bytes: &[u8]) -> usize {
        let name = self.name.get_or_insert_with(Vec::new);
        let (line, consumed, done) = match memchr::memchr(b'\n', bytes) {
            Some(end) => (&bytes[..end], end + 1, true),
            None => (bytes, bytes.len(), false),
        };
        let room = MAX_NAME_BYTES.saturating_sub(name.len());
        name.extend_from_slice(&line[..line.len().min(room)]);
        if done {
            let mut name = self.name.take().unwrap_or_default();
            if name.last() == Some(&b'\r') {
                name.pop();
            }
            self.start(name);
        }
        consumed
    }

    fn start(&mut self, name: Vec<u8>) {
        let current = match self.index.get(&name) {
            Some(&i) => {
                // The same test announced twice: its outputs are kept as separate lines.
                let output = &mut self.entries[i].output;
                if !output.is_empty() && output.last() != Some(&b'\n') {
                    output.push(b'\n');
                }
                Some(i)
            }
            None if self.total + 2 * name.len() + ENTRY_OVERHEAD <= MAX_TOTAL_BYTES => {
                self.total += 2 * name.len() + ENTRY_OVERHEAD;
                self.index.insert(name.clone(), self.entries.len());
                self.entries.push(Captured {
                    name,
                    output: Vec::new(),
                });
                Some(self.entries.len() - 1)
            }
            None => None,
        };
        self.current = current;
    }
}

/// Splits `log` at every occurrence of `marker` (a header, anywhere in a line).
pub fn split(log: impl Read, marker: &str) -> std::io::Result<Outputs> {
    split_with(log, marker, Keep::default())
}

/// What a split keeps beyond each test's output.
#[derive(Clone, Copy, Debug, Default)]
pub struct Keep {
    /// The line break that ends each output (the Ruby track's runner shows `puts` output so;
    /// the escript dropped it).
    pub final_newline: bool,
    /// What came before the first header, under the name `LOAD_OUTPUT` (the JavaScript
    /// track's runner shows what a solution prints as it loads).
    pub load_output: bool,
}

/// Like [`split`], keeping what `keep` says.
pub fn split_with(mut log: impl Read, marker: &str, keep: Keep) -> std::io::Result<Outputs> {
    let marker = marker.as_bytes();
    let mut splitter = Splitter {
        marker: memmem::Finder::new(marker),
        entries: Vec::new(),
        index: Default::default(),
        current: None,
        name: None,
        total: 0,
        keep_load_output: keep.load_output,
        has_load_output: false,
    };
    // `window` holds unprocessed bytes: at most a marker's length carried over plus a chunk.
    let mut window: Vec<u8> = Vec::with_capacity(CHUNK + marker.len());
    let mut chunk = vec![0u8; CHUNK];
    loop {
        let read = match log.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        window.extend_from_slice(&chunk[..read]);
        let kept = process(&mut splitter, &window, false);
        window.drain(..window.len() - kept);
    }
    process(&mut splitter, &window, true);
    if splitter.name.is_some() {
        // A header at the very end of the log, without a line break.
        let name = splitter.name.take().unwrap_or_default();
        splitter.start(name);
    }
    let mut entries = splitter.entries;
    if splitter.has_load_output && entries.len() > 1 && !splitter.keep_load_output {
        entries.remove(0);
    }
    Ok(finish(entries, keep.final_newline))
}

/// Consumes what it can of `window`; returns how many trailing bytes must wait for more input
/// (the start of a marker cut by the chunk boundary).
fn process(splitter: &mut Splitter, window: &[u8], last: bool) -> usize {
    let marker_len = splitter.marker.needle().len();
    let mut at = 0;
    while at < window.len() {
        if splitter.name.is_some() {
            at += splitter.header(&window[at..]);
            continue;
        }
        match splitter.marker.find(&window[at..]) {
            Some(found) => {
                splitter.body(&window[at..at + found]);
                at += found + marker_len;
                splitter.name = Some(Vec::new());
            }
            None => {
                let keep = if last {
                    0
                } else {
                    (marker_len - 1).min(window.len() - at)
                };
                splitter.body(&window[at..window.len() - keep]);
                return keep;
            }
        }
    }
    0
}

/// Turns raw entries into text: invalid UTF-8 replaced, `\r\n` read as a line break, and the
/// line break that ends the last line dropped.
fn finish(entries: Vec<Captured>, keep_final_newline: bool) -> Outputs {
    let entries = entries
        .into_iter()
        .map(|entry| {
            let name = String::from_utf8_lossy(&entry.name).into_owned();
            let mut output = String::from_utf8_lossy(&entry.output).replace("\r\n", "\n");
            if !keep_final_newline && output.ends_with('\n') {
                output.pop();
            }
            (name, output)
        })
        .collect();
    Outputs { entries }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::header::MARKER;

    #[test]
    fn the_final_line_break_is_kept_when_asked() {
        let log = b"[test started] a\nline\n[test started] b\nlast\n";
        let keep = Keep {
            final_newline: true,
            ..Keep::default()
        };
        let kept = split_with(&log[..], MARKER, keep).unwrap().entries;
        assert_eq!(kept, pairs(&[("a", "line\n"), ("b", "last\n")]));
        assert_eq!(split_str(log), pairs(&[("a", "line"), ("b", "last")]));
    }

    fn split_str(log: &[u8]) -> Vec<(String, String)> {
        split(log, MARKER).unwrap().entries
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn output_belongs_to_the_header_before_it_and_preamble_to_nobody() {
        let log = b"compiling\n[test started] test a\nhello\n\nworld\n[test started] test b\n";
        assert_eq!(
            split_str(log),
            pairs(&[("test a", "hello\n\nworld"), ("test b", "")])
        );
    }

    #[test]
    fn a_log_without_a_header_is_kept_whole_asked_or_not() {
        let log = b"== Compilation error in file lib/year.ex ==\n** (TokenMissingError)\n";
        let kept = split_str(log);
        assert_eq!(
            kept,
            pairs(&[(
                LOAD_OUTPUT,
                "== Compilation error in file lib/year.ex ==\n** (TokenMissingError)"
            )])
        );
        let long = vec![b'x'; 2 * MAX_LOAD_OUTPUT_BYTES];
        let kept = split(&long[..], MARKER).unwrap().entries;
        assert_eq!(kept[0].1.len(), MAX_LOAD_OUTPUT_BYTES);
        assert!(split_str(b"").is_empty());
    }

    #[test]
    fn what_came_before_the_first_header_is_kept_only_when_asked() {
        let log = b"loading\n[test started] a\nin a\n";
        let keep = Keep {
            load_output: true,
            ..Keep::default()
        };
        let kept = split_with(&log[..], MARKER, keep).unwrap().entries;
        assert_eq!(kept, pairs(&[(LOAD_OUTPUT, "loading"), ("a", "in a")]));
        let none = split_with(&b"[test started] a\n"[..], MARKER, keep).unwrap();
        assert_eq!(none.entries, pairs(&[("a", "")]));
    }

    #[test]
    fn a_header_in_the_middle_of_a_line_ends_the_previous_output() {
        let log = b"[test started] test a\nno newline[test started] test b\nx\n";
        assert_eq!(
            split_str(log),
            pairs(&[("test a", "no newline"), ("test b", "x")])
        );
    }

    #[test]
    fn markers_cut_by_chunk_boundaries_are_still_found() {
        let mut log = vec![b'.'; CHUNK - 5];
        log.extend_from_slice(b"[test started] test a\nout\n");
        let mut prefix = b"[test started] test z\n".to_vec();
        prefix.extend_from_slice(&log);
        let entries = split_str(&prefix);
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[1], ("test a".to_string(), "out".to_string()));
        assert_eq!(entries[0].1.len(), MAX_OUTPUT_BYTES, "capped per test");
    }

    #[test]
    fn a_flood_of_distinct_headers_stays_within_the_total_budget() {
        let mut log = Vec::new();
        for i in 0..200_000 {
            log.extend_from_slice(format!("[test started] test {i:0>60}\nout\n").as_bytes());
        }
        let entries = split_str(&log);
        let kept: usize = entries
            .iter()
            .map(|(n, o)| 2 * n.len() + o.len() + ENTRY_OVERHEAD)
            .sum();
        assert!(entries.len() < 200_000, "later headers are dropped");
        assert!(kept <= MAX_TOTAL_BYTES, "{kept} bytes kept");
    }

    #[test]
    fn output_per_test_is_capped_and_invalid_utf8_is_replaced() {
        let mut log = b"[test started] test a\n\xff\xfe".to_vec();
        log.extend(std::iter::repeat_n(b'x', MAX_OUTPUT_BYTES * 3));
        let entries = split_str(&log);
        assert!(entries[0].1.starts_with("\u{fffd}\u{fffd}xxx"));
        assert!(entries[0].1.len() <= MAX_OUTPUT_BYTES + 4);
    }
}
