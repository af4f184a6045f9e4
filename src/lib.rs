//! exercism_test_helper: test metadata, test-file transforms, output splitting and
//! results.json for Exercism test runners. `main.rs` only calls [`cli::run`].

pub mod cli;
pub mod combine;
pub mod dialect;
pub mod error;
pub mod files;
pub mod junit;
pub mod language;
pub mod log;
pub mod meta;
pub mod mix;
pub mod naming;
pub mod query;
pub mod results;
pub mod syntax;
pub mod transform;
