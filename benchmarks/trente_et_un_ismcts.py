"""Where ISMCTS loses at Trente et un: lives lost by one seat against three heuristic bots.

Plays the first deal (round) of ``--deals`` matches of 4 players (seeds 1000, 1001, … or from ``--first-seed``): seat 0,
the dealer, is the bot ``--spec``, seats 1–3 heuristic bots, and prints the lives each seat lost
in all, the hand values seat 0 knocked on, and the CPU time. ``--true-worlds`` gives the ISMCTS
the real state as every world (its own cards and everybody's; the stock still drawn at random):
a diagnosis of the search apart from its sampling, never a way to play. ``--hands`` prints the
mean hand value of seats 1–3 at seat 0's first draw from its third turn on: in the real deals,
in exact samples of seat 0's view, and in the worlds the bot draws with ``infer=heuristic`` and
``infer=mcmc``; and how often a knock then would be safe (another seat below seat 0's total).

    .venv/bin/python benchmarks/trente_et_un_ismcts.py --spec heuristic --deals 100
    .venv/bin/python benchmarks/trente_et_un_ismcts.py --spec ismcts:iterations=200:rollout=heuristic:worlds=20
    .venv/bin/python benchmarks/trente_et_un_ismcts.py --spec ismcts:iterations=200:rollout=heuristic:worlds=1:others=rollout --true-worlds
    .venv/bin/python benchmarks/trente_et_un_ismcts.py --hands --candidates 8 --moves 20
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from academie.bots import ismcts, make_bot
from academie.core.sampling import sample
from academie.games import get_game
from academie.games.trente_et_un import KNOCK
from academie.games.trente_et_un.rules import hand_value
from move_times import timed_decisions  # (benchmarks/, on the path when a script there runs)

GAME = "trente-et-un"


MOVE_TIMES: list[float] = []
"""CPU seconds of each of seat 0's decisions with two legal actions or more."""


def first_deal(spec: str, seed: int, true_worlds: bool) -> tuple[list[int], list[int]]:
    """Lives lost by each seat in the first deal, and the values seat 0 knocked on."""
    rng = random.Random(seed)
    state = get_game(GAME).new_initial_state(4)
    bots = [make_bot(spec, GAME, seed)] + [make_bot("heuristic", GAME, seed + k) for k in (1, 2, 3)]
    if true_worlds and isinstance(bots[0], ismcts.ISMCTSBot):
        bots[0]._world = lambda view, rng, models: state.clone()  # diagnosis only: the real state
    lives, knocks = list(state.match.lives), []
    for seat, view, action in decisions(state, bots, rng):
        if seat == 0 and action == KNOCK:
            knocks.append(hand_value(view.hand, view.brelan))
    return [a - b for a, b in zip(lives, state.match.lives)], knocks


def decisions(state, bots, rng: random.Random):
    """Play ``state``'s first deal, yielding ``(seat, view, action)`` before each decision's
    action is applied (a caller that stops early leaves the state at that decision); seat 0's
    move times go to :data:`MOVE_TIMES`."""
    return timed_decisions(state, bots, rng, 0, MOVE_TIMES, first_deal=True)


def hands(positions: int, candidates: int, moves: int) -> None:
    from academie.bots.belief import WorldChain

    real, uniform, inferred, walked = [], [], [], []
    safe: dict[str, list[bool]] = {"real": [], "exact": [], "heuristic": [], "mcmc": []}
    bot = ismcts.ISMCTSBot(GAME, 1, infer="heuristic", candidates=candidates)
    for seed in range(2000, 2000 + positions):
        rng = random.Random(seed)
        state = get_game(GAME).new_initial_state(4)
        bots = [make_bot("heuristic", GAME, seed + k) for k in range(4)]
        for seat, view, _ in decisions(state, bots, rng):
            if seat == 0 and view.phase != "discard" and view.turns_taken >= 3:
                value = lambda world: statistics.mean(hand_value(world.hands[s], world.brelan) for s in (1, 2, 3))
                mine = hand_value(view.hand, view.brelan)
                below = lambda world: min(hand_value(world.hands[s], world.brelan) for s in (1, 2, 3)) < mine
                real.append(value(state))
                safe["real"].append(below(state))
                models = bot._heuristics(rng)
                worlds = [sample(view, rng) for _ in range(5)]
                uniform += [value(w) for w in worlds]
                safe["exact"] += [below(w) for w in worlds]
                worlds = [bot._world(view, rng, models) for _ in range(5)]
                inferred += [value(w) for w in worlds]
                safe["heuristic"] += [below(w) for w in worlds]
                chain = WorldChain(view, bot._heuristics(rng), rng, moves)
                worlds = [chain.world() for _ in range(5)]
                walked += [value(w) for w in worlds]
                safe["mcmc"] += [below(w) for w in worlds]
                break
    print(f"mean hand value of seats 1-3 over {len(real)} positions: real {statistics.mean(real):.1f}, "
          f"exact samples {statistics.mean(uniform):.1f}, infer=heuristic with {candidates} candidates "
          f"{statistics.mean(inferred):.1f}, infer=mcmc with {moves} moves {statistics.mean(walked):.1f}")
    print("a knock by seat 0 then would have someone below it (safe from the lowest total): "
          + ", ".join(f"{k} {statistics.mean(v):.0%}" for k, v in safe.items()))
    # how well each belief tells the positions apart: the Brier score of its chance of a safe knock
    # (5 worlds a position) against what was real; a constant at the real rate scores p(1 - p)
    truth = safe["real"]
    rate = statistics.mean(truth)
    scores = {k: statistics.mean((statistics.mean(v[5 * i:5 * i + 5]) - t) ** 2 for i, t in enumerate(truth))
              for k, v in safe.items() if k != "real"}
    print(f"Brier score of that chance (0 is perfect; the real rate for every position {rate * (1 - rate):.3f}): "
          + ", ".join(f"{k} {v:.3f}" for k, v in scores.items()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="ismcts:iterations=200:rollout=heuristic:worlds=20")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=1000, help="seed of the first match (default 1000)")
    parser.add_argument("--true-worlds", action="store_true")
    parser.add_argument("--hands", action="store_true")
    parser.add_argument("--candidates", type=int, default=8)
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    if args.hands:
        hands(args.deals, args.candidates, args.moves)
        return 0
    start = time.process_time()
    lost, knocks = [0] * 4, []
    for seed in range(args.first_seed, args.first_seed + args.deals):
        seat_lost, seat_knocks = first_deal(args.spec, seed, args.true_worlds)
        lost = [a + b for a, b in zip(lost, seat_lost)]
        knocks += seat_knocks
    low = sum(k <= 21 for k in knocks)
    print(f"{args.spec}{' (true worlds)' if args.true_worlds else ''}: {args.deals} first deals, lives lost by seat "
          f"{lost} (seat 0 the bot); seat 0 knocked {len(knocks)} times, {low} on 21 or less; "
          f"{time.process_time() - start:.0f} s of CPU; seat 0's {len(MOVE_TIMES)} moves took "
          f"{statistics.median(MOVE_TIMES):.3f} s of CPU in the median, {max(MOVE_TIMES):.3f} s at most")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
