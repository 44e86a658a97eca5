"""A ``gymnasium.vector.VectorEnv`` over :func:`academie.vector.make` (the extra
``academie[pettingzoo]`` brings Gymnasium): self-play, one learner choosing for whichever seat
is to act in each match.

>>> from academie.vector.gymnasium_env import ReversisVectorEnv
>>> env = ReversisVectorEnv(num_envs=4, seed=1, options={"deals": 1})
>>> obs, info = env.reset()
>>> obs.shape, info["action_mask"].shape, info["current_player"].shape
((4, 463), (4, 252), (4,))
>>> obs, reward, terminated, truncated, info = env.step(env.sample_legal())
>>> reward.shape, terminated.dtype, info["rewards"].shape
((4,), dtype('bool'), (4, 4))

* ``observation_space``: ``Box(-inf, inf, (N, obs_size), float32)``, the observation tensor of each
  match's seat to act (:mod:`academie.adapters.tensors`); ``action_space``:
  ``MultiDiscrete([A] * N)`` over the adapters' action ids. An action must be legal: the mask is
  ``info["action_mask"]`` (``(N, A)`` bool); an illegal one raises
  :class:`~academie.core.errors.IllegalActionError` and changes nothing.
* ``reward`` ``(N,)``: the counters (jetons) won or lost in that step by the seat that acted;
  every seat's are in ``info["rewards"]`` ``(N, num_players)``, and the seat to act next in
  ``info["current_player"]``.
* ``terminated``: the match ended in that step; ``truncated`` is always False. Autoreset is
  Gymnasium's ``SAME_STEP`` mode: the observation returned for a finished match is its next
  match's first (the finished match has no decision left to observe, so there is no
  ``final_obs``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import gymnasium
    from gymnasium.vector import AutoresetMode, VectorEnv
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError("academie.vector.gymnasium_env needs Gymnasium: pip install 'academie[pettingzoo]'") from exc

from academie.vector import make


class ReversisVectorEnv(VectorEnv):
    """``num_envs`` Reversis matches as one Gymnasium vector environment (arguments as
    :func:`academie.vector.make`)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int, seed: int | None = None, num_players: int = 4,
                 options: dict[str, Any] | None = None, parallel: bool = False) -> None:
        self.env = make("reversis", num_envs=num_envs, seed=seed, num_players=num_players,
                        options=options, parallel=parallel)
        self.num_envs = num_envs
        size, actions = self.env.observation_size, self.env.num_actions
        self.single_observation_space = gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(actions)
        self.observation_space = gymnasium.spaces.Box(-np.inf, np.inf, (num_envs, size), np.float32)
        self.action_space = gymnasium.spaces.MultiDiscrete(np.full(num_envs, actions))
        self._player = np.zeros(num_envs, dtype=np.int64)

    def _info(self, mask: np.ndarray, player: np.ndarray, rewards: np.ndarray | None = None) -> dict[str, Any]:
        info = {"action_mask": mask, "current_player": player}
        if rewards is not None:
            info["rewards"] = rewards
        return info

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        """Every match anew (with ``seed``: reseeded); ``(obs, info)``. ``options`` must be None:
        the game's options are the constructor's."""
        if options is not None:
            raise ValueError("the game's options are given to the constructor, not to reset()")
        obs, mask, player = self.env.reset(seed=seed)
        self._player = player.copy()
        return obs, self._info(mask, player)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict]:
        """One action id per match, for its seat to act; ``(obs, reward, terminated,
        truncated, info)`` as the module says."""
        acting = self._player
        obs, mask, rewards, done, player = self.env.step(actions)
        reward = rewards[np.arange(self.num_envs), acting].astype(np.float32)
        self._player = player.copy()
        return obs, reward, done.copy(), np.zeros(self.num_envs, dtype=np.bool_), self._info(mask, player, rewards)

    def sample_legal(self) -> np.ndarray:
        """A uniformly random legal action for each match (``(N,)`` int64)."""
        return self.env.random_actions()

    def close(self, **kwargs: Any) -> None:
        self.env.close()
