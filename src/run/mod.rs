//! Reading what a test run produced and joining it. Reads captured stdout (`log`, `dialect`) and
//! results (`exercism_json`, `jest_json`, `junit`, `dialect`) into one `model::Run`; writes the split output
//! (`--log-to-json`) and results.json (`--combine`, with the `source` stage's metadata). Open
//! `model` (what every reader builds) and `combine` first; `results` is the results.json interface.

pub mod combine;
pub mod dialect;
pub mod exercism_json;
pub mod jest_json;
pub mod junit;
pub mod log;
pub mod model;
pub mod results;
