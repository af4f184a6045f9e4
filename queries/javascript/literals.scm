; The literal values in Jest test code, for --check-canonical (src/canonical/).
; Captures: see queries/elixir/literals.scm.

(string) @literal.text
(number) @literal.number
(true) @literal.true
(false) @literal.false
(null) @literal.nil
