#!/usr/bin/env python3
"""Draws test files to read for what their tests' bodies use (eval/README.md, "What test_code
shows"): random.Random(SEED).sample over the sorted test files of the track's concept exercises
(CONCEPT of them) and, with the same generator, of its practice exercises (PRACTICE of them).
A test file is one that an exercise's .meta/config.json lists under files.test and that exists;
every exercise counts, deprecated ones too (a student can still be given them).

With --exclude FILE (an earlier draw's output, may be given more than once), the files that draw
holds are not drawn again. With --with-definitions, only files that define something a test body
could use are eligible: a line matching the language's DEFINITION pattern below (a plain text
filter, so that a sample is rich in tests with context without asking the tool which they are).

usage: python3 eval/test_code/draw.py TRACKS_DIR LANGUAGE SEED CONCEPT PRACTICE [--exclude FILE]... [--with-definitions]
prints: one line per file, "<kind>\t<slug>\t<path from the track's root>"
"""
import json, os, random, re, sys

# A line that defines something outside a test: a helper, an attribute or constant, a setup, an
# alias or renaming import, a variable of the file.
DEFINITION = {
    "elixir": r"^\s*(@(?!tag\b|moduletag\b|describetag\b|moduledoc\b|doc\b)\w+\s|defp?\s|defmacrop?\s|defmodule\s.*(?<!Test) do|setup\b|alias\s)",
    "ruby": r"^\s*(def\s+(?!test_)|attr_(reader|accessor)\b|[A-Z][A-Za-z0-9_]*\s*=[^=]|setup\b)",
    "python": r"^(\s*def\s+(?!test_)|[A-Za-z_]\w*\s*=[^=]|    [A-Za-z_]\w*\s*=[^=])",
    "javascript": r"^\s*(const|let|var|function|class)\s(?!.*\brequire\()|^\s*(beforeEach|beforeAll)\(",
}


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
    while "--exclude" in args:
        at = args.index("--exclude")
        excluded |= {line.split("\t")[2].strip() for line in open(args[at + 1]) if line.strip()}
        del args[at:at + 2]
    with_definitions = "--with-definitions" in args
    if with_definitions:
        args.remove("--with-definitions")
    if len(args) != 5:
        sys.exit(__doc__)
    tracks, language, seed = args[0], args[1], int(args[2])
    concept, practice = int(args[3]), int(args[4])
    track = os.path.join(tracks, language)
    draw = random.Random(seed)
    for kind, count in (("concept", concept), ("practice", practice)):
        files = [row for row in test_files(track, kind) if row[2] not in excluded]
        if with_definitions:
            pattern = re.compile(DEFINITION[language], re.M)
            files = [row for row in files
                     if pattern.search(open(os.path.join(track, row[2]), errors="replace").read())]
        for row in draw.sample(files, min(count, len(files))):
            print("\t".join(row))


if __name__ == "__main__":
    main()
