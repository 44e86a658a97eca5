"""The tensors written in place from the state (:mod:`academie.adapters.tensors.fast`) against
the reference: the view encoders' tensors of ``state.view(seat)``, slot for slot, for every
seat, information state and observation, on thousands of seeded random positions; and the
adapters' bookkeeping: a position is written once, OpenSpiel's tensors make no initial state."""

from __future__ import annotations

import random

import numpy as np
import pytest

from academie.adapters.tensors import Context, layouts
from academie.adapters.tensors.fast import Buffers, tensors
from academie.games import get_game

WRITTEN = ("reversis", "trente-et-un", "belle-flux-trente-un", "guimbarde", "blason")
"""The games whose tensors are written from the state (the others are encoded from views)."""


def tables(game_id: str):
    """(players, options) of the tables checked: every table size, a long and a short match."""
    game = get_game(game_id)
    short = {"reversis": {"deals": 2}, "trente-et-un": {"lives": 1},
             "belle-flux-trente-un": {"deals": 2, "extra_cards": "face_up"}, "guimbarde": {"deals": 2}, "blason": None}[game_id]
    for n in range(game.info.min_players, game.info.max_players + 1):
        for options in ({}, short) if short is not None else ({},):
            yield n, game.parse_options(options)


def random_positions(game, n, options, seed, limit):
    """The state after each action and outcome of a seeded random match (at most ``limit``)."""
    rng = random.Random(seed)
    state = game.new_initial_state(n, options)
    for _ in range(limit):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
        else:
            state.apply_action(rng.choice(state.legal_actions()), trusted=True)
        yield state


def assert_lockstep(game, n, options, state, fast, buffers):
    reference = layouts(game, n, options)
    for seat in range(n):
        view, context = state.view(seat), Context(n, seat)
        info = reference.information.encode(view, context)
        obs = reference.observation.encode(view, context)
        got_info = fast.information(state, seat, buffers)
        assert got_info.dtype == np.float32 and got_info.shape == info.shape
        assert np.array_equal(got_info, info), (seat, np.flatnonzero(got_info != info)[:8])
        assert np.array_equal(fast.observation(state, seat, buffers), obs), seat


@pytest.mark.parametrize("game_id", WRITTEN)
def test_the_written_tensors_equal_the_view_encoders_along_random_matches(game_id):
    """One buffer per seat following each match (the incremental path), across deals and to the
    match's end: every position equals the reference for every seat."""
    game = get_game(game_id)
    positions = 0
    for n, options in tables(game_id):
        fast = tensors(game, n, options)
        assert fast.writer is not None
        for seed in range(4 if game_id == "blason" else 2 if n <= 5 else 1):  # (the Blason's matches are short)
            buffers = Buffers()
            for state in random_positions(game, n, options, seed * 97 + n, 500 if n <= 5 else 250):
                assert_lockstep(game, n, options, state, fast, buffers)
                positions += 1
    assert positions > 2500


@pytest.mark.parametrize("game_id", WRITTEN)
def test_the_written_tensors_are_exact_when_the_buffers_jump_between_states(game_id):
    """The same buffers read in turn for states of other matches, clones, determinizations
    and positions further back: each read equals the reference (nothing stale is kept)."""
    game = get_game(game_id)
    n = game.info.default_players
    options = game.parse_options({})
    fast = tensors(game, n, options)
    buffers = Buffers()
    rng = random.Random(5)
    pool = []
    for seed in range(6):
        for k, state in enumerate(random_positions(game, n, options, seed, 300)):
            if k % 17 == 0:
                pool.append(state.clone())
    for _ in range(400):
        state = rng.choice(pool)
        if not state.is_terminal() and not state.is_chance_node() and rng.random() < 0.3:
            state = state.determinize(state.current_player(), rng)
        assert_lockstep(game, n, options, state, fast, buffers)


def test_every_other_game_is_encoded_from_its_views_into_the_same_buffers():
    from academie.games import GAMES

    for game_id in sorted(set(GAMES) - set(WRITTEN)):
        game = get_game(game_id)
        n = game.info.default_players
        options = game.parse_options({})
        fast = tensors(game, n, options)
        assert fast.writer is None
        buffers = Buffers()
        for state in random_positions(game, n, options, 3, 120):
            assert_lockstep(game, n, options, state, fast, buffers)


def test_the_slow_path_is_the_view_encoders():
    game = get_game("reversis")
    options = game.parse_options({})
    slow = tensors(game, 4, options, fast=False)
    assert slow.writer is None
    for state in random_positions(game, 4, options, 1, 120):
        assert_lockstep(game, 4, options, state, slow, Buffers())


class Counted:
    """Counts a state's ``view`` calls (the views cost most of a slow tensor)."""

    def __init__(self, monkeypatch, cls):
        self.calls = 0
        original = cls.view

        def view(state, seat):
            self.calls += 1
            return original(state, seat)

        monkeypatch.setattr(cls, "view", view)


def test_pettingzoo_observes_a_position_without_a_view_and_returns_its_own_array(monkeypatch):
    pytest.importorskip("pettingzoo")
    from academie.adapters.pettingzoo import env
    from academie.games.reversis.state import ReversisState

    e = env("reversis", deals=1)
    e.reset(seed=3)
    counted = Counted(monkeypatch, ReversisState)
    kept = {a: e.observe(a)["observation"] for a in e.agents}
    again = {a: e.observe(a)["observation"] for a in e.agents}
    assert counted.calls == 0  # today's observe built a view per call
    for a in e.agents:
        assert np.array_equal(kept[a], again[a]) and kept[a] is not again[a]
    before = {a: x.copy() for a, x in kept.items()}
    agent = e.agent_selection
    e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    for a in e.agents:  # what was handed out is not written over by later steps
        assert np.array_equal(kept[a], before[a])
    assert not np.array_equal(e.observe(agent)["observation"], before[agent])


def test_openspiel_tensors_make_no_initial_state_and_no_view(monkeypatch):
    """OpenSpiel's C++ ``information_state_tensor`` of a Python game sizes the tensor from a new
    initial state at every call; the state's own method answers from its buffers."""
    pyspiel = pytest.importorskip("pyspiel")
    from academie.adapters import openspiel as osp
    from academie.games.reversis.state import ReversisState

    game = pyspiel.load_game("python_academie_reversis", {"deals": 1})
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or len(state.history()) < 70:
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                                      else state.legal_actions()))
    made = []
    monkeypatch.setattr(osp.AcademieGame, "new_initial_state", lambda self, *a: made.append(1))
    counted = Counted(monkeypatch, ReversisState)
    inner = state.academie_state
    reference = layouts(inner.game, 4, inner.options)
    got = {s: (state.information_state_tensor(s), state.observation_tensor(s)) for s in range(4)}
    assert made == [] and counted.calls == 0
    monkeypatch.undo()
    for s, (info, obs) in got.items():
        assert isinstance(info, list) and len(info) == 671 and len(obs) == 463
        view = inner.view(s)
        assert info == reference.information.encode(view, Context(4, s)).tolist()
        assert obs == reference.observation.encode(view, Context(4, s)).tolist()
    assert state.information_state_tensor() == got[state.current_player()][0]
    # the observer (what OpenSpiel's C++ reads) gives the same
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    observer.set_from(state, 2)
    assert observer.tensor.tolist() == got[2][0]
    for bad in (4, -1):
        with pytest.raises(pyspiel.SpielError):
            state.information_state_tensor(bad)
        with pytest.raises(pyspiel.SpielError):
            state.observation_tensor(bad)
