"""Scenario tests: determinize(seat) must sample a state of the seat's information set — the
hidden cards moved, nothing the seat knows contradicted (State.determinize contract)."""

import random

from academie.cards import parse_card
from tests.helpers import play, t31_deck, t31_state
from tests.trente_et_un.test_stock import HANDS9, UP, draw_and_throw_back


def test_determinize_keeps_the_seats_view_and_moves_hidden_cards():
    # [003] «celle du dessus de la défausse» — a card taken from the pile stays known in a sample.
    deck = t31_deck(["2S 3S 5D", "KH 9H 4C", "7D 8D 2H"], up="7C")
    state, chance = t31_state([deck], players=3)
    play(state, chance, "pile 4C")  # seat 1 holds the 7♣, known to all
    samples = [state.determinize(0, random.Random(k)) for k in range(5)]
    for other in samples:
        assert other.view(0) == state.view(0)
        assert parse_card("7C") in other.hands[1]  # known: taken from the pile
    assert any(other.hands[1] != state.hands[1] for other in samples)


def test_determinize_after_a_reshuffle_keeps_the_known_stock():
    # T7 'reshuffle': every card of the new stock was seen face up on the discard pile.
    state, chance = t31_state([t31_deck(HANDS9, up=UP)], players=9)
    draw_and_throw_back(state, chance, 24)
    assert state.log[-1] == ("reshuffle", None, None)
    seat = state.current_player()
    other = state.determinize(seat, random.Random(1))
    assert sorted(other.stock) == sorted(state.stock)


def test_determinize_after_a_reshuffle_samples_the_hidden_hands_again_and_again():
    # Each seat's discards came from its own draws or hand; the cards nobody showed go anywhere:
    # those are counted apart, so sampling this nine-seat position is quick (it hung before).
    state, chance = t31_state([t31_deck(HANDS9, up=UP)], players=9)
    draw_and_throw_back(state, chance, 24)
    seat = state.current_player()
    view = state.view(seat)
    worlds = [state.determinize(seat, random.Random(k)) for k in range(6)]
    for other in worlds:
        assert other.view(seat) == view
        assert other.hands[seat] == state.hands[seat]
        assert sorted(other.stock) == sorted(state.stock)
    others = [t for t in range(9) if t != seat]
    assert len({tuple(tuple(sorted(w.hands[t])) for t in others) for w in worlds}) > 1


def test_determinize_does_not_keep_anothers_stock_draw_in_the_log():
    # [003] «Piochez la carte du dessus du talon» — face down: hidden from seat 0.
    deck = t31_deck(["2S 3S 5D", "KH 9H 4C", "7D 8D 2H"], up="7C", draws="QD")
    state, chance = t31_state([deck], players=3)
    play(
        state, chance, "stock"
    )  # seat 1 holds four cards, the Q♦ among them (hidden from seat 0)
    other = state.determinize(0, random.Random(0))
    drawn = [card for kind, who, card in other.log if kind == "stock" and who == 1]
    assert drawn and all(card in other.hands[1] for card in drawn)
