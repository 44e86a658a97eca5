"""Guinguette: three baskets — the guinguette (Q♦), the cabaret (a low tierce), the cotillon (the
stock) — « remuer le cotillon » and the cabaret's raises by wine measures; 3 to 8 players.

A RECONSTRUCTION. Source: a 19th-century supplement to Larousse's *Grand dictionnaire
universel*, art. « Guinguette » (``[004]`` in :mod:`academie.sources`), cut off mid-sentence; and a
later description (``[Adpoker]``), itself cut off. Readings: tags GU1–GU14; the rules no source
gives are listed in ``GAME.info.reconstructed``.
"""

from __future__ import annotations

from academie.core.game import Game, GameInfo
from academie.games.guinguette.options import GuinguetteOptions
from academie.games.guinguette.rules import GUINGUETTE
from academie.games.guinguette.state import (
    ACTIONS, BASKETS, CHOPINE, DEMI_SEPTIER, DROP, HOLD, PASS, PINTE, RAISES, RENVI, STAY, STIR,
    GuinguetteState,
)
from academie.games.guinguette.view import DealResult, GuinguetteView
from academie.sources import bibliography

RECONSTRUCTED: tuple[str, ...] = (
    "how each basket is won: the guinguette by the Q♦'s holder, the cabaret by the best tierce"
    " still in, the cotillon by the best count (GU5, GU8–GU10, GU12)",
    "the stakes of the cabaret and cotillon baskets (GU4)",
    "the order of speaking: stirring, then the cabaret's raises, from the eldest (GU12)",
    "how a raise is held or left, as at Brelan (GU12)",
    "« renvier le cotillon », cut off in the later source (GU7)",
    "whether a tierce may mix suits (GU13); where a card given up to stir goes (GU6); whether A-6-7"
    " is a tierce with 36 cards (GU11)",
    "the showdown, the deal passing to the right, and the match's length (GU2)",
    "what happens when a player runs out of counters: nobody pays more than he holds, and the match"
    " ends when a player cannot pay his stakes, as at Belle-Flux (GU14)",
)
"""The rules no source gives: OUR RECONSTRUCTION (what ``academie games`` and ``academie rules``
list for the Guinguette)."""


class Guinguette(Game):
    """The Guinguette (a reconstruction). Seat 0 deals first; the deal and the speaking go to the
    right."""

    info = GameInfo(
        id="guinguette",
        name="Guinguette",
        version=3,  # 2: a tierce of any suits by default (GU13); 3: nobody pays more than he holds (GU14)
        min_players=3,  # [004] «On peut y jouer depuis trois jusqu'à huit personnes»
        max_players=8,
        default_players=4,
        # the Larousse gives the opening of the article; most of the playable game (the deal, the
        # cotillon, the wine measures) comes from the later description
        sources=(bibliography("004"), bibliography("Adpoker")),
        summary="A reconstruction (the sources stop mid-article): three baskets — the guinguette"
        " (Q♦), the cabaret (a low tierce), the cotillon (the stock) — stirring the cotillon and"
        " raising the cabaret by demi-septier, chopine and pinte.",
        reconstructed=RECONSTRUCTED,
    )
    options_model = GuinguetteOptions

    def _new_state(self, num_players: int, options: GuinguetteOptions) -> GuinguetteState:
        return GuinguetteState(self, num_players, options)


GAME = Guinguette()

__all__ = ["ACTIONS", "BASKETS", "CHOPINE", "DEMI_SEPTIER", "DROP", "GAME", "GUINGUETTE", "HOLD", "PASS",
           "PINTE", "RAISES", "RECONSTRUCTED", "RENVI", "STAY", "STIR", "DealResult", "Guinguette",
           "GuinguetteOptions", "GuinguetteState", "GuinguetteView"]
