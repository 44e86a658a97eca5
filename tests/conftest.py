"""The whole suite's settings: under pytest-xdist, one progress line per finished test file
(``tests/progress.py``) instead of a dot per test."""

from __future__ import annotations

import pytest

from tests.progress import FileProgress, wanted


def pytest_configure(config: pytest.Config) -> None:
    if wanted(config):
        config.pluginmanager.register(FileProgress(config), "academie-file-progress")
