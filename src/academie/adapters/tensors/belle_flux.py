"""Belle, Flux et Trente-un's tensors (from :class:`~academie.games.belle_flux.view.BelleFluxView`).

Observation, ``n`` seats (relative rows, row 0 the viewer), size ``62 + 164n``
(``n = 5``: 882 floats)::

    hidden (52)          the viewer's two face-down cards
    up (n×52)            each seat's face-up card
    extra (n×52)         the extra cards of each seat the viewer may see (its own; all when dealt face up)
    flux_hands (n×52)    the fluxes shown, by seat
    extra_counts (n)     cards each seat asked for
    stood (n)            1: the seat stood (« je m'y tiens »)
    flux_values (n)      each shown flux's value in points
    counters (n)         each seat's counters
    belle (n), flux (n)  one-hot: this deal's winner of the belle, of the flux (zeros: none yet or carried)
    phase (4)            one-hot: deal, requests, extra, over
    dealer (n), to_act (n)
    baskets (3)          counters in the belle, flux and trente-un baskets
    stock_count (1)      cards left in the stock
    point (1)            the viewer's trente-un point (0: unknown)
    face_up_extras (1)   1 when the extra cards are dealt face up (option)

Information state: the observation, then ``requests`` (n×2: how many times each seat asked and
stood this deal); size ``62 + 166n``, ``n = 5``: 892 floats.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from academie.adapters.tensors.fast import BaseWriter
from academie.adapters.tensors.pieces import (CARDS, Layout, Layouts, cards, common_head, log_counts, number, numbers, seat,
                                       seat_cards, seat_flags, seat_numbers)

PHASES = ("deal", "requests", "extra", "over")
BASKETS = ("belle", "flux", "trente-un")


def _flux(v: Any, n: int, i: int) -> list[Any]:
    out: list[Any] = [None] * n
    for s, x in (v.flux_hands if i else v.fluxes):
        out[s] = x
    return out


def layouts(n: int, options: Any) -> Layouts:
    obs = (
        cards("hidden", lambda v: v.hidden, "the viewer's face-down cards"),
        seat_cards(n, "up", lambda v: [(c,) for c in v.up], "each seat's face-up card"),
        seat_cards(n, "extra", lambda v: v.extra, "extra cards the viewer may see, by seat"),
        seat_cards(n, "flux_hands", lambda v: _flux(v, n, 1), "the fluxes shown, by seat"),
        seat_numbers(n, "extra_counts", lambda v: v.extra_counts, "cards each seat asked for", 0.0),
        seat_flags(n, "stood", lambda v: v.stood, "1: the seat stood"),
        seat_numbers(n, "flux_values", lambda v: _flux(v, n, 0), "each shown flux's value in points", 0.0),
        seat_numbers(n, "counters", lambda v: v.counters, "each seat's counters"),
        seat(n, "belle", lambda v: v.belle, "this deal's belle winner"),
        seat(n, "flux", lambda v: v.flux, "this deal's flux winner"),
        *common_head(n, PHASES),
        numbers("baskets", lambda v: [dict(v.baskets).get(b, 0) for b in BASKETS], 3,
                "counters in the belle, flux and trente-un baskets"),
        number("stock_count", lambda v: v.stock_count, "cards left in the stock", 0.0),
        number("point", lambda v: v.point, "the viewer's trente-un point (0: unknown)", 0.0),
        number("face_up_extras", lambda v: v.face_up_extras, "1: extra cards dealt face up", 0.0, 1.0),
    )
    info = obs + (log_counts(n, "requests", ("ask", "stand"), "requests this deal"),)
    return Layouts(Layout(obs), Layout(info))


REQUESTS = {"ask": 0, "stand": 1}


class Writer(BaseWriter):
    """Writes a seat's information-state tensor from a
    :class:`~academie.games.belle_flux.state.BelleFluxState`'s own fields, slot for slot what
    the view encoders above give for ``state.view(seat)`` (see
    :mod:`academie.adapters.tensors.fast`): the observation rewritten at each call,
    ``requests`` counted only from the log's entries since the last call (the whole deal's after
    a new deal or another state)."""

    def __init__(self, n: int, options: Any, layouts: Layouts) -> None:
        super().__init__(n, layouts, PHASES)
        self.face_up = options.extra_cards == "face_up"
        self.tail = (self.at["requests"], layouts.information.size)
        # the slots of the numbers, per viewer: extra_counts, flux_values, counters by absolute seat, then the rest
        self.numbers = [[self.at[name] + r for name in ("extra_counts", "flux_values", "counters") for r in rows]
                        + [self.at["baskets"] + i for i in range(len(BASKETS))]
                        + [self.at[name] for name in ("stock_count", "point", "face_up_extras")]
                        for rows in self.rows]

    def write(self, st: Any, seat: int, out: np.ndarray, memo: dict[str, Any]) -> None:
        from academie.games.belle_flux.state import OVER

        n, at, rows = self.n, self.at, self.rows[seat]
        m = st.match
        base = at["hidden"]
        ones = [base + c for c in st.hidden[seat] if c is not None]  # the slots set to 1, written at once
        base = at["up"]
        ones += [base + rows[s] * CARDS + c for s, c in enumerate(st.up[:n]) if c is not None]
        base = at["extra"]
        face_up = self.face_up
        for s in range(n):
            if s == seat or face_up:
                row = base + rows[s] * CARDS
                ones += [row + c for c in st.extra[s] if c is not None]
        flux_values = [0.0] * n
        if st.belle_done:
            base = at["flux_hands"]
            for s in sorted(st.fluxes):
                if 0 <= s < n:
                    row = base + rows[s] * CARDS
                    ones += [row + c for c in st._cards(s)[:3] if c is not None]
            for s, x in st.fluxes.items():
                if 0 <= s < n:
                    flux_values[s] = float(x or 0)
        base = at["stood"]
        ones += [base + rows[s] for s, x in enumerate(st.stood[:n]) if x]
        for name, who in (("belle", st.belle_winner), ("flux", st.flux_winner), ("dealer", st.view_deal()[1]),
                          ("to_act", st.current_player())):
            if who is not None and 0 <= who < n:
                ones.append(at[name] + rows[who])
        i = self.phases.get(st.phase)
        if i is not None:
            ones.append(at["phase"] + i)
        # requests: the deal's log, only the entries since the last call (counts: added to what is there)
        log = st.log
        kept = memo.get("log")
        start, end = self.tail
        if kept is None or kept[0] is not log or kept[1] > len(log):
            out[start:end] = 0.0
            first = 0
        else:
            first = kept[1]
        for kind, s, _ in log[first:]:
            i = REQUESTS.get(kind)
            if i is not None and s is not None and 0 <= s < n:
                out[start + rows[s] * 2 + i] += 1.0
        memo["log"] = (log, len(log))
        out[: self.head] = 0.0
        out[ones] = 1.0
        values = [float(len(e)) for e in st.extra[:n]] + flux_values
        values += [float(x or 0) for x in m.counters[:n]]
        values += [float(m.pots[b] or 0) for b in BASKETS]
        point = st._point(seat) if st.phase != OVER else None
        values += [float(len(st.stock)), float(point or 0), 1.0 if face_up else 0.0]
        out[self.numbers[seat]] = values


def writer(n: int, options: Any, layouts: Layouts) -> Writer:
    """The state writer of Belle-Flux's information-state tensor (see :class:`Writer`)."""
    return Writer(n, options, layouts)
