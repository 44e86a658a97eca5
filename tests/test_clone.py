"""Every game's own ``clone()`` against a deep copy, the trusted path, the kept legal actions.

From many random positions of every game, a clone and a deep copy continued with the same actions
and the same chance must give the same histories, views, legal actions, ledgers and returns; and
playing on the clone must never change the original (nor the original the clone).
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

from academie.core.ledger import Ledger
from academie.core.match import Match
from academie.core.state import State
from academie.games import GAMES

CASES = [(gid, n) for gid, g in GAMES.items() for n in sorted({g.info.min_players, g.info.default_players, g.info.max_players})]
IMMUTABLE = (int, float, str, bytes, bool, type(None), tuple, frozenset)


def _random_state(gid: str, players: int, seed: int) -> State:
    """A state after a random number of random actions (possibly several deals in)."""
    rng = random.Random(seed)
    state = GAMES[gid].new_initial_state(players)
    steps = rng.randrange(400)
    for _ in range(steps):
        if state.is_terminal():
            break
        _step(state, rng)
    return state


def _step(state: State, rng: random.Random) -> int:
    if state.is_chance_node():
        action = state.sample_chance(rng)
    else:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
    state.apply_action(action)
    return action


def _contents(state: State) -> dict[str, Any]:
    """Everything a state holds (the kept legal actions and copy-on-write flags aside), by value."""
    return {k: v for k, v in vars(state).items() if k not in ("_legal", "_history_shared")}


def _same_play(a: State, b: State, seed: int, check_views: bool = True) -> list[int]:
    """Play ``a`` and ``b`` to the end with the same actions and chance, comparing as they go;
    returns the actions played."""
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    played = []
    while not a.is_terminal():
        assert a.current_player() == b.current_player()
        assert a.legal_actions() == b.legal_actions()
        if check_views:
            for seat in range(a.num_players):
                assert a.view(seat) == b.view(seat)
            assert a.public_view() == b.public_view()
        action = _step(a, rng_a)
        assert _step(b, rng_b) == action
        played.append(action)
        assert a.history == b.history
        assert a.match.ledger.entries == b.match.ledger.entries
    assert b.is_terminal()
    assert a.returns() == b.returns()
    assert a.match == b.match
    assert a.deal_results() == b.deal_results() and a.statistics() == b.statistics()
    assert _contents(a) == _contents(b)
    return played


@pytest.mark.parametrize(("gid", "players"), CASES)
def test_play_from_a_clone_equals_play_from_a_deep_copy(gid, players):
    for seed in range(12):
        state = _random_state(gid, players, seed)
        before = state.deep_copy()
        clone, deep = state.clone(), state.deep_copy()
        assert type(clone) is type(state) and _contents(clone) == _contents(state)
        played = _same_play(clone, deep, seed, check_views=seed % 3 == 0)
        # Playing on the clone changed nothing in the original …
        assert _contents(state) == _contents(before)
        # … and the original, played the same way afterwards, ends as the clone did.
        for action in played:
            state.apply_action(action)
        assert _contents(state) == _contents(clone)
        assert state.match.ledger.entries == clone.match.ledger.entries


@pytest.mark.parametrize(("gid", "players"), CASES)
def test_the_original_played_first_leaves_the_clone_as_it_was(gid, players):
    for seed in range(6):
        state = _random_state(gid, players, 100 + seed)
        clone = state.clone()
        kept = clone.deep_copy()
        _same_play(state, state.deep_copy(), seed, check_views=False)
        assert _contents(clone) == _contents(kept)
        assert clone.legal_actions() == kept.legal_actions()


def _mutables(obj: Any, path: str, out: dict[int, str]) -> None:
    """Every mutable container reachable from ``obj`` (id → where), the ledger's entries aside."""
    if isinstance(obj, IMMUTABLE) or type(obj).__module__ == "enum":
        if isinstance(obj, tuple):
            for i, v in enumerate(obj):
                _mutables(v, f"{path}[{i}]", out)
        return
    if isinstance(obj, Ledger):
        return  # copied on write: tested on its own
    if isinstance(obj, (list, set, dict, Match)):
        out[id(obj)] = path
    if isinstance(obj, dict):
        for k, v in obj.items():
            _mutables(v, f"{path}[{k!r}]", out)
    elif isinstance(obj, (list, set)):
        for i, v in enumerate(obj):
            _mutables(v, f"{path}[{i}]", out)
    elif isinstance(obj, Match):
        for k, v in vars(obj).items():
            _mutables(v, f"{path}.{k}", out)


@pytest.mark.parametrize(("gid", "players"), CASES)
def test_a_clone_shares_no_mutable_container(gid, players):
    for seed in range(4):
        state = _random_state(gid, players, 200 + seed)
        state.legal_actions()
        clone = state.clone()
        mine: dict[int, str] = {}
        theirs: dict[int, str] = {}
        # The history, like the ledger's entries, is shared until either side appends to it.
        skip = {id(state.game), id(state.options), id(state.history), *map(id, state.shared())}
        for k, v in vars(state).items():
            if id(v) not in skip:
                _mutables(v, k, mine)
        for k, v in vars(clone).items():
            if id(v) not in skip:
                _mutables(v, k, theirs)
        shared = sorted(mine[i] for i in set(mine) & set(theirs))
        assert shared == [], f"{gid}: the clone shares {shared}"


def test_a_ledger_clone_copies_on_write_on_either_side():
    a = Ledger()
    a.record(0, 0, 1, 2, "first")
    b = a.clone()
    assert b.entries is a.entries
    a.record(0, 1, 2, 3, "original only")
    b.record(0, 2, 0, 4, "clone only")
    assert [e.reason for e in a.entries] == ["first", "original only"]
    assert [e.reason for e in b.entries] == ["first", "clone only"]
    c = b.clone()
    c.record(1, 0, 1, 1, "second clone")
    assert [e.reason for e in b.entries] == ["first", "clone only"]
    assert b.net(0) == 2 and c.net(0) == 1


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_the_trusted_path_plays_as_the_checked_one(gid):
    for seed in range(3):
        checked, trusted = GAMES[gid].new_initial_state(), GAMES[gid].new_initial_state()
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        while not checked.is_terminal():
            _step(checked, rng_a)
            if trusted.is_chance_node():
                action = trusted.sample_chance(rng_b)
            else:
                legal = trusted.legal_actions()
                action = legal[rng_b.randrange(len(legal))]
            trusted.apply_action(action, trusted=True)
        assert checked.history == trusted.history
        assert checked.match == trusted.match and checked.returns() == trusted.returns()


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_legal_actions_are_kept_until_the_next_action_and_handed_out_as_copies(gid):
    state = GAMES[gid].new_initial_state()
    rng = random.Random(3)
    for _ in range(60):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal == state._legal_actions()
        legal.clear()  # a caller's list: the state's stays whole
        assert state.legal_actions() == state._legal_actions() != []
        _step(state, rng)
        assert state.legal_actions() == state._legal_actions()  # recomputed after the action


@pytest.mark.parametrize(("gid", "players"), CASES)
def test_views_are_whole_frozen_snapshots(gid, players):
    """Views built without their ``__init__`` hold every field, equal the constructor's, and stay
    as they were when the state plays on."""
    for seed in range(5):
        state = _random_state(gid, players, 300 + seed)
        views = [state.view(s) for s in range(state.num_players)] + [state.public_view()]
        for view in views:
            names = {f.name for f in dataclasses.fields(view)}
            assert set(vars(view)) == names
            assert view == type(view)(**vars(view))
            with pytest.raises(dataclasses.FrozenInstanceError):
                view.phase = "changed"  # type: ignore[misc]
        for result in state.finished_results():
            if dataclasses.is_dataclass(result):
                assert set(vars(result)) == {f.name for f in dataclasses.fields(result)}
                assert result == type(result)(**vars(result))
        kept = [copy.deepcopy(v) for v in views]
        if not state.is_terminal():
            _same_play(state, state.deep_copy(), seed, check_views=False)
        assert views == kept
