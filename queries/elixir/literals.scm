; The literal values in ExUnit test code, for --check-canonical (src/canonical/): a canonical
; case is found in a test by its inputs and expected values spelled as Elixir spells them.
; Captures: @literal.text (a string's value: its content children decoded), @literal.words (a
; list of words: its word nodes, or its text split at white space), @literal.symbol (an atom:
; its name), @literal.number, @literal.true / .false / .nil / .empty (an empty collection),
; @literal.date (a date or a date and time written as its numbers), @literal.raises (the test
; expects an error), @literal.call (the name of a function called), and @expects.true / .false
; / .nil / .empty (an assertion that what it asserts is that value, .empty the empty list:
; read as the value, placed after the assertion's own values, as an expected value follows its
; input), @expected.before with
; @expected.assertion (an expected value written before what the assertion asserts, as
; Minitest's `assert_equal expected, actual` and every language's expected error: read at the
; assertion's end); @binding.name with
; @binding.value (a name bound to a value outside the tests) and @binding.use (a use of such a
; name); @literal.not (a node whose own value is no data: the `:ok` of a success tuple);
; @literal.code (a function the test writes, taking arguments: its literals and calls are code,
; no data, as canonical data writes such a function as pseudo-code, `(x) -> x + 1`, which is
; no value; a function of no arguments, `fn -> Grains.square(0) end`, holds the code a test
; expects to raise, and is data).

(string) @literal.text
(charlist) @literal.text
(quoted_atom) @literal.text

; ~w(a b c) is a list of words; every other sigil (~c"abc", ~D[2013-05-13], ~s, ~r) is text.
(sigil
  (sigil_name) @_w (#any-of? @_w "w" "W")
  (quoted_content) @literal.words)
(sigil
  (sigil_name) @_name (#not-match? @_name "^[wW]$")
  (quoted_content) @literal.text)
; ~c"" has no content: it is the empty text.
((sigil) @literal.text (#match? @literal.text "^~[a-vx-zA-VX-Z][A-Z]*(\"\"|''|\\(\\)|\\[\\]|\\{\\}|<>|\\|\\||//)[a-zA-Z]*$"))

(atom) @literal.symbol
(keyword) @literal.symbol
; ?C, a character: the text "C".
(char) @literal.symbol
(integer) @literal.number
(float) @literal.number
((boolean) @literal.true (#eq? @literal.true "true"))
((boolean) @literal.false (#eq? @literal.false "false"))
(nil) @literal.nil

; The error a function is expected to raise, read after the function.
((call
  target: (identifier) @literal.raises @expected.before
  (#any-of? @literal.raises "assert_raise" "catch_error" "catch_throw")) @expected.assertion)

; The functions a test calls, compared with a case's property; not its assertions, which every
; test makes and which tell no function from another.
((call target: (identifier) @literal.call) (#not-match? @literal.call "^(assert|refute|catch_)"))
(call target: (dot right: (identifier) @literal.call))

; `refute f(x)` expects false; `assert f(x)`, a call and no comparison, expects true.
((call target: (identifier) @_refute (#eq? @_refute "refute")) @expects.false)
((call target: (identifier) @_assert (#eq? @_assert "assert") (arguments . (call))) @expects.true)

; A module attribute bound to a value (`@pattern "MMmMMMm"`), and its uses in tests: a test
; that uses it holds the value's literals.
(unary_operator
  operator: "@"
  operand: (call
    target: (identifier) @binding.name
    (arguments . (_) @binding.value .)))
(unary_operator operator: "@" operand: (identifier) @binding.use)

; [] and {}: an empty list (a tuple stands for an array too).
((list) @literal.empty (#match? @literal.empty "^\\[\\s*\\]$"))
((tuple) @literal.empty (#match? @literal.empty "^\\{\\s*\\}$"))

; -4: a negative number (one number: its digits are no number of their own).
(unary_operator operator: "-" operand: [(integer) (float)]) @literal.number

; {2011, 4, 25} and {{2011, 4, 25}, {22, 0, 0}}: a date, or a date and time, as Erlang writes
; them; read as the ISO text canonical data gives ("2011-04-25", "2011-04-25T22:00:00").
(tuple . (integer) . (integer) . (integer) .) @literal.date
(tuple . (tuple) . (tuple) .) @literal.date

; `{:ok, value}`: the success tuple around a result is the track's spelling, no data of the case.
(tuple . (atom) @literal.not (#eq? @literal.not ":ok") . (_))

; `fn x -> rem(x, 2) == 1 end`, `&(&1 + 1)`, `&odd?/1`: a function the test writes (list-ops'
; and strain's), whose literals are code.
(anonymous_function (stab_clause left: (arguments))) @literal.code
(unary_operator operator: "&") @literal.code
