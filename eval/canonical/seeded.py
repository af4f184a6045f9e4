#!/usr/bin/env python3
"""Seeded pull requests on a real track: each a small change a contributor makes, checked with
`--check-canonical <exercise> --base <the commit before it>` as the pull request's job would
check it. Eight kinds, COUNT of each (drawn with SEED):

  delete      a test that is its case's only test is deleted: the job must fail, naming the case
              as an introduced `missing`
  rename      a linked test gets an unrelated name                         : the job must pass
  move        a linked test moves before the file's first test (into another group, in Elixir)
                                                                           : the job must pass
  reformat    a linked test gets a comment, a blank line and trailing spaces: the job must pass
  docs        an exercise with findings has its .docs/instructions.md changed: the job must pass
  uuid_alone  a linked case's uuid is added to tests.toml, its test not (the base has neither)
                                                                           : the job must fail
  uuid_test   a linked case's uuid is added to tests.toml with its test     : the job must pass
  exclude     a case whose only test stays is marked `include = false`      : the job must fail

Where a test starts and ends is read from the single-revision `--report` (its head's line) and
the layout the tracks are formatted in: a Ruby or Elixir test ends at the `end` at its head's
indentation, a Python one before the next line that is not deeper; Python decorators and Elixir
`@tag` lines just above the head go with it. A seeded change whose test file no longer parses is
drawn again (counted as redrawn).

usage: python3 eval/canonical/seeded.py TRACKS LANGUAGE [--seed 2050] [--count 60]
       [--kinds delete,rename,...] [--failures]

TRACKS holds a checkout named LANGUAGE (its HEAD is the base of every change) and
problem-specifications. Prints, per kind, how many jobs failed and passed (and, for deletions,
how many named the case); `--failures` prints each seeded change that went the wrong way.
EXERCISM_TEST_HELPER defaults to target/release/exercism_test_helper.
"""
import argparse, json, os, random, re, subprocess, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = os.environ.get("EXERCISM_TEST_HELPER", os.path.join(ROOT, "target/release/exercism_test_helper"))
# A path is the caller's, taken before the checks change directory; a bare name is looked up on PATH.
HELPER = os.path.abspath(HELPER) if os.sep in HELPER else HELPER
KINDS = ["delete", "rename", "move", "reformat", "docs", "uuid_alone", "uuid_test", "exclude"]
MUST_FAIL = {"delete", "uuid_alone", "exclude"}
COMMENT = {".py": "#", ".rb": "#", ".exs": "#", ".ex": "#", ".js": "//"}


def run(args, cwd, check=True):
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=check)


def git(cwd, *args):
    return run(["git", "-c", "user.name=Seed", "-c", "user.email=seed@example.com",
                "-c", "commit.gpgsign=false", *args], cwd).stdout


def indent(line):
    return len(line) - len(line.lstrip())


def extent(lines, head):
    """The 0-based [start, end) lines of the test whose head is at 0-based line `head`."""
    depth = indent(lines[head])
    start = head
    while start > 0 and lines[start - 1].strip().startswith("@") and indent(lines[start - 1]) == depth:
        start -= 1
    text = lines[head].rstrip()
    python = text.lstrip().startswith(("def ", "async def "))
    if not python and (text.endswith(")") or re.search(r",\s*do:", text)):
        return start, head + 1
    end = head + 1
    while end < len(lines):
        line = lines[end]
        if python:
            if line.strip() and indent(line) <= depth:
                break
        elif line.strip() == "end" and indent(line) == depth:
            end += 1
            break
        end += 1
    while python and end > head + 1 and not lines[end - 1].strip():
        end -= 1
    return start, end


def rename_head(line, n):
    if re.search(r"def test_\w+", line):
        return re.sub(r"def test_\w+", f"def test_seeded_{n}", line, count=1)
    return re.sub(r'test\s+"(?:[^"\\]|\\.)*"', f'test "seeded {n}"', line, count=1)


def main():
    p = argparse.ArgumentParser(usage=__doc__)
    p.add_argument("tracks")
    p.add_argument("language")
    p.add_argument("--seed", type=int, default=2050)
    p.add_argument("--count", type=int, default=60)
    p.add_argument("--kinds", default=",".join(KINDS))
    p.add_argument("--failures", action="store_true")
    a = p.parse_args()
    specs = os.path.abspath(os.path.join(a.tracks, "problem-specifications"))
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "track")
        run(["git", "clone", "--quiet", "--shared", os.path.join(a.tracks, a.language), work], tmp)
        head = git(work, "rev-parse", "HEAD").strip()
        report = os.path.join(tmp, "report.json")
        run([HELPER, "--check-canonical", "exercises/practice", "--problem-specifications", specs,
             "--report", report], work, check=False)
        entries = [e for e in json.load(open(report)) if "slug" in e and e.get("own_tests") is None]
        pools = pools_of(entries)
        for kind in a.kinds.split(","):
            rng = random.Random(f"{a.seed}-{a.language}-{kind}")
            pool = pools[kind]
            outcomes, redrawn, failures = [], 0, []
            order = rng.sample(pool, len(pool))
            # Fewer eligible than wanted: drawn again in another order.
            while len(order) < a.count * 3 and pool:
                order += rng.sample(pool, len(pool))
            for n, target in enumerate(order):
                if len(outcomes) == a.count:
                    break
                git(work, "checkout", "--quiet", "--force", head)
                git(work, "clean", "-fdq")
                base = seed(work, kind, target, n)
                out = run([HELPER, "--check-canonical", target["dir"], "--problem-specifications",
                           specs, "--base", base, "--report", report], work, check=False)
                if "does not parse" in out.stderr or out.returncode == 2:
                    redrawn += 1
                    continue
                result = json.load(open(report))[0]
                compared = result.get("compared", {})
                named = any(f.get("uuid") == target.get("uuid") and f["finding"] == "missing"
                            for f in compared.get("introduced", []))
                failed = out.returncode == 1
                right = failed if kind in MUST_FAIL else not failed
                if kind == "delete":
                    right = failed and named
                outcomes.append((failed, named))
                if not right:
                    failures.append((target, out.stdout.strip().splitlines()[:3]))
            failed = sum(1 for f, _ in outcomes if f)
            named = sum(1 for _, nm in outcomes if nm)
            wanted = "fail" if kind in MUST_FAIL else "pass"
            good = failed if kind in MUST_FAIL else len(outcomes) - failed
            if kind == "delete":
                good = sum(1 for f, nm in outcomes if f and nm)
            extra = f", named {named}" if kind == "delete" else ""
            print(f"{a.language}\t{kind}\t{len(outcomes)} seeded, {redrawn} redrawn\tmust {wanted}: "
                  f"{good}/{len(outcomes)} ({100 * good / max(1, len(outcomes)):.1f} %)\t"
                  f"failed {failed}{extra}")
            if a.failures:
                for target, lines in failures:
                    print(f"  {target['dir']} {target.get('uuid', '')[:8]} {target.get('test', '')}")
                    for line in lines:
                        print(f"    {line}")


def pools_of(entries):
    """The targets each kind draws from."""
    pools = {k: [] for k in KINDS}
    for e in entries:
        dir_ = e["dir"]
        tests_of = {}
        for c in e["cases"]:
            for t in c["tests"]:
                tests_of.setdefault((t["file"], t["line"]), []).append(c["uuid"])
        for c in e["cases"]:
            if not c["include"] or c["uuid"] in e["unknown_uuids"]:
                continue
            for t in c["tests"]:
                target = {"dir": dir_, "uuid": c["uuid"], "file": t["file"], "line": t["line"],
                          "test": t["name"]}
                only = len(c["tests"]) == 1 and tests_of[(t["file"], t["line"])] == [c["uuid"]]
                for kind in ["rename", "move", "reformat"]:
                    pools[kind].append(target)
                if only:
                    for kind in ["delete", "uuid_alone", "uuid_test", "exclude"]:
                        pools[kind].append(target)
        findings = any(e[k] for k in ["missing", "excluded_but_tested", "unconfirmed",
                                      "check_by_reading", "extra_tests", "unsynced_uuids"])
        if findings:
            pools["docs"].append({"dir": dir_})
    # One target per test for the kinds about tests.
    for kind in ["rename", "move", "reformat"]:
        seen, unique = set(), []
        for t in pools[kind]:
            key = (t["dir"], t["file"], t["line"])
            if key not in seen:
                seen.add(key)
                unique.append(t)
        pools[kind] = unique
    return pools


def seed(work, kind, target, n):
    """Makes the change `kind` to `target` in `work`; gives the base to compare with."""
    dir_ = os.path.join(work, target["dir"])
    if kind == "docs":
        path = os.path.join(dir_, ".docs", "instructions.md")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "a") as f:
            f.write(f"\nA seeded note, {n}.\n")
        return "HEAD"
    path = os.path.join(dir_, target["file"])
    lines = open(path).read().split("\n")
    start, end = extent(lines, target["line"] - 1)
    toml_path = os.path.join(dir_, ".meta", "tests.toml")
    if kind in ("delete", "uuid_alone", "uuid_test"):
        del lines[start:end]
        if kind == "delete":
            open(path, "w").write("\n".join(lines))
            return "HEAD"
        original_toml = open(toml_path).read()
        full = open(path).read()
        open(path, "w").write("\n".join(lines))
        open(toml_path, "w").write(without_entry(original_toml, target["uuid"]))
        git(work, "commit", "--quiet", "--all", "--message", "the base")
        open(toml_path, "w").write(original_toml)
        if kind == "uuid_test":
            open(path, "w").write(full)
        return "HEAD"
    if kind == "exclude":
        toml = open(toml_path).read()
        open(toml_path, "w").write(excluded(toml, target["uuid"]))
        return "HEAD"
    block = lines[start:end]
    if kind == "rename":
        lines[target["line"] - 1] = rename_head(lines[target["line"] - 1], n)
    elif kind == "reformat":
        head = target["line"] - 1
        body_indent = " " * (indent(lines[head]) + 2)
        for i in range(head + 1, end):
            if lines[i].strip():
                body_indent = lines[i][: indent(lines[i])]
                break
        mark = COMMENT.get(os.path.splitext(path)[1], "#")
        lines[head + 1:head + 1] = [f"{body_indent}{mark} A seeded comment, {n}.", ""]
        for i in range(head + 3, end + 2):
            if lines[i].strip():
                lines[i] = lines[i] + "  "
    elif kind == "move":
        heads = sorted(t for t in first_heads(lines))
        first = heads[0] if heads else 0
        if first >= start:
            # The first test itself: moved to the end of its group, after the last test.
            last = heads[-1]
            _, last_end = extent(lines, last)
            lines[last_end:last_end] = [""] + block
            del lines[start:end]
        else:
            first_start, _ = extent(lines, first)
            del lines[start:end]
            lines[first_start:first_start] = block + [""]
    open(path, "w").write("\n".join(lines))
    return "HEAD"


def first_heads(lines):
    for i, line in enumerate(lines):
        s = line.strip()
        if re.match(r"(async )?def test_", s) or re.match(r'test\s+"', s):
            yield i


def without_entry(toml, uuid):
    out, skipping = [], False
    for line in toml.split("\n"):
        if line.strip().startswith("["):
            skipping = line.strip() == f"[{uuid}]"
        if not skipping:
            out.append(line)
    return "\n".join(out)


def excluded(toml, uuid):
    out, inside = [], False
    for line in toml.split("\n"):
        if line.strip().startswith("["):
            if inside:
                out.append("include = false")
            inside = line.strip() == f"[{uuid}]"
        elif inside and line.strip().startswith("include"):
            continue
        out.append(line)
    if inside:
        out.append("include = false")
    return "\n".join(out)


if __name__ == "__main__":
    main()
