"""The Gymnasium wrapper of the batch API: the same trajectories as :func:`academie.vector.make`,
the acting seat's reward, Gymnasium's spaces and SAME_STEP autoreset."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from academie import vector  # noqa: E402
from academie.core.errors import IllegalActionError  # noqa: E402
from academie.vector.gymnasium_env import ReversisVectorEnv  # noqa: E402


def test_the_wrapper_steps_the_same_matches_and_pays_the_acting_seat():
    env = ReversisVectorEnv(num_envs=6, seed=11, options={"deals": 1})
    raw = vector.make("reversis", num_envs=6, seed=11, num_players=4, options={"deals": 1})
    obs, info = env.reset()
    raw_obs, raw_mask, raw_player = raw.reset()
    assert env.observation_space.shape == (6, 463) and env.action_space.shape == (6,)
    assert env.single_observation_space.contains(obs[0]) and env.observation_space.contains(obs)
    finished = 0
    for _ in range(400):
        np.testing.assert_array_equal(obs, raw_obs)
        np.testing.assert_array_equal(info["action_mask"], raw_mask)
        acting = info["current_player"].copy()
        actions = env.sample_legal()
        assert all(info["action_mask"][i, a] for i, a in enumerate(actions))
        obs, reward, terminated, truncated, info = env.step(actions)
        raw_obs, raw_mask, raw_rewards, raw_done, raw_player = raw.step(actions)
        np.testing.assert_array_equal(reward, raw_rewards[np.arange(6), acting])
        np.testing.assert_array_equal(info["rewards"], raw_rewards)
        np.testing.assert_array_equal(terminated, raw_done)
        assert not truncated.any()
        finished += int(terminated.sum())
    assert finished > 0  # matches of one deal end and start again within 400 steps


def test_an_illegal_action_is_refused_and_options_go_to_the_constructor():
    env = ReversisVectorEnv(num_envs=2, seed=3, options={"deals": 1})
    obs, info = env.reset()
    before = obs.copy()
    illegal = np.array([int(np.flatnonzero(~info["action_mask"][0])[0]), 0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    np.testing.assert_array_equal(env.env._obs, before)
    with pytest.raises(ValueError, match="constructor"):
        env.reset(options={"deals": 2})
