"""Scenario tests: the entry stake, the pot, conservation and returns (source 002, « Ordre du
jeu », law 8; REFERENCE §3(a) 4, 14)."""

import pytest

from academie.core.chance import StackedChance
from academie.core.runner import advance_chance
from tests.helpers import BLASON, blason_state, throw

# Seat 0: first nine → 26, 26+12=38, +10=48, +8=56, +7=63; seat 1 fills in on 2, 4, 7, 10.
WIN = "9 2 12 2 10 3 8 3 7"


def test_entry_each_player_puts_one_counter_in_the_pot():
    # [002] «des jettons dont on doit mettre un chacun à l'entrée du jeu»
    state, _ = blason_state("", players=3)
    assert state.match.counters == [19, 19, 19]
    assert state.match.pots["pot"] == 3
    entries = state.match.ledger.entries
    assert [(e.source, e.target, e.amount) for e in entries] == [(0, "pot", 1), (1, "pot", 1), (2, "pot", 1)]
    assert all(e.reason.startswith("entry") for e in entries)
    assert state.current_player() == 0  # seat 0 throws first


def test_entry_and_counters_options():
    # [002] «On conviendra du prix que doivent valoir les jettons» (3(a)4, L8: agreed amounts)
    state, _ = blason_state("", players=2, entry=3, counters=10)
    assert state.match.counters == [7, 7]
    assert state.match.pots["pot"] == 6


def test_entry_zero_writes_no_ledger_entry():
    # 3(a)4 with entry 0: nothing moves, nothing is recorded.
    state, _ = blason_state("", players=2, entry=0)
    assert state.match.counters == [20, 20]
    assert state.match.pots["pot"] == 0
    assert state.match.ledger.entries == []


def test_exact_63_wins_and_the_winner_takes_the_whole_pot():
    # [002] «Qui arrivera à 63, qui est le terme du jeu, gagnera la partie & tirera tous les jettons.»
    state, chance = blason_state(WIN, players=2)
    throw(state, chance, 8)
    assert state.position == [56, 10]
    assert state.match.pots["pot"] == 3  # two entries and the first nine
    assert state.returns() == [0.0, 0.0]  # nothing is settled before the end
    throw(state, chance)
    assert state.winner == 0
    assert state.is_terminal()
    assert state.position == [63, 10]
    assert state.match.pots["pot"] == 0
    assert state.match.counters == [21, 19]
    last = state.match.ledger.entries[-1]
    assert (last.source, last.target, last.amount) == ("pot", 0, 3)
    assert "winner" in last.reason
    assert state.returns() == [1.0, -1.0]
    stats = state.statistics()
    assert (stats["pot"], stats["first_nine"]) == (3, 1)
    assert "square_63" not in stats  # the goal is reached once by definition: not a figure
    assert (stats["turns"], stats["rounds"]) == (9, 5)  # the winning throw is the 5th of seat 0
    assert state.public_view().winner == 0


def test_returns_are_the_counters_won_or_lost():
    # 3(a)4: «payer autant de jettons … au profit de celui qui gagnera la partie»
    state, chance = blason_state(WIN, players=2, counters=50, entry=2, price=3)
    throw(state, chance, 9)
    # seat 0 paid 2 + 3 (first nine), seat 1 paid 2; the pot of 7 goes to seat 0.
    assert state.match.counters == [52, 48]
    assert state.returns() == [2.0, -2.0]
    assert state.returns() == [float(state.match.ledger.net(s)) for s in range(2)]


@pytest.mark.parametrize("dice", ["2d6", "d12"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_counters_and_pot_are_conserved_over_a_whole_race(seed, dice):
    # [002] «payer autant de jettons … au profit de celui qui gagnera»: counters only move
    # between the players and the pot.
    players, counters = 4, 20
    state = BLASON.new_initial_state(players, {"dice": dice})
    chance = StackedChance([[]], seed)
    for _ in range(5000):
        if state.is_terminal():
            break
        state.apply_string("throw")
        advance_chance(state, chance)
        assert state.match.total() == players * counters
        assert all(p == 0 or 1 <= p <= 63 for p in state.position)
    assert state.is_terminal()
    assert state.match.pots["pot"] == 0
    assert sum(state.returns()) == 0
    for seat in range(players):
        assert state.returns()[seat] == state.match.counters[seat] - counters
        assert state.match.ledger.net(seat) == state.match.counters[seat] - counters
