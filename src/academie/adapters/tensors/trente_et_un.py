"""Trente et un's tensors (from :class:`~academie.games.trente_et_un.view.TrenteEtUnView`).

Observation, ``n`` seats (relative rows, row 0 the viewer), size ``216 + 59n``
(``n = 4``: 452 floats)::

    hand (52)            the viewer's cards
    up_card (52)         the top card of the discard pile
    pile (52)            every card in the discard pile (all were shown face up)
    known (n×52)         the cards each seat is known to hold (taken from the pile; row 0 the whole hand)
    previous_hand (52)   the viewer's hand when the last deal ended
    lives (n)            lives left, in lives
    on_bus (n)           1 for a seat with no life left and still in (the bus)
    eliminated (n)       1 for a seat out of the match
    hand_sizes (n)       cards in each hand
    phase (5)            one-hot: deal, draw, stock, discard, over
    dealer (n), to_act (n), knocker (n)   one-hot seats (zeros: none)
    stock_count (1)      cards left in the stock
    hand_value (1)       the viewer's hand value in points (0 while it does not hold three cards)
    turns_taken (1)      turns taken this deal

Information state: the observation, then ``drawn`` (52: the viewer's own draws from the stock
this deal), ``taken`` (n×52: the cards each seat took from the pile this deal) and ``discarded``
(n×52: the cards each seat discarded this deal); size ``268 + 163n``, ``n = 4``: 920 floats.
"""

from __future__ import annotations

from typing import Any

from academie.adapters.tensors.pieces import (Layout, Layouts, card, cards, common_head, log_cards, number, seat,
                                       seat_cards, seat_flags, seat_numbers)

PHASES = ("deal", "draw", "stock", "discard", "over")


def layouts(n: int, options: Any) -> Layouts:
    obs = (
        cards("hand", lambda v: v.hand, "the viewer's cards"),
        card("up_card", lambda v: v.up_card, "the top card of the discard pile"),
        cards("pile", lambda v: v.pile, "every card in the discard pile"),
        seat_cards(n, "known", lambda v: v.known, "cards each seat is known to hold"),
        cards("previous_hand", lambda v: v.previous_hand, "the viewer's hand when the last deal ended"),
        seat_numbers(n, "lives", lambda v: v.lives, "lives left", 0.0),
        seat_flags(n, "on_bus", lambda v: [lv == 0 and not out for lv, out in zip(v.lives, v.eliminated)],
                   "1: no life left, still in (the bus)"),
        seat_flags(n, "eliminated", lambda v: v.eliminated, "1: out of the match"),
        seat_numbers(n, "hand_sizes", lambda v: v.hand_sizes, "cards in each hand", 0.0),
        *common_head(n, PHASES),
        seat(n, "knocker", lambda v: v.knocker, "the seat that knocked"),
        number("stock_count", lambda v: v.stock_count, "cards left in the stock", 0.0),
        number("hand_value", lambda v: v.hand_value, "the viewer's hand value in points (0: not three cards)", 0.0),
        number("turns_taken", lambda v: v.turns_taken, "turns taken this deal", 0.0),
    )
    info = obs + (
        cards("drawn", lambda v: [c for k, s, c in v.log if k == "stock" and s == v.seat and c is not None],
              "the viewer's own draws from the stock this deal"),
        log_cards(n, "taken", "pile", "cards each seat took from the pile this deal"),
        log_cards(n, "discarded", "discard", "cards each seat discarded this deal"),
    )
    return Layouts(Layout(obs), Layout(info))
