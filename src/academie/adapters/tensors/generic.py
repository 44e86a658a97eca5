"""The generic layout: derived from a game's views' ``to_json()``, for a game with no layout of
its own (a new game works in both adapters with no adapter code).

The fields are found by playing one seeded random match (at most :data:`SAMPLE_DECISIONS`
decisions) and reading every seat's view ``to_json()`` along it, flattened to paths
(``last_result.counters_after``). Each path becomes a piece named by it:

* a card code or a list of card codes: ``(52,)``, 1 at each card;
* a list of ``n`` lists of card codes (one per seat): ``(n, 52)``, relative rows;
* a list of ``n`` numbers or booleans (one per seat): ``(n,)``, relative rows;
* a number or a boolean: ``(1,)``; a string that is no card code: one-hot over the strings seen;
* another list (events, moves): ``(1,)``, its length.

A value not seen while sampling (a string, a path) is left out (zeros). Information state and
observation use the same layout. :func:`~academie.adapters.tensors.describe` lists the slots.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from academie.adapters.tensors.pieces import CARDS, Context, Layout, Layouts, Piece
from academie.cards import CARD_CODES

SAMPLE_DECISIONS = 3000
"""The most decisions of the sampling match."""

_CARD = {code: i for i, code in enumerate(CARD_CODES)}


def _flatten(value: Any, path: str, out: dict[str, Any]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(v, f"{path}.{k}" if path else str(k), out)
    else:
        out[path] = value


def _kind(value: Any, n: int) -> tuple[str, Any] | None:
    """The piece kind of one sampled value, or None when it cannot tell (None, an empty list)."""
    if isinstance(value, bool) or isinstance(value, (int, float)):
        return ("number", None)
    if isinstance(value, str):
        return ("cards", None) if value in _CARD else ("choice", value)
    if isinstance(value, list) and value:
        if all(isinstance(x, str) and x in _CARD for x in value):
            return ("cards", None)
        if len(value) == n and all(isinstance(x, list) and all(isinstance(c, str) and c in _CARD for c in x)
                                   for x in value):
            return ("seat_cards", None)
        if len(value) == n and all(x is None or isinstance(x, (bool, int, float)) for x in value):
            return ("seat_numbers", None)
        return ("length", None)
    return None


def _piece(path: str, kind: str, vocabulary: list[str], n: int, memo: list[Any]) -> Piece:
    def get(view: Any) -> Any:
        if memo[0] is not view:  # one to_json() per view, shared by the pieces
            flat: dict[str, Any] = {}
            _flatten(view.to_json(), "", flat)
            memo[:] = [view, flat]
        return memo[1].get(path)

    if kind == "cards":
        def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
            v = get(view)
            for c in [v] if isinstance(v, str) else (v if isinstance(v, list) else ()):
                if isinstance(c, str) and c in _CARD:
                    out[_CARD[c]] = 1.0
        return Piece(path, (CARDS,), fill, f"the cards of {path!r}")
    if kind == "seat_cards":
        def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
            v = get(view)
            if isinstance(v, list) and len(v) == n:
                for row, items in ctx.rows(v):
                    for c in items if isinstance(items, list) else ():
                        if isinstance(c, str) and c in _CARD:
                            out[row, _CARD[c]] = 1.0
        return Piece(path, (n, CARDS), fill, f"the cards of {path!r} per seat (relative rows)")
    if kind == "seat_numbers":
        def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
            v = get(view)
            if isinstance(v, list) and len(v) == n:
                for row, x in ctx.rows(v):
                    out[row] = float(x) if isinstance(x, (bool, int, float)) else 0.0
        return Piece(path, (n,), fill, f"{path!r} per seat (relative rows)", -np.inf, np.inf)
    if kind == "choice":
        index = {s: i for i, s in enumerate(vocabulary)}

        def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
            i = index.get(get(view))
            if i is not None:
                out[i] = 1.0
        return Piece(path, (len(vocabulary),), fill, f"{path!r} (one-hot: {', '.join(vocabulary)})")
    if kind == "length":
        def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
            v = get(view)
            out[0] = float(len(v)) if isinstance(v, list) else 0.0
        return Piece(path, (1,), fill, f"the length of {path!r}", 0.0, np.inf)

    def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
        v = get(view)
        out[0] = float(v) if isinstance(v, (bool, int, float)) else 0.0
    return Piece(path, (1,), fill, f"{path!r}", -np.inf, np.inf)


def sample_views(game: Any, num_players: int, options: Any, seed: int = 0) -> list[dict[str, Any]]:
    """Every seat's view ``to_json()`` (and the public view's) along one seeded random match."""
    rng = random.Random(seed)
    state = game.new_initial_state(num_players, options)
    samples: list[dict[str, Any]] = []
    decisions = 0
    while True:
        while state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
        samples.extend(state.view(s).to_json() for s in range(num_players))
        samples.append(state.public_view().to_json())
        if state.is_terminal() or decisions >= SAMPLE_DECISIONS:
            return samples
        state.apply_action(rng.choice(state.legal_actions()), trusted=True)
        decisions += 1


def layouts(game: Any, num_players: int, options: Any) -> Layouts:
    """The generic layout of ``game`` at this table (see the module's text)."""
    kinds: dict[str, str] = {}
    vocabulary: dict[str, set[str]] = {}
    for sample in sample_views(game, num_players, options):
        flat: dict[str, Any] = {}
        _flatten(sample, "", flat)
        for path, value in flat.items():
            found = _kind(value, num_players)
            if found is None:
                continue
            kind, word = found
            known = kinds.setdefault(path, kind)
            if kind == "choice" and known == "choice":
                vocabulary.setdefault(path, set()).add(word)
    memo: list[Any] = [None, {}]
    pieces = tuple(_piece(path, kinds[path], sorted(vocabulary.get(path, ())), num_players, memo) for path in kinds)
    layout = Layout(pieces)
    return Layouts(layout, layout)
