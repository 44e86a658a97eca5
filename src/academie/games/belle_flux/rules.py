"""Card orders and values of Belle, Flux et Trente-un, as tables and pure functions.

Source: Encyclopédie méthodique, *Dictionnaire des jeux*, 1792 (``[000]`` in :mod:`academie.sources`).

>>> from academie.cards import parse_cards
>>> flux_value(parse_cards("AH KH QH")), flux_value(parse_cards("KS QS JS"))   # the source's example
(31, 30)
>>> flux_value(parse_cards("AH KH QS")) is None
True
>>> trente_un_value(parse_cards("AS AH 10C"))   # all cards count: 32, over
32
>>> BELLE_KING_HIGH[parse_cards("KC")[0]] > BELLE_KING_HIGH[parse_cards("AC")[0]] > BELLE_KING_HIGH[parse_cards("10C")[0]]
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from academie.cards import rank_table

# [000] «la plus haute carte est le roi, & successivement la dame, le valet, l'as, le dix, &c.»
BELLE_KING_HIGH: tuple[float, ...] = rank_table(
    {"K": 14, "Q": 13, "J": 12, "A": 11, "10": 10}
)
# Variant (option belle_order='ace_high'): the natural order, ace above the king.
BELLE_ACE_HIGH: tuple[float, ...] = rank_table({"A": 14, "K": 13, "Q": 12, "J": 11})

# [000] «c'est l'as qui a la prééminence. On le compte pour onze points, & chaque figure pour
# dix» (flux); «On compte l'as pour onze points, chaque figure, pour dix, & les autres cartes
# pour les points qui y sont imprimés» (trente-un).
POINTS: tuple[float, ...] = rank_table({"A": 11, "K": 10, "Q": 10, "J": 10})

THIRTY_ONE = 31
"""[000] «Le point de trente-un est le plus favorable; mais il ne faut pas l'outre-passer»."""


def flux_value(cards: Sequence[int]) -> int | None:
    """The flux of a three-card hand in points, or None if its suits differ.

    [000] «l'examen du flux, qui consiste à avoir trois cartes de la même couleur».
    """
    if len(cards) != 3 or len({c // 13 for c in cards}) != 1:
        return None
    return int(sum(POINTS[c] for c in cards))


def trente_un_value(cards: Sequence[int], one_suit: bool = False) -> int:
    """The point of a hand for the trente-un: every card counts ([000] «des points que
    présentent les cartes des joueurs», B6); with ``one_suit`` only the best suit (variant)."""
    if not one_suit:
        return int(sum(POINTS[c] for c in cards))
    totals = [0, 0, 0, 0]
    for c in cards:
        totals[c // 13] += int(POINTS[c])
    return max(totals)


def tied_for_best(scores: Mapping[int, float], order: Sequence[int]) -> tuple[int, ...]:
    """The seats, in ``order``, that share the best score when more than one does; ``()`` when
    one seat alone is best or nobody scored ([000] «aucun d'eux ne tire le panier»).

    >>> tied_for_best({0: 5, 1: 7, 2: 7}, [2, 1, 0])
    (2, 1)
    >>> tied_for_best({0: 5, 1: 7}, [0, 1])
    ()
    """
    if not scores:
        return ()
    top = max(scores.values())
    tied = tuple(s for s in order if scores.get(s) == top)
    return tied if len(tied) > 1 else ()


def best_unique(scores: Mapping[int, float], order: Sequence[int], eldest_wins: bool) -> int | None:
    """The seat with the best score, or None on a tie for best (the basket stays, B2);
    with ``eldest_wins`` a tie goes to the tied seat first in ``order`` (the eldest).

    >>> best_unique({0: 5, 1: 7, 2: 7}, [2, 1, 0], eldest_wins=False) is None
    True
    >>> best_unique({0: 5, 1: 7, 2: 7}, [2, 1, 0], eldest_wins=True)
    2
    """
    if not scores:
        return None
    top = max(scores.values())
    tied = [s for s in order if scores.get(s) == top]
    if len(tied) == 1 or eldest_wins:
        return tied[0]
    return None
