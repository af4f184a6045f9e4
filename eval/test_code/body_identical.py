#!/usr/bin/env python3
"""Checks that `--parse-meta --test-code body` and `--transform` give, on every test file of the
tracks, byte for byte what an earlier build gives (one from before test_code showed context):
the metadata, the transformed file, stderr and the exit code. When they do, every fidelity
figure measured with the earlier build (names, order, task ids, every line kept, the same
outcomes, every test announced) holds for `--test-code body` as it stands.

usage: python3 eval/test_code/body_identical.py TRACKS_DIR EARLIER_BINARY [LANGUAGE...]
EXERCISM_TEST_HELPER defaults to target/release/exercism_test_helper.
"""
import glob, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = os.environ.get("EXERCISM_TEST_HELPER", os.path.join(ROOT, "target/release/exercism_test_helper"))
HELPER = os.path.abspath(HELPER) if os.sep in HELPER else HELPER


def outputs(binary, path, extra):
    with tempfile.TemporaryDirectory() as scratch:
        meta, out = os.path.join(scratch, "metadata.json"), os.path.join(scratch, "transformed")
        parse = subprocess.run([binary, "--parse-meta", path, meta, *extra], capture_output=True)
        transform = subprocess.run([binary, "--transform", path, out], capture_output=True)
        read = lambda p: open(p, "rb").read() if os.path.exists(p) else None
        return (read(meta), read(out), parse.stderr, parse.returncode, transform.stderr,
                transform.returncode)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    tracks, earlier = sys.argv[1], os.path.abspath(sys.argv[2])
    languages = sys.argv[3:] or ["elixir", "ruby", "python", "javascript"]
    print("| track | test files | identical |")
    print("|---|---|---|")
    for language in languages:
        files, differ = 0, []
        for config in sorted(glob.glob(os.path.join(tracks, language, "exercises/*/*/.meta/config.json"))):
            exercise = os.path.dirname(os.path.dirname(config))
            for test_file in json.load(open(config)).get("files", {}).get("test", []):
                path = os.path.join(exercise, test_file)
                if not os.path.exists(path):
                    continue
                files += 1
                if outputs(earlier, path, []) != outputs(HELPER, path, ["--test-code", "body"]):
                    differ.append(os.path.relpath(path, tracks))
        print(f"| {language} | {files} | {files - len(differ)} |")
        for path in differ:
            print(f"  differs: {path}")


if __name__ == "__main__":
    main()
