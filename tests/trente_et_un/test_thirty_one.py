"""Scenario tests: the immediate 31 (source 003, « Trente et un immédiat »; REFERENCE T2, T3, T4)."""

import pytest

from academie.cards import parse_cards
from academie.games.trente_et_un.state import DISCARDING
from tests.helpers import play, t31_deck, t31_state

JUNK = ["2S 3S 5D", "7C 8D 2H", "4C 6D 9S"]


def test_31_after_a_discard_ends_the_round_and_every_other_player_loses_a_life():
    # [003] «montrez-les aussitôt. Le tour s'arrête et tous les autres perdent une vie.»
    deck = t31_deck(["2S 3S 5D", "AH KH 4C", "7C 8D 2H", "4S 6D 9S"], up="QH")
    state, chance = t31_state([deck], players=4)
    play(state, chance, "pile 4C")
    result = state.results[0]
    assert (result.ending, result.shown_by, result.knocker) == ("thirty_one", 1, None)
    assert list(result.hands) == [1]  # only the 31 is shown
    assert sorted(result.hands[1]) == sorted(parse_cards("AH KH QH"))
    assert result.lives_lost == {0: 1, 2: 1, 3: 1}
    assert state.match.lives == [2, 3, 2, 2]
    # the round stopped: seats 2 and 3 never played; the next deal has begun
    assert state.match.deal_number == 1
    assert state.match.dealer == 1


def test_31_made_with_a_stock_draw_ends_the_round():
    # [003] «Si vous détenez à un moment trois cartes d'une même couleur totalisant exactement 31»
    deck = t31_deck(["2S 3S 5D", "AD 4C 10D", "7C 8D 2H"], up="9S", draws="JD")
    state, chance = t31_state([deck], players=3)
    play(state, chance, "stock 4C")
    assert state.results[0].ending == "thirty_one"
    assert state.results[0].lives_lost == {0: 1, 2: 1}


def test_31_is_checked_on_three_cards_after_the_discard_not_on_four():
    # [003] «Vous avez toujours exactement trois cartes.» (T4: checked after the discard)
    deck = t31_deck(["2S 3S 5D", "AH KH 4C", "7C 8D 2H"], up="QH")
    state, chance = t31_state([deck], players=3)
    play(state, chance, "pile")
    assert state.phase == DISCARDING and state.results == []
    # keeping A♥ Q♥ 4♣ (21) instead of the 31: no 31, the round goes on
    play(state, chance, "KH")
    assert state.results == []
    assert state.current_player() == 2


def test_dealt_31_is_shown_at_once_and_the_others_lose_a_life():
    # [003] «Si vous détenez à un moment trois cartes… totalisant exactement 31, montrez-les
    # aussitôt.» (T3)
    deck = t31_deck(["2S 3S 5D", "7C 8D 2H", "AS KS JS"], up="9D")
    state, _ = t31_state([deck, t31_deck(JUNK, up="9D", dealer=1)], players=3)
    result = state.results[0]
    assert (result.ending, result.shown_by) == ("dealt_thirty_one", 2)
    assert result.lives_lost == {0: 1, 1: 1}
    assert state.match.lives == [2, 2, 3]
    assert state.match.dealer == 1


@pytest.mark.parametrize(
    ("option", "lost"),
    [("first_shows", {0: 1, 1: 1}), ("all_safe", {1: 1})],
    ids=["first_shows", "all_safe"],
)
def test_two_players_dealt_31(option, lost):
    # T3: first holder in turn order from the dealer's left shows; a second holder loses a life
    # (first_shows), or every holder is safe (all_safe).
    # Dealer 0: the order is 1, 2, 0 — seat 2 holds 31 before seat 0 in that order.
    deck = t31_deck(["AH KH QH", "7C 8D 2H", "AS KS JS"], up="9D")
    state, _ = t31_state(
        [deck, t31_deck(JUNK, up="9D", dealer=1)], players=3, dealt_thirty_one=option
    )
    result = state.results[0]
    assert (result.ending, result.shown_by) == ("dealt_thirty_one", 2)
    assert result.lives_lost == lost


@pytest.mark.parametrize(
    ("option", "lost"),
    [("others_lose_1", {0: 1, 1: 1}), ("knocker_loses_2", {0: 1, 1: 2})],
    ids=["others_lose_1", "knocker_loses_2"],
)
def test_31_shown_after_a_knock(option, lost):
    # [003] «tous les autres perdent une vie» applies after a knock too (T2); variant: the
    # knocker loses two.
    deck = t31_deck(["2S 3S 5D", "7C 8D 2H", "AS KS 4C"], up="QS")
    state, chance = t31_state([deck], players=3, thirty_one_after_knock=option)
    play(state, chance, "knock pile 4C")
    result = state.results[0]
    assert (result.ending, result.shown_by, result.knocker) == ("thirty_one", 2, 1)
    assert result.lives_lost == lost
