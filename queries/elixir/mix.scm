; The statements of `def project` in a mix.exs; its value is the last one that is not a
; comment. Captures: @project.list for a list literal, @project.value for any other statement.

; def project do ... end   /   def project() do ... end
(call
  target: (identifier) @_def (#eq? @_def "def")
  (arguments . [(identifier) @_name (call target: (identifier) @_name)] (#eq? @_name "project"))
  (do_block [(list) @project.list (_) @project.value]))

; def project, do: [...]
(call
  target: (identifier) @_def (#eq? @_def "def")
  (arguments
    . [(identifier) @_name (call target: (identifier) @_name)] (#eq? @_name "project")
    (keywords
      (pair
        key: (keyword) @_do (#match? @_do "^do:")
        value: [(list) @project.list (_) @project.value]))))
