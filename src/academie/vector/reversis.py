"""``N`` matches of Reversis stepped at once on the compiled kernel (:mod:`academie.fast.reversis`).

The rules are the kernel's, checked in lockstep against the pure engine
(:mod:`academie.games.reversis`), for the options it implements (:func:`academie.fast.supports`);
the observation is the adapters' observation tensor of the seat to act
(:mod:`academie.adapters.tensors.reversis`: ``219 + 61n`` floats), written by the same compiled
loop that steps the matches (:mod:`academie.vector._reversis`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from academie.core.errors import IllegalActionError, OptionError


class ReversisVector:
    """``num_envs`` matches of Reversis of ``num_players`` seats with ``options`` (see
    :func:`academie.vector.make`). With ``autoreset=False`` a finished match stays over, its
    final state readable (:meth:`views`), until :meth:`reset`: its ``current_player`` is -1, its
    legal mask empty, and any action for it raises
    :class:`~academie.core.errors.IllegalActionError`."""

    game_id = "reversis"

    def __init__(self, num_envs: int, seed: int | None = None, num_players: int = 4,
                 options: dict[str, Any] | None = None, parallel: bool = False, autoreset: bool = True) -> None:
        from academie import fast
        from academie.adapters.tensors import layouts
        from academie.core.options import check_json_types
        from academie.games import get_game
        from academie.vector import _reversis as V

        if not fast.available():
            raise ImportError("academie.vector needs numba and numpy: pip install 'academie[fast]'")
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs is an integer from 1, not {num_envs!r:.40}")
        game = get_game(self.game_id)
        game.check_players(num_players)
        options = dict(options or {})
        check_json_types(game.options_model, options, what="option")
        self.given_options = options
        self.options = game.parse_options(options)
        reason = fast.unsupported_reason(game, self.options, num_players)
        if reason is not None:
            raise OptionError(f"academie.vector plays Reversis on the compiled kernel: {reason}")
        self._k = V
        self.game = game
        self.num_envs = num_envs
        self.num_players = num_players
        self.parallel = bool(parallel)
        self.autoreset = bool(autoreset)
        self.num_actions = V.NUM_ACTIONS
        both = layouts(game, num_players, self.options)
        self.layout = both.observation
        self.information_layout = both.information
        self.observation_size = self.layout.size
        self.information_size = both.information.size
        self._params = fast.reversis_params(self.options, num_players)
        self._offsets = np.array([self.layout.offset(name) for name in V.PIECES], dtype=np.int64)
        # the information state is the observation, then what each seat played this deal
        assert all(both.information.offset(name) == self.layout.offset(name) for name in V.PIECES)
        self._played = both.information.offset("played")
        self._views: dict[bool, np.ndarray] = {}
        self._ledger = np.zeros((0, 5), dtype=np.int64)  # payments are not recorded
        width = int(V.K.HEADER + self._params[2])
        self._states = np.zeros((num_envs, width), dtype=np.int64)
        self._extra = np.full((num_envs, V.EXTRA), -1, dtype=np.int64)
        self._rng = np.zeros(num_envs, dtype=np.uint64)
        self._picker = np.zeros(num_envs, dtype=np.uint64)
        self._prev = np.zeros((num_envs, num_players), dtype=np.int64)
        self._dealt = np.zeros((num_envs, 52), dtype=np.int64)
        self._obs = np.zeros((num_envs, self.observation_size), dtype=np.float32)
        self._mask = np.zeros((num_envs, self.num_actions), dtype=np.bool_)
        self._rewards = np.zeros((num_envs, num_players), dtype=np.float32)
        self._done = np.zeros(num_envs, dtype=np.bool_)
        self._player = np.zeros(num_envs, dtype=np.int64)
        self._actions = np.zeros(num_envs, dtype=np.int64)
        self._seed = seed
        self._started = False

    # --- episodes -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every match anew, its first deal dealt. With ``seed`` (an integer from 0), every
        generator is seeded from it (match ``i``'s from ``seed`` and ``i``); without, from the
        seed given to :func:`~academie.vector.make` at the first reset, then going on from where
        the generators are. Returns ``(obs, legal_mask, current_player)``."""
        if isinstance(seed, np.integer):
            seed = int(seed)
        if seed is not None and (type(seed) is not int or seed < 0):
            raise OptionError(f"a seed is an integer from 0, or None, not {type(seed).__name__} {seed!r:.40}")
        if seed is None and not self._started:
            seed = self._seed
            if seed is None:
                seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
        if seed is not None:
            self._k.seed_all(self._rng, seed % (1 << 63))
            self._k.seed_all(self._picker, (seed ^ 0x5DEECE66D) % (1 << 63))
        self._k.start_all(self._states, self._extra, self._rng, self._prev, self._dealt, self._params, self._ledger,
                          self._offsets, self._obs, self._mask, self._player)
        self._rewards.fill(0.0)
        self._done.fill(False)
        self._started = True
        return self._obs, self._mask, self._player

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Apply one action per match (an integer array of shape ``(num_envs,)``: the action of
        each match's seat to act, among the adapters' action ids). A finished match starts anew
        in the same step (autoreset): its ``done`` is True, its rewards are those of its last
        step, and the observation, mask and player returned are those of its next match's first
        decision. Returns ``(obs, legal_mask, rewards, done, current_player)``.

        Raises :class:`~academie.core.errors.IllegalActionError` (naming the match, the action
        and its legal actions) when any action is illegal, ``ValueError`` for actions of
        another shape or type; every match is then left as it was."""
        if not self._started:
            raise RuntimeError("step before reset: call reset() first")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions has shape {a.shape}; it must be ({self.num_envs},): one per match")
        if a.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers (action ids), not {a.dtype}")
        np.copyto(self._actions, a, casting="unsafe")
        if a.dtype.kind == "u" and (a > np.iinfo(np.int64).max).any():
            self._actions[a > np.iinfo(np.int64).max] = -1
        bad = self._k.first_illegal(self._states, self._actions)
        if bad >= 0:
            legal = [int(x) for x in np.flatnonzero(self._mask[bad])]
            raise IllegalActionError(
                f"match {bad}: action {int(a[bad])} is not legal for seat {int(self._player[bad])};"
                f" its legal actions are {legal}", int(a[bad]), tuple(str(x) for x in legal))
        step = self._k.step_all_parallel if self.parallel else self._k.step_all
        step(self._actions, self._states, self._extra, self._rng, self._prev, self._dealt, self._params, self._ledger,
             self._offsets, self._obs, self._mask, self._rewards, self._done, self._player, self.autoreset)
        return self._obs, self._mask, self._rewards, self._done, self._player

    def views(self, information: bool = False) -> np.ndarray:
        """Every seat's tensor of every match now, ``(num_envs, num_players, size)`` ``float32``
        (row ``k``: seat ``k``'s view): its observation tensor (``219 + 61n`` floats), or with
        ``information`` its information-state tensor (``219 + 113n``: the observation, then
        every card each seat played this deal), the layouts of
        :mod:`academie.adapters.tensors.reversis`. A buffer of the environment's, rewritten at
        each call: copy it to keep it. Raises ``RuntimeError`` before :meth:`reset`."""
        if not self._started:
            raise RuntimeError("views before reset: call reset() first")
        information = bool(information)
        out = self._views.get(information)
        if out is None:
            size = self.information_size if information else self.observation_size
            out = self._views[information] = np.zeros((self.num_envs, self.num_players, size), dtype=np.float32)
        self._k.views_all(self._states, self._extra, self._offsets, self._played if information else -1, out)
        return out

    def random_actions(self) -> np.ndarray:
        """A legal action per match, uniformly among its legal ones (each match draws from a
        generator of its own, seeded with the others by :meth:`reset`): a new array (-1 for a
        match over, without autoreset)."""
        if not self._started:
            raise RuntimeError("random_actions before reset: call reset() first")
        out = np.empty(self.num_envs, dtype=np.int64)
        self._k.random_actions(self._states, self._picker, out)
        return out

    @property
    def deal_cards(self) -> np.ndarray:
        """Per match, the cards of its current deal in the order they were dealt (a copy; the
        first as many as the deal gives out, the rest of the pack after them): what a stacked
        deck gives the pure engine to replay the deal."""
        return self._dealt.copy()

    def action_to_string(self, action: int) -> str:
        """The notation of an action id (``'pass'``, ``'ecart KS'``, ``'play QH'``)."""
        from academie.cards import card_code

        action = int(action)
        if action == self._k.K.PASS:
            return "pass"
        if self._k.K.ECART <= action < self._k.K.ECART + 52:
            return f"ecart {card_code(action - self._k.K.ECART)}"
        if self._k.K.PLAY <= action < self._k.K.PLAY + 52:
            return f"play {card_code(action - self._k.K.PLAY)}"
        raise IllegalActionError(f"{action} is no player action of Reversis (pass 52, ecart 100-151, play 200-251)",
                                 action)

    def close(self) -> None:
        pass
