"""The Jeu du Blason's tensors (from :class:`~academie.games.blason.view.BlasonView`).

Perfect information: every seat sees the same race (rows are still relative to the viewer).
Observation, ``n`` seats, size ``17 + 69n`` (``n = 4``: 293 floats)::

    positions (n×64)     one-hot: each seat's square (0: not yet on the board, 63: the goal)
    rest (n)             turns each seat still has to miss
    well (n)             one-hot: the seat waiting at the chancellerie (square 30)
    counters (n)         each seat's counters
    to_act (n), winner (n)   one-hot seats
    phase (3)            one-hot: throw, roll, over
    last_throw (13)      one-hot: the last throw's total (0–12; zeros before the first)
    pot (1)              counters in the pot

Information state: the observation, then ``throws`` (1: throws made so far); size ``18 + 69n``, ``n = 4``: 294 floats.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from academie.adapters.tensors.pieces import Context, Layout, Layouts, Piece, choice, number, seat, seat_numbers

SQUARES = 64


def _positions(n: int) -> Piece:
    def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
        for row, square in ctx.rows(view.positions):
            if 0 <= square < SQUARES:
                out[row, square] = 1.0

    return Piece("positions", (n, SQUARES), fill, "each seat's square (one-hot, 0: not yet on the board)")


def layouts(n: int, options: Any) -> Layouts:
    obs = (
        _positions(n),
        seat_numbers(n, "rest", lambda v: v.rest, "turns still to miss", 0.0),
        seat(n, "well", lambda v: v.well, "the seat waiting at the chancellerie"),
        seat_numbers(n, "counters", lambda v: v.counters, "each seat's counters"),
        seat(n, "to_act", lambda v: v.current_player, "the seat to act"),
        seat(n, "winner", lambda v: v.winner, "the winner"),
        choice("phase", lambda v: v.phase, ("throw", "roll", "over"), "the race's phase"),
        choice("last_throw", lambda v: v.moves[-1].total if v.moves else None, tuple(range(13)),
               "the last throw's total"),
        number("pot", lambda v: v.pot, "counters in the pot"),
    )
    info = obs + (number("throws", lambda v: len(v.moves), "throws made so far", 0.0),)
    return Layouts(Layout(obs), Layout(info))
