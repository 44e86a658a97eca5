"""Scenario tests: bad input is refused with the legal actions named, and the state is unchanged
(source 003, « Votre tour »: «Piochez… puis défaussez-en une»)."""

import pytest

from academie.cards import parse_cards
from academie.core.errors import IllegalActionError, OptionError
from tests.helpers import T31, play, refused, snapshot, t31_deck, t31_state

DECK = t31_deck(["2S 3S 5D", "KH 9H 4C", "7D 8D 2H"], up="7C")


def test_unknown_action_text_is_refused_with_the_legal_actions():
    # [003] «Piochez la carte du dessus du talon ou celle du dessus de la défausse» — or knock:
    # nothing else is a move.
    state, _ = t31_state([DECK], players=3)
    err = refused(state, "hello")
    assert err.legal == ("stock", "pile", "knock")
    assert "legal: stock, pile, knock" in str(err)


def test_empty_action_text_is_refused():
    # [003] «Piochez… ou… frapper» — an empty move is none of them.
    state, _ = t31_state([DECK], players=3)
    err = refused(state, "   ")
    assert err.legal == ("stock", "pile", "knock")


def test_wrong_card_code_is_refused():
    # [003] «un jeu ordinaire de 52 cartes» — there is no eleven of hearts.
    state, chance = t31_state([DECK], players=3)
    play(state, chance, "pile")
    err = refused(state, "11H")
    assert "'11H' is not a legal action" in str(err)
    assert err.legal == ("9H", "KH", "4C", "7C")
    assert "legal: 9H, KH, 4C, 7C" in str(err)


def test_discarding_a_card_not_in_hand_is_refused():
    # [003] «puis défaussez-en une» — one of your own cards.
    state, chance = t31_state([DECK], players=3)
    play(state, chance, "pile")
    err = refused(state, "AS")
    assert "not in your hand" in str(err)
    assert err.legal == ("9H", "KH", "4C", "7C")


def test_discarding_before_drawing_is_refused():
    # [003] «Piochez la carte du dessus du talon ou celle du dessus de la défausse, puis
    # défaussez-en une.»
    state, _ = t31_state([DECK], players=3)
    err = refused(state, "KH")
    assert "draw from the stock or the pile first" in str(err)
    assert err.legal == ("stock", "pile", "knock")


def test_drawing_twice_is_refused():
    # [003] «Vous avez toujours exactement trois cartes.»
    state, chance = t31_state([DECK], players=3)
    play(state, chance, "pile")
    for text in ("stock", "pile", "knock"):
        err = refused(state, text)
        assert err.legal == ("9H", "KH", "4C", "7C")


def test_out_of_range_action_number_is_refused():
    # [003] «Piochez… puis défaussez-en une» — 999 is no action of the game.
    state, _ = t31_state([DECK], players=3)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="legal: stock, pile, knock"):
        state.apply_action(999)
    assert snapshot(state) == before


def test_notation_aliases_are_read():
    # «stock/s, pile/p, knock/k or a card code, optionally after d/discard» (string_to_action)
    state, chance = t31_state([DECK], players=3)
    play(state, chance, ["p", "d kh"])
    assert state.log[-1][0] == "discard"
    assert state.pile == parse_cards("KH")
    assert state.current_player() == 2
    play(state, chance, "frapper")
    assert state.knocker == 2


def test_bad_option_value_is_refused():
    # [003] «Mettez-vous d'accord sur les deux avant de commencer» — only agreed values (T9, T11, T1).
    with pytest.raises(OptionError):
        T31.new_initial_state(3, {"brelan": "31"})
    with pytest.raises(OptionError):
        T31.new_initial_state(3, {"lives": 0})
    with pytest.raises(OptionError):
        T31.new_initial_state(3, {"knocker_tie": "lose3"})
