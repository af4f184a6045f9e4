//! Checking test files against problem-specifications' canonical data. Reads an exercise's
//! `.meta/tests.toml`, its test files (through the `source` stage's engine and
//! `queries/<lang>/literals.scm`) and `canonical-data.json`; writes the findings as text,
//! GitHub annotations or a JSON report (`--check-canonical`). Open `link` (the evidence and
//! how a case is linked to its tests) and `report` first.

pub mod data;
pub mod exercise;
pub mod link;
pub mod report;
