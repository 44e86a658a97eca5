"""Worlds drawn from a seat's view (academie.core.sampling): the same view, every card in its
place, hidden cards spread uniformly, the guinguette where the rules showed it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from academie.cards import parse_card
from academie.core.chance import SeededChance
from academie.core.sampling import sample
from tests.guinguette.support import GUINGUETTE, deal, play

HANDS = ["QD 6H 7H 8H", "AS 6S JC KC", "9D 10D JD KH"]


@pytest.mark.parametrize("options", [{}, {"discard": "into_cotillon"}, {"guinguette_when": "deal"},
                                     {"renvi_cotillon": "raise", "cotillon_contest": "stirrers"}])
def test_a_world_gives_the_seat_its_view_over_whole_matches(options):
    for players in (3, 5):
        state = GUINGUETTE.new_initial_state(players, {**options, "deals": 3})
        rng, chance = random.Random(players), SeededChance(players)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance.choose(state))
                continue
            if rng.random() < 0.3:
                for seat in range(players):
                    view = state.view(seat)
                    world = state.determinize(seat, rng)
                    assert world.view(seat) == view and world.public_view() == state.public_view()
                    assert sorted(world.all_cards()) == sorted(state.all_cards())
            state.apply_action(rng.choice(state.legal_actions()))


def test_hidden_cards_are_spread_uniformly():
    state, chance = deal(HANDS, draws="KS")
    play(state, chance, ["9D"])  # seat 2 (the eldest) stirs: seat 0 cannot know what he gave up
    view, rng = state.view(0), random.Random(3)
    held = Counter()
    gave = Counter()
    for _ in range(1200):
        world = sample(view, rng)
        held.update(world.hands[1])
        gave.update(world.aside[2])
    pool = 36 - 4
    for card in held:
        assert 0.085 < held[card] / 1200 < 0.17  # 4 of 32: 0.125
    assert len(held) == pool and len(gave) == pool
    assert max(gave.values()) / 1200 < 0.06  # 1 of 32: 0.031


def test_the_guinguette_shown_at_the_deal_stays_with_its_holder():
    state, _ = deal(HANDS, guinguette_when="deal")
    view, rng = state.view(1), random.Random(1)
    for _ in range(50):
        world = sample(view, rng)
        assert parse_card("QD") in world.hands[0] and world.view(1) == view
