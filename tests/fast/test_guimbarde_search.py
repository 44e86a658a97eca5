"""The compiled ISMCTS search at the Guimbarde (academie.fast.guimbarde_search) in lockstep with
the Python tree of academie.bots.ismcts (its playouts on the compiled kernel): for the same view
and seed, the same root statistics (visits and reward sums of every action), the same move, the
same iterations and the generator left in the same state."""

from __future__ import annotations

import random

import pytest

from academie import fast
from academie.bots import ismcts
from academie.bots.ismcts import ISMCTSBot
from academie.core.runner import random_decision
from academie.games import get_game

pytestmark = pytest.mark.skipif(not fast.available(), reason="academie[fast] (numba) is not installed")

GAME = get_game("guimbarde")
OPTION_SETS = [
    {},
    {"follow_rules": "parlett_free", "point_tiebreak": "value"},
    {"overtrump": False, "rule7_grand_mariage": True, "honours_keep_suit_in_play": True},
    {"rule3_card": "king_of_diamonds", "discard_marriages": False, "trick_box": "first_to_two",
     "hand_marriages": "announcement", "grand_mariage_table_payers": "king_player"},
]
PLAYERS = (3, 4, 5, 4, 6)


def decision(seed: int, players: int, options: dict) -> object:
    """A seeded random decision of two legal actions or more, anywhere in the first deal."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, GAME.parse_options(dict(options, deals=2)))
    return random_decision(state, rng, rng.randrange(1, 4 * players))


def searched(state, seed: int, compiled: bool, monkeypatch, **params) -> tuple:
    roots = []
    real = ismcts.most_visited

    def keep(root, legal):
        roots.append({a: (child.visits, child.total) for a, child in root.children.items()})
        return real(root, legal)

    monkeypatch.setattr(ismcts, "most_visited", keep)
    bot = ISMCTSBot("guimbarde", seed, seconds=3600, **params)
    bot.compiled = compiled
    seat = state.current_player()
    move = bot.choose(state.view(seat), state.legal_actions())
    return move, roots[-1], bot.last_iterations, bot.rng.getstate(), bot.last_compiled


@pytest.mark.parametrize("params", [{"iterations": 60}, {"iterations": 80, "worlds": 7, "c": 1.3}])
def test_the_compiled_search_makes_the_python_trees_choices(params, monkeypatch):
    """Over 150 seeded decisions (3 to 6 players, the option sets): the same statistics, move,
    iterations and generator; nearly all searched compiled."""
    compiled = 0
    for k in range(150):
        state = decision(5000 + k, PLAYERS[k % len(PLAYERS)], OPTION_SETS[k % len(OPTION_SETS)])
        fast_run = searched(state, k, True, monkeypatch, **params)
        pure_run = searched(state, k, False, monkeypatch, **params)
        assert not pure_run[4]
        assert fast_run[:4] == pure_run[:4], k
        visits, legal = fast_run[1], state.legal_actions()
        assert set(visits) <= set(legal) and sum(v for v, _ in visits.values()) == fast_run[2] == params["iterations"]
        compiled += fast_run[4]
    assert compiled >= 135  # (at 6 players some assignments are not compiled: the Python tree)


def test_moves_of_a_deal_in_lockstep(monkeypatch):
    """One bot per way playing every seat of two deals: the same moves, the generators together."""
    state = GAME.new_initial_state(4, GAME.parse_options({"deals": 2}))
    rng = random.Random(3)
    bots = [ISMCTSBot("guimbarde", 9, iterations=40, seconds=3600) for _ in range(2)]
    bots[1].compiled = False
    compiled = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
            continue
        seat, legal = state.current_player(), state.legal_actions()
        moves = [bot.choose(state.view(seat), legal) for bot in bots]
        assert moves[0] == moves[1] and bots[0].rng.getstate() == bots[1].rng.getstate()
        compiled += bots[0].last_compiled
        state.apply_action(moves[0], trusted=True)
    assert compiled >= 30


def test_specs_it_cannot_search_keep_the_python_tree():
    state = decision(11, 4, {})
    seat = state.current_player()
    for params in ({"rollout": "heuristic"}, {"others": "rollout"}, {"depth": 1}, {"infer": "heuristic"}):
        bot = ISMCTSBot("guimbarde", 1, iterations=20, seconds=3600, **params)
        bot.choose(state.view(seat), state.legal_actions())
        assert not bot.last_compiled, params
    bot = ISMCTSBot("guimbarde", 1, iterations=20, seconds=3600)
    bot.choose(state.view(seat), state.legal_actions())
    assert bot.last_compiled and bot.last_iterations == 20


def test_a_world_it_cannot_draw_hands_the_search_to_the_python_tree(monkeypatch):
    """A compiled run stopped (a world needing the pure draw) leaves the generator as it was:
    the Python tree then searches, with the move it makes alone."""
    from academie.fast import guimbarde_search

    state = decision(12, 4, {})
    seat = state.current_player()
    pure = ISMCTSBot("guimbarde", 4, iterations=30, seconds=3600)
    pure.compiled = False
    expected = pure.choose(state.view(seat), state.legal_actions())
    real = guimbarde_search.search

    def stopped(*args):
        real(*args)  # (the generator advanced, the tree begun)
        return guimbarde_search.RESUMED, 0

    monkeypatch.setattr(guimbarde_search, "search", stopped)
    bot = ISMCTSBot("guimbarde", 4, iterations=30, seconds=3600)
    assert bot.choose(state.view(seat), state.legal_actions()) == expected
    assert not bot.last_compiled and bot.rng.getstate() == pure.rng.getstate()


@pytest.mark.parametrize("params", [{"iterations": 60, "particles": 12}, {"iterations": 70, "particles": 8, "worlds": 5}])
def test_the_compiled_search_over_particles_makes_the_python_trees_choices(params, monkeypatch):
    """infer=particles: each iteration draws a world of the beliefs by weight from the bot's
    generator, compiled as in the Python tree; the same statistics, move and generator."""
    compiled = 0
    for k in range(120):
        state = decision(7000 + k, PLAYERS[k % len(PLAYERS)], OPTION_SETS[k % len(OPTION_SETS)])
        fast_run = searched(state, k, True, monkeypatch, infer="particles", **params)
        pure_run = searched(state, k, False, monkeypatch, infer="particles", **params)
        assert not pure_run[4]
        assert fast_run[:4] == pure_run[:4], k
        visits, legal = fast_run[1], state.legal_actions()
        assert set(visits) <= set(legal) and sum(v for v, _ in visits.values()) == fast_run[2] == params["iterations"]
        compiled += fast_run[4]
    assert compiled == 120


def test_a_deal_over_particles_in_lockstep():
    """infer=particles over a whole deal, the beliefs carried from move to move: the same moves,
    the generators together."""
    state = GAME.new_initial_state(5, GAME.parse_options({"deals": 1}))
    rng = random.Random(8)
    bots = [ISMCTSBot("guimbarde", 2, iterations=50, seconds=3600, infer="particles", particles=10) for _ in range(2)]
    bots[1].compiled = False
    compiled = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
            continue
        seat, legal = state.current_player(), state.legal_actions()
        moves = [bot.choose(state.view(seat), legal) for bot in bots]
        assert moves[0] == moves[1] and bots[0].rng.getstate() == bots[1].rng.getstate()
        compiled += bots[0].last_compiled
        state.apply_action(moves[0], trusted=True)
    assert compiled >= 15


def test_hard_plays_the_play_of_the_cards_compiled():
    from academie.bots.levels import _level, level_factory

    state = decision(13, 4, {})
    bot = level_factory("guimbarde", "hard", {"ismcts": ismcts.ismcts_factory("guimbarde")})(3)
    seat = state.current_player()
    move = bot.choose(state.view(seat), state.legal_actions())
    assert move in state.legal_actions() and bot.last_compiled
    assert bot.last_iterations == _level("guimbarde", "hard")[1]["iterations"]
