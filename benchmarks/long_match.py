"""Memory and time per deal over a long match of every game: they must stay flat.

Each game plays one long match, bots choosing from their views as ``academie simulate`` does
(:func:`academie.core.runner.play_match`'s loop), and prints at every checkpoint the deals
played, the time per deal since the last checkpoint (CPU time of this process), the memory
the match holds (``tracemalloc``: the state and everything it keeps, the bots' too) and what
each deal of the interval added to it, the time and memory of a ``clone()`` there, and the
time of the clone's first action (what a search pays per world). Flat means: the ms/deal, the KiB/deal and the clone's figures do not
climb from one checkpoint to the next (the memory itself grows with the match, by the same
amount each deal: its history, its ledger, its results).

How a long match is made:

* Belle-Flux, Reversis, Guimbarde, Guinguette: ``-o deals=N`` (Belle-Flux with 10,000 counters
  each, Guinguette with ``out_of_counters=debt``, so that nobody runs out first).
* Trente et un: a match is played for lives (nine at most: about twenty rounds), so the
  benchmark plays match after match in one process, the rounds counted as deals and the
  memory being what the process keeps (the last match, the samplers' caches).
* Blason: a match is one race to square 63: races are played one after the other likewise, a
  race counted as a deal.

Random bots by default: they are the quickest, and the hardest case of Reversis (they leave
hundreds of bêtes on the game, where the heuristic bots win them back); ``--bots heuristic``
plays the heuristic bots (random for the Blason, which has none).

``--replay 250,500,1000,2000`` times ``academie replay`` instead (text, then ``--json``) on
records of random Reversis of those lengths, made with ``academie simulate --records``.

Run: ``.venv/bin/python benchmarks/long_match.py [--deals 10000] [--every 1000] [--games
reversis,guimbarde] [--bots random|heuristic] [--replay 500,2000]``. Tracing memory slows every
game about twice; ``--no-trace`` gives the times alone (and the resident set size).
"""

from __future__ import annotations

import argparse
import gc
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from academie.bots import bot_names, make_bot
from academie.core.chance import SeededChance
from academie.games import GAMES

LONG = {  # the options that make one long match, and the players
    "belle-flux-trente-un": ({"counters": 10000}, 4),
    "reversis": ({}, 4),
    "guimbarde": ({}, 4),
    "guinguette": ({"out_of_counters": "debt"}, 4),
    "trente-et-un": (None, 4),  # a match after another
    "blason": (None, 4),  # a race after another
}


def deals_of(state) -> int:
    """Deals finished in ``state``: a round of Trente et un, a race of the Blason counts one."""
    if state.game.info.id == "blason":
        return 1 if state.is_terminal() else 0
    return len(state.finished_results())


def rss_mib() -> float:
    """The process's resident set size now, in MiB (Linux), else its peak."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * resource.getpagesize() / 2**20
    except OSError:  # pragma: no cover
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(gid: str, deals: int, every: int, bots_name: str, trace: bool, seed: int = 1) -> None:
    game = GAMES[gid]
    options, players = LONG[gid]
    one_match = options is not None
    bots_name = bots_name if bots_name in bot_names(gid) else "random"
    bots = [make_bot(bots_name, gid, seed=seed + s) for s in range(players)]
    chance = SeededChance(seed)

    def new_state():
        return game.new_initial_state(players, dict(options, deals=deals) if one_match else None)

    state, done_before = new_state(), 0
    print(f"\n{gid}: {players} players, {bots_name} bots, "
          + ("one match of" if one_match else "matches one after another,") + f" {deals} deals"
          + (f" ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else ""))
    print(f"{'deals':>7}{'ms/deal':>10}{'MiB held':>10}{'KiB/deal':>10}{'RSS MiB':>9}{'clone µs':>10}{'clone KiB':>10}{'then act µs':>12}")
    gc.collect()
    if trace:
        tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0] if trace else 0
    mark, last_mem = every, base
    last_time = time.process_time()
    while True:
        if state.is_terminal() and not one_match:
            done_before += deals_of(state)
            state = new_state()
        if state.is_chance_node():
            state.apply_action(chance.choose(state), trusted=True)
        elif not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            bot = bots[seat]
            view = state.view(seat) if getattr(bot, "uses_view", True) else None
            state.apply_action(bot.choose(view, legal), trusted=True)
        played = done_before + deals_of(state)
        ended = one_match and state.is_terminal()
        if played < mark and not ended:
            continue
        now = time.process_time()
        per_deal = (now - last_time) * 1000 / max(1, played - (mark - every))
        mem = tracemalloc.get_traced_memory()[0] if trace else 0
        start = time.perf_counter()
        before = tracemalloc.get_traced_memory()[0] if trace else 0
        twin = state.clone()
        twin_kib = ((tracemalloc.get_traced_memory()[0] if trace else 0) - before) / 1024
        twin_us = (time.perf_counter() - start) * 1e6
        start = time.perf_counter()  # a search's world: cloned, then played on
        if not state.is_terminal():
            twin.apply_action(twin.legal_actions()[0], trusted=True)
        act_us = (time.perf_counter() - start) * 1e6
        del twin
        print(f"{played:>7}{per_deal:>10.2f}{(mem - base) / 2**20:>10.1f}"
              f"{(mem - last_mem) / 1024 / max(1, played - (mark - every)):>10.2f}{rss_mib():>9.0f}"
              f"{twin_us:>10.0f}{twin_kib:>10.1f}{act_us:>12.0f}", flush=True)
        last_mem, mark = mem, mark + every
        if played >= deals or ended:
            if ended and played < deals:
                print(f"(the match ended after {played} deals)")
            break
        last_time = time.process_time()
    if trace:
        tracemalloc.stop()


def replay_per_deal(gid: str, lengths: list[int], seed: int = 1) -> None:
    """``academie replay`` (the text narration, to /dev/null) of records of random play of
    ``lengths`` deals: its CPU time per deal, which must not climb with the record's length."""
    print(f"\nacademie replay, {gid}: records of random play (4 players), the narration to /dev/null")
    print(f"{'deals':>7}{'record KiB':>12}{'ms/deal':>10}{'--json ms/deal':>16}")
    cli = [sys.executable, "-m", "academie"]
    with tempfile.TemporaryDirectory() as tmp:
        for deals in lengths:
            folder = Path(tmp) / f"r{deals}"
            subprocess.run([*cli, "simulate", gid, "--matches", "1", "-o", f"deals={deals}", "--bots",
                            "random", "--players", "4", "--seed", str(seed), "--workers", "1",
                            "--records", str(folder)], check=True, stdout=subprocess.DEVNULL)
            record = folder / "match-000001.json"
            times = []
            for extra in ([], ["--json"]):
                before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
                subprocess.run([*cli, "replay", str(record), *extra], check=True, stdout=subprocess.DEVNULL)
                times.append((resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before) * 1000 / deals)
            print(f"{deals:>7}{record.stat().st_size / 1024:>12.0f}{times[0]:>10.2f}{times[1]:>16.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals per game (default 10,000)")
    parser.add_argument("--every", type=int, default=1_000, help="deals between checkpoints (default 1,000)")
    parser.add_argument("--games", default=",".join(LONG), help="games, comma-separated (default: all six)")
    parser.add_argument("--bots", default="random", help="random (default) or heuristic (random where a game has none)")
    parser.add_argument("--no-trace", action="store_true", help="do not trace memory (times alone, faster)")
    parser.add_argument("--replay", metavar="DEALS", default="",
                        help="instead: time `academie replay` of Reversis records of these lengths (e.g. 250,500,1000,2000)")
    args = parser.parse_args()
    if args.replay:
        replay_per_deal("reversis", [int(n) for n in args.replay.split(",")])
        return
    for gid in args.games.split(","):
        run(gid.strip(), args.deals, args.every, args.bots, not args.no_trace)


if __name__ == "__main__":
    main()
