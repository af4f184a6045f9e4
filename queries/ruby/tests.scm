; Minitest tests, their classes and `skip` calls. Capture vocabulary: src/source/syntax.rs (module docs).

; def test_something ... end
(method
  name: (identifier) @test.name (#match? @test.name "^test_")
  body: (_)? @test.body) @test

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
