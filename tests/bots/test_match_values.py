"""Match-level values (``ismcts … value=match`` at Trente et un): a deal's end valued by each
seat's chance of winning the match from the lives left, in the model of
:mod:`academie.bots.match_values` (one player still in, uniformly, loses a life each deal)."""

from __future__ import annotations

import math
import random

import pytest

from academie.bots import make_bot
from academie.bots.ismcts import Node
from academie.bots.match_values import match_values, win_chances
from academie.core.errors import UnknownBotError
from academie.games import get_game


def two_player(a: int, b: int) -> float:
    """The chance that a player of ``a`` lives outlasts one of ``b``, one of them (a fair coin)
    losing a life each deal: ``b`` losses of the other come before ``a`` of his own, i.e. at
    least ``b`` of the first ``a + b - 1`` coins go his way."""
    n = a + b - 1
    return sum(math.comb(n, k) for k in range(b, n + 1)) / 2 ** n


@pytest.mark.parametrize("a,b", [(1, 1), (1, 3), (2, 3), (3, 3), (4, 1), (5, 7)])
def test_two_players_match_the_closed_form(a, b):
    chances = win_chances([a, b])
    assert chances[0] == pytest.approx(two_player(a, b))
    assert chances[1] == pytest.approx(two_player(b, a))


def test_chances_sum_to_one_follow_the_lives_and_ignore_the_seats_order():
    chances = win_chances([3, 1, 2, 0])
    assert sum(chances) == pytest.approx(1.0)
    assert chances[3] == 0.0
    assert chances[0] > chances[2] > chances[1] > 0
    assert win_chances([2, 0, 1, 3]) == pytest.approx([chances[2], 0.0, chances[1], chances[0]])
    assert win_chances([2, 2, 2]) == pytest.approx([1 / 3] * 3)
    assert win_chances([0, 0]) == [0.0, 0.0]
    with pytest.raises(ValueError, match="0 or more"):
        win_chances([1, -1])


def test_what_a_life_is_worth_depends_on_where_every_seat_stands():
    # from lives 2, 4 and 1: the leader's losing one helps seat 0 far more than seat 2's going out
    before = win_chances([2, 4, 1])
    leader = win_chances([2, 3, 1])[0] - before[0]
    trailer = win_chances([2, 4, 0])[0] - before[0]
    assert leader == pytest.approx(0.10854, abs=1e-5) and trailer == pytest.approx(0.01132, abs=1e-5)
    assert leader > 9 * trailer
    # a seat's own life: its first of four costs more than its last, from which it rarely wins
    assert win_chances([4, 4, 4])[0] - win_chances([3, 4, 4])[0] == pytest.approx(0.13773, abs=1e-5)
    assert win_chances([1, 4, 4])[0] == pytest.approx(0.02166, abs=1e-5)
    assert win_chances([0, 4, 4])[0] == 0.0


def test_standings_read_with_and_without_the_bus():
    # a standing is lives + 1 while not eliminated (academie.bots.ismcts.standings)
    with_bus = match_values("trente-et-un", get_game("trente-et-un").parse_options({}))
    without = match_values("trente-et-un", get_game("trente-et-un").parse_options({"bus": "none"}))
    assert with_bus([2, 1]) == pytest.approx(win_chances([2, 1]))  # on the bus: lives 0, standing 1, one life
    assert without([2, 1]) == pytest.approx([1.0, 0.0])  # lives 1 and out
    assert without([3, 2]) == pytest.approx(win_chances([2, 1]))
    with pytest.raises(ValueError, match="games of lives"):
        match_values("reversis", get_game("reversis").parse_options({}))


def test_the_search_rewards_the_chance_of_winning_the_match():
    bot = make_bot("ismcts:iterations=10:value=match", "trente-et-un", 1)
    state = get_game("trente-et-un").new_initial_state(3, {})
    bot._values = bot._values_of(state)
    node = Node(0)
    # seat 0 loses its last life (standing 1 → 0) while the others keep 4: its gain is its whole chance
    rewards = bot._back([node], [0, 4, 4], [1, 4, 4])
    before = win_chances([1, 4, 4])
    assert rewards[0] == pytest.approx(-before[0] - before[0] / 2)
    assert node.visits == 1 and node.total == pytest.approx(rewards[0])
    deal = make_bot("ismcts:iterations=10", "trente-et-un", 1)
    assert deal._values_of(state) is None
    assert deal._back([], [0, 4, 4], [1, 4, 4])[0] == pytest.approx(-1.0)


def test_value_is_a_parameter_at_trente_et_un_only_and_checked():
    with pytest.raises(UnknownBotError, match="no parameter 'value'"):
        make_bot("ismcts:value=match", "reversis", 1)
    with pytest.raises(UnknownBotError, match="one of deal, match"):
        make_bot("ismcts:value=later", "trente-et-un", 1)


def test_a_search_on_match_values_plays_legal_seeded_moves():
    game = get_game("trente-et-un")
    for seed in range(3):
        state = game.new_initial_state(3, {"lives": 1})
        rng = random.Random(seed)
        while state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        view, legal = state.view(state.current_player()), state.legal_actions()
        moves = {make_bot("ismcts:iterations=40:value=match", "trente-et-un", seed).choose(view, legal)
                 for _ in range(2)}
        assert len(moves) == 1 and moves <= set(legal)
