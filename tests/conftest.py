"""The whole suite's settings: under pytest-xdist, one progress line per finished test file
(``tests/progress.py``) instead of a dot per test."""

from __future__ import annotations

import pytest

from tests.progress import FileProgress, wanted


def pytest_sessionstart(session: pytest.Session) -> None:
    """A run over workers first compiles the kernels once (``tests/warm_kernels.py``)."""
    config = session.config
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return
    from tests.warm_kernels import warm_all

    seconds = warm_all()
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(f"the compiled kernels ready in numba's cache ({seconds:.0f} s)")


def pytest_configure(config: pytest.Config) -> None:
    if wanted(config):
        config.pluginmanager.register(FileProgress(config), "academie-file-progress")
