; ExUnit tests, groups and tags. Capture vocabulary: src/source/syntax.rs (module docs).

; test "name" do ... end   and   test "name", context do ... end
(call
  target: (identifier) @_test (#eq? @_test "test")
  (arguments . (_) @test.name)
  (do_block) @test.block) @test

; test "name", do: expression
(call
  target: (identifier) @_test (#eq? @_test "test")
  (arguments
    . (_) @test.name
    (keywords
      . (pair
          key: (keyword) @_do (#match? @_do "^do:")
          value: (_) @test.body @test.header.wrap)))) @test

; test "not implemented yet" (no body: ExUnit runs it and reports it as not implemented)
(call
  target: (identifier) @_test (#eq? @_test "test")
  (arguments . (string) @test.name .) .) @test

; describe "group" do ... end
(call
  target: (identifier) @_describe (#eq? @_describe "describe")
  (arguments . (_) @group.name)
  (do_block) @scope) @group

; A module is the scope of its @moduletag.
(call
  target: (identifier) @_defmodule (#eq? @_defmodule "defmodule")
  (do_block) @scope)

; @tag task_id: N applies to the next test. (The `@` is left out of these patterns: a bare
; `tag task_id: 1` call does not occur, and each level of nesting makes the query slower to build.)
(call
  target: (identifier) @_tag (#eq? @_tag "tag")
  (arguments
    [(keywords
       (pair
         key: (keyword) @_key (#match? @_key "^task_id:")
         value: (_) @task_id.next))
     (list
       (keywords
         (pair
           key: (keyword) @_key (#match? @_key "^task_id:")
           value: (_) @task_id.next)))]))

; @describetag / @moduletag task_id: N apply to the tests after them in their describe / module.
(call
  target: (identifier) @_tag (#any-of? @_tag "describetag" "moduletag")
  (arguments
    [(keywords
       (pair
         key: (keyword) @_key (#match? @_key "^task_id:")
         value: (_) @task_id.following))
     (list
       (keywords
         (pair
           key: (keyword) @_key (#match? @_key "^task_id:")
           value: (_) @task_id.following)))]))

; @tag :pending (and the describe/module variants) disable tests for students: removed.
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @_tag (#any-of? @_tag "tag" "describetag" "moduletag")
    (arguments . (atom) @_atom (#eq? @_atom ":pending") .))) @remove

; @tag pending: true (or [pending: true]) alone: the whole attribute goes.
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @_tag (#any-of? @_tag "tag" "describetag" "moduletag")
    (arguments
      . [(keywords . (pair key: (keyword) @_key (#match? @_key "^pending:")) .)
         (list . (keywords . (pair key: (keyword) @_key (#match? @_key "^pending:")) .) .)] .))) @remove

; @tag pending: true, slow: true: only the pending item goes, the other tags stay.
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @_tag (#any-of? @_tag "tag" "describetag" "moduletag")
    (arguments
      [(keywords (pair key: (keyword) @_key (#match? @_key "^pending:")) @remove.item)
       (list (keywords (pair key: (keyword) @_key (#match? @_key "^pending:")) @remove.item))])))

; doctest Form (with only:, except:, import:, tags:): a test of each example of Form's
; documentation (see grammars/elixir.toml's [doctests]).
(call
  target: (identifier) @_doctest (#eq? @_doctest "doctest")
  (arguments . (alias) @doctest.module)) @doctest

(call
  target: (identifier) @_doctest (#eq? @_doctest "doctest")
  (arguments
    . (alias)
    (keywords
      (pair key: (keyword) @_only (#match? @_only "^only:") value: (list) @doctest.only)))) @doctest

(call
  target: (identifier) @_doctest (#eq? @_doctest "doctest")
  (arguments
    . (alias)
    (keywords
      (pair key: (keyword) @_except (#match? @_except "^except:") value: (list) @doctest.except)))) @doctest

; tags: [task_id: N] gives every example that task id.
(call
  target: (identifier) @_doctest (#eq? @_doctest "doctest")
  (arguments
    . (alias)
    (keywords
      (pair
        key: (keyword) @_tags (#match? @_tags "^tags:")
        value: (list
          (keywords
            (pair key: (keyword) @_key (#match? @_key "^task_id:") value: (_) @doctest.task_id))))))) @doctest
