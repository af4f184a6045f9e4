#!/usr/bin/env python3
"""Replays a track's real history through the canonical check as a pull request job would
run it: every first-parent commit since a date that touches exercises/practice, checked
against its parent, with problem-specifications as it was on the commit's date. Each commit is
checked twice, as the job did before `--base` (`--changed-since <parent>`: the exercises the
commit touched, each judged whole) and with `--base <parent>` (each finding introduced, fixed or
preexisting; only introduced ones fail).

usage: python3 eval/canonical/replay.py TRACKS LANGUAGE [--since 2022-01-01] [--until DATE] [--out FILE]
       python3 eval/canonical/replay.py TRACKS LANGUAGE --commits SHA,SHA   (only those)

TRACKS holds checkouts named elixir, ruby, python and problem-specifications with their whole
history (the track's is read from its HEAD, never changed: a scratch clone is checked out).
Writes one row per commit (tab-separated, header first) to FILE or stdout:

  commit  date  exercises  changed_since_exit  changed_since_failing  already_there  base_exit
  introduced_failing  base_failing_findings

`changed_since_failing` counts the findings that fail today's job; `already_there` how many of
them the parent had too (same kind and case); `base_failing_findings` lists each finding that
fails the `--base` job as `slug kind uuid`, separated by `;`. EXERCISM_TEST_HELPER defaults to
target/release/exercism_test_helper.
"""
import argparse, json, os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = os.environ.get("EXERCISM_TEST_HELPER", os.path.join(ROOT, "target/release/exercism_test_helper"))
# A path is the caller's, taken before the checks change directory; a bare name is looked up on PATH.
HELPER = os.path.abspath(HELPER) if os.sep in HELPER else HELPER
FAILING = ("missing", "excluded_but_tested")


def git(repo, *args, binary=False):
    out = subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True)
    return out.stdout if binary else out.stdout.decode()


def specs_at(specs_repo, cache, when):
    """problem-specifications' canonical data as it was at the time `when` (a unix time)."""
    sha = git(specs_repo, "rev-list", "-1", f"--before={when}", "--first-parent", "HEAD").strip()
    target = os.path.join(cache, sha)
    if not os.path.isdir(target):
        os.makedirs(target + ".part", exist_ok=True)
        archive = git(specs_repo, "archive", "--format=tar", sha, "exercises", binary=True)
        subprocess.run(["tar", "-x", "-C", target + ".part", "--wildcards", "*/canonical-data.json"],
                       input=archive, check=True)
        os.rename(target + ".part", target)
    return target


def check(work, specs, mode, parent, report):
    args = [HELPER, "--check-canonical", "exercises/practice", "--problem-specifications", specs,
            mode, parent, "--report", report]
    out = subprocess.run(args, cwd=work, capture_output=True, timeout=600)
    try:
        entries = json.load(open(report))
    except (OSError, ValueError):
        entries = []
    return out.returncode, entries, out.stderr.decode(errors="replace")


def failing(entries):
    """(slug, kind, uuid) of every failing finding of a single-revision report."""
    found = []
    for e in entries:
        if "slug" not in e:
            continue
        if e.get("own_tests") is None:
            found += [(e["slug"], "missing", u) for u in e["missing"]]
        found += [(e["slug"], "excluded_but_tested", u) for u in e["excluded_but_tested"]]
    return found


def suppressed(entries):
    """The findings the parent had, by (slug, kind, uuid): preexisting and fixed ones."""
    had = set()
    for e in entries:
        compared = e.get("compared") or {}
        for f in compared.get("preexisting", []) + compared.get("fixed", []):
            if f.get("uuid"):
                had.add((e["slug"], f["finding"], f["uuid"]))
    return had


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("tracks")
    parser.add_argument("language")
    parser.add_argument("--since", default="2022-01-01")
    parser.add_argument("--until", default="")
    parser.add_argument("--commits", default="")
    parser.add_argument("--out")
    a = parser.parse_args()
    track = os.path.join(a.tracks, a.language)
    specs_repo = os.path.join(a.tracks, "problem-specifications")
    until = [f"--until={a.until}"] if a.until else []
    commits = git(track, "log", "--first-parent", f"--since={a.since}", *until,
                  "--format=%H %ct", "HEAD", "--", "exercises/practice").split("\n")
    commits = [c.split() for c in commits if c]
    if a.commits:
        wanted = a.commits.split(",")
        commits = [c for c in commits if any(c[0].startswith(w) for w in wanted)]
    commits.reverse()
    out = open(a.out, "w") if a.out else sys.stdout
    out.write("commit\tdate\texercises\tchanged_since_exit\tchanged_since_failing\talready_there"
              "\tbase_exit\tintroduced_failing\tbase_failing_findings\n")
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "track")
        subprocess.run(["git", "clone", "--quiet", "--shared", "--no-checkout", track, work], check=True)
        cache = os.path.join(tmp, "specs")
        report = os.path.join(tmp, "report.json")
        for sha, when in commits:
            git(work, "checkout", "--quiet", "--force", "--detach", sha)
            git(work, "clean", "-fdxq")
            specs = specs_at(specs_repo, cache, when)
            parent = sha + "^"
            cs_exit, cs_entries, _ = check(work, specs, "--changed-since", parent, report)
            base_exit, base_entries, _ = check(work, specs, "--base", parent, report)
            had = suppressed(base_entries)
            cs_failing = failing(cs_entries)
            introduced = []
            for e in base_entries:
                compared = e.get("compared") or {}
                for f in compared.get("introduced", []):
                    if f["finding"] in FAILING and not f.get("recorded"):
                        introduced.append((e["slug"], f["finding"], f["uuid"]))
            date = git(work, "show", "-s", "--format=%cs", sha).strip()
            out.write("\t".join([
                sha[:10], date, str(len(cs_entries)), str(cs_exit), str(len(cs_failing)),
                str(sum(1 for f in cs_failing if f in had)), str(base_exit), str(len(introduced)),
                ";".join(" ".join(f) for f in introduced)]) + "\n")
            out.flush()


if __name__ == "__main__":
    main()
