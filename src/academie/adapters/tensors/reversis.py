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

from academie.adapters.tensors.pieces import (Layout, Layouts, card, cards, choice, common_head, number, seat,
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
