"""The games, one module or package each, and the registry that names them.

>>> sorted(GAMES)
['belle-flux-trente-un', 'blason', 'guimbarde', 'guinguette', 'reversis', 'trente-et-un']
>>> get_game("scat")
Traceback (most recent call last):
...
academie.core.errors.UnknownGameError: unknown game 'scat'; the games are: belle-flux-trente-un, blason, guimbarde, guinguette, reversis, trente-et-un
"""

from __future__ import annotations

from academie.core.errors import UnknownGameError
from academie.core.game import Game, register_game
from academie.games.belle_flux import GAME as BELLE_FLUX
from academie.games.blason import GAME as BLASON
from academie.games.guimbarde import GAME as GUIMBARDE
from academie.games.guinguette import GAME as GUINGUETTE
from academie.games.reversis import GAME as REVERSIS
from academie.games.trente_et_un import GAME as TRENTE_ET_UN

GAMES: dict[str, Game] = {g.info.id: g for g in (TRENTE_ET_UN, BELLE_FLUX, BLASON, REVERSIS, GUIMBARDE,
                                                       GUINGUETTE)}


for _game in GAMES.values():
    register_game(_game)  # the engine core (its world sampler) finds the games here


def get_game(game_id: str) -> Game:
    """The registered game ``game_id``. Raises :class:`UnknownGameError` listing the games."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {game_id!r}; the games are: {', '.join(sorted(GAMES))}"
        ) from None
