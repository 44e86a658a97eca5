"""Scenario tests: who takes the trente-un basket — 31 declared, the nearest below 31, ties,
everyone over (source 000; REFERENCE.md §1 rules 13, 15, 16, B2, B5, B6, B8)."""

import pytest

from academie.core.ledger import Entry
from tests.belle_flux.support import NEUTRAL_HIDDEN, NEUTRAL_UP
from tests.helpers import bft_deck, bft_state, play

WON = "trente-un [000] «celui qui a trente-un, ou qui… en approche de plus près»"


def test_nearest_below_31_wins_the_trente_un_basket():
    # [000] «celui qui a trente-un, ou qui, sans outre-passer ce point, en approche de plus
    # près, gagne ce que contient le panier de cette troisième chance»
    deck = bft_deck(["10S 8C", "9S 10C", "KS 9D"], ["QD", "JH", "8H"])  # 28, 29, 27
    state, chance = bft_state([deck], players=3, deals=1)
    play(state, chance, "stand stand stand")
    result = state.results[-1]
    assert result.points == {2: 27, 1: 29, 0: 28}
    assert result.trente_un == 1 and result.declared is None
    assert state.match.ledger.entries[-1] == Entry(0, "trente-un", 1, 3, WON)


def test_tie_for_the_best_point_carries_the_trente_un_basket():
    # [000] «dans le cas d'égalité des deux meilleurs jeux, le panier resteroit pour le coup
    # suivant»
    decks = [bft_deck(["10S 9C", "9S 10D", "KS 7D"], ["QD", "JH", "8H"]),  # 29, 29, 25
             bft_deck(NEUTRAL_HIDDEN, NEUTRAL_UP, dealer=2)]
    state, chance = bft_state(decks, players=3, deals=2)
    play(state, chance, "stand stand stand")
    assert state.results[0].trente_un is None
    assert state.results[0].baskets["trente-un"] == 3
    play(state, chance, "stand stand stand")
    # deal 2: seat 1 (20) takes 3 + 3
    assert state.results[1].trente_un == 1
    assert state.match.ledger.entries[-1] == Entry(1, "trente-un", 1, 6, WON)


def test_tie_rule_eldest_wins_gives_a_tied_trente_un_to_the_eldest():
    # option tie_rule=eldest_wins (B2), applied to the trente-un as well: order 2, 1, 0.
    deck = bft_deck(["10S 9C", "9S 10D", "KS 7D"], ["QD", "JH", "8H"])
    state, chance = bft_state([deck], players=3, deals=1, tie_rule="eldest_wins")
    play(state, chance, "stand stand stand")
    assert state.results[-1].trente_un == 1


def test_31_reached_by_a_drawn_card_is_declared_and_stops_all_dealing():
    # [000] «quand un joueur a obtenu trente-un, soit par les trois cartes… soit par celles qu'il
    # a ajoutées… il doit le déclarer, parce que par-là il empêche qu'on ne donne de nouvelles
    # cartes aux autres joueurs, & il gagne le panier»
    # seat 2: 10♠ 9♣ + 2♥ = 21, asks, gets 9♦ (30)… ; seat 1: 9♠ 2♣ + 9♥ = 20 asks, gets A♦.
    deck = bft_deck(["8S 7C", "9S 2C", "10S 9C"], ["QD", "9H", "2H"], extra="9D AD")
    state, chance = bft_state([deck], players=3, deals=1)
    play(state, chance, "ask")
    assert state.view(2).point == 30
    play(state, chance, "ask")
    # seat 1 made 31: seat 0 (25) is never asked, no further round for seat 2
    assert state.is_terminal()
    result = state.results[-1]
    assert result.declared == 1 and result.trente_un == 1
    assert result.points == {2: 30, 1: 31, 0: 25}
    assert state.extra[0] == []
    assert state.log[-1] == ("declare", 1, None)
    assert state.match.ledger.entries[-1] == Entry(0, "trente-un", 1, 3, WON)


def test_31_with_the_first_three_cards_is_declared_before_any_request():
    # [000] «soit par les trois cartes qu'il a d'abord reçues» — A♠ K♦ 10♣
    deck = bft_deck(["8S 7C", "AS KD", "2C 3D"], ["QD", "10C", "5H"])
    state, _ = bft_state([deck], players=3, deals=1)
    assert state.is_terminal()
    result = state.results[-1]
    assert result.declared == 1 and result.trente_un == 1
    assert [k for k, _, _ in state.log if k != "up"] == ["declare"]


def test_two_players_dealt_31_tie_and_the_basket_carries():
    # [000] «il gagne le panier, s'il est alors le seul dont le jeu forme le point de
    # trente-un» (B8)
    deck = bft_deck(["AH QC", "AS KD", "2C 3D"], ["JD", "10C", "5H"])
    state, _ = bft_state([deck], players=3, deals=1)
    result = state.results[-1]
    assert result.points == {2: 10, 1: 31, 0: 31}
    assert result.declared == 1  # the first in deal order
    assert result.trente_un is None
    assert state.match.pots["trente-un"] == 3


def test_two_players_dealt_31_with_eldest_wins_the_eldest_takes_it():
    # B2/B8 with tie_rule=eldest_wins
    deck = bft_deck(["AH QC", "AS KD", "2C 3D"], ["JD", "10C", "5H"])
    state, _ = bft_state([deck], players=3, deals=1, tie_rule="eldest_wins")
    assert state.results[-1].trente_un == 1


# Everyone asks once and goes over: seat 2 27+K = 37, seat 1 26+Q = 36, seat 0 27+A = 38.
BUST = bft_deck(["10H 8D", "10S 9D", "10D 9C"], ["9S", "7C", "8H"], extra="KS QH AC")


@pytest.mark.parametrize("all_bust, winner", [("carry", None), ("nearest_wins", 1)])
def test_everyone_over_31(all_bust, winner):
    # B5 (seed silent): default the basket stays; option nearest_wins: the least over wins.
    state, chance = bft_state([BUST], players=3, deals=1, all_bust=all_bust)
    play(state, chance, "ask ask ask")
    assert state.legal_action_strings() == ["stand"]
    play(state, chance, "stand stand stand")
    result = state.results[-1]
    assert result.points == {2: 37, 1: 36, 0: 38}
    assert result.trente_un == winner
    assert state.match.pots["trente-un"] == (3 if winner is None else 0)


def test_a_player_under_31_beats_every_player_over():
    # [000] «un point de plus empêche qu'on puisse concourir» — even with all_bust=nearest_wins
    state, chance = bft_state([BUST], players=3, deals=1, all_bust="nearest_wins")
    play(state, chance, "ask ask stand stand stand")  # seat 0 keeps 27
    assert state.results[-1].points == {2: 37, 1: 36, 0: 27}
    assert state.results[-1].trente_un == 0


@pytest.mark.parametrize("count, winner", [("all_cards", 0), ("one_suit", 1)])
def test_trente_un_count_decides_the_winner(count, winner):
    # B6: «les points que présentent les cartes des joueurs» (all cards) vs one suit (variant).
    # seat 0: 10♠ 9♥ 8♦ = 27 (one suit: 10); seat 1: 9♣ 8♣ 3♦ = 20 (17); seat 2: 2♥ 4♠ 6♦ = 12 (6)
    deck = bft_deck(["10S 9H", "9C 8C", "2H 4S"], ["8D", "3D", "6D"])
    state, chance = bft_state([deck], players=3, deals=1, trente_un_count=count)
    play(state, chance, "stand stand stand")
    assert state.results[-1].trente_un == winner
