"""Scenario tests: the dice and the notation of throws (source 002, « Ordre du jeu »;
REFERENCE 3(a)3, L2)."""

from fractions import Fraction

import pytest

from academie.core.errors import IllegalActionError, StackedDeckError
from tests.helpers import BLASON, blason_state, throw


def snapshot(state):
    return (state.phase, state.current_player(), list(state.history), list(state.position),
            list(state.rest), list(state.match.counters), dict(state.match.pots),
            len(state.match.ledger.entries), len(state.moves))


def totals(state):
    return {t - 100: Fraction(p).limit_denominator(144) for t, p in state.chance_outcomes()}


def test_two_dice_give_2_to_12_with_their_probabilities_l2():
    # [002] «On joue au jeu avec deux dez communs»: 2–12, seven is 6/36.
    state = BLASON.new_initial_state(2, {})
    assert state.chance_outcomes() == []  # a player throws first
    state.apply_string("throw")
    assert state.is_chance_node()
    probs = totals(state)
    assert sorted(probs) == list(range(2, 13))
    assert probs[7] == Fraction(6, 36)
    assert probs[2] == probs[12] == Fraction(1, 36)
    assert probs[6] == probs[8] == Fraction(5, 36)
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert state.legal_action_strings() == [str(t) for t in range(2, 13)]


def test_cochonnet_gives_1_to_12_equally_l2():
    # [002] «ou un cochonnet» — L2: a twelve-faced die numbered 1 to 12.
    state = BLASON.new_initial_state(2, {"dice": "d12"})
    state.apply_string("throw")
    probs = totals(state)
    assert sorted(probs) == list(range(1, 13))
    assert set(probs.values()) == {Fraction(1, 12)}
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


def test_cochonnet_throw_of_1_reaches_square_1_l2():
    # L2: «With d12 square 1 is reachable on the first throw.»
    state, chance = blason_state("1 12", players=2, dice="d12")
    throw(state, chance, 2)
    assert state.position == [1, 12]
    assert state.match.counters == [19, 19]
    assert state.public_view().dice == "d12"


def test_a_throw_of_1_is_impossible_with_two_dice():
    # L2: two dice never show 1.
    state, chance = blason_state("1", players=2)
    state.apply_string("throw")
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="not a total of these dice"):
        state.apply_string("1")
    assert snapshot(state) == before
    with pytest.raises(StackedDeckError):
        chance.choose(state)


def test_throw_at_a_chance_node_is_illegal_and_changes_nothing():
    # [002] «chacun une fois & à son tour»: one throw, then the dice decide.
    state = BLASON.new_initial_state(2, {})
    state.apply_string("throw")
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="legal: 2, 3") as info:
        state.apply_string("throw")
    assert info.value.legal == tuple(str(t) for t in range(2, 13))
    with pytest.raises(IllegalActionError):
        state.apply_action(0)
    assert snapshot(state) == before


@pytest.mark.parametrize("text", ["jump", "9", "13", "-1", "throw twice"])
def test_garbage_at_a_players_turn_is_illegal_and_changes_nothing(text):
    # The only decision is to throw.
    state = BLASON.new_initial_state(2, {})
    assert state.legal_action_strings() == ["throw"]
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="legal: throw"):
        state.apply_string(text)
    with pytest.raises(IllegalActionError):
        state.apply_action(109)  # a total, but no die is rolling
    assert snapshot(state) == before


def test_a_total_above_12_is_illegal_at_a_chance_node():
    state = BLASON.new_initial_state(2, {"dice": "d12"})
    state.apply_string("throw")
    before = snapshot(state)
    for text in ("13", "0", "x"):
        with pytest.raises(IllegalActionError):
            state.apply_string(text)
    assert snapshot(state) == before


def test_turns_go_in_seat_order():
    # [002] «chacun une fois & à son tour»: 0, 1, 2, then 0 again.
    state, chance = blason_state("2 3 4 5", players=3)
    seats = []
    for _ in range(4):
        seats.append(state.current_player())
        throw(state, chance)
    assert seats == [0, 1, 2, 0]
    assert state.position == [7, 3, 4]
