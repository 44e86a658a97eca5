"""academie.vector's Trente et un against the pure engine, the reference: the same seeds and
actions give, match by match and step by step, the vector's observations equal to the adapters'
view encoders' tensors of the pure state (dealt and drawn the vector's chance outcomes as a
stacked deck), the same legal actions, seat to act and rewards (the match's returns at its
end), through autoresets; the same trajectories for the same seed, on one core and on several;
bad input changes nothing."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import vector  # noqa: E402
from academie.adapters.common import action_space  # noqa: E402
from academie.adapters.tensors.fast import Buffers, tensors  # noqa: E402
from academie.core.errors import IllegalActionError, OptionError, PlayerCountError  # noqa: E402
from academie.fast import trente_et_un as K  # noqa: E402
from academie.fast import trente_et_un_params  # noqa: E402
from academie.games import get_game  # noqa: E402
from academie.vector import _trente_et_un as V  # noqa: E402

GAME = get_game("trente-et-un")


class Replay:
    """The pure engine's matches beside the vector's, fed the vector's chance outcomes."""

    def __init__(self, env) -> None:
        self.env = env
        self.opts = GAME.parse_options(env.given_options)
        self.tensors = tensors(GAME, env.num_players, self.opts, fast=False)  # the view encoders
        self.pures = [None] * env.num_envs
        self.seen = {"matches": 0, "checked": 0, "knock": 0, "pile": 0, "stock": 0, "discard": 0, "rounds": 0,
                     "previous_hand": 0, "on_bus": 0, "eliminated": 0, "knocker": 0, "reshuffle": 0, "won": 0}

    def new(self, i: int) -> None:
        self.pures[i] = GAME.new_initial_state(self.env.num_players, self.opts)
        self.seen["matches"] += 1

    def draw(self, i: int, outcomes: list[int]) -> list[int]:
        pure = self.pures[i]
        while pure.is_chance_node():
            pure.apply_action(outcomes.pop(0))
        return outcomes

    def check(self, i: int, obs, mask, player) -> None:
        pure = self.pures[i]
        seat = pure.current_player()
        assert int(player[i]) == seat
        assert np.flatnonzero(mask[i]).tolist() == sorted(pure.legal_actions())
        expected = self.tensors.observation(pure, seat, Buffers())
        np.testing.assert_array_equal(obs[i], expected)
        self.seen["checked"] += 1
        view = pure.view(seat)
        self.seen["previous_hand"] += bool(view.previous_hand)
        self.seen["on_bus"] += any(lv == 0 and not out for lv, out in zip(view.lives, view.eliminated))
        self.seen["eliminated"] += any(view.eliminated)
        self.seen["knocker"] += view.knocker is not None
        self.seen["reshuffle"] += any(kind == "reshuffle" for kind, _, _ in view.log)

    def start(self, i: int, obs, mask, player) -> None:
        self.new(i)
        outcomes = self.draw(i, self.env.chance_outcomes(i))
        while outcomes:  # a match over before any decision (31s dealt): started anew
            assert self.pures[i].is_terminal()
            self.new(i)
            outcomes = self.draw(i, outcomes)
        self.check(i, obs, mask, player)

    def step(self, i: int, action: int, obs, mask, rewards, done, player) -> None:
        pure = self.pures[i]
        self.seen[{52: "stock", 53: "pile", 54: "knock"}.get(action, "discard")] += 1
        rounds = pure.stats["rounds"]
        pure.apply_action(action)
        outcomes = self.draw(i, self.env.chance_outcomes(i))
        self.seen["rounds"] += pure.stats["rounds"] - rounds
        assert bool(done[i]) == pure.is_terminal()
        assert rewards[i].tolist() == [float(np.float32(r)) for r in pure.returns()]
        if pure.is_terminal():
            self.seen["won"] += pure.winner is not None
            self.new(i)
            outcomes = self.draw(i, outcomes)
            while outcomes:
                assert self.pures[i].is_terminal()
                self.new(i)
                outcomes = self.draw(i, outcomes)
        else:
            assert outcomes == []
        self.check(i, obs, mask, player)


def run_lockstep(num_players: int, options: dict, seed: int, num_envs: int, steps: int, knocks: bool = True) -> dict:
    env = vector.make("trente-et-un", num_envs=num_envs, seed=seed, num_players=num_players, options=options)
    replay = Replay(env)
    obs, mask, player = env.reset()
    for i in range(num_envs):
        replay.start(i, obs, mask, player)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        actions = env.random_actions()
        # knocks are one in three draws at random: now and then the stock, to see matches last
        stock_ok = mask[:, K.STOCK]
        actions = np.where(stock_ok & (rng.random(num_envs) < 0.3), K.STOCK, actions)
        if not knocks:  # deals long enough to empty the stock
            actions = np.where(actions == K.KNOCK, K.PILE, actions)
        obs, mask, rewards, done, player = env.step(actions)
        for i in range(num_envs):
            replay.step(i, int(actions[i]), obs, mask, rewards, done, player)
    return replay.seen


def test_lockstep_with_the_pure_engine_and_the_view_encoders() -> None:
    """Eight matches at four seats, 2,000 steps: autoresets on the way; every observation,
    mask, seat and reward equal; every action kind, the bus, eliminations, knocks and the
    stock made anew from the pile met."""
    seen = run_lockstep(4, {}, seed=11, num_envs=8, steps=2000)
    assert seen["checked"] == 8 * 2001 and seen["matches"] >= 8 + 20
    for name in ("knock", "pile", "stock", "discard", "previous_hand", "on_bus", "eliminated", "knocker", "won"):
        assert seen[name] > 0, name
    assert seen["rounds"] > 300


@pytest.mark.parametrize("num_players,options", [
    (2, {}),
    (3, {"brelan": "30.5", "no_knock_first_round": True, "knocker_tie": "safe", "lives": 1}),
    (5, {"direction": "counterclockwise", "bus": "none", "all_out": "eliminate", "stock_exhausted": "end_round",
         "forbid_same_discard": True, "thirty_one_after_knock": "knocker_loses_2", "dealt_thirty_one": "all_safe"}),
    (9, {"brelan": "30", "knocker_tie": "lose1"}),
])
def test_lockstep_other_tables_and_options(num_players: int, options: dict) -> None:
    seen = run_lockstep(num_players, options, seed=5, num_envs=4, steps=400)
    assert seen["matches"] > 4 and seen["checked"] == 4 * 401


def test_lockstep_through_the_stock_made_anew_from_the_pile() -> None:
    """Nobody knocks: the deals go on until a 31 or the stock runs out, which makes the pile
    but its top card the new stock (or ends the round, option stock_exhausted)."""
    seen = run_lockstep(3, {}, seed=3, num_envs=4, steps=600, knocks=False)
    assert seen["reshuffle"] > 0 and seen["knock"] == 0
    seen = run_lockstep(2, {"stock_exhausted": "end_round"}, seed=3, num_envs=4, steps=600, knocks=False)
    assert seen["rounds"] > 4 and seen["knock"] == 0


def test_the_action_space_is_the_adapters() -> None:
    env = vector.make("trente-et-un", 2, seed=1)
    assert env.num_actions == action_space(GAME) == 116
    assert env.observation_size == 452 and env.num_players == 4
    assert [env.action_to_string(a) for a in (52, 53, 54, 64 + 22)] == ["stock", "pile", "knock", "JH"]
    with pytest.raises(IllegalActionError):
        env.action_to_string(60)


def _trajectory(env, steps: int):
    out = [tuple(a.copy() for a in env.reset())]
    for _ in range(steps):
        actions = env.random_actions()
        out.append((actions, *(a.copy() for a in env.step(actions))))
    return out


def _same(a, b) -> bool:
    return len(a) == len(b) and all(all(np.array_equal(x, y) for x, y in zip(p, q)) for p, q in zip(a, b))


def test_same_seed_same_trajectories_on_one_core_and_on_several() -> None:
    one = _trajectory(vector.make("trente-et-un", 64, seed=9, num_players=3), 150)
    again = _trajectory(vector.make("trente-et-un", 64, seed=9, num_players=3), 150)
    threads = _trajectory(vector.make("trente-et-un", 64, seed=9, num_players=3, parallel=True), 150)
    other = _trajectory(vector.make("trente-et-un", 64, seed=10, num_players=3), 150)
    assert _same(one, again) and _same(one, threads)
    assert not _same(one, other)
    assert any(step[4].any() for step in one[1:])  # matches ended (and started anew) on the way
    env = vector.make("trente-et-un", 64, seed=9, num_players=3)
    np.testing.assert_array_equal(env.reset()[0], one[0][0])
    assert not np.array_equal(env.reset()[0], one[0][0])
    obs = env.reset(seed=9)[0]
    np.testing.assert_array_equal(obs, one[0][0])
    assert len({row.tobytes() for row in obs}) == 64


def test_a_new_match_is_the_kernels_new_state() -> None:
    opts = GAME.parse_options({"lives": 5, "brelan": "30.5", "bus": "none"})
    params = trente_et_un_params(opts, 6)
    s = np.full(K.SIZE, 77, dtype=np.int64)
    V.new_match(s, params)
    np.testing.assert_array_equal(K.compared(s), K.compared(K.new_state(params)))


def test_rewards_are_the_returns_at_the_end() -> None:
    env = vector.make("trente-et-un", 16, seed=4, num_players=3)
    env.reset()
    ends = 0
    for _ in range(600):
        obs, mask, rewards, done, player = env.step(env.random_actions())
        assert not rewards[~done].any()
        for row in rewards[done]:
            assert sorted(row.tolist()) == [-0.5, -0.5, 1.0]
            ends += 1
    assert ends >= 16


def test_bad_input_raises_and_changes_nothing() -> None:
    env = vector.make("trente-et-un", 4, seed=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step([52, 52, 52, 52])
    obs, mask, player = env.reset()
    before = (obs.copy(), mask.copy(), player.copy(), env._states.copy(), env._rng.copy(), env._extra.copy())
    good = env.random_actions()
    bad = good.copy()
    bad[2] = 64 + int(np.flatnonzero(~mask[2, 64:])[0])  # a card it does not hold, in the draw
    with pytest.raises(IllegalActionError, match=r"match 2: action \d+ is not legal for seat \d; its legal actions"):
        env.step(bad)
    for wrong, error in (([1, 2], "shape"), (good.astype(float), "integers"), ([[1, 2, 3, 4]], "shape")):
        with pytest.raises(ValueError, match=error):
            env.step(wrong)
    for value in (-3, 0, 51, 55, 63, 116):  # chance's cards are no player's action
        with pytest.raises(IllegalActionError):
            env.step(np.full(4, value))
    after = (obs, mask, player, env._states, env._rng, env._extra)
    assert all(np.array_equal(x, y) for x, y in zip(before, after))
    env.step(good)  # and the good actions still play
    with pytest.raises(OptionError, match="thirty_one_check='after_discard' only"):
        vector.make("trente-et-un", 4, options={"thirty_one_check": "on_draw"})
    with pytest.raises(OptionError):
        vector.make("trente-et-un", 4, options={"lives": "2"})
    with pytest.raises(PlayerCountError):
        vector.make("trente-et-un", 4, num_players=10)
    with pytest.raises(OptionError, match="autoreset=False is for Reversis"):
        vector.make("trente-et-un", 4, autoreset=False)
    with pytest.raises(ValueError, match="num_envs"):
        vector.make("trente-et-un", 0)
    with pytest.raises(OptionError, match="seed"):
        env.reset(seed=-1)
