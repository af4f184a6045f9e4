; Jest tests, their describe blocks, the helper functions that declare tests, and what disables
; a test for students. Capture vocabulary: src/source/syntax.rs.

; test("name", () => { ... }), it(...), and their variants (xtest, test.only, test.skip, ...),
; with a function body.
(call_expression
  function: [
    (identifier) @_fn
    (member_expression object: (identifier) @_fn property: (property_identifier))
  ] (#any-of? @_fn "test" "it" "xtest" "xit" "fit")
  arguments: (arguments
    . (_) @test.name
    .
    [(arrow_function body: (statement_block) @test.block)
     (function_expression body: (statement_block) @test.block)])) @test

; test("name", () => expression): the expression is the body.
(call_expression
  function: [
    (identifier) @_fn
    (member_expression object: (identifier) @_fn property: (property_identifier))
  ] (#any-of? @_fn "test" "it" "xtest" "xit" "fit")
  arguments: (arguments
    . (_) @test.name
    . (arrow_function body: (_) @test.body (#not-match? @test.body "^[{]")))) @test

; test.each(table)("name %s", (row) => { ... }): a test per row, its name formatted per row.
(call_expression
  function: (call_expression
    function: (member_expression
      object: (identifier) @_fn (#any-of? @_fn "test" "it" "xtest" "xit" "fit")
      property: (property_identifier) @_each (#eq? @_each "each"))
    arguments: (_) @each)
  arguments: (arguments
    . (_) @test.name
    .
    [(arrow_function body: (statement_block) @test.block)
     (function_expression body: (statement_block) @test.block)])) @test

; describe("name", () => { ... }) and its variants: its name comes before its tests' names.
(call_expression
  function: [
    (identifier) @_describe
    (member_expression object: (identifier) @_describe property: (property_identifier))
  ] (#any-of? @_describe "describe" "xdescribe" "fdescribe")
  arguments: (arguments
    . (_) @group.name
    . [(arrow_function) (function_expression)])) @group

; describe.each(table)("name %s", (row) => { ... }).
(call_expression
  function: (call_expression
    function: (member_expression
      object: (identifier) @_describe (#any-of? @_describe "describe" "xdescribe" "fdescribe")
      property: (property_identifier) @_each (#eq? @_each "each"))
    arguments: (_) @each)
  arguments: (arguments
    . (_) @group.name
    . [(arrow_function) (function_expression)])) @group

; A function that declares tests runs them in the describe blocks it is called from.
(function_declaration name: (identifier) @group.name) @group.dynamic
(variable_declarator
  name: (identifier) @group.name
  value: [(arrow_function) (function_expression)]) @group.dynamic

; exercism/javascript-test-runner numbers the top-level describe blocks as tasks, when the
; exercise's config says so (grammars/javascript.toml, [task_ids]).
(program
  (expression_statement
    (call_expression
      function: [
        (identifier) @_describe
        (member_expression object: (identifier) @_describe property: (property_identifier))
      ] (#any-of? @_describe "describe" "xdescribe")
      arguments: (arguments . (string))) @task_id.ordinal))

; xtest, xit and xdescribe disable tests the track enables one by one: --transform enables
; them (test, it, describe), as the JavaScript track's runner does. test.skip stays skipped.
(call_expression
  function: (identifier) @rename (#any-of? @rename "xtest" "xit" "xdescribe"))

; The later lines of a template literal written over several lines are text: test_code keeps
; their indentation as it is.
(template_string) @test_code.verbatim
