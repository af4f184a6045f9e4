#!/usr/bin/env bash
# An Exercism Ruby test runner on exercism_test_helper:
#   runners/ruby/bin/run.sh <slug> <solution dir> <output dir>
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

# The test files: .meta/config.json's files.test, else every *_test.rb but benchmarks.
tests=()
if [ -f .meta/config.json ]; then
  mapfile -t tests < <(ruby -rjson -e \
    'puts((JSON.parse(File.read(".meta/config.json")).dig("files", "test") || []).grep(/_test\.rb\z/))' 2>/dev/null)
fi
if [ ${#tests[@]} -eq 0 ]; then
  mapfile -t tests < <(ls -1 ./*_test.rb 2>/dev/null | grep -v '_benchmark_test\.rb$' | sed 's#^\./##')
fi

for test in "${tests[@]}"; do
  "$helper" --parse-meta "$test:metadata.json" --transform "$test:$test" || exit 2
done
[ -f metadata.json ] || echo '{"tests": []}' > metadata.json

# Every test file in one process, as the Ruby track runs them; a file that does not load is
# an error outside any test.
EXERCISM_RESULTS="$work/results.log" timeout "${RUNNER_TIMEOUT:-18}" \
  ruby -W0 -I"$here/lib" -rexercism_runner -e '
    begin
      ARGV.each { |file| require File.expand_path(file) }
    rescue ScriptError, StandardError => e
      ExercismRunner.load_error(e)
      exit!(1)
    end' "${tests[@]}" > output 2> errors
touch results.log

"$helper" --log-to-json output:output.json --keep-final-newline \
  --combine results.log:metadata.json:output.json || exit 2
mkdir -p "$output"
# Paths as the student knows them: relative to the solution, not to this run's copy.
sed "s#$work/##g" results.log > "$output/results.json"
