#!/usr/bin/env python3
"""Fits the canonical linker's match weights to labelled links, as Fellegi and Sunter define
them: for each level of each comparison, log2(m/u), m the share of labelled links with that
level and u the share of other pairs with it (each count given one more pair, so a level
never seen weighs little, not infinitely).

usage: python3 eval/canonical/fit.py TRACKS_DIR [--sample SEED[,SEED...] | --sample all]
                                    [--hold-out SEED[,SEED...]] [--out FILE] [--rounds N]
                                    [--joint]

TRACKS_DIR holds checkouts named elixir, ruby, python and problem-specifications, at the
commits the label files name. The linker reads its weights from two tables:
  rank  every (case, test) pair of an exercise: which case a test explains most;
  link  each test's candidates (its best cases): how sure a candidate is a link, its place
        in the file among its comparisons.
The candidates depend on the rank table and the places on the link table (the surest
candidates anchor the order), so the fit goes in rounds: the rank table from every pair,
then the link table from the candidates and places the tables of the round before give,
until it changes no more (three rounds by default).

The pairs come from `cargo test --release --test all canonical_explain::pairs`, which links
each exercise with the weights being fitted and prints every pair's levels. By default the
weights are fitted to every first reading (`--sample all`) and written to
src/canonical/link/weights.tsv, with the counts they came of; then the links they give are
scored against the same labels. `--hold-out SEEDS` fits to the other samples instead, writes
nowhere unless --out says, and scores the links on the held-out samples alone: how the model
does on exercises it was not fitted to. `--joint` fits the link table by logistic regression
instead of level by level (`joint_weights`): an experiment, measured and not adopted
(docs/decisions/0033-joint-fit-of-the-link-table.md).
"""
import datetime, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import score  # noqa: E402

ROOT = score.ROOT
LANGUAGES = ["elixir", "ruby", "python"]
WEIGHTS = os.path.join(ROOT, "src", "canonical", "link", "weights.tsv")
COMPARISONS = ["data", "order", "fit", "name", "function", "included", "place", "lead", "role"]
# Levels that say nothing was there to compare, which weigh nothing whatever their counts (as
# Splink's null levels): with no anchor around a case, the order of the file says nothing of
# its test, however often exercises without anchors are hard ones.
NULL_LEVELS = {("place", "none")}
# The ridge penalty of the `link` table's joint fit (`joint_weights`): a prior of one extra
# pair's worth of doubt on every weight, as the one pair `weights_of` adds to each count.
RIDGE = 1.0


def option(name, default=None):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def seeds(text):
    return score.FIRST_READINGS if text == "all" else text.split(",")


def labelled(language, samples):
    """{slug: set of (uuid, file, line)} for the exercises of these samples."""
    links, _ = score.labels(language, score.sample_files(language, samples))
    return links


def pairs(tracks, language, slugs, weights_path):
    """The rows `canonical_explain::pairs` prints for these exercises, split into fields."""
    practice = os.path.join(tracks, language, "exercises", "practice")
    env = dict(os.environ, PAIRS=":".join(os.path.join(practice, s) for s in sorted(slugs)),
               SPECS=os.path.join(tracks, "problem-specifications"))
    if weights_path:
        env["WEIGHTS"] = weights_path
    out = subprocess.run(
        ["cargo", "test", "-q", "--release", "--test", "all", "canonical_explain::pairs", "--",
         "--ignored", "--exact", "--nocapture"],
        cwd=ROOT, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"canonical_explain::pairs failed:\n{out.stderr[-2000:]}")
    return [line.split("\t") for line in out.stdout.splitlines() if "\t" in line]


def rows_for(tracks, labels, weights_path):
    """Every language's rows, each with its language."""
    return [(language, row) for language in LANGUAGES
            for row in pairs(tracks, language, labels[language], weights_path)]


def counts(rows, labels, table):
    """Per (comparison, level): [links, other pairs]; and the totals."""
    tally, totals = {}, [0, 0]
    for language, row in rows:
        if row[0] != table:
            continue
        slug, uuid, file, line = row[1:5]
        levels = row[5:5 + len(COMPARISONS)]
        linked = (uuid, file, int(line)) in labels[language].get(slug, ())
        side = 0 if linked else 1
        totals[side] += 1
        for comparison, level in zip(COMPARISONS, levels):
            tally.setdefault((comparison, level), [0, 0])[side] += 1
    return tally, totals


def weights_of(tally, totals):
    """log2(m/u) per level, each level's two counts given one more pair."""
    import math
    levels = {}
    for (comparison, level), (m, u) in tally.items():
        levels.setdefault(comparison, []).append((level, m, u))
    out = [("prior", "-", totals[0], totals[1], math.log2(max(totals[0], 1) / max(totals[1], 1)))]
    for comparison in COMPARISONS:
        seen = levels.get(comparison, [])
        for level, m, u in seen:
            pm = (m + 1) / (totals[0] + len(seen))
            pu = (u + 1) / (totals[1] + len(seen))
            weight = 0.0 if (comparison, level) in NULL_LEVELS else math.log2(pm / pu)
            out.append((comparison, level, m, u, weight))
    return out


def solve(a, b):
    """x with a x = b, by Gauss-Jordan elimination with partial pivoting (a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        for r in range(n):
            if r != i and m[r][i] != 0.0:
                f = m[r][i] / m[i][i]
                for c in range(i, n + 1):
                    m[r][c] -= f * m[i][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def joint_weights(rows, labels, table, ridge=RIDGE):
    """The weights of one table fitted jointly: a logistic regression of "is a labelled link" on
    the levels (one indicator per level, null levels left out), by Newton's method, with a
    ridge penalty `ridge` on every weight but the prior, which keeps a level seen with links
    alone (or other pairs alone) finite. Weights in bits, as log2(m/u) is. The counts of each
    level are kept beside its weight, as `weights_of` keeps them."""
    import math
    tally, totals = counts(rows, labels, table)
    keys = sorted(k for k in tally if k not in NULL_LEVELS)
    index = {k: i + 1 for i, k in enumerate(keys)}
    xs, ys = [], []
    for language, row in rows:
        if row[0] != table:
            continue
        slug, uuid, file, line = row[1:5]
        levels = zip(COMPARISONS, row[5:5 + len(COMPARISONS)])
        xs.append([0] + [index[k] for k in levels if k in index])
        ys.append(1.0 if (uuid, file, int(line)) in labels[language].get(slug, ()) else 0.0)
    n = len(keys) + 1
    w = [0.0] * n
    for _ in range(50):
        gradient = [0.0] * n
        hessian = [[0.0] * n for _ in range(n)]
        for x, y in zip(xs, ys):
            z = max(-30.0, min(30.0, sum(w[i] for i in x)))
            p = 1.0 / (1.0 + math.exp(-z))
            for i in x:
                gradient[i] += y - p
                for j in x:
                    hessian[i][j] += p * (1.0 - p)
        for i in range(1, n):
            gradient[i] -= ridge * w[i]
            hessian[i][i] += ridge
        step = solve(hessian, gradient)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    bits = 1.0 / math.log(2.0)
    out = [("prior", "-", totals[0], totals[1], w[0] * bits)]
    for comparison in COMPARISONS:
        for (c, level), (m, u) in tally.items():
            if c == comparison:
                weight = w[index[(c, level)]] * bits if (c, level) in index else 0.0
                out.append((comparison, level, m, u, weight))
    return out


def write(path, tables, header):
    with open(path, "w") as f:
        for line in header:
            f.write(f"# {line}\n")
        f.write("table\tcomparison\tlevel\tmatches\tnon_matches\tweight\n")
        for table, rows in tables.items():
            for comparison, level, m, u, w in rows:
                f.write(f"{table}\t{comparison}\t{level}\t{m}\t{u}\t{w:.4f}\n")


def decisions(rows):
    """{language: {slug: {kind: set of (uuid, file, line)}}} from the `decision` rows."""
    out = {}
    for language, row in rows:
        if row[0] != "decision":
            continue
        slug, uuid, file, line, kind = row[1:6]
        key = (uuid, file, int(line) if line != "-" else None)
        out.setdefault(language, {}).setdefault(slug, {}).setdefault(kind, set()).add(key)
    return out


def scored(rows, labels):
    """Per language: links precision and recall, and how the cases left without a link read
    against the labels."""
    made = decisions(rows)
    lines = []
    for language in LANGUAGES:
        tp = fp = fn = 0
        unconfirmed = [0, 0]
        check = [0, 0]
        for slug, truth in labels[language].items():
            kinds = made.get(language, {}).get(slug, {})
            links = kinds.get("link", set())
            tp += len(links & truth)
            fp += len(links - truth)
            fn += len(truth - links)
            for kind, tally in (("unconfirmed", unconfirmed), ("check_by_reading", check)):
                for key in kinds.get(kind, ()):
                    tally[0 if key in truth else 1] += 1
        p = tp / max(tp + fp, 1)
        r = tp / max(tp + fn, 1)
        lines.append(f"{language}: links precision {p:.3f} ({tp}/{tp + fp}), recall {r:.3f} "
                     f"({tp}/{tp + fn}); unconfirmed naming a labelled test {unconfirmed[0]}/"
                     f"{sum(unconfirmed)}, check_by_reading {check[0]}/{sum(check)}")
    return lines


def main():
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    tracks = sys.argv[1]
    held_out = seeds(option("--hold-out", "")) if "--hold-out" in sys.argv else []
    fitted_on = [s for s in seeds(option("--sample", "all")) if s not in held_out]
    out = option("--out", None if held_out else WEIGHTS)
    rounds = int(option("--rounds", "3"))
    fit_labels = {language: labelled(language, fitted_on) for language in LANGUAGES}
    with tempfile.TemporaryDirectory() as work:
        current = os.path.join(work, "weights.tsv")
        write(current, {}, ["empty: the first round's rank rows do not depend on weights"])
        tables = {}
        for round_ in range(rounds + 1):
            rows = rows_for(tracks, fit_labels, current)
            if round_ == 0:
                tables["rank"] = weights_of(*counts(rows, fit_labels, "rank"))
            else:
                tables["link"] = (joint_weights(rows, fit_labels, "link") if "--joint" in sys.argv
                                  else weights_of(*counts(rows, fit_labels, "link")))
            write(current, tables, [f"round {round_}"])
            print(f"round {round_}: fitted", ", ".join(tables), file=sys.stderr)
        rows = rows_for(tracks, fit_labels, current)
        in_sample = scored(rows, fit_labels)
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                capture_output=True, text=True).stdout.strip()
        header = [
            "Match weights of the canonical linker (src/canonical/link/weights.rs says how they are read).",
            f"Fitted by eval/canonical/fit.py on {datetime.date.today()} at commit {commit}, "
            f"{rounds} rounds, to the samples {','.join(fitted_on)} (every first reading "
            "unless some are held out).",
            "matches / non_matches: the labelled links and the other pairs with the level; "
            "weight = log2(m/u), each count given one more pair.",
            "The links these weights give, scored against the same labels:",
        ] + ["  " + line for line in in_sample]
        if out:
            write(out, tables, header)
            print(f"wrote {os.path.relpath(out, ROOT)}", file=sys.stderr)
        print("\n".join(["fitted on " + ",".join(fitted_on) + " (in sample):"] + in_sample))
        if held_out:
            test_labels = {language: labelled(language, held_out) for language in LANGUAGES}
            rows = rows_for(tracks, test_labels, current)
            print("\n".join(["held out " + ",".join(held_out) + ":"] + scored(rows, test_labels)))


if __name__ == "__main__":
    main()
