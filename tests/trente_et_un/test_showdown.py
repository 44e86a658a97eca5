"""Scenario tests: the showdown after a knock (source 003, « Frapper »; REFERENCE T1, T9)."""

import pytest

from tests.helpers import play, t31_deck, t31_state

# Dealer 0; seat 1 knocks, seats 2 and 0 take the 6♣ and throw it back: hands are compared as dealt.
KNOCK_ROUND = "knock pile 6C pile 6C"


def showdown(hands, **options):
    state, chance = t31_state([t31_deck(hands, up="6C")], players=3, **options)
    play(state, chance, KNOCK_ROUND)
    return state


def test_lowest_total_loses_one_life():
    # [003] «Le total le plus bas perd une vie.»
    state = showdown(["7S 8S 2D", "KH 9H 4C", "2S 3D 5C"])  # 15, 19 (knocker), 5
    assert state.results[0].lives_lost == {2: 1}
    assert state.match.lives == [3, 3, 2]


def test_players_tied_for_lowest_each_lose_one_life():
    # [003] «Si plusieurs joueurs sont à égalité pour le total le plus bas, chacun d'eux perd une
    # vie.» (T9: equal totals are equal, no tie-break by suit)
    state = showdown(["7S 8S 2D", "KH 9H 4C", "7D 8D 2S"])  # 15, 19 (knocker), 15
    assert state.results[0].values == {0: 15, 1: 19, 2: 15}
    assert state.results[0].lives_lost == {0: 1, 2: 1}
    assert state.match.lives == [2, 3, 2]


def test_knocker_alone_lowest_loses_two_lives():
    # [003] «Celui qui a frappé et se révèle avoir le total le plus bas en perd deux.»
    state = showdown(["7S 8S 2D", "2H 3H 4C", "7D 8D 2S"])  # 15, 5 (knocker), 15
    assert state.results[0].lives_lost == {1: 2}
    assert state.match.lives == [3, 1, 3]


@pytest.mark.parametrize(
    ("option", "lost"),
    [("lose2", {1: 2, 2: 1}), ("safe", {2: 1}), ("lose1", {1: 1, 2: 1})],
    ids=["lose2", "safe", "lose1"],
)
def test_knocker_tied_for_lowest(option, lost):
    # T1: «Celui qui a frappé et se révèle avoir le total le plus bas en perd deux» read
    # literally (lose2, default), knocker wins ties (safe), or loses one like the others (lose1).
    # totals 15, 12 (knocker), 12
    state = showdown(["7S 8S 4D", "KH 2H 3C", "JD 2D 3S"], knocker_tie=option)
    assert state.results[0].values == {0: 15, 1: 12, 2: 12}
    assert state.results[0].lives_lost == lost
