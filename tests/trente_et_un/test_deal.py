"""Scenario tests: the deal and the first turn (source 003, « La donne », « Votre tour »)."""

from academie.cards import parse_cards
from academie.games.trente_et_un import PILE
from tests.helpers import play, t31_deck, t31_state


def test_deal_three_each_from_dealers_left_and_turn_up_one():
    # [003] «Trois cartes chacun. Une carte est retournée pour lancer la pile de défausse.»
    deck = t31_deck(["2S 3S 4S", "KH 9H 4C", "AD KD 5C"], up="7C")
    state, _ = t31_state([deck], players=3)
    assert state.hands[1] == parse_cards("KH 9H 4C")
    assert state.hands[0] == parse_cards("2S 3S 4S")
    assert state.pile == parse_cards("7C")
    assert len(state.stock) == 52 - 10
    # [003] «Le joueur à gauche du donneur commence.»
    assert state.current_player() == 1


def test_draw_from_pile_then_discard_keeps_three_cards():
    # [003] «Piochez… celle du dessus de la défausse, puis défaussez-en une.»
    deck = t31_deck(["2S 3S 4S", "KH 9H 4C", "AD KD 5C"], up="7C")
    state, chance = t31_state([deck], players=3)
    assert PILE in state.legal_actions()
    play(state, chance, "pile 4C")
    assert sorted(state.hands[1]) == sorted(parse_cards("KH 9H 7C"))
    assert state.pile == parse_cards("4C")
    assert state.current_player() == 2
