#!/usr/bin/env python3
"""Draws tests whose test_code shows context and writes what a student sees of each: the test's
name, its test_code and its failure message, as results.json gives them when the exercise's
stub solution (what a student starts from) runs through the pipeline (docs/runners.md's
by-hand recipes: --parse-meta, --transform, the framework, --log-to-json, --combine).

The draw: every test of the track's test files whose metadata has a `context`, sorted by file and
line; random.Random(SEED).sample of COUNT of them. A test the stub's run does not report (a
test file that does not load) is replaced by the next drawn, and said so.

usage: python3 eval/test_code/student_sample.py TRACKS_DIR LANGUAGE SEED COUNT > questions.md
EXERCISM_TEST_HELPER defaults to target/release/exercism_test_helper; runners/javascript must
have its node_modules for JavaScript.
"""
import glob, json, os, random, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = os.environ.get("EXERCISM_TEST_HELPER", os.path.join(ROOT, "target/release/exercism_test_helper"))
HELPER = os.path.abspath(HELPER) if os.sep in HELPER else HELPER


def recipe(language):
    """The shell recipe of docs/runners.md for the language, as the recipes tests run it."""
    text = open(os.path.join(ROOT, "docs/runners.md")).read()
    start = text.index(f"<!-- recipe: {language} -->")
    block = text[text.index("```sh\n", start) + 6:]
    return block[:block.index("```")]


def tests_with_context(track):
    found = []
    for config in sorted(glob.glob(os.path.join(track, "exercises/*/*/.meta/config.json"))):
        exercise = os.path.dirname(os.path.dirname(config))
        for test_file in json.load(open(config)).get("files", {}).get("test", []):
            path = os.path.join(exercise, test_file)
            if not os.path.exists(path):
                continue
            with tempfile.TemporaryDirectory() as scratch:
                out = os.path.join(scratch, "m.json")
                subprocess.run([HELPER, "--parse-meta", path, out], capture_output=True, check=True)
                for test in json.load(open(out))["tests"]:
                    if test.get("context"):
                        found.append((exercise, test_file, test["line"], test["name"]))
    return found


def run_stub(language, exercise, test_file):
    """results.json of the exercise's stub run through the language's recipe."""
    with tempfile.TemporaryDirectory() as scratch:
        work = os.path.join(scratch, os.path.basename(exercise))
        shutil.copytree(exercise, work, ignore=shutil.ignore_patterns(".meta"))
        env = dict(os.environ, PATH=os.path.dirname(HELPER) + os.pathsep + os.environ["PATH"],
                   repo=ROOT, test=test_file)
        if language == "javascript":
            # As the track's CI does: the test imports the solution from the exercise folder.
            spec = os.path.join(work, test_file)
            text = open(spec).read()  # read before open(..., "w") empties the file
            open(spec, "w").write(text.replace("from '../", "from './"))
        subprocess.run(["bash", "-c", recipe(language)], cwd=work, env=env,
                       capture_output=True, timeout=300)
        path = os.path.join(work, "results.json")
        return json.load(open(path)) if os.path.exists(path) else {"tests": [], "message": None}


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    tracks, language, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    track = os.path.join(tracks, language)
    candidates = tests_with_context(track)
    order = random.Random(seed).sample(candidates, len(candidates))
    runs, shown = {}, 0
    print(f"# What a student sees: {language}, seed {seed}\n")
    for exercise, test_file, line, name in order:
        if shown == count:
            break
        key = (exercise, test_file)
        if key not in runs:
            runs[key] = run_stub(language, exercise, test_file)
        result = next((t for t in runs[key].get("tests", []) if t["name"] == name), None)
        where = f"{os.path.relpath(exercise, track)}/{test_file}:{line}"
        if result is None:
            print(f"<!-- {where} {name!r}: not in the stub's results.json, replaced by the next drawn -->\n")
            continue
        shown += 1
        print(f"## {shown}. {where}\n")
        print(f"Test: `{result['name']}` ({result['status']})\n")
        print("test_code:\n\n```\n" + (result.get("test_code") or "") + "\n```\n")
        print("Failure message:\n\n```\n" + (result.get("message") or "(none)") + "\n```\n")


if __name__ == "__main__":
    main()
