"""Jeu du Blason, by M. de Fer: a Game-of-the-Goose race on 63 heraldic squares.

Source: Lacombe, Encyclopédie méthodique, *Dictionnaire des jeux mathématiques*, 1798, 2nd part
pp. 22-23, art. « Blason (jeu du) » (``[002]`` in :mod:`academie.sources`); readings: tags L1–L13
of our catalogue of the sources' ambiguities.
"""

from __future__ import annotations

from academie.core.game import Game, GameInfo
from academie.games.blason.board import GOAL, Square, make_board
from academie.games.blason.options import BlasonOptions
from academie.games.blason.state import ROLL, THROW, BlasonState
from academie.games.blason.view import BlasonView, Move
from academie.sources import bibliography


class Blason(Game):
    """The Jeu du Blason. Seat 0 throws first."""

    info = GameInfo(
        id="blason",
        name="Jeu du Blason",
        version=1,
        min_players=2,  # [002] «tant de personnes que l'on voudra» (L13: 2–12 here)
        max_players=12,
        default_players=4,
        sources=(bibliography("002"),),
        summary="A race to square 63 on a heraldic board, paying the pot at the squares of the law.",
    )
    options_model = BlasonOptions

    def _new_state(self, num_players: int, options: BlasonOptions) -> BlasonState:
        return BlasonState(self, num_players, options)


GAME = Blason()

__all__ = ["GAME", "GOAL", "ROLL", "THROW", "Blason", "BlasonOptions", "BlasonState", "BlasonView",
           "Move", "Square", "make_board"]
