"""How close the beliefs from play come to the truth, per card game, against uniform sampling.

For each card game (its default number of players), ``--matches`` seeded matches of heuristic
bots are played through their first deal; seat 1's belief (:class:`academie.bots.particles.Particles`
with the opponent model of ``--mistake``) is brought to each of its decisions between two moves
or more, as the ``hard`` bot's is. At each such decision, for every card another seat holds in the
real state and that the seat cannot place for sure (the uniform worlds do not all put it in the
same place), the figure is the probability the beliefs give to the card's true place (the seat
holding it), averaged over the cards and the decisions; ``uniform`` is the same figure for
``--particles`` worlds of the exact sampler, equally weighted (what ``ismcts`` searches).
``update`` is the mean wall time of one update of the beliefs, ``live`` the mean effective size
of the weights after it. The other seats play the heuristic the model softens: the figure says
how much the model's moves tell when the model is right.

At Trente et un a second row measures the beliefs its ``hard`` bot plays over
(:class:`academie.bots.trente_et_un_beliefs.ChainBeliefs`, their defaults: 48 chains, a model of
two types that errs 2% of the time; the chains weigh the same, so ``live`` is their count), over
the whole match (every deal, not the first only), against uniform worlds of the same decisions.

Run: ``.venv/bin/python benchmarks/beliefs.py [--matches 8] [--particles 64] [--mistake 0.1]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from academie.bots import make_bot
from academie.bots.particles import OpponentModel, Particles
from academie.core.sampling import sample
from academie.games import get_game

GAMES = ("trente-et-un", "belle-flux-trente-un", "reversis", "guimbarde", "guinguette")


def holder(world) -> dict[int, int]:
    """Card → the seat holding it in ``world`` (at Belle-Flux its cards face down and its extras)."""
    hands = getattr(world, "hands", None)
    if hands is None:
        hands = [list(h) + list(e) for h, e in zip(world.hidden, world.extra)]
    return {card: seat for seat, hand in enumerate(hands) for card in hand}


def measure(game_id: str, matches: int, particles: int, mistake: float, seat: int = 1) -> dict[str, float]:
    believed, uniform, updates, live = [], [], [], []
    for m in range(matches):
        game = get_game(game_id)
        state = game.new_initial_state()
        rng = random.Random(1000 + m)
        bots = [make_bot("heuristic", game_id, 100 * m + k) for k in range(state.num_players)]
        belief = Particles(OpponentModel(game_id, mistake, m), particles, rng=random.Random(m))
        while not state.is_terminal() and state.match.deal_number == 0:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng), trusted=True)
                continue
            who, legal = state.current_player(), state.legal_actions()
            if who == seat and len(legal) > 1:
                view = state.view(seat)
                start = time.perf_counter()
                belief.update(view)
                updates.append(time.perf_counter() - start)
                live.append(belief.effective_size())
                flat = [sample(view, random.Random(7 * m + len(updates) * 31 + k)) for k in range(particles)]
                where_flat = _where(flat, [1.0 / particles] * particles)
                where_belief = _where(belief.worlds, belief.weights)
                for card, place in holder(state).items():
                    if place == seat or where_flat.get(card, {}).get(place, 0.0) >= 1.0 - 1e-9:
                        continue  # its own card, or one the view places for sure
                    believed.append(where_belief.get(card, {}).get(place, 0.0))
                    uniform.append(where_flat.get(card, {}).get(place, 0.0))
            state.apply_action(bots[who].choose(state.view(who), legal), trusted=True)
    return {"cards": len(believed), "beliefs": statistics.fmean(believed), "uniform": statistics.fmean(uniform),
            "update_ms": 1000 * statistics.fmean(updates), "live": statistics.fmean(live), "updates": len(updates)}


def measure_chains(matches: int, particles: int, seat: int = 1) -> dict[str, float]:
    """As :func:`measure`, at Trente et un, for :class:`ChainBeliefs` over whole matches."""
    from academie import fast
    from academie.bots.trente_et_un_beliefs import ChainBeliefs
    from academie.fast import trente_et_un as K

    believed, uniform, updates = [], [], []
    for m in range(matches):
        game = get_game("trente-et-un")
        state = game.new_initial_state()
        rng = random.Random(1000 + m)
        bots = [make_bot("heuristic", "trente-et-un", 100 * m + k) for k in range(state.num_players)]
        belief = ChainBeliefs(seed=m)
        params = fast.PARAMS["trente-et-un"](state.options, state.num_players)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng), trusted=True)
                continue
            who, legal = state.current_player(), state.legal_actions()
            if who == seat and len(legal) > 1:
                view = state.view(seat)
                start = time.perf_counter()
                if not belief.update(view, params):
                    continue
                updates.append(time.perf_counter() - start)
                flat = [sample(view, random.Random(7 * m + len(updates) * 31 + k)) for k in range(particles)]
                where_flat = _where(flat, [1.0 / particles] * particles)
                hands = belief.parts[:, K.HANDS:K.HANDS + state.num_players]
                for card, place in holder(state).items():
                    if place == seat or where_flat.get(card, {}).get(place, 0.0) >= 1.0 - 1e-9:
                        continue
                    believed.append(float(((hands[:, place] >> card) & 1).mean()))
                    uniform.append(where_flat.get(card, {}).get(place, 0.0))
            state.apply_action(bots[who].choose(state.view(who), legal), trusted=True)
    return {"cards": len(believed), "beliefs": statistics.fmean(believed), "uniform": statistics.fmean(uniform),
            "update_ms": 1000 * statistics.fmean(updates), "live": 48.0, "updates": len(updates)}


def _where(worlds, weights) -> dict[int, dict[int, float]]:
    out: dict[int, dict[int, float]] = {}
    for world, w in zip(worlds, weights):
        if w <= 0:
            continue
        for card, place in holder(world).items():
            places = out.setdefault(card, {})
            places[place] = places.get(place, 0.0) + w
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--particles", type=int, default=64)
    parser.add_argument("--mistake", type=float, default=0.1)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print(f"{'game':22} {'cards':>6} {'beliefs':>8} {'uniform':>8} {'update':>9} {'live':>6}")
    for game_id in args.games.split(","):
        r = measure(game_id, args.matches, args.particles, args.mistake)
        print(f"{game_id:22} {r['cards']:6d} {r['beliefs']:8.3f} {r['uniform']:8.3f} "
              f"{r['update_ms']:7.0f}ms {r['live']:6.1f}", flush=True)
        if game_id == "trente-et-un":
            r = measure_chains(args.matches, args.particles)
            print(f"{'trente-et-un (chains)':22} {r['cards']:6d} {r['beliefs']:8.3f} {r['uniform']:8.3f} "
                  f"{r['update_ms']:7.0f}ms {r['live']:6.1f}", flush=True)


if __name__ == "__main__":
    main()
