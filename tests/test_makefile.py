"""The Makefile's targets as a new user runs them: ``make serve PORT=… HOST=…`` passes the
port and the address to ``academie serve``; the set-up says how long it takes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def dry_run(*args: str) -> str:
    """The commands ``make`` would run (``-n``: none is run)."""
    if shutil.which("make") is None:
        pytest.skip("no make on this machine")
    done = subprocess.run(["make", "-n", "-C", str(ROOT), *args], capture_output=True, text=True, check=True)
    return done.stdout


def test_make_serve_takes_a_port_and_an_address():
    assert ".venv/bin/academie serve --host '127.0.0.1' --port '8000'" in dry_run("serve")
    assert ".venv/bin/academie serve --host '127.0.0.1' --port '8001'" in dry_run("serve", "PORT=8001")
    assert ".venv/bin/academie serve --host '0.0.0.0' --port '9000'" in dry_run("serve", "HOST=0.0.0.0", "PORT=9000")


def test_the_set_up_says_a_few_minutes():
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "(a few minutes, once)" in text and "minute or two" not in text
