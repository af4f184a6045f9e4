#!/usr/bin/env python3
"""Draws findings of a whole-track check for reading: up to COUNT of each kind (missing,
excluded_but_tested, unconfirmed, check_by_reading, own_tests, extra_test, misnamed_test;
not unsynced_uuid, which needs no judgement) with random.Random(SEED), from the --report JSON of
`--check-canonical exercises/practice`.

usage: python3 eval/canonical/findings_draw.py REPORT_JSON LANGUAGE SEED COUNT

Prints one row per drawn finding, tab-separated: language, kind, slug, uuid (or -), test
file, test line (or -), what the reader checks. The rows go to readers who judge each by
reading the case (canonical-data.json, tests.toml) and the tests; their verdicts are kept in
labels/findings-<seed>.tsv.
"""
import json, random, sys


def findings(report):
    for exercise in report:
        if "slug" not in exercise:
            continue
        slug = exercise["slug"]
        cases = {c["uuid"]: c for c in exercise["cases"]}
        describe = lambda uuid: cases.get(uuid, {}).get("description", "")
        for uuid in exercise["missing"]:
            yield "missing", slug, uuid, "-", "-", f"no test implements \"{describe(uuid)}\""
        for uuid in exercise["excluded_but_tested"]:
            for test in cases[uuid]["tests"]:
                yield ("excluded_but_tested", slug, uuid, test["file"], test["line"],
                       f"the test implements the excluded \"{describe(uuid)}\"")
        for kind in ("unconfirmed", "check_by_reading"):
            for p in exercise[kind]:
                yield (kind, slug, p["uuid"], p["file"] or "-", p["line"] or "-",
                       f"the test named implements \"{describe(p['uuid'])}\"")
        own = exercise.get("own_tests")
        if own:
            yield ("own_tests", slug, "-", exercise["test_files"][0] if exercise["test_files"] else "-",
                   "-", f"the tests are the track's own, not the canonical data's: "
                   f"{own['cases_linked']} of {own['cases']} included cases and "
                   f"{own['tests_linked']} of {own['tests']} tests linked; unlinked cases: "
                   + ", ".join(u[:8] for u in own["unlinked_cases"]))
        for test in exercise["extra_tests"]:
            yield "extra_test", slug, "-", test["file"], test["line"], "the test implements no listed case"
        for m in exercise["misnamed_tests"]:
            yield ("misnamed_test", slug, m["named_after"], m["file"], m["line"],
                   "the test is named after this case but implements another")


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    report, language, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rows = list(findings(json.load(open(report))))
    rng = random.Random(seed)
    for kind in ("missing", "excluded_but_tested", "unconfirmed", "check_by_reading",
                 "own_tests", "extra_test", "misnamed_test"):
        of_kind = [r for r in rows if r[0] == kind]
        for row in rng.sample(of_kind, min(count, len(of_kind))):
            print("\t".join([language] + [str(x) for x in row]))


if __name__ == "__main__":
    main()
