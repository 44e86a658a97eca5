"""The cabaret: its raises (demi-septier, chopine, pinte: the later description) and who takes
it (the best tierce still in: our reconstruction GU10, GU12)."""

from __future__ import annotations

from academie.games.guinguette import CHOPINE, DEMI_SEPTIER, PASS, PINTE
from tests.guinguette.support import deal, paid, play, refused, total

# seat 0: tierce to the 8; seat 1: none; seat 2: tierce to the jack; seat 3: tierce to the 10
HANDS = ["QD 6H 7H 8H", "AS 6S JC KC", "9D 10D JD KH", "7S 8S 9S 10S"]
STAY = ["stay"] * 4


def test_with_nothing_to_hold_a_player_passes_or_raises_by_a_wine_measure():
    state, chance = deal(HANDS)
    play(state, chance, STAY)
    assert state.phase == "cabaret" and state.current_player() == 3
    assert state.legal_actions() == [PASS, DEMI_SEPTIER, CHOPINE, PINTE]
    assert "there is no raise to hold" in str(refused(state, "hold"))


def test_a_demi_septier_is_one_a_chopine_two_a_pinte_four():
    # the later source: « un demi-septier » one counter put in the cabaret as a renvi on what it
    # holds, « une chopine » two, « une pinte » four
    for word, amount in (("demi-septier", 1), ("chopine", 2), ("pinte", 4)):
        state, chance = deal(HANDS)
        play(state, chance, [*STAY, word])
        assert state.match.pots["cabaret"] == 4 + amount
        assert paid(state, f"a {word}, a raise of the cabaret") == [(3, "cabaret", amount)]


def test_after_a_raise_the_others_hold_or_drop_and_the_best_tierce_in_takes_the_cabaret():
    # GU12 (ours, after Brelan's renvi): hold (put as much) or drop; a raiser may raise once
    state, chance = deal(HANDS)
    play(state, chance, [*STAY, "chopine", "pinte"])  # seat 3 +2; seat 2 holds 2 and raises 4
    assert state.level == 6 and state.put == [0, 0, 6, 2]
    assert "there is a raise: hold it or drop" in str(refused(state, "pass"))
    play(state, chance, ["drop", "hold"])  # seat 1 drops, seat 0 holds 6
    assert state.current_player() == 3
    assert "you have raised once already" in str(refused(state, "pinte"))
    play(state, chance, ["hold"])  # seat 3 holds 4 more; every raise held: the showdown
    result = state.results[-1]
    assert result.in_cabaret == (0, 2, 3) and result.tierces == (8, 0, 11, 10)
    assert ("cabaret", 2, "the best") in result.winners
    assert paid(state, "the cabaret basket to the best tierce") == [("cabaret", 2, 4 + 6 + 6 + 6)]
    assert total(state) == 120 and state.match.pots["cabaret"] == 0


def test_a_player_who_drops_keeps_his_claim_to_the_other_baskets():
    state, chance = deal(HANDS)
    play(state, chance, [*STAY, "demi-septier", "hold", "hold", "drop"])  # seat 0, with the Q♦, drops
    result = state.results[-1]
    assert 0 not in result.in_cabaret
    assert ("guinguette", 0, "holds the Q♦") in result.winners


def test_the_last_one_in_takes_the_cabaret_unseen():
    hands = ["QD 6H 9H KH", "AS 6S JC KC", "9D 7D JD KD", "7S 8S JS 10S"]  # no tierce at all
    state, chance = deal(hands)
    play(state, chance, [*STAY, "pinte", "drop", "drop", "drop"])
    assert ("cabaret", 3, "the others dropped") in state.results[-1].winners
    assert paid(state, "the cabaret basket to the last one in") == [("cabaret", 3, 8)]


def test_with_no_tierce_the_cabaret_stays():
    hands = ["QD 6H 9H KH", "AS 6S JC KC", "9D 7D JD KD", "7S 8S JS 10S"]
    state, chance = deal(hands, deals=2)
    play(state, chance, [*STAY, "pass", "pass", "pass", "pass"])
    assert state.results[0].winners[1] == ("cabaret", None, "no tierce wins (nobody has one)")
    assert state.match.pots["cabaret"] == 4 + 4  # carried, and staked again


def test_equal_tierces_go_to_the_eldest_or_stay():
    # GU10 (ours): the eldest of equals (as the Guimbarde's point), or nobody (as at Belle-Flux)
    hands = ["QD 6C 9H KH", "8H 9H 10H KC", "9D 7D JD KD", "8S 9S 10S AS"]
    hands[0] = "QD 6C 9C KH"
    state, chance = deal(hands)
    play(state, chance, [*STAY, "pass", "pass", "pass", "pass"])
    assert state.results[-1].winners[1] == ("cabaret", 3, "the best, the eldest of equals")
    state, chance = deal(hands, ties="carry")
    play(state, chance, [*STAY, "pass", "pass", "pass", "pass"])
    assert state.results[-1].winners[1][1] is None and state.match.pots["cabaret"] == 4
