"""Observation layouts: fixed shapes along whole matches, values within their bounds, relative
seat rows, and the generic layout derived from views for any game of the registry."""

from __future__ import annotations

import importlib
import random

import numpy as np
import pytest

pytest.importorskip("numpy")

from academie.adapters.tensors import Context, describe, generic, layouts  # noqa: E402
from academie.cards import parse_cards  # noqa: E402
from academie.games import GAMES, get_game  # noqa: E402
from tests.adapters.support import GAME_IDS, short_options  # noqa: E402


def views_along_a_match(game_id: str, seed: int, limit: int = 400):
    """``(state, seat)`` at each decision of a seeded random short match (at most ``limit``)."""
    game = get_game(game_id)
    state = game.new_initial_state(None, short_options(game_id))
    rng = random.Random(seed)
    for _ in range(limit):
        while state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
        for seat in range(state.num_players):
            yield state, seat
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()), trusted=True)


def has_own_layout(game_id: str) -> bool:
    package = type(get_game(game_id)).__module__.rsplit(".", 1)[-1]
    try:
        importlib.import_module(f"academie.adapters.tensors.{package}")
    except ModuleNotFoundError:
        return False
    return True


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_view_fits_the_layouts(game_id):
    game = get_game(game_id)
    n = game.info.default_players
    tables = layouts(game, n, game.parse_options(short_options(game_id)))
    for layout in (tables.observation, tables.information):
        low, high = layout.bounds()
        assert low.shape == high.shape == (layout.size,)
        assert len({p.name for p in layout.pieces}) == len(layout.pieces)
    for state, seat in views_along_a_match(game_id, 1):
        for layout in (tables.observation, tables.information):
            low, high = layout.bounds()
            for view, ctx in ((state.view(seat), Context(n, seat)), (state.public_view(), Context(n, None))):
                x = layout.encode(view, ctx)
                assert x.shape == (layout.size,) and x.dtype == np.float32
                assert np.all(np.isfinite(x)) and np.all(x >= low) and np.all(x <= high)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_generic_layout_works_for_every_game(game_id):
    """Derived from the views' to_json() alone: what a new game gets with no adapter code."""
    game = get_game(game_id)
    n = game.info.default_players
    table = generic.layouts(game, n, game.parse_options(short_options(game_id))).observation
    assert table.size > 0 and describe(table).count("\n") + 1 == len(table.pieces)
    parts = [p.name for p in table.pieces]
    for state, seat in views_along_a_match(game_id, 2, 150):
        view = state.view(seat)
        x = table.encode(view, Context(n, seat))
        assert x.shape == (table.size,) and np.all(np.isfinite(x))
        data = view.to_json()
        if "hand" in parts and isinstance(data.get("hand"), list):  # a hand of card codes: one slot per card
            piece = table.views_of(x)["hand"]
            assert sorted(np.flatnonzero(piece)) == sorted(parse_cards(data["hand"]))


def test_a_game_without_a_layout_module_gets_the_generic_one():
    for game_id in GAME_IDS:
        game = get_game(game_id)
        n = game.info.default_players
        options = game.parse_options({})
        names = [p.name for p in layouts(game, n, options).observation.pieces]
        generic_names = [p.name for p in generic.layouts(game, n, options).observation.pieces]
        assert (names == generic_names) != has_own_layout(game_id)
    assert {"trente-et-un", "belle-flux-trente-un", "blason", "reversis", "guimbarde"} <= {g for g in GAMES if has_own_layout(g)}


def test_seat_rows_are_relative_to_the_viewer():
    game = get_game("trente-et-un")
    state = game.new_initial_state(3, {"lives": 3})
    state.match.lives[:] = [3, 2, 1]  # a table where every seat has a different count
    table = layouts(game, 3, game.parse_options({"lives": 3})).observation
    for seat in range(3):
        lives = table.views_of(table.encode(state.view(seat), Context(3, seat)))["lives"]
        assert list(lives) == [state.match.lives[(seat + k) % 3] for k in range(3)]


def test_reversis_hand_and_trick_slots():
    game = get_game("reversis")
    for state, seat in views_along_a_match("reversis", 5, 60):
        view = state.view(seat)
        pieces = layouts(game, 4, game.parse_options(short_options("reversis"))).information
        parts = pieces.views_of(pieces.encode(view, Context(4, seat)))
        assert sorted(np.flatnonzero(parts["hand"])) == sorted(view.hand)
        for s, card in view.trick:
            assert parts["trick"][(s - seat) % 4, card] == 1
        assert parts["played"].sum() == len(view.played)
