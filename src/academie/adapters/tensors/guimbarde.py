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

from academie.adapters.tensors.pieces import (Layout, Layouts, card, cards, choice, common_head, log_cards, number,
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
