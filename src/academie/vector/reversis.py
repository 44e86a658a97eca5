"""``N`` matches of Reversis stepped at once on the compiled kernel (:mod:`academie.fast.reversis`).

The rules are the kernel's, checked in lockstep against the pure engine
(:mod:`academie.games.reversis`), for the options it implements (:func:`academie.fast.supports`);
the observation is the adapters' observation tensor of the seat to act
(:mod:`academie.adapters.tensors.reversis`: ``219 + 61n`` floats), written by the same compiled
loop that steps the matches (:mod:`academie.vector._reversis`).
"""

from __future__ import annotations

import numpy as np

from academie.core.errors import IllegalActionError
from academie.vector.base import VectorMatches


class ReversisVector(VectorMatches):
    """``num_envs`` matches of Reversis of ``num_players`` seats with ``options`` (see
    :func:`academie.vector.make`; rewards in counters, jetons). With ``autoreset=False`` a
    finished match stays over, its final state readable (:meth:`views`), until :meth:`reset`:
    its ``current_player`` is -1, its legal mask empty, and any action for it raises
    :class:`~academie.core.errors.IllegalActionError`."""

    game_id = "reversis"

    def _setup(self) -> None:
        from academie import fast
        from academie.adapters.tensors import layouts
        from academie.vector import _reversis as V

        n = self.num_players
        self._k = V
        self.num_actions = V.NUM_ACTIONS
        self._params = fast.reversis_params(self.options, n)
        self._offsets = np.array([self.layout.offset(name) for name in V.PIECES], dtype=np.int64)
        both = layouts(self.game, n, self.options)
        self.information_layout = both.information
        self.information_size = both.information.size
        # the information state is the observation, then what each seat played this deal
        assert all(both.information.offset(name) == self.layout.offset(name) for name in V.PIECES)
        self._played = both.information.offset("played")
        self._views: dict[bool, np.ndarray] = {}
        self._ledger = np.zeros((0, 5), dtype=np.int64)  # payments are not recorded
        width = int(V.K.HEADER + self._params[2])
        self._states = np.zeros((self.num_envs, width), dtype=np.int64)
        self._extra = np.full((self.num_envs, V.EXTRA), -1, dtype=np.int64)
        self._prev = np.zeros((self.num_envs, n), dtype=np.int64)
        self._dealt = np.zeros((self.num_envs, 52), dtype=np.int64)

    def _start_all(self) -> None:
        self._k.start_all(self._states, self._extra, self._rng, self._prev, self._dealt, self._params, self._ledger,
                          self._offsets, self._obs, self._mask, self._player)

    def _step_all(self) -> None:
        step = self._k.step_all_parallel if self.parallel else self._k.step_all
        step(self._actions, self._states, self._extra, self._rng, self._prev, self._dealt, self._params, self._ledger,
             self._offsets, self._obs, self._mask, self._rewards, self._done, self._player, self.autoreset)

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

    def _first_illegal(self) -> int:
        return int(self._k.first_illegal(self._states, self._actions))

    def _random_into(self, out: np.ndarray) -> None:
        self._k.random_actions(self._states, self._picker, out)

    @property
    def deal_cards(self) -> np.ndarray:
        """Per match, the cards of its current deal in the order they were dealt (a copy; the
        first as many as the deal gives out, the rest of the pack after them): what a stacked
        deck gives the pure engine to replay the deal."""
        return self._dealt.copy()

    def action_to_string(self, action: int) -> str:
        """The notation of an action id (``'pass'``, ``'ecart KS'``, ``'play QH'``). Raises
        :class:`~academie.core.errors.IllegalActionError` for an id that is no player action."""
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
