"""Scenario tests: reaching 63 exactly, the bounce and the 'stop' finish (source 002, « Loix du
jeu » 8, 9; REFERENCE 3(a)14, 15, L10, option exact_finish)."""

import pytest

from academie.core.errors import IllegalActionError
from tests.helpers import blason_state, throw

# Seat 0: first nine → 26, 38, 48, 60; seat 1: 2, 4, 7, 10.
TO_60 = "9 2 12 2 10 3 12 3"


def test_overshoot_moves_back_by_the_excess_and_plays_on():
    # [002] «Qui aura amené plus de points qu'il n'en faut pour arriver juste au nombre 63,
    # rétrogradera autant de points qu'il a de plus, & continuera à jouer à son rang jusqu'à
    # ce qu'il arrive juste au dernier nombre.» 60 + 5 = 65: two too many, back to 61.
    state, chance = blason_state(TO_60 + " 5 3 2", players=2)
    throw(state, chance, 9)
    assert state.position == [61, 10]
    assert state.winner is None
    assert state.match.counters == [18, 19]  # the bounce costs nothing
    move = state.public_view().moves[-1]
    assert (move.origin, move.landed, move.dest) == (60, 61, 61)
    assert move.events == ("past 63: back to 61",)
    throw(state, chance, 2)  # seat 1: 13; seat 0: 61 + 2 = 63 exactly
    assert state.winner == 0
    assert state.match.counters == [21, 19]


def test_bounce_onto_58_restarts_at_1_l10():
    # L10: «Bounce landing squares trigger normally»: 60 + 8 = 68, back to 58 → 1, paying.
    state, chance = blason_state(TO_60 + " 8", players=2)
    throw(state, chance, 9)
    assert state.position == [1, 10]
    assert state.match.counters == [17, 19]
    move = state.public_view().moves[-1]
    assert (move.landed, move.dest) == (58, 1)


def test_exact_finish_stop_option_any_throw_reaching_63_wins():
    # 3(c) option exact_finish=stop («stop at 63» for children's play): 60 + 12 wins.
    state, chance = blason_state(TO_60 + " 12", players=2, exact_finish="stop")
    throw(state, chance, 9)
    assert state.winner == 0
    assert state.position == [63, 10]
    assert state.match.counters == [21, 19]
    assert state.match.pots["pot"] == 0


def test_exact_finish_bounce_is_the_default():
    # [002] «rétrogradera autant de points qu'il a de plus»: 60 + 12 = 72, back to 54 (→ 26).
    state, chance = blason_state(TO_60 + " 12", players=2, exact_finish="bounce")
    throw(state, chance, 9)
    assert state.winner is None
    assert state.position == [26, 10]


def test_second_player_can_win():
    # [002] «Qui arrivera à 63 … gagnera la partie & tirera tous les jettons»: seat 1 on 63.
    # Seat 0 walks 2, 4, 7, 10, 12; seat 1: first nine → 26, 38, 48, 56, 63.
    state, chance = blason_state("2 9 2 12 3 10 3 8 2 7", players=2)
    throw(state, chance, 10)
    assert state.winner == 1
    assert state.position == [12, 63]
    assert state.match.counters == [19, 21]
    assert state.returns() == [-1.0, 1.0]


def test_no_throw_after_the_race_is_over():
    # [002] «qui est le terme du jeu»: nothing is legal once someone is on 63.
    state, chance = blason_state(TO_60 + " 3", players=2)
    throw(state, chance, 9)
    assert state.is_terminal()
    assert state.legal_actions() == []
    history = list(state.history)
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_string("throw")
    assert state.history == history
    assert state.match.counters == [21, 19]


@pytest.mark.parametrize("throws, finish, told", [
    (" 5", "bounce", "Anne throws 5: from 60, 3 to go: past 63 and back to 61."),
    (" 12", "bounce", "Anne throws 12: from 60, 3 to go: past 63 and back to 54 — couronne: pays and goes to 26."),
    (" 12", "stop", "Anne throws 12: from 60, 3 to go, and past 63 counts as 63."),
    (" 3", "bounce", "Anne throws 3: from 60 to 63."),
])
def test_a_throw_past_63_is_told_as_a_bounce(throws, finish, told):
    from academie.presentation.render.blason import describe_action

    state, chance = blason_state(TO_60 + throws, players=2, exact_finish=finish)
    throw(state, chance, 8)
    before = state.public_view()
    throw(state, chance)
    line = describe_action(before, 0, "throw", ["Anne", "Bastien"], after=state.public_view()).splitlines()[0]
    assert line == told
    assert "from 60 to 61" not in line and "back to 63" not in line
