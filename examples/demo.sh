#!/usr/bin/env bash
# Runs the whole pipeline on the bundled example exercise and prints its results.json:
# parse-meta and transform of the test file, then log-to-json and combine over the stdout
# and ExUnit results captured from a real `mix test` run (examples/lasagna_party/), in which
# one test fails on purpose, to show a failure's message.
# Needs only cargo. Set EXERCISM_TEST_HELPER to use an already built binary.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${EXERCISM_TEST_HELPER:-}"
if [ -z "$bin" ]; then
  # cargo shows its progress on stderr: a first build compiles some sixty crates, four
  # tree-sitter grammars among them, and takes minutes; a later one compiles this crate alone
  # when it changed (or build.rs must run again), and takes a second when nothing did.
  echo "Building exercism_test_helper (release)..." >&2
  cargo build --release --manifest-path "$root/Cargo.toml"
  bin="$root/target/release/exercism_test_helper"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/test"
cp "$root/fixtures/elixir_e2e/lasagna_party/test/lasagna_party_test.exs" "$work/test/"
cp "$root/examples/lasagna_party/output" "$root/examples/lasagna_party/results.json" "$work/"
cd "$work"

"$bin" \
  --parse-meta test/lasagna_party_test.exs:metadata.json \
  --transform test/lasagna_party_test.exs:test/lasagna_party_test.exs \
  --log-to-json output:output.json \
  --combine results.json:metadata.json:output.json
cat results.json
# Said after the results, where a reader meets `"status": "fail"`; on stderr, so that stdout is
# results.json alone.
echo "The \"fail\" is on purpose: the bundled run has one failing test," \
  "\"test party portions for the guests\", to show a failure's message." >&2
