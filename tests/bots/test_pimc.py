"""``ismcts … mode=pimc``: Perfect Information Monte Carlo, a tree of its own for each world drawn
from the view, the root's mean rewards averaged over the worlds."""

from __future__ import annotations

import random

import pytest

from academie.bots import make_bot
from academie.bots.ismcts import ISMCTSBot, Node, pimc_choice
from academie.core.errors import UnknownBotError
from academie.games import get_game

CARD_GAMES = ("reversis", "guimbarde", "belle-flux-trente-un", "trente-et-un", "guinguette")


def decision(game_id: str, seed: int, skip: int = 0):
    """A state of a random ``game_id`` match where the player to act has two legal moves or more
    (the ``skip``-th such, or the last of the match)."""
    state = get_game(game_id).new_initial_state()
    rng = random.Random(seed)
    found = None
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            found = state.clone()
            if skip == 0:
                return state
            skip -= 1
        state.apply_action(legal[rng.randrange(len(legal))])
    return found


def node(visits: int, total: float) -> Node:
    child = Node(0)
    child.visits, child.total = visits, total
    return child


def test_the_move_is_the_best_mean_over_the_worlds_that_tried_it():
    a, b = Node(), Node()
    a.children = {1: node(10, 5.0), 2: node(2, 1.8)}  # means 0.5 and 0.9
    b.children = {1: node(10, 5.0), 2: node(1, -0.5), 3: node(4, 2.8)}  # 0.5, -0.5, 0.7
    # action 2: (0.9 - 0.5) / 2 = 0.2; action 1: 0.5; action 3 tried in one world only: 0.7
    assert pimc_choice([a, b], [1, 2, 3]) == 3
    assert pimc_choice([a, b], [1, 2]) == 1
    # equal means: the most visited over the worlds, then the first in legal order
    c = Node()
    c.children = {4: node(2, 1.0), 5: node(6, 3.0)}
    assert pimc_choice([c], [4, 5]) == 5
    assert pimc_choice([Node()], [7, 8]) == 7


def test_each_world_has_a_tree_of_its_own_and_the_iterations_go_round_them(monkeypatch):
    state = decision("guimbarde", 4)
    bot = make_bot("ismcts:iterations=30:mode=pimc:worlds=4:seconds=60", "guimbarde", 2)
    drawn = []
    real = ISMCTSBot._world

    def world(self, *args, **kwargs):
        drawn.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(ISMCTSBot, "_world", world)
    seen = []
    real_iterate = ISMCTSBot._iterate

    def iterate(self, root, *args):
        seen.append(id(root))
        return real_iterate(self, root, *args)

    monkeypatch.setattr(ISMCTSBot, "_iterate", iterate)
    move = bot.choose(state.view(state.current_player()), state.legal_actions())
    assert move in state.legal_actions()
    assert len(drawn) == 4 and bot.last_iterations == 30
    roots = list(dict.fromkeys(seen))
    assert len(roots) == 4
    assert seen[:8] == roots + roots  # in turn
    assert [seen.count(r) for r in roots] == [8, 8, 7, 7]


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_pimc_move_is_legal_and_seeded(game_id):
    for seed in range(2):
        state = decision(game_id, seed, skip=seed)
        view, legal = state.view(state.current_player()), state.legal_actions()
        moves = {make_bot("ismcts:iterations=40:mode=pimc:worlds=5:seconds=60", game_id, seed).choose(view, legal)
                 for _ in range(2)}
        assert len(moves) == 1 and moves <= set(legal)


def test_two_states_with_the_same_view_get_the_same_pimc_move():
    state = decision("reversis", 11, skip=6)
    seat = state.current_player()
    view, legal = state.view(seat), state.legal_actions()
    other = state.determinize(seat, random.Random(5))
    assert other.view(seat) == view
    spec = "ismcts:iterations=60:mode=pimc:worlds=6:seconds=60"
    assert make_bot(spec, "reversis", 3).choose(view, legal) == make_bot(spec, "reversis", 3).choose(
        other.view(seat), other.legal_actions())


def test_pimc_and_paired_are_two_ways_and_refused_together():
    with pytest.raises(UnknownBotError, match="mode=pimc"):
        make_bot("ismcts:rollout=heuristic:paired=yes:mode=pimc", "trente-et-un", 1)
    with pytest.raises(UnknownBotError, match="one of ismcts, pimc"):
        make_bot("ismcts:mode=gib", "reversis", 1)
