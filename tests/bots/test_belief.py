"""The Markov chain over the worlds of a view (ISMCTS ``infer=mcmc``): every world it gives is in
the seat's information set, with equal likelihoods it is uniform over the information set as the
exact sampler is, and with the heuristic's likelihood it finds the stronger hands real players keep."""

from __future__ import annotations

import random
import statistics

import pytest
from scipy.stats import chi2_contingency

from academie.bots import ismcts, make_bot
from academie.bots.belief import WorldChain
from academie.core.chance import SeededChance
from academie.core.runner import advance_chance
from academie.core.sampling import replay, sample
from academie.games import get_game
from academie.games.trente_et_un.rules import hand_value


def positions(game_id: str, seed: int, players: int = 4, every: int = 7, count: int = 3):
    """States at every ``every``-th decision of a game played by heuristic bots (first deal)."""
    state, chance = get_game(game_id).new_initial_state(players), SeededChance(seed)
    bots = [make_bot("heuristic", game_id, seed + k) for k in range(players)]
    out, decision = [], 0
    while not state.is_terminal() and state.match.deal_number == 0 and len(out) < count:
        advance_chance(state, chance)
        if state.is_terminal() or state.match.deal_number != 0:
            break
        seat, legal = state.current_player(), state.legal_actions()
        decision += 1
        if decision % every == 0:
            out.append(state.clone())
        state.apply_action(bots[seat].choose(state.view(seat), legal))
    return out


def models(game_id: str, seed: int):
    return ismcts.ISMCTSBot(game_id, seed)._heuristics(random.Random(seed))


@pytest.mark.parametrize("game_id", ["trente-et-un", "reversis", "guimbarde", "belle-flux-trente-un"])
def test_every_world_of_the_chain_is_in_the_seats_information_set(game_id):
    game = get_game(game_id)
    moved = 0
    for state in positions(game_id, 11):
        seat = state.current_player()
        view = state.view(seat)
        chain = WorldChain(view, models(game_id, 3), random.Random(5), moves=4)
        for _ in range(3):
            world = chain.world()
            assert world.view(seat) == view
            again = replay(game.new_initial_state(state.num_players, state.options), world.history)
            assert again is not None and again.view(seat) == view
            assert all(again.view(s) == world.view(s) for s in range(state.num_players))  # the world itself
        moved += chain.accepted
    if game_id == "trente-et-un":
        assert moved > 0  # the chain walks (elsewhere the écart, the voids and the tricks may pin it)


def test_with_equal_likelihoods_the_chain_is_uniform_over_the_information_set(monkeypatch):
    # Seat 0 after the first turns of Trente et un: which suit seat 1's first card is, in the
    # chain's worlds and in exact samples; MISTAKE = 1 makes every world equally likely.
    monkeypatch.setattr(ismcts, "MISTAKE", 1.0)
    state = positions("trente-et-un", 4, every=5, count=1)[0]
    seat = state.current_player()
    view = state.view(seat)
    other = (seat + 1) % 4
    rng = random.Random(1)
    exact = [0] * 4
    for _ in range(1500):
        exact[sample(view, rng).hands[other][0] // 13] += 1
    chain = WorldChain(view, models("trente-et-un", 2), random.Random(2), moves=4)
    walked = [0] * 4
    for _ in range(600):
        walked[chain.world().hands[other][0] // 13] += 1
    assert chain.accepted > 300
    _, p, _, _ = chi2_contingency([exact, walked])
    assert p > 0.001, (exact, walked)


def test_with_the_heuristics_likelihood_the_worlds_hold_the_stronger_hands_real_players_keep():
    real, uniform, walked = [], [], []
    game = get_game("trente-et-un")
    for seed in range(20):
        state = game.new_initial_state(4)
        chance, bots = SeededChance(100 + seed), [make_bot("heuristic", game.info.id, seed + k) for k in range(4)]
        while True:
            advance_chance(state, chance)
            seat, legal = state.current_player(), state.legal_actions()
            view = state.view(seat)
            if seat == 0 and view.phase != "discard" and view.turns_taken >= 3:
                break
            state.apply_action(bots[seat].choose(view, legal))
            if state.match.deal_number:
                break
        if state.match.deal_number:
            continue

        def value(world):
            return statistics.mean(hand_value(world.hands[s], world.brelan) for s in (1, 2, 3))

        real.append(value(state))
        rng = random.Random(seed)
        uniform += [value(sample(view, rng)) for _ in range(4)]
        chain = WorldChain(view, models(game.info.id, seed), rng, moves=20)
        walked += [value(chain.world()) for _ in range(4)]
    assert len(real) >= 15
    # real hands about 17.6 points, exact samples about 13.5: the chain's worlds come near the real ones
    assert statistics.mean(walked) > statistics.mean(uniform) + 2.0
    assert abs(statistics.mean(walked) - statistics.mean(real)) < 1.5


class _Forgetful(dict):
    """A cache of the chain's terms that keeps nothing: every decision asked of the model again."""

    def __setitem__(self, key, value) -> None:
        pass


def test_each_information_state_is_asked_of_the_model_once_and_the_chain_is_the_same():
    """A move changes the cards of one or two seats: the other seats' decisions, seen through
    traces that did not change, keep their chance. Trente et un's heuristic gives its chances
    without drawing a number, so the chain with the kept chances walks exactly as without them."""
    for state in positions("trente-et-un", 11, every=9, count=2):
        seat = state.current_player()
        view = state.view(seat)
        asked = []
        kept = WorldChain(view, models("trente-et-un", 3), random.Random(5), moves=4)
        kept._chance_of = lambda model, v, legal, action: asked.append((v.seat, v.trail.deal, action)) or \
            ismcts._chance_of(model, v, legal, action)
        fresh = WorldChain.__new__(WorldChain)
        fresh.__dict__.update(kept.__dict__)  # the same chain at the same step, its copy forgetting
        fresh.rng, fresh.terms = random.Random(9), _Forgetful()
        kept.rng = random.Random(9)
        again = []
        fresh._chance_of = lambda model, v, legal, action: again.append(action) or \
            ismcts._chance_of(model, v, legal, action)
        worlds = [(kept.world().history, fresh.world().history) for _ in range(5)]
        assert all(a == b for a, b in worlds)
        assert kept.log_weight == fresh.log_weight and kept.accepted == fresh.accepted
        assert len(asked) == len(set(asked)) > 0  # never the same information state twice
        assert len(again) > 2 * len(asked)  # without them: most decisions asked again at every step
