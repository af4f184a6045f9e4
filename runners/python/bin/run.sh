#!/usr/bin/env bash
# An Exercism Python test runner on exercism_test_helper:
#   runners/python/bin/run.sh <slug> <solution dir> <output dir>
# writes <output dir>/results.json and exits 0 whenever it could write one; the runner's own
# failures (no Python, no pytest, no exercism_test_helper) are a results.json with status
# error saying so. The solution dir is only read: the tests run in a copy, and the runner's
# own files (metadata, captured output, results log) are kept outside the directory the tests
# run in. exercism_test_helper is $EXERCISM_TEST_HELPER, else the one built beside this
# folder (target/release of the project that holds it), else the one on PATH.
# RUNNER_TIMEOUT bounds the run (default 18 s of the 20 s budget).
set -uo pipefail
unset CDPATH # cd prints the directory it found through CDPATH, which $(cd … && pwd) would keep

if [ $# -lt 3 ]; then
  echo "usage: $0 <slug> <solution dir> <output dir>" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")/.." && pwd)
# Absolute paths before anything changes directory: relative ones are the caller's.
mkdir -p -- "$3" && output=$(cd -- "$3" && pwd) || {
  echo "$0: cannot create the output directory $3" >&2
  exit 2
}
# shellcheck source=../lib/runner.sh
source "$here/lib/runner.sh"

find_inputs "$2" "$here"
command -v python3 >/dev/null ||
  runner_error "the test runner could not start Python: python3 is not installed"

copy_solution

# The test files: .meta/config.json's files.test, else every *_test.py.
tests=()
if [ -f .meta/config.json ]; then
  mapfile -t tests < <(python3 -c '
import json
for f in json.load(open(".meta/config.json")).get("files", {}).get("test", []):
    if f.endswith(".py"):
        print(f)' 2>/dev/null)
fi
if [ ${#tests[@]} -eq 0 ]; then
  mapfile -t tests < <(ls -1 ./*_test.py 2>/dev/null | sed 's#^\./##')
fi

for test in "${tests[@]}"; do
  problem=$("$helper" --parse-meta "$test" "$work/metadata.json" --transform "$test" "$test" 2>&1) ||
    runner_error "the test runner could not prepare $test: $(last_line "$problem")"
done
[ -f "$work/metadata.json" ] || echo '{"tests": []}' > "$work/metadata.json"
touch "$work/results.log"

# -s lets the tests' prints (and headers) through to stdout; without the terminal reporter,
# stdout holds only what the tests print. pytest exits 1 when a test fails: that is a result.
# The plugin writes the results in the line dialect (one per subTest variation). Unbuffered,
# a test killed at the time limit keeps what it printed.
EXERCISM_RESULTS="$work/results.log" PYTHONUNBUFFERED=1 PYTHONPATH="$here/lib${PYTHONPATH:+:$PYTHONPATH}" \
  timeout -k 1 "${RUNNER_TIMEOUT:-18}" python3 -m pytest -s -p no:terminal -p no:cacheprovider \
  -p exercism_plugin "${tests[@]}" > "$work/output" 2> "$work/errors"
# Without pytest, `python3 -m pytest` says `/usr/bin/python3: No module named pytest` (checked
# here rather than before the run, which would start pytest twice).
if [ ! -s "$work/results.log" ] && problem=$(last_line "$(cat "$work/errors" 2>/dev/null)") &&
  [[ $problem == *"No module named pytest" ]]; then
  runner_error "the test runner could not start pytest: ${problem##*: }"
fi

finish "$helper"
