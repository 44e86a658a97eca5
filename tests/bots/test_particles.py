"""Beliefs from play (:mod:`academie.bots.particles`): worlds the opponent model's moves rule out
weigh 0, every world is one the seat's view allows, and the set is carried from move to move."""

from __future__ import annotations

import random

import pytest

from academie.bots import make_bot
from academie.bots.particles import OpponentModel, Particles
from academie.bots.reversis import HeuristicReversis
from academie.core.sampling import deal_start
from academie.games import get_game


def seat_decisions(game_id: str, seed: int, seat: int, count: int, players: int | None = None):
    """``seat``'s first ``count`` decisions between two moves or more in the first deal of a
    seeded match of heuristic bots (a stacked deal: the seed fixes every card and move), as
    states."""
    game = get_game(game_id)
    state = game.new_initial_state(players) if players else game.new_initial_state()
    rng = random.Random(seed)
    bots = [make_bot("heuristic", game_id, seed + k) for k in range(state.num_players)]
    out = []
    while not state.is_terminal() and state.match.deal_number == 0 and len(out) < count:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
            continue
        who, legal = state.current_player(), state.legal_actions()
        if who == seat and len(legal) > 1:
            out.append(state.clone())
        state.apply_action(bots[who].choose(state.view(who), legal), trusted=True)
    return out


def heuristic_would(view, world, seat) -> bool:
    """Whether the Reversis heuristic, given each other seat's view in ``world``, makes every
    decision of theirs in the deal so far as ``world`` has it (checked apart from the beliefs)."""
    base = deal_start(view.trail)
    state = base.clone()
    for action in world.history[len(base.history):]:
        if not state.is_chance_node():
            who, legal = state.current_player(), state.legal_actions()
            if who != seat and len(legal) > 1 and HeuristicReversis(0).choose(state.view(who), legal) != action:
                return False
        state.apply_action(action, trusted=True)
    return True


def test_with_a_model_that_never_errs_the_worlds_its_moves_rule_out_weigh_nothing():
    seat = 1
    belief = Particles(OpponentModel("reversis", mistake=0.0), count=24, resample=0, rng=random.Random(3))
    ruled_out = kept = 0
    for state in seat_decisions("reversis", 11, seat, 4):
        view = state.view(seat)
        belief.update(view)
        assert len(belief.worlds) == 24 and abs(sum(belief.weights) - 1) < 1e-9
        if not belief.explained:  # no world drawn explains every move: all weigh alike
            continue
        for world, weight in zip(belief.worlds, belief.weights):
            assert world.view(seat) == view  # only worlds the view allows
            assert (weight > 0) == heuristic_would(view, world, seat)
            ruled_out += weight == 0
            kept += weight > 0
    assert ruled_out > 0 and kept > 0  # the moves told something, and the truth-like worlds stay
    assert belief.rebuilt >= 1


def test_a_softened_model_gives_every_world_the_view_allows_some_weight():
    seat = 1
    belief = Particles(OpponentModel("reversis", mistake=0.2), count=16, resample=0, rng=random.Random(4))
    for state in seat_decisions("reversis", 11, seat, 3):
        belief.update(state.view(seat))
        assert all(w > 0 for w in belief.weights)


@pytest.mark.parametrize("game_id", ["trente-et-un", "belle-flux-trente-un", "reversis", "guimbarde", "guinguette"])
def test_the_worlds_are_carried_from_move_to_move_and_stay_in_the_view(game_id):
    seat, seed = (2, 1) if game_id == "belle-flux-trente-un" else (1, 2)  # (a seat that decides twice)
    belief = Particles(OpponentModel(game_id, mistake=0.1), count=8, rng=random.Random(5))
    states = seat_decisions(game_id, seed, seat, 4)
    assert len(states) >= 2
    carried = 0
    for state in states:
        before = list(belief.worlds)
        view = state.view(seat)
        belief.update(view)
        assert all(world.view(seat) == view for world, w in zip(belief.worlds, belief.weights) if w > 0)
        carried += any(any(w is b for b in before) for w in belief.worlds)
    assert belief.rebuilt < len(states) or carried  # not every update starts from the deal again


def test_a_view_of_another_deal_or_seat_draws_the_set_anew():
    a = seat_decisions("reversis", 11, 1, 2)
    b = seat_decisions("reversis", 11, 2, 1)
    belief = Particles(OpponentModel("reversis"), count=4, rng=random.Random(6))
    belief.update(a[0].view(1))
    belief.update(b[0].view(2))
    assert belief.seat == 2 and belief.rebuilt == 2
    assert all(w.view(2) == b[0].view(2) for w in belief.worlds)


def test_a_bad_model_or_count_is_refused_with_its_range():
    with pytest.raises(ValueError, match="mistake must be a number from 0 to 1"):
        OpponentModel("reversis", mistake=1.5)
    with pytest.raises(ValueError, match="count must be an integer of 1 or more"):
        Particles(OpponentModel("reversis"), count=0)
    from academie.core.errors import UnknownBotError

    with pytest.raises(UnknownBotError, match="particles works only with infer=particles"):
        make_bot("ismcts:particles=10", "reversis")
    with pytest.raises(UnknownBotError, match="mistake must be a number from 0 to 1"):
        make_bot("ismcts:infer=particles:mistake=2", "reversis")


def test_the_bot_carries_its_beliefs_between_its_moves():
    seat = 1
    states = seat_decisions("guimbarde", 3, seat, 3)
    bot = make_bot("ismcts:iterations=10:infer=particles:particles=8:rollout=heuristic:seconds=60", "guimbarde", 2)
    for state in states:
        assert bot.choose(state.view(seat), state.legal_actions()) in state.legal_actions()
    assert bot.belief is not None and bot.belief.seat == seat
    assert bot.belief.trace == states[-1].view(seat).trail.deal
