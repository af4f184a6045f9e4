# What bin/run.sh of every runner here shares (runners/ruby/lib/runner.sh,
# runners/python/lib/runner.sh and runners/javascript/lib/runner.sh are the same file, so
# that each runner folder stands alone).
# It expects $output (the absolute output directory); find_inputs and copy_solution set the
# rest: $input, $helper, $work (the runner's own files) and $run (the copy of the solution the
# tests run in).

# What a student sees when the runner's own files are gone after the run.
DISAPPEARED="The test run's files disappeared while the tests ran (the tests' metadata, their \
captured output or their results), so there are no results to show: the code under test may \
have deleted them."

# $1 as a JSON string: quotes, backslashes and line breaks escaped, other control characters
# dropped.
json_string() {
  local text=$1
  text=${text//\\/\\\\}
  text=${text//\"/\\\"}
  text=${text//$'\n'/\\n}
  text=${text//$'\r'/\\r}
  text=${text//$'\t'/\\t}
  printf '"%s"' "$(printf '%s' "$text" | tr -d '\000-\037\177')"
}

# The last line of $1 that is not blank.
last_line() {
  printf '%s\n' "$1" | grep -v '^[[:space:]]*$' | tail -n 1
}

# Writes a results.json with status error and the message $1, says it on stderr too (for the
# runner's maintainers), and exits 0: a results.json was written.
runner_error() {
  echo "$1" >&2
  mkdir -p -- "$output" 2>/dev/null
  printf '{\n  "version": 3,\n  "status": "error",\n  "message": %s,\n  "tests": []\n}\n' \
    "$(json_string "$1")" > "$output/results.json" || exit 2
  exit 0
}

# The path of exercism_test_helper: $EXERCISM_TEST_HELPER, else the one built in the
# target/release of the project this runner folder ($1) sits in, else the one on PATH.
find_helper() {
  if [ -n "${EXERCISM_TEST_HELPER:-}" ]; then
    command -v -- "$EXERCISM_TEST_HELPER"
    return
  fi
  local built
  built=$(cd -- "$1/../../target/release" 2>/dev/null && pwd)/exercism_test_helper
  if [ -x "$built" ]; then
    printf '%s\n' "$built"
    return
  fi
  command -v exercism_test_helper
}

# Sets $input, the solution directory $1 as an absolute path, and $helper, found for the runner
# folder $2.
find_inputs() {
  input=$(cd -- "$1" 2>/dev/null && pwd) ||
    runner_error "the test runner could not read the solution directory $1"
  helper=$(find_helper "$2") ||
    runner_error "the test runner could not find exercism_test_helper: build it with cargo build --release, or put it on PATH"
}

# Sets $work, a temporary directory removed on exit, and $run, a copy of $input in it, and
# enters $run: the tests run in the copy, and the solution directory is only read.
copy_solution() {
  work=$(mktemp -d) || runner_error "the test runner could not create a temporary directory"
  trap 'rm -rf "$work"' EXIT
  run="$work/solution"
  mkdir "$run" && cp -R "$input/." "$run/" ||
    runner_error "the test runner could not copy the solution directory"
  cd "$run" || runner_error "the test runner could not enter its copy of the solution"
}

# After the run: splits the captured output, combines it with the results log and the
# metadata (and the run's error output, $work/errors, which is the message when no test ran
# and the results do not say why), and writes results.json with this run's temporary paths
# taken out. $1 is the helper, the rest are extra --log-to-json flags.
finish() {
  local helper=$1 problem
  shift
  cd / || exit 2
  [ -f "$work/metadata.json" ] && [ -f "$work/output" ] && [ -f "$work/results.log" ] &&
    [ -f "$work/errors" ] || runner_error "$DISAPPEARED"
  problem=$("$helper" --log-to-json "$work/output" "$work/output.json" "$@" \
    --combine "$work/results.log" "$work/metadata.json" "$work/output.json" \
    --error-output "$work/errors" 2>&1) ||
    runner_error "the test runner could not combine the results: $(last_line "$problem")"
  # Paths as the student knows them: relative to the solution, not to this run's copy.
  local pattern
  pattern=$(printf '%s' "$work" | sed 's/[][\.*^$#]/\\&/g')
  mkdir -p -- "$output" 2>/dev/null
  sed -e "s#$pattern/solution/##g" -e "s#$pattern/##g" "$work/results.log" > "$output/results.json" ||
    exit 2
}
