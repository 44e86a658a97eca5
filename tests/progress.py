"""Progress of a run spread over several processes (pytest-xdist): one line per test file as it
finishes, with how many of the run's tests are done, the file's results, its time and its worker.
pytest-xdist alone prints one dot per test, with nothing to say which file is running::

    [ 41%]  812/1950  tests/web/test_browser.py: 12 passed in 48.2s [gw1]

A run in one process (``-n 0``) keeps pytest's own line per file; ``-v`` keeps its line per test.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict

import pytest

ORDER = ("failed", "passed", "skipped", "xfailed", "xpassed", "error")
"""The order of pytest's own summary line."""


def wanted(config: pytest.Config) -> bool:
    """Lines per file for the process that reports (not a worker) of a run over workers, unless
    ``-v`` asks for a line per test."""
    if hasattr(config, "workerinput"):
        return False
    if not getattr(config.option, "numprocesses", None):
        return False
    return config.get_verbosity() <= 0


class FileProgress:
    """Counts the tests of each file as the workers report them; writes the file's line when its
    last test is done."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.per_file: Counter[str] = Counter()
        self.total = 0
        self.done: Counter[str] = Counter()
        self.finished = 0
        self.results: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.started: dict[str, float] = {}
        self.worker: dict[str, str] = {}

    def pytest_xdist_node_collection_finished(self, node, ids) -> None:
        if not self.total:  # every worker collects the same tests
            self.per_file = Counter(i.split("::")[0] for i in ids)
            self.total = len(ids)

    @pytest.hookimpl(wrapper=True)
    def pytest_report_teststatus(self, report, config):
        category, _letter, word = yield
        return category, "", word  # the file's line says it, not a letter per test

    def pytest_runtest_logstart(self, nodeid: str, location) -> None:
        self.started.setdefault(nodeid.split("::")[0], time.monotonic())

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        path = report.nodeid.split("::")[0]
        node = getattr(report, "node", None)
        if node is not None:
            self.worker[path] = node.gateway.id
        category = self.config.hook.pytest_report_teststatus(report=report, config=self.config)[0]
        if category:
            self.results[path][category] += 1
        if report.when == "???":  # a worker crashed in this test: no logfinish comes
            self.item_done(path)

    def pytest_runtest_logfinish(self, nodeid: str, location) -> None:
        self.item_done(nodeid.split("::")[0])

    def item_done(self, path: str) -> None:
        self.done[path] += 1
        self.finished += 1
        if self.done[path] == self.per_file[path]:
            self.write(path)

    def write(self, path: str) -> None:
        results = self.results[path]
        said = [f"{results[c]} {c}" for c in ORDER if results[c]]
        said += [f"{n} {c}" for c, n in results.items() if c not in ORDER]
        seconds = time.monotonic() - self.started.get(path, time.monotonic())
        width = len(str(self.total))
        share = 100 * self.finished // max(self.total, 1)
        line = (f"[{share:3d}%] {self.finished:>{width}}/{self.total}  {path}: {', '.join(said) or 'nothing run'}"
                f" in {seconds:.1f}s [{self.worker.get(path, '?')}]")
        bad = results["failed"] or results["error"]
        reporter = self.config.pluginmanager.get_plugin("terminalreporter")
        reporter.ensure_newline()
        reporter.write_line(line, red=bool(bad), green=not bad)
