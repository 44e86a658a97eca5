"""Card tables and pure functions of Reversis: rank, trick points, talon value, who wins a trick.

Source: Diderot & d'Alembert, *Encyclopédie*, art. « Reversis » (``[001]`` in :mod:`academie.sources`).

>>> from academie.cards import parse_cards
>>> talon_value(parse_cards("AS KH QC 2D"))   # « cinq pour les as, quatre pour les rois, trois… »
12
>>> trick_winner([(0, parse_cards("9S")[0]), (3, parse_cards("KS")[0]), (2, parse_cards("AH")[0])])
3
"""

from __future__ import annotations

from collections.abc import Sequence

from academie.cards import HEARTS, make_card, rank_table

QUINOLA = make_card("J", "H")
"""[001] «le valet de cœur ou le quinola»."""
ACE_OF_HEARTS = make_card("A", "H")
ACE_OF_DIAMONDS = make_card("A", "D")
KING_OF_HEARTS = make_card("K", "H")
QUEEN_OF_HEARTS = make_card("Q", "H")

# [001] «Les cartes ne changent point de valeur ; ce jeu n'a point de triomphe»: natural order,
# ace high — the card's own rank index (2 lowest … ace highest).
RANK: tuple[int, ...] = tuple(c % 13 for c in range(52))

# [001] «cinq pour les as, quatre pour les rois, trois pour les dames, & deux pour les valets»
TALON_SCALE: tuple[float, ...] = rank_table({"A": 5, "K": 4, "Q": 3, "J": 2}, default=0)
# R7: points in a player's tricks (later sources A4 K3 Q2 J1; or honours; or the talon scale).
TRICK_POINTS: dict[str, tuple[float, ...]] = {
    "A4K3Q2J1": rank_table({"A": 4, "K": 3, "Q": 2, "J": 1}, default=0),
    "honours": rank_table({"A": 1, "K": 1, "Q": 1, "J": 1}, default=0),
    "talon_scale": TALON_SCALE,
}


# R7, later sources: the party counts A4 K3 Q2 J1 but A♦ 5 and J♥ 4, and 4 more.
LATER_TALON_SCALE: tuple[float, ...] = tuple(
    5 if c == ACE_OF_DIAMONDS else 4 if c == QUINOLA else v
    for c, v in enumerate(rank_table({"A": 4, "K": 3, "Q": 2, "J": 1}, default=0))
)


def talon_value(cards: Sequence[int], later: bool = False) -> int:
    """What the talon is worth, in counters ([001] «Le talon se paye sur la valeur des cartes
    qu'il contient»: A5 K4 Q3 J2). The later ruleset counts A4 K3 Q2 J1, A♦ 5, J♥ 4, and 4
    more (R7)."""
    if later:
        return int(4 + sum(LATER_TALON_SCALE[c] for c in cards))
    return int(sum(TALON_SCALE[c] for c in cards))


def trick_winner(trick: Sequence[tuple[int, int]]) -> int:
    """The seat whose card wins ``trick`` (a list of (seat, card), leader first): the highest
    card of the suit led ([001] «on est obligé de donner une carte de la couleur qu'on joue»)."""
    seat, card = trick[0]
    led, best = card // 13, RANK[card]
    for other, card in trick[1:]:
        if card // 13 == led and RANK[card] > best:
            seat, best = other, RANK[card]
    return seat


def is_heart(card: int) -> bool:
    """A cœur."""
    return card // 13 == HEARTS
