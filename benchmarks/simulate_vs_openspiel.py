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
from collections.abc import Callable
from typing import Any


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


def simulate_rows(matches: int, heuristic_matches: int, pure_matches: int) -> dict[str, tuple[str, Callable[[int], float]]]:
    """The rows of this benchmark, loaded (the kernels compiled or read from numba's cache) and
    ready to time: key → (label, ``run(seed)`` giving units per CPU second). Keys: ``simulate``
    (random Reversis deals through ``simulate``), ``hearts`` (``pyspiel.evaluate_bots``),
    ``kernel`` (``random_deals``), ``GAME_compiled`` and ``GAME_pure`` for every game of
    :data:`HEURISTIC_LINEUPS` (matches). Raises ImportError when open_spiel or numba is missing."""
    import pyspiel

    from academie import fast
    from academie.games import get_game

    if not fast.available():
        raise ImportError("academie[fast] (numba) is not installed: pip install 'academie[fast]'")
    opts = get_game("reversis").parse_options({})
    deals_per_match = opts.deals
    random_cmd = ["simulate", "reversis", "--bots", "random", "--players", "4", "--workers", "1"]
    heuristic_cmds = {gid: ["simulate", gid, "--bots", bots, "--workers", "1"]
                      for gid, bots in HEURISTIC_LINEUPS.items()}
    for cmd in (random_cmd, *heuristic_cmds.values()):  # load (or compile) the kernels first
        run_cli([*cmd, "--matches", str(max(300, fast.MIN_MATCHES.get(cmd[1], 0))), "--seed", "0"])
    hearts = pyspiel.load_game("hearts")
    bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(4)]
    hearts_games = max(1000, matches * deals_per_match // 4)
    params = fast.reversis_params(opts, 4)
    from academie.fast import reversis as kernel

    kernel.random_deals(params, 0, 1)

    def timed(units: float, work: Callable[[], Any]) -> float:
        start = time.process_time()
        work()
        return units / (time.process_time() - start)

    def simulate_random(seed: int) -> float:
        return timed(matches * deals_per_match,
                     lambda: run_cli([*random_cmd, "--matches", str(matches), "--seed", str(seed)]))

    def hearts_cpp(seed: int) -> float:
        def games() -> None:
            for game in range(hearts_games):
                pyspiel.evaluate_bots(hearts.new_initial_state(), bots, seed * hearts_games + game)
        return timed(hearts_games, games)

    def kernel_deals(seed: int) -> float:
        return timed(matches * deals_per_match, lambda: kernel.random_deals(params, seed, matches * deals_per_match))

    def heuristic(gid: str, compiled: bool) -> Callable[[int], float]:
        def run(seed: int) -> float:
            count = heuristic_matches if compiled else pure_matches
            cmd = [*heuristic_cmds[gid], "--matches", str(count), "--seed", str(seed)]
            if compiled:
                return timed(count, lambda: run_cli(cmd))
            real = fast.available
            fast.available = lambda: False  # the pure engine's path, as before the compiled bots
            try:
                return timed(count, lambda: run_cli(cmd))
            finally:
                fast.available = real
        return run

    rows = {"simulate": ("simulate reversis --bots random: deals", simulate_random),
            "hearts": ("pyspiel.evaluate_bots, Hearts, uniform random: deals", hearts_cpp),
            "kernel": ("the Reversis kernel loop alone (random_deals): deals", kernel_deals)}
    for gid in heuristic_cmds:
        rows[f"{gid}_compiled"] = (f"simulate {gid} --bots {HEURISTIC_LINEUPS[gid]}: matches", heuristic(gid, True))
        rows[f"{gid}_pure"] = ("  the same through the pure engine: matches", heuristic(gid, False))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--matches", type=int, default=20000, help="random Reversis matches per simulate (default 20000)")
    parser.add_argument("--heuristic", type=int, default=5000, help="matches with a heuristic bot, compiled (default 5000)")
    parser.add_argument("--pure", type=int, default=30, help="matches with a heuristic bot, pure engine (default 30)")
    args = parser.parse_args()
    try:
        rows = simulate_rows(args.matches, args.heuristic, args.pure)
    except ImportError as missing:
        print(f"{missing} (OpenSpiel: pip install 'academie[bench]')", file=sys.stderr)
        return 2
    figures: dict[str, list[float]] = {key: [] for key in rows}
    print(f"{args.rounds} rounds: simulate {args.matches:,} random Reversis matches / Hearts games in C++ / the"
          f" kernel's loop / {args.heuristic:,} and {args.pure} matches with a heuristic bot, compiled and pure, at "
          + ", ".join(HEURISTIC_LINEUPS), flush=True)
    for k in range(args.rounds):
        keys = list(rows) if k % 2 == 0 else list(rows)[::-1]
        for key in keys:
            figures[key].append(rows[key][1](k + 1))
        print(f"  round {k + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    med = {k: statistics.median(v) for k, v in figures.items()}
    ratio = med["simulate"] / med["hearts"]
    print()
    print(f"{'':<80}{'per second':>12}{'ratio':>9}  target")
    print(f"{rows['simulate'][0]:<80}{med['simulate']:>12,.0f}{ratio:>8.2f}×"
          f"  ≥ 1.5× Hearts in C++: {'yes' if ratio >= 1.5 else 'NO'}")
    print(f"{rows['hearts'][0]:<80}{med['hearts']:>12,.0f}{1:>8.2f}×")
    print(f"{rows['kernel'][0]:<80}{med['kernel']:>12,.0f}{med['kernel'] / med['hearts']:>8.2f}×")
    for gid in HEURISTIC_LINEUPS:
        gain = med[f"{gid}_compiled"] / med[f"{gid}_pure"]
        print(f"{rows[f'{gid}_compiled'][0]:<80}{med[f'{gid}_compiled']:>12,.0f}"
              f"{gain:>8.1f}×  ≥ 20× the pure engine's: {'yes' if gain >= 20 else 'NO'}")
        print(f"{rows[f'{gid}_pure'][0]:<80}{med[f'{gid}_pure']:>12,.1f}{1:>8.1f}×")
    print()
    print("Spread over rounds (per second): simulate " + " ".join(f"{v:,.0f}" for v in figures["simulate"])
          + "; Hearts " + " ".join(f"{v:,.0f}" for v in figures["hearts"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
