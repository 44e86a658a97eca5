"""Card order, tierces and counts (source 004: the aces, the cabaret; GU8, GU11)."""

from __future__ import annotations

import pytest

from academie.cards import parse_card, parse_cards
from academie.games.guinguette.rules import GUINGUETTE, ORDER, count, suit_point, tierce


def test_aces_count_one_and_are_the_lowest_cards():
    # [004] «les as ne valent qu'un point, et sont les moindres cartes du jeu»; the later source:
    # king high down to the ace
    ranks = [ORDER[parse_card(c)] for c in "KS QS JS 10S 6S 2S AS".split()]
    assert ranks == sorted(ranks, reverse=True) and ranks[-1] == 1
    assert count(parse_cards("AS AH AD AC")) == 4


def test_the_guinguette_is_the_queen_of_diamonds():
    # [004] «La guinguette est la dame de carreau»
    assert GUINGUETTE == parse_card("QD")


@pytest.mark.parametrize("hand, top", [
    ("JH 10H 9H 2C", 11),   # « une tierce au valet »: the highest
    ("10S 9S 8S KD", 10),   # « au dix »
    ("9C 8C 7C AD", 9),     # « au neuf »
    ("8D 9D 10D JD", 11),   # a run of four: its best tierce
    ("KS QS JS 10S", 0),    # the later source: kings and queens make no tierce
    ("QH JH 10H 2S", 0),
    ("9H 8S 7H 6H", 0),     # one suit only
    ("9H 7H 6H 5H", 7),     # 7-6-5 (only with 52 cards)
])
def test_a_tierce_is_three_low_cards_of_a_suit_in_sequence(hand, top):
    # [004] «Le cabaret est composé d'une tierce au valet, au dix, au neuf, etc.»
    assert tierce(parse_cards(hand), 52) == top
    if all(parse_card(c) % 13 >= 4 for c in hand.split()):  # no 2-5: the same with 36 cards
        assert tierce(parse_cards(hand), 36) == top


def test_the_ace_is_below_the_two():
    # [004] «sont les moindres cartes du jeu»: A-2-3 is the lowest tierce with 52 cards
    assert tierce(parse_cards("AS 2S 3S KH"), 52) == 3
    assert tierce(parse_cards("KS AS 2S QH"), 52) == 0  # K-A-2 is no sequence


def test_ace_six_seven_with_36_cards_is_a_reading():
    # GU11 (ours): with 2-5 taken out, A-6-7 makes a tierce only with ace_tierce='bridge'
    hand = parse_cards("AC 6C 7C KH")
    assert tierce(hand, 36) == 0
    assert tierce(hand, 36, bridge=True) == 7
    assert tierce(hand, 52, bridge=True) == 0  # with 52 cards the 2 comes between


def test_counts_ace_one_figures_ten():
    # GU8 (ours): the count of the cotillon; or the best count in one suit
    hand = parse_cards("KS 9S AH 7D")
    assert count(hand) == 10 + 9 + 1 + 7
    assert suit_point(hand) == 19


def test_a_tierce_of_any_suits_is_the_default_reading():
    # GU13 (ours): 'any' suits by default; 'same' is the piquet's tierce
    hand = parse_cards("9H 10S JC 2C")
    assert tierce(hand, 52, suited=False) == 11 and tierce(hand, 52) == 0
    assert tierce(parse_cards("KH QS JC 10C"), 52, suited=False) == 0  # kings and queens make none
    from academie.games import get_game
    assert get_game("guinguette").parse_options({}).tierce_suits == "any"
