; The literal values in Jest test code, for --check-canonical (src/canonical/).
; Captures: see queries/elixir/literals.scm.

(string) @literal.text
; A template literal's text, its substitutions left out (a multi-line expected text).
(template_string) @literal.text
(number) @literal.number
(true) @literal.true
(false) @literal.false
(null) @literal.nil
(undefined) @literal.nil

; -4: a negative number (one number: its digits are no number of their own).
(unary_expression operator: "-" argument: (number)) @literal.number

; [] and {}: an empty array or object.
((array) @literal.empty (#match? @literal.empty "^\\[\\s*\\]$"))
((object) @literal.empty (#match? @literal.empty "^\\{\\s*\\}$"))

; `expect(() => f(x)).toThrow(...)`: the test expects an error, its message read after the
; call, as a case's expected error follows its input.
(call_expression
  function: (member_expression
    property: (property_identifier) @literal.raises
    (#any-of? @literal.raises "toThrow" "toThrowError")))

; The functions a test calls and the classes it makes, compared with a case's property; not
; Jest's assertions (expect, toEqual, not, ...), which every test makes and which tell no
; function from another.
((call_expression function: (identifier) @literal.call) (#not-eq? @literal.call "expect"))
((call_expression
  function: (member_expression property: (property_identifier) @literal.call))
  (#not-match? @literal.call "^(to[A-Z]|resolves$|rejects$)"))
(new_expression constructor: (identifier) @literal.call)

; `expect(x).toBeTruthy()` expects true, `.toBeFalsy()` false, `.toBeNull()` and
; `.toBeUndefined()` null; `.toContain(y)` expects y in x.
((call_expression
  function: (member_expression property: (property_identifier) @_m
    (#any-of? @_m "toBeTruthy" "toContain" "toContainEqual"))) @expects.true)
((call_expression
  function: (member_expression property: (property_identifier) @_m (#eq? @_m "toBeFalsy"))) @expects.false)
((call_expression
  function: (member_expression property: (property_identifier) @_m
    (#any-of? @_m "toBeNull" "toBeUndefined"))) @expects.nil)

; new Date(2013, 4, 13) and Date.UTC(2011, 3, 25, 22): a date, or a date and time, written as its
; numbers (months from 0, grammars/javascript.toml): read as the ISO text canonical data gives.
(new_expression
  constructor: (identifier) @_date (#eq? @_date "Date")
  arguments: (arguments) @literal.date)
(call_expression
  function: (member_expression
    object: (identifier) @_date (#eq? @_date "Date")
    property: (property_identifier) @_utc (#eq? @_utc "UTC"))
  arguments: (arguments) @literal.date)

; A name bound to a value outside the tests (a constant of the file or of a describe block),
; and its uses.
(variable_declarator name: (identifier) @binding.name value: (_) @binding.value)
(identifier) @binding.use

; `(x) => x % 2 === 1`, `function (acc, x) { ... }`: a function the test writes (list-ops'),
; taking arguments, whose literals are code.
(arrow_function parameters: (formal_parameters (_))) @literal.code
(arrow_function parameter: (identifier)) @literal.code
(function_expression parameters: (formal_parameters (_))) @literal.code
