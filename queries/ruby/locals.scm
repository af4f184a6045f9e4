; What a Minitest test's body uses of its file, for test_code. Capture vocabulary:
; src/source/locals.rs (module docs). Names: grammars/ruby.toml [locals].

; Scopes: the file, classes and modules, methods, blocks.
(program) @local.scope
(class) @local.scope
(module) @local.scope
(method) @local.scope
(singleton_method) @local.scope
(do_block) @local.scope
(block) @local.scope

; def name ... end: a helper the tests call (assert_… helpers too).
(method name: (_) @local.definition (#not-match? @local.definition "^test_")) @local.item
(singleton_method name: (_) @local.definition) @local.item

; attr_reader :robot defines `robot`, which reads @robot.
(call
  method: (identifier) @_attr (#any-of? @_attr "attr_reader" "attr_accessor")
  arguments: (argument_list (simple_symbol) @local.definition @local.reference.instance)) @local.item

; def setup: the instance variables it assigns are what the tests read.
(method
  name: (identifier) @_setup (#eq? @_setup "setup")
  body: (body_statement
    (assignment left: (instance_variable) @local.definition.instance))) @local.item

(instance_variable) @local.reference.instance

; NAME = value, and the classes and modules the file defines.
(assignment left: (constant) @local.definition) @local.item
(class name: (constant) @local.definition) @local.item
(module name: (constant) @local.definition) @local.item

; include Helpers: what a module of the file defines (its methods, its constants) is seen in the
; class that includes it.
(call
  method: (identifier) @_include (#any-of? @_include "include" "extend")
  arguments: (argument_list (constant) @local.import))

; Variables a body binds itself, and block parameters.
(assignment left: (identifier) @local.definition)
(block_parameters (identifier) @local.definition)
(method_parameters (identifier) @local.definition)

; Uses: bare calls and variables, constants.
(identifier) @local.reference
(constant) @local.reference

; A method called on another object (`robot.turn`) is that object's, not the file's.
(call receiver: (_) method: (identifier) @local.reference.method)
