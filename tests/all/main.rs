//! The integration tests, one binary (one link step) with a module per subject. Run one
//! module or test with `cargo test --test all <module>::<test>`.

mod common;

mod action;
mod base;
mod canonical_emit;
mod canonical_explain;
mod canonical_fixtures;
mod cli;
mod docs;
mod elixir_e2e;
mod exunit_fixtures;
mod fetch;
mod hostile;
mod huge_logs;
mod javascript_e2e;
mod javascript_runner;
mod properties;
mod python_e2e;
mod python_runner;
mod query_differential;
mod recipes;
mod ruby_e2e;
mod ruby_runner;
mod runners;
mod snapshots;
