"""CPU seconds a bot takes per move over whole matches, against the game's heuristic bots.

Plays ``--matches`` whole matches of ``GAME`` with ``--players`` seats (default 4): in match *k*
the bot ``--spec`` holds seat *k* mod players and heuristic bots hold the others, chance drawn
from ``random.Random(k)``. Prints the number of the bot's decisions with two legal actions or more
(a single legal action is played without a search) and the median, 99th percentile and longest
CPU time (``time.process_time``, so another program on the machine adds little) of its
``choose``. Long deals are where a search costs most (Trente et un's patient play: the stock
shuffled again and again), so whole matches are played, not sampled positions.

    .venv/bin/python benchmarks/move_times.py trente-et-un \\
        --spec ismcts:iterations=10:rollout=heuristic:paired=yes:own=heuristic/knock_floor=32/cut_at=32:margin=3 --matches 20
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from academie.bots import make_bot
from academie.games import get_game


def timed_decisions(state, bots, rng: random.Random, timed: int, times: list[float], first_deal: bool = False):
    """Play ``state`` to its end (or to the end of its first deal with ``first_deal``), chance
    drawn from ``rng``, yielding ``(seat, view, action)`` before each decision's action is
    applied (a caller that stops early leaves the state at that decision); the CPU seconds of
    seat ``timed``'s ``choose`` at each decision with two legal actions or more go to ``times``."""
    while not state.is_terminal() and not (first_deal and state.match.deal_number != 0):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
            continue
        seat, legal = state.current_player(), state.legal_actions()
        view = state.view(seat)
        start = time.process_time()
        action = bots[seat].choose(view, legal)
        if seat == timed and len(legal) > 1:
            times.append(time.process_time() - start)
        yield seat, view, action
        state.apply_action(action, trusted=True)


def move_times(game_id: str, spec: str, matches: int, players: int) -> list[float]:
    """CPU seconds of each of ``spec``'s decisions with two legal actions or more."""
    game = get_game(game_id)
    times: list[float] = []
    for k in range(matches):
        rng, me = random.Random(k), k % players
        state = game.new_initial_state(players)
        bots = [make_bot(spec if seat == me else "heuristic", game_id, k * players + seat) for seat in range(players)]
        for _ in timed_decisions(state, bots, rng, me, times):
            pass
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game id, e.g. trente-et-un")
    parser.add_argument("--spec", required=True, help="the bot timed (a bot spec)")
    parser.add_argument("--matches", type=int, default=20, help="whole matches played (default 20)")
    parser.add_argument("--players", type=int, default=4, help="players per match (default 4)")
    args = parser.parse_args()
    times = sorted(move_times(args.game, args.spec, args.matches, args.players))
    if not times:
        print("no decision with two legal actions or more")
        return
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    print(f"{args.spec}: {len(times)} moves over {args.matches} matches, CPU per move: median "
          f"{statistics.median(times):.3f} s, 99th percentile {p99:.3f} s, longest {times[-1]:.3f} s")


if __name__ == "__main__":
    main()
