"""``LC_ALL=C`` gives the ASCII table on a terminal: Python 3.7+ prints UTF-8 under the C locale
(its UTF-8 mode, PEP 540; the locale coerced to C.UTF-8, PEP 538), so the encoding alone no
longer tells a terminal that cannot draw the suits; the locale the user chose does."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from academie.cli.terminal import c_locale

pty = pytest.importorskip("pty")

DEMO = ["play", "trente-et-un", "--demo", "--seed", "1", "--delay", "0"]  # its record goes to tmp_path


def on_a_terminal(args: list[str], tmp_path, **env: str) -> str:
    """What ``academie ARGS`` prints on a terminal (a pseudo-terminal) with this locale."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHONUTF8", "PYTHONIO"))}
    master, slave = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "academie.cli.app", *args], stdin=subprocess.DEVNULL,
                               stdout=slave, stderr=slave, env={**base, "COLUMNS": "100", **env}, cwd=tmp_path)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:  # the terminal closed with the program
            break
        if not chunk:
            break
        out += chunk
    process.wait(timeout=120)
    os.close(master)
    return out.decode("utf-8", "replace")


@pytest.mark.parametrize("env, ascii_table", [
    ({"LC_ALL": "C"}, True),
    ({"LANG": "C"}, True),
    ({"LC_ALL": "POSIX"}, True),
    ({"LC_ALL": "C", "PYTHONUTF8": "1"}, False),  # UTF-8 asked for
    ({"LANG": "C.UTF-8"}, False),
])
def test_the_c_locale_gets_the_ascii_table_on_a_terminal(env, ascii_table, tmp_path):
    out = on_a_terminal(DEMO, tmp_path, **env)
    assert "Trente et un" in out and "Record saved" in out
    suits = [c for c in out if c in "♠♥♦♣"]
    if ascii_table:
        assert all(ord(c) < 128 for c in out), sorted({c for c in out if ord(c) >= 128})
    else:
        assert suits


def test_the_locale_is_read_as_c_reads_it():
    assert c_locale({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, 1)
    assert not c_locale({"LC_ALL": "fr_FR.UTF-8", "LANG": "C"}, 1)
    assert c_locale({"LC_CTYPE": "C.UTF-8", "LANG": "C"}, 1)  # coerced by Python, not chosen
    assert not c_locale({"LC_CTYPE": "C.UTF-8", "LANG": "C", "PYTHONCOERCECLOCALE": "0"}, 1)
    assert not c_locale({"LC_ALL": "C"}, 0)  # no UTF-8 mode: the stream's encoding tells
