"""Scenario tests: the requests of the trente-un — ask or stand, in deal order, round after
round (source 000; REFERENCE.md §1 rules 12-14, B6, B7, B12)."""

from tests.belle_flux.support import card, cards
from tests.helpers import bft_deck, bft_state, play

# Dealer 0, order 2, 1, 0. Seat 2: 2♣ 3♦ + 5♥ = 10; seat 1: 10♠ 9♣ + 9♥ = 28;
# seat 0: 8♠ 7♣ + Q♦ = 25. No flux, nobody at 31.
HIDDEN = ["8S 7C", "10S 9C", "2C 3D"]
UP = ["QD", "9H", "5H"]


def test_requests_go_in_deal_order_and_rounds_repeat_until_nobody_asks():
    # [000] «la même chose se pratique envers chaque joueur, selon son rang, & lorsqu'on a donné
    # une carte à chacun de ceux qui l'ont demandée, on recommence un nouveau tour»
    state, chance = bft_state([bft_deck(HIDDEN, UP, extra="6S 7D")], players=3, deals=1)
    assert state.current_player() == 2
    play(state, chance, "ask")
    assert state.extra[2] == list(cards("6S"))
    assert state.view(2).point == 16
    assert state.current_player() == 1
    play(state, chance, "stand")
    assert state.current_player() == 0
    play(state, chance, "stand")
    # new round: only seat 2 asked; seats 1 and 0 stood (B7: standing is final)
    assert state.current_player() == 2
    play(state, chance, "ask")
    assert state.current_player() == 2  # again the only one still asking
    play(state, chance, "stand")
    # [000] «Quand aucun joueur ne demande plus de carte… on accuse le jeu»
    assert state.is_terminal()
    result = state.results[-1]
    assert result.points == {2: 23, 1: 28, 0: 25}
    assert result.trente_un == 1
    assert [(k, s) for k, s, _ in state.log if k != "up"] == [
        ("ask", 2), ("card", 2), ("stand", 1), ("stand", 0),
        ("ask", 2), ("card", 2), ("stand", 2)]


def test_everyone_standing_at_once_goes_straight_to_the_showdown():
    # [000] «si les trois cartes font, par exemple, 28, 29 ou 30 points, il n'en prend
    # ordinairement point de nouvelles… il déclare qu'il s'y tient»
    state, chance = bft_state([bft_deck(HIDDEN, UP)], players=3, deals=1)
    play(state, chance, "stand stand stand")
    assert state.is_terminal()
    assert state.results[-1].trente_un == 1
    assert state.extra == [[], [], []]


def test_stand_is_final_false_asks_a_player_who_stood_again_next_round():
    # B7, option stand_is_final=False: «pour donner carte encore à ceux qui veulent»
    state, chance = bft_state([bft_deck(HIDDEN, UP, extra="6S 5C")], players=3, deals=1,
                              stand_is_final=False)
    play(state, chance, "ask stand stand")
    assert state.current_player() == 2
    play(state, chance, "stand")
    assert state.current_player() == 1  # seat 1 stood last round and is asked again
    play(state, chance, "stand")
    assert state.current_player() == 0
    play(state, chance, "ask")
    assert state.extra[0] == [card("5C")]
    # someone asked: a third round, everyone asked again; all stand
    assert state.current_player() == 2
    play(state, chance, "stand stand stand")
    assert state.is_terminal()
    assert state.results[-1].points == {2: 16, 1: 28, 0: 30}
    assert state.results[-1].trente_un == 0


def test_stand_is_final_true_never_asks_a_player_who_stood():
    # B7 default: «il déclare qu'il s'y tient» — seat 0 cannot come back for the 5♣
    state, chance = bft_state([bft_deck(HIDDEN, UP, extra="6S 5C")], players=3, deals=1)
    play(state, chance, "ask stand stand")
    assert state.current_player() == 2
    play(state, chance, "stand")
    assert state.is_terminal()
    assert state.extra[0] == []
    assert state.results[-1].trente_un == 1


def test_a_player_over_31_can_only_stand():
    # [000] «il ne faut pas l'outre-passer, car un point de plus empêche qu'on puisse concourir»
    hidden = ["8S 7C", "10S 9C", "10D 9D"]
    up = ["QD", "9H", "6H"]  # seat 2: 25
    state, chance = bft_state([bft_deck(hidden, up, extra="KS")], players=3, deals=1)
    play(state, chance, "ask")
    assert state.view(2).point == 35
    play(state, chance, "stand stand")
    assert state.current_player() == 2
    assert state.legal_action_strings() == ["stand"]
    play(state, chance, "stand")
    result = state.results[-1]
    assert result.points[2] == 35
    assert result.trente_un == 1  # 28, and 35 does not compete


def test_all_cards_count_two_aces_and_a_ten_are_32_and_over():
    # [000] «On compte l'as pour onze points, chaque figure, pour dix» — B6: every card counts,
    # the ace is always 11: A♠ A♥ 10♣ = 32, over.
    hidden = ["8S 7C", "10S 9C", "AS AH"]
    up = ["QD", "9H", "10C"]
    state, chance = bft_state([bft_deck(hidden, up)], players=3, deals=1)
    assert state.current_player() == 2
    assert state.view(2).point == 32
    assert state.legal_action_strings() == ["stand"]
    play(state, chance, "stand stand stand")
    assert state.results[-1].trente_un == 1


def test_trente_un_count_one_suit_counts_only_the_best_suit():
    # option trente_un_count=one_suit (modern Scat, against B6): A♠ A♥ 10♣ is only 11.
    hidden = ["8S 7C", "10S 9C", "AS AH"]
    up = ["QD", "9H", "10C"]
    state, _ = bft_state([bft_deck(hidden, up)], players=3, deals=1, trente_un_count="one_suit")
    assert state.view(2).point == 11
    assert state.view(1).point == 10  # 10♠ | 9♣ | 9♥
    assert state.legal_action_strings() == ["ask", "stand"]
