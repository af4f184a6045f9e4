#!/usr/bin/env python3
"""Reads the findings of each track's whole-track check against the labels of every first
reading (`score.py --sample all`'s): how often each kind of finding is right, as the labels
say, without a reader.

usage: python3 eval/canonical/findings_score.py [--wrong] TRACKS_DIR [BINARY]

With --wrong, each wrong finding is listed too (kind, slug, uuid or test, and the labels'
reading).

A `missing` case is right when the labels give it no test; an `unconfirmed` one when the
test it names is one of its labelled tests; an `extra_test` when the labels give the test to
no case. Exercises whose tests are the track's own (`own_tests`) are counted, not judged:
with --wrong, how many of their unlinked cases the labels give a test. Only exercises the labels cover count (every eligible one). This is the labels'
reading, not a reader's: the findings drawn and judged by hand are in
labels/findings-<seed>.tsv. BINARY defaults to target/release/exercism_test_helper.
"""
import collections, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import score  # noqa: E402


def main():
    args = sys.argv[1:]
    wrong = "--wrong" in args
    args = [a for a in args if a != "--wrong"]
    if len(args) not in (1, 2) or args[0].startswith("-"):
        sys.exit(__doc__)
    tracks = args[0]
    binary = args[1] if len(args) == 2 else os.path.join(
        score.ROOT, "target", "release", "exercism_test_helper")
    for language in ["elixir", "ruby", "python"]:
        labels, _ = score.labels(language, score.sample_files(language, score.FIRST_READINGS))
        exercises = score.check(binary, [os.path.join(tracks, language, "exercises", "practice")],
                                os.path.join(tracks, "problem-specifications"))
        tally = collections.Counter()
        for exercise in exercises:
            slug = exercise.get("slug")
            if slug not in labels:
                continue
            tests_of = collections.defaultdict(set)
            for uuid, file, line in labels[slug]:
                tests_of[uuid].add((file, line))
            labelled = set().union(*tests_of.values()) if tests_of else set()
            def count(kind, right, what):
                tally[kind, right] += 1
                if wrong and not right:
                    print(f"  wrong {kind} {slug} {what}")
            for uuid in exercise["missing"]:
                count("missing", not tests_of[uuid],
                      f"{uuid[:8]} labelled {sorted(tests_of[uuid])}")
            for p in exercise["unconfirmed"]:
                count("unconfirmed", (p["file"], p["line"]) in tests_of[p["uuid"]],
                      f"{p['uuid'][:8]} names {p['file']}:{p['line']}"
                      f" labelled {sorted(tests_of[p['uuid']])}")
            own = exercise.get("own_tests")
            if own:
                # Not judged here: how many of its unlinked cases the labels give a test
                # (through the track's own API) says what a reader will find.
                tally["own_tests"] += 1
                if wrong:
                    through_own = sum(1 for uuid in own["unlinked_cases"] if tests_of[uuid])
                    print(f"  own_tests {slug}: {len(own['unlinked_cases'])} unlinked cases, "
                          f"{through_own} labelled with a test")
            for t in exercise["extra_tests"]:
                of = sorted(u[:8] for u, ts in tests_of.items() if (t["file"], t["line"]) in ts)
                count("extra_test", (t["file"], t["line"]) not in labelled,
                      f"{t['file']}:{t['line']} labelled for {of}")
        print(f"{language}: " + ", ".join(
            f"{kind} right {tally[kind, True]}/{tally[kind, True] + tally[kind, False]}"
            for kind in ["missing", "unconfirmed", "extra_test"])
            + f"; own_tests {tally['own_tests']} exercises")


if __name__ == "__main__":
    main()
