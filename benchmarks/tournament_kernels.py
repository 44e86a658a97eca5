"""How much faster ``academie tournament`` plays on the compiled kernels than on the pure engine.

For each workload, in alternating rounds (so that the machine's load falls on both alike), it
runs :func:`academie.analysis.tournament.tournament` once on the kernels (``compiled=True``:
:class:`academie.fast.DeckMatches`) and once on the pure engine (``compiled=False``), checks that
the two reports are the same figure for figure, and prints each one's boards per second of CPU
time (``time.process_time``, this process: one worker) over its best round, and their ratio:

* ``reversis``: ``academie tournament reversis --bots heuristic,random,random,random --deals 500
  --seed 1``: 500 boards of one deal, each played in its 4 seatings;
* ``guimbarde``: the same at the Guimbarde, ``--bots heuristic,random,random``;
* ``trente-et-un``: ``--bots heuristic,random,random --matches`` a fifth as many (whole matches
  of three lives, some eight deals each).

The kernels are compiled (or loaded from numba's cache) before the first round.

Run: ``.venv/bin/python benchmarks/tournament_kernels.py [--rounds 3] [--deals 500]``.
"""

from __future__ import annotations

import argparse
import time

from academie import fast
from academie.analysis.tournament import tournament
from academie.games import get_game

WORKLOADS = [
    ("reversis", ["heuristic", "random", "random", "random"]),
    ("guimbarde", ["heuristic", "random", "random"]),
    ("trente-et-un", ["heuristic", "random", "random"]),
]


def boards(gid: str, deals: int) -> dict[str, int]:
    """The tournament's count: ``deals`` boards of one deal, or a fifth as many whole matches."""
    return {"matches": max(1, deals // 5)} if gid == "trente-et-un" else {"deals": deals}


def timed(gid: str, bots: list[str], deals: int, compiled: bool) -> tuple[float, dict]:
    start = time.process_time()
    result = tournament(get_game(gid), bots, **boards(gid, deals), seed=1, compiled=compiled)
    return time.process_time() - start, result.to_json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds per workload (best time kept)")
    parser.add_argument("--deals", type=int, default=500, help="boards of one deal per tournament")
    args = parser.parse_args()
    if not fast.available():
        raise SystemExit("the compiled kernels need numba: pip install 'academie[fast]'")
    print(f"tournament --deals {args.deals} --seed 1, one worker, best of {args.rounds} rounds (CPU seconds)")
    print(f"{'game':<12} {'bots':<32} {'compiled b/s':>13} {'pure b/s':>10} {'ratio':>7}")
    for gid, bots in WORKLOADS:
        timed(gid, bots, 10, True)  # compiled or loaded from the cache, outside the rounds
        best = {True: float("inf"), False: float("inf")}
        reports = {}
        for _ in range(args.rounds):
            for compiled in (True, False):
                seconds, reports[compiled] = timed(gid, bots, args.deals, compiled)
                best[compiled] = min(best[compiled], seconds)
        if reports[True] != reports[False]:
            raise SystemExit(f"{gid}: the compiled report differs from the pure one")
        count = next(iter(boards(gid, args.deals).values()))
        fast_rate, pure_rate = count / best[True], count / best[False]
        print(f"{gid:<12} {','.join(bots):<32} {fast_rate:>13,.0f} {pure_rate:>10,.0f} {fast_rate / pure_rate:>6.1f}x")


if __name__ == "__main__":
    main()
