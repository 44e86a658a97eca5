"""What every batch of :mod:`academie.vector` shares: the checks of the table and options, the
buffers returned (observations, legal masks, rewards, done flags, seats to act), the seeding,
the checks of the actions, the uniform random actions. A game's class (e.g.
:class:`~academie.vector.reversis.ReversisVector`) says how its compiled loops start, step
and check its matches."""

from __future__ import annotations

from typing import Any

import numpy as np

from academie.core.errors import IllegalActionError, OptionError


class VectorMatches:
    """``num_envs`` matches of :attr:`game_id` of ``num_players`` seats with ``options`` (see
    :func:`academie.vector.make`). A game's class sets :attr:`game_id`, and in :meth:`_setup`
    its kernel's arrays (``_states`` one row per match), ``num_actions`` and the loops'
    parameters; it provides :meth:`_start_all`, :meth:`_step_all`, :meth:`_first_illegal` and
    :meth:`_random_into`. With ``autoreset=False`` (where :attr:`autoreset_optional`) a finished
    match stays over until :meth:`reset`: its seat to act -1, its legal mask empty."""

    game_id = ""

    autoreset_optional = True
    """Whether the game's loop can leave a finished match over (``autoreset=False``)."""

    def __init__(self, num_envs: int, seed: int | None = None, num_players: int | None = None,
                 options: dict[str, Any] | None = None, parallel: bool = False, autoreset: bool = True) -> None:
        from academie import fast
        from academie.adapters.tensors import layouts
        from academie.core.options import check_json_types
        from academie.games import get_game

        if not fast.available():
            raise ImportError("academie.vector needs numba and numpy: pip install 'academie[fast]'")
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs is an integer from 1, not {num_envs!r:.40}")
        game = get_game(self.game_id)
        if num_players is None:
            num_players = game.info.default_players
        game.check_players(num_players)
        options = dict(options or {})
        check_json_types(game.options_model, options, what="option")
        self.given_options = options
        self.options = game.parse_options(options)
        reason = fast.unsupported_reason(game, self.options, num_players)
        if reason is not None:
            raise OptionError(f"academie.vector plays {game.info.name} on the compiled kernel: {reason}")
        self.game = game
        self.num_envs = num_envs
        self.num_players = num_players
        self.parallel = bool(parallel)
        self.autoreset = bool(autoreset)
        if not self.autoreset and not self.autoreset_optional:
            raise OptionError(f"academie.vector's {game.info.name} starts its finished matches anew itself: "
                              "autoreset=False is for Reversis")
        self.layout = layouts(game, num_players, self.options).observation
        self.observation_size = self.layout.size
        self.num_actions = 0
        self._setup()
        self._rng = np.zeros(num_envs, dtype=np.uint64)
        self._picker = np.zeros(num_envs, dtype=np.uint64)
        self._obs = np.zeros((num_envs, self.observation_size), dtype=np.float32)
        self._mask = np.zeros((num_envs, self.num_actions), dtype=np.bool_)
        self._rewards = np.zeros((num_envs, num_players), dtype=np.float32)
        self._done = np.zeros(num_envs, dtype=np.bool_)
        self._player = np.zeros(num_envs, dtype=np.int64)
        self._actions = np.zeros(num_envs, dtype=np.int64)
        self._seed = seed
        self._started = False

    # --- what a game's class provides -------------------------------------------------------------
    def _setup(self) -> None:
        raise NotImplementedError

    def _start_all(self) -> None:
        """Every match anew: ``_obs``, ``_mask`` and ``_player`` written for its first decision."""
        raise NotImplementedError

    def _step_all(self) -> None:
        """One step of every match with ``_actions`` (all legal), in place."""
        raise NotImplementedError

    def _first_illegal(self) -> int:
        """The first match whose action of ``_actions`` is not legal, -1 when all are."""
        raise NotImplementedError

    def _random_into(self, out: np.ndarray) -> None:
        """A legal action per match into ``out``, uniformly, drawn from ``_picker``."""
        raise NotImplementedError

    # --- episodes -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every match anew, its first deal dealt. With ``seed`` (an integer from 0), every
        generator is seeded from it (match ``i``'s from ``seed`` and ``i``); without, from the
        seed given to :func:`~academie.vector.make` at the first reset, then going on from where
        the generators are. Returns ``(obs, legal_mask, current_player)``; raises
        :class:`~academie.core.errors.OptionError` for a bad seed."""
        from academie.vector._rng import seed_all

        if isinstance(seed, np.integer):
            seed = int(seed)
        if seed is not None and (type(seed) is not int or seed < 0):
            raise OptionError(f"a seed is an integer from 0, or None, not {type(seed).__name__} {seed!r:.40}")
        if seed is None and not self._started:
            seed = self._seed
            if seed is None:
                seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
        if seed is not None:
            seed_all(self._rng, seed % (1 << 63))
            seed_all(self._picker, (seed ^ 0x5DEECE66D) % (1 << 63))
        self._start_all()
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
        another shape or type, ``RuntimeError`` before :meth:`reset`; every match is then left
        as it was."""
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
        bad = self._first_illegal()
        if bad >= 0:
            legal = [int(x) for x in np.flatnonzero(self._mask[bad])]
            raise IllegalActionError(
                f"match {bad}: action {int(a[bad])} is not legal for seat {int(self._player[bad])};"
                f" its legal actions are {legal}", int(a[bad]), tuple(str(x) for x in legal))
        self._step_all()
        return self._obs, self._mask, self._rewards, self._done, self._player

    def random_actions(self) -> np.ndarray:
        """A legal action per match, uniformly among its legal ones (each match draws from a
        generator of its own, seeded with the others by :meth:`reset`): a new ``int64`` array
        of shape ``(num_envs,)`` (-1 for a match over, without autoreset). Raises
        ``RuntimeError`` before :meth:`reset`."""
        if not self._started:
            raise RuntimeError("random_actions before reset: call reset() first")
        out = np.empty(self.num_envs, dtype=np.int64)
        self._random_into(out)
        return out

    def close(self) -> None:
        pass
