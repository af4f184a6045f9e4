//! Test names from group and test names, by a language's `[naming]` rule, and the runtime
//! identifier JUnit results are joined on.

use crate::language::Naming;
use crate::syntax::Name;

/// The name results.json shows (for ExUnit, also the runtime name): the rule applied to
/// the enclosing group names (outermost first) and the test's own name.
pub fn display(naming: &Naming, groups: &[&Name], test: &Name) -> Name {
    let mut name = Name::default();
    name.push_literal(&naming.prefix);
    if naming.groups {
        for group in groups {
            name.append(group);
            name.push_literal(&naming.separator);
        }
    }
    name.append(&test.strip_prefix(&naming.strip_prefix));
    if !name.is_static() {
        // Rewriting text around a hole would guess at run-time text; only the prefix and
        // separators apply to such names.
        return name;
    }
    let mut text = name.display();
    if let Some([from, to]) = &naming.junction
        && let Some(at) = text.rfind(from.as_str())
    {
        text.replace_range(at..at + from.len(), to);
    }
    if let Some(underscore) = &naming.underscores {
        text = text.replace('_', underscore);
    }
    if naming.capitalize {
        text = capitalize(&text);
    }
    Name::literal(&text)
}

/// The runtime identifier: group names and the test's own name joined by `.`, as JUnit's
/// `classname` and `name` end; `None` for languages whose name is the identifier.
pub fn runtime_id(naming: &Naming, groups: &[&Name], test: &Name) -> Option<String> {
    naming.runtime_id.then(|| {
        groups
            .iter()
            .map(|g| g.display())
            .chain([test.display()])
            .collect::<Vec<_>>()
            .join(".")
    })
}

/// Ruby's `String#capitalize`: the first character upper case, the rest lower case.
fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first
            .to_uppercase()
            .chain(chars.flat_map(char::to_lowercase))
            .collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(toml: &str) -> Naming {
        toml::from_str(toml).unwrap()
    }

    #[test]
    fn the_ruby_rule_drops_only_the_leading_test_prefix_and_capitalizes() {
        let ruby = rule("strip_prefix = 'test_'\nunderscores = ' '\ncapitalize = true");
        let name = display(
            &ruby,
            &[&Name::literal("ScoreTest")],
            &Name::literal("test_latest_score_IS_test_x"),
        );
        assert_eq!(name.display(), "Latest score is test x");
    }

    #[test]
    fn the_python_rule_turns_the_test_junction_into_an_arrow() {
        let python = rule(
            "groups = true\nseparator = '.'\njunction = ['Test.test_', ' > ']\nunderscores = ' '\nruntime_id = true",
        );
        let group = Name::literal("ClassNameTest");
        let test = Name::literal("test_some_thing");
        assert_eq!(
            display(&python, &[&group], &test).display(),
            "ClassName > some thing"
        );
        assert_eq!(
            runtime_id(&python, &[&group], &test).unwrap(),
            "ClassNameTest.test_some_thing"
        );
        let plain = Name::literal("HangmanTests");
        assert_eq!(
            display(&python, &[&plain], &test).display(),
            "HangmanTests.test some thing"
        );
    }
}
