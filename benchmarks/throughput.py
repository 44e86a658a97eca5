"""Random-play throughput of every game: full matches per second and actions per second.

One process, one core. Chance outcomes count as actions (each card dealt or drawn is one); every
action goes through the checked ``apply_action``. Rates are per second of this process's CPU time
(``time.process_time``), steadier than wall time on a loaded machine.
Run: ``make bench`` or ``.venv/bin/python benchmarks/throughput.py [--seconds 5] [--players 4]``.
"""

from __future__ import annotations

import argparse
import random
import time

from academie.core.chance import SeededChance
from academie.games import GAMES


def measure(game, players: int, seconds: float) -> tuple[int, int, int, float]:
    """Play random matches for about ``seconds``; returns (matches, deals, actions, elapsed).

    A deal is a *coup* (a round of Trente et un, a deal of Belle-Flux); a race of the Blason is
    one deal."""
    matches = actions = deals = 0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < seconds:
        state = game.new_initial_state(players)
        chance, rng = SeededChance(seed), random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance.choose(state))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        matches += 1
        stats = state.statistics()
        deals += stats.get("deals", stats.get("rounds", 1)) if game.info.id != "blason" else 1
        seed += 1
    return matches, deals, actions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game (default 5)")
    parser.add_argument("--players", type=int, default=None, help="players (default: the game's)")
    args = parser.parse_args()
    print(f"{'game':<22}{'players':>8}{'matches/s':>11}{'deals/s':>10}{'actions/s':>11}{'actions/match':>15}")
    for gid, game in GAMES.items():
        players = args.players or game.info.default_players
        matches, deals, actions, elapsed = measure(game, players, args.seconds)
        print(
            f"{gid:<22}{players:>8}{matches / elapsed:>11.1f}{deals / elapsed:>10.1f}"
            f"{actions / elapsed:>11.0f}{actions / max(matches, 1):>15.1f}"
        )


if __name__ == "__main__":
    main()
