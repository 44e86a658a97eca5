"""Scenario tests: card values and hand values (source 003, « Valeurs », « Ce que vaut une main »,
« Règles maison »; REFERENCE T9)."""

import pytest

from academie.cards import parse_cards
from academie.games.trente_et_un.rules import BRELAN_VALUES, hand_value, suit_totals
from tests.helpers import play, t31_deck, t31_state


def test_card_values_ace_11_figures_10_numbers_their_face():
    # [003] «Les as valent 11, les figures 10, et les cartes numérotées leur chiffre.»
    assert suit_totals(parse_cards("AS")) == [11, 0, 0, 0]
    assert suit_totals(parse_cards("KH QH JH")) == [0, 30, 0, 0]
    assert suit_totals(parse_cards("2D 7D 10D")) == [0, 0, 19, 0]


def test_only_cards_of_one_suit_count_together():
    # [003] «Seules les cartes d'une même couleur se comptent ensemble.»
    assert suit_totals(parse_cards("AS KH 9C")) == [11, 10, 0, 9]
    assert hand_value(parse_cards("AS KH 9C")) == 11


def test_worked_example_king_nine_of_hearts_four_of_clubs_is_19_at_showdown():
    # [003] «R♥ 9♥ 4♣ vaut 19 : le roi et le neuf de cœur ensemble, tandis que le quatre de
    # trèfle ne compte pas.»
    deck = t31_deck(["7S 8S 2D", "KH 9H 4C", "2S 3D 5C"], up="6C")
    state, chance = t31_state([deck], players=3)
    # seat 1 knocks; seats 2 and 0 take the 6♣ and throw it back (hands unchanged).
    play(state, chance, "knock pile 6C pile 6C")
    result = state.results[0]
    assert result.ending == "knock"
    assert result.values == {0: 15, 1: 19, 2: 5}
    assert result.lives_lost == {2: 1}


@pytest.mark.parametrize(
    ("brelan", "value"),
    [("off", 10), ("30.5", 30.5), ("30", 30)],
    ids=["off", "30.5", "30"],
)
def test_three_tens_of_different_suits_worth_10_or_the_brelan_value(brelan, value):
    # [003] «Trois dix de trois couleurs différentes ne valent que 10.»
    # [003] «Beaucoup de tables comptent un brelan pour 30½» (T9: variant 30)
    assert hand_value(parse_cards("10S 10H 10D"), BRELAN_VALUES[brelan]) == value
    deck = t31_deck(["7S 8S 2C", "10S 10H 10D", "9D 8D 3C"], up="6C")
    state, chance = t31_state([deck], players=3, brelan=brelan)
    play(state, chance, "knock pile 6C pile 6C")
    result = state.results[0]
    assert result.values[1] == value
    if brelan == "off":
        # 10 is the lowest total: the knocker alone lowest loses two.
        assert result.lives_lost == {1: 2}
    else:
        assert result.lives_lost == {0: 1}


def test_ace_and_two_ten_point_cards_of_one_suit_make_31():
    # [003] «Pour 31, il faut un as et deux cartes valant 10 de la même couleur.»
    assert hand_value(parse_cards("AH KH QH")) == 31
    assert hand_value(parse_cards("AH KH QD")) == 21
    deck = t31_deck(["7S 8S 2D", "AH KH 4C", "2S 3D 5C"], up="QH")
    state, chance = t31_state([deck], players=3)
    play(state, chance, "pile 4C")
    assert state.results[0].ending == "thirty_one"
    assert state.results[0].values == {1: 31}


def test_brelan_30_5_beats_a_30():
    # [003] «un brelan pour 30½, ce qui bat tout sauf 31»
    deck = t31_deck(["KC QC 10C", "10S 10H 10D"], up="2H")
    state, chance = t31_state([deck], players=2, brelan="30.5")
    play(state, chance, "knock pile 2H")
    result = state.results[0]
    assert result.values == {0: 30, 1: 30.5}
    assert result.lives_lost == {0: 1}
    assert state.match.lives == [2, 3]


def test_brelan_30_ties_a_30_and_both_are_lowest():
    # T9 variant «30 for three of a kind»; [003] «Si plusieurs joueurs sont à égalité pour le
    # total le plus bas, chacun d'eux perd une vie» (knocker tied: T1 default lose2).
    deck = t31_deck(["KC QC 10C", "10S 10H 10D"], up="2H")
    state, chance = t31_state([deck], players=2, brelan="30")
    play(state, chance, "knock pile 2H")
    result = state.results[0]
    assert result.values == {0: 30, 1: 30}
    assert result.lives_lost == {0: 1, 1: 2}


def test_brelan_loses_to_31():
    # [003] «un brelan pour 30½, ce qui bat tout sauf 31»
    assert hand_value(parse_cards("AC KC QC"), 30.5) > hand_value(
        parse_cards("10S 10H 10D"), 30.5
    )
    # seat 1 knocks on its brelan, seat 0 takes the Q♣ and shows 31: the brelan loses a life.
    deck = t31_deck(["AC KC 5S", "10S 10H 10D"], up="QC")
    state, chance = t31_state([deck], players=2, brelan="30.5")
    play(state, chance, "knock pile 5S")
    result = state.results[0]
    assert (result.ending, result.shown_by) == ("thirty_one", 0)
    assert result.lives_lost == {1: 1}
