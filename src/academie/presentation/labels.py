"""Names of the match figures (``statistics()`` keys) as a person reads them: « quinola bête »,
the Blason's squares by number and name.

>>> figure_label("reversis", "quinola_bete")
'quinola bête'
>>> figure_label("blason", "square_58")
'square 58, Templiers et Croissant'
>>> figure_label("blason", "square_9", {"casque_squares": "9,18"})
'square 9, casque'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

NAMES: dict[str, str] = {
    "quinola_bete": "quinola bête",
    "quinola_renounced": "quinola thrown on a renounce",
    "quinola_ecarte": "quinola écarté",
    "pool_won": "pool won",
    "broken_reversis": "reversis broken",
    "talon_won": "talons won",
    "belle_carried": "belle carried",
    "flux_carried": "flux carried",
    "trente_un_carried": "trente-un carried",
    "thirty_ones": "31s shown",
    "largest_basket": "largest basket",
    "first_nine": "first throws of nine",
    "point_carried": "point carried",
    "tricks_carried": "tricks box carried",
    "marriages_in_play": "marriages in play",
    "grand_mariage_table": "grand mariage on the table",
    "fou_captured": "fou captured",
    "void_rounds": "void rounds",
}
"""Figure key → name; any other key is shown with its underscores as spaces."""


def figure_label(game: str, key: str, options: Mapping[str, Any] | None = None) -> str:
    """The name of figure ``key`` of ``game`` (a Blason square by its number and the name it has
    under ``options``' casque squares)."""
    if game == "blason" and key.startswith("square_") and key[7:].isdigit():
        from academie.games.blason.board import make_board
        from academie.games.blason.options import BlasonOptions

        opts = BlasonOptions(**{k: v for k, v in (options or {}).items() if k in BlasonOptions.model_fields})
        board = make_board(opts.casques, 1 if opts.restart_square == "square_1" else 0)
        n = int(key[7:])
        return f"square {n}, {board[n].name}" if n in board else key.replace("_", " ")
    return NAMES.get(key, key.replace("_", " "))


def figure_labels(game: str, keys: Any, options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """:func:`figure_label` of each key."""
    return {k: figure_label(game, k, options) for k in keys}
