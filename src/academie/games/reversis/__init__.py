"""Reversis: trick avoidance with the quinola, the talon, the écart and the reversis; 4 or 5
players.

Source: Diderot & d'Alembert, *Encyclopédie*, 1st edition, art. « Reversis » (``[001]`` in
:mod:`academie.sources`); readings: tags R1–R22 of our catalogue of the sources' ambiguities.
"""

from __future__ import annotations

from academie.core.game import Game, GameInfo
from academie.games.reversis.options import ReversisOptions, talon_size
from academie.games.reversis.rules import QUINOLA
from academie.games.reversis.state import ECART, PASS, PLAY, ReversisState
from academie.games.reversis.view import DealResult, ReversisView
from academie.sources import bibliography


class Reversis(Game):
    """The game of Reversis. Seat 0 deals first; the deal and play go to the right."""

    info = GameInfo(
        id="reversis",
        name="Reversis",
        version=2,
        min_players=4,  # [001] «on peut être quatre ou cinq personnes»
        max_players=5,
        default_players=4,
        sources=(bibliography("001"),),
        summary="Take as few tricks and points as you can; the quinola, the talon and the reversis.",
    )
    options_model = ReversisOptions

    def _new_state(self, num_players: int, options: ReversisOptions) -> ReversisState:
        return ReversisState(self, num_players, options)


GAME = Reversis()

__all__ = ["ECART", "GAME", "PASS", "PLAY", "QUINOLA", "DealResult", "Reversis", "ReversisOptions",
           "ReversisState", "ReversisView", "talon_size"]
