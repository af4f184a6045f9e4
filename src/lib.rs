//! exercism_test_helper: test metadata, test-file transforms, output splitting and
//! results.json for Exercism test runners. `main.rs` only calls [`cli::main`].
//!
//! The stages, each a folder, lower ones never calling up: [`source`] reads and rewrites test
//! files, [`run`] reads what a test run produced and joins it with the `source` stage's metadata,
//! [`canonical`] checks test files against problem-specifications through the `source` stage.

pub mod canonical;
pub mod cli;
pub mod error;
pub mod files;
pub mod run;
pub mod source;
