"""Scenario tests: the chancellerie on 30 (source 002, « Loix du jeu » 3; REFERENCE 3(a)9, L6)."""

from tests.helpers import blason_state, throw


def test_30_waits_until_another_arrives_then_both_pay_and_the_newcomer_waits_l6():
    # [002] «Qui arrivera au quarré 30 … y demeurera jusqu'à ce que quelqu'un des joueurs arrive
    # au même chiffre, & en prenant sa place lui donne, la liberté de continuer son jeu, &
    # payeront tous deux le prix convenu pour les droits de la chancellerie.»
    # Seat 0: first nine → 26, 30. Seat 1: 2, then alone 14, 26, 30.
    state, chance = blason_state("9 2 4 12 12 4 2 3", players=2)
    throw(state, chance, 3)
    assert state.position == [30, 2]
    assert state.well == 0
    assert state.public_view().well == 0
    assert state.match.counters == [18, 19]  # arriving alone costs nothing
    throw(state, chance, 2)  # seat 0 waits: seat 1 throws twice
    assert state.position == [30, 26]
    assert state.current_player() == 1
    throw(state, chance)  # seat 1 reaches 30 from 26
    # L6: the freed player goes where the newcomer came from (26); the newcomer waits.
    assert state.position == [26, 30]
    assert state.well == 1
    assert state.match.counters == [17, 18]
    assert state.match.pots["pot"] == 5
    fees = state.match.ledger.entries[-2:]
    assert [(e.source, e.target, e.amount) for e in fees] == [(0, "pot", 1), (1, "pot", 1)]
    assert all(e.reason.startswith("square 30, marques de la chancellerie") for e in fees)
    assert "frees seat 0 from the chancellerie (back to 26); both pay" in state.public_view().moves[-1].events
    assert state.statistics()["square_30"] == 2
    # the freed player throws again, the newcomer now stays
    assert state.current_player() == 0
    throw(state, chance, 2)
    assert state.position == [31, 30]
    assert state.current_player() == 0


def test_30_waiting_player_throws_no_dice():
    # [002] «y demeurera» — his turns are passed over without a throw (no dice used).
    state, chance = blason_state("9 2 4 12 12", players=2)
    throw(state, chance, 5)
    assert chance.positions == [5]
    assert state.position == [30, 26]
    assert state.rest == [0, 0]
