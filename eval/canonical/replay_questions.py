#!/usr/bin/env python3
"""Turns the findings that failed the replayed `--base` jobs (replay.py's output) into
questions for readers who never see the tool: for each, "at this commit, does a test of this
exercise check this case's input and expected value, through whatever API?", mixed with as
many decoys (another included case of the same exercise at the same commit, drawn with SEED),
so that a question says nothing of what the tool found. The questions are shuffled.

usage: python3 eval/canonical/replay_questions.py TRACKS SEED LANGUAGE=REPLAY.tsv ... > questions.tsv

Columns: id, track, commit, exercise, uuid, problem-specifications commit (the last before the commit's date), description, property,
input and expected (JSON). A reader answers each id YES (naming the test file and line), NO
or UNCLEAR. `replay_score.py` joins the answers with the findings: a `missing` is right when
the answer is NO, an `excluded_but_tested` when it is YES.
"""
import json, random, subprocess, sys


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True,
                          text=True).stdout


def cases_of(data):
    out = []
    def walk(items, groups):
        for item in items:
            if "cases" in item:
                walk(item["cases"], groups + [item.get("description", "")])
            elif "uuid" in item:
                out.append((" > ".join(groups + [item["description"]]), item))
    walk(data.get("cases", []), [])
    return out


def included(toml_text):
    """uuid -> include, from a tests.toml of either format."""
    import tomllib
    table = tomllib.loads(toml_text)
    if "canonical-tests" in table:
        return {u: bool(v) for u, v in table["canonical-tests"].items()}
    return {u: v.get("include", True) for u, v in table.items() if isinstance(v, dict)}


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    tracks, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    specs = f"{tracks}/problem-specifications"
    rows = []
    for arg in sys.argv[3:]:
        language, path = arg.split("=", 1)
        track = f"{tracks}/{language}"
        for line in open(path).read().splitlines()[1:]:
            fields = line.split("\t")
            commit, findings = fields[0], fields[8] if len(fields) > 8 else ""
            if not findings:
                continue
            full = git(track, "rev-parse", commit).strip()
            when = git(track, "show", "-s", "--format=%ct", full).strip()
            ps = git(specs, "rev-list", "-1", f"--before={when}", "--first-parent", "HEAD").strip()
            asked = set()
            for finding in findings.split(";"):
                slug, kind, uuid = finding.split(" ")
                toml = included(git(track, "show", f"{full}:exercises/practice/{slug}/.meta/tests.toml"))
                data = json.loads(git(specs, "show", f"{ps}:exercises/{slug}/canonical-data.json"))
                by_uuid = {c["uuid"]: (d, c) for d, c in cases_of(data)}
                picks = [uuid]
                others = [u for u in toml if u in by_uuid and toml[u] and u != uuid
                          and (slug, u) not in asked]
                if others:
                    picks.append(rng.choice(others))
                for u in picks:
                    if (slug, u) in asked:
                        continue
                    asked.add((slug, u))
                    description, case = by_uuid[u]
                    rows.append([language, full[:10], slug, u, ps[:10], description, case.get("property", ""),
                                 json.dumps(case.get("input"), ensure_ascii=False),
                                 json.dumps(case.get("expected"), ensure_ascii=False)])
    rng.shuffle(rows)
    print("id\ttrack\tcommit\texercise\tuuid\tproblem_specifications\tdescription"
          "\tproperty\tinput\texpected")
    for i, row in enumerate(rows, 1):
        print("\t".join([f"q{i:03d}"] + [r.replace("\t", " ") for r in row]))


if __name__ == "__main__":
    main()
