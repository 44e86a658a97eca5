"""Belle, Flux et Trente-un: three baskets — the highest up card, the best flush, the nearest
to 31 — for 2 to 12 players.

Source: Encyclopédie méthodique, *Dictionnaire des jeux*, Paris 1792, pp. 8-9, art. « Belle, Flux
et Trente-un » (``[000]`` in :mod:`academie.sources`); readings: tags B1–B12 of our catalogue of
the sources' ambiguities.
"""

from __future__ import annotations

from academie.core.game import Game, GameInfo
from academie.games.belle_flux.options import BelleFluxOptions
from academie.games.belle_flux.state import ASK, BASKETS, STAND, BelleFluxState
from academie.games.belle_flux.view import BelleFluxView, DealResult
from academie.sources import bibliography


class BelleFlux(Game):
    """The game of Belle, Flux et Trente-un. Seat 0 deals first; the deal goes to the right."""

    info = GameInfo(
        id="belle-flux-trente-un",
        name="Belle, Flux et Trente-un",
        version=2,  # 2: deals=0 ends after 10,000 deals at most
        min_players=2,  # [000] «depuis deux jusqu'à dix ou douze personnes»
        max_players=12,
        default_players=5,
        sources=(bibliography("000"),),
        summary="Three baskets each deal: the highest up card, the best flux, the nearest to 31.",
    )
    options_model = BelleFluxOptions

    def _new_state(self, num_players: int, options: BelleFluxOptions) -> BelleFluxState:
        return BelleFluxState(self, num_players, options)


GAME = BelleFlux()

__all__ = ["ASK", "BASKETS", "GAME", "STAND", "BelleFlux", "BelleFluxOptions", "BelleFluxState",
           "BelleFluxView", "DealResult"]
