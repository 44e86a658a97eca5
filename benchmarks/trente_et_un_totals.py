"""Trente et un: how strong the beliefs think the others' hands are, against how strong they are.

Plays ``--matches`` seeded matches of four heuristic bots (the sheet's advice, the model's own
play: the beliefs' model is right about them) through their first deal; at seat 1's first
``--decisions`` decisions to draw, prints for each the mean true total of the other seats' hands
(points of their best suit) beside the mean total the beliefs give them (weighted over their
worlds), for:

- ``particles``: the generic beliefs of every card game (:class:`academie.bots.particles.Particles`,
  24 worlds, the model's mistake 0.1: ``montecarlo:infer=particles``'s);
- ``chains``: Trente et un's (:class:`academie.bots.trente_et_un_beliefs.ChainBeliefs`, their
  defaults: ``hard``'s);
- ``uniform``: 24 worlds drawn uniformly from the view (what ``ismcts`` without beliefs searches).

    .venv/bin/python benchmarks/trente_et_un_totals.py [--matches 60] [--decisions 3]
"""

from __future__ import annotations

import argparse
import random
import statistics

from academie import fast
from academie.bots import make_bot
from academie.bots.particles import OpponentModel, Particles
from academie.bots.trente_et_un_beliefs import ChainBeliefs
from academie.core.sampling import sample
from academie.fast import trente_et_un as K
from academie.games import get_game
from academie.games.trente_et_un.rules import hand_value


def total(cards) -> float:
    return hand_value(list(cards), None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--decisions", type=int, default=3)
    args = parser.parse_args()
    game = get_game("trente-et-un")
    rows: dict[int, dict[str, list[float]]] = {}
    for m in range(args.matches):
        state = game.new_initial_state(4)
        rng = random.Random(100 + m)
        bots = [make_bot("heuristic", "trente-et-un", 10 * m + k) for k in range(4)]
        particles = Particles(OpponentModel("trente-et-un", 0.1, m), 24, rng=random.Random(m))
        chains = ChainBeliefs(seed=m)
        params = fast.PARAMS["trente-et-un"](state.options, 4)
        decision = 0
        while decision < args.decisions and not state.is_terminal() and state.match.deal_number == 0:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng), trusted=True)
                continue
            seat = state.current_player()
            view = state.view(seat)
            if seat == 1 and view.phase == "draw":
                particles.update(view)
                if chains.update(view, params):
                    flat = [sample(view, random.Random(31 * m + 7 * decision + k)) for k in range(24)]
                    row = rows.setdefault(decision, {"true": [], "particles": [], "chains": [], "uniform": []})
                    for other in (0, 2, 3):
                        row["true"].append(total(state.hands[other]))
                        row["particles"].append(sum(w * total(world.hands[other])
                                                    for world, w in zip(particles.worlds, particles.weights)))
                        row["chains"].append(statistics.fmean(
                            total(c for c in range(52) if (part[K.HANDS + other] >> c) & 1) for part in chains.parts))
                        row["uniform"].append(statistics.fmean(total(world.hands[other]) for world in flat))
                decision += 1
            state.apply_action(bots[seat].choose(view, state.legal_actions()), trusted=True)
    print("decision  hands   true  particles  chains  uniform   (points, mean over the others' hands)")
    for decision, row in sorted(rows.items()):
        print(f"{decision + 1:8d} {len(row['true']):6d} {statistics.fmean(row['true']):6.1f} "
              f"{statistics.fmean(row['particles']):10.1f} {statistics.fmean(row['chains']):7.1f} "
              f"{statistics.fmean(row['uniform']):8.1f}")


if __name__ == "__main__":
    main()
