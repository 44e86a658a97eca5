"""``academie simulate`` end to end beside OpenSpiel's Hearts played wholly in C++.

In one process, in alternating rounds (so that the machine's load falls on both alike):

* ``simulate reversis --bots random --players 4``: the CLI command itself (``academie.cli.app``,
  called in this process as ``academie`` calls it, its report printed into a discarded stream),
  so the matches, their counting and the report are all in the figure; a match of 8 deals
  counts 8 deals;
* with ``--heuristic``, also ``simulate reversis --bots heuristic,random,random,random``, in
  matches per second (a heuristic bot's matches);
* ``pyspiel.evaluate_bots`` on Hearts with ``pyspiel.make_uniform_random_bot`` bots: a game of
  Hearts (one deal) with the whole loop, chance and decisions, in C++;
* the compiled Reversis kernel's own loop (``academie.fast.reversis.random_deals``), for
  reference.

Times are this process's CPU time (``time.process_time``) with ``--workers 1`` (the default: one
core against one core); with more workers the simulate rows are wall time, and so is Hearts'.
The kernels are loaded (or compiled) once before the rounds: a fresh ``academie`` process loads
them from numba's cache in a second or two, not counted here. Each figure is the median over
the rounds.

Targets (issue "Kernel speed where people use it"): simulate's random deals per second at least
1.5× Hearts-in-C++'s; with a heuristic bot, at least 20× the matches per second before the
compiled heuristic bot (``--heuristic`` prints the rate, to compare with a run of the earlier
code).

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
    parser.add_argument("--matches", type=int, default=20000, help="Reversis matches per simulate (default 20000)")
    parser.add_argument("--workers", type=int, default=1, help="simulate's --workers (default 1)")
    parser.add_argument("--heuristic", type=int, default=0, metavar="MATCHES",
                        help="also simulate MATCHES matches of heuristic,random,random,random per round")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed: pip install 'academie[bench]' (or: pip install open_spiel)", file=sys.stderr)
        return 2
    from academie import fast
    from academie.games import get_game

    reversis = get_game("reversis")
    opts = reversis.parse_options({})
    deals_per_match = opts.deals
    clock = time.process_time if args.workers == 1 else time.perf_counter
    random_cmd = ["simulate", "reversis", "--bots", "random", "--players", "4", "--workers", str(args.workers)]
    heuristic_cmd = ["simulate", "reversis", "--bots", "heuristic,random,random,random", "--workers", str(args.workers)]
    run_cli([*random_cmd, "--matches", "300", "--seed", "0"])  # load (or compile) the kernels first
    if args.heuristic:
        run_cli([*heuristic_cmd, "--matches", "300", "--seed", "0"])
    hearts = pyspiel.load_game("hearts")
    bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(4)]
    hearts_games = max(1000, args.matches * deals_per_match // 2)
    params = fast.reversis_params(opts, 4)
    from academie.fast import reversis as kernel

    kernel.random_deals(params, 0, 1)
    figures: dict[str, list[float]] = {"simulate": [], "hearts": [], "kernel": [], "heuristic": []}
    seed = 0

    def simulate_random() -> None:
        start = clock()
        run_cli([*random_cmd, "--matches", str(args.matches), "--seed", str(seed)])
        figures["simulate"].append(args.matches * deals_per_match / (clock() - start))

    def simulate_heuristic() -> None:
        start = clock()
        run_cli([*heuristic_cmd, "--matches", str(args.heuristic), "--seed", str(seed)])
        figures["heuristic"].append(args.heuristic / (clock() - start))

    def hearts_cpp() -> None:
        start = clock()
        for game in range(hearts_games):
            pyspiel.evaluate_bots(hearts.new_initial_state(), bots, seed * hearts_games + game)
        figures["hearts"].append(hearts_games / (clock() - start))

    def kernel_deals() -> None:
        start = time.process_time()
        kernel.random_deals(params, seed, args.matches * deals_per_match)
        figures["kernel"].append(args.matches * deals_per_match / (time.process_time() - start))

    print(f"{args.rounds} rounds: simulate {args.matches:,} Reversis matches ({args.matches * deals_per_match:,} deals,"
          f" --workers {args.workers}) / {hearts_games:,} Hearts games in C++ / the kernel's loop", flush=True)
    for k in range(args.rounds):
        seed = k + 1
        runs = [simulate_random, hearts_cpp, kernel_deals] + ([simulate_heuristic] if args.heuristic else [])
        for run in runs if k % 2 == 0 else runs[::-1]:
            run()
        print(f"  round {k + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    med = {k: statistics.median(v) for k, v in figures.items() if v}
    ratio = med["simulate"] / med["hearts"]
    print()
    print(f"{'':<52}{'per second':>12}{'vs Hearts C++':>15}  target")
    print(f"{'simulate reversis --bots random: deals':<52}{med['simulate']:>12,.0f}{ratio:>14.2f}×  ≥ 1.5×"
          f" {'yes' if ratio >= 1.5 else 'NO'}")
    print(f"{'the kernel loop alone (random_deals): deals':<52}{med['kernel']:>12,.0f}{med['kernel'] / med['hearts']:>14.2f}×")
    print(f"{'pyspiel.evaluate_bots, Hearts, uniform random: deals':<52}{med['hearts']:>12,.0f}{1:>14.2f}×")
    if args.heuristic:
        print(f"{'simulate reversis --bots heuristic,random×3: matches':<52}{med['heuristic']:>12,.0f}")
    print()
    print("Spread over rounds: simulate " + " ".join(f"{v:,.0f}" for v in figures["simulate"])
          + "; Hearts " + " ".join(f"{v:,.0f}" for v in figures["hearts"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
