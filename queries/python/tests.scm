; unittest/pytest tests, their classes and task marks. Capture vocabulary: src/source/syntax.rs.

; def test_something(self): ...   (also async def, and module-level pytest functions)
(function_definition
  name: (identifier) @test.name (#match? @test.name "^test_")
  body: (block) @test.body) @test

; Classes: their names are part of a test's name and runtime identifier.
(class_definition
  name: (identifier) @group.name
  body: (block) @scope) @group

; @pytest.mark.task(taskno=N) on a test function applies to it.
(decorated_definition
  (decorator
    (call
      function: (attribute) @_mark (#eq? @_mark "pytest.mark.task")
      arguments: (argument_list
        (keyword_argument
          name: (identifier) @_key (#eq? @_key "taskno")
          value: (_) @task_id.next))))
  definition: (function_definition))

; ... and on a class, to every test in it (a mark on the function wins).
(decorated_definition
  (decorator
    (call
      function: (attribute) @_mark (#eq? @_mark "pytest.mark.task")
      arguments: (argument_list
        (keyword_argument
          name: (identifier) @_key (#eq? @_key "taskno")
          value: (_) @task_id.following))))
  definition: (class_definition body: (block) @scope))

; The later lines of a string written over several lines are text: test_code keeps their
; indentation as it is.
(string) @test_code.verbatim
