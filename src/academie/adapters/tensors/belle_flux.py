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

from academie.adapters.tensors.pieces import (Layout, Layouts, cards, common_head, log_counts, number, numbers, seat,
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
