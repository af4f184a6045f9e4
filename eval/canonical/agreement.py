#!/usr/bin/env python3
"""How far two readers agree: compares a second reading of a few exercises
(labels/<language>-2040.tsv by default) with their first reading (the sample each exercise
was first labelled in, 2026 to 2036 or rest).

usage: python3 eval/canonical/agreement.py [--sample SEED]

Prints, per language, the links (case uuid, test file, test line) both readers made, those
only the first made and those only the second made, and the second reader's precision and
recall against the first (the same measures score.py gives the check). No checkout is needed:
it reads the label files alone. labels/README.md says how the exercises were drawn.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import score  # noqa: E402


def main():
    if "-h" in sys.argv or "--help" in sys.argv:
        print(__doc__)
        return
    argv = sys.argv
    second_reading = argv[argv.index("--sample") + 1] if "--sample" in argv[:-1] else "2040"
    for language in ["elixir", "ruby", "python"]:
        path = score.sample_file(language, second_reading)
        if not os.path.exists(path):
            print(f"{language}: no second reading at {os.path.relpath(path, score.ROOT)}")
            continue
        second, second_uuids = score.labels(language, [path])
        first, first_uuids = score.labels(language, score.sample_files(language, score.FIRST_READINGS))
        both = only_first = only_second = 0
        for slug in sorted(second):
            if second_uuids[slug] != first_uuids.get(slug):
                print(f"  {language} {slug}: the two readings list different uuids")
            a, b = first.get(slug, set()), second[slug]
            both += len(a & b)
            only_first += len(a - b)
            only_second += len(b - a)
            for link in sorted(a - b):
                print(f"  {language} {slug}: only the first reader links {link}")
            for link in sorted(b - a):
                print(f"  {language} {slug}: only the second reader links {link}")
        precision = both / (both + only_second) if both + only_second else 1.0
        recall = both / (both + only_first) if both + only_first else 1.0
        cases = sum(len(u) for u in second_uuids.values())
        print(f"{language}: {len(second)} exercises, {cases} cases; {both} links both readers make, "
              f"{only_first} only the first, {only_second} only the second; the second against "
              f"the first: precision {precision:.3f}, recall {recall:.3f}")


if __name__ == "__main__":
    main()
