"""The compiled kernels are compiled once, in the process that starts the workers, and the user
is told when that happens: the first ``simulate --workers 2`` after an install took 84 s while
each worker compiled the kernels itself, silently."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from academie import fast
from academie.cli.app import app
from academie.games import get_game

pytestmark = pytest.mark.skipif(not fast.available(), reason="needs academie[fast] (numba)")


def test_simulate_compiles_the_kernels_in_the_parent_before_its_workers_start():
    """After a simulation of random bots on two workers, the parent holds the compiled
    ``play_matches`` (compiled or loaded from the cache there): its forked workers inherit it.
    Before, only the workers compiled it, each for itself. A process of its own, so that no
    other test has compiled it before."""
    code = ("from academie.analysis.simulate import simulate; from academie.games import get_game;"
            "from academie.fast import reversis;"
            "r = simulate(get_game('reversis'), ['random'] * 4, 200, seed=1, workers=2);"
            "print(r.matches, len(reversis.play_matches.signatures))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["200", "1"]


def test_the_note_comes_once_before_a_real_compile_and_not_for_a_kernel_from_the_cache(monkeypatch):
    """``on_compile`` is called at numba's first compile only; a function already compiled (or
    loaded from the cache) calls nothing."""
    from numba import njit

    def fresh():  # a function numba has never compiled in this process (no cache: it must compile)
        @njit(cache=False)
        def twice(x):
            return 2 * x

        @njit(cache=False)
        def thrice(x):
            return twice(x) + x

        return thrice(3)

    class Stub:
        def __init__(self, *args):
            pass

        def play_seeds(self, seeds):
            return [action() for action in plays]

    monkeypatch.setattr(fast, "RandomMatches", Stub)
    game = get_game("reversis")
    options = game.parse_options({})
    calls = []
    plays = [fresh, fresh]  # two compiles of two functions each: one note
    fast.prepare(game, options, 4, ["random"] * 4, matches=True, on_compile=lambda *a: calls.append(a))
    assert calls == [("Reversis", fast.COMPILE_SECONDS["reversis"])]
    compiled = njit(cache=False)(lambda x: x + 1)
    compiled(1)
    calls.clear()
    plays = [lambda: compiled(2)]
    fast.prepare(game, options, 4, ["random"] * 4, matches=True, on_compile=lambda *a: calls.append(a))
    assert calls == []
    plays = [fresh]
    fast.prepare(game, options, 4, ["heuristic"] * 4, on_compile=lambda *a: calls.append(a))
    assert calls == []  # no kernel to prepare: nothing played, nothing said


def test_simulate_says_on_standard_error_that_it_compiles(monkeypatch):
    def prepare(game, options, num_players, bot_names=(), matches=False, on_compile=None):
        on_compile("Reversis", 35)

    monkeypatch.setattr(fast, "prepare", prepare)
    result = CliRunner().invoke(app, ["simulate", "reversis", "--matches", "2", "--seed", "1", "--workers", "1",
                                      "--json"])
    assert result.exit_code == 0, result.output
    assert ("note: compiling the Reversis kernel, once (about 40 seconds; later runs load it from the cache)…"
            in result.stderr)
    assert result.stdout.lstrip().startswith("{")  # the JSON on standard output, untouched


def test_with_no_writable_cache_folder_the_kernels_are_cached_in_a_temporary_folder(monkeypatch, tmp_path):
    """An install in a read-only folder, run by a user without a home: numba, asked to cache a
    function it has nowhere to cache, refused it (``cannot cache function 'mt_seed': no locator
    available``, a traceback at the first kernel). Its cache folder is then one of the system's
    temporary folder, set before any kernel is compiled."""
    from numba.core import config

    monkeypatch.setattr(config, "CACHE_DIR", "")
    monkeypatch.setattr(fast.tempfile, "tempdir", str(tmp_path))
    refused = {os.path.join(os.path.dirname(fast.__file__), "__pycache__")}
    real = fast._writable
    monkeypatch.setattr(fast, "_writable", lambda folder: not (folder in refused or folder.endswith("numba"))
                        and real(folder))
    folder = fast.cache_folder()
    assert folder == str(tmp_path / f"academie-numba-{os.getuid()}") == config.CACHE_DIR
    assert os.path.isdir(folder)
    monkeypatch.setattr(fast, "_writable", lambda folder: False)
    monkeypatch.setattr(config, "CACHE_DIR", "")
    assert fast.cache_folder() is None  # nowhere at all: no kernels (available() is false), the pure engine plays
