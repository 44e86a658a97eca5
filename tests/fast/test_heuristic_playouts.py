"""The compiled heuristic playouts (each kernel's ``heuristic_rollout``, the loop
:func:`academie.fast.driver.heuristic_rollout`) against the pure engine, the reference: from
hundreds of seeded positions of each game (random decisions of a deal, as ``benchmarks/ismcts.py``
draws them), the playout :class:`~academie.bots.ismcts.ISMCTSBot` plays with the heuristic bot in
every seat, seeded the same way (the chance from ``random.Random(chance_seed)``, the seats' bots
made as ``_SeatBots(factory, policy_seed)`` makes them), applies as many actions, ends in the same
state and gives each seat the same gain through both engines; at Trente et un also with the seat's
own bot given parameters (the ``hard`` level's ``own=heuristic/knock_floor=32/cut_at=32``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.bots.ismcts import ISMCTSBot, _own_factory, _SeatBots, deal_end_standings, standings  # noqa: E402
from academie.bots.roster import own_bots  # noqa: E402
from academie.core.runner import random_decision  # noqa: E402
from academie.games import get_game  # noqa: E402

GAMES = ("trente-et-un", "belle-flux-trente-un", "reversis", "guimbarde", "guinguette")


def position(game_id: str, seed: int, players: int | None = None) -> Any:
    """A random decision with two legal actions or more in the first deal of ``game_id`` (the
    last such decision when the deal has fewer than the number drawn; the second deal's first when
    the first ended on its dealing, a 31 dealt), as ``benchmarks/ismcts.py`` draws its positions."""
    rng = random.Random(seed)
    game = get_game(game_id)
    state = game.new_initial_state(players) if players else game.new_initial_state()
    return random_decision(state, rng, rng.randrange(1, 30))


def assert_lockstep(game_id: str, seed: int, players: int | None = None, own: str | None = None) -> int:
    """One position's heuristic playout through both engines, seeded from ``seed`` (half of them
    after an action of the position, applied by the kernel as the paired search applies it): the
    same gains, the same number of actions, the same state at the end. ``own``: the seat to play's
    own bot (a spec, ``/`` between its parts). Returns the actions the playout applied."""
    state = position(game_id, seed, players)
    me = -1 if own is None else state.current_player()  # (the searching seat)
    rng = random.Random(seed)
    first = -1
    if rng.random() < 0.5:  # half the playouts from the position, half after one random action of it
        legal = state.legal_actions()
        first = legal[rng.randrange(len(legal))]
    chance_seed, policy_seed = rng.getrandbits(32), rng.getrandbits(32)
    bot = ISMCTSBot(game_id, 0, rollout="heuristic")
    factory = own_bots()[game_id]["heuristic"]
    own_factory = None if own is None else _own_factory(game_id, own)
    kernel = bot._heuristic_kernel(state, factory, own_factory, me)
    assert kernel is not None
    params, module, variant, knobs = kernel
    s = module.from_state(state, params)
    won = module.heuristic_rollout(s, chance_seed, policy_seed, knobs, variant, first)  # (the action in the kernel)
    before, deal = standings(state), state.match.deal_number
    pure = state.clone()
    if first >= 0:
        pure.apply_action(first)
    applied = []
    apply = pure.apply_action
    pure.apply_action = lambda action, trusted=False: (applied.append(action), apply(action, trusted=trusted))
    if pure.is_terminal() or pure.match.deal_number != deal:  # the deal ended on the action
        end = deal_end_standings(pure)
    else:
        end = bot._playout(pure, deal, random.Random(chance_seed), _SeatBots(factory, policy_seed, own_factory, me))
    n = state.num_players
    assert [before[k] + int(won[k]) for k in range(n)] == end, f"seed {seed}"
    assert int(won[n]) == len(applied), f"seed {seed}"
    np.testing.assert_array_equal(module.compared(s), module.compared(module.from_state(pure, params)))
    return len(applied)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_playouts_from_hundreds_of_positions(game_id: str) -> None:
    played = [assert_lockstep(game_id, seed) for seed in range(200)]
    assert sum(n > 0 for n in played) >= 120 and sum(played) >= 500


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_same_trente_et_un_playouts_at_other_tables(players: int) -> None:
    played = [assert_lockstep("trente-et-un", 5000 + seed, players) for seed in range(100)]
    assert sum(n > 0 for n in played) >= 50 and sum(played) >= 250


def test_the_same_trente_et_un_playouts_with_the_hard_levels_own_bot() -> None:
    """The seat's own bot ``heuristic/knock_floor=32/cut_at=32`` (it waits for the others' knocks),
    the other seats the default heuristic: the kernel takes its parameters."""
    played = [assert_lockstep("trente-et-un", 9000 + seed, own=own) for seed in range(200)
              for own in ("heuristic/knock_floor=32/cut_at=32", "heuristic/knock_at=30/knock_by=3")]
    assert sum(n > 0 for n in played) >= 300


def test_another_bot_than_the_heuristic_leaves_the_pure_playout() -> None:
    """Another bot than the game's heuristic in the playout's seats, or as the seat's own: no
    compiled playout (the pure engine plays it)."""
    state = position("belle-flux-trente-un", 3)
    bot = ISMCTSBot("belle-flux-trente-un", 0, rollout="heuristic")
    bots = own_bots()["belle-flux-trente-un"]
    me = state.current_player()
    assert bot._heuristic_kernel(state, bots["heuristic"], None, -1) is not None
    assert bot._heuristic_kernel(state, bots["heuristic"], _own_factory("belle-flux-trente-un", "heuristic"),
                                 me) is not None
    assert bot._heuristic_kernel(state, bots["heuristic"], _own_factory("belle-flux-trente-un", "random"), me) is None
    assert bot._heuristic_kernel(state, bots["random"], None, -1) is None


def test_knobs_in_the_kernels_order() -> None:
    from academie.bots.ismcts import heuristic_knobs
    from academie.fast import belle_flux as B
    from academie.fast import trente_et_un as T

    assert heuristic_knobs(T, {}) == [27.0, 21.0, 22.0, 20.0]
    assert heuristic_knobs(T, {"cut_at": 32, "knock_by": 5}) == [27.0, 21.0, 32.0, 5.0]
    assert heuristic_knobs(T, {"samples": 3}) is None
    assert heuristic_knobs(B, {}) == [] and heuristic_knobs(B, {"samples": 3}) is None
    assert fast.available()
