"""Timings of ``academie analyse``: each game's exact tables computed cold (a new process each,
caches empty), and the whole ``academie analyse blason`` command, wall clock. Prints figures;
asserts nothing.

    .venv/bin/python benchmarks/analysis.py
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

GAMES = ("trente-et-un", "belle-flux-trente-un", "blason", "reversis", "guimbarde")
ROOT = Path(__file__).resolve().parent.parent

CODE = """
import time, sys
from academie.analysis.topics import TOPICS, analyse
game = sys.argv[1]
start = time.perf_counter()
tables = analyse(game)
total = time.perf_counter() - start
print(f"{game:22} {len(tables):2} exact tables  {total:6.2f} s cold")
"""


def main() -> int:
    print("Each game's exact tables, computed in a new process (best of 3):")
    for game in GAMES:
        runs = [subprocess.run([sys.executable, "-c", CODE, game], capture_output=True, text=True, check=True).stdout
                for _ in range(3)]
        print(min(runs, key=lambda line: float(line.split()[-3])).rstrip())
    academie = Path(sys.executable).parent / "academie"
    for args in (["analyse", "blason"], ["analyse", "belle-flux-trente-un"]):
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run([str(academie), *args], capture_output=True, check=True, cwd=ROOT)
            best = min(best, time.perf_counter() - start)
        print(f"academie {' '.join(args):32} {best:6.2f} s wall clock (best of 3, start-up included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
