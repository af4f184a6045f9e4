; Minitest tests, their classes and `skip` calls. Capture vocabulary: src/syntax.rs (module docs).

; def test_something ... end   (the header goes after the name, on the `def` line)
(method
  name: (identifier) @test.name @test.header.after (#match? @test.name "^test_")
  !parameters
  body: (body_statement)? @test.body) @test

; def test_something(arguments) ... end   (after the parameters)
(method
  name: (identifier) @test.name (#match? @test.name "^test_")
  parameters: (method_parameters) @test.header.after
  body: (body_statement)? @test.body) @test

; Classes and modules: part of a test's runtime identifier, not of its name.
(class name: (_) @group.name) @group
(module name: (_) @group.name) @group

; `skip` and `skip "reason"` as statements of a test disable it for students: removed by
; --transform, and left out of test_code, as the Exercism Ruby runner does.
(body_statement (identifier) @remove @test_code.omit (#eq? @remove "skip"))
(body_statement
  (call
    !receiver
    method: (identifier) @_skip (#eq? @_skip "skip")) @remove @test_code.omit)

; `# skip` comments are left out of test_code too.
((comment) @test_code.omit (#match? @test_code.omit "^#\\s*skip"))
