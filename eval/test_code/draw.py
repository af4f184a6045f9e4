#!/usr/bin/env python3
"""Draws test files to read for what their tests' bodies use (eval/README.md, "What test_code
shows"): random.Random(SEED).sample over the sorted test files of the track's concept exercises
(CONCEPT of them) and, with the same generator, of its practice exercises (PRACTICE of them).
A test file is one that an exercise's .meta/config.json lists under files.test and that exists;
every exercise counts, deprecated ones too (a student can still be given them).

With --exclude FILE (an earlier draw's output), the files that draw holds are not drawn again.

usage: python3 eval/test_code/draw.py TRACKS_DIR LANGUAGE SEED CONCEPT PRACTICE [--exclude FILE]
prints: one line per file, "<kind>\t<slug>\t<path from the track's root>"
"""
import json, os, random, sys


def test_files(track, kind):
    root = os.path.join(track, "exercises", kind)
    files = []
    for slug in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        config = os.path.join(root, slug, ".meta", "config.json")
        if not os.path.exists(config):
            continue
        for test in json.load(open(config)).get("files", {}).get("test", []):
            path = os.path.join("exercises", kind, slug, test)
            if os.path.exists(os.path.join(track, path)):
                files.append((kind, slug, path))
    return sorted(files)


def main():
    args = sys.argv[1:]
    excluded = set()
    if len(args) == 7 and args[5] == "--exclude":
        excluded = {line.split("\t")[2].strip() for line in open(args[6]) if line.strip()}
        args = args[:5]
    if len(args) != 5:
        sys.exit(__doc__)
    tracks, language, seed = args[0], args[1], int(args[2])
    concept, practice = int(args[3]), int(args[4])
    track = os.path.join(tracks, language)
    draw = random.Random(seed)
    for kind, count in (("concept", concept), ("practice", practice)):
        files = [row for row in test_files(track, kind) if row[2] not in excluded]
        for row in draw.sample(files, min(count, len(files))):
            print("\t".join(row))


if __name__ == "__main__":
    main()
