"""The compiled proposals of Guimbarde worlds (academie.fast.guimbarde_worlds, assign, pyrandom)
in lockstep with the pure world draw (academie.games.guimbarde.sampling.world): for the same view
and the same ``random.Random`` state, the same proposals refused, the same worlds (each as the
kernel's array of the pure world) and the generator left in the same state."""

from __future__ import annotations

import random

import numpy as np
import pytest

from academie import fast
from academie.core import sampling as core_sampling
from academie.games import get_game
from academie.games.guimbarde import sampling as guimbarde_sampling

pytestmark = pytest.mark.skipif(not fast.available(), reason="academie[fast] (numba) is not installed")

GAME = get_game("guimbarde")
OPTION_SETS = [
    {},
    {"follow_rules": "parlett_free"},
    {"overtrump": False, "rule7_grand_mariage": True},
    {"honours_keep_suit_in_play": True, "point_tiebreak": "value"},
    {"rule3_card": "king_of_diamonds", "discard_marriages": False, "trick_box": "first_to_two"},
    {"hand_marriages": "announcement", "grand_mariage_table_payers": "king_player"},
]


def kernel_for(state):
    from academie.fast import guimbarde

    return state.options, fast.PARAMS["guimbarde"](state.options, state.num_players), guimbarde, 0


def positions(players: int, options: dict, seed: int, every: int):
    """States of a random match of two deals at about one decision in ``every`` of the play of
    the cards (every seat, every trick), each a clone."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, GAME.parse_options(dict(options, deals=2)))
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
            continue
        if rng.randrange(every) == 0:
            yield state.clone()
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))], trusted=True)


def lockstep(state, seed: int, proposals: int) -> tuple[int, int]:
    """``proposals`` proposals drawn by each path from ``random.Random(seed)`` on ``state``'s
    view: the same refused, the same worlds, the same generator's state after each. Returns the
    worlds kept and the proposals refused, or None when the view's worlds are not compiled."""
    from academie.fast.guimbarde import from_state
    from academie.fast.guimbarde_worlds import Resumed, proposer
    from academie.fast.pyrandom import state_of

    core_sampling._CURRENT.clear()
    seat = state.current_player()
    view = state.view(seat)
    made = proposer(view, kernel_for)
    if made is None:
        return None
    cache = core_sampling._sampler_of(view)
    base, trail, memo = cache.base, cache.trail, cache.memo
    params = kernel_for(state)[1]
    pure, compiled = random.Random(seed), random.Random(seed)
    v = state_of(compiled)
    kept = refused = 0
    for _ in range(proposals):
        want = guimbarde_sampling.world(base, seat, trail.deal, pure, memo)
        assert want is not False
        try:
            got = made.draw(v)
        except Resumed:  # (the pure draw would go on: not in the compiled search)
            return kept, refused
        if want is None:
            assert got is None
            refused += 1
        else:
            assert got is not None
            assert np.array_equal(got, from_state(want, params))
            kept += 1
        assert pure.getstate() == compiled.getstate()
    return kept, refused


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_lockstep_hundreds_of_positions(players: int):
    """Over 120 positions per player count over the option sets (two deals of random matches,
    every seat and trick): eight proposals drawn in a row by each path from the same seed are
    refused alike, give the same worlds, and leave the generator in the same state. Most
    positions are compiled (at 6 players, with the 52 cards, some assignments' tables are past
    :data:`academie.fast.assign.MAX_OPTIONS`), and some of their proposals are refused."""
    count = compiled = kept = refused = 0
    for k, options in enumerate(OPTION_SETS):
        for m in range(3):
            for state in positions(players, options, 1000 * players + 10 * k + m, 3):
                found = lockstep(state, count, 8)
                count += 1
                if found is not None:
                    compiled += 1
                    kept += found[0]
                    refused += found[1]
    assert count >= 120
    assert compiled >= (0.9 if players <= 5 else 0.75) * count  # (6 players and more: some tables too large)
    assert kept > 0 and refused >= 0.02 * kept


def test_the_last_trick_has_few_worlds_all_drawn_alike():
    """Four players at the last trick: the compiled draw's worlds are among those few, each
    the pure draw's."""
    state = next(s for s in positions(4, {}, 7, 2) if s.trick_number == 4)
    found = lockstep(state, 3, 200)
    assert found is not None and found[0] + found[1] == 200
