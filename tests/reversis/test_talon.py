"""Scenario tests: the talon — who wins it (fewest points, then fewest tricks, then the dealer
and his left; no trick beats all), what it is worth, who pays it (source 001; REFERENCE.md §2
rules 24–27, R6–R8, §2(d))."""

import pytest

from academie.games.reversis.rules import talon_value
from tests.reversis.support import (
    FORCED,
    PAYTIE,
    QUIET,
    SCALE,
    TIE02,
    TIE13,
    ZERO,
    Deal,
    cards,
    entries,
    rotated,
    run,
)


def settled(state):
    r = state.results[-1]
    return r.talon_winner, r.talon_payers, r.talon_value


def test_the_talon_is_worth_five_per_ace_four_per_king_three_per_queen_two_per_jack():
    # [001] «Le talon se paye sur la valeur des cartes qu'il contient, & cette valeur en ce cas,
    # est de cinq pour les as, quatre pour les rois, trois pour les dames, & deux pour les valets»
    assert talon_value(cards("AS KH QC JD")) == 14
    assert talon_value(cards("9S 8H 2C 7D")) == 0
    state = run(QUIET)
    assert state.results[-1].talon == cards("JH AS AC AD")
    assert state.results[-1].talon_value == 17


def test_fewest_points_wins_the_talon_and_most_points_pays_it():
    # [001] «Si celui qui a fait, leve moins de cartes que les autres, & si dans ces cartes il n'y
    # a ni as, ni roi, ni dame, ni valet… il gagne le talon» (R8: the most points pays)
    state = run(QUIET)
    assert state.results[-1].points == (0, 8, 9, 10)
    assert settled(state) == (0, (3,), 17)
    assert entries(state, "the talon") == [(3, 0, 17)]
    assert state.match.counters == [115, 98, 98, 81]


def test_equal_points_the_fewer_tricks_wins():
    # R6: «winner of the talon = fewest points; tie → fewer tricks» — seats 2 and 3 have no point,
    # seat 2 one trick, seat 3 two.
    state = run(FORCED)
    r = state.results[-1]
    assert (r.points[2], r.points[3], r.tricks[2], r.tricks[3]) == (0, 0, 1, 2)
    assert r.talon_winner == 2


def test_equal_points_and_tricks_the_dealer_wins():
    # [001] «Lorsque deux joueurs sont égaux, le plus près de celui qui a fait à gauche, gagne le
    # talon» (§2(d): «gewinnt der Kartengeber») — seats 0 (dealer) and 2: no point, two tricks.
    state = run(TIE02)
    r = state.results[-1]
    assert (r.points, r.tricks) == ((0, 20, 0, 7), (2, 4, 2, 3))
    assert settled(state) == (0, (1,), 17)


def test_equal_points_and_tricks_the_nearest_on_the_dealers_left_wins():
    # [001] «le plus près de celui qui a fait à gauche» — seats 1 and 3 tie; seat 1 is the
    # dealer's left (he dealt before him).
    state = run(TIE13)
    r = state.results[-1]
    assert (r.points, r.tricks) == ((19, 0, 8, 0), (4, 2, 3, 2))
    assert settled(state) == (1, (0,), 17)


def test_the_dealers_left_follows_the_deal_round_the_table():
    # [001] «le plus près de celui qui a fait à gauche» — in the second deal seat 3 deals:
    # seats 0 and 2 tie, seat 0 is his left.
    state = run([QUIET, rotated(TIE13, 3)])
    r = state.results[-1]
    assert r.points == (0, 8, 0, 19)
    assert r.talon_winner == 0


def test_with_clockwise_play_the_tie_goes_to_the_previous_dealer():
    # R6: «nearest to the dealer's left = the player who dealt the previous hand»; with the
    # clockwise option the previous dealer is seat 3.
    deal = Deal(tricks=TIE13.tricks, talon=TIE13.talon, ecart={0: "AD"}, step=1)
    state = run(deal, direction="clockwise")
    r = state.results[-1]
    assert (r.points, r.tricks) == ((19, 0, 8, 0), (4, 2, 3, 2))
    assert r.talon_winner == 3


def test_a_player_with_no_trick_beats_one_with_tricks_and_no_point():
    # [001] «mais celui qui n'a point de levée, l'emporte sur lui, quoiqu'il n'ait point de
    # cartes qui marquent» — the dealer took one trick without a point; seats 1 and 2 none.
    state = run(ZERO)
    r = state.results[-1]
    assert (r.tricks, r.points[0]) == ((1, 0, 0, 10), 0)
    assert settled(state) == (1, (3,), 15)


def test_equal_most_points_the_first_from_the_dealers_right_pays():
    # [001] «s'il y a égalité de point, c'est au premier à le payer» (R8: seats 3 and 1 have 10)
    state = run(PAYTIE)
    assert state.results[-1].points == (0, 10, 7, 10)
    assert settled(state) == (0, (3,), 17)
    assert state.match.counters == [115, 98, 98, 81]


def test_every_other_player_pays_the_talon_with_talon_payer_all_others():
    # R8 option: «every other player pays the winner» (Wikipedia's earliest form)
    state = run(PAYTIE, talon_payer="all_others")
    assert settled(state) == (0, (3, 2, 1), 17)
    assert entries(state, "the talon") == [(3, 0, 17), (2, 0, 17), (1, 0, 17)]
    assert state.match.counters == [149, 81, 81, 81]


@pytest.mark.parametrize("scale, points", [
    ("A4K3Q2J1", (0, 8, 9, 10)),
    ("honours", (0, 4, 4, 4)),
    ("talon_scale", (0, 12, 13, 14)),
])
def test_trick_points_are_counted_by_the_agreed_scale(scale, points):
    # [001] «s'il y a moins de points dans son jeu» (R7: A4 K3 Q2 J1, honours, or A5 K4 Q3 J2)
    state = run(QUIET, trick_points=scale)
    assert state.results[-1].points == points
    assert settled(state) == (0, (3,), 17)  # with honours 1, 2 and 3 tie: the first pays


@pytest.mark.parametrize("scale, points, winner", [
    ("A4K3Q2J1", (3, 6, 4, 26), 0),  # J♠ J♦ J♣ = 3 beats the A♠ = 4
    ("honours", (3, 2, 1, 9), 2),  # the lone A♠ is one honour against three jacks
    ("talon_scale", (6, 8, 5, 35), 2),  # A♠ = 5 beats three jacks = 6
])
def test_the_scale_decides_who_wins_the_talon(scale, points, winner):
    # [001] «ni as, ni roi, ni dame, ni valet, ou même s'il y en a moins qu'ailleurs» (R7)
    state = run(SCALE, trick_points=scale)
    r = state.results[-1]
    assert r.points == points
    assert (r.talon_winner, r.talon_payers) == (winner, (3,))
