"""The kernels' speed on the paths people use, against OpenSpiel, in one run: the three targets of
README's performance table, printed as that table.

1. ``academie simulate reversis --bots random --players 4`` end to end (the CLI command called in
   this process, its counting and report included) against ``pyspiel.evaluate_bots`` on Hearts
   with uniform random bots (the whole game in C++): deals per CPU second; target ≥ 1.5×.
2. ``simulate GAME --bots heuristic,random…`` with the compiled heuristic bots against the same
   command through the pure engine (the kernels switched off): matches per CPU second; target
   ≥ 20× at Reversis (every game with a compiled heuristic printed).
3. ISMCTS iterations per CPU second with random playouts and the same budget, at Reversis and the
   Guimbarde (the compiled search when :data:`academie.bots.ismcts.COMPILED_SEARCHES` has the
   game, else the Python tree with the kernels' playouts), against OpenSpiel's C++
   ``pyspiel.ISMCTSBot`` on Hearts (target ≥ 1×) and, beside it, OpenSpiel's Python ``ISMCTSBot``.

Every row runs once per round, the rounds alternating their order, so that the machine's load
falls on all alike; each figure is the median over the rounds. The rows are those of
``benchmarks/simulate_vs_openspiel.py`` and ``benchmarks/ismcts.py``, which print more detail.

Run: ``.venv/bin/python benchmarks/speed_targets.py [--rounds 5]`` (``pip install
'academie[bench]'`` for OpenSpiel).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ismcts as ismcts_bench  # noqa: E402  (benchmarks/ismcts.py)
from simulate_vs_openspiel import HEURISTIC_LINEUPS, simulate_rows  # noqa: E402

SEARCH_GAMES = ("reversis", "guimbarde")
"""The games of target 3."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--matches", type=int, default=20000, help="random Reversis matches per simulate (default 20000)")
    parser.add_argument("--heuristic", type=int, default=5000, help="matches with a heuristic bot, compiled (default 5000)")
    parser.add_argument("--pure", type=int, default=30, help="matches with a heuristic bot, pure engine (default 30)")
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations per search (default 200)")
    parser.add_argument("--positions", type=int, default=3, help="ISMCTS positions per game and round (default 3)")
    args = parser.parse_args()
    try:
        rows = simulate_rows(args.matches, args.heuristic, args.pure)
    except ImportError as missing:
        print(f"{missing} (OpenSpiel: pip install 'academie[bench]')", file=sys.stderr)
        return 2
    from academie.bots.ismcts import COMPILED_SEARCHES

    runs: dict[str, Callable[[int], float]] = {key: run for key, (_, run) in rows.items()}
    labels = {key: label for key, (label, _) in rows.items()}
    spec = f"ismcts:iterations={args.iterations}"
    for gid in SEARCH_GAMES:
        states = [ismcts_bench.position(gid, 100 * k + 7) for k in range(args.positions)]
        runs[f"search_{gid}"] = lambda seed, g=gid, s=states: ismcts_bench.academie_round(g, spec, s, False)
        how = "compiled search" if gid in COMPILED_SEARCHES else "Python tree, compiled playouts"
        labels[f"search_{gid}"] = f"`{spec}` at {gid}, random playouts ({how}): iterations"
    python_round, cpp_round = ismcts_bench.hearts_rows(args.iterations, args.positions)
    runs["search_cpp"], runs["search_python"] = (lambda seed: cpp_round()), (lambda seed: python_round())
    labels["search_cpp"] = "OpenSpiel `pyspiel.ISMCTSBot` (C++) on Hearts, random rollouts: iterations"
    labels["search_python"] = "OpenSpiel's Python `ISMCTSBot` on Hearts: iterations"
    for key in ("search_cpp", "search_python", *(f"search_{g}" for g in SEARCH_GAMES)):
        runs[key](0)  # warm-up: numba's cache, imports
    figures: dict[str, list[float]] = {key: [] for key in runs}
    print(f"{args.rounds} rounds of {len(runs)} rows", file=sys.stderr, flush=True)
    for k in range(args.rounds):
        for key in list(runs) if k % 2 == 0 else list(runs)[::-1]:
            figures[key].append(runs[key](k + 1))
        print(f"  round {k + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    med = {key: statistics.median(values) for key, values in figures.items()}

    def line(target: str, key: str, anchor: str, goal: float | None, unit: str = "") -> None:
        ratio = med[key] / med[anchor]
        verdict = "" if goal is None else f" (target ≥ {goal:g}×: {'met' if ratio >= goal else 'NOT met'})"
        print(f"| {target} | {labels[key]} | {med[key]:,.0f} | {ratio:.2f}× {unit}{verdict} |")

    print(f"\nMedian of {args.rounds} interleaved rounds, per CPU second, one core"
          f" (`python benchmarks/speed_targets.py --rounds {args.rounds}`):\n")
    print("| target | path | per second | ratio |")
    print("|---|---|---|---|")
    line("1", "simulate", "hearts", 1.5, "Hearts in C++")
    print(f"| | {labels['hearts']} | {med['hearts']:,.0f} | 1× |")
    line("", "kernel", "hearts", None, "Hearts in C++")
    for gid in HEURISTIC_LINEUPS:
        line("2", f"{gid}_compiled", f"{gid}_pure", 20 if gid == "reversis" else None, "the pure engine")
    for gid in SEARCH_GAMES:
        key = f"search_{gid}"
        line("3", key, "search_cpp", 1, "C++ ISMCTSBot")
        print(f"| | (the same against OpenSpiel's Python ISMCTSBot) | | {med[key] / med['search_python']:.1f}× |")
    print(f"| | {labels['search_cpp']} | {med['search_cpp']:,.0f} | 1× |")
    print(f"| | {labels['search_python']} | {med['search_python']:,.0f} | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
