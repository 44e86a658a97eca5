"""Scenario tests: squares 6, 12, 26, 41 and 58 (source 002, « Loix du jeu » 1, 4, 6;
REFERENCE 3(a)7, 10, 12, L8, L9, L10)."""

import pytest

from tests.helpers import blason_state, throw


def test_six_pays_and_goes_to_12_then_plays_in_turn():
    # [002] «Celui qui fera six … payera le prix convenu, & passera au chiffre 12 où il y a un
    # gironné, & continuera de jouer à son tour.»
    state, chance = blason_state("6", players=2)
    throw(state, chance)
    assert state.position == [12, 0]
    assert state.match.counters == [18, 19]
    assert state.match.pots["pot"] == 3
    assert state.match.ledger.entries[-1].reason.startswith("square 6, armes partagées")
    move = state.public_view().moves[-1]
    assert (move.landed, move.dest) == (6, 12)
    assert state.statistics()["square_6"] == 1
    assert state.current_player() == 1  # no extra throw


def test_twelve_and_26_reached_directly_have_no_effect_l10():
    # L10: «destinations 12, 26, 1 have no effect». Seat 0: 2, 14, 26; seat 1: 3, 5.
    state, chance = blason_state("12", players=2)
    throw(state, chance)
    assert state.position == [12, 0]
    assert state.match.counters == [19, 19]
    state, chance = blason_state("2 3 12 2 12", players=2)
    throw(state, chance, 5)
    assert state.position == [26, 5]
    assert state.match.counters == [19, 19]


def test_41_pays_the_mois_romains_without_moving():
    # [002] «Qui arrivera à 41, aux armes de l'empereur, payera les mois romains au jeu.»
    # Seat 0: first nine → 26, 31, 41; seat 1: 2, 4.
    state, chance = blason_state("9 2 5 2 10", players=2)
    throw(state, chance, 5)
    assert state.position == [41, 4]
    assert state.match.counters == [17, 19]
    assert state.match.pots["pot"] == 4
    assert state.match.ledger.entries[-1].reason.startswith("square 41, mois romains")
    assert state.rest == [0, 0]
    assert state.current_player() == 1
    assert state.statistics()["square_41"] == 1


@pytest.mark.parametrize(("mois_romains", "price", "seat0", "pot"), [(3, 2, 14, 7), (0, 1, 18, 3)])
def test_41_mois_romains_amount_option_l8(mois_romains, price, seat0, pot):
    # L8: the amount of the mois romains is not given: option mois_romains, apart from the price.
    state, chance = blason_state("9 2 5 2 10", players=2, mois_romains=mois_romains, price=price)
    throw(state, chance, 5)
    assert state.position == [41, 4]
    assert state.match.counters == [seat0, 19]
    assert state.match.pots["pot"] == pot
    if mois_romains == 0:  # nothing paid, nothing recorded
        assert "mois romains" not in state.match.ledger.entries[-1].reason


def test_58_pays_and_restarts_at_square_1_l9():
    # [002] «Qui tombera par le nombre 58 … payera le prix convenu, & recommencera au chiffre 1,
    # lesdits ordres étant abolis.» Seat 0: 26, 38, 48, 58; seat 1: 2, 4, 7.
    state, chance = blason_state("9 2 12 2 10 3 10", players=2)
    throw(state, chance, 7)
    assert state.position == [1, 7]
    assert state.match.counters == [17, 19]
    assert state.match.ledger.entries[-1].reason.startswith("square 58")
    move = state.public_view().moves[-1]
    assert (move.origin, move.landed, move.dest) == (48, 58, 1)
    assert state.statistics()["square_58"] == 1


def test_58_restart_square_start_option_l9():
    # L9 option restart_square=start: back off the board (0) instead of square 1.
    state, chance = blason_state("9 2 12 2 10 3 10", players=2, restart_square="start")
    throw(state, chance, 7)
    assert state.position == [0, 7]
    assert state.match.counters == [17, 19]
