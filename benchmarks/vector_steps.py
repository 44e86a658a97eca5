"""Reversis (and Trente et un) steps per second with observations through academie.vector,
beside OpenSpiel's Hearts, in one run, interleaved.

Measures, each in short rounds taken in turn (so that the machine's load falls on all alike):

* ``academie.vector`` Reversis (the game's default options, four seats), ``N`` matches:
  ``env.step(env.random_actions())`` in a loop (a uniformly random legal action per match, drawn
  by the compiled loop), each step writing the observation tensor (463 floats), the legal mask,
  the rewards and the seat to act of every match; on one core and, with ``parallel=True``, the
  matches shared among numba's threads (``NUMBA_NUM_THREADS``, default the machine's cores);
* OpenSpiel's ``hearts`` (C++) through pyspiel: one state stepped with a random legal action
  (Python's ``random``) and the tensor of the player to act at each decision
  (``information_state_tensor()``: Hearts implements no ``observation_tensor``),
  chance outcomes sampled from ``chance_outcomes()``; a new state when one ends.

A step is one decision of one match (a Reversis step of ``N`` matches counts ``N``); chance
outcomes (the deals) are not counted, in either game. Times are wall-clock
(``time.perf_counter``: threads run at once) with the process's CPU time beside them; each
figure is the median over the rounds. Printed: steps/s (wall), CPU-seconds per wall-second
(below 1 on one core: the machine is shared; 2 with two threads running at once), steps per
CPU-second (what one core does, whatever the load), and the wall figure over Hearts' and over
the target of 1,000,000 steps/s.

Run: ``.venv/bin/python benchmarks/vector_steps.py [--rounds 5] [--round-seconds 1.5] [--sizes 1024,4096,16384]
[--games reversis,trente-et-un]``
(numba: ``pip install 'academie[fast]'``; Hearts: ``pip install 'academie[openspiel]'``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

TARGET = 1_000_000.0


def vector_loop(num_envs: int, parallel: bool, seed: int, game: str = "reversis") -> Callable[[float], tuple[float, float]]:
    """A measure: (steps/s, CPU s per wall s) of ``num_envs`` matches of ``game`` for a given
    number of wall seconds (the matches go on from one round to the next)."""
    from academie import vector

    env = vector.make(game, num_envs=num_envs, seed=seed, parallel=parallel)
    env.reset()
    for _ in range(3):  # compiled (or read from numba's cache) before the clock starts
        env.step(env.random_actions())

    def measure(seconds: float) -> tuple[float, float]:
        calls, t0, c0 = 0, time.perf_counter(), time.process_time()
        while True:
            env.step(env.random_actions())
            calls += 1
            if calls % 8 == 0 and time.perf_counter() - t0 >= seconds:
                break
        wall = time.perf_counter() - t0
        return calls * num_envs / wall, (time.process_time() - c0) / wall

    return measure


def hearts_loop(seed: int) -> Callable[[float], tuple[float, float]]:
    """A measure: steps/s of OpenSpiel's Hearts with random legal actions and the tensor of the
    player to act at every decision (its information-state tensor: Hearts has no observation
    tensor)."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    box = [game.new_initial_state()]

    def measure(seconds: float) -> tuple[float, float]:
        steps, t0, c0 = 0, time.perf_counter(), time.process_time()
        state = box[0]
        while True:
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            state.information_state_tensor()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
            if steps % 256 == 0 and time.perf_counter() - t0 >= seconds:
                break
        box[0] = state
        wall = time.perf_counter() - t0
        return steps / wall, (time.process_time() - c0) / wall

    return measure


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each measure (default 5)")
    parser.add_argument("--round-seconds", type=float, default=1.5, help="wall seconds per measure and round (default 1.5)")
    parser.add_argument("--sizes", default="1024,4096,16384", help="numbers of matches N, comma-separated")
    parser.add_argument("--games", default="reversis", help="games of academie.vector, comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    import numba

    sizes = [int(x) for x in args.sizes.split(",")]
    measures: dict[str, Callable[[float], tuple[float, float]]] = {}
    for game in args.games.split(","):
        for n in sizes:
            measures[f"academie.vector {game} N={n}, one core"] = vector_loop(n, False, args.seed, game)
        for n in sizes:
            measures[f"academie.vector {game} N={n}, parallel ({numba.get_num_threads()} threads)"] = (
                vector_loop(n, True, args.seed, game))
    hearts = "pyspiel hearts (C++), information_state_tensor each step"
    try:
        measures[hearts] = hearts_loop(args.seed)
    except ImportError:
        print("(pyspiel is not installed: no Hearts figure)")
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in measures}
    for _ in range(args.rounds):
        for name, measure in measures.items():
            figures[name].append(measure(args.round_seconds))
    print(f"{args.rounds} interleaved rounds of {args.round_seconds} s each, medians (wall clock)")
    base = statistics.median(r for r, _ in figures[hearts]) if hearts in figures else None
    width = max(map(len, figures))
    for name, rows in figures.items():
        rate = statistics.median(r for r, _ in rows)
        cpu = statistics.median(c for _, c in rows)
        per_cpu = statistics.median(r / c for r, c in rows if c > 0)
        ratio = f"  {rate / base:7.1f}× Hearts" if base else ""
        print(f"{name:<{width}}  {rate:>12,.0f} steps/s  cpu {cpu:4.2f}  {per_cpu:>12,.0f} steps/cpu-s"
              f"{ratio}  {rate / TARGET:5.2f}× target")


if __name__ == "__main__":
    main()
