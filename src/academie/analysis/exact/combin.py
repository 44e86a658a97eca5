"""Counting tools shared by the exact analyses: binomials, ordered deals of hands, and hands that
lie inside one suit (a flux, a trente-et-un immédiat), counted suit by suit.

A *suit-local* family is a set of three-card hands each inside one suit: two hands of such a
family held by different players never share a card, so the number of ways that given players
all hold hands of the family is a product over the four suits, put together with exponential
generating functions (:func:`players_in_family`).

>>> ordered_hands(2)          # two players' three-card hands from 52: C(52,3) × C(49,3)
407170400
>>> from math import comb
>>> ordered_hands(2) == comb(52, 3) * comb(49, 3)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations
from math import comb, factorial, perm


def ordered_hands(players: int, deck: int = 52, size: int = 3) -> int:
    """Ways to deal ``size`` cards to each of ``players`` given players (each hand a set) from a
    pack of ``deck`` cards."""
    out = 1
    for i in range(players):
        out *= comb(deck - size * i, size)
    return out


def suit_collections(cards: Sequence[int], value: Callable[[tuple[int, int, int]], float | None]) -> Counter:
    """Every set of disjoint three-card hands of one suit (``cards``, in order) that ``value``
    accepts (a number, not None), counted by ``(size, lowest value, hands at that value)``; the
    empty set is ``(0, None, 0) → 1``. Vectorised with numpy: a suit of 13 cards has 417,847
    such sets of fluxes.

    >>> from academie.cards import pack
    >>> suit_collections(pack(52)[:6], lambda t: 1)[(2, 1, 2)]   # two disjoint triples of 6 cards
    10
    """
    import numpy as np

    cards = list(cards)
    triples = [(t, v) for t in combinations(cards, 3) if (v := value(t)) is not None]
    out: Counter = Counter({(0, None, 0): 1})
    if not triples:
        return out
    tmask = np.array([sum(1 << cards.index(c) for c in t) for t, _ in triples], dtype=np.int64)
    tval = np.array([v for _, v in triples], dtype=float)
    idx = np.arange(len(triples))
    mask, last, low, mult = tmask.copy(), idx.copy(), tval.copy(), np.ones(len(triples), dtype=np.int64)
    size = 1
    while mask.size:  # rows sorted by their last triple: those before t are a prefix
        keys, counts = np.unique(low * 8 + mult, return_counts=True)
        for key, n in zip(keys.tolist(), counts.tolist()):
            m = int(round(key % 8))  # at most 4 hands in a suit: the count fits in 3 bits
            out[(size, (key - m) / 8, m)] += int(n)
        parts = []
        ends = np.searchsorted(last, idx, side="left")
        for t in range(len(triples)):
            end = ends[t]
            ok = (mask[:end] & tmask[t]) == 0
            if ok.any():
                v = tval[t]
                lo, mu = low[:end][ok], mult[:end][ok]
                parts.append((mask[:end][ok] | tmask[t], np.full(lo.size, t), np.minimum(lo, v),
                              np.where(v < lo, 1, np.where(v == lo, mu + 1, mu))))
        if not parts:
            break
        mask, last, low, mult = (np.concatenate(x) for x in zip(*parts))
        size += 1
    return Counter({(m, (int(v) if v is not None and float(v).is_integer() else v), k): n
                    for (m, v, k), n in out.items()})


def players_in_family(per_suit: Sequence[dict[tuple[int, int], int]], k: int, j: int) -> int:
    """Ways that ``k`` given players hold hands of family E and ``j`` other given players hands of
    family F (disjoint hands), when suit ``s`` offers ``per_suit[s][(x, y)]`` ordered choices of
    ``x`` E-hands and ``y`` F-hands: ``k! j! [a^k b^j] Π_s Σ g_s(x, y) a^x b^y / (x! y!)``."""
    return family_ways(per_suit, k + j).get((k, j), 0)


def family_ways(per_suit: Sequence[dict[tuple[int, int], int]], most: int) -> dict[tuple[int, int], int]:
    """:func:`players_in_family` for every ``(k, j)`` with ``k + j <= most``, from one product
    of the suits' exponential generating functions."""
    poly: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for g in per_suit:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (a, b), c in poly.items():
            for (x, y), n in g.items():
                if n and a + x + b + y <= most:
                    key = (a + x, b + y)
                    nxt[key] = nxt.get(key, Fraction(0)) + c * Fraction(n, factorial(x) * factorial(y))
        poly = nxt
    out = {}
    for (k, j), c in poly.items():
        total = c * factorial(k) * factorial(j)
        assert total.denominator == 1
        out[(k, j)] = int(total)
    return out


def threshold_choices(collections: Counter, threshold: float) -> dict[tuple[int, int], int]:
    """From :func:`suit_collections`' counts: ordered choices of ``x`` hands of value exactly
    ``threshold`` and ``y`` hands of value ``threshold`` or more, all disjoint: ``(x, y) → ways``."""
    out: dict[tuple[int, int], int] = {}
    for (m, low, mult), count in collections.items():
        if m and low < threshold:
            continue
        e = mult if m and low == threshold else 0
        for x in range(0, min(e, m) + 1):
            y = m - x
            out[(x, y)] = out.get((x, y), 0) + count * perm(e, x) * factorial(y)
    return out


def none_hold(per_suit: Sequence[dict[tuple[int, int], int]], players: int, held: int = 0,
              deck: int = 52) -> Fraction:
    """Probability that ``held`` given players hold hands of family E and the other
    ``players - held`` no hand of family F (inclusion–exclusion over the players who do)."""
    total = Fraction(0)
    table = family_ways(per_suit, players)
    for j in range(players - held + 1):
        ways = table.get((held, j), 0)
        if ways:
            total += (-1) ** j * comb(players - held, j) * Fraction(ways, ordered_hands(held + j, deck))
    return total
