"""« Remuer le cotillon »: a paid, hidden one-card exchange (the later description; GU6)."""

from __future__ import annotations

from academie.cards import card_code, parse_card
from tests.guinguette.support import deal, paid, play, refused, total

HANDS = ["QD 6H 7H 8H", "AS 6S JC KC", "9D 10D JD KH", "7S 8S 9S 10S"]


def codes(cards):
    return sorted(card_code(c) for c in cards)


def test_stirring_gives_up_a_card_face_down_pays_two_and_takes_the_next_unseen():
    # the later source: «je remue le cotillon», two counters in the cotillon basket, the first
    # card of the shuffled stock taken without being shown
    state, chance = deal(HANDS, draws="KS")
    assert state.current_player() == 3
    before = state.match.pots["cotillon"]
    play(state, chance, ["10S"])
    assert codes(state.hands[3]) == ["7S", "8S", "9S", "KS"]
    assert state.match.pots["cotillon"] == before + 2 and state.match.counters[3] == 30 - 3 - 2
    assert paid(state, "je remue le cotillon") == [(3, "cotillon", 2)]
    assert state.aside[3] == [parse_card("10S")] and total(state) == 120
    assert state.current_player() == 2


def test_the_card_given_up_and_the_card_taken_are_hidden_from_the_others():
    state, chance = deal(HANDS, draws="KS")
    play(state, chance, ["10S"])
    mine = state.view(3)
    assert mine.my_discards == (parse_card("10S"),) and parse_card("KS") in mine.hand
    for seat in (0, 1, 2):
        view = state.view(seat)
        assert view.my_discards == () and view.stirs == (0, 0, 0, 1)
        shown = repr(view.to_json())
        assert "10S" not in shown and "KS" not in shown
    assert "10S" not in repr(state.public_view().to_json())


def test_each_player_speaks_once_from_the_eldest():
    state, chance = deal(HANDS, draws="KS AD")
    play(state, chance, ["stay", "9D", "stay", "stay"])  # seats 3, 2, 1, 0
    assert state.stirs == [0, 0, 1, 0]
    # the renvi (GU7 'stir_again') asks the stirrer only; then the cabaret
    assert state.phase == "renvi" and state.current_player() == 2
    play(state, chance, ["stay"])
    assert state.phase == "cabaret" and state.current_player() == 3


def test_only_a_card_of_your_hand_is_given_up():
    state, _ = deal(HANDS)
    err = refused(state, "QD")
    assert "not in your hand" in str(err) and "legal: stay, 7S, 8S, 9S, 10S" in str(err)
    assert "not a card code" in str(refused(state, "XX"))
    assert "there is no raise to hold" not in str(refused(state, "pinte"))


def test_the_card_given_up_may_go_back_into_the_cotillon():
    # GU6 option 'into_cotillon': shuffled back before the draw; he may take it again
    state, chance = deal(HANDS, draws="10S", discard="into_cotillon")
    play(state, chance, ["10S"])
    assert codes(state.hands[3]) == ["10S", "7S", "8S", "9S"] and state.aside == [[], [], [], []]
    assert state.view(3).my_discards == (parse_card("10S"),)
