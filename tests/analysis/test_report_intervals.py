"""simulate's intervals are scipy.stats' figures, bit for bit, computed without importing
scipy.stats (which took about a second of every ``academie simulate``'s start)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
from scipy import stats

from academie.analysis.simulate import mean_return, win_rate

SRC = Path(__file__).resolve().parents[2] / "src"


def test_wilson_intervals_are_binomtest_s():
    rng = random.Random(5)
    cases = [(0, 1), (1, 1), (0, 7), (7, 7), (1, 2), (3, 10), (199, 200)]
    cases += [(rng.randrange(n + 1), n) for n in (rng.randrange(1, 10**6) for _ in range(3000))]
    for k, n in cases:
        ci = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        r = win_rate("x", k, n)
        assert (r.low, r.high) == (float(ci.low), float(ci.high)), (k, n)


def test_student_intervals_are_t_interval_s():
    rng = random.Random(6)
    for m in range(1500):
        size = rng.choice([5, 6, 9, 40, 300, 2000])
        kind = m % 3
        values = [float(rng.randrange(-40, 40)) if kind == 0 else rng.gauss(0, 25) if kind == 1
                  else rng.randrange(-3, 4) / 3 for _ in range(size)]
        arr = np.asarray(values)
        if bool((arr == arr[0]).all()):
            continue
        low, high = stats.t.interval(0.95, arr.size - 1, loc=float(arr.mean()), scale=stats.sem(arr))
        r = mean_return("x", values)
        assert (r.low, r.high) == (float(low), float(high)), values


def test_a_simulation_does_not_import_scipy_stats():
    code = ("import io, contextlib, sys\n"
            "from academie.cli.app import app\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try:\n"
            "        app(['simulate', 'trente-et-un', '--matches', '20', '--players', '3', '--seed', '1',"
            " '--workers', '1'], standalone_mode=False)\n"
            "    except SystemExit:\n"
            "        pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('scipy.stats')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
