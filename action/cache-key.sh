#!/usr/bin/env bash
# Prints the key the action caches its build under: a hash of everything the build reads in
# the action's folder (the first argument), so that a new version of the action, even one
# used as @main, builds anew, and the same version never does twice.
set -euo pipefail
cd "${1:?the action folder}"
find Cargo.toml Cargo.lock build.rs src queries grammars -type f -print0 |
  LC_ALL=C sort -z |
  xargs -0 sha256sum |
  sha256sum |
  cut -c1-20
