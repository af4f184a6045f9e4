#!/usr/bin/env bash
# An Exercism JavaScript test runner on exercism_test_helper:
#   runners/javascript/bin/run.sh <slug> <solution dir> <output dir>
# writes <output dir>/results.json and exits 0 whenever it could write one; the runner's own
# failures (no Node, no Jest, no exercism_test_helper) are a results.json with status error
# saying so. The solution dir is only read: the tests run in a copy, and the runner's own files
# (metadata, captured output, Jest's results) are kept outside the directory the tests run in.
# Jest, babel-jest and the track's Babel preset are this folder's node_modules (`pnpm install
# --frozen-lockfile` here). exercism_test_helper is $EXERCISM_TEST_HELPER, else the one built
# beside this folder (target/release of the project that holds it), else the one on PATH.
# RUNNER_TIMEOUT bounds the run (default 18 s of the 20 s budget).
set -uo pipefail
unset CDPATH # cd prints the directory it found through CDPATH, which $(cd … && pwd) would keep

if [ $# -lt 3 ]; then
  echo "usage: $0 <slug> <solution dir> <output dir>" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")/.." && pwd)
slug=$1
# Absolute paths before anything changes directory: relative ones are the caller's.
mkdir -p -- "$3" && output=$(cd -- "$3" && pwd) || {
  echo "$0: cannot create the output directory $3" >&2
  exit 2
}
# shellcheck source=../lib/runner.sh
source "$here/lib/runner.sh"

find_inputs "$2" "$here"
command -v node >/dev/null ||
  runner_error "the test runner could not start Node: node is not installed"
jest="$here/node_modules/jest/bin/jest.js"
[ -f "$jest" ] ||
  runner_error "the test runner could not start Jest: it is not installed in $here (pnpm install --frozen-lockfile there)"

copy_solution

# The test files: files.test of .meta/config.json, else of .exercism/config.json, else
# <slug>.spec.js, as the JavaScript track's runner finds them; else every *.spec.js and
# *.test.js.
tests=()
mapfile -t tests < <(node -e '
const fs = require("fs");
for (const config of [".meta/config.json", ".exercism/config.json"]) {
  if (!fs.existsSync(config)) continue;
  for (const file of (JSON.parse(fs.readFileSync(config, "utf8")).files || {}).test || []) {
    console.log(file);
  }
  break;
}' 2>/dev/null)
if [ ${#tests[@]} -eq 0 ] && [ -f "$slug.spec.js" ]; then
  tests=("$slug.spec.js")
fi
if [ ${#tests[@]} -eq 0 ]; then
  mapfile -t tests < <(ls -1 ./*.spec.js ./*.test.js 2>/dev/null | sed 's#^\./##')
fi
[ ${#tests[@]} -gt 0 ] ||
  runner_error "the test runner found no test file: neither .meta/config.json nor .exercism/config.json names one, and there is no $slug.spec.js nor any other *.spec.js or *.test.js"

for test in "${tests[@]}"; do
  problem=$("$helper" --parse-meta "$test" "$work/metadata.json" --transform "$test" "$test" 2>&1) ||
    runner_error "the test runner could not prepare $test: $(last_line "$problem")"
done
[ -f "$work/metadata.json" ] || echo '{"tests": []}' > "$work/metadata.json"
touch "$work/results.log"

# Jest writes its JSON results when the run ends; its reporter writes to stderr, so stdout
# holds only what the tests print (and their headers). A run killed at the time limit leaves
# no results: the headers name the test that was running. --colors keeps the matchers'
# colours in the messages, as the track's runner shows them; --forceExit ends the run when
# the tests have, whatever timers the solution left. CI is unset for the run: Babel's code frame
# of a syntax error colours itself when CI is set (picocolors), so a CI job would get another
# message than the runner's image; --ci says what CI would to Jest.
env -u CI timeout -k 1 "${RUNNER_TIMEOUT:-18}" node "$jest" --config "$here/lib/jest.config.js" \
  --rootDir "$run" --ci --colors --noStackTrace --verbose=false --runInBand --forceExit \
  --json --outputFile="$work/results.log" --runTestsByPath "${tests[@]}" \
  > "$work/output" 2> "$work/errors"

finish "$helper" --keep-load-output
