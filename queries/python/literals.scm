; The literal values in unittest/pytest test code, for --check-canonical (src/canonical/).
; Captures: see queries/elixir/literals.scm.

(string) @literal.text
(integer) @literal.number
(float) @literal.number
(true) @literal.true
(false) @literal.false
(none) @literal.nil

(call
  function: [
    (attribute attribute: (identifier) @literal.raises)
    (identifier) @literal.raises
  ] (#any-of? @literal.raises "assertRaises" "assertRaisesRegex" "assertRaisesWithMessage" "raises"))

; The error a `with` block expects is read after the block, as a case's expected error
; follows its input.
(with_statement
  (with_clause
    (with_item
      value: [
        (call function: [(attribute attribute: (identifier) @_r) (identifier) @_r])
        (as_pattern (call function: [(attribute attribute: (identifier) @_r) (identifier) @_r]))
      ] (#any-of? @_r "assertRaises" "assertRaisesRegex" "assertRaisesWithMessage" "raises"))) @expected.before) @expected.assertion

; The functions a test calls, compared with a case's property; not its assertions, which every
; test makes and which tell no function from another.
(call function: (identifier) @literal.call)
((call function: (attribute attribute: (identifier) @literal.call)) (#not-match? @literal.call "^(assert|fail)"))

; `assertTrue(x)` expects true, `assertFalse(x)` false, `assertIsNone(x)` None.
((call function: (attribute attribute: (identifier) @_m (#eq? @_m "assertTrue"))) @expects.true)
((call function: (attribute attribute: (identifier) @_m (#eq? @_m "assertFalse"))) @expects.false)
((call function: (attribute attribute: (identifier) @_m (#eq? @_m "assertIsNone"))) @expects.nil)

; `<exception>.args[0]` (`err.exception.args[0]`): the index that reads an error's message
; is no data of the case.
(subscript
  value: (attribute attribute: (identifier) @_args (#eq? @_args "args"))
  subscript: (integer) @literal.not)

; A name bound to a value outside the tests (a module or class constant), and its uses.
(expression_statement (assignment left: (identifier) @binding.name right: (_) @binding.value))
(identifier) @binding.use

; [] and (): an empty list or tuple.
((list) @literal.empty (#match? @literal.empty "^\\[\\s*\\]$"))
((tuple) @literal.empty (#match? @literal.empty "^\\(\\s*\\)$"))

; `assertIn(x, s)` expects x in s, `assertNotIn` not; `assertNotEqual(a, b)` expects them unequal.
((call function: (attribute attribute: (identifier) @_m (#eq? @_m "assertIn"))) @expects.true)
((call function: (attribute attribute: (identifier) @_m (#any-of? @_m "assertNotIn" "assertNotEqual"))) @expects.false)

; -4: a negative number (one number: its digits are no number of their own).
(unary_operator operator: "-" argument: [(integer) (float)]) @literal.number

; datetime(2011, 4, 25, 22, 0) and date(2011, 4, 25): read as the ISO text canonical data
; gives ("2011-04-25", "2011-04-25T22:00:00").
(call
  function: (identifier) @_f (#any-of? @_f "datetime" "date")
  arguments: (argument_list) @literal.date)
(call
  function: (attribute attribute: (identifier) @_f (#any-of? @_f "datetime" "date"))
  arguments: (argument_list) @literal.date)

; `lambda x: x % 2 == 1`: a function the test writes (list-ops'), whose literals are code (see
; the vocabulary in queries/elixir/literals.scm).
(lambda parameters: (_)) @literal.code
