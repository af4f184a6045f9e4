; What an ExUnit test's body uses of its file, for test_code. Capture vocabulary:
; src/source/locals.rs (module docs). Names: grammars/elixir.toml [locals].

; Scopes: the file, each do block (a module, a describe, a test, a function), each fn.
(source) @local.scope
(do_block) @local.scope
(anonymous_function) @local.scope

; @name value: a module attribute (not a tag or a doc, which ExUnit and the compiler read).
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @local.definition.attribute
    (#not-match? @local.definition.attribute "^(tag|describetag|moduletag|doc|moduledoc|typedoc|spec|type|typep|opaque|impl|callback|macrocallback|behaviour|derive|enforce_keys|compile|dialyzer|deprecated|since|external_resource|on_load|on_definition|before_compile|after_compile|after_verify|vsn|file)$"))) @local.item

(unary_operator
  operator: "@"
  operand: (identifier) @local.reference.attribute)

; def/defp/defmacro/defmacrop name(args) [when guard], with a do block or `do:`.
(call
  target: (identifier) @_def (#any-of? @_def "def" "defp" "defmacro" "defmacrop")
  (arguments
    [(call target: (identifier) @local.definition)
     (identifier) @local.definition
     (binary_operator
       left: [(call target: (identifier) @local.definition) (identifier) @local.definition]
       operator: "when")])) @local.item

; defmodule Name do ... end: a module the test file defines (a fake, a struct, a helper).
(call
  target: (identifier) @_defmodule (#eq? @_defmodule "defmodule")
  (arguments . (alias) @local.definition)) @local.item

; alias A.B (defines B), alias A, as: C (defines C), alias A.{B, C}.
(call
  target: (identifier) @_alias (#eq? @_alias "alias")
  (arguments . (alias) @local.definition .)) @local.item

(call
  target: (identifier) @_alias (#eq? @_alias "alias")
  (arguments
    (keywords
      (pair
        key: (keyword) @_as (#match? @_as "^as:")
        value: (alias) @local.definition)))) @local.item

(call
  target: (identifier) @_alias (#eq? @_alias "alias")
  (arguments (dot right: (tuple (alias) @local.definition)))) @local.item

; Variables a body binds itself: `x = ...`, `{a, b} = ...`, fn and case clause arguments.
(binary_operator
  left: (identifier) @local.definition
  operator: "=")

(binary_operator
  left: (_ (identifier) @local.definition)
  operator: "=")

(stab_clause
  left: (arguments (identifier) @local.definition))

; setup and setup_all hand their values to the tests that take a context.
(call
  target: (identifier) @_setup (#any-of? @_setup "setup" "setup_all")) @local.hook

; `setup :name` and `setup [:a, :b]` run the functions they name.
(call
  target: (identifier) @_setup (#any-of? @_setup "setup" "setup_all")
  (arguments
    [(atom) @local.reference
     (list (atom) @local.reference)]))

; test "name", context do / test "name", %{key: value} do: the test takes the setups' values.
(call
  target: (identifier) @_test (#eq? @_test "test")
  (arguments
    .
    (_)
    .
    [(map) (identifier)] @local.context
    (#not-match? @local.context "^_")))

; Uses: local calls, variables and zero-arity calls, captured functions, module names.
(identifier) @local.reference

(alias) @local.reference

; The function of a remote call (`Mod.fun`) is none of the file's.
(dot right: (identifier) @local.reference.remote)
