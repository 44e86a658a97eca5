"""``python -m academie`` runs the same command line as ``academie``."""

import subprocess
import sys


def test_python_dash_m_academie_lists_the_games():
    done = subprocess.run([sys.executable, "-m", "academie", "games"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "trente-et-un" in done.stdout and "guinguette" in done.stdout


def test_python_dash_m_academie_refuses_an_unknown_command():
    done = subprocess.run([sys.executable, "-m", "academie", "fly"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "fly" in done.stderr
