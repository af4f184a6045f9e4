use super::pattern::Check;
use super::walk::Split;
use super::*;

fn elixir() -> Language {
    tree_sitter_elixir::LANGUAGE.into()
}

#[test]
fn what_the_subset_leaves_out_is_refused_with_its_line() {
    let cases = [
        (
            "(call)\n(no_such_kind)",
            2,
            "unknown node kind `no_such_kind`",
        ),
        ("(call nope: (identifier))", 1, "unknown field `nope`"),
        (
            "(call (identifier)* @x)",
            1,
            "`*` and `+` are not supported",
        ),
        (
            "(call (identifier) @x (#lua-match? @x \"a\"))",
            1,
            "unsupported predicate",
        ),
        (
            "(call (identifier) @x (#eq? @y \"a\"))",
            1,
            "names @y, which this pattern does not capture",
        ),
        ("\n\n(call (identifier)", 3, "unclosed `(`"),
        ("(call \"nope\")", 1, "unknown anonymous node"),
        (
            "(arguments (identifier)? @a (integer))",
            1,
            "only on the last child",
        ),
        (
            "(arguments . (identifier)? @a)",
            1,
            "only on the last child",
        ),
        (
            "(arguments (identifier)? @a .)",
            1,
            "only on the last child",
        ),
        (
            "(arguments (integer) (identifier)? @a (#eq? @a \"y\"))",
            1,
            "inside a `?` child",
        ),
    ];
    for (source, line, message) in cases {
        let error = Query::new(&elixir(), source).err().unwrap();
        assert_eq!(error.line, line, "{source}: {error}");
        assert!(error.message.contains(message), "{source}: {error}");
    }
}

#[test]
fn a_regex_that_is_only_a_literal_prefix_is_not_compiled() {
    let query = Query::new(&elixir(), "((identifier) @x (#match? @x \"^do:\"))").unwrap();
    let root = &query.patterns[0].root.alternatives[0];
    assert!(matches!(root.checks.as_slice(), [Check::Prefix(p, true)] if p == b"do:"));
    let query = Query::new(&elixir(), "((identifier) @x (#match? @x \"^d.:\"))").unwrap();
    let root = &query.patterns[0].root.alternatives[0];
    assert!(matches!(root.checks.as_slice(), [Check::Match(..)]));
}

#[test]
fn a_deeply_nested_tree_is_matched_in_one_pass_without_recursion() {
    // 200k nested lists: a recursive walk would overflow the stack.
    let depth = 200_000;
    let source = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&elixir()).unwrap();
    let tree = parser.parse(&source, None).unwrap();
    let query = Query::new(&elixir(), "(list . (list) @inner .)").unwrap();
    let found = query.matches(tree.root_node(), source.as_bytes());
    assert_eq!(found.len(), depth - 1);
}

#[test]
fn a_capture_name_ends_before_a_quantifier() {
    let query = Query::new(&elixir(), "(arguments (integer) (identifier) @a?)").unwrap();
    assert_eq!(query.capture_names(), ["a"]);
}

/// Parsing and walking 100k pairs takes seconds in a debug build, so this runs in release
/// only: `cargo test --release --lib source::query`.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "release only: cargo test --release --lib source::query"
)]
fn many_identical_choices_at_one_node_are_deduplicated_in_linear_time() {
    // 100k pairs in one keyword list, each a way to match: a scan of the earlier matches
    // for each new one is quadratic (160 s in a debug build).
    let pairs: Vec<String> = (0..100_000).map(|i| format!("task_id: {i}")).collect();
    let source = format!("@tag {}\n", pairs.join(", "));
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&elixir()).unwrap();
    let tree = parser.parse(&source, None).unwrap();
    let query = Query::new(&elixir(), "(keywords (pair) @_p)").unwrap();
    assert_eq!(
        query.matches(tree.root_node(), source.as_bytes()).len(),
        100_000
    );
    let query = Query::new(&elixir(), "(keywords (pair))").unwrap();
    assert_eq!(query.matches(tree.root_node(), source.as_bytes()).len(), 1);
}

#[test]
fn a_walk_in_parts_finds_what_one_walk_finds_in_the_same_order() {
    let mut source = String::from("defmodule M do\n  use ExUnit.Case\n");
    for i in 0..300 {
        source.push_str(&format!(
            "  @tag task_id: {i}\n  test \"t{i}\" do\n    assert f({i}) == [{i}, \"x\"]\n  end\n"
        ));
        if i % 7 == 0 {
            source.push_str(&format!(
                "  describe \"d{i}\" do\n    test \"in\" do\n    end\n  end\n"
            ));
        }
    }
    source.push_str("end\n\ndefmodule N do\n  test \"after\" do\n    assert 1\n  end\nend\n");
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&elixir()).unwrap();
    let tree = parser.parse(&source, None).unwrap();
    // Patterns at the wide node (the module's do_block) itself, with its first and last
    // children, at its children, and deep inside them.
    let query = Query::new(
        &elixir(),
        "(do_block . (_) @first (_) @last .) @scope\n\
         (call target: (identifier) @t (#eq? @t \"test\") (arguments . (_) @name)) @test\n\
         (unary_operator operand: (call target: (identifier) @tag (arguments (keywords))))\n\
         (integer) @n",
    )
    .unwrap();
    let root = tree.root_node();
    let key = |found: Vec<Match>| -> Vec<(usize, Vec<(u32, usize)>)> {
        found
            .iter()
            .map(|m| {
                let captures = m.captures.iter().map(|c| (c.index, c.node.id())).collect();
                (m.pattern_index, captures)
            })
            .collect()
    };
    let whole = key(query.matches_in_parts(root, source.as_bytes(), 1));
    assert!(whole.len() > 1500, "{} matches", whole.len());
    for parts in [2, 3, 7] {
        let split = Split::of(root, parts).expect("the module is wide enough to split");
        assert_eq!(split.starts.len(), parts);
        assert_eq!(split.wide.kind(), "do_block");
        let found = key(query.matches_in_parts(root, source.as_bytes(), parts));
        assert!(found == whole, "{parts} parts differ from one walk");
    }
}

#[test]
fn matches_come_in_document_order_of_the_matched_node_then_pattern_order() {
    // The walk matches a node on its way out, after its descendants; `syntax` relies on
    // this order (the first match of a test wins).
    let source = "outer(inner(1), 2)";
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&elixir()).unwrap();
    let tree = parser.parse(source, None).unwrap();
    let query = Query::new(
        &elixir(),
        "(integer) @n\n(call) @c\n(call target: (identifier) @t)",
    )
    .unwrap();
    let found: Vec<(usize, &str)> = query
        .matches(tree.root_node(), source.as_bytes())
        .iter()
        .map(|m| {
            let node = m.captures[0].node;
            (m.pattern_index, &source[node.byte_range()])
        })
        .collect();
    assert_eq!(
        found,
        [
            (1, "outer(inner(1), 2)"),
            (2, "outer"),
            (1, "inner(1)"),
            (2, "inner"),
            (0, "1"),
            (0, "2"),
        ]
    );
}

#[test]
fn no_wildcard_matches_an_error() {
    let source = "f(a, ) b)";
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&elixir()).unwrap();
    let tree = parser.parse(source, None).unwrap();
    for pattern in ["_ @x", "(_) @x"] {
        let query = Query::new(&elixir(), pattern).unwrap();
        for found in query.matches(tree.root_node(), source.as_bytes()) {
            assert!(!found.captures[0].node.is_error(), "{pattern}");
        }
    }
}

#[test]
fn a_pattern_that_is_a_kind_alone_matches_every_node_of_it_with_its_captures_in_order() {
    let source = "x = y + 1\n@z\n";
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&elixir()).unwrap();
    let tree = parser.parse(source, None).unwrap();
    let query = Query::new(
        &elixir(),
        "(identifier) @a @b\n\
         (unary_operator operand: (identifier) @c)\n\
         [(identifier) (integer)] @d",
    )
    .unwrap();
    let simple: Vec<bool> = query.patterns.iter().map(|p| p.simple.is_some()).collect();
    assert_eq!(simple, [true, false, false]);
    let found: Vec<(usize, Vec<(&str, &str)>)> = query
        .matches(tree.root_node(), source.as_bytes())
        .iter()
        .map(|m| {
            let captures = m.captures.iter().map(|c| {
                let name = query.capture_names()[c.index as usize].as_str();
                (name, c.node.utf8_text(source.as_bytes()).unwrap())
            });
            (m.pattern_index, captures.collect())
        })
        .collect();
    assert_eq!(
        found,
        vec![
            (0, vec![("a", "x"), ("b", "x")]),
            (2, vec![("d", "x")]),
            (0, vec![("a", "y"), ("b", "y")]),
            (2, vec![("d", "y")]),
            (2, vec![("d", "1")]),
            (1, vec![("c", "z")]),
            (0, vec![("a", "z"), ("b", "z")]),
            (2, vec![("d", "z")]),
        ]
    );
}

#[test]
fn a_walk_skips_what_its_caller_refuses_but_a_pattern_above_still_sees_it() {
    let source = "f(g(x), h(y))\n";
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&elixir()).unwrap();
    let tree = parser.parse(source, None).unwrap();
    let query = Query::new(
        &elixir(),
        "(identifier) @id\n(call target: (identifier) @f (arguments (call) @inner))",
    )
    .unwrap();
    let text = |m: &Match| -> Vec<&str> {
        m.captures
            .iter()
            .map(|c| c.node.utf8_text(source.as_bytes()).unwrap())
            .collect()
    };
    // The call g(x) and all below it are refused.
    let refused = |node: Node| !node.utf8_text(source.as_bytes()).unwrap().starts_with("g(");
    let found = query.matches_where(tree.root_node(), source.as_bytes(), &refused);
    let found: Vec<Vec<&str>> = found.iter().map(text).collect();
    assert_eq!(
        found,
        vec![
            vec!["f", "g(x)"],
            vec!["f", "h(y)"],
            vec!["f"],
            vec!["h"],
            vec!["y"],
        ]
    );
    let all = query.matches(tree.root_node(), source.as_bytes());
    assert_eq!(all.len(), 7);
}
