//! A case's data as the findings show it: `property(input, …) == expected` in about a line,
//! values left out whole where it is longer.

use serde_json::Value;

use crate::canonical::finding::CaseData;

/// How long a case's data may be in a line, about.
const DATA_WIDTH: usize = 160;

/// `property(input, …) == expected`, in about `DATA_WIDTH` characters: where it is longer,
/// the expected value keeps a share of the width, and values are left out whole at the end of
/// what holds them (`[1, 2, …]`, `solve(…)`), never cut inside.
pub fn data_text(case: &CaseData) -> String {
    let inputs: Vec<&Value> = match &case.input {
        Value::Object(map) => map.values().collect(),
        Value::Null => Vec::new(),
        other => vec![other],
    };
    let fixed = case.property.chars().count() + "() == ".len();
    let inputs_width = inputs
        .iter()
        .map(|v| within(v, DATA_WIDTH).map_or(DATA_WIDTH, |text| width(&text) + 2))
        .sum::<usize>();
    let share = DATA_WIDTH
        .saturating_sub(fixed + inputs_width)
        .max(DATA_WIDTH / 3);
    let expected = elided(&[&case.expected], share);
    let left = DATA_WIDTH.saturating_sub(fixed + width(&expected));
    format!("{}({}) == {expected}", case.property, elided(&inputs, left))
}

/// `values` as JSON joined by `, ` (with a space after each `,` and `:` inside them too), in
/// about `left` characters: the first value that does not fit is written as far as its own
/// members fit, and `…` stands for what is left out.
fn elided(values: &[&Value], mut left: usize) -> String {
    let mut out = String::new();
    write_members(values.iter().map(|v| (None, *v)), &mut left, &mut out);
    out
}

/// Writes `members` (an object's have keys) joined by `, ` in about `left` characters, taken
/// from it; past them, `…`.
fn write_members<'a>(
    members: impl ExactSizeIterator<Item = (Option<&'a String>, &'a Value)>,
    left: &mut usize,
    out: &mut String,
) {
    let count = members.len();
    for (i, (key, member)) in members.enumerate() {
        let mut prefix = if i > 0 {
            ", ".to_string()
        } else {
            String::new()
        };
        if let Some(key) = key {
            prefix.push_str(&format!("{}: ", Value::String(key.clone())));
        }
        if let Some(text) = within(member, left.saturating_sub(width(&prefix))) {
            put(&(prefix + &text), left, out);
            continue;
        }
        let start = out.len();
        put(&prefix, left, out);
        let at = out.len();
        if member.is_array() || member.is_object() {
            write_partly(member, left, out);
        }
        if out.len() == at {
            out.truncate(start);
            put(if i > 0 { ", …" } else { "…" }, left, out);
        } else if i + 1 < count {
            put(", …", left, out);
        }
        return;
    }
}

/// Writes as much of a list or object as fits in `left`, ending in `…`; nothing when not
/// even its first member's start does.
fn write_partly(value: &Value, left: &mut usize, out: &mut String) {
    // Brackets around an ellipsis alone say nothing.
    if *left < 8 {
        return;
    }
    let (open, close) = if value.is_array() {
        ("[", "]")
    } else {
        ("{", "}")
    };
    put(open, left, out);
    match value {
        Value::Array(items) => write_members(items.iter().map(|v| (None, v)), left, out),
        Value::Object(map) => write_members(map.iter().map(|(k, v)| (Some(k), v)), left, out),
        _ => {}
    }
    put(close, left, out);
}

fn put(text: &str, left: &mut usize, out: &mut String) {
    out.push_str(text);
    *left = left.saturating_sub(width(text));
}

fn width(text: &str) -> usize {
    text.chars().count()
}

/// `value` as JSON with a space after each `,` and `:`, if it takes at most `limit`
/// characters; found without writing much more than that of a larger value.
fn within(value: &Value, limit: usize) -> Option<String> {
    fn write(value: &Value, limit: usize, out: &mut String) -> bool {
        match value {
            Value::String(text) if text.chars().take(limit).count() + 2 > limit => return false,
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if !write(item, limit, out) {
                        return false;
                    }
                }
                out.push(']');
            }
            Value::Object(map) => {
                out.push('{');
                for (i, (key, member)) in map.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&Value::String(key.clone()).to_string());
                    out.push_str(": ");
                    if !write(member, limit, out) {
                        return false;
                    }
                }
                out.push('}');
            }
            scalar => out.push_str(&scalar.to_string()),
        }
        out.len() <= limit * 4 && width(out) <= limit
    }
    let mut out = String::new();
    write(value, limit, &mut out).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_text_is_elided_at_a_value_boundary_never_inside_a_value() {
        let case = |input: serde_json::Value, expected: serde_json::Value| {
            let json = serde_json::json!({"cases": [{"uuid": "u", "description": "d",
                "property": "p", "input": input, "expected": expected}]});
            let case = crate::canonical::data::canonical_cases(json.to_string().as_bytes())
                .unwrap()
                .remove(0);
            CaseData {
                property: case.property,
                input: case.input,
                expected: case.expected,
            }
        };
        let short = case(
            serde_json::json!({"a": 1, "b": ["x", "y"]}),
            serde_json::json!(true),
        );
        assert_eq!(data_text(&short), r#"p(1, ["x", "y"]) == true"#);
        let numbers: Vec<u32> = (1..100).collect();
        let long = data_text(&case(
            serde_json::json!({"list": numbers}),
            serde_json::json!({"sum": 4950, "count": 99}),
        ));
        assert!(long.starts_with("p([1, 2, 3, "), "{long}");
        assert!(
            long.ends_with(r#", …]) == {"sum": 4950, "count": 99}"#),
            "{long}"
        );
        assert!(long.chars().count() <= DATA_WIDTH + 10, "{long}");
        // A text too long for the line is left out whole.
        let text = data_text(&case(
            serde_json::json!({"n": 2, "phrase": "y".repeat(400)}),
            serde_json::json!("z"),
        ));
        assert_eq!(text, r#"p(2, …) == "z""#);
        let expected = data_text(&case(
            serde_json::json!({}),
            serde_json::json!("y".repeat(400)),
        ));
        assert_eq!(expected, "p() == …");
        let nested = data_text(&case(
            serde_json::json!({"rows": [[1, 2, 3], numbers.clone()], "more": numbers}),
            serde_json::json!(0),
        ));
        assert!(nested.contains("[[1, 2, 3], [1, 2, "), "{nested}");
        assert!(nested.contains(", …]"), "{nested}");
    }
}
