"""Card values and hand values of Trente et un, as pure functions over card tables.

Source: « Règles de Trente et un », a modern rules sheet (``[003]`` in :mod:`academie.sources`).

>>> from academie.cards import parse_cards
>>> hand_value(parse_cards("KH 9H 4C"))            # the sheet's example: « R♥ 9♥ 4♣ vaut 19 »
19
>>> hand_value(parse_cards("10S 10H 10D"))         # « Trois dix de trois couleurs… ne valent que 10 »
10
>>> hand_value(parse_cards("10S 10H 10D"), brelan=30.5)   # house rule « un brelan pour 30½ »
30.5
>>> hand_value(parse_cards("AH KH QH"))            # « un as et deux cartes valant 10 de la même couleur »
31
"""

from __future__ import annotations

from collections.abc import Sequence

from academie.cards import rank_table

# [003] «Les as valent 11, les figures 10, et les cartes numérotées leur chiffre.»
POINTS: tuple[float, ...] = rank_table({"A": 11, "K": 10, "Q": 10, "J": 10})

THIRTY_ONE = 31
"""[003] «trois cartes d'une même couleur totalisant exactement 31»: the immediate 31."""

BRELAN_VALUES: dict[str, float | None] = {"off": None, "30.5": 30.5, "30": 30.0}
"""Option ``brelan`` → value of three of a kind ([003] «un brelan pour 30½», T9)."""


def suit_totals(cards: Sequence[int]) -> list[int]:
    """Points held in each suit (pique, cœur, carreau, trèfle).

    [003] «Seules les cartes d'une même couleur se comptent ensemble.»
    """
    totals = [0, 0, 0, 0]
    for c in cards:
        totals[c // 13] += POINTS[c]  # type: ignore[call-overload]
    return totals


def hand_value(cards: Sequence[int], brelan: float | None = None) -> float:
    """The value of a three-card hand, in points: its best suit and nothing else.

    [003] «Votre main vaut sa meilleure couleur et rien d'autre.» With ``brelan`` set, three
    cards of one rank are worth ``brelan`` if that is more ([003] «Règles maison»).
    """
    best = max(suit_totals(cards))
    if brelan is not None and len(cards) == 3 and cards[0] % 13 == cards[1] % 13 == cards[2] % 13:
        return max(best, brelan)
    return best


def is_thirty_one(cards: Sequence[int]) -> bool:
    """Three cards of one suit totalling exactly 31 ([003] «Trente et un immédiat»)."""
    return len(cards) == 3 and THIRTY_ONE in suit_totals(cards)


def best_three(cards: Sequence[int], brelan: float | None = None) -> tuple[float, int]:
    """For a four-card hand (after drawing): the best value after one discard, and that discard."""
    best_value, best_card = -1.0, cards[0]
    for c in cards:
        rest = [x for x in cards if x != c]
        value = hand_value(rest, brelan)
        if value > best_value:
            best_value, best_card = value, c
    return best_value, best_card
