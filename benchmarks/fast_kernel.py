"""The compiled Reversis (``academie[fast]``) side by side with OpenSpiel's all-C++ Hearts loop.

In alternating short rounds (so that the machine's load falls on both alike) it measures:

* kernel random deals per second: :func:`academie.fast.reversis.random_deals`, uniform choices
  (chance too) from one generator, matches of 8 deals one after another, all in compiled code;
* simulate's path: :meth:`academie.fast.RandomMatches.play_arrays` in batches of 100 matches,
  each seat with its own generator as ``simulate`` seeds them (the matches the pure engine plays),
  counted in deals (``benchmarks/simulate_vs_openspiel.py`` measures the whole command);
* a rollout (:func:`academie.fast.reversis.rollout`) from a copy of a state in the play of the
  cards to the end of the deal, in µs; and what a search pays per sample: the pure engine's
  ``determinize``, :func:`academie.fast.reversis.from_state`, then the rollout;
* the other kernels' random deals per second: Trente et un (rounds, 4 players), Belle, Flux et
  Trente-un (deals, 5 players), the Guimbarde (deals, 4 players) and the Guinguette (deals, 4
  players; a match ends early when a player cannot pay his stakes), the last beside the pure
  engine's random deals (``play_match`` with random bots, as ``simulate`` plays them);
* if OpenSpiel is installed: Hearts games per second, each game played by
  ``pyspiel.evaluate_bots`` with ``pyspiel.make_uniform_random_bot`` bots: the whole loop (chance,
  legal actions, the bots' choices) in C++, one call from Python per game.

Times are this process's CPU time (``time.process_time``); each figure is the median over the
rounds. Target (issue 10): kernel Reversis deals/s at least Hearts' games/s.

Run: ``.venv/bin/python benchmarks/fast_kernel.py [--rounds 10] [--round-seconds 0.5] [--players 4]``.
Needs ``pip install 'academie[fast]'`` (numba); OpenSpiel: ``pip install 'academie[bench]'``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from academie.games import get_game

CLOCK = time.process_time
REVERSIS = get_game("reversis")


def rate(one: Callable[[], int], seconds: float) -> float:
    """Units per CPU second of ``one()`` (which returns the units it did) over about ``seconds``."""
    units, start = 0, CLOCK()
    while CLOCK() - start < seconds:
        units += one()
    return units / (CLOCK() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="alternating rounds (default 10)")
    parser.add_argument("--round-seconds", type=float, default=0.5, help="seconds per measure per round (default 0.5)")
    parser.add_argument("--players", type=int, default=4, help="Reversis players (default 4, as Hearts)")
    args = parser.parse_args()
    from academie import fast

    if not fast.available():
        print("numba is not installed: pip install 'academie[fast]'", file=sys.stderr)
        return 2
    import numpy as np

    from academie.fast import reversis as K

    compile_start = time.perf_counter()
    opts = REVERSIS.parse_options({})
    params = fast.reversis_params(opts, args.players)
    K.random_deals(params, 0, 1)
    runner = fast.RandomMatches(REVERSIS, opts, args.players)
    runner.play_seeds([[1] * (args.players + 1)])
    empty = np.zeros((0, 5), dtype=np.int64)
    positions = []
    rng = random.Random(3)

    def step(s) -> None:
        legal = K.legal_actions(s)
        K.apply(s, empty, legal[rng.randrange(len(legal))])

    for _ in range(20):  # states at a decision in the play of the cards of deal 1
        s = K.new_state(params, empty)
        while s[K.PHASE] != K.PLAYING:
            step(s)
        for _ in range(rng.randrange(int(params[3]) * args.players - 1)):
            step(s)
        positions.append(s)
    K.rollout(positions[0].copy(), 1)
    pure_positions = []
    for _ in range(20):  # pure states at a decision in the play of the cards of deal 1
        state = REVERSIS.new_initial_state(args.players)
        while state.phase != "play":
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        for _ in range(rng.randrange(int(params[3]) * args.players - 1)):
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        pure_positions.append(state)
    from academie.fast import belle_flux as B
    from academie.bots import make_bot
    from academie.core.chance import SeededChance
    from academie.core.runner import play_match
    from academie.fast import guimbarde as G
    from academie.fast import guinguette as GU
    from academie.fast import trente_et_un as T

    t31_params = fast.trente_et_un_params(get_game("trente-et-un").parse_options({}), 4)
    bf_params = fast.belle_flux_params(get_game("belle-flux-trente-un").parse_options({}), 5)
    T.random_rounds(t31_params, 0, 1)
    B.random_deals(bf_params, 0, 1)
    g_params = fast.guimbarde_params(get_game("guimbarde").parse_options({}), 4)
    G.random_deals(g_params, 0, 1)
    guinguette = get_game("guinguette")
    gu_params = fast.guinguette_params(guinguette.parse_options({}), 4)
    GU.random_deals(gu_params, 0, 1)
    print(f"kernels loaded or compiled in {time.perf_counter() - compile_start:.1f} s", file=sys.stderr)

    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("OpenSpiel is not installed (pip install 'academie[bench]'): kernel figures only", file=sys.stderr)
    hearts = pyspiel.load_game("hearts") if pyspiel else None
    hearts_bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(4)] if pyspiel else []

    seed = [0]
    batch = 2000

    def kernel_deals() -> int:
        seed[0] += 1
        K.random_deals(params, seed[0], batch)
        return batch

    master = random.Random(1)

    def simulate_deals() -> int:
        seeds = [[master.getrandbits(32) for _ in range(args.players + 1)] for _ in range(100)]
        return int(runner.play_arrays(seeds).figures["deals"].sum())

    def rollout_us(seconds: float) -> float:
        calls, start = 0, CLOCK()
        while CLOCK() - start < seconds:
            for s in positions:
                K.rollout(s.copy(), calls)
                calls += 1
        return (CLOCK() - start) / calls * 1e6

    def t31_rounds() -> int:
        seed[0] += 1
        T.random_rounds(t31_params, seed[0], batch)
        return batch

    def bf_deals() -> int:
        seed[0] += 1
        B.random_deals(bf_params, seed[0], batch)
        return batch

    def g_deals() -> int:
        seed[0] += 1
        G.random_deals(g_params, seed[0], batch)
        return batch

    def gu_deals() -> int:
        seed[0] += 1
        GU.random_deals(gu_params, seed[0], batch)
        return batch

    gu_master = random.Random(2)

    def gu_pure_deals() -> int:
        row = [gu_master.getrandbits(32) for _ in range(5)]
        state = guinguette.new_initial_state(4)
        play_match(state, SeededChance(row[4]), [make_bot("random", "guinguette", x) for x in row[:4]])
        return state.statistics()["deals"]

    sample_rng = random.Random(4)

    def sample_us(seconds: float) -> float:
        calls, start = 0, CLOCK()
        while CLOCK() - start < seconds:
            for state in pure_positions:
                sample = state.determinize(state.current_player(), sample_rng)
                K.rollout(K.from_state(sample, params), calls)
                calls += 1
        return (CLOCK() - start) / calls * 1e6

    game_seed = [0]

    def hearts_games() -> int:
        game_seed[0] += 1
        pyspiel.evaluate_bots(hearts.new_initial_state(), hearts_bots, game_seed[0])
        return 1

    figures: dict[str, list[float]] = {"kernel": [], "simulate": [], "rollout": [], "hearts": [], "t31": [], "bf": [],
                                       "g": [], "sample": [], "gu": [], "gu_pure": []}
    t = args.round_seconds
    print(f"{args.rounds} rounds of {t:g} s per measure, Reversis ({args.players} players)"
          + (" and OpenSpiel's Hearts alternating" if hearts else ""), flush=True)
    for k in range(args.rounds):
        runs = [
            lambda: figures["kernel"].append(rate(kernel_deals, t)),
            lambda: figures["simulate"].append(rate(simulate_deals, t)),
            lambda: figures["rollout"].append(rollout_us(t)),
            lambda: figures["sample"].append(sample_us(t)),
            lambda: figures["t31"].append(rate(t31_rounds, t)),
            lambda: figures["bf"].append(rate(bf_deals, t)),
            lambda: figures["g"].append(rate(g_deals, t)),
            lambda: figures["gu"].append(rate(gu_deals, t)),
            lambda: figures["gu_pure"].append(rate(gu_pure_deals, t)),
        ]
        if hearts:
            runs.insert(0 if k % 2 else len(runs), lambda: figures["hearts"].append(rate(hearts_games, t)))
        for run in runs:
            run()
        print(f"  round {k + 1}/{args.rounds} done", file=sys.stderr, flush=True)

    med = {k: statistics.median(v) for k, v in figures.items() if v}
    print()
    print(f"kernel random deals/s (median)            {med['kernel']:>12,.0f}"
          f"   ({min(figures['kernel']):,.0f}–{max(figures['kernel']):,.0f})")
    print(f"simulate's path, deals/s (median)         {med['simulate']:>12,.0f}")
    print(f"rollout to the end of the deal, µs        {med['rollout']:>12.1f}")
    print(f"determinize + from_state + rollout, µs    {med['sample']:>12.1f}")
    print(f"Trente et un kernel, rounds/s (4 players) {med['t31']:>12,.0f}")
    print(f"Belle-Flux kernel, deals/s (5 players)    {med['bf']:>12,.0f}")
    print(f"Guimbarde kernel, deals/s (4 players)     {med['g']:>12,.0f}")
    print(f"Guinguette kernel, deals/s (4 players)    {med['gu']:>12,.0f}"
          f"   (pure engine {med['gu_pure']:,.0f}: {med['gu'] / med['gu_pure']:.0f}×)")
    if hearts:
        ratio = med["kernel"] / med["hearts"]
        print(f"OpenSpiel Hearts C++ loop, games/s        {med['hearts']:>12,.0f}"
              f"   ({min(figures['hearts']):,.0f}–{max(figures['hearts']):,.0f})")
        print()
        print(f"ratio kernel Reversis deals/s / Hearts games/s: {ratio:.2f}×  (target ≥ 1×: "
              f"{'met' if ratio >= 1 else 'NOT met'}); simulate's path: {med['simulate'] / med['hearts']:.2f}×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
