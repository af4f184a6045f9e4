; The literal values in Minitest test code, for --check-canonical (src/canonical/). Captures:
; see queries/elixir/literals.scm.

(string) @literal.text
; %w[a b c] is a list of words.
(string_array) @literal.words
(heredoc_body) @literal.text
(delimited_symbol) @literal.text

(simple_symbol) @literal.symbol
(hash_key_symbol) @literal.symbol
(bare_symbol) @literal.symbol
(integer) @literal.number
(float) @literal.number
(true) @literal.true
(false) @literal.false
(nil) @literal.nil

; The error a block is expected to raise, read after the block.
((call
  method: (identifier) @literal.raises @expected.before
  (#any-of? @literal.raises "assert_raises" "assert_raise")) @expected.assertion)

; The methods a test calls, compared with a case's property; not its assertions, which every
; test makes and which tell no method from another.
((call method: (identifier) @literal.call) (#not-match? @literal.call "^(assert|refute)"))

; `refute x` expects false, `assert_nil x` nil, `assert_empty x` the empty list,
; `assert_includes` true, and `assert f(x)`, a call and no comparison, true.
((call method: (identifier) @_m (#any-of? @_m "refute" "refute_equal" "refute_includes")) @expects.false)
((call method: (identifier) @_m (#eq? @_m "assert_includes")) @expects.true)
((call method: (identifier) @_m (#eq? @_m "assert_nil")) @expects.nil)
((call method: (identifier) @_m (#eq? @_m "assert_empty")) @expects.empty)
((call method: (identifier) @_m (#eq? @_m "assert") arguments: (argument_list . (call))) @expects.true)

; `assert_equal expected, actual`: the expected value, written first, is read after what the
; assertion asserts, as a case gives its input before its expected value. (`refute_equal a,
; b` expects neither: it compares two inputs, and expects false.)
((call
  method: (identifier) @_m (#any-of? @_m "assert_equal" "assert_in_delta")
  arguments: (argument_list . (_) @expected.before)) @expected.assertion)

; A constant bound to a value, and its uses in tests.
(assignment left: (constant) @binding.name right: (_) @binding.value)
(constant) @binding.use

; []: an empty array.
((array) @literal.empty (#match? @literal.empty "^\\[\\s*\\]$"))

; -4: a negative number (one number: its digits are no number of their own).
(unary operator: "-" operand: [(integer) (float)]) @literal.number

; Time.utc(2011, 4, 25, 22, 0, 0) and Date.new(2011, 4, 25): read as the ISO text canonical
; data gives ("2011-04-25", "2011-04-25T22:00:00").
(call
  receiver: (constant) @_class (#any-of? @_class "Time" "Date" "DateTime")
  method: (identifier) @_method (#any-of? @_method "new" "utc" "gm" "local" "mktime")
  arguments: (argument_list) @literal.date)

; `{ |e| e < 10 }`, `->(x) { x + 1 }`: a function the test writes (strain's, list-ops'), whose
; literals are code (see the vocabulary in queries/elixir/literals.scm). A block of no
; parameters (`assert_raises(ArgumentError) { … }`) holds the code under test, and a `do |x|`
; block is more often a loop over the test's data than a function it passes.
(block (block_parameters)) @literal.code
(lambda parameters: (_)) @literal.code
