#!/usr/bin/env bash
# An Exercism Python test runner on exercism_test_helper:
#   runners/python/bin/run.sh <slug> <solution dir> <output dir>
# writes <output dir>/results.json and exits 0 whenever it could write one. The solution dir
# is only read: the tests run in a copy. exercism_test_helper is found on PATH (or set
# EXERCISM_TEST_HELPER); RUNNER_TIMEOUT bounds the run (default 18 s of the 20 s budget).
set -uo pipefail

if [ $# -lt 3 ]; then
  echo "usage: $0 <slug> <solution dir> <output dir>" >&2
  exit 2
fi
input=${2%/}
output=${3%/}
here=$(cd "$(dirname "$0")/.." && pwd)
helper=${EXERCISM_TEST_HELPER:-exercism_test_helper}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp -R "$input/." "$work/"
cd "$work" || exit 2

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
  "$helper" --parse-meta "$test:metadata.json" --transform "$test:$test" || exit 2
done
[ -f metadata.json ] || echo '{"tests": []}' > metadata.json

# -s lets the tests' prints (and headers) through to stdout; without the terminal reporter,
# stdout holds only what the tests print. pytest exits 1 when a test fails: that is a result.
# The plugin writes the results in the line dialect (one per subTest variation).
EXERCISM_RESULTS="$work/results.log" PYTHONPATH="$here/lib${PYTHONPATH:+:$PYTHONPATH}" \
  timeout "${RUNNER_TIMEOUT:-18}" python3 -m pytest -s -p no:terminal -p no:cacheprovider \
  -p exercism_plugin "${tests[@]}" > output 2> errors
touch results.log

"$helper" --log-to-json output:output.json --combine results.log:metadata.json:output.json || exit 2
mkdir -p "$output"
# Paths as the student knows them: relative to the solution, not to this run's copy.
sed "s#$work/##g" results.log > "$output/results.json"
