#!/usr/bin/env python3
"""Scores --check-canonical against the links labelled by hand in labels/<language>-<seed>.tsv.

usage: python3 eval/canonical/score.py TRACKS_DIR [BINARY] [--no-deletion]
                                      [--sample SEED[,SEED...] | --sample all]

Samples are named by the seed that drew them (labels/README.md says how each was drawn and
labelled, and which were tuned on after their one blind scoring):
  (default)          2026, the first sample;
  --sample SEED,...  labels/<language>-<SEED>.tsv for each SEED, pooled into one score:
                     2026 to 2036 (one drawn after another, each from the exercises no
                     earlier one had), `rest` (every exercise left after 2036), or a second
                     reading of exercises already labelled (2040; agreement.py compares it
                     with the first);
  --sample all       every first reading pooled: 2026 to 2036 and rest, which together hold
                     every eligible exercise of the three tracks once (second readings are
                     not part of it);
  --held-out         the same as --sample 2027.
A language with no file for a chosen sample (Ruby has no `rest`) passes over it.

TRACKS_DIR holds checkouts named elixir, ruby, python, javascript and problem-specifications (the
commits the labels name are in each file's header). BINARY defaults to
target/release/exercism_test_helper. Prints, per language: precision and recall of the links
(case uuid, test file, test line), the labelled links the tool missed and the links it made
that the labels do not have; then the deletion check: each test of the sample is deleted from
a copy of its exercise in turn, and the cases it alone implemented must become `missing` (not
`unconfirmed`; `check_by_reading` for a case that states a check, which is never missing; in an
exercise whose tests are the track's own, an unlinked case of `own_tests`)
while no other link changes; and the rename check: each test is renamed `case N` in turn,
and the links it keeps are counted (a link made on the name alone is lost, as it should be),
then those of them whose test holds all of the case's data (a renamed test should keep its
link wherever its code holds the case's literals), as the check reads the data
(tests/all/canonical_explain.rs's `held_data`, which this runs with cargo), and the renames
that changed no other link (the renamed test gains none, no other test loses one).
"""
import json, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


# Every first reading, in the order drawn: together they hold each eligible exercise once.
FIRST_READINGS = [str(seed) for seed in range(2026, 2037)] + ["rest"]

LANGUAGES = ["elixir", "ruby", "python", "javascript"]


def chosen_samples():
    """The samples --sample SEED[,SEED...] (or all) or --held-out name; 2026 by default."""
    argv = sys.argv
    if "--sample" in argv and argv.index("--sample") + 1 < len(argv):
        names = argv[argv.index("--sample") + 1].split(",")
        return FIRST_READINGS if names == ["all"] else names
    if "--held-out" in argv:
        return ["2027"]
    return ["2026"]


def label_files(language):
    """The label files of the chosen samples that the language has."""
    return sample_files(language, chosen_samples())


def sample_file(language, name):
    """The label file of one sample: labels/<language>-<seed>.tsv."""
    return os.path.join(HERE, "labels", f"{language}-{name}.tsv")


def sample_files(language, names):
    """The label files of these samples that the language has (`rest` has no Ruby file:
    every Ruby exercise was in an earlier sample)."""
    return [p for p in (sample_file(language, name) for name in names) if os.path.exists(p)]


def labels(language, paths=None):
    """The labelled links and uuids of every exercise of the chosen samples (no exercise is
    in two first readings), or of the label files `paths`."""
    links, uuids = {}, {}
    for path in paths or label_files(language):
        for line in open(path):
            if line.startswith("#") or not line.strip():
                continue
            slug, uuid, file, test_line = line.rstrip("\n").split("\t")
            uuids.setdefault(slug, set()).add(uuid)
            links.setdefault(slug, set())
            if file != "-":
                links[slug].add((uuid, file, int(test_line)))
    return links, uuids


def check(binary, dirs, specs):
    with tempfile.NamedTemporaryFile(suffix=".json") as report:
        subprocess.run(
            [binary, "--check-canonical", *dirs, "--problem-specifications", specs,
             "--report", report.name],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return json.load(open(report.name))


def tool_links(exercise):
    return {(c["uuid"], t["file"], t["line"]) for c in exercise.get("cases", []) for t in c["tests"]}


def test_span(lines, head, language):
    """The 0-based line range of the test whose head is at 1-based line `head`."""
    if language == "javascript":
        return call_span(lines, head)
    start = head - 1
    indent = len(lines[start]) - len(lines[start].lstrip())
    while start > 0 and lines[start - 1].strip().startswith("@") and language == "python":
        start -= 1
    end = head
    # A head over several lines (`def test_x(\n    self\n):`) ends at its colon.
    if language == "python":
        end = head - 1
        while end < len(lines) and not lines[end].rstrip().endswith(":"):
            end += 1
        end += 1
    # The test ends before the next line as little indented as its head that is code: for
    # Elixir and Ruby its own `end`, for Python the next definition; at the latest before the
    # next test's head or the end of the block around it. A line of a multi-line string may
    # start further left than the test (Ruby word-count's "two,"): it is not code.
    heads = ("def ", "async def ", "@", "class ", "if __name__", "test ", "describe ")
    while end < len(lines):
        text = lines[end]
        at = len(text) - len(text.lstrip())
        if text.strip() and at <= indent:
            if language != "python" and at == indent and text.strip() == "end":
                end += 1
                break
            if text.lstrip().startswith(heads) or (at < indent and text.strip() == "end"):
                break
        end += 1
    return start, end


def call_span(lines, head):
    """The 0-based line range of the call that starts at 1-based line `head` (a Jest `test(`):
    to the line where its brackets close, strings and comments passed over."""
    depth, opened, quote, line = 0, False, None, head - 1
    while line < len(lines):
        text, i = lines[line], 0
        while i < len(text):
            c = text[i]
            if quote:
                if c == "\\":
                    i += 1
                elif c == quote:
                    quote = None
            elif c in "'\"`":
                quote = c
            elif text.startswith("//", i):
                break
            elif c in "([{":
                depth, opened = depth + 1, True
            elif c in ")]}":
                depth -= 1
                if opened and depth == 0:
                    return head - 1, line + 1
            i += 1
        if quote != "`":
            quote = None
        line += 1
    return head - 1, line


def deletion_check(binary, tracks, language, slug, expected_links):
    exercise_dir = os.path.join(tracks, language, "exercises", "practice", slug)
    specs = os.path.join(tracks, "problem-specifications")
    with tempfile.TemporaryDirectory() as work:
        copy = os.path.join(work, slug)
        shutil.copytree(exercise_dir, copy)
        before = tool_links(check(binary, [copy], specs)[0])
        failures, tried = [], 0
        tests = sorted({(f, l) for _, f, l in expected_links})
        for file, head in tests:
            path = os.path.join(copy, file)
            original = open(path).read()
            lines = original.split("\n")
            start, end = test_span(lines, head, language)
            # Blank lines keep every other test on its line.
            lines[start:end] = [""] * (end - start)
            open(path, "w").write("\n".join(lines))
            report = check(binary, [copy], specs)[0]
            after = tool_links(report)
            open(path, "w").write(original)
            tried += 1
            wanted = {link for link in before if (link[1], link[2]) != (file, head)}
            # The cases only the deleted test implemented must be `missing`, not pointed
            # to another test for review (a case that states a check is never missing: it
            # is left to a reader, `check_by_reading`).
            orphans = {u for u, f, l in before if (f, l) == (file, head)} - {u for u, _, _ in wanted}
            checks = {p["uuid"] for p in report.get("check_by_reading", [])}
            # In an exercise whose tests are the track's own, no case is `missing` one by one:
            # an unlinked case is listed in `own_tests`, which is the same finding.
            own = (report.get("own_tests") or {}).get("unlinked_cases", [])
            not_missing = sorted(orphans - set(report.get("missing", [])) - set(own) - checks)
            if after != wanted or not_missing:
                failures.append((file, head, sorted(wanted - after),
                                 sorted(after - wanted) + [(u, "not missing") for u in not_missing]))
        return tried, failures


def held_data(tracks, language, slugs):
    """The (slug, uuid, file, line) of every test that holds all of a case's data, as the
    check reads it (tests/all/canonical_explain.rs's `held_data`, built with cargo); None when
    cargo cannot run it."""
    dirs = [os.path.join(tracks, language, "exercises", "practice", slug) for slug in slugs]
    env = dict(os.environ, HELD=":".join(dirs), SPECS=os.path.join(tracks, "problem-specifications"))
    run = subprocess.run(
        ["cargo", "test", "-q", "--release", "--test", "all", "canonical_explain::held_data", "--",
         "--ignored", "--nocapture"],
        cwd=ROOT, env=env, capture_output=True, text=True)
    if run.returncode != 0:
        return None
    held = set()
    for row in run.stdout.splitlines():
        fields = row.split("\t")
        if len(fields) == 4:
            held.add((fields[0], fields[1], fields[2], int(fields[3])))
    return held


def rename_check(binary, tracks, language, slug, expected_links, held=frozenset()):
    """Renames each labelled test in turn to a meaningless name (`case 17`); gives how many
    of the tool's links of that test were kept, and how many there were, then the same for
    the links whose test holds all of the case's data (`held`: (uuid, file, line)), those of
    them lost, and the renames that changed more than the renamed test's own links lost
    (the renamed test gaining a link, another test losing one): (file, line, gained, lost)."""
    exercise_dir = os.path.join(tracks, language, "exercises", "practice", slug)
    specs = os.path.join(tracks, "problem-specifications")
    head = {
        "elixir": (r'test\s+"(?:[^"\\]|\\.)*"', 'test "case {n}"'),
        "ruby": (r"def test_\w+", "def test_case_{n}"),
        "python": (r"def test_\w+", "def test_case_{n}"),
        "javascript": (r"""\b(x?(?:test|it)(?:\.\w+)?\(\s*)(['"`])(?:[^\\]|\\.)*?\2""", r"\g<1>'case {n}'"),
    }[language]
    kept = total = kept_held = total_held = 0
    lost_held, changed = [], []
    with tempfile.TemporaryDirectory() as work:
        copy = os.path.join(work, slug)
        shutil.copytree(exercise_dir, copy)
        before = tool_links(check(binary, [copy], specs)[0])
        for n, (file, line) in enumerate(sorted({(f, l) for _, f, l in expected_links}), 17):
            path = os.path.join(copy, file)
            original = open(path).read()
            lines = original.split("\n")
            lines[line - 1] = re.sub(head[0], head[1].format(n=n), lines[line - 1], count=1)
            open(path, "w").write("\n".join(lines))
            after = tool_links(check(binary, [copy], specs)[0])
            open(path, "w").write(original)
            mine = {link for link in before if (link[1], link[2]) == (file, line)}
            total += len(mine)
            kept += len(mine & after)
            total_held += len(mine & held)
            kept_held += len(mine & held & after)
            lost_held.extend(sorted(mine & held - after))
            others_lost = before - after - mine
            if after - before or others_lost:
                changed.append((file, line, sorted(after - before), sorted(others_lost)))
    return kept, total, kept_held, total_held, lost_held, changed


def main():
    if "-h" in sys.argv or "--help" in sys.argv:
        print(__doc__)
        return
    argv = sys.argv[1:]
    sample = argv.index("--sample") + 1 if "--sample" in argv else -1
    args = [a for i, a in enumerate(argv) if not a.startswith("--") and i != sample]
    if not args or not os.path.isdir(args[0]):
        sys.exit("usage: score.py TRACKS_DIR [BINARY] [--no-deletion] [--sample SEED[,SEED...] | --sample all]"
                 " (--help says more)")
    tracks = args[0]
    binary = args[1] if len(args) > 1 else os.path.join(ROOT, "target/release/exercism_test_helper")
    specs = os.path.join(tracks, "problem-specifications")
    for name in chosen_samples():
        if not any(sample_files(language, [name]) for language in LANGUAGES):
            sys.exit(f"no sample {name}: no labels/<language>-{name}.tsv")
    for language in LANGUAGES:
        if not label_files(language):
            print(f"{language}: no labels for sample {','.join(chosen_samples())}")
            continue
        expected, uuids = labels(language)
        dirs = [os.path.join(tracks, language, "exercises", "practice", slug) for slug in expected]
        reports = {os.path.basename(r["dir"]): r for r in check(binary, dirs, specs) if "dir" in r}
        true_positive = made = wanted = 0
        for slug, links in expected.items():
            got = tool_links(reports.get(slug, {}))
            true_positive += len(got & links)
            made += len(got)
            wanted += len(links)
            for link in sorted(links - got):
                print(f"  {language} {slug}: not found {link}")
            for link in sorted(got - links):
                print(f"  {language} {slug}: wrong link {link}")
        precision = true_positive / made if made else 1.0
        recall = true_positive / wanted if wanted else 1.0
        print(f"{language}: {len(expected)} exercises, {sum(len(u) for u in uuids.values())} cases, "
              f"{wanted} labelled links; precision {precision:.3f} ({true_positive}/{made}), "
              f"recall {recall:.3f} ({true_positive}/{wanted})")
        if "--no-deletion" in sys.argv:
            continue
        tried = failed = 0
        for slug, links in expected.items():
            t, failures = deletion_check(binary, tracks, language, slug, links)
            tried += t
            failed += len(failures)
            for file, head, lost, gained in failures:
                print(f"  {language} {slug}: deleting {file}:{head} also lost {lost}, gained {gained}")
        print(f"{language}: deletion check: {tried - failed}/{tried} deletions changed only their own links")
        held = held_data(tracks, language, expected)
        kept = total = kept_held = total_held = renamed = changed = 0
        for slug, links in expected.items():
            mine = {(u, f, l) for s, u, f, l in held or () if s == slug}
            k, t, kh, th, lost, more = rename_check(binary, tracks, language, slug, links, mine)
            for link in lost:
                print(f"  {language} {slug}: renaming {link[1]}:{link[2]} lost {link[0]}")
            for file, line, gained, others_lost in more:
                print(f"  {language} {slug}: renaming {file}:{line} also gained {gained}, "
                      f"lost {others_lost}")
            kept += k
            total += t
            kept_held += kh
            total_held += th
            renamed += len({(f, l) for _, f, l in links})
            changed += len(more)
        print(f"{language}: rename check: {kept}/{total} links kept when their test is renamed 'case N'")
        if held is None:
            print(f"{language}: rename check where the test holds all of the case's data: "
                  "not measured (cargo could not run tests/all/canonical_explain.rs)")
        else:
            print(f"{language}: rename check where the test holds all of the case's data: "
                  f"{kept_held}/{total_held} links kept")
        print(f"{language}: rename check: {renamed - changed}/{renamed} renames changed no link but "
              "the renamed test's own lost ones")


if __name__ == "__main__":
    main()
