"""The Guimbarde's tensors (from :class:`~academie.games.guimbarde.view.GuimbardeView`).

Observation, ``n`` seats (relative rows, row 0 the viewer), size ``117 + 110n``
(``n = 4``: 557 floats)::

    hand (52)            the viewer's cards
    turned (52)          the turned card
    shown (n×52)         the cards each seat spread for a box or a marriage
    trick (n×52)         the card each seat played to the current trick
    hand_sizes (n)       cards in each hand
    tricks_won (n)       tricks won this deal
    counters (n)         each seat's counters
    leader (n)           one-hot: the current trick's leader
    trump (4)            one-hot: the trump suit (pique, cœur, carreau, trèfle)
    phase (3)            one-hot: deal, play, over
    dealer (n), to_act (n)
    boxes (5)            counters in the boxes: point, mariage, fou, roi, guimbarde
    trick_number (1)     the current trick's number

Information state: the observation, then ``played`` (n×52: every card each seat played this
deal); size ``117 + 162n``, ``n = 4``: 765 floats.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from academie.adapters.tensors.fast import BaseWriter
from academie.adapters.tensors.pieces import (CARDS, Layout, Layouts, card, cards, choice, common_head, log_cards, number,
                                       numbers, seat, seat_cards, seat_numbers, seat_pairs)

PHASES = ("deal", "play", "over")
BOXES = ("point", "mariage", "fou", "roi", "guimbarde")


def layouts(n: int, options: Any) -> Layouts:
    obs = (
        cards("hand", lambda v: v.hand, "the viewer's cards"),
        card("turned", lambda v: v.turned, "the turned card"),
        seat_cards(n, "shown", lambda v: v.shown, "cards spread for a box or a marriage, by seat"),
        seat_pairs(n, "trick", lambda v: v.trick, "the current trick, by seat"),
        seat_numbers(n, "hand_sizes", lambda v: v.hand_sizes, "cards in each hand", 0.0),
        seat_numbers(n, "tricks_won", lambda v: v.tricks_won, "tricks won this deal", 0.0),
        seat_numbers(n, "counters", lambda v: v.counters, "each seat's counters"),
        seat(n, "leader", lambda v: v.trick[0][0] if v.trick else None, "the current trick's leader"),
        choice("trump", lambda v: v.trump, (0, 1, 2, 3), "the trump suit (pique, cœur, carreau, trèfle)"),
        *common_head(n, PHASES),
        numbers("boxes", lambda v: [dict(v.boxes).get(b, 0) for b in BOXES], 5,
                "counters in the boxes: point, mariage, fou, roi, guimbarde"),
        number("trick_number", lambda v: v.trick_number, "the current trick's number", 0.0),
    )
    info = obs + (log_cards(n, "played", "play", "every card played this deal, by seat"),)
    return Layouts(Layout(obs), Layout(info))


class Writer(BaseWriter):
    """Writes a seat's information-state tensor from a
    :class:`~academie.games.guimbarde.state.GuimbardeState`'s own fields, slot for slot what the
    view encoders above give for ``state.view(seat)`` (see :mod:`academie.adapters.tensors.fast`):
    the observation rewritten at each call, ``played`` only from the log's entries since the last
    call (the whole deal's after a new deal or another state)."""

    def __init__(self, n: int, options: Any, layouts: Layouts) -> None:
        super().__init__(n, layouts, PHASES)
        self.tail = (self.at["played"], layouts.information.size)
        # the slots of the numbers, per viewer: hand_sizes, tricks_won, counters by absolute seat, then the rest
        self.numbers = [[self.at[name] + r for name in ("hand_sizes", "tricks_won", "counters") for r in rows]
                        + [self.at["boxes"] + i for i in range(len(BOXES))] + [self.at["trick_number"]]
                        for rows in self.rows]

    def write(self, st: Any, seat: int, out: np.ndarray, memo: dict[str, Any]) -> None:
        n, at, rows = self.n, self.at, self.rows[seat]
        m = st.match
        base = at["hand"]
        ones = [base + c for c in st.hands[seat]]  # the slots set to 1, written at once
        if st.turned is not None:
            ones.append(at["turned"] + st.turned)
        base = at["shown"]
        for s, spread in enumerate(st.shown[:n]):
            row = base + rows[s] * CARDS
            ones += [row + c for c in spread if c is not None]
        base = at["trick"]
        trick = st.trick
        ones += [base + rows[s] * CARDS + c for s, c in trick]
        if trick and 0 <= trick[0][0] < n:
            ones.append(at["leader"] + rows[trick[0][0]])
        if st.trump in (0, 1, 2, 3):
            ones.append(at["trump"] + st.trump)
        i = self.phases.get(st.phase)
        if i is not None:
            ones.append(at["phase"] + i)
        for name, who in (("dealer", st.view_deal()[1]), ("to_act", st.current_player())):
            if who is not None and 0 <= who < n:
                ones.append(at[name] + rows[who])
        # played: the deal's log, only the entries since the last call
        log = st.log
        kept = memo.get("log")
        start, end = self.tail
        if kept is None or kept[0] is not log or kept[1] > len(log):
            out[start:end] = 0.0
            first = 0
        else:
            first = kept[1]
        for kind, s, c in log[first:]:
            if kind == "play" and s is not None and c is not None and 0 <= s < n:
                ones.append(start + rows[s] * CARDS + c)
        memo["log"] = (log, len(log))
        out[: self.head] = 0.0
        out[ones] = 1.0
        values = [float(len(h)) for h in st.hands[:n]]
        values += [float(x or 0) for x in st.tricks_won[:n]]
        values += [float(x or 0) for x in m.counters[:n]]
        values += [float(m.pots.get(b, 0) or 0) for b in BOXES]
        values.append(float(st.trick_number or 0))
        out[self.numbers[seat]] = values


def writer(n: int, options: Any, layouts: Layouts) -> Writer:
    """The state writer of the Guimbarde's information-state tensor (see :class:`Writer`)."""
    return Writer(n, options, layouts)
