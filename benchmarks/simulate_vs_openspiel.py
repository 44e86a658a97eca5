"""``academie simulate`` end to end beside OpenSpiel's Hearts played wholly in C++.

In one process, in alternating rounds (so that the machine's load falls on all alike):

* ``simulate reversis --bots random --players 4``: the CLI command itself (``academie.cli.app``,
  called in this process as ``academie`` calls it, its report printed into a discarded stream),
  so the matches, their counting and the report are all in the figure; a match of 8 deals
  counts 8 deals;
* ``pyspiel.evaluate_bots`` on Hearts with ``pyspiel.make_uniform_random_bot`` bots: a game of
  Hearts (one deal) with the whole loop, chance and decisions, in C++;
* the compiled Reversis kernel's own loop (``academie.fast.reversis.random_deals``), for
  reference;
* ``simulate reversis --bots heuristic,random,random,random``, ``simulate guimbarde --bots
  heuristic,random,random,random``, ``simulate trente-et-un --bots heuristic,random,random`` and
  ``simulate belle-flux-trente-un --bots heuristic,random,random,random,random``, in matches per
  second, with the compiled heuristic bots and
  through the pure engine (the path these bots took before they were compiled: the same
  command with the kernels switched off, ``academie.fast.available`` false), and the ratio.

Times are this process's CPU time (``time.process_time``): ``--workers 1``, one core against
one core. The kernels are loaded (or compiled) once before the rounds: a fresh ``academie``
process loads them from numba's cache, a second or two, not counted here. Each figure is the
median over the rounds.

Targets (issue "Kernel speed where people use it"): simulate's random deals per second at least
1.5× Hearts-in-C++'s; with a heuristic bot, at least 20× the matches per second of the pure
engine's path.

Run: ``.venv/bin/python benchmarks/simulate_vs_openspiel.py [--rounds 5] [--matches 20000]``
(OpenSpiel: ``pip install 'academie[bench]'``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import sys
import time


HEURISTIC_LINEUPS = {"reversis": "heuristic,random,random,random", "guimbarde": "heuristic,random,random,random",
                     "trente-et-un": "heuristic,random,random",
                     "belle-flux-trente-un": "heuristic,random,random,random,random"}
"""The games whose heuristic bot is compiled, each with the line-up timed: one heuristic bot
among random ones, at the game's usual table."""


def run_cli(args: list[str]) -> None:
    """``academie ARGS`` in this process, standard output discarded; raises on a failure."""
    from academie.cli.app import app

    with contextlib.redirect_stdout(io.StringIO()):
        try:
            app(args, standalone_mode=False)
        except SystemExit as stop:  # typer's exit codes
            if stop.code:
                raise


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--matches", type=int, default=20000, help="random Reversis matches per simulate (default 20000)")
    parser.add_argument("--heuristic", type=int, default=5000, help="matches with a heuristic bot, compiled (default 5000)")
    parser.add_argument("--pure", type=int, default=30, help="matches with a heuristic bot, pure engine (default 30)")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed: pip install 'academie[bench]' (or: pip install open_spiel)", file=sys.stderr)
        return 2
    from academie import fast
    from academie.games import get_game

    if not fast.available():
        print("academie[fast] (numba) is not installed: pip install 'academie[fast]'", file=sys.stderr)
        return 2
    opts = get_game("reversis").parse_options({})
    deals_per_match = opts.deals
    random_cmd = ["simulate", "reversis", "--bots", "random", "--players", "4", "--workers", "1"]
    heuristic_cmds = {gid: ["simulate", gid, "--bots", bots, "--workers", "1"]
                      for gid, bots in HEURISTIC_LINEUPS.items()}
    for cmd in (random_cmd, *heuristic_cmds.values()):  # load (or compile) the kernels first
        run_cli([*cmd, "--matches", str(max(300, fast.MIN_MATCHES.get(cmd[1], 0))), "--seed", "0"])
    hearts = pyspiel.load_game("hearts")
    bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(4)]
    hearts_games = max(1000, args.matches * deals_per_match // 4)
    params = fast.reversis_params(opts, 4)
    from academie.fast import reversis as kernel

    kernel.random_deals(params, 0, 1)
    figures: dict[str, list[float]] = {}
    seed = 0

    def timed(key: str, units: float, work) -> None:
        start = time.process_time()
        work()
        figures.setdefault(key, []).append(units / (time.process_time() - start))

    def simulate_random() -> None:
        timed("simulate", args.matches * deals_per_match,
              lambda: run_cli([*random_cmd, "--matches", str(args.matches), "--seed", str(seed)]))

    def hearts_cpp() -> None:
        def games() -> None:
            for game in range(hearts_games):
                pyspiel.evaluate_bots(hearts.new_initial_state(), bots, seed * hearts_games + game)
        timed("hearts", hearts_games, games)

    def kernel_deals() -> None:
        timed("kernel", args.matches * deals_per_match,
              lambda: kernel.random_deals(params, seed, args.matches * deals_per_match))

    def heuristic(gid: str, compiled: bool):
        def run() -> None:
            matches = args.heuristic if compiled else args.pure
            cmd = [*heuristic_cmds[gid], "--matches", str(matches), "--seed", str(seed)]
            if compiled:
                timed(f"{gid}_compiled", matches, lambda: run_cli(cmd))
                return
            real = fast.available
            fast.available = lambda: False  # the pure engine's path, as before the compiled bots
            try:
                timed(f"{gid}_pure", matches, lambda: run_cli(cmd))
            finally:
                fast.available = real
        return run

    print(f"{args.rounds} rounds: simulate {args.matches:,} random Reversis matches ({args.matches * deals_per_match:,}"
          f" deals) / {hearts_games:,} Hearts games in C++ / the kernel's loop / {args.heuristic:,} and {args.pure}"
          " matches with a heuristic bot, compiled and pure, at " + ", ".join(HEURISTIC_LINEUPS), flush=True)
    for k in range(args.rounds):
        seed = k + 1
        runs = [simulate_random, hearts_cpp, kernel_deals] + [
            heuristic(gid, compiled) for gid in heuristic_cmds for compiled in (True, False)]
        for run in runs if k % 2 == 0 else runs[::-1]:
            run()
        print(f"  round {k + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    med = {k: statistics.median(v) for k, v in figures.items()}
    ratio = med["simulate"] / med["hearts"]
    print()
    print(f"{'':<80}{'per second':>12}{'ratio':>9}  target")
    print(f"{'simulate reversis --bots random: deals':<80}{med['simulate']:>12,.0f}{ratio:>8.2f}×"
          f"  ≥ 1.5× Hearts in C++: {'yes' if ratio >= 1.5 else 'NO'}")
    print(f"{'pyspiel.evaluate_bots, Hearts, uniform random: deals':<80}{med['hearts']:>12,.0f}{1:>8.2f}×")
    print(f"{'the Reversis kernel loop alone (random_deals): deals':<80}{med['kernel']:>12,.0f}"
          f"{med['kernel'] / med['hearts']:>8.2f}×")
    for gid in heuristic_cmds:
        gain = med[f"{gid}_compiled"] / med[f"{gid}_pure"]
        print(f"{f'simulate {gid} --bots {HEURISTIC_LINEUPS[gid]}: matches':<80}{med[f'{gid}_compiled']:>12,.0f}"
              f"{gain:>8.1f}×  ≥ 20× the pure engine's: {'yes' if gain >= 20 else 'NO'}")
        print(f"{'  the same through the pure engine: matches':<80}{med[f'{gid}_pure']:>12,.1f}{1:>8.1f}×")
    print()
    print("Spread over rounds (per second): simulate " + " ".join(f"{v:,.0f}" for v in figures["simulate"])
          + "; Hearts " + " ".join(f"{v:,.0f}" for v in figures["hearts"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
