"""Exact figures against small cases worked by hand (binomials written out)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from academie.analysis.exact import belle_flux, blason, guimbarde, reversis, trente_et_un
from academie.analysis.exact.combin import ordered_hands, suit_collections, threshold_choices
from academie.games.blason.board import GOAL

C3 = comb(52, 3)  # 22,100 three-card hands


def test_two_face_up_cards_tie_for_the_belle_when_of_one_rank():
    # the second card matches the first's rank: 3 of the 51 cards left
    b = belle_flux.belle(2, "king_high", "carry")
    assert b["tie"] == Fraction(3, 51) and b["outright"] == Fraction(48, 51)
    assert b["carried"] == b["tie"]
    assert belle_flux.belle(2, "ace_high", "carry") == b  # the order changes who wins, not how often
    assert belle_flux.belle(5, "king_high", "eldest_wins")["carried"] == 0


def test_three_face_up_cards_all_different_ranks_or_not():
    # a unique highest card among 3: P = sum over ranks r of 4 × C(cards below r, 2) / C(52, 3)
    by_hand = sum(4 * comb(4 * k, 2) for k in range(13)) / Fraction(C3)
    assert belle_flux.belle(3)["outright"] == by_hand


def test_flux_for_two_players_by_inclusion_exclusion():
    p = Fraction(4 * comb(13, 3), C3)  # one hand of one suit: 22/425
    assert p == Fraction(22, 425)
    both = p * Fraction(3 * comb(13, 3) + comb(10, 3), comb(49, 3))  # the second in a suit or the same
    f = belle_flux.flux(2)
    assert f["any"] == 2 * p - both
    assert f["outright"] + f["tie"] == f["any"]
    assert f["carried"] == 1 - f["outright"]
    assert belle_flux.flux(2, "eldest_wins")["carried"] == 1 - f["any"]
    assert sum(f["best"].values()) == f["any"]
    # the best flux is 31 (A and two ten-cards of one suit) for at least one of two players
    one = Fraction(4 * comb(4, 2), C3)
    assert f["best"][31] == 2 * one - one * Fraction(3 * comb(4, 2), comb(49, 3))


def test_first_three_cards_against_thirty_one():
    d = belle_flux.trente_un(False)
    # 31 = A A 9 (C(4,2) × 4) or A + two ten-cards (4 × C(16,2)); over 31 = A A + a ten-card or ace
    assert d[31] == Fraction(comb(4, 2) * 4 + 4 * comb(16, 2), C3)
    assert sum(p for v, p in d.items() if v > 31) == Fraction(comb(4, 2) * 16 + comb(4, 3), C3)
    assert sum(d.values()) == 1
    one_suit = belle_flux.trente_un(True)
    assert one_suit[31] == Fraction(4 * comb(4, 2), C3) and max(one_suit) == 31


def test_trente_et_un_values_and_brelan():
    off, half = trente_et_un.values("off"), trente_et_un.values("30.5")
    assert off[31] == Fraction(4 * comb(4, 2), C3) == Fraction(6, 5525)
    assert half[30.5] == Fraction(13 * 4, C3)  # every brelan: 13 ranks × C(4, 3)
    assert sum(off.values()) == sum(half.values()) == 1
    assert min(off) == 2 and off[2] == Fraction(comb(4, 3), C3)  # three twos of three suits: 2


def test_thirty_one_dealt_to_two_players():
    t = trente_et_un.thirty_one(2)
    one = Fraction(24, C3)
    both = one * Fraction(3 * 6, comb(49, 3))  # the second 31 in another suit (the ace is used)
    assert t["one"] == one and t["two"] == both and t["anyone"] == 2 * one - both


def test_suit_local_counting_on_a_small_suit():
    # 6 cards: 20 triples, 10 ways to split them into two disjoint triples
    counts = suit_collections(list(range(6)), lambda t: 1)
    assert counts[(1, 1, 1)] == 20 and counts[(2, 1, 2)] == 10
    assert threshold_choices(counts, 1)[(0, 2)] == 20  # ordered pairs for two given players
    assert ordered_hands(2, 6) == 20 * 1


def test_reversis_quinola_unguarded():
    q = reversis.quinola(11, 48)
    assert q["holds"] == Fraction(11, 48)
    assert q["unguarded"] == Fraction(comb(36, 10), comb(48, 11))  # J♥ and ten of the 36 non-hearts
    assert sum(reversis.hearts(11, 48).values()) == 1
    talon = reversis.talon_values(3, 48, later=False)
    assert talon[0] == Fraction(comb(48 - 16, 3), comb(48, 3))  # no ace, king, queen nor jack
    big = reversis.talon_values(7, 48, False)  # by dynamic programming: C(48, 7) talons
    assert max(big) == 32 and big[32] == Fraction(comb(4, 3), comb(48, 7))  # four aces, three kings


def test_guimbarde_boxes_by_hand():
    b = guimbarde.boxes(4)
    assert b["card_dealt"] == Fraction(20, 32)
    assert b["mariage"] == 4 * Fraction(comb(30, 3), comb(32, 5))
    lengths = guimbarde.point_lengths(32)
    assert lengths[5] == Fraction(4 * comb(8, 5), comb(32, 5))
    assert sum(lengths.values()) == 1
    # no point at all: shapes 2-2-1-0 (12 arrangements) and 2-1-1-1 (4)
    none = 12 * comb(8, 2) ** 2 * 8 + 4 * comb(8, 2) * 8 ** 3
    assert lengths[0] == Fraction(none, comb(32, 5))
    assert guimbarde.nobody_has_point(3) < lengths[0] ** 3 + Fraction(1, 10)
    assert sum(guimbarde.trumps(32).values()) == 1


@pytest.mark.parametrize("dice, square, p", [("d12", 1, Fraction(1, 12)), ("2d6", 2, Fraction(1, 36))])
def test_blason_squares_reached_only_by_the_first_throw(dice, square, p):
    # a token leaves the start on its first throw and never comes back below 2 (58 sends it to 1)
    chain = blason.Chain.of({"dice": dice})
    assert chain.landing_probability(square) == pytest.approx(float(p), abs=1e-12)


def test_blason_chain_is_consistent():
    chain = blason.Chain.of({})
    dist = chain.distribution()
    assert sum(dist) == pytest.approx(1, abs=1e-9)
    assert sum(k * p for k, p in enumerate(dist, 1)) == pytest.approx(chain.expected_throws(), rel=1e-6)
    turns = chain.distribution(turns=True)
    assert sum(k * p for k, p in enumerate(turns, 1)) == pytest.approx(chain.expected_turns(), rel=1e-6)
    assert chain.landing_probability(GOAL) == pytest.approx(1)
    # stop: from 62 any throw ends the race
    stop = blason.Chain.of({"exact_finish": "stop"})
    assert stop.finish[1 + 62] == pytest.approx(1)
    assert chain.first_nine[blason.START] == pytest.approx(4 / 36)
