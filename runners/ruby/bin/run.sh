#!/usr/bin/env bash
# An Exercism Ruby test runner on exercism_test_helper:
#   runners/ruby/bin/run.sh <slug> <solution dir> <output dir>
# writes <output dir>/results.json and exits 0 whenever it could write one; the runner's own
# failures (no Ruby, no Minitest, no exercism_test_helper) are a results.json with status
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
command -v ruby >/dev/null || runner_error "the test runner could not start Ruby: ruby is not installed"
problem=$(ruby -e "begin; require 'minitest'; rescue LoadError => e; warn e.message; exit 1; end" 2>&1) ||
  runner_error "the test runner could not start Minitest: $(last_line "$problem")"

copy_solution

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
  problem=$("$helper" --parse-meta "$test" "$work/metadata.json" --transform "$test" "$test" 2>&1) ||
    runner_error "the test runner could not prepare $test: $(last_line "$problem")"
done
[ -f "$work/metadata.json" ] || echo '{"tests": []}' > "$work/metadata.json"
touch "$work/results.log"

# Every test file in one process, as the Ruby track runs them; a file that does not load is
# an error outside any test.
EXERCISM_RESULTS="$work/results.log" timeout -k 1 "${RUNNER_TIMEOUT:-18}" \
  ruby -W0 -I"$here/lib" -rexercism_runner -e '
    begin
      ARGV.each { |file| require File.expand_path(file) }
    rescue ScriptError, StandardError => e
      ExercismRunner.load_error(e)
      exit!(1)
    end' "${tests[@]}" > "$work/output" 2> "$work/errors"

finish "$helper" --keep-final-newline
