"""Scenario tests: the length of the match, a player who cannot stake, returns
(source 000; REFERENCE.md §1 rule 4)."""

from tests.belle_flux.support import NEUTRAL_HIDDEN, NEUTRAL_UP
from tests.helpers import bft_deck, bft_state, play

DECKS = [bft_deck(NEUTRAL_HIDDEN, NEUTRAL_UP, dealer=d) for d in (0, 2, 1, 0)]


def test_the_match_ends_after_the_agreed_number_of_deals():
    # [000] «On fixe la durée de la partie… à un nombre quelconque de coups»
    state, chance = bft_state(DECKS, players=3, deals=2)
    play(state, chance, "stand stand stand")
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]  # nothing before the end
    play(state, chance, "stand stand stand")
    assert state.is_terminal()
    assert len(state.results) == 2
    assert state.legal_actions() == []


def test_returns_are_the_counters_won_or_lost():
    # [000] «ce que doit produire… aux joueurs qui viennent à gagner ces chances»
    state, chance = bft_state(DECKS, players=3, deals=2)
    play(state, chance, "stand stand stand stand stand stand")
    # each deal: seat 0 takes the belle (3), seat 1 the trente-un (20 points, 3); flux stays
    assert state.match.counters == [30, 30, 24]
    assert state.returns() == [0.0, 0.0, -6.0]
    # the flux basket (6) left at the end belongs to nobody
    assert sum(state.returns()) == -state.match.pots["flux"] == -6


def test_a_player_who_cannot_stake_ends_the_match():
    # [000] «les mises dont les joueurs sont convenus» — seat 2 has 2 counters left, it needs 3
    state, chance = bft_state(DECKS, players=3, counters=5, deals=10)
    play(state, chance, "stand stand stand")
    assert state.match.counters == [5, 5, 2]
    assert state.is_terminal()
    assert len(state.results) == 1
    assert all(e.deal == 0 for e in state.match.ledger.entries)


def test_a_player_with_exactly_the_stakes_plays_on():
    # B9: three stakes of one; seat 2 keeps 3 after deal 1 and may stake them all.
    state, chance = bft_state(DECKS, players=3, counters=6, deals=10)
    play(state, chance, "stand stand stand")
    assert not state.is_terminal()
    assert state.results[0].counters == (6, 6, 3)
    # deal 2 is under way: all staked their last counters, seat 0 took the belle (K♣) again
    assert state.match.counters == [6, 3, 0]
    play(state, chance, "stand stand stand")
    assert state.is_terminal()
    assert len(state.results) == 2


def test_deals_zero_plays_until_someone_cannot_stake():
    # option deals=0: «un certain espace de temps» — no fixed number of deals.
    state, chance = bft_state(DECKS, players=3, counters=9, deals=0)
    play(state, chance, "stand stand stand stand stand stand")
    assert not state.is_terminal()
    assert state.results[1].counters == (9, 9, 3)
    play(state, chance, "stand stand stand")
    assert state.is_terminal()
    assert len(state.results) == 3
    assert state.returns() == [0.0, 0.0, -9.0]
