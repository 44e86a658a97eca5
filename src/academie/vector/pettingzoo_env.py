"""A PettingZoo ``ParallelEnv`` over :func:`academie.vector.make`: one Reversis match on the
compiled kernel, every seat observing at every step (the extras ``academie[fast,pettingzoo]``).

>>> from academie.vector.pettingzoo_env import parallel_env
>>> env = parallel_env("reversis", num_players=4, deals=1)
>>> observations, infos = env.reset(seed=7)
>>> observations["player_0"]["observation"].shape, int(env.action_space("player_0").n)
((671,), 252)
>>> [a for a in env.agents if infos[a]["to_act"]] == [a for a in env.agents if observations[a]["action_mask"].any()]
True
>>> actions = {a: env.action_space(a).sample(observations[a]["action_mask"]) for a in env.agents}
>>> observations, rewards, terminations, truncations, infos = env.step(actions)
>>> sorted(rewards) == env.possible_agents, any(terminations.values())
(True, False)

``parallel_env(game_id, num_players=None, **options)`` takes what
:func:`academie.adapters.pettingzoo.env` takes (the game's id, the number of seats, its options
under their own names and types); a game the batch API does not step raises
:class:`~academie.core.errors.UnknownGameError`, options its kernel does not play
:class:`~academie.core.errors.OptionError`.

* Agents ``player_0`` … ``player_{n-1}`` (seat ``k`` is ``player_k``); one episode is one match.
  The game is turn-based: at each step one agent acts, the one whose ``infos[agent]["to_act"]``
  is True and whose ``action_mask`` has ones.
* ``observations[agent]`` is the single-game adapter's: a dict of ``observation``, the agent's
  information-state tensor (``float32``, ``219 + 113n`` floats, the layout of
  :mod:`academie.adapters.tensors.reversis`), and ``action_mask`` (``int8`` ``(252,)``: 1 at each
  legal action of the agent to act, zeros for the others). The same deals and actions give the
  same tensors as :func:`academie.adapters.pettingzoo.env` (checked in lockstep,
  ``tests/vector/test_pettingzoo_env.py``); the arrays are new at each step.
* ``step(actions)``: ``actions[agent]`` for the agent to act, an action id it may play (else
  :class:`~academie.core.errors.IllegalActionError`, the match unchanged, also when it is missing);
  the other agents' actions are ignored, whatever they are (``None``, or the 0 a masked
  ``Discrete.sample`` of zeros gives).
* ``rewards``: the counters (jetons) each seat won or lost in that step (a trick's payments, a
  deal's end, the next deal's ante; the first ante with the first step): an episode's rewards add
  up to the match's counters moved. The single-game adapter pays the same counters by deals.
* When the match ends every agent is terminated (``truncations`` are always False), its final
  observation the table as it ends (no agent to act); ``agents`` is then empty and ``step``
  raises ``RuntimeError`` until ``reset``.
* ``reset(seed=None, options=None)``: a new match; with ``seed`` (an integer from 0) the generator
  is seeded from it, without it goes on drawing from where it is (the first reset of an
  environment made without seed: fresh entropy). ``options`` is accepted and unused (the game's
  options are the constructor's). Chance is drawn by the kernel's generator, not Python's
  ``random``: the same seed gives the same match here, another than the single-game adapter's.

Batches: this environment steps one match (a :class:`~academie.vector.reversis.ReversisVector`
of ``num_envs=1`` without autoreset). For many matches at the kernel's speed step the batch API
itself: ``vector.make("reversis", num_envs=N)`` and ``env.views(information=True)``, every
seat's tensor of every match ``(N, n, 219 + 113n)``, beside the legal mask and rewards of
``step`` (or :mod:`academie.vector.gymnasium_env` for one learner in self-play).
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import ParallelEnv
except ImportError as exc:  # pragma: no cover - the extra is missing
    raise ImportError("academie.vector.pettingzoo_env needs PettingZoo: pip install 'academie[pettingzoo]'") from exc

from academie.core.errors import IllegalActionError
from academie.vector import make


def parallel_env(game_id: str, num_players: int | None = None, **options: Any) -> ReversisParallelEnv:
    """A parallel environment of ``game_id`` on the batch API (see the module's text)."""
    return ReversisParallelEnv(game_id, num_players, **options)


class ReversisParallelEnv(ParallelEnv):
    """One Reversis match on the compiled kernel as a PettingZoo ``ParallelEnv``."""

    metadata = {"render_modes": [], "name": "academie_reversis_parallel"}

    def __init__(self, game_id: str = "reversis", num_players: int | None = None, **options: Any) -> None:
        if game_id != "reversis":
            from academie.core.errors import UnknownGameError

            raise UnknownGameError(f"parallel_env steps 'reversis' only, not {game_id!r:.40} (for Trente et un: "
                                   "academie.vector.make('trente-et-un', …) or academie.adapters.pettingzoo.env)")
        self.vector = make(game_id, num_envs=1, num_players=num_players, options=options, autoreset=False)
        n = self.vector.num_players
        self.render_mode = None
        self.num_actions = self.vector.num_actions
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agents: list[str] = []
        layout = self.vector.information_layout
        low, high = layout.bounds()
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low, high, (layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._player = -1
        self._action = np.zeros(1, dtype=np.int64)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def _observe(self, mask: np.ndarray, player: int) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict]]:
        views = self.vector.views(information=True)[0].copy()
        masks = np.zeros((len(self.possible_agents), self.num_actions), dtype=np.int8)
        if player >= 0:
            masks[player] = mask[0]
        observations = {a: {"observation": views[s], "action_mask": masks[s]}
                        for s, a in enumerate(self.possible_agents)}
        infos = {a: {"to_act": s == player} for s, a in enumerate(self.possible_agents)}
        return observations, infos

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        """A new match (see the module's text); ``(observations, infos)``. A bad seed raises
        :class:`~academie.core.errors.OptionError`."""
        _, mask, player = self.vector.reset(seed=seed)
        self._player = int(player[0])
        self.agents = self.possible_agents.copy()
        return self._observe(mask, self._player)

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """The acting agent's action of ``actions`` applied; ``(observations, rewards,
        terminations, truncations, infos)``, each a dict over every agent of the match."""
        if not self.agents:
            raise RuntimeError("the match is over (or not begun): call reset()")
        agent = self.possible_agents[self._player]
        if agent not in actions:
            raise IllegalActionError(f"{agent} is to act, and actions holds no action of {agent} (its keys: "
                                     f"{sorted(map(str, actions))[:8]}); the other agents' actions are ignored", None, ())
        action = actions[agent]
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, np.integer):
            action = int(action)
        if type(action) is not int:
            raise IllegalActionError(f"{agent} acts: an action id (int), not {type(action).__name__} {action!r:.40}",
                                     action, ())
        self._action[0] = action
        _, mask, rewards, done, player = self.vector.step(self._action)
        self._player = int(player[0])
        observations, infos = self._observe(mask, self._player)
        over = bool(done[0])
        agents = self.agents
        reward = {a: float(rewards[0, s]) for s, a in enumerate(agents)}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        if over:
            self.agents = []
        return observations, reward, terminations, truncations, infos

    def action_to_string(self, action: int) -> str:
        """The notation of an action id (``'pass'``, ``'ecart KS'``, ``'play QH'``)."""
        return self.vector.action_to_string(action)

    def render(self) -> None:
        return None

    def close(self) -> None:
        self.vector.close()
