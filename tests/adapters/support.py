"""Short matches for the adapters' tests: options that end a match soon, read from each game's
options (a game of the registry with a ``deals`` or ``lives`` option gets a short one)."""

from __future__ import annotations

from typing import Any

from academie.games import GAMES

SHORT = {"deals": 2, "lives": 1}
"""Two deals (one deal may end before anyone acts), one life."""


def short_options(game_id: str) -> dict[str, Any]:
    """Options of ``game_id`` that make a short match (only those the game has)."""
    fields = GAMES[game_id].options_model.model_fields
    return {k: v for k, v in SHORT.items() if k in fields}


GAME_IDS = sorted(GAMES)
