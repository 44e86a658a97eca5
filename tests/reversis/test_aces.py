"""Scenario tests: the aces — thrown on a renounce, forced out, led; the ace of hearts double
(source 001; REFERENCE.md §2 rules 22, 23, R11, R13)."""

from tests.helpers import play
from tests.reversis.support import (
    ACE_ALONE,
    ACE_ALONE_TALON,
    ACES,
    QUIET,
    SLAM,
    dealt,
    entries,
    run,
    start,
    to_trick,
)


def ace_entries(state):
    return entries(state, "on a renounce [001] «on gagne") + entries(state, "forced out")


def test_an_ace_thrown_on_a_renounce_wins_the_fee_from_the_trick_winner():
    # [001] «Quand on jette un as en renonce sur une autre couleur, on gagne de celui qui leve,
    # ce que l'on est convenu» — seat 1 throws the A♣ on seat 3's A♥.
    state, _ = to_trick(SLAM, 2)
    assert entries(state, "AC on a renounce") == [(3, 1, 1)]


def test_the_ace_of_hearts_on_a_renounce_wins_double():
    # [001] «On gagne le double pour l'as de cœur jetté en renonce» — seat 2 throws it on
    # trick 2 (spades), won by seat 1.
    state, _ = to_trick(ACES, 3)
    assert entries(state, "AH on a renounce") == [(1, 2, 2)]


def test_an_ace_forced_out_pays_the_forcer():
    # [001] «Un joueur qui est forcé de lâcher l'as de la couleur jouée, paye à celui qui l'y
    # force, ce qu'il en auroit reçu» — seat 0's only club is the A♣; seat 1 led (R11).
    state, _ = to_trick(ACES, 4)
    assert entries(state, "AC forced out") == [(0, 1, 1)]


def test_the_ace_of_hearts_forced_out_pays_double():
    # [001] «L'as de cœur gagne encore le double dans ce cas» — seat 2's only heart is the A♥.
    state, chance = dealt(ACE_ALONE, ACE_ALONE_TALON)
    play(state, chance, "pass pass pass QC 2H AH 5H 8H")
    assert entries(state, "AH forced out") == [(2, 3, 2)]


def test_the_leader_neither_wins_nor_loses_by_leading_an_ace():
    # [001] «Mais le joueur qui doit commencer à jetter, ne gagne ni ne perd rien, s'il joue un
    # as» — seat 0 leads the A♠ on trick 4 (seat 2 renounces under it); seat 3 the A♥ in QUIET.
    state, _ = to_trick(ACES, 5)
    assert ace_entries(state) == [(1, 2, 2), (0, 1, 1)]
    quiet = run(QUIET)
    assert ace_entries(quiet) == []


def test_the_leader_of_an_ace_pays_the_aces_renounced_on_it_by_default():
    # [001] «on gagne de celui qui leve» (R22 default not_forced) — seat 3 leads the A♥ on trick
    # 1 of SLAM and takes it; seat 1 renounces the A♣ on it.
    state, _ = to_trick(SLAM, 2)
    assert entries(state, "AC on a renounce") == [(3, 1, 1)]


def test_with_led_ace_exempt_the_leader_of_an_ace_pays_nothing_for_it():
    # [001] «Mais le joueur qui doit commencer à jetter, ne gagne ni ne perd rien, s'il joue un
    # as» (R22 option exempt): the A♣ renounced on the led A♥ wins nothing; the A♦ renounced on
    # trick 3 (K♥ led) still wins its fee.
    state, _ = to_trick(SLAM, 4, led_ace="exempt")
    assert ace_entries(state) == [(3, 0, 1)]


def test_an_ace_given_by_a_player_who_could_keep_it_costs_nothing():
    # [001] «forcé de lâcher l'as» — seat 3 gives the A♦ on trick 5 but still holds the 6♦.
    state, _ = to_trick(ACES, 6)
    assert entries(state, "AD") == []


def test_an_ace_of_hearts_given_while_guarded_costs_nothing():
    # [001] «forcé de lâcher l'as» — seat 2 gives the A♥ on trick 1 keeping 3♥ and 7♥.
    state, chance = start(ACES)
    play(state, chance, "pass pass pass KD 2H AH 4H 5H")
    assert ace_entries(state) == []


def test_the_ace_fee_follows_the_agreement():
    # [001] «on gagne de celui qui leve, ce que l'on est convenu» (ace_fee 3; A♥ double: 6)
    state, _ = to_trick(ACES, 4, ace_fee=3)
    assert ace_entries(state) == [(1, 2, 6), (0, 1, 3)]


def test_the_aces_settlement_of_a_whole_deal():
    # [001] the fees above, then «il gagne le talon»: seat 2 (1 point) is paid 13 by seat 3.
    state = run(ACES)
    result = state.results[-1]
    assert result.points == (8, 9, 1, 13)
    assert (result.talon_winner, result.talon_payers, result.talon_value) == (2, (3,), 13)
    assert state.match.counters == [97, 97, 113, 85]


def test_a_forced_ace_pays_the_leader_even_when_the_forcer_is_the_trick_winner():
    # [001] «paye à celui qui l'y force» with R11's option forcer=trick_winner: a forced ace
    # always takes its own trick, so the one who forces it is the leader — seat 0 gives his only
    # club, the A♣, on seat 1's lead and pays him (the option cannot void the rule).
    state, _ = to_trick(ACES, 4, forcer="trick_winner")
    assert entries(state, "forced out") == [(0, 1, 1)]
    assert entries(state, "AH on a renounce") == [(1, 2, 2)]
