"""« Renvier le cotillon »: cut off in the later description; our reconstruction GU7, three
readings."""

from __future__ import annotations

from academie.cards import card_code
from academie.games.guinguette import DROP, HOLD, PASS, RENVI, STAY
from tests.guinguette.support import deal, paid, play, refused, total

HANDS = ["QD 6H 7H 8H", "AS 6S JC KC", "9D 10D JD KH", "7S 8S 9S 10S"]


def test_stir_again_lets_each_stirrer_stir_once_more_at_twice_the_fee():
    # GU7 'stir_again' (default): once all have spoken, the stirrers only, in order, for 4
    state, chance = deal(HANDS, draws="KS 6C AH")
    play(state, chance, ["10S", "stay", "AS", "stay"])  # seats 3 and 1 stir
    assert state.phase == "renvi" and state.current_player() == 3
    play(state, chance, ["KS"])  # seat 3 gives up the K♠ it took, and takes the A♥
    assert paid(state, "a second stir at twice the fee") == [(3, "cotillon", 4)]
    assert state.current_player() == 1
    play(state, chance, ["stay"])
    assert state.phase == "cabaret" and state.stirs == [0, 1, 0, 2]
    assert sorted(card_code(c) for c in state.hands[3]) == ["7S", "8S", "9S", "AH"]
    assert total(state) == 120


def test_raise_lets_a_stirrer_raise_the_cotillon_and_the_others_hold_or_give_it_up():
    # GU7 'raise' (ours, after Brelan's renvi)
    state, chance = deal(HANDS, draws="KS", renvi_cotillon="raise")
    play(state, chance, ["stay", "stay", "AS", "stay"])  # seat 1 alone stirs
    assert state.phase == "cotillon" and state.current_player() == 1
    assert state.legal_actions() == [PASS, RENVI]  # pass or renvi
    play(state, chance, ["renvi"])
    assert paid(state, "« renvier le cotillon »: a raise") == [(1, "cotillon", 2)]
    assert state.current_player() == 0 and state.legal_actions() == [HOLD, DROP]
    assert "only a cotillon raise" not in str(refused(state, "pinte"))
    play(state, chance, ["hold", "drop", "drop"])  # seat 0 holds 2; seats 3 and 2 give it up
    assert state.phase == "cabaret" and state.in_cotillon == {0, 1}
    play(state, chance, ["pass"] * 4)
    result = state.results[-1]
    assert result.in_cotillon == (0, 1)
    assert result.winners[2][1] in (0, 1)  # seat 2's 39 no longer claims it


def test_raise_is_skipped_when_nobody_stirred():
    state, chance = deal(HANDS, renvi_cotillon="raise")
    play(state, chance, ["stay"] * 4)
    assert state.phase == "cabaret"


def test_off_goes_straight_to_the_cabaret():
    state, chance = deal(HANDS, draws="KS", renvi_cotillon="off")
    play(state, chance, ["10S", "stay", "stay", "stay"])
    assert state.phase == "cabaret" and STAY not in state.legal_actions()
