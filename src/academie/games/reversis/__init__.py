"""Reversis: trick avoidance with the quinola, the talon, the écart and the reversis; 4 or 5
players.

Source: ``shared/sources/001_c8610f8eed889209.txt`` (Diderot & d'Alembert, Encyclopédie, 1st
edition, « REVERSIS le jeu du »); readings: ``shared/rules/REFERENCE.md`` §2, tags R1–R17.
"""

from __future__ import annotations

from academie.core.game import Game, GameInfo
from academie.games.reversis.options import ReversisOptions, talon_size
from academie.games.reversis.rules import QUINOLA
from academie.games.reversis.state import ECART, PASS, PLAY, ReversisState
from academie.games.reversis.view import DealResult, ReversisView


class Reversis(Game):
    """The game of Reversis. Seat 0 deals first; the deal and play go to the right."""

    info = GameInfo(
        id="reversis",
        name="Reversis",
        version=2,
        min_players=4,  # [001] «on peut être quatre ou cinq personnes»
        max_players=5,
        default_players=4,
        sources=("001_c8610f8eed889209.txt",),
        summary="Take as few tricks and points as you can; the quinola, the talon and the reversis.",
    )
    options_model = ReversisOptions

    def _new_state(self, num_players: int, options: ReversisOptions) -> ReversisState:
        return ReversisState(self, num_players, options)


GAME = Reversis()

__all__ = ["ECART", "GAME", "PASS", "PLAY", "QUINOLA", "DealResult", "Reversis", "ReversisOptions",
           "ReversisState", "ReversisView", "talon_size"]
