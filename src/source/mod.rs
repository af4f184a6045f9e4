//! Reading and rewriting test source files. Reads a test file (or `mix.exs`, or the modules a
//! doctest reads) with its language's tree-sitter grammar and queries; writes metadata (`--parse-meta`) and transformed files
//! (`--transform`, `--transform-mix`). Open `language` (the registry) and `syntax` (the engine
//! that interprets `queries/<lang>/tests.scm`) first.

pub mod doctest;
pub mod header;
pub mod language;
pub mod literals;
pub mod locals;
pub mod meta;
pub mod mix;
pub mod naming;
pub mod query;
pub mod syntax;
pub mod transform;
