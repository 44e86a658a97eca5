"""Where the time of a ``hard`` move goes: the beliefs' update against the search (or the playouts).

Plays ``--deals`` deals of ``--game`` (``reversis``, the default, or another game; at Trente et
un, whose match is not a number of deals, whole matches; ``--players``
seats, 4 by default; deal *k*'s chance from ``random.Random(k)``) with the bot
``--spec`` (default the level ``hard``) in seat *k* mod the seats and the heuristic in the others, and
for each of its decisions with two legal actions or more times (wall clock, ``perf_counter``) the
particles' update and the whole move; the search is the rest. Prints the medians and the longest
of each, in seconds, the iterations searched, and how many moves the compiled search made.

    PYTHONPATH=src .venv/bin/python benchmarks/hard_move_split.py --deals 3
    PYTHONPATH=src .venv/bin/python benchmarks/hard_move_split.py --spec ismcts:iterations=3000:seconds=0.9:infer=particles:particles=32
    PYTHONPATH=src .venv/bin/python benchmarks/hard_move_split.py --game guimbarde --deals 4
    PYTHONPATH=src .venv/bin/python benchmarks/hard_move_split.py --game trente-et-un --deals 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from academie.bots import make_bot
from academie.games import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="hard")
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--game", default="reversis")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = get_game(args.game)
    from academie import fast

    one = {"deals": 1} if "deals" in type(game.parse_options({})).model_fields else {}  # (else whole matches)
    if fast.available():  # (the kernels compiled before the clock runs)
        fast.prepare(game, game.parse_options(one), args.players, [args.spec])
    totals, updates, iterations, compiled = [], [], [], 0
    for k in range(args.deals):
        rng = random.Random(k)
        state = game.new_initial_state(args.players, game.parse_options(one))
        me = k % args.players
        bots = [make_bot(args.spec if s == me else "heuristic", args.game, 100 * k + s) for s in range(args.players)]
        belief = getattr(bots[me], "belief", None)
        spent = [0.0]
        if belief is not None:
            real = belief.update

            def update(*args, real=real, **kwargs):
                t = time.perf_counter()
                try:
                    return real(*args, **kwargs)
                finally:
                    spent[0] += time.perf_counter() - t

            belief.update = update
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng), trusted=True)
                continue
            seat, legal = state.current_player(), state.legal_actions()
            spent[0] = 0.0
            t = time.perf_counter()
            action = bots[seat].choose(state.view(seat), legal)
            if seat == me and len(legal) > 1:
                totals.append(time.perf_counter() - t)
                updates.append(spent[0])
                iterations.append(getattr(bots[me], "last_iterations", getattr(bots[me], "last_worlds", 0)))
                compiled += bool(getattr(bots[me], "last_compiled", False))
            state.apply_action(action, trusted=True)
    searches = [a - b for a, b in zip(totals, updates)]
    print(f"{args.game}, {args.players} seats, {args.spec}: {len(totals)} moves over {args.deals} deals, {compiled} searched compiled")
    for name, xs in (("move", totals), ("update", updates), ("search", searches)):
        print(f"  {name:7s} median {statistics.median(xs):.3f} s   max {max(xs):.3f} s   mean {statistics.fmean(xs):.3f} s")
    what = "iterations" if hasattr(bots[me], "last_iterations") else "worlds played out"
    print(f"  {what}: median {statistics.median(iterations):.0f}, min {min(iterations)}, max {max(iterations)}")


if __name__ == "__main__":
    main()
