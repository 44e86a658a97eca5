"""Scenario tests: discarding the card just taken from the pile (REFERENCE T8; the sheet does not
forbid it)."""

import pytest

from academie.cards import parse_cards
from academie.core.errors import IllegalActionError
from tests.helpers import play, t31_deck, t31_state

DECK = t31_deck(["2S 3S 5D", "KH 9H 4C", "7D 8D 2H"], up="7C", draws="QD")


def test_forbid_same_discard_refuses_the_card_just_taken_from_the_pile():
    # T8 option forbid_same_discard=True (reference.com, pagat-derived write-ups).
    state, chance = t31_state([DECK], players=3, forbid_same_discard=True)
    play(state, chance, "pile")
    assert state.legal_action_strings() == ["9H", "KH", "4C"]
    before = state.view(1), state.public_view(), list(state.history)
    with pytest.raises(IllegalActionError, match="forbid_same_discard") as err:
        state.apply_string("7C")
    assert err.value.legal == ("9H", "KH", "4C")
    assert (state.view(1), state.public_view(), list(state.history)) == before
    play(state, chance, "4C")
    assert state.pile == parse_cards("4C")


def test_forbid_same_discard_does_not_apply_to_a_stock_draw():
    # T8 concerns only the card taken from the discard pile.
    state, chance = t31_state([DECK], players=3, forbid_same_discard=True)
    play(state, chance, "stock")
    assert "QD" in state.legal_action_strings()
    play(state, chance, "QD")
    assert state.pile == parse_cards("7C QD")


def test_same_discard_allowed_by_default():
    # [003] «Piochez… celle du dessus de la défausse, puis défaussez-en une» — any one (T8 off).
    state, chance = t31_state([DECK], players=3, forbid_same_discard=False)
    play(state, chance, "pile")
    assert state.legal_action_strings() == ["9H", "KH", "4C", "7C"]
    play(state, chance, "7C")
    assert state.pile == parse_cards("7C")
    assert sorted(state.hands[1]) == sorted(parse_cards("KH 9H 4C"))
    assert state.current_player() == 2
