"""Trente et un (Scat, 31, Ride the bus, Blitz): draw, discard, knock, lives.

Source: « Règles de Trente et un », a modern rules sheet (``[003]`` in :mod:`academie.sources`);
the readings of its gaps are tags T1–T11 of our catalogue of the sources' ambiguities, each an
option of :class:`TrenteEtUnOptions`.

>>> from academie.core.chance import SeededChance
>>> state = GAME.new_initial_state(3, {"lives": 1})
>>> chance = SeededChance(7)
>>> while state.is_chance_node():
...     state.apply_action(chance.choose(state))
>>> state.current_player(), state.legal_action_strings()
(1, ['stock', 'pile', 'knock'])
"""

from __future__ import annotations

from academie.core.game import Game, GameInfo
from academie.games.trente_et_un.options import TrenteEtUnOptions
from academie.games.trente_et_un.state import DISCARD, KNOCK, PILE, STOCK, TrenteEtUnState
from academie.games.trente_et_un.view import DealResult, TrenteEtUnView
from academie.sources import bibliography


class TrenteEtUn(Game):
    """The game of Trente et un. Seats 0…n-1 clockwise; seat 0 deals first."""

    info = GameInfo(
        id="trente-et-un",
        name="Trente et un",
        version=1,
        min_players=2,  # [003] «De deux à neuf joueurs avec un jeu ordinaire de 52 cartes.»
        max_players=9,
        default_players=4,
        sources=(bibliography("003"),),
        summary="Collect one suit towards 31; knock to end the round; lowest total loses a life.",
    )
    options_model = TrenteEtUnOptions

    def _new_state(self, num_players: int, options: TrenteEtUnOptions) -> TrenteEtUnState:
        return TrenteEtUnState(self, num_players, options)


GAME = TrenteEtUn()

__all__ = [
    "DISCARD", "GAME", "KNOCK", "PILE", "STOCK", "DealResult", "TrenteEtUn", "TrenteEtUnOptions",
    "TrenteEtUnState", "TrenteEtUnView",
]
