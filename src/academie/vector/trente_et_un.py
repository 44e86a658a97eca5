"""``N`` matches of Trente et un stepped at once on the compiled kernel
(:mod:`academie.fast.trente_et_un`).

The rules are the kernel's, checked in lockstep against the pure engine
(:mod:`academie.games.trente_et_un`), for the options it implements
(:func:`academie.fast.supports`: all but ``thirty_one_check='on_draw'``); the observation is the
adapters' observation tensor of the seat to act (:mod:`academie.adapters.tensors.trente_et_un`:
``216 + 59n`` floats, 452 at four seats), written by the same compiled loop that steps the
matches (:mod:`academie.vector._trente_et_un`). Chance is drawn inside: the cards of each deal
as it starts, and the card drawn from the stock right after the action ``stock`` (the same seat
then acts again, to discard).
"""

from __future__ import annotations

import numpy as np

from academie.core.errors import IllegalActionError
from academie.vector.base import VectorMatches


class TrenteEtUnVector(VectorMatches):
    """``num_envs`` matches of Trente et un of ``num_players`` seats with ``options`` (see
    :func:`academie.vector.make`). Actions: ``stock`` 52, ``pile`` 53, ``knock`` 54, discard
    card ``c`` ``64 + c`` (``A = 116``). Rewards are the match's returns, in the step it ends:
    the winner +1, every other seat ``-1/(n-1)`` (all 0 when nobody is left, option
    ``all_out='eliminate'``); 0 in every other step."""

    game_id = "trente-et-un"
    autoreset_optional = False

    def _setup(self) -> None:
        from academie import fast
        from academie.vector import _trente_et_un as V

        self._k = V
        self.num_actions = V.NUM_ACTIONS
        self._params = fast.trente_et_un_params(self.options, self.num_players)
        self._offsets = np.array([self.layout.offset(name) for name in V.PIECES], dtype=np.int64)
        self._states = np.zeros((self.num_envs, V.K.SIZE), dtype=np.int64)
        self._extra = np.zeros((self.num_envs, V.EXTRA), dtype=np.int64)
        self._chance = np.zeros((self.num_envs, V.CHANCE_LOG), dtype=np.int64)
        self._chance_n = np.zeros(self.num_envs, dtype=np.int64)

    def _start_all(self) -> None:
        self._k.start_all(self._states, self._extra, self._rng, self._chance, self._chance_n, self._params,
                          self._offsets, self._obs, self._mask, self._player)

    def _step_all(self) -> None:
        step = self._k.step_all_parallel if self.parallel else self._k.step_all
        step(self._actions, self._states, self._extra, self._rng, self._chance, self._chance_n, self._params,
             self._offsets, self._obs, self._mask, self._rewards, self._done, self._player)

    def _first_illegal(self) -> int:
        return int(self._k.first_illegal(self._states, self._actions))

    def _random_into(self, out: np.ndarray) -> None:
        self._k.random_actions(self._states, self._picker, out)

    def chance_outcomes(self, i: int) -> list[int]:
        """The chance outcomes (card ids) match ``i`` drew in the last :meth:`step` or
        :meth:`reset`, in order: the cards dealt (to the seats in the deal's order, then the up
        card) and the card drawn from the stock; what a stacked deck gives the pure engine to
        replay them. Raises ``ValueError`` past the :data:`~academie.vector._trente_et_un.CHANCE_LOG`
        outcomes kept, ``IndexError`` for a match out of range."""
        if not 0 <= i < self.num_envs:
            raise IndexError(f"match {i} out of range (0 to {self.num_envs - 1})")
        count = int(self._chance_n[i])
        if count > self._k.CHANCE_LOG:
            raise ValueError(f"match {i} drew {count} chance outcomes in one step; {self._k.CHANCE_LOG} are kept")
        return [int(c) for c in self._chance[i, :count]]

    def action_to_string(self, action: int) -> str:
        """The notation of an action id (``'stock'``, ``'pile'``, ``'knock'``, the card code of a
        discard, ``'KH'``). Raises :class:`~academie.core.errors.IllegalActionError` for an id
        that is no player action."""
        from academie.cards import card_code

        action = int(action)
        names = {self._k.K.STOCK: "stock", self._k.K.PILE: "pile", self._k.K.KNOCK: "knock"}
        if action in names:
            return names[action]
        if self._k.K.DISCARD <= action < self._k.K.DISCARD + 52:
            return card_code(action - self._k.K.DISCARD)
        raise IllegalActionError(f"{action} is no player action of Trente et un (stock 52, pile 53, knock 54,"
                                 " discard 64-115)", action)
