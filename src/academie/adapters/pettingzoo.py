"""Every game as a PettingZoo AEC environment (``pip install 'academie[pettingzoo]'``).

>>> from academie.adapters.pettingzoo import env
>>> e = env("reversis", num_players=4, deals=1)
>>> e.reset(seed=7)
>>> e.agent_selection, e.observation_space("player_0")["observation"].shape, int(e.action_space("player_0").n)
('player_3', (671,), 252)

``env(game_id, num_players=None, render_mode=None, **options)`` takes the game's id, the number
of seats (default the game's) and its options under their own names, each in its own type as a
record holds it (``deals=1``, ``deck="52"``, ``overtrump=False``; not ``deals=True`` nor
``deals="1"``); a bad id, count or option raises the game's error naming what is legal
(:class:`~academie.core.errors.UnknownGameError`, ``PlayerCountError``, ``OptionError``).

* Agents are ``player_0`` … ``player_{n-1}`` (seat ``k`` is ``player_k``); one episode is one
  match (:meth:`~academie.core.state.State.returns` at its end).
* Chance is resolved inside the environment with ``random.Random(seed)`` from
  ``reset(seed=…)``: the same seed and actions give the same match. ``reset()`` without a seed
  goes on drawing from the generator of the last seeded reset (Gymnasium's convention; from
  fresh entropy if none was seeded).
* A match over before anyone acts (Belle-Flux's 31 dealt in a one-deal match) is still an
  episode of one turn, as PettingZoo wants every agent alive after ``reset``: ``player_0``
  holds it with no legal action (an action mask of zeros) and steps ``None`` (or 0, what a
  masked sample of no legal action gives: ``Discrete.sample``), which terminates every agent
  with its rewards; any other action there raises
  :class:`~academie.core.errors.IllegalActionError`.
* Once every agent is done (``agents`` empty), ``step`` does nothing and warns, as
  PettingZoo's order-enforcing wrapper does for its own environments; a dead agent steps
  ``None`` (anything else raises PettingZoo's ``ValueError``); ``step`` and ``observe`` before
  ``reset`` raise PettingZoo's errors.
* ``action_space(agent)`` is ``Discrete(A)`` over the game's action ids (A as in
  :func:`~academie.adapters.common.action_space`: Trente et un 116, Belle-Flux 54, Blason 113,
  Reversis 252, Guimbarde 152); notation: :meth:`AcademieEnv.action_to_string`.
* ``observe(agent)`` is a dict: ``observation``, the information-state tensor of the agent's
  view (``float32``, the layout of :mod:`academie.adapters.tensors`: Trente et un 268+163n,
  Belle-Flux 62+166n, Blason 18+69n, Reversis 219+113n, Guimbarde 117+162n floats; a game
  without a layout of its own gets the generic one), and ``action_mask`` (``int8``, 1 at each
  legal action of the agent to act; zeros for the others). The seat's view only: the tensor
  is a copy of the seat's buffer, written in place (:mod:`academie.adapters.tensors.fast`).
* Rewards per deal, in counters: when a deal ends each agent receives the counters it won (+)
  or lost (−) in that deal, as the match's ledger books them (an ante counts in the deal it
  is booked to; a deal that ends before anyone acts in the episode is paid with the first
  step, as PettingZoo wants every reward 0 after ``reset``); at the end
  of the match each agent also receives what its return adds beyond its counters (Trente et
  un, played for lives: +1 for the winner, −1/(n−1) for the others). An episode's rewards add
  up to its returns. Illegal actions raise :class:`~academie.core.errors.IllegalActionError`,
  as does an action that is no integer (a ``bool``, a ``float``, a ``str``).
* ``render_mode="ansi"``: ``render()`` returns the table as everyone sees it (the public view
  drawn by the terminal interface's renderer; the view's JSON for a game without one); once the
  match is over, as the terminal interface ends one: the last deal's result (each seat's
  counters won or lost in it) and the final standings.
"""

from __future__ import annotations

import io
import json
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from academie.adapters.common import action_space
from academie.adapters.tensors import layouts
from academie.adapters.tensors.fast import Buffers, tensors
from academie.core.errors import IllegalActionError, OptionError
from academie.core.options import check_json_types
from academie.core.state import State


def env(game_id: str, num_players: int | None = None, render_mode: str | None = None, **options: Any) -> AcademieEnv:
    """An AEC environment of game ``game_id`` (see the module's text)."""
    return AcademieEnv(game_id, num_players, render_mode=render_mode, **options)


class AcademieEnv(AECEnv):
    """One academie game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "academie", "is_parallelizable": False}

    def __init__(self, game_id: str, num_players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        from academie.games import get_game

        super().__init__()
        game = get_game(game_id)
        n = game.info.default_players if num_players is None else num_players
        game.check_players(n)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not supported; the modes are: ansi (or None)")
        self.game = game
        check_json_types(game.options_model, options, what="option")  # deals=True is no 1, as in a record
        self.options = game.parse_options(options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"academie_{game_id.replace('-', '_')}"}
        self.layout = layouts(game, n, self.options).information
        self.tensors = tensors(game, n, self.options)
        self._buffers = Buffers()
        self.num_actions = action_space(game)
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        low, high = self.layout.bounds()
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low, high, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state_: State | None = None
        self._rng: random.Random | None = None
        self._closing = False  # the match ended before anyone acted: one turn left to end the episode

    # --- spaces ---------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # --- episode --------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match; chance drawn from ``random.Random(seed)`` (without a seed, from the
        generator of the last seeded reset). A seed is an integer from 0 (``"3"`` would draw
        another match than 3, and -5 that of 5): else :class:`~academie.core.errors.OptionError`,
        the episode as it was."""
        if isinstance(seed, np.integer):
            seed = int(seed)
        if seed is not None and (type(seed) is not int or seed < 0):
            raise OptionError(f"a seed is an integer from 0, or None, not {type(seed).__name__} {seed!r:.40}")
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        self.state_ = self.game.new_initial_state(len(self.possible_agents), self.options)
        self._buffers = Buffers()
        self.agents = self.possible_agents.copy()
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._paid = [0.0] * len(self.agents)  # rewards given so far, per seat
        self._read = 0  # ledger entries read so far
        self._pending: dict[int, list[float]] = {}  # deal -> counters won in it so far, per seat
        self._deal = self.state_.match.deal_number
        self._advance()
        self._select()
        # A deal may end before anyone acts: its rewards come with the first step's (after
        # reset every reward is 0 and every agent alive). A match over already is one turn of
        # player_0's with no legal action, whose step ends the episode.
        self._closing = self.state_.is_terminal()
        if self._closing:
            self.terminations = {a: False for a in self.agents}
            self.agent_selection = self.possible_agents[0]
        self._carry, self.rewards = self.rewards, {a: 0.0 for a in self.agents}

    def _read_ledger(self) -> None:
        """Add the ledger's new movements to the deal they belong to."""
        entries = self.state_.match.ledger.entries
        n = len(self.possible_agents)
        for entry in entries[self._read :]:
            won = self._pending.setdefault(entry.deal, [0.0] * n)
            if isinstance(entry.source, int) and 0 <= entry.source < n:
                won[entry.source] -= entry.amount
            if isinstance(entry.target, int) and 0 <= entry.target < n:
                won[entry.target] += entry.amount
        self._read = len(entries)

    def _pay(self, upto: int | None) -> None:
        """Reward the counters won in every deal up to ``upto`` (None: every deal)."""
        self._read_ledger()
        for deal in sorted(self._pending):
            if upto is None or deal <= upto:
                for s, won in enumerate(self._pending.pop(deal)):
                    self.rewards[self.possible_agents[s]] += won
                    self._paid[s] += won

    def _note(self) -> None:
        """After an action or outcome: pay the deal that just ended, if one did."""
        deal = self.state_.match.deal_number
        if deal != self._deal:
            self._pay(self._deal)
            self._deal = deal

    def _advance(self) -> None:
        """Resolve chance nodes with the episode's generator."""
        state = self.state_
        while state.is_chance_node():
            state.apply_action(state.sample_chance(self._rng), trusted=True)
            self._note()

    def _select(self) -> None:
        state = self.state_
        if state.is_terminal():
            self._pay(None)
            for s, a in enumerate(self.possible_agents):  # what the return adds beyond counters
                extra = float(state.returns()[s]) - self._paid[s]
                self.rewards[a] += extra
                self._paid[s] += extra
                self.terminations[a] = True
            self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def step(self, action: Any) -> None:
        """Apply ``action`` (an int of the action space) for :attr:`agent_selection`. Raises
        :class:`~academie.core.errors.IllegalActionError` naming the legal actions (the state
        untouched); ``None`` for a dead agent, or for the turn of a match over before anyone
        acted; nothing, with PettingZoo's warning, once every agent is done."""
        if self.state_ is None:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, np.integer):
            action = int(action)
        if self._closing:
            if action is not None and not (type(action) is int and action == 0):
                raise IllegalActionError(
                    f"the match ended before anyone acted: {agent} steps None (or 0) to end the episode,"
                    f" not {action!r:.40}", action, ())
            self._closing = False
            self._cumulative_rewards[agent] = 0.0
            self.rewards, self._carry = self._carry, {a: 0.0 for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            self._accumulate_rewards()
            return
        self.state_.apply_action(action)  # checked first: a bad action leaves the episode as it was
        self._cumulative_rewards[agent] = 0.0
        self.rewards, self._carry = self._carry, {a: 0.0 for a in self.agents}
        self._note()
        self._advance()
        self._select()
        self._accumulate_rewards()

    # --- observations ---------------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's information-state tensor (from its view) and its action mask."""
        state = self.state_
        if state is None:
            EnvLogger.error_observe_before_reset()
        seat = self._seat[agent]
        observation = self.tensors.information(state, seat, self._buffers).copy()
        mask = np.zeros(self.num_actions, np.int8)
        if not state.is_terminal() and state.current_player() == seat:
            mask[state.legal_actions()] = 1
        return {"observation": observation, "action_mask": mask}

    def action_to_string(self, action: int) -> str:
        """The notation of ``action`` now (``'KH'``, ``'knock'``); an action is an integer
        (``IllegalActionError`` for a ``bool``, a ``float``…)."""
        if self.state_ is None:
            EnvLogger.error_observe_before_reset()
        return self.state_.action_to_string(int(action) if isinstance(action, np.integer) else action)

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the public view as text; else None."""
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        view = self.state_.public_view()
        try:
            from rich.console import Console

            from academie.presentation.render import RENDERERS

            renderer = RENDERERS.get(self.game.info.id)
        except ImportError:
            renderer = None
        if renderer is None:
            return json.dumps(view.to_json(), ensure_ascii=False, indent=1)
        console = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
        state, names = self.state_, self.possible_agents
        if not state.is_terminal():
            console.print(renderer.render_turn(view, names))
            return console.file.getvalue()
        # the match is over: no turn to draw (its trick or round would be one past the last)
        from academie.presentation.narration import deal_deltas

        results = state.finished_results()
        entries = state.match.ledger.entries
        if results:
            last = results[-1]
            deltas = deal_deltas(entries, last.deal, state.num_players)
            console.print(renderer.render_result(last, names, view, deltas=deltas))
        console.print(renderer.render_end(view, names, results=results, ledger=entries))
        return console.file.getvalue()

    def close(self) -> None:
        pass
