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


THROWS = {t: t for t in range(13)}
"""The one-hot slot of each throw's total."""


class Writer:
    """Writes a seat's information-state tensor from a
    :class:`~academie.games.blason.state.BlasonState`'s own fields, slot for slot what the view
    encoders above give for ``state.view(seat)`` (see :mod:`academie.adapters.tensors.fast`;
    nothing is hidden at the Blason: only the rows depend on the seat)."""

    def __init__(self, n: int, options: Any, layouts: Layouts) -> None:
        from academie.adapters.tensors.fast import offsets, rotations

        self.n = n
        self.size = layouts.information.size
        self.at = offsets(layouts)
        self.rows = rotations(n)
        self.phases = {p: i for i, p in enumerate(("throw", "roll", "over"))}
        # the slots of the numbers, per viewer: rest, counters by absolute seat, then pot and throws
        self.numbers = [[self.at[name] + r for name in ("rest", "counters") for r in rows]
                        + [self.at["pot"], self.at["throws"]] for rows in self.rows]

    def write(self, st: Any, seat: int, out: np.ndarray, memo: dict[str, Any]) -> None:
        n, at, rows = self.n, self.at, self.rows[seat]
        m = st.match
        base = at["positions"]
        position = st.position
        ones = [base + rows[s] * SQUARES + square for s, square in enumerate(position[:n]) if 0 <= square < SQUARES]
        well = st.well if st.well is not None and position[st.well] == 30 else None
        for name, who in (("well", well), ("to_act", st.current_player()), ("winner", st.winner)):
            if who is not None and 0 <= who < n:
                ones.append(at[name] + rows[who])
        i = self.phases.get(st.phase)
        if i is not None:
            ones.append(at["phase"] + i)
        moves = st.moves
        i = THROWS.get(moves[-1].total) if moves else None
        if i is not None:
            ones.append(at["last_throw"] + i)
        out[:] = 0.0
        out[ones] = 1.0
        values = [float(x or 0) for x in st.rest[:n]] + [float(x or 0) for x in m.counters[:n]]
        values += [float(m.pots["pot"] or 0), float(len(moves))]
        out[self.numbers[seat]] = values


def writer(n: int, options: Any, layouts: Layouts) -> Writer:
    """The state writer of the Blason's information-state tensor (see :class:`Writer`)."""
    return Writer(n, options, layouts)
