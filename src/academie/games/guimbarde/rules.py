"""Card tables and pure functions of the Guimbarde: the permanent trumps, rank, point, tricks.

Source: Larousse, *Grand dictionnaire universel*, Supplément, art. « Guimbarde » (``[004]``).

>>> from academie.cards import parse_cards, DIAMONDS, SPADES
>>> [strength(c, SPADES) for c in parse_cards("QH KH JD KS AS 10S")]
[102, 101, 100, 54, 51, 50]
>>> trick_winner([(0, parse_cards("KC")[0]), (1, parse_cards("AC")[0]), (2, parse_cards("7S")[0])], SPADES)
2
>>> point(parse_cards("KH QH 9H 7H JD"))   # the roi and the guimbarde count as hearts for the point
(4, 36)
"""

from __future__ import annotations

from collections.abc import Sequence

from academie.cards import HEARTS, make_card, rank_table

GUIMBARDE = make_card("Q", "H")
"""[004] «La guimbarde est toujours la principale triomphe du jeu» (the queen of hearts)."""
ROI = make_card("K", "H")
"""[004] «le roi de cœur en est la seconde» (the king of hearts)."""
FOU = make_card("J", "D")
"""[004] «le valet de carreau la troisième, qui ne change jamais» (the fou, the jester)."""
PERMANENT: dict[int, int] = {GUIMBARDE: 102, ROI: 101, FOU: 100}
TRUMP = 4
"""Suit index used for the trump suit in play."""

# [004] «les as sont inférieurs aux valets, et supérieurs aux autres cartes, comme dix, neuf»
RANK: tuple[float, ...] = rank_table({"K": 14, "Q": 13, "J": 12, "A": 11})
QUEENS = {make_card("Q", s) for s in "SDC"}


def is_trump(card: int, trump: int) -> bool:
    """A triomphe: a permanent trump, or a card of the turned suit."""
    return card in PERMANENT or card // 13 == trump


def strength(card: int, trump: int) -> float:
    """How high ``card`` ranks in play: permanent trumps, then the trump suit, then its suit."""
    if card in PERMANENT:
        return PERMANENT[card]
    return RANK[card] + (40 if card // 13 == trump else 0)


def trick_winner(trick: Sequence[tuple[int, int]], trump: int, led_suit: int | None = None) -> int:
    """The seat winning ``trick`` ((seat, card), leader first): the highest trump, else the
    highest card of the suit led (``led_suit``, by default the leader's card's suit, or
    :data:`TRUMP` when it is a trump)."""
    led = led_suit if led_suit is not None else (TRUMP if is_trump(trick[0][1], trump) else trick[0][1] // 13)
    trumps = [p for p in trick if is_trump(p[1], trump)]
    if trumps:
        return max(trumps, key=lambda p: strength(p[1], trump))[0]
    return max((p for p in trick if p[1] // 13 == led), key=lambda p: strength(p[1], trump))[0]


# G4 option 'value': the piquet count of a point, ace 11, figures 10, others their number.
PIQUET: tuple[float, ...] = rank_table({"A": 11, "K": 10, "Q": 10, "J": 10})


def point(cards: Sequence[int]) -> tuple[int, int]:
    """The point of a hand: (cards in its longest suit, their piquet count) — only 3 to 5 cards
    make a point ([004] «Le point c'est trois, quatre ou cinq cartes d'une même couleur»);
    (0, 0) otherwise. The K♥ and Q♥ count as hearts (the source's example)."""
    best = (0, 0)
    for suit in range(4):
        mine = [c for c in cards if c // 13 == suit]
        if len(mine) >= 3:
            best = max(best, (len(mine), int(sum(PIQUET[c] for c in mine))))
    return best


def is_heart(card: int) -> bool:
    return card // 13 == HEARTS
