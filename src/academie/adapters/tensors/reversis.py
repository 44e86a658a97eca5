"""Reversis's tensors (from :class:`~academie.games.reversis.view.ReversisView`).

Observation, ``n`` seats (relative rows, row 0 the viewer), size ``219 + 61n``
(``n = 4``: 463 floats)::

    hand (52)            the viewer's cards
    my_ecart (52)        the card the viewer put in the talon (écart)
    my_taken (52)        the talon card the viewer took
    peeked (52)          the talon card the viewer looked at after declining
    trick (n×52)         the card each seat played to the current trick
    ecart (n×3)          per seat one-hot: exchanged, declined, discarded (zeros: not yet)
    hand_sizes (n)       cards in each hand
    tricks_won (n)       tricks each seat won this deal
    counters (n)         each seat's counters
    leader (n)           one-hot: the seat that led the current trick
    phase (4)            one-hot: deal, ecart, play, over
    dealer (n), to_act (n)
    quinola (3)          one-hot: what became of the quinola (renounce, bete, ecarte) as the viewer knows
    talon_size (1), trick_number (1), pool (1) (counters), betes (1) (counters in the bêtes left)

Information state: the observation, then ``played`` (n×52: every card each seat played this
deal); size ``219 + 113n``, ``n = 4``: 671 floats.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from academie.adapters.tensors.fast import BaseWriter
from academie.adapters.tensors.pieces import (CARDS, Layout, Layouts, card, cards, choice, common_head, number, seat,
                                       seat_cards, seat_flags, seat_numbers, seat_pairs)

PHASES = ("deal", "ecart", "play", "over")


def layouts(n: int, options: Any) -> Layouts:
    obs = (
        cards("hand", lambda v: v.hand, "the viewer's cards"),
        card("my_ecart", lambda v: v.my_ecart, "the card the viewer put in the talon"),
        card("my_taken", lambda v: v.my_taken, "the talon card the viewer took"),
        card("peeked", lambda v: v.peeked, "the talon card the viewer looked at"),
        seat_pairs(n, "trick", lambda v: v.trick, "the current trick, by seat"),
        seat_flags(n, "ecart", lambda v: v.ecart, "what each seat did in the écart",
                   ("exchanged", "declined", "discarded")),
        seat_numbers(n, "hand_sizes", lambda v: v.hand_sizes, "cards in each hand", 0.0),
        seat_numbers(n, "tricks_won", lambda v: v.tricks_won, "tricks won this deal", 0.0),
        seat_numbers(n, "counters", lambda v: v.counters, "each seat's counters"),
        seat(n, "leader", lambda v: v.trick[0][0] if v.trick else None, "the current trick's leader"),
        *common_head(n, PHASES),
        choice("quinola", lambda v: v.quinola, ("renounce", "bete", "ecarte"), "what became of the quinola"),
        number("talon_size", lambda v: v.talon_size, "cards in the talon", 0.0),
        number("trick_number", lambda v: v.trick_number, "the current trick's number", 0.0),
        number("pool", lambda v: v.pool, "counters in the pool"),
        number("betes", lambda v: sum(c for _, c in v.betes), "counters in the bêtes left on the game"),
    )
    info = obs + (seat_pairs(n, "played", lambda v: v.played, "every card played this deal, by seat"),)
    return Layouts(Layout(obs), Layout(info))


ECART_DONE = {"exchanged": 0, "declined": 1, "discarded": 2}
QUINOLA = {"renounce": 0, "bete": 1, "ecarte": 2}


class Writer(BaseWriter):
    """Writes a seat's information-state tensor from a
    :class:`~academie.games.reversis.state.ReversisState`'s own fields, slot for slot what the
    view encoders above give for ``state.view(seat)`` (see :mod:`academie.adapters.tensors.fast`):
    the observation rewritten at each call, ``played`` only the cards played since the last call
    (the whole deal after a new deal or another state)."""

    def __init__(self, n: int, options: Any, layouts: Layouts) -> None:
        super().__init__(n, layouts, PHASES)
        # the slots of the numbers, per viewer: hand_sizes, tricks_won, counters by absolute seat, then the four
        self.numbers = [[self.at[name] + r for name in ("hand_sizes", "tricks_won", "counters") for r in rows]
                        + [self.at[name] for name in ("talon_size", "trick_number", "pool", "betes")]
                        for rows in self.rows]
        self._betes: tuple[Any, float] = (None, 0.0)  # (the bêtes on the game, their sum): they are replaced, never changed

    def _betes_sum(self, on_game: Any) -> float:
        kept, total = self._betes
        if kept is not on_game:
            total = float(sum(c for _, c in on_game))
            self._betes = (on_game, total)
        return total

    def write(self, st: Any, seat: int, out: np.ndarray, memo: dict[str, Any]) -> None:
        from academie.games.reversis.state import POOL

        n, at, rows = self.n, self.at, self.rows[seat]
        m = st.match
        base = at["hand"]
        ones = [base + c for c in st.hands[seat]]  # the slots set to 1, written at once
        for name, c in (("my_ecart", st.ecart_card[seat]), ("my_taken", st.taken[seat]), ("peeked", st.peeked[seat])):
            if c is not None:
                ones.append(at[name] + c)
        base = at["trick"]
        trick = st.trick
        ones += [base + rows[s] * CARDS + c for s, c in trick]
        base = at["ecart"]
        for s, done in enumerate(st.ecart_done[:n]):
            i = ECART_DONE.get(done)
            if i is not None:
                ones.append(base + rows[s] * 3 + i)
        if trick and 0 <= trick[0][0] < n:
            ones.append(at["leader"] + rows[trick[0][0]])
        i = self.phases.get(st.phase)
        if i is not None:
            ones.append(at["phase"] + i)
        dealer = st.view_deal()[1]
        if dealer is not None and 0 <= dealer < n:
            ones.append(at["dealer"] + rows[dealer])
        player = st.current_player()
        if 0 <= player < n:
            ones.append(at["to_act"] + rows[player])
        i = QUINOLA.get(st._quinola_known(seat))
        if i is not None:
            ones.append(at["quinola"] + i)
        # played: the deal's cards, only those since the last call
        played = st.played
        kept = memo.get("played")
        base = at["played"]
        if kept is None or kept[0] is not played or kept[1] > len(played):
            out[base : base + n * CARDS] = 0.0
            start = 0
        else:
            start = kept[1]
        ones += [base + rows[s] * CARDS + c for s, c in played[start:]]
        memo["played"] = (played, len(played))
        out[: self.head] = 0.0
        out[ones] = 1.0
        values = [float(len(h)) for h in st.hands[:n]]
        values += [float(x or 0) for x in st.trick_count[:n]]
        values += [float(x or 0) for x in m.counters[:n]]
        values += [float(len(st.talon)), float(st.trick_number or 0), float(m.pots[POOL] or 0),
                   self._betes_sum(st.on_game)]
        out[self.numbers[seat]] = values

def writer(n: int, options: Any, layouts: Layouts) -> Writer:
    """The state writer of Reversis's information-state tensor (see :class:`Writer`)."""
    return Writer(n, options, layouts)
