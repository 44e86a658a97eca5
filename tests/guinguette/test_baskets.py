"""The guinguette basket (the Q♦: source 004; who takes it, GU5) and the cotillon basket (the
best count: our reconstruction GU8–GU10)."""

from __future__ import annotations

from academie.cards import parse_card
from tests.guinguette.support import deal, paid, play, refused

HANDS = ["QD 6H 7H 8H", "AS 6S JC KC", "9D 10D JD KH", "7S 8S 9S 10S"]
STAY = ["stay"] * 4
PASSES = ["pass"] * 4


def test_the_holder_of_the_queen_of_diamonds_takes_the_guinguette_basket():
    # [004] «La guinguette est la dame de carreau»; GU5 (ours): its holder at the showdown
    state, chance = deal(HANDS)
    play(state, chance, STAY + PASSES)
    assert paid(state, "the guinguette basket to the QD") == [("guinguette", 0, 4)]


def test_the_guinguette_may_be_stirred_in():
    # seat 1 gives up the A♠ and takes the Q♦ from the cotillon
    hands = ["KD 6H 7H 8H", "AS 6S JC KC", "9D 10D JD KH", "7S 8S 9S 10S"]
    state, chance = deal(hands, draws="QD")
    play(state, chance, ["stay", "stay", "AS", "stay", "stay"] + PASSES)
    assert state.results[-1].winners[0] == ("guinguette", 1, "holds the Q♦")


def test_a_guinguette_in_the_stock_leaves_its_basket_for_the_next_deal():
    hands = ["KD 6H 7H 8H", "AS 6S JC KC", "9D 10D JD KH", "7S 8S 9S 10S"]
    state, chance = deal(hands, deals=2)
    play(state, chance, STAY + PASSES)
    assert state.results[0].winners[0] == ("guinguette", None, "nobody holds the Q♦")
    assert state.match.pots["guinguette"] == 8


def test_shown_at_the_deal_the_guinguette_is_taken_at_once_and_kept():
    # GU5 'deal' (ours, as the Guimbarde's boxes): shown and taken after the deal
    state, chance = deal(HANDS, guinguette_when="deal")
    assert state.shown == (0, parse_card("QD"))
    assert paid(state, "shown at the deal") == [("guinguette", 0, 4)]
    for seat in range(4):
        assert state.view(seat).shown == (0, parse_card("QD"))
    play(state, chance, ["stay", "stay", "stay"])
    assert "QD" not in state.legal_action_strings()
    assert "the guinguette you showed stays in your hand" in str(refused(state, "QD"))


def test_the_best_count_takes_the_cotillon_basket():
    # GU8 'total' (ours): ace 1, figures 10; seat 1 counts 1 + 6 + 10 + 10 = 27, seat 2 39
    state, chance = deal(HANDS, draws="KS")
    play(state, chance, ["stay", "stay", "stay", "6H", "stay"] + PASSES)  # seat 0 stirs: 6H for KS
    result = state.results[-1]
    assert result.counts == (35, 27, 39, 34)
    assert result.winners[2] == ("cotillon", 2, "the best")
    assert paid(state, "the cotillon basket to the best count") == [("cotillon", 2, 4 + 2)]


def test_the_best_count_in_one_suit_is_a_reading():
    # GU8 'suit_point': seat 3's four spades count 34
    state, chance = deal(HANDS, cotillon_award="suit_point")
    play(state, chance, STAY + PASSES)
    assert state.results[-1].counts == (21, 20, 29, 34)
    assert state.results[-1].winners[2][1] == 3


def test_only_the_stirrers_may_claim_the_cotillon_as_a_reading():
    # GU9 'stirrers': seat 1 alone stirred, so it is his whatever his count
    state, chance = deal(HANDS, draws="AH", cotillon_contest="stirrers")
    play(state, chance, ["stay", "stay", "KC", "stay", "stay"] + PASSES)
    assert state.results[-1].in_cotillon == (1,)
    assert state.results[-1].winners[2] == ("cotillon", 1, "the only claimant")
    state, chance = deal(HANDS, cotillon_contest="stirrers", deals=2)
    play(state, chance, STAY + PASSES)
    assert state.results[0].winners[2] == ("cotillon", None, "nobody claims it")


def test_equal_counts_go_to_the_eldest_or_stay():
    hands = ["KD 10H 7H 8H", "AS 6S JC KC", "9D 10D JD 6D", "KS 8S 9S 8C"]  # seats 0, 2 and 3 count 35
    state, chance = deal(hands)
    play(state, chance, STAY + PASSES)
    assert state.results[-1].winners[2] == ("cotillon", 3, "the best, the eldest of equals")
    state, chance = deal(hands, ties="carry")
    play(state, chance, STAY + PASSES)
    assert state.results[-1].winners[2][1] is None
