"""What frozen views cost: a FrozenMap's construction and reads, and a seat's view of each game.

Prints, in ns or µs (the best of ``--repeat`` runs of CPU time, ``time.process_time``, so other
programs on the machine add little): building a :class:`~academie.core.frozen.FrozenMap` of 15
items, reading one item, comparing two equal ones, listing its items; then, for every game, a
seat's view built (``state.view(0)`` some way into a match) and two equal views compared.

    .venv/bin/python benchmarks/frozen_views.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import random
import time

from academie.core.chance import SeededChance
from academie.core.frozen import FrozenMap
from academie.games import GAMES


def best(fn, number: int, repeat: int) -> float:
    """The least CPU seconds per call of ``fn`` over ``repeat`` runs of ``number`` calls."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(number):
            fn()
        times.append((time.process_time() - start) / number)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    source = {i: i for i in range(15)}
    one, two = FrozenMap(source), FrozenMap(source)
    for name, fn in (("FrozenMap of 15 items built", lambda: FrozenMap(source)), ("one item read", lambda: one[7]),
                     ("two equal compared", lambda: one == two), ("items listed", lambda: list(one.items()))):
        print(f"{name:32s} {best(fn, 100_000, args.repeat) * 1e9:8.0f} ns")
    for gid in sorted(GAMES):
        game = GAMES[gid]
        rng, chance = random.Random(1), SeededChance(1)
        state = game.new_initial_state(game.info.default_players)
        for _ in range(40):
            if state.is_terminal():
                break
            state.apply_action(chance.choose(state) if state.is_chance_node() else rng.choice(state.legal_actions()))
        a, b = state.view(0), state.view(0)
        built = best(lambda: state.view(0), 10_000, args.repeat)
        compared = best(lambda: a == b, 10_000, args.repeat)
        print(f"{gid:22s} view built {built * 1e6:6.2f} µs, two equal views compared {compared * 1e6:5.2f} µs")


if __name__ == "__main__":
    main()
