#!/usr/bin/env python3
"""Checks that `--parse-meta` (test_code with its context, the default) gives, on every test file
of the tracks, byte for byte what an earlier build gives: the metadata, stderr and the exit code.
For a change that should only make the context cheaper to find.

usage: python3 eval/test_code/same_metadata.py TRACKS_DIR EARLIER_BINARY [LANGUAGE...]
EXERCISM_TEST_HELPER defaults to target/release/exercism_test_helper.
"""
import glob, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = os.environ.get("EXERCISM_TEST_HELPER", os.path.join(ROOT, "target/release/exercism_test_helper"))
HELPER = os.path.abspath(HELPER) if os.sep in HELPER else HELPER


def outputs(binary, path):
    with tempfile.TemporaryDirectory() as scratch:
        meta = os.path.join(scratch, "metadata.json")
        parse = subprocess.run([binary, "--parse-meta", path, meta], capture_output=True)
        written = open(meta, "rb").read() if os.path.exists(meta) else None
        return written, parse.stderr, parse.returncode


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    tracks, earlier = sys.argv[1], os.path.abspath(sys.argv[2])
    languages = sys.argv[3:] or ["elixir", "ruby", "python", "javascript"]
    print("| track | test files | identical | with a context |")
    print("|---|---|---|---|")
    for language in languages:
        files, with_context, differ = 0, 0, []
        for config in sorted(glob.glob(os.path.join(tracks, language, "exercises/*/*/.meta/config.json"))):
            exercise = os.path.dirname(os.path.dirname(config))
            for test_file in json.load(open(config)).get("files", {}).get("test", []):
                path = os.path.join(exercise, test_file)
                if not os.path.exists(path):
                    continue
                files += 1
                before, after = outputs(earlier, path), outputs(HELPER, path)
                if before != after:
                    differ.append(os.path.relpath(path, tracks))
                if after[0] and b'"context"' in after[0]:
                    with_context += 1
        print(f"| {language} | {files} | {files - len(differ)} | {with_context} |")
        for path in differ:
            print(f"  differs: {path}")


if __name__ == "__main__":
    main()
