"""Scenario tests: twelve players and a stock that runs out during the requests
(source 000; REFERENCE.md §1 B11)."""


from academie.games.belle_flux.rules import trente_un_value
from tests.belle_flux.support import card, refused
from tests.helpers import bft_deck, bft_state, play

# Twelve players, dealer 0, order 11, 10, … 0. The 36 cards dealt are all 2..10, so the stock is
# the 16 figures and aces, asked for in this order:
FIGURES = "JS QS KS AS JH QH KH AH JD QD KD AD JC QC KC AC"
# Seat points with three cards; no flux, nobody reaches exactly 31 in the scenes below.
A_HIDDEN = ["8S 8H", "9S 9H", "10S 10H", "8C 8D", "7C 7D", "9C 9D", "10C 10D", "2D 3C",
            "5S 5H", "4S 4H", "3S 3H", "2S 2H"]
A_UP = ["5D", "6D", "5C", "6S", "7S", "6C", "7H", "4C", "6H", "4D", "3D", "2C"]
# seat:   0   1   2   3   4   5   6   7   8   9  10  11
# points: 21  24  25  22  21  24  27  9   16  12  9   6
# after round 1 (one figure or ace each): 11:16 10:19 9:22 8:27 7:19, seats 6..0 over 31.
DECK_A = bft_deck(A_HIDDEN, A_UP, extra=FIGURES)


def test_twelve_players_leave_sixteen_cards_for_the_requests():
    # [000] «depuis deux jusqu'à dix ou douze personnes» with «52 cartes»: 36 dealt.
    state, chance = bft_state([DECK_A], players=12, deals=1)
    assert len(state.stock) == 16
    play(state, chance, ["ask"] * 12)
    assert len(state.stock) == 4
    assert state.extra[11] == [card("JS")] and state.extra[0] == [card("AD")]


def test_stock_exhausted_showdown_the_empty_stock_ends_the_requests():
    # B11 default: when the stock is empty no more cards are given; the hands are compared.
    state, chance = bft_state([DECK_A], players=12, deals=1)
    play(state, chance, ["ask"] * 12)
    assert state.current_player() == 11  # a second round: 4 cards for whoever asks first
    play(state, chance, "ask ask ask ask")  # seats 11, 10, 9, 8 take J♣ Q♣ K♣ A♣
    assert state.stock == []
    assert state.current_player() == 7
    assert state.view(7).point == 19
    assert state.legal_action_strings() == ["stand"]
    err = refused(state, "ask")
    assert err.legal == ("stand",)
    play(state, chance, ["stand"] * 8)
    assert state.is_terminal()
    result = state.results[-1]
    assert {s: result.points[s] for s in (11, 10, 9, 8, 7)} == {11: 26, 10: 29, 9: 32, 8: 38,
                                                                 7: 19}
    assert result.trente_un == 10


def test_stock_exhausted_whole_rounds_stops_a_round_the_stock_cannot_finish():
    # B11 option whole_rounds: 4 cards left, five players under 31 could ask — no new round.
    state, chance = bft_state([DECK_A], players=12, deals=1, stock_exhausted="whole_rounds")
    play(state, chance, ["ask"] * 12)
    assert state.is_terminal()
    result = state.results[-1]
    assert len(state.stock) == 4
    assert {s: result.points[s] for s in (11, 10, 9, 8, 7)} == {11: 16, 10: 19, 9: 22, 8: 27,
                                                                 7: 19}
    assert result.trente_un == 8


# Only four players stay under 31 after round 1 (seats 11, 10, 9, 7 at 19); the eight others
# (22 or 23 with three cards) are over after one figure or ace.
B_HIDDEN = ["9C 8S", "9D 8C", "9H 8D", "9S 8H", "10C 7S", "10D 7C", "10H 7D", "2C 3S",
            "10S 7H", "2D 3C", "2H 3D", "2S 3H"]
B_UP = ["6H", "6S", "6C", "6D", "5H", "5S", "5C", "4H", "5D", "4S", "4C", "4D"]
DECK_B = bft_deck(B_HIDDEN, B_UP, extra=FIGURES)


def hand_point(state, seat):
    return trente_un_value(state.hidden[seat] + [state.up[seat]] + state.extra[seat])


def test_whole_rounds_plays_a_round_when_the_stock_suffices_for_those_who_can_ask():
    # B11 whole_rounds (option doc): «also stops a round of requests the stock cannot finish,
    # so nobody gets a card the others asking could not» — here the stock can finish it.
    state, chance = bft_state([DECK_B], players=12, deals=1, stock_exhausted="whole_rounds")
    play(state, chance, ["ask"] * 12)
    assert [hand_point(state, s) for s in (11, 10, 9, 7)] == [19, 19, 19, 19]
    assert all(hand_point(state, s) > 31 for s in (8, 6, 5, 4, 3, 2, 1, 0))
    assert len(state.stock) == 4
    # expected: a second round in which 11, 10, 9 and 7 each get one of the four cards
    assert not state.is_terminal()
    play(state, chance, "ask ask ask stand ask")  # seat 8 (over 31) stands
    play(state, chance, ["stand"] * 7)
    assert state.results[-1].points[7] == 30
    assert state.results[-1].trente_un == 7

