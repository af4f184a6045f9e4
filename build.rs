//! Finds the tools the end-to-end tests run (Elixir, Ruby, Ruby with Minitest and
//! minitest-reporters, Python, pytest, Node, Jest as runners/javascript installs it, setpriv, GNU
//! time) and sets a `have_<tool>` cfg for each one present, so that a test needing a missing
//! one is reported by `cargo test` as ignored, with its reason, rather than passing without
//! running. With `CI` set every cfg is set: CI runs
//! every test, and one whose tool is missing fails.
//!
//! The probe runs again when this file or `CI`, `PATH`, `PYTHONPATH` or `RUBYLIB` change;
//! after installing a tool, `touch build.rs` makes it look again.

use std::process::{Command, Stdio};

/// Each cfg and the command that must succeed for it.
const TOOLS: &[(&str, &[&str])] = &[
    ("have_elixir", &["elixir", "--version"]),
    ("have_ruby", &["ruby", "--version"]),
    ("have_minitest", &["ruby", "-e", "require 'minitest'"]),
    (
        "have_minitest_reporters",
        &["ruby", "-e", "require 'minitest/reporters'"],
    ),
    ("have_python", &["python3", "--version"]),
    ("have_pytest", &["python3", "-m", "pytest", "--version"]),
    ("have_node", &["node", "--version"]),
    // Jest in runners/javascript/node_modules (`pnpm install --frozen-lockfile` there); the
    // build script runs in the project's root.
    (
        "have_jest",
        &[
            "node",
            "runners/javascript/node_modules/jest/bin/jest.js",
            "--version",
        ],
    ),
    ("have_setpriv", &["setpriv", "--version"]),
    ("have_gnu_time", &["/usr/bin/time", "-f", "%M", "true"]),
];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    for variable in ["CI", "PATH", "PYTHONPATH", "RUBYLIB"] {
        println!("cargo::rerun-if-env-changed={variable}");
    }
    let ci = std::env::var_os("CI").is_some_and(|value| !value.is_empty());
    for (cfg, command) in TOOLS {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if ci || runs(command) {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}

/// Whether `command` runs and succeeds.
fn runs(command: &[&str]) -> bool {
    Command::new(command[0])
        .args(&command[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}
