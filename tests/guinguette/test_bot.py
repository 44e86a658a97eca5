"""The heuristic bot plays from its view: keeps the guinguette, stirs for a tierce, raises the
cabaret with one and drops without."""

from __future__ import annotations

from academie.bots import bot_names, make_bot
from academie.cards import parse_card
from academie.games.guinguette import CHOPINE, DROP, HOLD, PINTE, STAY, STIR
from tests.guinguette.support import deal, play

HANDS = ["QD 6H 7H 9S", "AS 6S JC KC", "9D 10D JD KH", "7S 8S 9C KS"]


def choose(state):
    seat = state.current_player()
    return make_bot("heuristic", "guinguette", seed=0).choose(state.view(seat), state.legal_actions())


def test_the_guinguette_has_a_heuristic_bot():
    assert {"heuristic", "random"} <= set(bot_names("guinguette"))


def test_it_stirs_for_a_tierce_and_never_gives_up_the_guinguette():
    state, chance = deal(HANDS, draws="10C", tierce_suits="same")
    # seat 3: 7-8 of spades to fill; of the cards that help no tierce, the 9♣ counts least
    assert choose(state) == STIR + parse_card("9C")
    play(state, chance, ["9C", "stay", "stay"])
    assert state.current_player() == 0
    action = choose(state)  # 6♥ 7♥ to fill, and the Q♦ kept
    assert action == STIR + parse_card("9S")


def test_it_stays_with_a_tierce_raises_a_pinte_with_the_jack_and_drops_without_one():
    state, chance = deal(HANDS, tierce_suits="same")
    assert choose(state) != STAY  # seat 3, no tierce
    play(state, chance, ["stay"])
    assert choose(state) == STAY  # seat 2: J-10-9 of diamonds
    play(state, chance, ["stay", "stay", "stay", "pass"])  # seat 3 passes the cabaret
    assert state.current_player() == 2 and choose(state) == PINTE
    play(state, chance, ["pinte"])
    assert state.current_player() == 1 and choose(state) == DROP  # no tierce: leave the cabaret
    play(state, chance, ["drop"])
    assert choose(state) == DROP  # seat 0: 6-7 of hearts is no tierce
    state2, chance2 = deal(["QD 6H 7H 8H", *HANDS[1:]], tierce_suits="same")
    play(state2, chance2, ["stay"] * 4 + ["pass", "pinte", "drop"])
    assert state2.current_player() == 0 and choose(state2) == HOLD  # a tierce holds the raise


def test_a_tierce_of_any_suits_by_default():
    # GU13 'any' (the default): 7♠ 8♠ 9♣ is a tierce to the 9, so seat 3 stays and raises a chopine
    state, chance = deal(HANDS)
    assert choose(state) == STAY
    play(state, chance, ["stay"] * 4)
    assert choose(state) == CHOPINE
