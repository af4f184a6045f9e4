#!/usr/bin/env bash
# The canonical check as a GitHub Actions step (the repository's action.yml runs it in the
# track's checkout): on a pull request or a push, the exercises the change touches, each
# compared with itself before the change (--base), so that only what the change introduced
# fails; on any other event, every exercise. Annotations on the change's lines and every
# finding in the job summary. Also runs by hand or in any CI:
#
#   EXERCISM_TEST_HELPER  the exercism_test_helper binary (required)
#   EXERCISES             the folder of exercises (default exercises/practice)
#   PROBLEM_SPECIFICATIONS  a problem-specifications checkout; when it has no exercises/,
#                         PROBLEM_SPECIFICATIONS_REF (default main) is fetched into it
#   REPORT                where to write the --report JSON (default: none)
#   SUPPRESSIONS          the file of findings recorded as read (default
#                         canonical-suppressions.json, read when it is there)
#   BASE                  the commit to compare with, overriding the event's
#   GITHUB_EVENT_NAME     set by GitHub: pull_request (or pull_request_target) and push
#                         compare with a base, other events check every exercise
#   GITHUB_BASE_REF       set by GitHub on a pull request: the branch it goes into
#   EVENT_BEFORE          on a push, the commit before it (github.event.before)
#   GITHUB_STEP_SUMMARY   set by GitHub: the job summary the check appends to
#
# Exits as exercism_test_helper does: 0 clean, 1 a case missing or excluded but tested (that
# the change introduced, where there is a base), 2 an input that could not be read.
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

# Makes sure git has `commit` (a full id), fetching it alone when it is not here yet.
have() {
  git cat-file -e "$1^{commit}" 2>/dev/null ||
    git fetch --quiet --no-tags --depth 1 origin "$1" 2>/dev/null
}

base=${BASE:-}
if [ -z "$base" ]; then
  case "${GITHUB_EVENT_NAME:-}" in
    pull_request | pull_request_target)
      # actions/checkout checks out the pull request's merge commit alone: its first parent
      # is the base branch the pull request is merged into, and the merge commit against it
      # is exactly the pull request's change. Checked out otherwise, the base is the base
      # branch, fetched as origin/<branch> (or the local branch of that name).
      parents=$(git cat-file -p HEAD | sed -n 's/^parent //p')
      if [ "$(printf '%s\n' "$parents" | grep -c .)" -eq 2 ] &&
        have "$(printf '%s\n' "$parents" | head -n 1)"; then
        base=$(printf '%s\n' "$parents" | head -n 1)
      elif [ -n "${GITHUB_BASE_REF:-}" ]; then
        base=origin/$GITHUB_BASE_REF
        if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
          git fetch --quiet --no-tags --depth 1 origin \
            "+refs/heads/$GITHUB_BASE_REF:refs/remotes/$base" 2>/dev/null ||
            base=$GITHUB_BASE_REF
        fi
      fi
      ;;
    push)
      # The commit before the push; none for a new branch (all zeros): every exercise.
      before=${EVENT_BEFORE:-}
      if [ -n "$before" ] && [ -n "${before//0/}" ]; then
        have "$before" || true
        base=$before
      fi
      ;;
  esac
fi

args=(--check-canonical "$exercises" --problem-specifications "$specs" --format github)
if [ -n "${REPORT:-}" ]; then
  args+=(--report "$REPORT")
fi
if [ -n "${SUPPRESSIONS:-}" ]; then
  args+=(--suppressions-location "$SUPPRESSIONS")
fi
if [ -n "$base" ]; then
  args+=(--base "$base")
fi
exec "$helper" "${args[@]}"
