"""The State API refuses bad input cleanly: non-int actions, seats out of range; and a view is a
deep, immutable snapshot that nothing done to it can carry back into the state."""

from __future__ import annotations

import dataclasses
import pickle
import random
from types import MappingProxyType

import pytest

from academie.core.chance import SeededChance
from academie.core.errors import AcademieError, IllegalActionError, SeatError
from academie.core.frozen import FrozenMap, SharedTuple
from academie.core.runner import advance_chance
from academie.games import GAMES, get_game

GAME_IDS = sorted(GAMES)


def played(game_id: str, seed: int, moves: int, players: int | None = None):
    """A state after ``moves`` random player actions (chance from ``seed``)."""
    game = get_game(game_id)
    state = game.new_initial_state(players)
    chance, rng = SeededChance(seed), random.Random(seed)
    for _ in range(moves):
        advance_chance(state, chance)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    advance_chance(state, chance)
    return state


def finished(game_id: str, seed: int):
    return played(game_id, seed, 10**6)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("bad", [0.0, True, False, 1.0, "0", None, 52.0])
def test_only_int_actions_are_legal(game_id, bad):
    state = played(game_id, 3, 2)
    before = list(state.history)
    view = state.public_view()
    with pytest.raises(IllegalActionError, match="an action is an int"):
        state.apply_action(bad)
    assert state.history == before
    assert all(type(a) is int for a in state.history)
    assert state.public_view() == view


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_chance_outcome_as_a_float_is_refused(game_id):
    state = get_game(game_id).new_initial_state()
    if not state.is_chance_node():  # the Blason's first chance node follows a throw
        state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()
    before = list(state.history)
    outcome = state.chance_outcomes()[0][0]
    with pytest.raises(IllegalActionError):
        state.apply_action(float(outcome))
    assert state.history == before
    state.apply_action(outcome)
    assert state.history == before + [outcome]


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seat", [-1, -2, "n", "n+5", True, 0.0, "0", None])
def test_a_seat_out_of_range_is_a_seat_error_naming_the_range(game_id, seat):
    state = played(game_id, 5, 3)
    n = state.num_players
    seat = {"n": n, "n+5": n + 5}.get(seat, seat) if isinstance(seat, str) and seat.startswith("n") else seat
    history = list(state.history)
    for call in (lambda: state.view(seat), lambda: state.determinize(seat, random.Random(1))):
        with pytest.raises(SeatError, match=rf"seats are 0 to {n - 1}") as err:
            call()
        assert isinstance(err.value, AcademieError) and isinstance(err.value, IndexError)
    assert state.history == history
    for s in range(n):
        assert state.view(s).current_player == state.current_player()


# --- views are deep immutable snapshots ------------------------------------------------------------

FROZEN_SCALARS = (int, float, str, bool, type(None))


def assert_deeply_frozen(value, path="view"):
    """Every container reachable from ``value`` is immutable."""
    if isinstance(value, FROZEN_SCALARS):
        return
    if isinstance(value, (tuple, frozenset, SharedTuple)):  # (a SharedTuple: tuples in chunks)
        for i, item in enumerate(value):
            assert_deeply_frozen(item, f"{path}[{i}]")
        return
    if isinstance(value, (FrozenMap, MappingProxyType)):
        for k, v in value.items():
            assert_deeply_frozen(k, f"{path} key")
            assert_deeply_frozen(v, f"{path}[{k!r}]")
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        assert value.__dataclass_params__.frozen, f"{path}: {type(value).__name__} is not frozen"
        for f in dataclasses.fields(value):
            assert_deeply_frozen(getattr(value, f.name), f"{path}.{f.name}")
        return
    raise AssertionError(f"{path} is a mutable {type(value).__name__}: {value!r:.80}")


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_view_and_result_is_deeply_frozen(game_id, seed):
    game = get_game(game_id)
    state = game.new_initial_state()
    chance, rng = SeededChance(seed), random.Random(seed)
    steps = 0
    while True:
        advance_chance(state, chance)
        if steps % 7 == 0 or state.is_terminal():
            for view in [state.public_view()] + [state.view(s) for s in range(state.num_players)]:
                assert_deeply_frozen(view)
            for result in getattr(state, "results", []):
                assert_deeply_frozen(result, "result")
        if state.is_terminal() or steps > 3000:
            break
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1


@pytest.mark.parametrize("game_id", ["trente-et-un", "belle-flux-trente-un"])
def test_a_view_result_cannot_be_changed(game_id):
    state = finished(game_id, 4)
    results = state.deal_results()
    last = state.view(0).last_result
    assert last is not None
    for name in ("lives_lost", "hands", "values", "fluxes", "points", "up", "baskets"):
        field = getattr(last, name, None)
        if field is None:
            continue
        with pytest.raises((AttributeError, TypeError)):
            field.clear()
        with pytest.raises(TypeError):
            field[0] = 99
    with pytest.raises(dataclasses.FrozenInstanceError):
        last.deal = 7
    assert state.deal_results() == results


def test_the_trente_et_un_lives_lost_of_a_view_stay_the_states():
    state = finished("trente-et-un", 4)
    lost = dict(state.results[-1].lives_lost)
    assert lost
    with pytest.raises(AttributeError):
        state.view(0).last_result.lives_lost.clear()
    assert dict(state.results[-1].lives_lost) == lost
    assert state.results[-1].lives_lost == lost  # compares equal to a dict


def test_the_blason_board_of_a_view_cannot_be_changed():
    state = played("blason", 2, 6)
    view = state.view(0)
    with pytest.raises(AttributeError):
        view.board.clear()
    with pytest.raises(TypeError):
        view.board[6] = None
    chance = SeededChance(9)
    for _ in range(40):  # the race goes on: every square is still there
        advance_chance(state, chance)
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    assert len(state.public_view().board) == 63
    assert state.public_view().board[6].target == 12


def frozen_maps(value, path="view"):
    """Every FrozenMap reachable from ``value`` (through tuples, FrozenMaps and frozen
    dataclasses), with its path."""
    if isinstance(value, FrozenMap):
        yield path, value
        for k, v in value.items():
            yield from frozen_maps(v, f"{path}[{k!r}]")
    elif isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            yield from frozen_maps(item, f"{path}[{i}]")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from frozen_maps(getattr(value, f.name), f"{path}.{f.name}")


def test_a_frozen_map_is_its_own_snapshot():
    """A FrozenMap copies its source, and not even its private _items can be written: the
    Blason board and a trail's options were the very dicts of the state and of a cache."""
    source = {1: [2, 3], 2: {"a": 1}}
    m = FrozenMap(source)
    source[1].append(4), source.update({3: 5}), source[2].clear()
    assert dict(m) == {1: (2, 3), 2: {"a": 1}}
    with pytest.raises(TypeError):
        m._items[3] = 5
    with pytest.raises(AttributeError):
        m[2]._items.clear()  # a mappingproxy has no clear
    assert dict(m) == {1: (2, 3), 2: {"a": 1}}
    assert pickle.loads(pickle.dumps(m)) == m and repr(m) == "FrozenMap({1: (2, 3), 2: FrozenMap({'a': 1})})"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_frozen_map_of_a_view_can_be_written_and_the_state_going_on_leaves_it(game_id):
    """Every FrozenMap of every view (the Blason board, a trail's options, a deal's hands…):
    writing its _items raises, whatever the route, and it stays what it was while the state
    plays on (a bot holding a view cannot reach the state, nor the state the view)."""
    game = get_game(game_id)
    state = game.new_initial_state()
    chance, rng = SeededChance(4), random.Random(4)
    kept = []
    found = 0
    for steps in range(400):
        advance_chance(state, chance)
        if steps % 9 == 0 or state.is_terminal():
            for view in [state.public_view()] + [state.view(s) for s in range(state.num_players)]:
                for path, m in frozen_maps(view):
                    found += 1
                    key = next(iter(m), 0)
                    with pytest.raises(TypeError):
                        m._items[key] = "changed"
                    with pytest.raises((TypeError, AttributeError)):
                        m._items.pop(key)
                    kept.append((path, m, dict(m)))
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert found > 0
    for path, m, items in kept:
        assert dict(m) == items, path


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_states_still_clone_and_compare_with_frozen_results(game_id):
    state = finished(game_id, 6)
    other = state.clone()
    assert other.deal_results() == state.deal_results()
    assert other.public_view() == state.public_view()
    assert other.returns() == state.returns()
