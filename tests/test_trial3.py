"""Faults found by a new player's trial of ``academie play``: what the table shows while you hold
four cards, the points taken at Reversis, the cards you receive named in your own lines (and
only there), and the Blason's special squares marked on the track."""

from __future__ import annotations

from io import StringIO

from rich.console import Console

from academie.cards import parse_card, parse_cards
from academie.cli.render import trente_et_un as t31_render
from tests.helpers import play, t31_deck, t31_state

NAMES = ["Anne", "You", "Camille"]


def _plain(renderable, width: int = 200) -> str:
    out = StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


# --- Trente et un: the value you can keep while you hold four cards --------------------------------
DECK = t31_deck(["2S 3S 5D", "KH 9H 4C", "7D 8D 2H"], up="7C", draws="QH")


def test_four_cards_show_the_value_kept_after_each_discard_and_the_best():
    state, chance = t31_state([DECK], players=3)
    play(state, chance, "stock")  # seat 1 draws the Q♥: K♥ 9♥ 4♣ Q♥
    view = state.view(1)
    assert view.hand_value is None
    assert dict(view.discard_values) == {
        parse_card("KH"): 19, parse_card("9H"): 20, parse_card("4C"): 29, parse_card("QH"): 19,
    }
    assert state.view(0).discard_values == () and state.public_view().discard_values == ()
    text = _plain(t31_render.render_turn(view, NAMES))
    assert "worth 29 once you discard 4♣" in text
    assert "Value kept if you discard: 9♥ → 20 · Q♥ → 19 · K♥ → 19 · 4♣ → 29" in text


def test_the_card_taken_from_the_pile_is_no_discard_to_value_when_it_may_not_be_discarded():
    deck = t31_deck(["2S 3S 5D", "KH 9H 4C", "7D 8D 2H"], up="QH")
    state, chance = t31_state([deck], players=3, forbid_same_discard=True)
    play(state, chance, "pile")
    values = dict(state.view(1).discard_values)
    assert parse_card("QH") not in values and values[parse_card("4C")] == 29
    assert "Q♥ →" not in _plain(t31_render.render_turn(state.view(1), NAMES))
    assert set(parse_cards("KH 9H 4C")) == set(values)
