"""The match: the deal passing to the right, returns, conservation of counters (source 004;
REFERENCE.md §5 G6, G14)."""

import random

import pytest

from academie.cards import parse_cards
from academie.core.chance import SeededChance
from academie.core.errors import OptionError
from academie.core.runner import advance_chance
from academie.games import get_game
from tests.guimbarde.support import deal, play_out, total

NEUTRAL = ["7S 8S 7H 8H 7D", "9S 10S 9H 10H 8D", "JS AS JH AH 9D", "7C 8C 10D AD KS"]
GAME = get_game("guimbarde")


def test_deal_passes_to_the_right_and_the_eldest_is_the_new_dealers_right():
    # G14 «Cut to the left ⇒ deal/play to the right; eldest = dealer's right»
    second = ["7S 8S 7H 8H 7D", "JD KH QH 9S 10S", "JS AS 9H 10H 8D", "7C 8C 10D AD KS"]
    state, chance = deal(NEUTRAL, "9C", later=[(second, "9C", 3)])
    assert (state.match.dealer, state.current_player()) == (0, 3)
    play_out(state, chance)
    assert state.results[0].dealer == 0
    assert (state.match.dealer, state.current_player()) == (3, 2)
    assert state.hands[1] == parse_cards("JD KH QH 9S 10S")


def test_deal_passes_to_the_right_over_several_deals():
    # G14: dealer 0, then 2, then 1 (three players), then 0 again
    state = GAME.new_initial_state(3, {"deals": 4})
    chance = SeededChance(7)
    advance_chance(state, chance)
    for _ in range(4):
        play_out(state, chance)
    assert [r.dealer for r in state.results] == [0, 2, 1, 0]
    assert state.is_terminal()


def test_returns_are_the_counters_won_or_lost():
    # G6 options «counters» (not in the source); returns = counters at the end − counters brought
    state, chance = deal(NEUTRAL, "9C", counters=20)
    assert state.returns() == [0.0] * 4  # before the end
    play_out(state, chance)
    assert state.is_terminal()
    assert state.returns() == [float(c - 20) for c in state.match.counters]
    assert sum(state.returns()) == -sum(state.match.pots.values())  # boxes left belong to nobody
    assert tuple(state.match.counters) == state.results[-1].counters


@pytest.mark.parametrize("players", [3, 4, 5, 6, 8])
def test_counters_and_boxes_are_conserved_and_the_ledger_explains_them(players):
    # [004] «met un jeton dans chaque boite… on les tire»: counters only move between players
    # and boxes; every movement is a ledger entry, counters + boxes never change
    state = GAME.new_initial_state(players, {"deals": 6, "counters": 30})
    chance, rng = SeededChance(players), random.Random(players)
    advance_chance(state, chance)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        advance_chance(state, chance)
        assert total(state) == 30 * players
    ledger = state.match.ledger
    assert [30 + ledger.net(s) for s in range(players)] == state.match.counters
    assert {b: ledger.net(b) for b in state.match.pots} == state.match.pots
    assert [e.deal for e in ledger.entries] == sorted(e.deal for e in ledger.entries)
    assert len(state.results) == 6


def test_options_are_validated():
    # G5: trick_box is «most_tricks» or «first_to_two»
    with pytest.raises(OptionError, match="trick_box"):
        GAME.new_initial_state(4, {"trick_box": "last_trick"})
