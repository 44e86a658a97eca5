"""Seconds to the first sample of a Reversis view, and microseconds per sample after it.

Three figures:

* **fresh process**: ``--processes`` new Python processes, each plays a random Reversis match
  (four seats, ``random.Random(k)``) into the play of the cards and times its first
  ``determinize`` (wall time, the engine already imported): what a script or a web request that
  samples once pays, one-time loads included;
* **new view**: in this process, the first ``determinize`` of ``--positions`` positions never
  sampled before (the sampler's tables built, the deal replayed once);
* **next samples**: the same positions sampled 2,000 times each, µs per sample (median over the
  positions), by the pure proposals and by the compiled ones (``academie[fast]``; a process
  turns to them after :data:`~academie.games.reversis.sampling.COMPILED_AFTER` worlds).

    .venv/bin/python benchmarks/first_sample.py [--processes 5] [--positions 30]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

from academie import fast
from academie.games import get_game
from academie.games.reversis import sampling as reversis_sampling

GAME = get_game("reversis")

ONE = """
import random, sys, time
sys.path.insert(0, {here!r})
from first_sample import position
state, seat = position({k})
start = time.perf_counter()
state.determinize(seat, random.Random(0))
print(time.perf_counter() - start)
"""


def position(k: int):
    """A random match of two deals played from ``random.Random(k)`` into the play of the cards
    (some way into it), and the seat to sample for."""
    rng = random.Random(k)
    state = GAME.new_initial_state(4, {"deals": 2})
    target = rng.randrange(1, 9)
    while not (state.phase == "play" and state.trick_number >= target):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))], trusted=True)
    return state, rng.randrange(4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=5)
    parser.add_argument("--positions", type=int, default=30)
    args = parser.parse_args()
    fresh = []
    for k in range(args.processes):
        script = ONE.format(k=k, here=os.path.dirname(os.path.abspath(__file__)))
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
        fresh.append(float(out.stdout))
    print(f"first sample in a fresh process: median {statistics.median(fresh):.3f} s, "
          f"longest {max(fresh):.3f} s ({args.processes} processes)")
    states = [position(k) for k in range(1000, 1000 + args.positions)]
    firsts = []
    for state, seat in states:
        start = time.perf_counter()
        state.determinize(seat, random.Random(0))
        firsts.append(time.perf_counter() - start)
    print(f"first sample of a new view: median {statistics.median(firsts) * 1e3:.1f} ms, "
          f"longest {max(firsts) * 1e3:.1f} ms ({args.positions} positions)")
    for name, after in (("pure", 10**12), ("compiled", 0)):
        if after == 0 and not fast.available():
            continue
        reversis_sampling.COMPILED_AFTER = after
        nexts = []
        for state, seat in states:
            rng = random.Random(1)
            state.determinize(seat, rng)  # (the compiled proposals made for this position)
            start = time.process_time()
            for _ in range(2000):
                state.determinize(seat, rng)
            nexts.append((time.process_time() - start) / 2000 * 1e6)
        print(f"next samples, {name} proposals: median {statistics.median(nexts):.1f} µs per sample, "
              f"longest {max(nexts):.1f} µs")

if __name__ == "__main__":
    main()
