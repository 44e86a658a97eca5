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

import numpy as np

from academie.adapters.tensors.fast import BaseWriter
from academie.adapters.tensors.pieces import (CARDS, Layout, Layouts, card, cards, common_head, log_cards, number, seat,
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


LOGGED = {"pile": "taken", "discard": "discarded"}
"""The log's kinds whose cards the information state keeps per seat, and the piece of each."""


class Writer(BaseWriter):
    """Writes a seat's information-state tensor from a
    :class:`~academie.games.trente_et_un.state.TrenteEtUnState`'s own fields, slot for slot what
    the view encoders above give for ``state.view(seat)`` (see
    :mod:`academie.adapters.tensors.fast`): the observation rewritten at each call, ``drawn``,
    ``taken`` and ``discarded`` only from the log's entries since the last call (the whole
    deal's after a new deal or another state)."""

    def __init__(self, n: int, options: Any, layouts: Layouts) -> None:
        super().__init__(n, layouts, PHASES)
        self.tail = (self.at["drawn"], layouts.information.size)
        # the slots of the numbers, per viewer: lives, hand_sizes by absolute seat, then the three
        self.numbers = [[self.at[name] + r for name in ("lives", "hand_sizes") for r in rows]
                        + [self.at[name] for name in ("stock_count", "hand_value", "turns_taken")]
                        for rows in self.rows]

    def write(self, st: Any, seat: int, out: np.ndarray, memo: dict[str, Any]) -> None:
        from academie.games.trente_et_un.rules import hand_value
        from academie.games.trente_et_un.state import HAND_SIZE

        n, at, rows = self.n, self.at, self.rows[seat]
        m = st.match
        hand = st.hands[seat]
        base = at["hand"]
        ones = [base + c for c in hand]  # the slots set to 1, written at once
        pile = st.pile
        if pile:
            ones.append(at["up_card"] + pile[-1])
            base = at["pile"]
            ones += [base + c for c in pile]
        base = at["known"]
        known = st.known
        for s in range(n):
            row = base + rows[s] * CARDS
            ones += [row + c for c in (hand if s == seat else known[s])]
        base = at["previous_hand"]
        ones += [base + c for c in st.final_hands[seat]]
        lives, eliminated = m.lives, m.eliminated
        bus, out_of = at["on_bus"], at["eliminated"]
        for s in range(n):
            if lives[s] == 0 and not eliminated[s]:
                ones.append(bus + rows[s])
            if eliminated[s]:
                ones.append(out_of + rows[s])
        i = self.phases.get(st.phase)
        if i is not None:
            ones.append(at["phase"] + i)
        for name, who in (("dealer", m.dealer), ("to_act", st.current_player()), ("knocker", st.knocker)):
            if who is not None and 0 <= who < n:
                ones.append(at[name] + rows[who])
        # drawn, taken, discarded: the deal's log, only the entries since the last call
        log = st.log
        kept = memo.get("log")
        if kept is None or kept[0] is not log or kept[1] > len(log):
            start, end = self.tail
            out[start:end] = 0.0
            first = 0
        else:
            first = kept[1]
        drawn = at["drawn"]
        for kind, s, c in log[first:]:
            if c is None or s is None:
                continue
            if kind == "stock":
                if s == seat:
                    ones.append(drawn + c)
            elif kind in LOGGED and 0 <= s < n:
                ones.append(at[LOGGED[kind]] + rows[s] * CARDS + c)
        memo["log"] = (log, len(log))
        out[: self.head] = 0.0
        out[ones] = 1.0
        values = [float(x or 0) for x in lives[:n]]
        values += [float(len(h)) for h in st.hands[:n]]
        values += [float(len(st.stock)),
                   float(hand_value(hand, st.brelan) or 0) if len(hand) == HAND_SIZE else 0.0,
                   float(st.turns_taken or 0)]
        out[self.numbers[seat]] = values


def writer(n: int, options: Any, layouts: Layouts) -> Writer:
    """The state writer of Trente et un's information-state tensor (see :class:`Writer`)."""
    return Writer(n, options, layouts)
