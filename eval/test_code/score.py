#!/usr/bin/env python3
"""Scores what --parse-meta's test_code shows against the readers' labels of what each test's
body uses (labels/<language>-<seed>.tsv, written to labels/brief.md).

For each labelled test file, the binary's --parse-meta runs on the track's file; its tests are
joined to the label rows by line. A test's labelled definitions (`name@line`) are shown when each
line lies within the lines of a definition the metadata's `context.definitions` lists; a
definition shown is used when a labelled line lies within it. Printed per language and sample:

- tests: the tests labelled; with uses: those whose label lists a definition;
- shown whole: of the tests with uses, those whose every labelled definition is shown (the
  target is 98 %); at the end of its row when there are any: tests whose test_code after its context
  is not, byte for byte, what `--test-code body` gives ("body not whole", must be 0), or whose
  context does not end in an empty line ("bad context lines");
- show unused: tests that show a definition the label does not list (the target is 2 % at most);
- unjoined: label rows with no test of that line in the metadata, and tests with no row.

With --list, each miss and each unused definition is printed with its file, line and test.

usage: python3 eval/test_code/score.py TRACKS_DIR LABELS.tsv... [--list]
EXERCISM_TEST_HELPER defaults to target/release/exercism_test_helper.
"""
import csv, json, os, subprocess, sys, tempfile
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = os.environ.get("EXERCISM_TEST_HELPER", os.path.join(ROOT, "target/release/exercism_test_helper"))
HELPER = os.path.abspath(HELPER) if os.sep in HELPER else HELPER


def metadata(track, path, *extra):
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "metadata.json")
        run = subprocess.run([HELPER, "--parse-meta", os.path.join(track, path), out, *extra],
                             capture_output=True, text=True)
        if run.returncode != 0:
            raise RuntimeError(f"{path}: {run.stderr.strip()}")
        return json.load(open(out))["tests"]


def labelled_lines(uses):
    return sorted({int(use.rsplit("@", 1)[1]) for use in uses.split(",") if use.strip()})


def score(tracks, labels, listing):
    language, seed = os.path.basename(labels)[:-4].rsplit("-", 1)
    track = os.path.join(tracks, language)
    rows = defaultdict(dict)
    with open(labels, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            rows[row["file"]][int(row["line"])] = row
    counts = defaultdict(int)
    for path, by_line in rows.items():
        tests = {t["line"]: t for t in metadata(track, path)}
        bodies = {t["line"]: t["test_code"] for t in metadata(track, path, "--test-code", "body")}
        counts["tests with no row"] += len(set(tests) - set(by_line))
        for line, row in sorted(by_line.items()):
            counts["tests"] += 1
            test = tests.get(line)
            if test is None:
                counts["unjoined"] += 1
                if listing:
                    print(f"  unjoined  {path}:{line} {row['test']}")
                continue
            wanted = labelled_lines(row["uses"])
            context = test.get("context") or {"definitions": [], "lines": 0}
            shown = [(d["line"], d["end_line"]) for d in context["definitions"]]
            within = lambda l: any(a <= l <= b for a, b in shown)
            if wanted:
                counts["with uses"] += 1
                missed = [l for l in wanted if not within(l)]
                if not missed:
                    counts["shown whole"] += 1
                elif listing:
                    print(f"  missed    {path}:{line} {row['test']}: lines {missed} (shown {shown})")
            unused = [(a, b) for a, b in shown if not any(a <= l <= b for l in wanted)]
            if unused:
                counts["show unused"] += 1
                if listing:
                    print(f"  unused    {path}:{line} {row['test']}: {unused} (labelled {wanted})")
            body = test["test_code"].split("\n")[context["lines"]:]
            if "\n".join(body) != bodies.get(line):
                counts["body not whole"] += 1
                if listing:
                    print(f"  body      {path}:{line} {row['test']}: not --test-code body's")
            if context["lines"] and (context["lines"] < 2 or test["test_code"].split("\n")[context["lines"] - 1] != ""):
                counts["bad context lines"] += 1
    return language, seed, counts


def main():
    args = [a for a in sys.argv[1:] if a != "--list"]
    if len(args) < 2:
        sys.exit(__doc__)
    tracks, listing = args[0], "--list" in sys.argv
    print("| language | sample | tests | with uses | shown whole | show unused | unjoined |")
    print("|---|---|---|---|---|---|---|")
    for labels in args[1:]:
        language, seed, c = score(tracks, labels, listing)
        whole = f"{c['shown whole']}/{c['with uses']}" + (
            f" ({100 * c['shown whole'] / c['with uses']:.1f} %)" if c["with uses"] else "")
        unused = f"{c['show unused']}/{c['tests']} ({100 * c['show unused'] / max(c['tests'], 1):.1f} %)"
        print(f"| {language} | {seed} | {c['tests']} | {c['with uses']} | {whole} | {unused} | "
              f"{c['unjoined']} + {c['tests with no row']} |" + (
                  f" bad context lines: {c['bad context lines']}" if c["bad context lines"] else "") + (
                  f" body not whole: {c['body not whole']}" if c["body not whole"] else ""))


if __name__ == "__main__":
    main()
