#!/usr/bin/env python3
"""Compares runners/<language>/bin/run.sh with an upstream runner's smoke suite, case by case:
top-level status, test names, their order, each test's status, messages, messages' first
lines, outputs, test_code and task ids, against the suite's own expected results. The suites
are not part of this project: pass a checkout's folder. A case is a folder holding the
expected results (`expected_results.json`, Python's `results.json`); JavaScript's are two
deep (`<slug>/<case>`), and the slug is the first.

"first lines" compares the first line of the top-level message and of each test's message,
pairing a test upstream names `<name>~` with ours named `<name>` when upstream marks a test
without subtests so (the names column counts that difference). "normalised" compares them
again with two differences of the setting taken out, and only those:
- Ruby's wording of a NameError's or NoMethodError's receiver: upstream's expected results
  come from Ruby 3.3, which names it by its class (`for nil`, `for main`, `for an instance of
  String`, `for class Integer`), where Ruby 3.2 and earlier give its inspect and its class
  (`for nil:NilClass`, `for main:Object`, `for "Something":String`, `for Integer:Class`);
  our message is rewritten to 3.3's wording (Ruby's Feature #18285);
- paths: upstream writes a file of the case relative to the folder its suite ran from
  (`./test/example-empty-file/example_empty_file_test.py`); they are made relative to the
  case's folder, as the runners here write them (`example_empty_file_test.py`).
Every case whose first lines differ prints both, upstream's first.

usage: python3 eval/runners/compare.py ruby path/to/ruby-test-runner/tests runners/ruby/bin/run.sh
       python3 eval/runners/compare.py python path/to/python-test-runner/test runners/python/bin/run.sh
       python3 eval/runners/compare.py javascript path/to/javascript-test-runner/test/fixtures runners/javascript/bin/run.sh

EXERCISM_TEST_HELPER defaults to target/release/exercism_test_helper.
"""
import json, os, re, subprocess, sys, tempfile
lang, root, runner = sys.argv[1], sys.argv[2], sys.argv[3]
expected_file = 'results.json' if lang == 'python' else 'expected_results.json'
cases = sorted(os.path.relpath(d, root) for d, _, files in os.walk(root) if expected_file in files and d != root)
root_dir = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
env = dict(os.environ)
env.setdefault('EXERCISM_TEST_HELPER', os.path.join(root_dir, 'target/release/exercism_test_helper'))
tot = {'status':0,'names':0,'order':0,'statuses':0,'messages':0,'first_lines':0,'first_lines_normalised':0,'outputs':0,'test_code':0,'task_ids':0,'n':0}

# Ruby 3.3's wording of the receiver in our message (see above).
RECEIVER = re.compile(r"(undefined (?:local variable or )?method `[^']*' for )(.*?):([A-Z]\w*(?:::[A-Z]\w*)*)(?=$| \()")
def ruby_3_3_receiver(text):
    def reword(m):
        receiver, klass = m.group(2), m.group(3)
        if (receiver, klass) in {('nil', 'NilClass'), ('true', 'TrueClass'), ('false', 'FalseClass'), ('main', 'Object')}:
            return m.group(1) + receiver
        if klass in ('Class', 'Module'):
            return m.group(1) + klass.lower() + ' ' + receiver
        return m.group(1) + 'an instance of ' + klass
    return RECEIVER.sub(reword, text)

# The first line of a message, or "" for none.
first = lambda text: (text or '').strip().split('\n')[0]
def first_lines(exp, got, mine, theirs):
    """Pairs of (upstream's, our) first lines that differ, each side normalised by its function."""
    gm = {t['name']: t.get('message') for t in got.get('tests') or []}
    pairs = [(exp.get('message'), got.get('message'))] + [
        (t.get('message'), gm.get(t['name'], gm.get(t['name'].removesuffix('~'))))
        for t in exp.get('tests') or []]
    return [(theirs(first(e)), mine(first(g))) for e, g in pairs if theirs(first(e)) != mine(first(g))]
same = lambda text: text
for c in cases:
    exp = json.load(open(os.path.join(root, c, expected_file)))
    slug = c.split(os.sep)[0]
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([runner, slug, os.path.join(root, c), out], env=env, capture_output=True)
        try: got = json.load(open(os.path.join(out, 'results.json')))
        except Exception as e: got = {'status': 'none', 'tests': []}
    et = exp.get('tests') or []; gt = got.get('tests') or []
    s_ok = exp['status'] == got['status']
    en = sorted(t['name'] for t in et); gn = sorted(t['name'] for t in gt)
    n_ok = en == gn
    order_ok = [t['name'] for t in et] == [t['name'] for t in gt]
    es = {t['name']: t['status'] for t in et}; gs = {t['name']: t['status'] for t in gt}
    st_ok = es == gs
    em = {t['name']: (t.get('message') or '').strip() for t in et}; gm = {t['name']: (t.get('message') or '').strip() for t in gt}
    m_ok = em == gm and (exp.get('message') or '').strip() == (got.get('message') or '').strip()
    differ = first_lines(exp, got, same, same)
    f_ok = not differ
    case_paths = re.compile(r"(\./)?%s/%s/" % (re.escape(os.path.basename(os.path.normpath(root))), re.escape(c)))
    differ_normalised = first_lines(exp, got, ruby_3_3_receiver if lang == 'ruby' else same, lambda text: case_paths.sub('', text))
    fn_ok = not differ_normalised
    field = lambda tests, key: {t['name']: t.get(key) or None for t in tests}
    o_ok = field(et, 'output') == field(gt, 'output')
    c_ok = field(et, 'test_code') == field(gt, 'test_code')
    k_ok = field(et, 'task_id') == field(gt, 'task_id')
    tot['n'] += 1; tot['status'] += s_ok; tot['names'] += n_ok; tot['order'] += order_ok; tot['statuses'] += st_ok; tot['messages'] += m_ok
    tot['first_lines'] += f_ok; tot['first_lines_normalised'] += fn_ok; tot['outputs'] += o_ok; tot['test_code'] += c_ok; tot['task_ids'] += k_ok
    print(f"{c}: status {'=' if s_ok else '≠ '+exp['status']+'/'+got['status']}, names {'=' if n_ok else '≠'}, order {'=' if order_ok else '≠'}, statuses {'=' if st_ok else '≠'}, messages {'=' if m_ok else '≠'}, first lines {'=' if f_ok else '≠'}, normalised {'=' if fn_ok else '≠'}, outputs {'=' if o_ok else '≠'}, test_code {'=' if c_ok else '≠'}, task ids {'=' if k_ok else '≠'}")
    for theirs, mine in differ:
        print(f"    upstream: {theirs}\n    here:     {mine}")
print(tot)
