"""ISMCTS iterations per second: academie's bot on every game with decisions, side by side with
OpenSpiel's Python ``ISMCTSBot`` on Hearts, in the same run.

An *iteration* is one world sampled from the view, one descent of the tree, one playout to the
end of the deal and one back-up. For each game, positions are random decisions of the first deal
(the game's default number of players, seeded); the bot searches each with a fixed number of
iterations, and the figure is iterations over CPU time (``time.process_time``, steadier than
wall time on a shared machine), the median over the rounds. Rounds of every row alternate, so the
machine's load falls on all of them alike.

Rows: ``ismcts`` with random playouts (at Reversis and at the Guimbarde the compiled search,
:mod:`academie.fast.reversis_search` and :mod:`academie.fast.guimbarde_search`, then the Python
tree with the compiled kernels' playouts; elsewhere the compiled kernels of ``academie[fast]`` when installed, else the pure engine), with
the pure engine forced, and with the game's heuristic playing every
seat; then OpenSpiel's ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` on ``hearts`` (C++
game, Python search) with its ``RandomRolloutEvaluator`` (one random rollout to the end of the
game, which is one deal of Hearts), UCT constant 0.7, a new world per iteration, and OpenSpiel's
C++ search on the same positions, ``pyspiel.ISMCTSBot(seed, pyspiel.RandomRolloutEvaluator(1,
seed), 0.7, iterations, -1, ISMCTSFinalPolicyType.MAX_VISIT_COUNT)`` (``-1``: no cap on the
worlds, a new one per iteration). Each row is printed with its ratio to both.

Run: ``.venv/bin/python benchmarks/ismcts.py [--rounds 5] [--iterations 200] [--positions 3]
[--games guimbarde,reversis]``.
OpenSpiel is an optional benchmark dependency: ``pip install 'academie[bench]'``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from unittest import mock

from academie.bots import make_bot
from academie.bots.ismcts import COMPILED_SEARCHES
from academie.core.runner import random_decision
from academie.games import get_game

GAMES = ("trente-et-un", "belle-flux-trente-un", "reversis", "guimbarde", "guinguette")
CLOCK = time.process_time


def position(game_id: str, seed: int):
    """A random decision with two legal actions or more in the first deal of ``game_id`` (the
    last such decision when the deal has fewer than the number drawn)."""
    rng = random.Random(seed)
    state = get_game(game_id).new_initial_state()
    return random_decision(state, rng, rng.randrange(1, 30))


def academie_round(game_id: str, spec: str, states: list, pure: bool, tree: bool = False) -> float:
    """Iterations per CPU second of bot ``spec`` over ``states`` (``tree``: the Python tree even
    where the search is compiled)."""
    iterations, spent = 0, 0.0
    for k, state in enumerate(states):
        seat = state.current_player()
        bot = make_bot(spec, game_id, k)
        if tree:
            bot.compiled = False
        view, legal = state.view(seat), state.legal_actions()
        if pure:
            with mock.patch("academie.fast.available", lambda: False):
                start = CLOCK()
                bot.choose(view, legal)
                spent += CLOCK() - start
        else:
            start = CLOCK()
            bot.choose(view, legal)
            spent += CLOCK() - start
        iterations += bot.last_iterations
    return iterations / spent


def hearts_rows(iterations: int, positions: int) -> tuple[Callable[[], float], Callable[[], float]] | None:
    """A round of OpenSpiel's Python ISMCTS and one of its C++ ``pyspiel.ISMCTSBot`` on Hearts,
    on the same positions with the same budget, or None when open_spiel is missing."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    states = []
    rng = random.Random(1)
    for _ in range(positions):
        state = game.new_initial_state()
        stop = rng.randrange(4, 40)
        while True:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and state.move_number() >= stop:
                break
            state.apply_action(legal[rng.randrange(len(legal))])
        states.append(state)

    def one_round() -> float:
        spent = 0.0
        for k, state in enumerate(states):
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(k))
            bot = ismcts.ISMCTSBot(game, evaluator, 0.7, iterations, random_state=np.random.RandomState(k),
                                   final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
            start = CLOCK()
            bot.step(state)
            spent += CLOCK() - start
        return positions * iterations / spent

    def cpp_round() -> float:
        spent = 0.0
        for k, state in enumerate(states):
            evaluator = pyspiel.RandomRolloutEvaluator(1, k)  # (kept alive beside the bot)
            bot = pyspiel.ISMCTSBot(k, evaluator, 0.7, iterations, -1,  # -1: a new world per iteration
                                    pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
            start = CLOCK()
            bot.step(state)
            spent += CLOCK() - start
        return positions * iterations / spent

    return one_round, cpp_round


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=200, help="iterations per search")
    parser.add_argument("--positions", type=int, default=3, help="positions per game and round")
    parser.add_argument("--move", action="append", default=[], metavar="GAME=SPEC",
                        help="also time moves of bot SPEC at GAME (repeatable), e.g. reversis=ismcts:iterations=100")
    parser.add_argument("--move-positions", type=int, default=20)
    parser.add_argument("--games", default=",".join(GAMES), help="games timed, comma-separated (the Hearts rows always)")
    args = parser.parse_args()
    from academie import fast

    rows: dict[str, Callable[[], float]] = {}
    for gid in args.games.split(","):
        states = [position(gid, 100 * k + 7) for k in range(args.positions)]
        rand = f"ismcts:iterations={args.iterations}"
        kernel = "compiled kernel" if fast.available() else "pure engine (no academie[fast])"
        if fast.available() and gid in COMPILED_SEARCHES:
            rows[f"{gid}: random playouts, compiled search"] = lambda g=gid, s=states, r=rand: academie_round(
                g, r, s, False)
            kernel = "compiled kernel, Python tree"
        rows[f"{gid}: random playouts, {kernel}"] = lambda g=gid, s=states, r=rand: academie_round(
            g, r, s, False, True)
        if fast.available():
            rows[f"{gid}: random playouts, pure engine"] = lambda g=gid, s=states, r=rand: academie_round(g, r, s, True)
        heur = f"ismcts:iterations={max(1, args.iterations // 4)}:rollout=heuristic"
        rows[f"{gid}: heuristic playouts"] = lambda g=gid, s=states, h=heur: academie_round(g, h, s, False)
    hearts = hearts_rows(args.iterations, args.positions)
    hearts_label = "OpenSpiel hearts: Python ISMCTSBot, random rollouts"
    cpp_label = "OpenSpiel hearts: C++ pyspiel.ISMCTSBot, random rollouts"
    if hearts is not None:
        rows[hearts_label], rows[cpp_label] = hearts
    for fn in rows.values():  # warm-up: numba's cache, imports
        fn()
    figures: dict[str, list[float]] = {label: [] for label in rows}
    for _ in range(args.rounds):
        for label, fn in rows.items():
            figures[label].append(fn())
    base = statistics.median(figures[hearts_label]) if hearts is not None else None
    cpp = statistics.median(figures[cpp_label]) if hearts is not None else None
    print(f"ISMCTS iterations per CPU second, median of {args.rounds} rounds "
          f"({args.positions} positions x {args.iterations} iterations; heuristic rows a quarter of that)")
    width = max(map(len, figures))
    for label, values in figures.items():
        value = statistics.median(values)
        ratio = f"  {value / base:6.2f} x Python  {value / cpp:6.3f} x C++" if base else ""
        print(f"  {label:<{width}}  {value:9,.0f} it/s{ratio}")
    if hearts is None:
        print("  (OpenSpiel not installed: pip install 'academie[bench]' for the Hearts row)")
    if args.move:
        print("Seconds per move of the tournament specs (wall clock and CPU, median and longest, over "
              f"{args.move_positions} positions)")
        for gid, spec in (item.split("=", 1) for item in args.move):
            walls, cpus = [], []
            for k in range(args.move_positions):
                state = position(gid, 1000 + k)
                bot = make_bot(spec, gid, k)
                wall, cpu = time.perf_counter(), CLOCK()
                bot.choose(state.view(state.current_player()), state.legal_actions())
                walls.append(time.perf_counter() - wall)
                cpus.append(CLOCK() - cpu)
            print(f"  {gid} {spec}: wall {statistics.median(walls):.3f} s (longest {max(walls):.3f} s),"
                  f" CPU {statistics.median(cpus):.3f} s (longest {max(cpus):.3f} s)")


if __name__ == "__main__":
    main()
