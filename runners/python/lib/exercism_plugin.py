"""pytest glue for runners/python/bin/run.sh: writes each test's result in the line-based
message dialect exercism_test_helper reads (`--combine`), to the file EXERCISM_RESULTS names.

A test is named as --transform named it (`ClassName > some thing`). A unittest subTest loop
gives one result per variation, `<name> [<subTest message>]`, and a summary `<name>~`, as the
Python track's runner names them; --combine gives them the test's test_code and task id.
Messages are the assertion's own words (`AssertionError: 2 != 3`), not a traceback; any
other exception is its own line followed by the lines of the test file and the solution it
passed through, and a module that does not load shows the student's files' lines (after
pytest's line naming the test module, for an import error): no frame of pytest, importlib or
this plugin.
"""

import os
import re
import textwrap
import traceback

import pytest

SUMMARY_FAILED = (
    "One or more variations of this test failed. Details can be found under each [variant#]."
)

_results = None
_variations = {}


def _write(tag, text=""):
    global _results
    if _results is None:
        _results = open(os.environ.get("EXERCISM_RESULTS", "results.log"), "a", encoding="utf-8")
    _results.write("\n<%s::>%s\n" % (tag, str(text).replace("\n", "<:LF:>")))
    _results.flush()


def _name(item):
    """The name --transform gave the test, else the same rule applied here."""
    owner = getattr(item, "cls", None)
    method = getattr(item, "originalname", None) or item.name
    names = getattr(owner, "_exercism_names", None) or {}
    if method in names:
        return names[method]
    if owner is not None:
        return (owner.__name__ + "." + method).replace("Test.test_", " > ").replace("_", " ")
    return method.replace("_", " ")


# The directory the tests run in: the student's files are the ones inside it.
_HERE = os.getcwd() + os.sep

# The student's frames of the exception a test phase raised, by (node id, phase), from
# pytest_runtest_makereport until pytest_runtest_logreport writes the result.
_frames = {}


def _message(report):
    crash = getattr(report.longrepr, "reprcrash", None)
    message = crash.message if crash is not None else report.longreprtext
    frames = _frames.pop((report.nodeid, report.when), None)
    if frames:
        message += "\n\nTraceback (most recent call last):\n" + "\n".join(frames)
    return message


def _student_frames(tb):
    """The frames of a traceback in the files the tests run in, as Python prints them, with
    paths relative to the solution."""
    lines = []
    for frame in traceback.extract_tb(tb):
        path = os.path.abspath(frame.filename)
        if not path.startswith(_HERE):
            continue
        lines.append('  File "%s", line %d, in %s' % (path[len(_HERE):], frame.lineno, frame.name))
        if frame.line:
            lines.append("    " + frame.line)
    return lines


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    # An exception that is not an assertion (a test or the solution raising) gets the lines it
    # passed through; an assertion's message says enough.
    outcome = yield
    report = outcome.get_result()
    excinfo = call.excinfo
    if report.failed and excinfo is not None and not excinfo.errisinstance(AssertionError):
        _frames[(item.nodeid, call.when)] = _student_frames(excinfo.tb)


_items = {}


def pytest_runtest_logstart(nodeid, location):
    # Announced when it starts, so that a run killed at the time limit names the test that
    # was running.
    _variations[nodeid] = []
    item = _items.get(nodeid)
    _write("IT", _name(item) if item is not None else nodeid)


def pytest_collection_modifyitems(session, config, items):
    for item in items:
        _items[item.nodeid] = item


# The exception a module raised as pytest collected it, by node id, from
# pytest_exception_interact until pytest_collectreport writes the error.
_collection_exceptions = {}


def pytest_exception_interact(node, call, report):
    if isinstance(report, pytest.CollectReport) and call.excinfo is not None:
        _collection_exceptions[report.nodeid] = call.excinfo.value


def pytest_collectreport(report):
    # A test module that does not import: an error outside any test, so no test ran.
    if not report.failed:
        return
    test_file = report.nodeid.split("::")[0]
    if test_file and not os.path.exists(os.path.join(_HERE, test_file)):
        # pytest's own words for it (an import file mismatch) would send the student hunting.
        _write("ERROR", "The test file %s disappeared while it was loaded: the code under test "
               "may have deleted it." % test_file)
    else:
        # pytest's CollectError, raised from the module's own exception.
        raised = getattr(_collection_exceptions.pop(report.nodeid, None), "__cause__", None)
        _write("ERROR", _collection_error(report.longreprtext, raised))


# A frame of pytest's report on a module that did not load: `path:line: in function`.
_FRAME = re.compile(r"^(\S.*?):\d+: in ")


def _collection_error(text, raised):
    """A module that did not load, as pytest reports it (`text`), less the frames outside the
    student's files (pytest's, importlib's, this plugin's) and pytest's hint about module
    names. An ImportError the test file raised itself (`raised` has no module `name`) is its
    own lines alone, as the Python track's runner shows it: there the track's test files put
    their hints (`MISSING FUNCTION --> …`). Any other import error keeps pytest's first line,
    which names the test module, as that runner does."""
    lines = text.rstrip("\n").split("\n")
    last = len(lines)
    while last > 0 and lines[last - 1].startswith("E "):
        last -= 1
    error = [line[4:] if line.startswith("E   ") else line[2:] for line in lines[last:]]
    if not error:
        return text
    headline = []
    if "ImportError while importing test module" in text:
        if isinstance(raised, ImportError) and raised.name is None:
            return "\n".join(error)
        headline = [lines[0].replace(_HERE, "")]
    kept, keep = [], False
    for line in lines[:last]:
        frame = _FRAME.match(line)
        if frame:
            path = frame.group(1)
            keep = not (os.path.isabs(path) or path.startswith(("<", "..")))
        if keep:
            kept.append(line)
    return "\n".join(headline + [textwrap.dedent("\n".join(kept + error))])


def pytest_runtest_logreport(report):
    item = _items.get(report.nodeid)
    name = _name(item) if item is not None else report.nodeid
    context = getattr(report, "context", None)
    if context is not None and report.when == "call":
        # One variation of a subTest loop: the test itself is shown as its variations.
        if not _variations[report.nodeid]:
            _write("COMPLETEDIN", "0")
        variation = context.msg if context.msg is not None else ", ".join(
            "%s=%s" % pair for pair in sorted(context.kwargs.items())
        )
        _variations[report.nodeid].append(report.failed)
        _write("IT", "%s [%s]" % (name, variation))
        if report.failed:
            _write("FAILED", _message(report))
        else:
            _write("PASSED", "Test passed")
        _write("COMPLETEDIN", "0")
        return
    if report.when == "setup" and report.failed:
        _write("ERROR", _message(report))
        _write("COMPLETEDIN", "0")
    elif report.when == "call":
        variations = _variations.get(report.nodeid, [])
        if variations:
            _write("IT", name + "~")
            failed = report.failed or any(variations)
            _write("FAILED" if failed else "PASSED", SUMMARY_FAILED if failed else "Test passed")
        elif report.failed:
            _write("FAILED", _message(report))
        else:
            _write("PASSED", "Test passed")
        _write("COMPLETEDIN", "0")
