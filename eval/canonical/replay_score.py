#!/usr/bin/env python3
"""Scores the replayed jobs (replay.py's output) against readers' answers to the questions
replay_questions.py drew: a failing `missing` is right when the reader found no test checking
the case at that commit (NO), a failing `excluded_but_tested` when they found one (YES);
UNCLEAR counts as not right. Prints, per track, the commits replayed, the exercise changes,
how often today's job (--changed-since) and the --base job failed, how many --base fails have
at least one failing finding read right, and the share of failing findings read right; with
`--wrong`, each finding read wrong. The decoys (questions of cases no job found failing) are
counted apart: how often the reader found their test, a check of the readers themselves.

usage: python3 eval/canonical/replay_score.py QUESTIONS ANSWERS [--wrong] LANGUAGE=REPLAY.tsv ...
"""
import sys


def table(path):
    lines = open(path).read().splitlines()
    lines = [l for l in lines if l and not l.startswith("#")]
    head = lines[0].split("\t")
    return [dict(zip(head, l.split("\t"))) for l in lines[1:]]


def main():
    args = [a for a in sys.argv[1:] if a != "--wrong"]
    wrong_too = "--wrong" in sys.argv
    if len(args) < 3:
        sys.exit(__doc__)
    questions = {q["id"]: q for q in table(args[0])}
    answers = {a["id"]: a for a in table(args[1])}
    asked = {(q["track"], q["commit"], q["exercise"], q["uuid"]): q["id"] for q in questions.values()}
    failing_keys = set()
    print("| track | commits | exercise changes | job fails today | fails with --base | fails right | findings right |")
    print("|---|---|---|---|---|---|---|")
    for arg in args[2:]:
        language, path = arg.split("=", 1)
        rows = table(path)
        commits = len(rows)
        changes = sum(int(r["exercises"]) for r in rows)
        today = sum(1 for r in rows if r["changed_since_exit"] == "1")
        fails, fails_right, right, findings, wrong = 0, 0, 0, 0, []
        for r in rows:
            if r["base_exit"] != "1" or not r["base_failing_findings"]:
                continue
            fails += 1
            any_right = False
            for finding in r["base_failing_findings"].split(";"):
                slug, kind, uuid = finding.split(" ")
                key = (language, r["commit"], slug, uuid)
                failing_keys.add(key)
                answer = answers.get(asked.get(key, ""), {}).get("answer", "UNCLEAR")
                is_right = answer == ("NO" if kind == "missing" else "YES")
                findings += 1
                right += is_right
                any_right |= is_right
                if not is_right:
                    wrong.append(f"  {r['commit']} {slug} {kind} {uuid[:8]}: {answer} "
                                 f"{answers.get(asked.get(key, ''), {}).get('note', '')}")
            fails_right += any_right
        share = f"{right}/{findings} ({100 * right / findings:.0f} %)" if findings else "-"
        fails_share = f"{fails_right}/{fails} ({100 * fails_right / fails:.0f} %)" if fails else "-"
        print(f"| {language} | {commits} | {changes} | {today} | {fails} | {fails_share} | {share} |")
        if wrong_too:
            print("\n".join(wrong))
    decoys = [q for key, q in ((k, questions[i]) for k, i in asked.items()) if key not in failing_keys]
    found = sum(1 for q in decoys if answers.get(q["id"], {}).get("answer") == "YES")
    print(f"\ndecoys (cases no job found failing): the readers found a test for {found} of {len(decoys)}")


if __name__ == "__main__":
    main()
