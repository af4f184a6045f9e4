; What a unittest or pytest test's body uses of its file, for test_code. Capture vocabulary:
; src/source/locals.rs (module docs).

; Scopes: the module, classes, functions, lambdas and comprehensions; a decorated definition,
; so that a decorator's hook applies to what it decorates.
(module) @local.scope
(class_definition) @local.scope
(function_definition) @local.scope
(decorated_definition) @local.scope
(lambda) @local.scope
(list_comprehension) @local.scope
(dictionary_comprehension) @local.scope
(set_comprehension) @local.scope
(generator_expression) @local.scope

; Functions, methods and classes, shown with their decorators (not the tests themselves). A
; method is reached through `self.name`, whose name the catch-all `(identifier)` takes.
(decorated_definition
  definition: [(function_definition name: (identifier) @local.definition)
               (class_definition name: (identifier) @local.definition)]
  (#not-match? @local.definition "^test")) @local.item
(function_definition
  name: (identifier) @local.definition
  (#not-match? @local.definition "^test")) @local.item
(class_definition name: (identifier) @local.definition) @local.item

; setUp and setUpClass: the attributes they assign are what the tests read.
(function_definition
  name: (identifier) @_setup (#any-of? @_setup "setUp" "setUpClass" "setup_method" "setup_class")
  body: (block
    (expression_statement
      (assignment
        left: (attribute
          object: (identifier) @_self (#any-of? @_self "self" "cls")
          attribute: (identifier) @local.definition))))) @local.item

; Constants and variables, of the module or a class; `import a as b` and `from m import a as b`
; define `b`.
(assignment left: (identifier) @local.definition) @local.item
(assignment left: (pattern_list (identifier) @local.definition)) @local.item
(import_statement (aliased_import alias: (identifier) @local.definition)) @local.item
(import_from_statement (aliased_import alias: (identifier) @local.definition)) @local.item

; Names a body binds itself: parameters, loop and with targets.
(parameters (identifier) @local.definition)
(default_parameter name: (identifier) @local.definition)
(for_statement left: (identifier) @local.definition)
(for_statement left: (pattern_list (identifier) @local.definition))
(for_in_clause left: (identifier) @local.definition)
(as_pattern alias: (as_pattern_target (identifier) @local.definition))

; A decorator patching what the tests call (`mock.patch`) hands its mocks to every test of
; what it decorates, which takes them as parameters after `self`.
(decorator
  (call function: [(attribute attribute: (identifier) @_patch) (identifier) @_patch]
    (#any-of? @_patch "patch" "object" "dict" "multiple"))) @local.hook

(function_definition
  parameters: (parameters . (identifier) . (identifier) @local.context))

(identifier) @local.reference
