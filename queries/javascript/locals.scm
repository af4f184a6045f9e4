; What a Jest test's body uses of its file, for test_code. Capture vocabulary:
; src/source/locals.rs (module docs).

; Scopes: the program, blocks, functions, classes.
(program) @local.scope
(statement_block) @local.scope
(arrow_function) @local.scope
(function_expression) @local.scope
(function_declaration) @local.scope
(method_definition) @local.scope
(class_body) @local.scope
(for_statement) @local.scope
(for_in_statement) @local.scope

; const/let/var, functions and classes; a declaration of the module or of a describe callback.
(lexical_declaration
  (variable_declarator
    name: (identifier) @local.definition
    value: (_) @_value (#not-match? @_value "^require\\("))) @local.item
(lexical_declaration (variable_declarator name: (identifier) @local.definition .)) @local.item
(variable_declaration
  (variable_declarator
    name: (identifier) @local.definition
    value: (_) @_value (#not-match? @_value "^require\\("))) @local.item
(variable_declaration (variable_declarator name: (identifier) @local.definition .)) @local.item
(lexical_declaration
  (variable_declarator
    name: (object_pattern
      [(shorthand_property_identifier_pattern) @local.definition
       (pair_pattern value: (identifier) @local.definition)])
    value: (_) @_value (#not-match? @_value "^require\\("))) @local.item
(lexical_declaration
  (variable_declarator
    name: (array_pattern (identifier) @local.definition))) @local.item
(function_declaration name: (identifier) @local.definition) @local.item
(generator_function_declaration name: (identifier) @local.definition) @local.item
(class_declaration name: (identifier) @local.definition) @local.item

; What a require or an import renames: `const { resolve: resolvePath } = require('path')`,
; `import { a as b } from './x'`, `import * as x from './x'`.
(lexical_declaration
  (variable_declarator
    name: (object_pattern (pair_pattern value: (identifier) @local.definition))
    value: (call_expression function: (identifier) @_require (#eq? @_require "require")))) @local.item
(import_statement
  (import_clause (named_imports (import_specifier alias: (identifier) @local.definition)))) @local.item
(import_statement (import_clause (namespace_import (identifier) @local.definition))) @local.item

; beforeEach and beforeAll: the variables they assign are what the tests read.
(expression_statement
  (call_expression
    function: (identifier) @_hook (#any-of? @_hook "beforeEach" "beforeAll")
    arguments: (arguments
      [(arrow_function body: (statement_block
         (expression_statement (assignment_expression left: (identifier) @local.definition))))
       (function_expression body: (statement_block
         (expression_statement (assignment_expression left: (identifier) @local.definition))))]))) @local.item

; Names a body binds itself: parameters, loop variables.
(formal_parameters (identifier) @local.definition)
(formal_parameters (assignment_pattern left: (identifier) @local.definition))
(formal_parameters (object_pattern (shorthand_property_identifier_pattern) @local.definition))
(formal_parameters (array_pattern (identifier) @local.definition))
(arrow_function parameter: (identifier) @local.definition)
(for_in_statement left: (identifier) @local.definition)

(identifier) @local.reference
(shorthand_property_identifier) @local.reference
