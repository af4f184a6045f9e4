//! The query engine: parses a test file with its language's grammar, runs
//! `queries/<lang>/tests.scm`, and interprets the captures into tests, task ids and edits.
//!
//! # Capture vocabulary
//!
//! Every language's `tests.scm` speaks this vocabulary and nothing else; captures whose name
//! starts with `_` are helpers for predicates and are ignored.
//!
//! | capture | meaning |
//! |---|---|
//! | `@test` | a whole test definition; its first line is the test's line |
//! | `@test.name` | the test's own name (a string literal; interpolation makes it a runtime name) |
//! | `@test.block` | the body is this delimited block (`do … end`) without its first and last token; `--transform` puts the header right after the first |
//! | `@test.body` | the body is exactly this node (an expression body) |
//! | `@test.header.wrap` | `--transform` wraps this expression into a block that starts with the header |
//! | `@group`, `@group.name` | a group of tests (`describe`); its name prefixes the names of the tests inside |
//! | `@group.dynamic`, `@group.name` | a function whose tests run in the groups of wherever it is called: their names hold a hole for those groups, filled at run time |
//! | `@test_code.omit` | the lines of this node are left out of `test_code` (Ruby's `skip`) |
//! | `@test_code.verbatim` | a literal whose later lines are text, not code: `test_code` does not dedent them |
//! | `@scope` | a region that bounds `@task_id.following` (a module, a describe block, a class) |
//! | `@task_id.next` | a task id value that applies to the next test |
//! | `@task_id.following` | a task id value for every later test of a scope: the `@scope` of the same match, else the innermost `@scope` around it |
//! | `@remove` | `--transform` deletes this node (its newlines stay, so no line moves) |
//! | `@remove.item` | like `@remove`, for an item of a comma-separated list: one comma goes with it |
//! | `@rename` | `--transform` writes this node as the second item of the `[markers] rename` pair whose first item is its text (Jest's `xtest` becomes `test`) |
//! | `@each` | the test or group of the same match runs once per row of this table: the placeholders of its name (`[naming] row_placeholders`) are holes, filled at run time |
//! | `@task_id.ordinal` | a node whose place among this capture's nodes (1, 2, …, in source order) is the task id of every test inside it, when the exercise's config switches such ids on (`[task_ids]`) |
//! | `@doctest`, `@doctest.module` | a call that makes a test of each example in the documentation of the module it names (`[doctests]`, `crate::source::doctest`); it takes a `next` task id as a test does, for its first example |
//! | `@doctest.only`, `@doctest.except` | the list of what the call keeps, or leaves out, of the module's documentation: names, and name and arity pairs |
//! | `@doctest.task_id` | a task id value for every example of the call |
//!
//! Task ids follow the precedence of the test frameworks: a `next` value beats a `following`
//! one, an inner scope beats an outer one, and among equals the last one written wins. A value
//! that is not an integer literal still wins, and means "no task id".

use std::collections::HashSet;
use std::ops::Range;

use tree_sitter::{Node, Parser, Tree};

use crate::source::doctest;
use crate::source::language::Language;
use crate::source::locals;
use crate::source::naming::{self, Name, unescape};

/// Everything `--parse-meta` and `--transform` need to know about a test file.
pub struct Analysis {
    pub tests: Vec<Test>,
    /// The calls that make tests of a module's documentation examples, in source order.
    pub doctests: Vec<DoctestSite>,
    pub removals: Vec<Removal>,
    /// Byte ranges whose lines are left out of `test_code`.
    pub omitted: Vec<Range<usize>>,
    /// Byte ranges of literals whose later lines `test_code` keeps as written.
    pub verbatim: Vec<Range<usize>>,
    /// Nodes `--transform` writes anew, and their new text.
    pub renames: Vec<(Range<usize>, String)>,
    /// The 1-based line of the first syntax error, if the file has one.
    pub syntax_error_line: Option<usize>,
    /// The `local.*` captures, when the file was read with its locals query
    /// (`analyze_with_locals`).
    pub locals: Option<locals::Captures>,
    /// The syntax tree and the parser that made it, kept so that a caller about to exit can
    /// skip freeing them (see `Analysis::leak`).
    _parsed: Option<(Tree, Parser)>,
}

impl Analysis {
    /// Lets the analysis go without freeing it, for a process about to exit. Freeing a tree
    /// takes a quarter as long as parsing it (40 ms for a 1 MB test file), and the operating
    /// system reclaims the memory at exit anyway; compilers skip it the same way (clang's
    /// `-disable-free`).
    pub fn leak(self) {
        std::mem::forget(self);
    }

    /// The syntax tree the tests were read from (none only if the parse was cancelled).
    pub fn tree(&self) -> Option<&Tree> {
        self._parsed.as_ref().map(|(tree, _)| tree)
    }
}

/// Text `--transform` takes out.
pub struct Removal {
    pub range: Range<usize>,
    /// The range is a list item that cannot go without joining two lines: it is replaced by
    /// the language's placeholder item instead.
    pub placeholder: bool,
}

/// One test as written in the file.
pub struct Test {
    /// The full name, by the language's naming rule (for ExUnit, the runtime name).
    pub name: Name,
    /// Byte range of the whole test definition.
    pub range: Range<usize>,
    /// The runtime identifier results are joined on, when it differs from the name.
    pub id: Option<String>,
    /// 1-based line of the test's first line.
    pub line: usize,
    /// Byte range of the body's source text, if the test has a body.
    pub body: Option<Range<usize>>,
    pub header: Option<HeaderSite>,
    pub task_id: Option<i64>,
    /// Whether the task id is a `@task_id.next` value of its own.
    pub tagged: bool,
    /// The place of the innermost `@task_id.ordinal` node around the test, its task id when
    /// the exercise switches such ids on.
    pub ordinal: Option<i64>,
    /// Where the innermost group around the test (`describe`, a test class) starts, if one
    /// is: tests of one group share it.
    pub group: Option<usize>,
}

/// A call that makes a test of each example in a module's documentation (`@doctest`).
pub struct DoctestSite {
    pub call: doctest::Call,
    /// Byte range of the whole call.
    pub range: Range<usize>,
    /// 1-based line of the call, which is each of its tests' line.
    pub line: usize,
    /// The name its tests share before their own: the groups around the call, by the naming
    /// rule (its prefix included).
    pub groups: Name,
    /// The task id of its first example, and of the others.
    pub task_id: Option<i64>,
    pub task_id_rest: Option<i64>,
    /// The `@task_id.next` value the call took, if any: it goes on to the next test when the
    /// call makes none (the framework gives it to the first test defined).
    pub next: Option<Option<i64>>,
    pub ordinal: Option<i64>,
}

/// Where `--transform` puts a test's header.
pub enum HeaderSite {
    /// Insert the header statement at this byte offset.
    After(usize),
    /// Wrap the expression at this byte range into a block that starts with the header.
    Wrap(Range<usize>),
}

/// The roles a capture can play; see the module docs.
#[derive(Clone, Copy, PartialEq)]
enum TestsCapture {
    Test,
    TestName,
    TestBlock,
    TestBody,
    HeaderWrap,
    TestCodeOmit,
    TestCodeVerbatim,
    Group,
    GroupName,
    GroupDynamic,
    Scope,
    TaskIdNext,
    TaskIdFollowing,
    Remove,
    RemoveItem,
    Rename,
    Each,
    TaskIdOrdinal,
    Doctest,
    DoctestModule,
    DoctestOnly,
    DoctestExcept,
    DoctestTaskId,
    Helper,
    /// A capture of `queries/<lang>/locals.scm`, read by `crate::source::locals`.
    Local(locals::LocalsCapture),
}

impl TestsCapture {
    fn parse(capture: &str, locals: &mut locals::Roles) -> Option<TestsCapture> {
        if let Some(local) = locals.parse(capture) {
            return Some(TestsCapture::Local(local));
        }
        Some(match capture {
            "test" => TestsCapture::Test,
            "test.name" => TestsCapture::TestName,
            "test.block" => TestsCapture::TestBlock,
            "test.body" => TestsCapture::TestBody,
            "test.header.wrap" => TestsCapture::HeaderWrap,
            "test_code.omit" => TestsCapture::TestCodeOmit,
            "test_code.verbatim" => TestsCapture::TestCodeVerbatim,
            "group" => TestsCapture::Group,
            "group.name" => TestsCapture::GroupName,
            "group.dynamic" => TestsCapture::GroupDynamic,
            "scope" => TestsCapture::Scope,
            "task_id.next" => TestsCapture::TaskIdNext,
            "task_id.following" => TestsCapture::TaskIdFollowing,
            "remove" => TestsCapture::Remove,
            "remove.item" => TestsCapture::RemoveItem,
            "rename" => TestsCapture::Rename,
            "each" => TestsCapture::Each,
            "task_id.ordinal" => TestsCapture::TaskIdOrdinal,
            "doctest" => TestsCapture::Doctest,
            "doctest.module" => TestsCapture::DoctestModule,
            "doctest.only" => TestsCapture::DoctestOnly,
            "doctest.except" => TestsCapture::DoctestExcept,
            "doctest.task_id" => TestsCapture::DoctestTaskId,
            helper if helper.starts_with('_') => TestsCapture::Helper,
            _ => return None,
        })
    }
}

/// The roles of a query's captures, by capture index. Panics on a capture outside the
/// vocabulary: queries are compiled into the binary and checked by the registry tests.
fn roles(query: &crate::source::query::Query, language: &Language) -> Vec<TestsCapture> {
    let mut locals = locals::Roles::of(language);
    query
        .capture_names()
        .iter()
        .map(|name| {
            TestsCapture::parse(name, &mut locals)
                .unwrap_or_else(|| panic!("unknown capture @{name} in a query"))
        })
        .collect()
}

/// A test as matched, before groups and tags are resolved.
struct RawTest {
    range: Range<usize>,
    line: usize,
    name: Name,
    body: Option<Range<usize>>,
    header: Option<HeaderSite>,
    /// A `@doctest` call rather than a test.
    doctest: Option<doctest::Call>,
}

struct Group {
    range: Range<usize>,
    name: Name,
    /// A function whose tests run in the groups it is called from (`@group.dynamic`).
    dynamic: bool,
}

struct Tag {
    at: usize,
    following: bool,
    /// The scope given in the tag's own match, if any.
    scope: Option<Range<usize>>,
    value: Option<i64>,
}

/// Parses `source` and interprets the tests query.
pub fn analyze(language: &Language, source: &[u8]) -> Analysis {
    analyze_with(language, source, language.tests_query(), false)
}

/// `analyze`, with the `local.*` captures of the locals query read in the same walk, for what
/// each test's body uses of the file.
pub fn analyze_with_locals(language: &Language, source: &[u8]) -> Analysis {
    analyze_with(
        language,
        source,
        locals::tests_and_indexing_query(language),
        true,
    )
}

fn analyze_with(
    language: &Language,
    source: &[u8],
    query: &crate::source::query::Query,
    with_locals: bool,
) -> Analysis {
    let mut parser = Parser::new();
    parser
        .set_language(&language.grammar)
        .expect("the grammar crate matches the tree-sitter version");
    let Some(tree) = parser.parse(source, None) else {
        // Only happens on cancellation or a timeout, neither of which is set.
        return Analysis {
            tests: Vec::new(),
            doctests: Vec::new(),
            removals: Vec::new(),
            omitted: Vec::new(),
            verbatim: Vec::new(),
            renames: Vec::new(),
            syntax_error_line: Some(1),
            locals: with_locals.then(locals::Captures::default),
            _parsed: None,
        };
    };
    let root = tree.root_node();
    let roles = roles(query, language);
    let mut local_captures = with_locals.then(locals::Captures::default);
    let mut local = Vec::new();
    let reader = Reader { language, source };

    let mut tests: Vec<RawTest> = Vec::new();
    let mut seen_tests = HashSet::new();
    let mut groups = Vec::new();
    let mut scopes: Vec<Range<usize>> = Vec::new();
    let mut tags = Vec::new();
    let mut removals = Vec::new();
    let mut omitted = Vec::new();
    let mut verbatim = Vec::new();
    let mut renames = Vec::new();
    let mut ordinals: Vec<Range<usize>> = Vec::new();
    // Doctest calls by where they start; their options come in matches of their own.
    let mut doctests: std::collections::BTreeMap<usize, RawTest> = Default::default();
    let placeholders = language.row_placeholders();

    for found in query.matches(root, source) {
        let node = |role: TestsCapture| {
            found
                .captures
                .iter()
                .find(|c| roles[c.index as usize] == role)
                .map(|c| c.node)
        };
        local.clear();
        for capture in &found.captures {
            let n = capture.node;
            match roles[capture.index as usize] {
                TestsCapture::Local(role) => local.push((role, n)),
                TestsCapture::Scope => scopes.push(n.byte_range()),
                TestsCapture::TaskIdNext | TestsCapture::TaskIdFollowing => tags.push(Tag {
                    at: n.start_byte(),
                    following: roles[capture.index as usize] == TestsCapture::TaskIdFollowing,
                    scope: node(TestsCapture::Scope).map(|scope| scope.byte_range()),
                    value: reader.integer(n),
                }),
                TestsCapture::TestCodeOmit => omitted.push(n.byte_range()),
                TestsCapture::TestCodeVerbatim
                    if n.start_position().row != n.end_position().row =>
                {
                    verbatim.push(n.byte_range())
                }
                TestsCapture::Remove => removals.push(Removal {
                    range: n.byte_range(),
                    placeholder: false,
                }),
                TestsCapture::Rename => {
                    let text = &source[n.byte_range()];
                    let pairs = &language.facts.markers.rename;
                    if let Some([_, to]) = pairs.iter().find(|[from, _]| from.as_bytes() == text) {
                        renames.push((n.byte_range(), to.clone()));
                    }
                }
                TestsCapture::TaskIdOrdinal => ordinals.push(n.byte_range()),
                TestsCapture::RemoveItem => removals.push(match with_separator(n) {
                    Some(range) => Removal {
                        range,
                        placeholder: false,
                    },
                    None => Removal {
                        range: n.byte_range(),
                        placeholder: true,
                    },
                }),
                _ => {}
            }
        }
        if let Some(captures) = &mut local_captures
            && !local.is_empty()
        {
            captures.add(&local, source, &language.facts.locals);
        }
        // A name formatted once per row of a table has holes where the row goes.
        let row_name = |name: Node| {
            let name = reader.name(name);
            match (&placeholders, node(TestsCapture::Each)) {
                (Some(placeholders), Some(_)) => name.with_holes(placeholders),
                _ => name,
            }
        };
        if let (Some(group), Some(name)) =
            (node(TestsCapture::Group), node(TestsCapture::GroupName))
        {
            groups.push(Group {
                range: group.byte_range(),
                name: row_name(name),
                dynamic: false,
            });
        }
        if let (Some(group), Some(name)) = (
            node(TestsCapture::GroupDynamic),
            node(TestsCapture::GroupName),
        ) {
            // The hole reads as the function's name in the name as written.
            let mut hole = Name::default();
            hole.push_hole(&format!(
                "{}{}",
                reader.text(name),
                language.facts.naming.separator
            ));
            groups.push(Group {
                range: group.byte_range(),
                name: hole,
                dynamic: true,
            });
        }
        if let (Some(test), Some(name)) = (node(TestsCapture::Test), node(TestsCapture::TestName)) {
            if !seen_tests.insert(test.id()) {
                continue;
            }
            let block = node(TestsCapture::TestBlock).and_then(|block| {
                let count = block.child_count();
                let (open, close) = (block.child(0)?, block.child(count.checked_sub(1)?)?);
                (count >= 2).then(|| (open.end_byte(), close.start_byte()))
            });
            let (body, header) = match (block, node(TestsCapture::TestBody)) {
                (Some((start, end)), _) => (Some(start..end), Some(HeaderSite::After(start))),
                (None, body) => (
                    body.map(|body| with_leading_comments(test, body)),
                    node(TestsCapture::HeaderWrap).map(|wrap| HeaderSite::Wrap(wrap.byte_range())),
                ),
            };
            tests.push(RawTest {
                range: test.byte_range(),
                line: test.start_position().row + 1,
                name: row_name(name),
                body,
                header,
                doctest: None,
            });
        }
        if let Some(call) = node(TestsCapture::Doctest) {
            let raw = doctests
                .entry(call.start_byte())
                .or_insert_with(|| RawTest {
                    range: call.byte_range(),
                    line: call.start_position().row + 1,
                    name: Name::default(),
                    body: None,
                    header: None,
                    doctest: Some(doctest::Call::default()),
                });
            if let Some(settings) = raw.doctest.as_mut() {
                if let Some(module) = node(TestsCapture::DoctestModule) {
                    settings.module = reader.text(module);
                }
                if let Some(list) = node(TestsCapture::DoctestOnly) {
                    settings.only = Some(reader.selectors(list));
                }
                if let Some(list) = node(TestsCapture::DoctestExcept) {
                    settings.except = reader.selectors(list);
                }
                if let Some(value) = node(TestsCapture::DoctestTaskId) {
                    settings.task_id = Some(reader.integer(value));
                }
            }
        }
    }
    tests.extend(doctests.into_values());

    tests.sort_by_key(|t| t.range.start);
    tags.sort_by_key(|t| t.at);
    let (tests, doctests) = resolve(
        tests,
        groups,
        scopes,
        ordinals,
        &tags,
        &language.facts.naming,
    );
    let syntax_error_line = root.has_error().then(|| first_error_line(root));
    Analysis {
        tests,
        doctests,
        removals,
        omitted,
        verbatim,
        renames,
        syntax_error_line,
        locals: local_captures,
        _parsed: Some((tree, parser)),
    }
}

/// Gives each test its full name and task id, in one sweep over the file: groups and scopes
/// are syntax nodes, so they nest, and a stack of the open ones holds exactly those around the
/// current position. Linear in tests, groups and tags (times the nesting depth).
fn resolve(
    raw: Vec<RawTest>,
    mut groups: Vec<Group>,
    mut scopes: Vec<Range<usize>>,
    mut ordinals: Vec<Range<usize>>,
    tags: &[Tag],
    naming: &crate::source::language::Naming,
) -> (Vec<Test>, Vec<DoctestSite>) {
    let contains = |outer: &Range<usize>, inner: &Range<usize>| {
        outer.start <= inner.start && inner.end <= outer.end && outer != inner
    };
    // Outer before inner where two start together.
    groups.sort_by_key(|g| (g.range.start, std::cmp::Reverse(g.range.end)));
    scopes.sort_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
    scopes.dedup();
    ordinals.sort_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
    ordinals.dedup();
    let place: std::collections::HashMap<(usize, usize), i64> = ordinals
        .iter()
        .enumerate()
        .map(|(i, r)| ((r.start, r.end), i as i64 + 1))
        .collect();
    let mut open_ordinals: Vec<&Range<usize>> = Vec::new();
    let mut ordinals = ordinals.iter().peekable();

    let mut open_groups: Vec<&Group> = Vec::new();
    let mut groups = groups.iter().peekable();
    let mut open_scopes: Vec<&Range<usize>> = Vec::new();
    let mut scopes = scopes.iter().peekable();
    // Opens what starts at or before `at` and closes what ended by then.
    fn advance<'a, T>(
        open: &mut Vec<&'a T>,
        pending: &mut std::iter::Peekable<std::slice::Iter<'a, T>>,
        range: impl Fn(&T) -> &Range<usize>,
        at: usize,
    ) {
        while let Some(next) = pending.next_if(|next| range(next).start <= at) {
            while open
                .last()
                .is_some_and(|o| range(o).end <= range(next).start)
            {
                open.pop();
            }
            open.push(next);
        }
        while open.last().is_some_and(|o| range(o).end <= at) {
            open.pop();
        }
    }

    // The last `following` tag of each scope (by its start and end) so far; a tag with no
    // scope around it applies to the whole file.
    let mut following: std::collections::HashMap<(usize, usize), Option<i64>> = Default::default();
    let whole_file = (0, usize::MAX);
    let mut tags = tags.iter().peekable();
    let mut next_task_id: Option<Option<i64>> = None;

    let mut tests = Vec::with_capacity(raw.len());
    let mut doctests = Vec::new();
    for test in raw {
        // Tags before the test, in order: a `next` tag is used up by the first test after it.
        while let Some(tag) = tags.next_if(|tag| tag.at < test.range.start) {
            if !tag.following {
                next_task_id = Some(tag.value);
                continue;
            }
            let scope = match &tag.scope {
                Some(own) => (own.start, own.end),
                None => {
                    advance(&mut open_scopes, &mut scopes, |s| s, tag.at);
                    open_scopes
                        .iter()
                        .rev()
                        .find(|s| s.start <= tag.at && tag.at < s.end)
                        .map_or(whole_file, |s| (s.start, s.end))
                }
            };
            following.insert(scope, tag.value);
        }

        advance(
            &mut open_groups,
            &mut groups,
            |g| &g.range,
            test.range.start,
        );
        let around: Vec<&Group> = open_groups
            .iter()
            .copied()
            .filter(|g| contains(&g.range, &test.range))
            .collect();
        // A dynamic group's hole goes before the next name, in place of the groups (and the
        // separators) it is called from, however many.
        let mut names: Vec<Name> = Vec::with_capacity(around.len());
        let mut hole = Name::default();
        for group in &around {
            if group.dynamic {
                hole.append(&group.name);
            } else {
                names.push(std::mem::take(&mut hole).followed_by(&group.name));
            }
        }
        let own = hole.followed_by(&test.name);
        let group_names: Vec<&Name> = names.iter().collect();
        let name = naming::display(naming, &group_names, &own);
        let id = naming::runtime_id(naming, &group_names, &own);

        let mut of_scopes = || {
            advance(&mut open_scopes, &mut scopes, |s| s, test.range.start);
            // The innermost scope around the test that has a tag decides.
            open_scopes
                .iter()
                .rev()
                .filter(|s| contains(s, &test.range))
                .map(|s| (s.start, s.end))
                .chain([whole_file])
                .find_map(|scope| following.get(&scope).copied())
                .flatten()
        };
        let next = next_task_id.take();
        let rest = of_scopes();
        let task_id = next.unwrap_or(rest);

        advance(&mut open_ordinals, &mut ordinals, |s| s, test.range.start);
        let ordinal = open_ordinals
            .iter()
            .rev()
            .find(|s| contains(s, &test.range))
            .map(|s| place[&(s.start, s.end)]);

        if let Some(call) = test.doctest {
            // A task id given to the call's tests beats every tag.
            doctests.push(DoctestSite {
                range: test.range,
                line: test.line,
                groups: name,
                task_id: call.task_id.unwrap_or(task_id),
                task_id_rest: call.task_id.unwrap_or(rest),
                next,
                ordinal,
                call,
            });
            continue;
        }
        tests.push(Test {
            name,
            range: test.range,
            id,
            line: test.line,
            body: test.body,
            header: test.header,
            task_id,
            tagged: next.is_some(),
            ordinal,
            group: around.last().map(|g| g.range.start),
        });
    }
    distinguish(&mut tests);
    (tests, doctests)
}

/// Tests whose names collide (Ruby methods of the same name in several classes) get their
/// groups added, so that their headers and results stay apart.
fn distinguish(tests: &mut [Test]) {
    let mut count: std::collections::HashMap<String, usize> = Default::default();
    for test in tests.iter() {
        *count.entry(test.name.display()).or_default() += 1;
    }
    for test in tests.iter_mut() {
        if count[&test.name.display()] > 1
            && let Some((groups, _)) = test.id.as_deref().and_then(|id| id.rsplit_once('.'))
        {
            test.name.push_literal(&format!(" ({groups})"));
        }
    }
}

/// Reads names and values out of nodes, with the language's facts.
struct Reader<'a> {
    language: &'a Language,
    source: &'a [u8],
}

impl Reader<'_> {
    /// What a list of names or `name: arity` pairs selects (a doctest's `only:`), without the
    /// marks around a symbol's name (`[literals] symbol_trim`).
    fn selectors(&self, list: Node) -> Vec<String> {
        doctest::selectors(list, self.source, &self.language.facts.literals.symbol_trim)
    }

    fn text(&self, node: Node) -> String {
        String::from_utf8_lossy(&self.source[node.byte_range()]).into_owned()
    }

    /// A string literal's value; anything else is a name known only at run time.
    fn name(&self, node: Node) -> Name {
        let strings = &self.language.facts.strings;
        let is = |kinds: &[String], node: Node| kinds.iter().any(|k| k == node.kind());
        let mut name = Name::default();
        if is(&self.language.facts.values.identifier, node) {
            name.push_literal(&self.text(node));
            return name;
        }
        if !is(&strings.kinds, node) {
            name.push_hole(&self.text(node));
            return name;
        }
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            if is(&strings.content, child) {
                name.push_literal(&self.text(child));
            } else if is(&strings.escape, child) {
                name.push_literal(&unescape(&self.text(child)));
            } else if is(&strings.interpolation, child) {
                name.push_hole(&self.text(child));
            }
        }
        let opening = node
            .child(0)
            .map(|open| self.text(open))
            .unwrap_or_default();
        if strings.heredoc.contains(&opening) {
            name.dedent_heredoc();
        }
        name
    }

    /// The value of an integer literal node; `None` for any other node.
    fn integer(&self, node: Node) -> Option<i64> {
        let integer_kinds = &self.language.facts.values.integer;
        if !integer_kinds.iter().any(|k| k == node.kind()) {
            return None;
        }
        let digits: String = self.text(node).chars().filter(|c| *c != '_').collect();
        let (radix, digits) = match digits.get(..2) {
            Some("0x" | "0X") => (16, &digits[2..]),
            Some("0o" | "0O") => (8, &digits[2..]),
            Some("0b" | "0B") => (2, &digits[2..]),
            _ => (10, digits.as_str()),
        };
        i64::from_str_radix(digits, radix).ok()
    }
}

/// A list item's range widened to take one separating comma with it, so that removing it
/// leaves a valid list: the comma before it, or else the comma after it and the space up to the
/// next item. `None` when the next item is on a later line: removing up to it would join lines.
fn with_separator(node: Node) -> Option<Range<usize>> {
    let mut range = node.byte_range();
    if let Some(previous) = node.prev_sibling().filter(|n| n.kind() == ",") {
        range.start = previous.start_byte();
        return Some(range);
    }
    let Some(next) = node.next_sibling().filter(|n| n.kind() == ",") else {
        return Some(range);
    };
    match next.next_sibling() {
        Some(after) if after.start_position().row == next.end_position().row => {
            range.end = after.start_byte();
            Some(range)
        }
        Some(_) => None,
        None => {
            range.end = next.end_byte();
            Some(range)
        }
    }
}

/// A body's range widened to the comments on the lines before it, which the grammar makes
/// siblings of the body in the test's node (`# divide by zero` above a Python or Ruby
/// method's first statement) and which the student reads as its start. A comment on the
/// test's head line stays out. (The siblings are walked from the test node: a node's
/// `prev_sibling` searches down from the root, which is quadratic over a file of many tests.)
fn with_leading_comments(test: Node, body: Node) -> Range<usize> {
    let mut range = body.byte_range();
    let mut cursor = test.walk();
    let mut head_row = test.start_position().row;
    let mut first_comment: Option<Node> = None;
    for child in test.children(&mut cursor) {
        if child.id() == body.id() {
            break;
        }
        if child.is_extra() {
            if child.start_position().row > head_row {
                first_comment.get_or_insert(child);
            }
        } else {
            head_row = child.end_position().row;
            first_comment = None;
        }
    }
    if let Some(comment) = first_comment {
        range.start = comment.start_byte();
    }
    range
}

/// The 1-based line of the first error or missing node, in document order.
fn first_error_line(root: Node) -> usize {
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        if node.is_error() || node.is_missing() {
            return node.start_position().row + 1;
        }
        // Descend into the first child that contains an error.
        let mut descended = false;
        if cursor.goto_first_child() {
            loop {
                let child = cursor.node();
                if child.has_error() || child.is_missing() {
                    descended = true;
                    break;
                }
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        if !descended {
            return node.start_position().row + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tests_of_one_group_share_where_it_starts() {
        let source = br#"defmodule T do
  use ExUnit.Case
  test "alone" do
  end

  describe "a" do
    test "one" do
    end
    test "two" do
    end
  end

  describe "b" do
    test "three" do
    end
  end
end
"#;
        let language = Language::by_name("elixir").unwrap();
        let groups: Vec<Option<usize>> = analyze(language, source)
            .tests
            .iter()
            .map(|t| t.group)
            .collect();
        assert_eq!(groups.len(), 4);
        assert_eq!(groups[0], None);
        assert!(groups[1].is_some());
        assert_eq!(groups[1], groups[2]);
        assert!(groups[3].is_some() && groups[3] != groups[1]);
    }

    #[test]
    fn literal_parts_split_a_name_at_its_holes() {
        let mut name = Name::default();
        name.push_literal("test adds ");
        name.push_hole("#{n}");
        name.push_literal(" and ");
        name.push_hole("#{m}");
        assert!(!name.is_static());
        assert_eq!(name.display(), "test adds #{n} and #{m}");
        assert_eq!(name.literal_parts(), vec!["test adds ", " and ", ""]);
    }
}
