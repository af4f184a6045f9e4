#!/usr/bin/env bash
# The canonical check as a GitHub Actions step (the repository's action.yml runs it in the
# track's checkout): on a pull request, only the exercises it changes; annotations on the
# pull request's lines and every finding in the job summary. Also runs by hand or in any CI:
#
#   EXERCISM_TEST_HELPER  the exercism_test_helper binary (required)
#   EXERCISES             the folder of exercises (default exercises/practice)
#   PROBLEM_SPECIFICATIONS  a problem-specifications checkout; when it has no exercises/,
#                         PROBLEM_SPECIFICATIONS_REF (default main) is fetched into it
#   REPORT                where to write the --report JSON (default: none)
#   GITHUB_BASE_REF       set by GitHub on a pull request: the base branch, whose changes
#                         since it decide what is checked (unset: every exercise)
#   GITHUB_STEP_SUMMARY   set by GitHub: the job summary the check appends to
#
# Exits as exercism_test_helper does: 0 clean, 1 a case missing or excluded but tested,
# 2 an input that could not be read.
set -euo pipefail
unset CDPATH

helper=${EXERCISM_TEST_HELPER:?EXERCISM_TEST_HELPER must name the exercism_test_helper binary}
exercises=${EXERCISES:-exercises/practice}
specs=${PROBLEM_SPECIFICATIONS:-${RUNNER_TEMP:-${TMPDIR:-/tmp}}/problem-specifications}

if [ ! -d "$specs/exercises" ]; then
  ref=${PROBLEM_SPECIFICATIONS_REF:-main}
  git init --quiet -- "$specs"
  git -C "$specs" fetch --quiet --depth 1 \
    https://github.com/exercism/problem-specifications.git "$ref"
  git -C "$specs" checkout --quiet --detach FETCH_HEAD
fi

args=(--check-canonical "$exercises" --problem-specifications "$specs" --format github)
if [ -n "${REPORT:-}" ]; then
  args+=(--report "$REPORT")
fi
if [ -n "${GITHUB_BASE_REF:-}" ]; then
  # actions/checkout fetches the pull request's merge commit alone: its base branch is
  # fetched too, as origin/<base>. Where there is no such remote (a local run), the base
  # is the local branch of that name; where git knows neither, every exercise is checked.
  base=origin/$GITHUB_BASE_REF
  if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
    git fetch --quiet --no-tags --depth 1 origin \
      "+refs/heads/$GITHUB_BASE_REF:refs/remotes/$base" 2>/dev/null ||
      base=$GITHUB_BASE_REF
  fi
  args+=(--changed-since "$base")
fi
exec "$helper" "${args[@]}"
