#!/usr/bin/env python3
"""Runs two builds of the tool over the same checks and says whether every output is the same,
byte for byte: stdout, stderr, the exit code, the job summary (`GITHUB_STEP_SUMMARY`) and the
`--report` JSON. A change meant to leave every output as it was (a refactoring) is run through
it before it lands.

The checks, for each LANGUAGE:
  track     the whole of exercises/practice against problem-specifications' newest: as text
            with --report, --verbose, and --format github with a job summary
  base      --base <parent> on COMMITS real first-parent commits of the track's history that
            touched exercises/practice (spread evenly since 2022-01-01), with
            problem-specifications as it was on the commit's date (as replay.py replays them):
            text with --report, --verbose, and --format github with a job summary
  seeded    the seeded pull requests of seeded.py (elixir, ruby and python), PER_KIND of each
            kind for each seed: --base with --report, and --format github with a job summary

usage: python3 eval/canonical/identical.py OLD NEW [--tracks /work/tracks]
       [--languages elixir,ruby,python,javascript] [--parts track,base,seeded] [--commits 50]
       [--seeds 2050,7] [--per-kind 2] [--out DIR]

OLD and NEW are the two binaries (or set IDENTICAL_OLD and IDENTICAL_NEW). Prints one line
per part and language with how many runs matched; each run that did not is written to DIR
(default: a temporary folder, named at the end) as a diff of what differed. Exits 1 when any
run differed.
"""
import argparse, difflib, json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replay  # noqa: E402
import seeded  # noqa: E402

MODES = {
    "text": ["--report", "{report}"],
    "verbose": ["--verbose"],
    "github": ["--format", "github"],
}


class Pair:
    """Two binaries, run alike; what differed is kept."""

    def __init__(self, old, new, out):
        self.binaries = (old, new)
        self.out = out
        self.runs = 0
        self.differing = []

    def run(self, label, args, cwd, tmp, mode):
        """Runs `args` (after the binary) in `cwd` with each binary, in `mode`."""
        report = os.path.join(tmp, "report.json")
        summary = os.path.join(tmp, "summary.md")
        args = args + [a.replace("{report}", report) for a in MODES[mode]]
        outputs = []
        for binary in self.binaries:
            for path in (report, summary):
                if os.path.exists(path):
                    os.remove(path)
            env = dict(os.environ)
            env.pop("GITHUB_STEP_SUMMARY", None)
            if mode == "github":
                env["GITHUB_STEP_SUMMARY"] = summary
            done = subprocess.run([binary, *args], cwd=cwd, capture_output=True, env=env,
                                  timeout=900)
            outputs.append({
                "exit": str(done.returncode).encode(),
                "stdout": done.stdout,
                "stderr": done.stderr,
                "summary": read(summary),
                "report": read(report),
            })
        self.runs += 1
        old, new = outputs
        differ = [name for name in old if old[name] != new[name]]
        if differ:
            self.differing.append(label)
            name = f"{len(self.differing):04d}.diff"
            with open(os.path.join(self.out, name), "w") as f:
                f.write(f"{label}\ncwd: {cwd}\nargs: {' '.join(args)}\n")
                for part in differ:
                    a = old[part].decode(errors="replace").splitlines(keepends=True)
                    b = new[part].decode(errors="replace").splitlines(keepends=True)
                    f.writelines(difflib.unified_diff(a, b, f"old {part}", f"new {part}"))
            print(f"  differs: {label} ({', '.join(differ)}): {os.path.join(self.out, name)}",
                  flush=True)
        return outputs[0]


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b"<absent>"


def whole_track(pair, tracks, language, tmp):
    track = os.path.join(tracks, language)
    specs = os.path.join(tracks, "problem-specifications")
    args = ["--check-canonical", "exercises/practice", "--problem-specifications", specs]
    for mode in MODES:
        pair.run(f"track {language} {mode}", list(args), track, tmp, mode)


def commits_of(track, count):
    """`count` first-parent commits that touched exercises/practice since 2022, evenly spread."""
    log = replay.git(track, "log", "--first-parent", "--since=2022-01-01", "--format=%H %ct",
                     "HEAD", "--", "exercises/practice")
    commits = [line.split() for line in log.splitlines() if line]
    commits.reverse()
    if len(commits) <= count:
        return commits
    step = len(commits) / count
    return [commits[int(i * step)] for i in range(count)]


def base_commits(pair, tracks, language, tmp, count):
    track = os.path.join(tracks, language)
    specs_repo = os.path.join(tracks, "problem-specifications")
    work = os.path.join(tmp, f"replay-{language}")
    subprocess.run(["git", "clone", "--quiet", "--shared", "--no-checkout", track, work],
                   check=True)
    cache = os.path.join(tmp, "specs")
    os.makedirs(cache, exist_ok=True)
    for sha, when in commits_of(track, count):
        replay.git(work, "checkout", "--quiet", "--force", "--detach", sha)
        replay.git(work, "clean", "-fdxq")
        specs = replay.specs_at(specs_repo, cache, when)
        args = ["--check-canonical", "exercises/practice", "--problem-specifications", specs,
                "--base", sha + "^"]
        for mode in MODES:
            pair.run(f"base {language} {sha[:10]} {mode}", list(args), work, tmp, mode)


def seeded_changes(pair, tracks, language, tmp, seeds, per_kind):
    specs = os.path.abspath(os.path.join(tracks, "problem-specifications"))
    work = os.path.join(tmp, f"seeded-{language}")
    seeded.run(["git", "clone", "--quiet", "--shared", os.path.join(tracks, language), work], tmp)
    head = seeded.git(work, "rev-parse", "HEAD").strip()
    report = os.path.join(tmp, "seeded-report.json")
    seeded.run([pair.binaries[0], "--check-canonical", "exercises/practice",
                "--problem-specifications", specs, "--report", report], work, check=False)
    with open(report) as f:
        entries = [e for e in json.load(f) if "slug" in e and e.get("own_tests") is None]
    pools = seeded.pools_of(entries)
    for seed in seeds:
        for kind in seeded.KINDS:
            rng = seeded.random.Random(f"{seed}-{language}-{kind}")
            pool = pools[kind]
            for n, target in enumerate(rng.sample(pool, min(per_kind, len(pool)))):
                seeded.git(work, "checkout", "--quiet", "--force", head)
                seeded.git(work, "clean", "-fdq")
                base = seeded.seed(work, kind, target, n)
                args = ["--check-canonical", target["dir"], "--problem-specifications", specs,
                        "--base", base]
                for mode in ("text", "github"):
                    label = f"seeded {language} {seed} {kind} {target['dir']} {mode}"
                    pair.run(label, list(args), work, tmp, mode)


def main():
    p = argparse.ArgumentParser(usage=__doc__)
    p.add_argument("old", nargs="?", default=os.environ.get("IDENTICAL_OLD"))
    p.add_argument("new", nargs="?", default=os.environ.get("IDENTICAL_NEW"))
    p.add_argument("--tracks", default="/work/tracks")
    p.add_argument("--languages", default="elixir,ruby,python,javascript")
    p.add_argument("--parts", default="track,base,seeded")
    p.add_argument("--commits", type=int, default=50)
    p.add_argument("--seeds", default="2050,7")
    p.add_argument("--per-kind", type=int, default=2)
    p.add_argument("--out")
    a = p.parse_args()
    if not a.old or not a.new:
        p.error("give OLD and NEW (or IDENTICAL_OLD and IDENTICAL_NEW)")
    old, new = (os.path.abspath(b) if os.sep in b else b for b in (a.old, a.new))
    out = a.out or tempfile.mkdtemp(prefix="identical-")
    os.makedirs(out, exist_ok=True)
    pair = Pair(old, new, out)
    parts = a.parts.split(",")
    seeds = [int(s) for s in a.seeds.split(",") if s]
    with tempfile.TemporaryDirectory() as tmp:
        for language in a.languages.split(","):
            for part in parts:
                runs, differing = pair.runs, len(pair.differing)
                if part == "track":
                    whole_track(pair, a.tracks, language, tmp)
                elif part == "base":
                    base_commits(pair, a.tracks, language, tmp, a.commits)
                elif part == "seeded":
                    # seeded.py finds test heads in Elixir, Ruby and Python files only.
                    if language == "javascript":
                        continue
                    seeded_changes(pair, a.tracks, language, tmp, seeds, a.per_kind)
                else:
                    p.error(f"no part {part!r}: track, base or seeded")
                same = pair.runs - runs - (len(pair.differing) - differing)
                print(f"{part}\t{language}\t{same}/{pair.runs - runs} identical", flush=True)
    print(f"{pair.runs - len(pair.differing)}/{pair.runs} runs identical"
          + (f"; diffs in {out}" if pair.differing else ""))
    sys.exit(1 if pair.differing else 0)


if __name__ == "__main__":
    main()
