; The documentation of Elixir modules, for doctests (src/source/doctest.rs): which examples a
; `doctest Module` in a test file runs. Captures: @module with @module.name (a module and its
; name; a module inside another is named after both), @doc.attribute with @doc.value (a
; documentation attribute and its value: a string or a sigil is the documentation, anything
; else, `false`, means none), and @definition with @definition.keyword, @definition.name and
; @definition.arguments (what the documentation before it documents; no arguments, arity 0).

; defmodule Form do … end (and defprotocol, whose functions have documentation too)
(call
  target: (identifier) @_defmodule (#any-of? @_defmodule "defmodule" "defprotocol")
  (arguments . (alias) @module.name)
  (do_block)) @module

; @moduledoc """…""", @doc "…", @typedoc ~S"""…""", @doc false
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @doc.attribute (#any-of? @doc.attribute "moduledoc" "doc" "typedoc")
    (arguments . [(string) (sigil) (boolean) (nil)] @doc.value .)))

; def name(args), def name, def name(args) when guard (and defp, defmacro, defguard, …)
(call
  target: (identifier) @definition.keyword
  (#any-of? @definition.keyword "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate")
  (arguments
    . [(call target: (identifier) @definition.name (arguments)? @definition.arguments)
       (identifier) @definition.name
       (binary_operator
         left: [(call target: (identifier) @definition.name (arguments)? @definition.arguments)
                (identifier) @definition.name]
         operator: "when")])) @definition

; def left <~> right: an operator, of two arguments (a guard's `when` is no operator defined)
(call
  target: (identifier) @definition.keyword
  (#any-of? @definition.keyword "def" "defp" "defmacro" "defmacrop")
  (arguments
    . (binary_operator operator: _ @definition.name (#not-eq? @definition.name "when"))
      @definition.arguments)) @definition

; @type name(args) :: …, @callback name(args) :: … (and @typep, @opaque, @macrocallback)
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @definition.keyword
    (#any-of? @definition.keyword "type" "typep" "opaque" "callback" "macrocallback")
    (arguments
      . (binary_operator
          left: [(call target: (identifier) @definition.name (arguments)? @definition.arguments)
                 (identifier) @definition.name]
          operator: "::")))) @definition
