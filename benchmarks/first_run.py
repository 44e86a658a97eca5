"""How long the first ``academie simulate`` after an install takes, and the next ones: the
compiled kernels of academie[fast] compiled, then loaded from numba's cache.

Each run is a whole ``academie simulate`` command in a process of its own, with
``NUMBA_CACHE_DIR`` set to a new empty folder for the first (a fresh install's cache), then
the same folder: the first run with ``--workers`` N (the kernels compiled, once, before the
workers start), a second one with N workers and a third with one (both loaded from the cache).
It prints each run's wall time (what a person waits for) and whether it said it was compiling.
On a machine with other work going on the figures are longer.

Run: ``.venv/bin/python benchmarks/first_run.py [--game reversis] [--bots random] [--matches 200] [--workers 2]``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time


def run(args: list[str], cache: str) -> tuple[float, bool]:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "academie", *args], capture_output=True, text=True, env=env,
                         timeout=1800)
    elapsed = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(out.stderr)
    return elapsed, "compiling the" in out.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="reversis")
    parser.add_argument("--bots", default="random", help="one spec for every seat, e.g. ismcts:iterations=50")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    a = parser.parse_args()
    base = ["simulate", a.game, "--players", str(a.players), "--bots", a.bots, "--matches", str(a.matches),
            "--seed", "1", "--json"]
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        for label, workers in (("first run (empty cache)", a.workers), ("second run", a.workers), ("one worker", 1)):
            seconds, said = run([*base, "--workers", str(workers)], cache)
            print(f"{label:<26} --workers {workers}: {seconds:6.1f} s{'  (said it was compiling)' if said else ''}",
                  flush=True)


if __name__ == "__main__":
    main()
