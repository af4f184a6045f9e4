#!/usr/bin/env python3
"""Measures the JavaScript pipeline on a whole track checkout (exercism/javascript), exercise by
exercise, each with its example solution (the config's files.example or files.exemplar) in
place of the stub, its imports from '../' made './' as the track's CI makes them:

- reference: the test file with xtest, xit and xdescribe enabled as the track's runner enables
  them (sed, as its bin/prepare.sh), run by Jest with runners/javascript's configuration and
  `--json`: each test's status; with --upstream, the track's runner's own run (below) is the
  reference instead, and this run is not made;
- --parse-meta on the test file: its names equal, in order, those Jest reports running the
  transformed file (describe titles and title joined by ` > `, skipped tests included; a name
  with holes, a helper function's test or a test.each row, counts as equal when the run's name
  fills it);
- --transform: every line kept (the transformed file is the original line for line, but for the
  renamed xtest/xit/xdescribe, followed by the appended code; --parse-meta finds the same tests
  at the same lines in it);
- the transformed file run by the same Jest: the same tests with the same statuses, every test
  that ran announced once, in order, by its header;
- --log-to-json --keep-load-output and --combine: results.json with the names and order of the
  reference's tests that ran, a test_code for every test;
- with --upstream <javascript-test-runner checkout>: that runner (built: `pnpm install`, then
  `tsc --project src/tsconfig.json --outDir dist`) on the same solution, as its bin/run.sh runs
  it (the solution's babel.config.js, package.json and .npmrc set aside, bin/prepare.sh on each
  test file, its Jest command with its configuration and reporter, from its folder) without the
  pnpm calls around it, and results.json's names, order, statuses and task ids against its
  results.json.

usage: python3 eval/runners/track.py path/to/exercism/javascript [--upstream path/to/javascript-test-runner] [slug...]

EXERCISM_TEST_HELPER defaults to target/release/exercism_test_helper; runners/javascript must
have its node_modules (pnpm install --frozen-lockfile there).
"""
import json, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELPER = os.environ.get('EXERCISM_TEST_HELPER', os.path.join(ROOT, 'target/release/exercism_test_helper'))
# A path is the caller's, taken before the checks change directory; a bare name is looked up on PATH.
HELPER = os.path.abspath(HELPER) if os.sep in HELPER else HELPER
RUNNER = os.path.join(ROOT, 'runners/javascript')
JEST = ['node', os.path.join(RUNNER, 'node_modules/jest/bin/jest.js'), '--config', os.path.join(RUNNER, 'lib/jest.config.js'),
        '--ci', '--colors', '--noStackTrace', '--verbose=false', '--runInBand', '--forceExit']
MARKER = '[test started] '
RENAMES = [('xtest(', 'test('), ('xit(', 'it('), ('xdescribe(', 'describe(')]

args = sys.argv[1:]
upstream = None
if '--upstream' in args:
    at = args.index('--upstream')
    upstream = os.path.abspath(args[at + 1])
    del args[at:at + 2]
track, only = os.path.abspath(args[0]), set(args[1:])


def helper(*argv, cwd):
    run = subprocess.run([HELPER, *argv], cwd=cwd, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(run.stderr.strip())
    return run


def jest(cwd, test, out):
    subprocess.run([*JEST, '--rootDir', cwd, '--json', '--outputFile=' + out, '--runTestsByPath', test],
                   cwd=cwd, stdout=open(os.path.join(cwd, '..', 'stdout-' + os.path.basename(out)), 'w'),
                   stderr=subprocess.DEVNULL, timeout=300)
    with open(os.path.join(cwd, '..', 'stdout-' + os.path.basename(out))) as f:
        stdout = f.read()
    try:
        results = json.load(open(out))['testResults']
    except (OSError, ValueError):
        results = []
    tests = [(' > '.join(a['ancestorTitles'] + [a['title']]), a['status'])
             for file in results for a in file['assertionResults']]
    return tests, stdout


def matches(parts, name):
    """A runtime name fills a name with holes (name_parts), as --combine matches them."""
    pattern = '.*'.join(re.escape(p) for p in parts)
    return re.fullmatch(pattern, name, re.S) is not None


def solution_in_place(exercise, into):
    shutil.copytree(exercise, into)
    files = json.load(open(os.path.join(exercise, '.meta/config.json')))['files']
    example = (files.get('example') or files.get('exemplar'))[0]
    # An example in .meta/ imports the exercise's own modules from '../': the track's CI
    # rewrites that to './' as it copies the example over the stub (scripts/helpers.mjs).
    text = open(os.path.join(exercise, example)).read().replace("from '../", "from './")
    with open(os.path.join(into, files['solution'][0]), 'w') as f:
        f.write(text)
    return files['test']


def upstream_results(exercise, slug):
    # Inside the runner's folder, as its run.sh runs a solution there: its babel.config.js is
    # the root one.
    scratch = os.path.join(upstream, 'tmp', slug)
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(os.path.dirname(scratch), exist_ok=True)
    tests = solution_in_place(exercise, scratch)
    for own in ('babel.config.js', 'package.json', '.npmrc'):
        if os.path.exists(os.path.join(scratch, own)):
            os.rename(os.path.join(scratch, own), os.path.join(scratch, own + '.bak'))
    for test in tests:
        subprocess.run(['bash', os.path.join(upstream, 'bin/prepare.sh'), scratch + '/', test],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(['node', os.path.join(upstream, 'node_modules/jest/bin/jest.js'), scratch + '/*',
                    '--bail', '1', '--ci', '--colors', '--config', os.path.join(upstream, 'jest.runner.config.js'),
                    '--noStackTrace', '--outputFile=' + os.path.join(scratch, 'results.json'), '--passWithNoTests',
                    '--reporters', os.path.join(upstream, 'dist/reporter.js'), '--roots', scratch + '/',
                    '--setupFilesAfterEnv', os.path.join(upstream, 'dist/jest/setup.js'), '--verbose', 'false',
                    '--detectOpenHandles', '--testLocationInResults'],
                   cwd=upstream, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
    try:
        return json.load(open(os.path.join(scratch, 'results.json')))
    except (OSError, ValueError):
        return {'status': 'none', 'tests': []}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


totals = {}
def count(key, ok):
    done, good = totals.get(key, (0, 0))
    totals[key] = (done + 1, good + bool(ok))
    return ok

exercises = sorted(os.path.join(track, 'exercises', kind, slug)
                   for kind in ('practice', 'concept')
                   for slug in os.listdir(os.path.join(track, 'exercises', kind))
                   if os.path.isfile(os.path.join(track, 'exercises', kind, slug, '.meta/config.json'))
                   and (not only or slug in only))
started = time.time()
for exercise in exercises:
    slug = os.path.basename(exercise)
    problems = []
    with tempfile.TemporaryDirectory() as work:
        ours = os.path.join(work, 'ours')
        tests = solution_in_place(exercise, ours)

        # --parse-meta on the original test file.
        for test in tests:
            helper('--parse-meta', test, os.path.join(work, 'metadata.json'), cwd=ours)
        metadata = json.load(open(os.path.join(work, 'metadata.json')))['tests']
        static = [t for t in metadata if not t.get('name_parts')]
        templates = [t for t in metadata if t.get('name_parts')]
        # The transformed file, run: what Jest reports, skipped tests included.
        results_log = os.path.join(work, 'results.log')
        for test in tests:
            helper('--transform', test, os.path.join(work, 'transformed-' + os.path.basename(test)), cwd=ours)
        for test in tests:
            shutil.copy(os.path.join(ours, test), os.path.join(work, 'original-' + os.path.basename(test)))
            shutil.copy(os.path.join(work, 'transformed-' + os.path.basename(test)), os.path.join(ours, test))
        got_tests, stdout = jest(ours, tests[0], results_log)
        ran_here = [(n, s) for n, s in got_tests if s in ('passed', 'failed')]
        expected = [n for n, _ in got_tests]
        equal = [t['name'] for t in static] == [n for n in expected if not any(matches(t['name_parts'], n) for t in templates)] \
            and all(any(n == t['name'] for t in static) or any(matches(t['name_parts'], n) for t in templates) for n in expected)
        if not count('parse-meta names and order', equal):
            problems.append('parse-meta names: %s' % [t['name'] for t in metadata][:5])
        count('test files with tests declared by helper functions', bool(templates)) if templates else None

        # --transform: every line kept.
        for test in tests:
            original = open(os.path.join(work, 'original-' + os.path.basename(test))).read().split('\n')
            transformed = open(os.path.join(ours, test)).read().split('\n')
            kept = len(transformed) >= len(original)
            for before, after in zip(original, transformed):
                renamed = before
                for a, b in RENAMES:
                    renamed = re.sub(r'\b' + re.escape(a), b, renamed)
                kept = kept and after in (before, renamed)
            helper('--parse-meta', test, os.path.join(work, 'again.json'), cwd=ours)
            again = json.load(open(os.path.join(work, 'again.json')))['tests']
            kept = kept and [(t['name'], t['line']) for t in again] == [(t['name'], t['line']) for t in metadata]
            if not count('every line kept', kept):
                problems.append('lines moved or changed')

        # The outcomes, against the reference's.
        if upstream:
            theirs = upstream_results(exercise, slug)
            ran = [(t['name'], {'pass': 'passed', 'fail': 'failed'}.get(t['status'], t['status'])) for t in theirs['tests']]
        else:
            reference = os.path.join(work, 'reference')
            solution_in_place(exercise, reference)
            for test in tests:
                path = os.path.join(reference, test)
                text = open(path).read()
                for a, b in RENAMES:
                    text = text.replace(a, b)
                open(path, 'w').write(text)
            ref_tests, _ = jest(reference, tests[0], os.path.join(work, 'reference.json'))
            ran = [(n, s) for n, s in ref_tests if s in ('passed', 'failed')]
        if not count('same outcomes', ran_here == ran):
            problems.append('outcomes: %s' % [(a, b) for a, b in zip(ran_here, ran) if a != b][:3])
        headers = [line[len(MARKER):] for line in stdout.split('\n') if line.startswith(MARKER)]
        if not count('every test that ran announced, in order', headers == [n for n, _ in ran]):
            problems.append('headers: %d of %d' % (len(headers), len(ran)))

        # results.json.
        helper('--log-to-json', os.path.join(work, 'stdout-results.log'), os.path.join(work, 'output.json'),
               '--keep-load-output', cwd=work)
        helper('--combine', results_log, os.path.join(work, 'metadata.json'), os.path.join(work, 'output.json'), cwd=work)
        results = json.load(open(results_log))
        names = [t['name'] for t in results['tests']]
        if not count('results.json names and order', names == [n for n, _ in ran]):
            problems.append('results names')
        if not count('test_code complete', all(t['test_code'] for t in results['tests'])):
            problems.append('test_code missing: %s' % [t['name'] for t in results['tests'] if not t['test_code']][:3])
        count('results.json status pass', results['status'] == 'pass')
        for key, number in [('tests Jest reported', len(expected)), ('tests that ran', len(ran))]:
            totals[key] = (totals.get(key, (0, 0))[0] + number,) * 2

        if upstream:
            up = [(t['name'], t['status'], t.get('task_id')) for t in theirs['tests']]
            mine = [(t['name'], t['status'], t.get('task_id')) for t in results['tests']]
            if not count('upstream: names and order', [u[0] for u in up] == [m[0] for m in mine]):
                problems.append('upstream names: %s' % [(u[0], m[0]) for u, m in zip(up, mine) if u[0] != m[0]][:2])
            if not count('upstream: statuses', [u[:2] for u in up] == [m[:2] for m in mine]):
                problems.append('upstream statuses')
            if not count('upstream: task ids', up == mine):
                problems.append('upstream task ids: %s' % [(u, m) for u, m in zip(up, mine) if u != m][:2])
            count('upstream: status', theirs['status'] == results['status'])
    print('%s: %s' % (slug, '; '.join(problems) if problems else 'ok'), flush=True)

print('\n%d exercises in %.0f s' % (len(exercises), time.time() - started))
for key, (done, good) in totals.items():
    print('%s: %d of %d' % (key, good, done))
