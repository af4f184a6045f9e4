//! The literal values a test file writes (strings, atoms and symbols, numbers, booleans, nil,
//! and the calls that expect an error), read with `queries/<lang>/literals.scm` from the tree
//! `syntax::analyze` made. `--check-canonical` finds a canonical case's data among them.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use tree_sitter::Node;

use crate::source::language::Language;
use crate::source::naming::Name;
use crate::source::naming::unescape;
use crate::source::syntax::Analysis;

/// One literal value, normalized so that spellings of one value compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Literal {
    /// A string's value, or one word of a word list.
    Text(String),
    /// An atom's or symbol's name.
    Symbol(String),
    /// A number in its shortest decimal form (`1_000` and `1000.0` are both `1000`).
    Number(String),
    True,
    False,
    Nil,
    /// An empty list, array or tuple, with how many of its kind hold it alone, one inside
    /// another: `[]` is `Empty(0)`, `[[[]]]` `Empty(2)` (flatten-array's "flattens a nested
    /// array" is not "empty").
    Empty(usize),
    /// A call that expects an error (`assert_raise`, `pytest.raises`).
    Raises,
    /// The name of a function or method called, lower case without `_`, `?` or `!`
    /// (`leap_year?` is `leapyear`, as a canonical property `leapYear` is).
    Call(String),
}

/// What a file's literals are, and where names bound to values are defined and used.
#[derive(Debug, Default)]
pub struct Literals {
    /// Each literal with its byte offset, in document order.
    pub values: Vec<(usize, Literal)>,
    /// A name bound to a value (`@pattern "MMmMMMm"`, `PATTERN = "MMmMMMm"`): the name and
    /// the value's byte range.
    pub bindings: Vec<(String, Range<usize>)>,
    /// A use of a bound name, with its byte offset, in document order.
    pub uses: Vec<(usize, String)>,
    /// The byte range of an assertion's expected value written before what it asserts
    /// (Minitest's `assert_equal expected, actual`; the error of `assertRaises`,
    /// `assert_raise`), with where that value is read: at the assertion's end, after what it
    /// asserts, as a case gives its input before its expected value. In document order; the
    /// ranges do not overlap (each is an argument or the head of its own assertion).
    pub read_later: Vec<(Range<usize>, usize)>,
}

impl Literals {
    /// Where the literal at byte `at` is read: where it is, or later (see `read_later`).
    pub fn read_at(&self, at: usize) -> usize {
        let after = self
            .read_later
            .partition_point(|(range, _)| range.start <= at);
        match after.checked_sub(1).map(|i| &self.read_later[i]) {
            Some((range, end)) if range.contains(&at) => *end,
            _ => at,
        }
    }
}

/// For each of `targets`, how many collections of its own kind hold it alone, one inside
/// another: 2 for the innermost `[]` of `[[[]]]`. One walk down from `root` into the nodes
/// that hold a target, keeping the path: a node's `parent` searches down from the root at each
/// call, so walking up from a node nested N deep would cost N² (10,000 nested brackets took
/// 6.9 s). Each node is stepped over at most once.
fn nested_alone(root: Node, targets: &[Node]) -> Vec<usize> {
    let mut depths = vec![0; targets.len()];
    let mut starts: Vec<usize> = targets.iter().map(Node::start_byte).collect();
    starts.sort_unstable();
    let holds_a_target = |node: Node| {
        let from = starts.partition_point(|&start| start < node.start_byte());
        starts
            .get(from)
            .is_some_and(|&start| start < node.end_byte())
    };
    let mut index: HashMap<usize, Vec<usize>> = HashMap::new();
    for (i, target) in targets.iter().enumerate() {
        index.entry(target.id()).or_default().push(i);
    }
    let mut cursor = root.walk();
    // The kind, named children and depth of each node from the root down to the cursor's
    // parent; the depth of the cursor's node.
    let mut path: Vec<(&str, usize, usize)> = Vec::new();
    let mut depth = 0;
    loop {
        let node = cursor.node();
        for &i in index.get(&node.id()).into_iter().flatten() {
            depths[i] = depth;
        }
        if holds_a_target(node) && cursor.goto_first_child() {
            path.push((node.kind(), node.named_child_count(), depth));
        } else {
            while !cursor.goto_next_sibling() {
                if !cursor.goto_parent() {
                    return depths;
                }
                path.pop();
            }
        }
        let (kind, named, outer) = path[path.len() - 1];
        depth = if kind == cursor.node().kind() && named == 1 {
            outer + 1
        } else {
            0
        };
    }
}

/// The literals of `source`.
pub fn extract(language: &Language, analysis: &Analysis, source: &[u8]) -> Literals {
    let Some(tree) = analysis.tree() else {
        return Literals::default();
    };
    let query = language.literals_query();
    let names = query.capture_names();
    let text = |node: Node| String::from_utf8_lossy(&source[node.byte_range()]).into_owned();
    let mut found_all = Literals::default();
    let literals = &mut found_all.values;
    // Where nodes start whose own value is no data (`args[0]`'s index).
    let mut not_data = HashSet::new();
    // Where numbers are: `-4` is one number, its digits no number of their own.
    let mut numbers = Vec::new();
    // Functions the test writes (`lambda x: x + 1`): their literals and calls are code.
    let mut code: Vec<Range<usize>> = Vec::new();
    // Empty lists, by their place in `literals`: how deep each is is worked out at the end.
    let mut empties: Vec<(usize, Node)> = Vec::new();
    for found in query.matches(tree.root_node(), source) {
        let named = |capture: &str| {
            found
                .captures
                .iter()
                .find(|c| names[c.index as usize] == capture)
                .map(|c| c.node)
        };
        if let (Some(name), Some(value)) = (named("binding.name"), named("binding.value")) {
            found_all.bindings.push((text(name), value.byte_range()));
        }
        if let (Some(value), Some(assertion)) =
            (named("expected.before"), named("expected.assertion"))
        {
            found_all
                .read_later
                .push((value.byte_range(), assertion.end_byte()));
        }
        for capture in &found.captures {
            let node = capture.node;
            let at = node.start_byte();
            let literal = match names[capture.index as usize].as_str() {
                "binding.use" => {
                    found_all.uses.push((at, text(node)));
                    continue;
                }
                "literal.not" => {
                    not_data.insert(at);
                    continue;
                }
                "literal.code" => {
                    code.push(node.byte_range());
                    continue;
                }
                "literal.text" => {
                    let value = string_value(language, node, source);
                    // A text of numbers alone (a matrix written "9 8 7\n5 3 2") is those
                    // numbers too.
                    let tokens: Vec<&str> = value
                        .split(|c: char| c.is_whitespace() || c == ',')
                        .filter(|t| !t.is_empty())
                        .collect();
                    if tokens.len() >= 2 && tokens.iter().all(|t| number(t).is_some()) {
                        literals.extend(
                            tokens
                                .iter()
                                .filter_map(|t| number(t))
                                .map(|n| (at, Literal::Number(n))),
                        );
                    }
                    Literal::Text(value)
                }
                "literal.words" => {
                    // Its words: a string's content split at white space (Elixir's `~w(a b)`),
                    // or the node's own word nodes (Ruby's `%w[a b]`).
                    let words: Vec<String> = if is_content(language, node.kind()) {
                        text(node).split_whitespace().map(str::to_string).collect()
                    } else {
                        let mut cursor = node.walk();
                        node.named_children(&mut cursor)
                            .map(|word| string_value(language, word, source))
                            .collect()
                    };
                    for word in &words {
                        literals.push((at, Literal::Text(word.clone())));
                    }
                    // No words are the empty list (Ruby's `%w[]`), not only the empty text.
                    if words.is_empty() {
                        literals.push((at, Literal::Empty(0)));
                    }
                    // The list as one text too: a case may give it as one string.
                    Literal::Text(words.join(" "))
                }
                "literal.symbol" => {
                    let trim: &[char] = &language
                        .facts
                        .literals
                        .symbol_trim
                        .chars()
                        .collect::<Vec<_>>();
                    Literal::Symbol(text(node).trim_matches(trim).to_string())
                }
                "literal.number" => match number(&text(node)) {
                    Some(number) => {
                        numbers.push(node.byte_range());
                        Literal::Number(number)
                    }
                    None => continue,
                },
                "literal.date" => {
                    let first_month = language.facts.literals.first_month;
                    let Some((date, time)) = date_value(node, source, first_month) else {
                        continue;
                    };
                    if let Some(time) = time {
                        literals.push((at, Literal::Text(format!("{date}T{time}"))));
                    }
                    Literal::Text(date)
                }
                // An assertion that its subject is true, false or nil: that value, placed
                // after what it asserts, as an expected value follows its input.
                "expects.true" | "expects.false" | "expects.nil" | "expects.empty" => {
                    let value = match names[capture.index as usize].as_str() {
                        "expects.true" => Literal::True,
                        "expects.false" => Literal::False,
                        "expects.empty" => Literal::Empty(0),
                        _ => Literal::Nil,
                    };
                    literals.push((node.end_byte().saturating_sub(1), value));
                    continue;
                }
                "literal.true" => Literal::True,
                "literal.false" => Literal::False,
                "literal.nil" => Literal::Nil,
                "literal.empty" => {
                    empties.push((literals.len(), node));
                    Literal::Empty(0)
                }
                "literal.raises" => Literal::Raises,
                "literal.call" => Literal::Call(call_name(&text(node))),
                _ => continue,
            };
            literals.push((at, literal));
        }
    }
    let nodes: Vec<Node> = empties.iter().map(|(_, node)| *node).collect();
    for ((i, _), depth) in empties.iter().zip(nested_alone(tree.root_node(), &nodes)) {
        literals[*i].1 = Literal::Empty(depth);
    }
    // Numbers do not overlap but for a sign around its digits: the number starting last
    // before `at` is the only one that can hold it.
    numbers.sort_by_key(|n: &Range<usize>| n.start);
    let digits_of_a_number = |at: usize, literal: &Literal| {
        let before = numbers.partition_point(|n| n.start < at);
        matches!(literal, Literal::Number(_)) && before > 0 && at < numbers[before - 1].end
    };
    let in_code = |at: usize| code.iter().any(|function| function.contains(&at));
    literals.retain(|(at, literal)| {
        !not_data.contains(at) && !digits_of_a_number(*at, literal) && !in_code(*at)
    });
    literals.sort_by_key(|(at, _)| *at);
    found_all.uses.sort_by_key(|(at, _)| *at);
    found_all.read_later.sort_by_key(|(range, _)| range.start);
    found_all
}

/// Whether nodes of `kind` are literal text inside a string (`[strings]` and `[literals]`
/// content kinds of the language's grammar facts).
fn is_content(language: &Language, kind: &str) -> bool {
    let facts = &language.facts;
    facts.strings.content.iter().any(|k| k == kind)
        || facts.literals.content.iter().any(|k| k == kind)
}

/// The value of a string-like node: its content children, escapes decoded, interpolations
/// left out; a node that is itself content is its text.
fn string_value(language: &Language, node: Node, source: &[u8]) -> String {
    let facts = &language.facts;
    let is_content = |kind: &str| is_content(language, kind);
    let is_escape = |kind: &str| facts.strings.escape.iter().any(|k| k == kind);
    let mut value = String::new();
    // The delimiter before the content: a sigil's content node is captured alone, right after
    // its delimiter. (Its bytes are read, not its previous sibling, which is searched for down
    // from the root: a cost as deep as the node is, for every string.)
    let opening = if is_content(node.kind()) {
        push_content(&mut value, node, source, &is_escape);
        let before = &source[..node.start_byte()];
        let heredoc = facts.strings.heredoc.iter();
        heredoc.map(String::as_bytes).find(|h| before.ends_with(h))
    } else {
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            if is_content(child.kind()) {
                push_content(&mut value, child, source, &is_escape);
            } else if is_escape(child.kind()) {
                value.push_str(&unescape(&String::from_utf8_lossy(
                    &source[child.byte_range()],
                )));
            }
        }
        node.child(0).map(|open| &source[open.byte_range()])
    };
    // A heredoc's value leaves out its opening line break and the indentation of its closing
    // line, as a test name's does (Elixir's `"""`, `~c"""`).
    if opening.is_some_and(|open| facts.strings.heredoc.iter().any(|h| h.as_bytes() == open)) {
        let mut text = Name::literal(&value);
        text.dedent_heredoc();
        return text.display();
    }
    value
}

/// A content node's text, with the escapes some grammars nest in it (tree-sitter-python's
/// `string_content` holds its `escape_sequence`s) decoded.
fn push_content(
    value: &mut String,
    content: Node,
    source: &[u8],
    is_escape: &dyn Fn(&str) -> bool,
) {
    let mut at = content.start_byte();
    let mut cursor = content.walk();
    for escape in content
        .named_children(&mut cursor)
        .filter(|c| is_escape(c.kind()))
    {
        value.push_str(&String::from_utf8_lossy(&source[at..escape.start_byte()]));
        value.push_str(&unescape(&String::from_utf8_lossy(
            &source[escape.byte_range()],
        )));
        at = escape.end_byte();
    }
    value.push_str(&String::from_utf8_lossy(&source[at..content.end_byte()]));
}

/// A date written as its numbers (Erlang's `{{2011, 4, 25}, {22, 0, 0}}`, Python's
/// `datetime(2011, 4, 25, 22, 0)`): the integers among the node's children and theirs, in
/// order, read as year, month, day and, when there are more, hour, minute and second. Gives
/// the ISO text of the date, and of the date and time when the time is written: the
/// spellings canonical data uses. None unless there are three to six integers that make a
/// plausible date.
/// `first_month` is how the date writes January (JavaScript's `new Date(2013, 4, 13)` is 13
/// May: its months count from 0).
fn date_value(node: Node, source: &[u8], first_month: u32) -> Option<(String, Option<String>)> {
    let mut numbers = Vec::new();
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        let mut inner = child.walk();
        let nested: Vec<Node> = child.named_children(&mut inner).collect();
        for part in if nested.is_empty() {
            vec![child]
        } else {
            nested
        } {
            let text = String::from_utf8_lossy(&source[part.byte_range()]);
            numbers.push(number(&text)?.parse::<u32>().ok()?);
        }
    }
    let [year, month, day, ..] = numbers[..] else {
        return None;
    };
    let month = (month + 1).checked_sub(first_month)?;
    let time = &numbers[3..];
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || time.len() > 3 {
        return None;
    }
    let [hour, minute, second] = [0, 1, 2].map(|i| time.get(i).copied().unwrap_or(0));
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let date = format!("{year:04}-{month:02}-{day:02}");
    let time = (!time.is_empty()).then(|| format!("{hour:02}:{minute:02}:{second:02}"));
    Some((date, time))
}

/// A function's name as a property is compared with it: lower case, letters and digits only.
pub fn call_name(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// A number literal in its shortest decimal form: digit separators dropped, `0x`/`0o`/`0b`
/// read, and an integral float written as an integer.
pub fn number(text: &str) -> Option<String> {
    let digits: String = text
        .chars()
        .filter(|c| *c != '_' && !c.is_whitespace())
        .collect();
    let digits = digits.trim_start_matches('+');
    let radix = match digits.get(..2) {
        Some("0x" | "0X") => Some(16),
        Some("0o" | "0O") => Some(8),
        Some("0b" | "0B") => Some(2),
        _ => None,
    };
    if let Some(radix) = radix {
        return i128::from_str_radix(&digits[2..], radix)
            .ok()
            .map(|n| n.to_string());
    }
    if let Ok(integer) = digits.parse::<i128>() {
        return Some(integer.to_string());
    }
    let float: f64 = digits.parse().ok()?;
    Some(float_text(float))
}

/// A float as the shortest decimal that reads back as it, integral ones without a fraction.
pub fn float_text(float: f64) -> String {
    if float.fract() == 0.0 && float.abs() < 1e18 {
        format!("{}", float as i128)
    } else {
        format!("{float}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::syntax::analyze;

    fn literals(language: &str, source: &str) -> Vec<Literal> {
        let language = Language::by_name(language).unwrap();
        let analysis = analyze(language, source.as_bytes());
        extract(language, &analysis, source.as_bytes())
            .values
            .into_iter()
            .map(|(_, literal)| literal)
            .collect()
    }

    fn text(s: &str) -> Literal {
        Literal::Text(s.to_string())
    }

    #[test]
    fn names_bound_to_values_are_found_with_their_uses() {
        for (language, source) in [
            (
                "elixir",
                "@scale \"MMm\"\ntest \"x\" do\n  f(@scale)\nend\n",
            ),
            ("ruby", "SCALE = 'MMm'\ndef test_x\n  f(SCALE)\nend\n"),
            ("python", "SCALE = 'MMm'\ndef test_x():\n    f(SCALE)\n"),
        ] {
            let grammar = Language::by_name(language).unwrap();
            let analysis = analyze(grammar, source.as_bytes());
            let found = extract(grammar, &analysis, source.as_bytes());
            let (name, range) = &found.bindings[0];
            assert_eq!(name.to_lowercase(), "scale", "{language}");
            assert!(source[range.clone()].contains("MMm"), "{language}");
            assert!(
                found.uses.iter().any(|(_, used)| used == name),
                "{language}: {found:?}"
            );
        }
    }

    #[test]
    fn the_index_that_reads_an_error_message_is_no_data() {
        let found = literals(
            "python",
            "def test_x(self):\n    with self.assertRaises(ValueError) as err:\n        f(7)\n    \
             self.assertEqual(err.exception.args[0], \"bad\")\n    self.assertEqual(rows[0], 1)\n",
        );
        assert!(found.contains(&text("bad")), "{found:?}");
        assert!(found.contains(&Literal::Number("7".into())), "{found:?}");
        // `rows[0]` is a test's own index, which may be a case's data: kept.
        let zeros = found.iter().filter(|l| **l == Literal::Number("0".into()));
        assert_eq!(zeros.count(), 1, "{found:?}");
    }

    #[test]
    fn assertions_are_not_the_functions_a_test_calls() {
        // A test's functions tell which function the track tests a case through; every test
        // asserts, so an assertion tells none.
        for (language, source, function) in [
            (
                "elixir",
                "assert Dna.histogram(~c\"G\") == 1\nrefute f(2)\n",
                "histogram",
            ),
            (
                "ruby",
                "assert_equal 1, Dna.histogram('G')\nrefute f(2)\n",
                "histogram",
            ),
            (
                "python",
                "self.assertEqual(histogram('G'), 1)\nself.assertFalse(f(2))\n",
                "histogram",
            ),
        ] {
            let calls: Vec<Literal> = literals(language, source)
                .into_iter()
                .filter(|l| matches!(l, Literal::Call(_)))
                .collect();
            assert_eq!(
                calls,
                [Literal::Call(function.into()), Literal::Call("f".into())],
                "{language}"
            );
        }
    }

    #[test]
    fn a_text_of_numbers_alone_is_those_numbers_too() {
        let found = literals("elixir", "assert f(\"9 8\\n7, -6\") == 1\n");
        for n in ["9", "8", "7", "-6"] {
            assert!(found.contains(&Literal::Number(n.into())), "{n}: {found:?}");
        }
        assert!(!literals("elixir", "f(\"9 lives\")").contains(&Literal::Number("9".into())));
    }

    #[test]
    fn negative_numbers_are_read_with_their_sign() {
        for (language, source) in [
            ("elixir", "assert f(3) == -4\n"),
            ("ruby", "assert_equal(-4, f(3))\n"),
            ("python", "assert f(3) == -4\n"),
        ] {
            let found = literals(language, source);
            assert!(
                found.contains(&Literal::Number("-4".into())),
                "{language}: {found:?}"
            );
            // `square(-1)` is no test of square 1.
            assert!(
                !found.contains(&Literal::Number("4".into())),
                "{language}: {found:?}"
            );
        }
    }

    #[test]
    fn dates_written_as_numbers_are_read_as_iso_text() {
        for (language, source) in [
            ("elixir", "assert f({{2011, 4, 25}, {22, 0, 5}}) == :ok\n"),
            ("python", "assert f(datetime(2011, 4, 25, 22, 0, 5)) == 1\n"),
            (
                "ruby",
                "assert_equal 1, f(Time.utc(2011, 4, 25, 22, 0, 5))\n",
            ),
            // JavaScript's Date counts months from 0: 3 is April.
            (
                "javascript",
                "expect(f(new Date(2011, 3, 25, 22, 0, 5))).toBe(1);\n",
            ),
        ] {
            let found = literals(language, source);
            for text in ["2011-04-25", "2011-04-25T22:00:05"] {
                assert!(
                    found.contains(&Literal::Text(text.into())),
                    "{language} {text}: {found:?}"
                );
            }
        }
        // A date alone has no time; a tuple of numbers that is no date is no date.
        let found = literals("elixir", "f({2013, 5, 13}, {0, 0, 0}, {2013, 13, 1})\n");
        assert!(
            found.contains(&Literal::Text("2013-05-13".into())),
            "{found:?}"
        );
        let texts: Vec<_> = found
            .iter()
            .filter(|l| matches!(l, Literal::Text(_)))
            .collect();
        assert_eq!(texts.len(), 1, "{found:?}");
    }

    #[test]
    fn a_word_list_is_its_words_and_the_text_they_make() {
        for (language, source) in [
            ("elixir", "assert f(~w(4S 5H JC)) == 1\n"),
            ("ruby", "assert_equal 1, f(%w[4S 5H JC])\n"),
        ] {
            let found = literals(language, source);
            for value in ["4S", "5H", "JC", "4S 5H JC"] {
                assert!(
                    found.contains(&text(value)),
                    "{language} {value}: {found:?}"
                );
            }
        }
    }

    #[test]
    fn an_empty_list_counts_the_lists_of_its_kind_that_hold_it_alone() {
        for (language, source) in [
            ("elixir", "assert f([[[]]], [[], []], {[]}) == []\n"),
            ("ruby", "assert_equal [], f([[[]]], [[], []], {a: []})\n"),
            ("python", "assert f([[[]]], [[], []], ([],)) == []\n"),
        ] {
            let mut found = literals(language, source);
            found.retain(|literal| matches!(literal, Literal::Empty(_)));
            found.sort();
            use Literal::Empty;
            assert_eq!(
                found,
                [Empty(0), Empty(0), Empty(0), Empty(0), Empty(2)],
                "{language}"
            );
        }
    }

    #[test]
    fn an_assert_that_something_is_empty_expects_the_empty_list_after_it() {
        // Minitest's `assert_empty flat_array` (flatten-array's "all values in nested array
        // are null", expecting []).
        let found = literals("ruby", "assert_empty FlattenArray.flatten([nil, 1])\n");
        assert_eq!(found.last(), Some(&Literal::Empty(0)), "{found:?}");
        assert!(found.contains(&Literal::Number("1".into())), "{found:?}");
        // `refute_empty` expects no empty list.
        let found = literals("ruby", "refute_empty f([1])\n");
        assert!(!found.contains(&Literal::Empty(0)), "{found:?}");
    }

    #[test]
    fn a_word_list_of_no_words_is_the_empty_list() {
        // Ruby's `%w[]` (anagram's expected list of no words).
        let found = literals("ruby", "assert_equal %w[], f(1)\n");
        assert!(found.contains(&Literal::Empty(0)), "{found:?}");
    }

    #[test]
    fn an_assert_of_a_call_expects_true_after_it_and_an_assert_of_a_comparison_nothing() {
        for (language, call, comparison) in [
            (
                "elixir",
                "assert Pangram.pangram?(\"abc\")\n",
                "assert f(1) == 2\n",
            ),
            (
                "ruby",
                "assert Pangram.pangram?(\"abc\")\n",
                "assert_equal 2, f(1)\n",
            ),
            (
                "python",
                "self.assertTrue(is_pangram(\"abc\"))\n",
                "self.assertEqual(f(1), 2)\n",
            ),
        ] {
            // True, after what the test asserts it of, as an expected value follows its input.
            let found = literals(language, call);
            assert_eq!(found.last(), Some(&Literal::True), "{language}: {found:?}");
            assert!(found.contains(&text("abc")), "{language}: {found:?}");
            let found = literals(language, comparison);
            assert!(!found.contains(&Literal::True), "{language}: {found:?}");
        }
    }

    #[test]
    fn an_empty_sigil_is_the_empty_text() {
        let found = literals("elixir", "assert f(~c\"\", ~s(), ~c\"ab\", ~w()) == 1\n");
        let empty = found.iter().filter(|l| **l == text("")).count();
        assert_eq!(empty, 2, "{found:?}");
        assert!(found.contains(&text("ab")), "{found:?}");
    }

    #[test]
    fn numbers_compare_equal_however_they_are_spelled() {
        assert_eq!(number("1_000_000").as_deref(), Some("1000000"));
        assert_eq!(number("1000.0").as_deref(), Some("1000"));
        assert_eq!(number("0x1F").as_deref(), Some("31"));
        assert_eq!(number("2.5").as_deref(), Some("2.5"));
        assert_eq!(number("abc"), None);
    }

    #[test]
    fn elixir_literals_are_read_in_elixir_spelling() {
        let found = literals(
            "elixir",
            r#"assert f(:north, ~c"ab", ~w(x y), ~D[2013-05-13], 1_000, nil) == {:error, "bad\n"}
assert_raise ArgumentError, fn -> f(true) end"#,
        );
        for expected in [
            Literal::Symbol("north".into()),
            text("ab"),
            text("x"),
            text("y"),
            text("2013-05-13"),
            Literal::Number("1000".into()),
            Literal::Nil,
            Literal::Symbol("error".into()),
            text("bad\n"),
            Literal::Raises,
            Literal::True,
        ] {
            assert!(found.contains(&expected), "{expected:?} not in {found:?}");
        }
    }

    #[test]
    fn the_ok_of_an_elixir_success_tuple_is_no_value() {
        let found = literals("elixir", "assert f(:ok) == {:ok, 2}\nassert g() == {:ok}\n");
        assert!(found.contains(&Literal::Number("2".into())), "{found:?}");
        // Only the tag of a tuple with a value: `:ok` alone, or passed, is a value.
        let oks = found
            .iter()
            .filter(|l| **l == Literal::Symbol("ok".into()))
            .count();
        assert_eq!(oks, 2, "{found:?}");
    }

    #[test]
    fn an_elixir_heredoc_is_read_without_its_opening_line_and_indentation() {
        let found = literals(
            "elixir",
            "    assert f(\"\"\"\n    +-+\n    \\s\n    \"\"\") == ~c\"\"\"\n      x\n      \"\"\"\n",
        );
        // `\s` is a space of the text, not indentation.
        assert!(found.contains(&text("+-+\n \n")), "{found:?}");
        assert!(found.contains(&text("x\n")), "{found:?}");
    }

    #[test]
    fn ruby_and_python_literals_are_read_in_their_spelling() {
        let ruby = literals(
            "ruby",
            "assert_raises(ArgumentError) { f(%w[a b], :sym, key: 2, <<~T) }\n  line one\nT\n",
        );
        for expected in [
            text("a"),
            text("b"),
            Literal::Symbol("sym".into()),
            Literal::Symbol("key".into()),
            Literal::Number("2".into()),
            Literal::Raises,
        ] {
            assert!(ruby.contains(&expected), "{expected:?} not in {ruby:?}");
        }
        let heredoc = |l: &Literal| matches!(l, Literal::Text(t) if t.trim() == "line one");
        assert!(ruby.iter().any(heredoc), "no heredoc in {ruby:?}");
        let python = literals(
            "python",
            "with self.assertRaises(ValueError):\n    f('x', 1_0.0, None, False, 'a\\tb\\n')\n",
        );
        for expected in [
            text("x"),
            text("a\tb\n"),
            Literal::Number("10".into()),
            Literal::Nil,
            Literal::False,
            Literal::Raises,
        ] {
            assert!(python.contains(&expected), "{expected:?} not in {python:?}");
        }
    }
}
