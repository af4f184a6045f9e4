#!/usr/bin/env python3
"""Measures doctests through the Elixir pipeline on the Elixir track (exercism/elixir): every
exercise whose example solution (the config's files.example or files.exemplar) has `iex>`
examples is copied to a temporary folder with that solution in lib/, and `doctest <Module>` (the
solution's first module) is added to its test file after `use ExUnit.Case`. Then:

- reference: the test file as it is run by `mix test --include pending` with
  eval/runners/doctests_truth.ex as the formatter: the order in which its module defines its tests, each test's status and task
  id; and each doctest's examples as ExUnit.DocTest holds them (`__doctests__/2`): its prompt
  lines and expected results;
- the pipeline, as the track's runner runs it (--transform-mix, --parse-meta and --transform of
  the test file, `mix test` with runners/elixir/exercism_json_formatter.ex, --log-to-json,
  --combine): results.json's doctests must have the reference's names, in its order, with its
  statuses and task ids, and a test_code that is the example ExUnit ran (prompts with their
  numbers dropped, `iex(1)>` as `iex>`, as ExUnit keeps them); every test of the reference is
  in results.json, in the reference's order;
- with --upstream <elixir-test-runner checkout>: that runner's bin/run.sh with this binary in
  place of its escript (its JSON formatter compiled with the stand-in for Jason.encode/1 of
  tests/all/support/jason_stand_in.ex) on the same solution: the same names, statuses, task
  ids, test_code and output as the pipeline's results.json.

usage: python3 eval/runners/doctests.py path/to/exercism/elixir [--upstream path/to/elixir-test-runner] [slug...]

EXERCISM_TEST_HELPER defaults to target/debug/exercism_test_helper.
"""
import json, os, re, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = os.path.abspath(os.environ.get('EXERCISM_TEST_HELPER', os.path.join(ROOT, 'target/debug/exercism_test_helper')))
JASON = os.path.join(ROOT, 'tests/all/support/jason_stand_in.ex')
TRUTH = os.path.join(ROOT, 'eval/runners/doctests_truth.ex')
FORMATTER = os.path.join(ROOT, 'runners/elixir/exercism_json_formatter.ex')
MIX_TEST = ['-S', 'mix', 'test', '--seed', '0', '--no-deps-check', '--exclude', 'slow']

args = sys.argv[1:]
upstream = None
if '--upstream' in args:
    at = args.index('--upstream')
    upstream = os.path.abspath(args[at + 1])
    del args[at:at + 2]
track, only = os.path.abspath(args[0]), set(args[1:])


def run(argv, cwd, env=None, check=True):
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env={**os.environ, **(env or {})})
    if check and done.returncode != 0:
        raise RuntimeError(f'{argv[0]} failed: {done.stderr.strip()[-2000:]}')
    return done


def elixirc(out, *sources, pa=None):
    run(['elixirc', *(['-pa', pa] if pa else []), '-o', out, *sources], cwd=ROOT)


def exercises():
    for kind in ('concept', 'practice'):
        folder = os.path.join(track, 'exercises', kind)
        for slug in sorted(os.listdir(folder)):
            path = os.path.join(folder, slug)
            config = json.load(open(os.path.join(path, '.meta/config.json')))
            files = config['files']
            solutions = files.get('example') or files.get('exemplar') or []
            text = ''.join(open(os.path.join(path, s)).read() for s in solutions)
            if 'iex>' in text and (not only or slug in only):
                yield slug, path, files


def prepare(path, files, into):
    """The exercise with its example solution in lib/ and `doctest <Module>` in its test file."""
    shutil.copytree(path, into, ignore=shutil.ignore_patterns('.meta', '_build', 'deps'))
    examples = files.get('example') or files.get('exemplar')
    for solution, example in zip(files['solution'], examples):
        shutil.copy(os.path.join(path, example), os.path.join(into, solution))
    module = re.search(r'^defmodule\s+([\w.]+)', open(os.path.join(into, files['solution'][0])).read(), re.M).group(1)
    test_file = files['test'][0]
    full = os.path.join(into, test_file)
    source = open(full).read()
    source, count = re.subn(r'^(\s*)use ExUnit\.Case\b.*$', lambda m: f'{m.group(0)}\n{m.group(1)}doctest {module}', source, count=1, flags=re.M)
    assert count == 1, f'{test_file}: no `use ExUnit.Case`'
    open(full, 'w').write(source)
    return module, test_file


def reference(folder, module, ebin):
    truth = os.path.join(folder, 'truth.jsonl')
    # The tests the track marks pending run too, as they do transformed.
    run(['elixir', '-pa', ebin, *MIX_TEST, '--include', 'pending', '--formatter', 'DoctestsTruth'], cwd=folder, env={'DOCTESTS_TRUTH': truth}, check=False)
    lines = [json.loads(line) for line in open(truth)]
    defined = [name for line in lines if 'defined' in line for name in line['defined']]
    finished = {line['name']: line for line in lines if 'status' in line}
    script = f'IO.write(DoctestsTruth.examples({module}, []))'
    examples = run(['elixir', '-pa', ebin, '-S', 'mix', 'run', '-e', script], cwd=folder, env={'MIX_ENV': 'test'}).stdout
    code = {}
    for line in examples.splitlines():
        entry = json.loads(line)
        code['doctest ' + entry['name']] = '\n'.join(entry['code'])
    return defined, finished, code


def pipeline(folder, test_file, ebin):
    helper = lambda *argv: run([HELPER, *argv], cwd=folder)
    helper('--transform-mix', 'mix.exs:mix.exs')
    helper('--parse-meta', f'{test_file}:metadata.json', '--transform', f'{test_file}:{test_file}')
    done = run(['elixir', '-pa', ebin, *MIX_TEST, '--formatter', 'ExercismJSONFormatter'], cwd=folder,
               env={'EXERCISM_RESULTS_FILE': os.path.join(folder, 'run.json')}, check=False)
    open(os.path.join(folder, 'output'), 'w').write(done.stdout)
    helper('--log-to-json', 'output:output.json', '--combine', 'run.json:metadata.json:output.json')
    return json.load(open(os.path.join(folder, 'run.json')))


def through_upstream(work, solution, slug, runner_dir):
    output = os.path.join(work, f'{slug}-upstream-out')
    os.makedirs(output)
    run(['bash', 'bin/run.sh', slug, solution, output], cwd=runner_dir)
    return json.load(open(os.path.join(output, 'results.json')))


def unnumbered(code):
    return re.sub(r'^(iex|\.\.\.)\(\d+\)>', r'\1>', code, flags=re.M)


def main():
    work = tempfile.mkdtemp(prefix='doctests-eval-')
    ebin = os.path.join(work, 'ebin')
    elixirc(ebin, JASON)
    elixirc(ebin, TRUTH, FORMATTER, pa=ebin)
    runner_dir = None
    if upstream:
        runner_dir = os.path.join(work, 'runner')
        build = os.path.join(runner_dir, 'exercism_test_helper/_build/test/lib')
        os.makedirs(os.path.join(runner_dir, 'bin'))
        shutil.copy(os.path.join(upstream, 'bin/run.sh'), os.path.join(runner_dir, 'bin'))
        shutil.copy(HELPER, os.path.join(runner_dir, 'bin/exercism_test_helper'))
        elixirc(os.path.join(build, 'jason/ebin'), JASON)
        elixirc(os.path.join(build, 'exercism_test_helper/ebin'), os.path.join(upstream, 'exercism_test_helper/lib/json_formatter.ex'),
                pa=os.path.join(build, 'jason/ebin'))
    totals = dict(exercises=0, doctests=0, named_in_order=0, status=0, task_id=0, test_code=0, all_tests_in_order=0, upstream_same=0)
    problems = []
    statuses = {}
    for slug, path, files in exercises():
        totals['exercises'] += 1
        pristine = os.path.join(work, slug + '-pristine')
        module, test_file = prepare(path, files, pristine)
        reference_dir, pipeline_dir = os.path.join(work, slug + '-reference'), os.path.join(work, slug)
        shutil.copytree(pristine, reference_dir)
        shutil.copytree(pristine, pipeline_dir)
        defined, finished, code = reference(reference_dir, module, ebin)
        results = pipeline(pipeline_dir, test_file, ebin)
        tests = results['tests']
        names = [t['name'] for t in tests]
        doctests_defined = [n for n in defined if n.startswith('doctest ')]
        doctests_listed = [t for t in tests if t['name'].startswith('doctest ')]
        totals['doctests'] += len(doctests_defined)
        if [t['name'] for t in doctests_listed] == doctests_defined:
            totals['named_in_order'] += len(doctests_defined)
        else:
            problems.append(f'{slug}: doctests {[t["name"] for t in doctests_listed]} != ExUnit {doctests_defined}')
        # `--include pending` also runs the :slow tests, which the runner leaves out.
        ran = [n for n in defined if n in finished and finished[n]['status'] not in ('excluded', 'skipped')
               and not finished[n]['slow']]
        if names == ran:
            totals['all_tests_in_order'] += 1
        else:
            problems.append(f'{slug}: results.json lists {len(names)} tests, ExUnit ran {len(ran)}, or in another order')
        for test in doctests_listed:
            truth = finished.get(test['name'], {})
            statuses[test['status']] = statuses.get(test['status'], 0) + 1
            if test['status'] == truth.get('status'):
                totals['status'] += 1
            else:
                problems.append(f'{slug}: {test["name"]}: status {test["status"]}, ExUnit {truth.get("status")}')
            if test['task_id'] == truth.get('task_id'):
                totals['task_id'] += 1
            else:
                problems.append(f'{slug}: {test["name"]}: task id {test["task_id"]}, ExUnit {truth.get("task_id")}')
            if test['test_code'] is not None and unnumbered(test['test_code']) == code.get(test['name']):
                totals['test_code'] += 1
            else:
                problems.append(f'{slug}: {test["name"]}: test_code {test["test_code"]!r}, ExUnit {code.get(test["name"])!r}')
        if runner_dir:
            theirs = through_upstream(work, pristine, slug, runner_dir)
            keep = lambda t: (t['name'], t['status'], t['task_id'], t['test_code'], t.get('output'))
            if [keep(t) for t in theirs['tests']] == [keep(t) for t in tests]:
                totals['upstream_same'] += 1
            else:
                problems.append(f'{slug}: the upstream runner gives other results')
        print(f'{slug}: {len(doctests_defined)} doctests of {len(defined)} tests', flush=True)
    for problem in problems:
        print('PROBLEM', problem)
    totals['doctest_statuses'] = statuses
    print(json.dumps(totals, indent=1))
    shutil.rmtree(work)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
