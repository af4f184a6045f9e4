#!/usr/bin/env python3
"""Checks that this build gives, on every test file of the tracks, byte for byte what an earlier
build gives. Two modes:

  body     `--parse-meta --test-code body` and `--transform` here against `--parse-meta` and
           `--transform` of a build from before test_code showed context: the metadata, the
           transformed file, stderr and the exit codes. When they are identical, every fidelity
           figure measured with the earlier build (names, order, task ids, every line kept, the
           same outcomes, every test announced) holds for `--test-code body` as it stands.
  context  `--parse-meta` (test_code with its context, the default) with both builds: the
           metadata, stderr and the exit code; also counts the files whose metadata shows a
           context. For a change that should only make the context cheaper to find.

usage: python3 eval/test_code/same_outputs.py body|context TRACKS_DIR EARLIER_BINARY [LANGUAGE...]
EXERCISM_TEST_HELPER defaults to target/release/exercism_test_helper.
"""
import glob, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = os.environ.get("EXERCISM_TEST_HELPER", os.path.join(ROOT, "target/release/exercism_test_helper"))
HELPER = os.path.abspath(HELPER) if os.sep in HELPER else HELPER


def outputs(binary, path, extra, transform):
    with tempfile.TemporaryDirectory() as scratch:
        meta, out = os.path.join(scratch, "metadata.json"), os.path.join(scratch, "transformed")
        read = lambda p: open(p, "rb").read() if os.path.exists(p) else None
        parse = subprocess.run([binary, "--parse-meta", path, meta, *extra], capture_output=True)
        found = [read(meta), parse.stderr, parse.returncode]
        if transform:
            run = subprocess.run([binary, "--transform", path, out], capture_output=True)
            found += [read(out), run.stderr, run.returncode]
        return found


def test_files(tracks, language):
    for config in sorted(glob.glob(os.path.join(tracks, language, "exercises/*/*/.meta/config.json"))):
        exercise = os.path.dirname(os.path.dirname(config))
        for test_file in json.load(open(config)).get("files", {}).get("test", []):
            path = os.path.join(exercise, test_file)
            if os.path.exists(path):
                yield path


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ("body", "context"):
        sys.exit(__doc__)
    mode, tracks, earlier = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])
    languages = sys.argv[4:] or ["elixir", "ruby", "python", "javascript"]
    body = mode == "body"
    print("| track | test files | identical |" + ("" if body else " with a context |"))
    print("|---|---|---|" + ("" if body else "---|"))
    for language in languages:
        files, with_context, differ = 0, 0, []
        for path in test_files(tracks, language):
            files += 1
            before = outputs(earlier, path, [], body)
            after = outputs(HELPER, path, ["--test-code", "body"] if body else [], body)
            if before != after:
                differ.append(os.path.relpath(path, tracks))
            if after[0] and b'"context"' in after[0]:
                with_context += 1
        print(f"| {language} | {files} | {files - len(differ)} |" + ("" if body else f" {with_context} |"))
        for path in differ:
            print(f"  differs: {path}")


if __name__ == "__main__":
    main()
