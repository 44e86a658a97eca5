"""How much faster ``simulate`` runs with ``--workers N`` than on one core.

For each workload it times, in alternating rounds (so that the machine's load falls on every
number of workers alike), a whole ``simulate`` call (the pool's start included) with 1 worker and
with each N asked for, checks that every report is the same, and prints the best wall time of the
rounds for each and the speed-up over one worker:

* ``reversis heuristic``: Reversis, a heuristic bot against three random ones (the pure engine);
* ``trente-et-un heuristic``: Trente et un, a heuristic bot against three random ones;
* ``reversis random``: four random bots, played by the compiled kernel when academie[fast] is
  installed (the pure engine otherwise);
* ``control``: a pure Python loop through the same pool (:func:`academie.analysis.parallel.map_matches`),
  no match at all: what the machine's cores give at that moment, to read the others against.

Wall time (``time.perf_counter``): what a person waits for. On a machine with other work going on
the speed-up is lower than the number of cores.

Run: ``.venv/bin/python benchmarks/workers.py [--workers 2] [--rounds 5] [--scale 1.0]``.
"""

from __future__ import annotations

import argparse
import os
import time

from academie import fast
from academie.analysis.parallel import map_matches
from academie.analysis.simulate import simulate
from academie.games import get_game

WORKLOADS = [
    ("reversis heuristic", "reversis", ["heuristic", "random", "random", "random"], 400),
    ("trente-et-un heuristic", "trente-et-un", ["heuristic", "random", "random", "random"], 600),
    ("reversis random", "reversis", ["random"] * 4, 20_000),
]


def spin(chunk: list[int]) -> list[int]:
    """The control's work: a pure Python loop per task."""
    out = []
    for x in chunk:
        total = 0
        for i in range(400_000):
            total += i ^ x
        out.append(total)
    return out


def control(workers: int) -> list[int]:
    with map_matches(spin, range(48), workers=workers, chunk_size=2) as outcomes:
        return list(outcomes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[os.cpu_count() or 1],
                        help="numbers of workers to compare with one (default: every core)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per workload (best time kept)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every workload's matches")
    args = parser.parse_args()
    counts = [1, *[w for w in args.workers if w != 1]]
    print(f"{os.cpu_count()} cores; compiled kernels: {'yes' if fast.available() else 'no'};"
          f" best wall time of {args.rounds} rounds")
    header = f"{'workload':<24}{'matches':>9}" + "".join(f"{f'{w} worker' + ('s' if w > 1 else ''):>12}" for w in counts)
    print(header + "".join(f"{f'×{w}':>9}" for w in counts[1:]))
    for label, gid, bots, matches in WORKLOADS:
        game, matches = get_game(gid), max(1, int(matches * args.scale))
        simulate(game, bots, min(matches, 300), seed=1)  # loads the modules and the kernel first
        best = {w: float("inf") for w in counts}
        reports = {}
        for _ in range(args.rounds):
            for w in counts:
                start = time.perf_counter()
                reports[w] = simulate(game, bots, matches, seed=2026, workers=w).to_json()
                best[w] = min(best[w], time.perf_counter() - start)
        assert all(r == reports[1] for r in reports.values()), f"{label}: reports differ"
        row = f"{label:<24}{matches:>9,}" + "".join(f"{best[w]:>11.2f}s" for w in counts)
        print(row + "".join(f"{best[1] / best[w]:>8.2f}×" for w in counts[1:]), flush=True)
    best = {w: float("inf") for w in counts}
    for _ in range(args.rounds):
        for w in counts:
            start = time.perf_counter()
            control(w)
            best[w] = min(best[w], time.perf_counter() - start)
    row = f"{'control (no match)':<24}{48:>9}" + "".join(f"{best[w]:>11.2f}s" for w in counts)
    print(row + "".join(f"{best[1] / best[w]:>8.2f}×" for w in counts[1:]))
    print("every report is the same for every number of workers;"
          f" load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
