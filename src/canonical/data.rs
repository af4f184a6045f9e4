//! The two files that say which cases an exercise implements: problem-specifications'
//! `canonical-data.json` (the cases, nested in groups) and the track's `.meta/tests.toml`
//! (the uuids it takes, `include = false` for those it leaves out).

use std::collections::HashMap;

use serde_json::Value;

use crate::source::literals::{Literal, float_text};

/// One case of canonical-data.json, flattened out of its groups.
#[derive(Debug, Clone)]
pub struct Case {
    pub uuid: String,
    /// The descriptions of its groups and its own, joined by " > ".
    pub description: String,
    /// Its own description, without the groups'.
    pub own_description: String,
    pub property: String,
    pub reimplements: Option<String>,
    pub input: Value,
    pub expected: Value,
    /// The literal values of its input and expected value: what a test of it must contain.
    pub leaves: Vec<Literal>,
    /// The same in the order the case gives them, repeats kept: two cases with the same
    /// values in another order (`[1, 1, 1, 3, 5]`, `[3, 1, 1, 5, 1]`) differ here.
    pub sequence: Vec<Literal>,
    /// How many of `sequence`'s values, the first ones, are the input's.
    pub inputs: usize,
    /// How `sequence`'s values nest in the case's input and expected value.
    pub shape: Shape,
    /// The keys of objects in its data: evidence when a test has them (word counts), not
    /// when it does not (a record's field names).
    pub keys: Vec<Literal>,
    /// Its expected value as lines of text, when it is a text or a list of texts: a verse of
    /// a song, which a test of the whole song holds among the song's other lines.
    pub expected_lines: Vec<String>,
}

impl Case {
    /// Whether the case states a check rather than data: its expected value is an
    /// expression over names (`"score >= 3 && score <= 18"`, `"secretA == secretB"`,
    /// `"cipher.key.substring(0, plaintext.length)"`) or describes a property of the result
    /// (`{"random": true}`, `{"match": "^[a-z]+$"}`, bounds, a kind of year) instead of being
    /// it. No test can hold such a case's data; a reader must see whether a test checks the
    /// same thing.
    pub fn states_check(&self) -> bool {
        const PROPERTY_KEYS: [&str; 5] = ["random", "match", "greaterThan", "lessThan", "leapYear"];
        fn keys_of(value: &Value, keys: &mut Vec<String>) {
            match value {
                Value::Object(map) => map.iter().for_each(|(k, v)| {
                    keys.push(k.clone());
                    keys_of(v, keys)
                }),
                Value::Array(items) => items.iter().for_each(|v| keys_of(v, keys)),
                _ => {}
            }
        }
        fn leaves(value: &Value, out: &mut Vec<Value>) {
            match value {
                Value::Object(map) => map.values().for_each(|v| leaves(v, out)),
                Value::Array(items) => items.iter().for_each(|v| leaves(v, out)),
                other => out.push(other.clone()),
            }
        }
        if self.expected.get("error").is_some() {
            return false;
        }
        let mut keys = Vec::new();
        keys_of(&self.expected, &mut keys);
        if keys.iter().any(|k| PROPERTY_KEYS.contains(&k.as_str())) {
            return true;
        }
        let mut values = Vec::new();
        leaves(&self.expected, &mut values);
        !values.is_empty() && values.iter().all(|v| v.as_str().is_some_and(is_expression))
    }

    /// The descriptions of its groups, each followed by " > " (`count > `); empty for a case
    /// outside any group.
    pub fn groups(&self) -> &str {
        self.description
            .strip_suffix(self.own_description.as_str())
            .unwrap_or("")
    }
}

/// How a case's values nest, as indexes into its `sequence`: the order of a list's items is
/// data, the order of an object's members is not. JSON objects are unordered, and a test
/// writes a record's fields in its own order (`%{row: 3, column: 7}` for `{"column": 7,
/// "row": 3}`).
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Value(usize),
    /// Items in order.
    List(Vec<Shape>),
    /// Members in any order.
    Record(Vec<Shape>),
}

impl Shape {
    /// The sequence's indexes in the shape's order, each record's members arranged by `key`
    /// (stable: members with equal keys keep the case's order).
    pub fn arranged(&self, key: &dyn Fn(&Shape) -> usize, out: &mut Vec<usize>) {
        match self {
            Shape::Value(i) => out.push(*i),
            Shape::List(items) => items.iter().for_each(|item| item.arranged(key, out)),
            Shape::Record(members) => {
                let mut members: Vec<&Shape> = members.iter().collect();
                members.sort_by_cached_key(|member| key(member));
                members.iter().for_each(|member| member.arranged(key, out));
            }
        }
    }

    /// The first of the sequence's indexes this shape holds, in the case's order, if any.
    pub fn first(&self) -> Option<usize> {
        match self {
            Shape::Value(i) => Some(*i),
            Shape::List(items) | Shape::Record(items) => items.iter().find_map(Shape::first),
        }
    }
}

/// Reads canonical-data.json: every case, in the file's order.
pub fn canonical_cases(content: &[u8]) -> Result<Vec<Case>, String> {
    cases_of(content, true)
}

/// Reads a track's `.meta/additional_tests.json`, canonical data's shape. Most of its cases
/// have no uuid (tests.toml cannot list them, yet the track's generator makes a test of each):
/// such a case's `uuid` is empty.
pub fn additional_cases(content: &[u8]) -> Result<Vec<Case>, String> {
    cases_of(content, false)
}

fn cases_of(content: &[u8], uuids_required: bool) -> Result<Vec<Case>, String> {
    let json: Value = serde_json::from_slice(content).map_err(|e| format!("not JSON ({e})"))?;
    let Some(cases) = json.get("cases").and_then(Value::as_array) else {
        return Err("has no `cases` array".to_string());
    };
    let mut flat = Vec::new();
    flatten(cases, &[], uuids_required, &mut flat)?;
    Ok(flat)
}

fn flatten(
    cases: &[Value],
    groups: &[String],
    uuids_required: bool,
    flat: &mut Vec<Case>,
) -> Result<(), String> {
    for case in cases {
        let description = text_field(case, "description")?.unwrap_or("").to_string();
        if let Some(inner) = case.get("cases").and_then(Value::as_array) {
            let mut path = groups.to_vec();
            path.push(description);
            flatten(inner, &path, uuids_required, flat)?;
            continue;
        }
        let uuid = match text_field(case, "uuid")? {
            Some(uuid) => uuid,
            None if !uuids_required => "",
            None => return Err(format!("the case \"{description}\" has no uuid")),
        };
        let input = case.get("input").cloned().unwrap_or(Value::Null);
        let expected = case.get("expected").cloned().unwrap_or(Value::Null);
        let (mut leaves, mut keys) = (Vec::new(), Vec::new());
        // The input's own keys are parameter names; keys deeper down may be data. Parameters
        // that are single values come in any order (`Allergies(0).allergic_to("eggs")` for
        // `{"item": "eggs", "score": 0}`), and so do parameters no two of which are of one
        // kind (prism's `find_sequence(prisms, start)` for `{"start": {…}, "prisms": […]}`);
        // else they keep theirs, which tells `append(list1, list2)` from `append(list2,
        // list1)`, and all-your-base's input base from its output base around the digits.
        let input_shape = match &input {
            Value::Object(map) => {
                let members = map
                    .values()
                    .map(|v| leaves_of(v, &mut leaves, &mut keys))
                    .collect();
                if map.values().all(|v| !v.is_array() && !v.is_object()) || kinds_differ(map) {
                    Shape::Record(members)
                } else {
                    Shape::List(members)
                }
            }
            other => leaves_of(other, &mut leaves, &mut keys),
        };
        let inputs = leaves.len();
        let shape = Shape::List(vec![
            input_shape,
            leaves_of(&expected, &mut leaves, &mut keys),
        ]);
        let sequence = leaves.clone();
        leaves.sort();
        leaves.dedup();
        keys.sort();
        keys.dedup();
        keys.retain(|key| !leaves.contains(key));
        let path: Vec<&str> = groups
            .iter()
            .map(String::as_str)
            .chain([description.as_str()])
            .collect();
        flat.push(Case {
            uuid: uuid.to_string(),
            description: path.join(" > "),
            own_description: description.clone(),
            property: text_field(case, "property")?.unwrap_or("").to_string(),
            reimplements: text_field(case, "reimplements")?.map(str::to_string),
            input,
            leaves,
            sequence,
            inputs,
            shape,
            keys,
            expected_lines: text_lines(&expected),
            expected,
        });
    }
    Ok(())
}

/// A case's (or group's) member `key` when it is text; none when it is absent; an error
/// naming the case when it is anything else (`"reimplements": 42`).
fn text_field<'a>(case: &'a Value, key: &str) -> Result<Option<&'a str>, String> {
    match case.get(key) {
        None => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(other) => {
            let case = ["uuid", "description"]
                .iter()
                .find_map(|name| case.get(name).and_then(Value::as_str))
                .map_or(String::new(), |name| format!(" \"{name}\""));
            Err(format!(
                "the case{case} has a `{key}` that is not a string but {}",
                json_kind(other)
            ))
        }
    }
}

/// What kind of JSON value `value` is, in a few words.
pub fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Whether no two of an object's members are of one kind of JSON value (numbers, texts, lists,
/// objects, …): a test passing them in its own order can swap none for another.
fn kinds_differ(map: &serde_json::Map<String, Value>) -> bool {
    let kind = |value: &Value| match value {
        Value::Null => 0,
        Value::Bool(_) => 1,
        Value::Number(_) => 2,
        Value::String(_) => 3,
        Value::Array(_) => 4,
        Value::Object(_) => 5,
    };
    let mut seen = [false; 6];
    map.values()
        .all(|value| !std::mem::replace(&mut seen[kind(value)], true))
}

/// The lines of a text, or of a list of texts; none for any other value.
fn text_lines(value: &Value) -> Vec<String> {
    match value {
        Value::String(text) => text.lines().map(str::to_string).collect(),
        Value::Array(items) if items.iter().all(Value::is_string) => items
            .iter()
            .filter_map(Value::as_str)
            .flat_map(str::lines)
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

/// The literal values in a JSON value, and its objects' keys as text (`{"error": …}` is found
/// as the atom `:error`); an expected error also counts as a raised one. Gives how the values
/// pushed nest.
fn leaves_of(value: &Value, leaves: &mut Vec<Literal>, keys: &mut Vec<Literal>) -> Shape {
    let mut push = |leaf: Literal| {
        leaves.push(leaf);
        Shape::Value(leaves.len() - 1)
    };
    match value {
        Value::Null => push(Literal::Nil),
        Value::Bool(true) => push(Literal::True),
        Value::Bool(false) => push(Literal::False),
        Value::Number(n) => push(Literal::Number(if n.is_i64() || n.is_u64() {
            n.to_string()
        } else {
            float_text(n.as_f64().unwrap_or(0.0))
        })),
        // problem-specifications writes a function argument as pseudo-code, `(x) -> x * x`,
        // which no test spells that way: it is no value to look for.
        Value::String(s) if is_pseudo_code_function(s) => Shape::List(Vec::new()),
        Value::String(s) => push(Literal::Text(s.clone())),
        // `[[[]]]` is one value, as a test's literals read it.
        Value::Array(items) => match empty_depth(items) {
            Some(depth) => push(Literal::Empty(depth)),
            None => Shape::List(items.iter().map(|v| leaves_of(v, leaves, keys)).collect()),
        },
        Value::Object(map) => {
            let mut members = Vec::new();
            if map.len() == 1 && map.contains_key("error") {
                leaves.push(Literal::Raises);
                members.push(Shape::Value(leaves.len() - 1));
            }
            for (key, v) in map {
                keys.push(Literal::Text(key.clone()));
                members.push(leaves_of(v, leaves, keys));
            }
            Shape::Record(members)
        }
    }
}

/// For an empty array, or one that holds only such an array, how many arrays hold the empty
/// one (`Literal::Empty`).
fn empty_depth(items: &[Value]) -> Option<usize> {
    match items {
        [] => Some(0),
        [Value::Array(inner)] => empty_depth(inner).map(|depth| depth + 1),
        _ => None,
    }
}

/// `(x) -> x * x`, `(acc, el) => el * acc`: a function as canonical data writes one; and
/// `cipher.key.substring(0, expected.length)`: a call on names, which a test computes.
fn is_pseudo_code_function(text: &str) -> bool {
    let function =
        text.trim_start().starts_with('(') && (text.contains(") ->") || text.contains(") =>"));
    let call = text.split_once('(').is_some_and(|(callee, _)| {
        text.ends_with(')')
            && callee.contains('.')
            && callee.split('.').all(|name| {
                name.starts_with(|c: char| c.is_ascii_lowercase())
                    && name.chars().all(|c| c.is_alphanumeric() || c == '_')
            })
    });
    function || call
}

/// Whether a text of canonical data is an expression over names rather than a value: it
/// compares (`==`, `>=`, `&&` …) or it is one read of a member of a name (`cipher.key`,
/// `cipher.key.substring(0, plaintext.length)`); a text with words apart outside its
/// parentheses is prose, whose dotted words are file names (`midsummer-night.txt:5:But I …`).
fn is_expression(text: &str) -> bool {
    const OPERATORS: [&str; 8] = ["==", "!=", ">=", "<=", "&&", "||", " > ", " < "];
    let mut depth = 0usize;
    let one_term = text.trim().chars().all(|c| {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        depth > 0 || !c.is_whitespace()
    });
    let member = one_term
        && text
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.'))
            .any(|word| {
                let mut names = word.split('.');
                word.contains('.')
                    && names.all(|name| {
                        name.starts_with(|c: char| c.is_ascii_alphabetic())
                            && name.chars().all(|c| c.is_alphanumeric() || c == '_')
                    })
            });
    OPERATORS.iter().any(|op| text.contains(op)) || member
}

/// Each uuid's index among `uuids` (a repeated uuid: its last).
pub fn index_by_uuid<'a>(uuids: impl IntoIterator<Item = &'a str>) -> HashMap<&'a str, usize> {
    uuids
        .into_iter()
        .enumerate()
        .map(|(i, uuid)| (uuid, i))
        .collect()
}

/// One entry of tests.toml.
#[derive(Debug, Clone)]
pub struct TomlEntry {
    pub uuid: String,
    pub description: String,
    pub include: bool,
    pub reimplements: Option<String>,
    /// 1-based line of its `[uuid]` header.
    pub line: usize,
}

/// What is wrong with a tests.toml, and the line it is on, where it is on one.
#[derive(Debug, Clone, PartialEq)]
pub struct TomlError {
    pub line: Option<usize>,
    /// What is wrong, starting `line N: ` where it is on a line.
    pub message: String,
}

impl TomlError {
    fn at(line: usize, message: String) -> TomlError {
        TomlError {
            line: Some(line),
            message: format!("line {line}: {message}"),
        }
    }
}

/// Reads tests.toml; an error names the line.
pub fn tests_toml(content: &str) -> Result<Vec<TomlEntry>, TomlError> {
    let table: toml::Table = content.parse().map_err(|e: toml::de::Error| {
        let line = e
            .span()
            .map(|span| line_of(content, span.start))
            .unwrap_or(1);
        TomlError::at(
            line,
            format!("invalid TOML: {}", e.message().lines().next().unwrap_or("")),
        )
    })?;
    if let Some(legacy) = table.get("canonical-tests").and_then(toml::Value::as_table) {
        return legacy_tests_toml(content, legacy);
    }
    let lines = header_lines(content);
    let mut entries = Vec::new();
    for (uuid, value) in &table {
        let line = lines.get(uuid.as_str()).copied().unwrap_or(1);
        if !is_uuid(uuid) {
            return Err(TomlError::at(line, format!("`{uuid}` is not a uuid")));
        }
        let Some(fields) = value.as_table() else {
            return Err(TomlError::at(line, format!("`{uuid}` is not a table")));
        };
        let include = match fields.get("include") {
            None => true,
            Some(toml::Value::Boolean(b)) => *b,
            Some(_) => {
                return Err(TomlError::at(
                    line,
                    format!("`include` of {uuid} is not true or false"),
                ));
            }
        };
        let text = |key: &str| match fields.get(key) {
            None => Ok(None),
            Some(toml::Value::String(text)) => Ok(Some(text.clone())),
            Some(other) => Err(TomlError::at(
                line,
                format!(
                    "`{key}` of {uuid} is not a string but {} {}",
                    if other.type_str().starts_with(['a', 'i']) {
                        "an"
                    } else {
                        "a"
                    },
                    other.type_str()
                ),
            )),
        };
        let reimplements = text("reimplements")?;
        if let Some(old) = reimplements.as_deref().filter(|old| !is_uuid(old)) {
            return Err(TomlError::at(
                line,
                format!("`reimplements` of {uuid} is not a uuid: \"{old}\""),
            ));
        }
        entries.push(TomlEntry {
            uuid: uuid.clone(),
            description: text("description")?.unwrap_or_default(),
            include,
            reimplements,
            line,
        });
    }
    if entries.is_empty() {
        return Err(TomlError {
            line: None,
            message: "lists no cases".to_string(),
        });
    }
    entries.sort_by_key(|e| e.line);
    Ok(entries)
}

/// Reads the tests.toml of configlet's first format (tracks converted it in 2022, so a
/// change since then may have it at its base): one `[canonical-tests]` table of
/// `"<uuid>" = true | false` (whether it is included), each under a comment that is its
/// description.
fn legacy_tests_toml(content: &str, table: &toml::Table) -> Result<Vec<TomlEntry>, TomlError> {
    let lines: Vec<&str> = content.lines().collect();
    let mut entries = Vec::new();
    for (uuid, value) in table {
        let at = lines
            .iter()
            .position(|line| line.trim_start().starts_with(&format!("\"{uuid}\"")));
        let line = at.map_or(1, |at| at + 1);
        if !is_uuid(uuid) {
            return Err(TomlError::at(line, format!("`{uuid}` is not a uuid")));
        }
        let Some(include) = value.as_bool() else {
            return Err(TomlError::at(line, format!("{uuid} is not true or false")));
        };
        let description = at
            .and_then(|at| at.checked_sub(1))
            .and_then(|above| lines[above].trim().strip_prefix('#'))
            .map_or(String::new(), |text| text.trim().to_string());
        entries.push(TomlEntry {
            uuid: uuid.clone(),
            description,
            include,
            reimplements: None,
            line,
        });
    }
    if entries.is_empty() {
        return Err(TomlError {
            line: None,
            message: "lists no cases".to_string(),
        });
    }
    entries.sort_by_key(|e| e.line);
    Ok(entries)
}

/// The line of each `[uuid]` table header.
fn header_lines(content: &str) -> HashMap<&str, usize> {
    content
        .lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let key = line.trim().strip_prefix('[')?.strip_suffix(']')?;
            Some((key.trim().trim_matches('"'), i + 1))
        })
        .collect()
}

fn line_of(content: &str, offset: usize) -> usize {
    content.as_bytes()[..offset.min(content.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// `8-4-4-4-12` hexadecimal digits.
pub fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(g, n)| g.len() == n && g.chars().all(|c| c.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_flattened_with_their_group_path_and_leaves() {
        let cases = canonical_cases(
            br#"{"cases":[{"description":"g","cases":[{"uuid":"u1","description":"c",
            "property":"p","input":{"n":10},"expected":{"error":"bad"}}]}]}"#,
        )
        .unwrap();
        assert_eq!(cases[0].description, "g > c");
        assert!(cases[0].leaves.contains(&Literal::Number("10".into())));
        assert!(cases[0].leaves.contains(&Literal::Raises));
        assert!(cases[0].leaves.contains(&Literal::Text("bad".into())));
        assert!(!cases[0].leaves.contains(&Literal::Text("n".into())));
        assert!(cases[0].keys.contains(&Literal::Text("error".into())));
        assert!(is_pseudo_code_function("(acc, el) -> el * acc"));
        let mut big = Vec::new();
        leaves_of(
            &serde_json::json!(18446744073709551615u64),
            &mut big,
            &mut Vec::new(),
        );
        assert_eq!(big, [Literal::Number("18446744073709551615".into())]);
        assert!(!is_pseudo_code_function("(555) 123-4567"));
        assert!(is_pseudo_code_function(
            "cipher.key.substring(0, plaintext.length)"
        ));
        assert!(!is_pseudo_code_function("iliad.txt"));
        assert!(!is_pseudo_code_function("f(x)"));
    }

    #[test]
    fn an_empty_array_counts_the_arrays_that_hold_it_alone() {
        let leaves = |json: serde_json::Value| {
            let mut leaves = Vec::new();
            leaves_of(&json, &mut leaves, &mut Vec::new());
            leaves
        };
        use Literal::{Empty, Number};
        // flatten-array's "flattens a nested array" is one value, not "empty"'s.
        assert_eq!(leaves(serde_json::json!([[[]]])), [Empty(2)]);
        assert_eq!(leaves(serde_json::json!([])), [Empty(0)]);
        // An array beside others is held by its list, not alone.
        assert_eq!(leaves(serde_json::json!([[], []])), [Empty(0), Empty(0)]);
        assert_eq!(
            leaves(serde_json::json!([[[]], 1])),
            [Empty(1), Number("1".into())]
        );
    }

    #[test]
    fn objects_members_and_parameters_none_of_one_kind_have_no_order_lists_do() {
        let cases = canonical_cases(
            br#"{"cases":[
            {"uuid":"a","description":"a","property":"p","input":{"item":"eggs","score":0},
             "expected":{"start":{"column":1,"row":3}}},
            {"uuid":"b","description":"b","property":"p","input":{"list1":[1],"list2":[]},
             "expected":[1]},
            {"uuid":"c","description":"c","property":"p","input":{"start":{"x":0},"prisms":[7]},
             "expected":[]},
            {"uuid":"d","description":"d","property":"p",
             "input":{"inputBase":2,"digits":[1],"outputBase":10},"expected":[1]}]}"#,
        )
        .unwrap();
        use Shape::{List, Record, Value};
        // An object and a list: neither can stand for the other.
        assert_eq!(
            cases[2].shape,
            List(vec![
                Record(vec![Record(vec![Value(0)]), List(vec![Value(1)])]),
                Value(2),
            ])
        );
        // Two numbers around a list: the bases keep their places.
        assert_eq!(
            cases[3].shape,
            List(vec![
                List(vec![Value(0), List(vec![Value(1)]), Value(2)]),
                List(vec![Value(3)]),
            ])
        );
        assert_eq!(
            cases[0].shape,
            List(vec![
                Record(vec![Value(0), Value(1)]),
                Record(vec![Record(vec![Value(2), Value(3)])]),
            ])
        );
        assert_eq!(
            cases[1].shape,
            List(vec![
                List(vec![List(vec![Value(0)]), Value(1)]),
                List(vec![Value(2)]),
            ])
        );
        // Arranged by a key: the record's members by it, the list's items kept in order.
        let mut arranged = Vec::new();
        cases[0]
            .shape
            .arranged(&|member| usize::from(member == &Value(0)), &mut arranged);
        assert_eq!(arranged, [1, 0, 2, 3]);
        let mut in_order = Vec::new();
        cases[1].shape.arranged(&|_| 0, &mut in_order);
        assert_eq!(in_order, [0, 1, 2]);
        assert_eq!(cases[1].shape.first(), Some(0));
        assert_eq!(
            Shape::List(vec![List(Vec::new()), Value(4)]).first(),
            Some(4)
        );
    }

    #[test]
    fn the_first_format_of_tests_toml_is_read_too() {
        let entries = tests_toml(
            "[canonical-tests]\n\n# fly\n\"751dce68-9412-496e-b6e8-855998c56166\" = true\n\n\
             # spider\n\"6c56f861-0c5e-4907-9a9d-b2efae389379\" = false\n",
        )
        .unwrap();
        let read: Vec<(&str, &str, bool, usize)> = entries
            .iter()
            .map(|e| (&e.uuid[..8], e.description.as_str(), e.include, e.line))
            .collect();
        assert_eq!(
            read,
            [
                ("751dce68", "fly", true, 4),
                ("6c56f861", "spider", false, 7)
            ]
        );
        assert_eq!(
            tests_toml("[canonical-tests]\n\"751dce68-9412-496e-b6e8-855998c56166\" = 1\n")
                .unwrap_err()
                .message,
            "line 2: 751dce68-9412-496e-b6e8-855998c56166 is not true or false"
        );
    }

    #[test]
    fn bad_tests_toml_names_the_line() {
        let error = tests_toml("[a]\ndescription = \"x\"\n[b\n").unwrap_err();
        assert_eq!(error.line, Some(3));
        assert!(error.message.starts_with("line 3:"), "{}", error.message);
        let error = tests_toml("\n[not-a-uuid]\ndescription = \"x\"\n").unwrap_err();
        assert_eq!(error.line, Some(2));
        assert_eq!(error.message, "line 2: `not-a-uuid` is not a uuid");
        let error = tests_toml("# nothing\n").unwrap_err();
        assert_eq!(
            (error.line, error.message.as_str()),
            (None, "lists no cases")
        );
    }

    #[test]
    fn a_case_of_an_expression_or_a_property_states_a_check_a_case_of_values_does_not() {
        let expected = |expected: &str| {
            let json = format!(
                r#"{{"cases":[{{"uuid":"u","description":"d","property":"p","input":{{}},"expected":{expected}}}]}}"#
            );
            canonical_cases(json.as_bytes())
                .unwrap()
                .remove(0)
                .states_check()
        };
        for check in [
            r#""score >= 3 && score <= 18""#,
            r#""secretA == secretB""#,
            r#""cipher.key.substring(0, plaintext.length)""#,
            r#"{"strength": "strength == strength", "dexterity": "dexterity == dexterity"}"#,
            r#"{"random": true}"#,
            r#"{"days": {"random": true}}"#,
            r#"{"match": "^[a-z]+$"}"#,
            r#"{"greaterThan": 1, "lessThan": "p"}"#,
        ] {
            assert!(expected(check), "{check}");
        }
        for data in [
            r#""2043-01-01T01:46:40""#,
            r#"["Of Atreus, Agamemnon, King of men."]"#,
            r#""One for you, one for me.""#,
            r#"{"error": "x == y is not allowed"}"#,
            r#"["midsummer-night.txt:5:But I beseech your grace that I may know"]"#,
            r#"[1, 2]"#,
            r#"true"#,
            r#"{}"#,
        ] {
            assert!(!expected(data), "{data}");
        }
    }

    #[test]
    fn a_value_of_the_wrong_type_is_an_error_naming_it() {
        let uuid = "00000001-0000-4000-8000-000000000001";
        let toml = |field: &str| {
            tests_toml(&format!("\n[{uuid}]\n{field}\n"))
                .unwrap_err()
                .message
        };
        assert_eq!(
            toml("description = 5"),
            format!("line 2: `description` of {uuid} is not a string but an integer")
        );
        assert_eq!(
            toml("reimplements = 42"),
            format!("line 2: `reimplements` of {uuid} is not a string but an integer")
        );
        assert_eq!(
            toml("reimplements = \"the old one\""),
            format!("line 2: `reimplements` of {uuid} is not a uuid: \"the old one\"")
        );
        let case = |member: &str| {
            let json = format!(r#"{{"cases":[{{"uuid":"u1","description":"d",{member}}}]}}"#);
            canonical_cases(json.as_bytes()).unwrap_err()
        };
        assert_eq!(
            case(r#""reimplements":42"#),
            "the case \"u1\" has a `reimplements` that is not a string but a number"
        );
        assert_eq!(
            case(r#""property":["p"]"#),
            "the case \"u1\" has a `property` that is not a string but an array"
        );
        let json = br#"{"cases":[{"uuid":7,"description":"seven"}]}"#;
        assert_eq!(
            canonical_cases(json).unwrap_err(),
            "the case \"seven\" has a `uuid` that is not a string but a number"
        );
    }
}
