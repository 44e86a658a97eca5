"""Guimbarde (La Mariée): five boxes — point, mariage, fou, roi, guimbarde — permanent trumps
and marriages; 3 to 8 players.

Source: a 19th-century supplement to Larousse's *Grand dictionnaire universel*, art. « Guimbarde »
(« Figures des boites »; ``[004]`` in :mod:`academie.sources`); readings: tags G1–G15 of
our catalogue of the sources' ambiguities.
"""

from __future__ import annotations

from academie.core.game import Game, GameInfo
from academie.games.guimbarde.options import GuimbardeOptions
from academie.games.guimbarde.rules import FOU, GUIMBARDE, ROI
from academie.games.guimbarde.state import BOXES, PLAY, GuimbardeState
from academie.games.guimbarde.view import DealResult, GuimbardeView
from academie.sources import bibliography


class Guimbarde(Game):
    """The Guimbarde. Seat 0 deals first; the deal and play go to the right."""

    info = GameInfo(
        id="guimbarde",
        name="Guimbarde",
        version=2,  # 2: marriages in hand paid at the end of the deal (G10)
        min_players=3,  # not in the source: Parlett, 3–5 with 32 cards, 6–8 with 52 (G15)
        max_players=8,
        default_players=4,
        sources=(bibliography("004"),),
        summary="Five boxes, the guimbarde (Q♥) always the highest trump, marriages paid in play.",
    )
    options_model = GuimbardeOptions

    def _new_state(self, num_players: int, options: GuimbardeOptions) -> GuimbardeState:
        return GuimbardeState(self, num_players, options)


GAME = Guimbarde()

__all__ = ["BOXES", "FOU", "GAME", "GUIMBARDE", "PLAY", "ROI", "DealResult", "Guimbarde",
           "GuimbardeOptions", "GuimbardeState", "GuimbardeView"]
