"""Scenario tests: the stock runs out (REFERENCE T7; the sheet is silent).

Nine players: 27 cards dealt, one turned up, 24 in the stock. Every player draws from the stock
and throws the drawn card back, so no hand changes and the 24th turn empties the stock.
"""

from academie.cards import card_code, parse_cards
from tests.helpers import play, t31_deck, t31_state

HANDS9 = [
    "AS KS 2H",  # 21
    "2S 3H 4D",  # 4: the lowest
    "AH KH 5D",
    "AD KD 5C",
    "AC KC 6S",
    "QS JS 6H",
    "QH JH 6D",
    "QD JD 6C",
    "QC JC 7S",
]
UP = "7H"


def draw_and_throw_back(state, chance, turns):
    """``turns`` turns of: draw from the stock, discard the card drawn."""
    for _ in range(turns):
        seat = state.current_player()
        play(state, chance, "stock")
        play(state, chance, card_code(state.hands[seat][-1]))


def test_nine_players_leave_24_cards_in_the_stock():
    # [003] «De deux à neuf joueurs avec un jeu ordinaire de 52 cartes.» / «Trois cartes chacun.»
    state, _ = t31_state([t31_deck(HANDS9, up=UP)], players=9)
    assert len(state.stock) == 24


def test_stock_exhausted_reshuffle_turns_the_discard_pile_but_its_top_into_a_new_stock():
    # T7 default 'reshuffle': «shuffle the discard pile except its top card to form a new stock»
    deck = t31_deck(HANDS9, up=UP)
    # after the reshuffle the next stock draw is the old up card, now back in the stock
    state, chance = t31_state([deck + [UP]], players=9, stock_exhausted="reshuffle")
    draw_and_throw_back(state, chance, 23)
    assert len(state.stock) == 1
    draw_and_throw_back(state, chance, 1)
    assert state.results == []  # no showdown: the round goes on
    assert state.log[-1] == ("reshuffle", None, None)
    assert state.pile == parse_cards(deck[51])  # the top card stays
    assert sorted(state.stock) == sorted(parse_cards([UP] + deck[28:51]))
    assert state.public_view().stock_count == 24
    seat = state.current_player()
    assert seat == (1 + 24) % 9
    assert state.legal_action_strings() == ["stock", "pile", "knock"]
    play(state, chance, "stock")
    assert state.hands[seat][-1] == parse_cards(UP)[0]


def test_stock_exhausted_end_round_compares_hands_when_the_stock_is_empty():
    # T7 option 'end_round': the round ends and hands are compared; [003] «Le total le plus
    # bas perd une vie.»
    state, chance = t31_state(
        [t31_deck(HANDS9, up=UP)], players=9, stock_exhausted="end_round"
    )
    draw_and_throw_back(state, chance, 23)
    assert state.results == []
    draw_and_throw_back(state, chance, 1)
    result = state.results[0]
    assert (result.ending, result.knocker) == ("stock_exhausted", None)
    assert result.values[1] == 4
    assert result.lives_lost == {1: 1}
    assert state.match.lives == [3, 2, 3, 3, 3, 3, 3, 3, 3]
