"""pytest glue for runners/python/bin/run.sh: writes each test's result in the line-based
message dialect exercism_test_helper reads (`--combine`), to the file EXERCISM_RESULTS names.

A test is named as --transform named it (`ClassName > some thing`). A unittest subTest loop
gives one result per variation, `<name> [<subTest message>]`, and a summary `<name>~`, as the
Python track's runner names them; --combine gives them the test's test_code and task id.
Messages are the assertion's own words (`AssertionError: 2 != 3`), not a traceback.
"""

import os

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


def _message(report):
    crash = getattr(report.longrepr, "reprcrash", None)
    return crash.message if crash is not None else report.longreprtext


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


def pytest_collectreport(report):
    # A test module that does not import: an error outside any test, so no test ran.
    if report.failed:
        _write("ERROR", _collection_error(report.longreprtext))


def _collection_error(text):
    """An import error as the Python track's runner shows it: the exception's own lines
    (the `E   ` lines of pytest's report), where the track's test files put their hints
    (`MISSING FUNCTION --> …`); any other error as pytest reports it."""
    if "ImportError while importing test module" not in text:
        return text
    lines = text.rstrip("\n").split("\n")
    last = len(lines)
    while last > 0 and lines[last - 1].startswith("E "):
        last -= 1
    error = [line[4:] if line.startswith("E   ") else line[2:] for line in lines[last:]]
    return "\n".join(error) if error else text


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
