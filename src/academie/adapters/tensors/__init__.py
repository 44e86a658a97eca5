"""Observation tensors built from views: named pieces, a fixed shape per game and table.

An encoder reads a seat's view (or the public view) — never the state — and writes a flat
``float32`` vector made of named *pieces*, each with a shape and a meaning. These encoders are
the reference; the adapters read the same tensors from :mod:`.fast` (per-seat buffers, written
in place from the state's own fields by a game's ``writer`` where it has one, equal slot for
slot to the encoders'). Both adapters use
the same layouts: OpenSpiel's ``observation_tensor`` / ``information_state_tensor`` (the pieces
are the observer's ``dict``) and PettingZoo's ``observation["observation"]``.

Conventions shared by every game's layout:

* a card is its index ``suit * 13 + rank`` (:mod:`academie.cards`): a ``(52,)`` piece holds 1 at
  each card of the set (every pack, 32 to 52 cards, fits);
* per-seat pieces are *relative*: row ``k`` is the seat ``k`` places after the viewer (row 0 the
  viewer itself; the public view counts from seat 0), so a policy is the same in every seat;
* a seat piece (dealer, player to act, winner) is one-hot over those relative rows, all zeros
  when there is none;
* a choice piece (phase …) is one-hot over the values listed in its meaning;
* numbers are in the game's units (counters, lives, points, squares), not normalised.

:func:`layouts` gives a game's two layouts: a module ``academie.adapters.tensors.<package>``
(the game's package name) provides ``layouts(num_players, options)``; a game without one gets
the generic layout derived from its views' ``to_json()`` (:mod:`.generic`).
:func:`describe` prints a layout's slots.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

from academie.adapters.tensors.pieces import (  # noqa: F401  (re-exported: what layouts are made of)
    CARDS, Context, Fill, Layout, Layouts, Piece, card, cards, choice, common_head, describe,
    log_cards, log_counts, number, numbers, seat, seat_cards, seat_flags, seat_numbers, seat_pairs,
)


@lru_cache(maxsize=64)
def _cached(game_id: str, num_players: int, options_json: str) -> Layouts:
    import json

    from academie.games import get_game

    game = get_game(game_id)
    options = game.parse_options(json.loads(options_json))
    package = type(game).__module__.rsplit(".", 1)[-1]
    try:
        module = importlib.import_module(f"{__name__}.{package}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{package}":
            raise
        from academie.adapters.tensors import generic

        return generic.layouts(game, num_players, options)
    return module.layouts(num_players, options)


def layouts(game: Any, num_players: int, options: Any) -> Layouts:
    """The layouts of ``game`` (a :class:`~academie.core.game.Game`) at a table of
    ``num_players`` with validated ``options`` (computed once per table and options)."""
    import json

    return _cached(game.info.id, num_players, json.dumps(options.model_dump(mode="json"), sort_keys=True))
