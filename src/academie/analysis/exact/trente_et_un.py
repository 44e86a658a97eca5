"""Exact odds of the deal at Trente et un: the value of a dealt hand, and a 31 dealt.

« Règles de Trente et un » (a modern rules sheet, ``[003]``): three cards each from 52, the hand
worth its best suit (``hand_value``), a brelan worth 30½ or 30 under the house rule (option
``brelan``), « trois cartes d'une même couleur totalisant exactement 31 » shown at once
(``is_thirty_one``). A 31 lies inside one suit, so « someone was dealt 31 » is counted suit by
suit (:mod:`academie.analysis.exact.combin`).

>>> from fractions import Fraction
>>> thirty_one(2)["one"]        # 4 aces × C(4, 2) pairs of ten-cards, over C(52, 3)
Fraction(6, 5525)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb

from academie.analysis.exact.combin import family_ways, ordered_hands, suit_collections, threshold_choices
from academie.analysis.tables import EXACT, Table
from academie.cards import pack
from academie.games.trente_et_un.rules import BRELAN_VALUES, THIRTY_ONE, hand_value, is_thirty_one

PLAYERS = range(2, 10)
"""[003] «De deux à neuf joueurs avec un jeu ordinaire de 52 cartes»."""
DECK = 52


@lru_cache(maxsize=None)
def values(brelan: str = "off") -> dict[float, Fraction]:
    """The value of a dealt three-card hand under the ``brelan`` option: value → probability,
    over the C(52, 3) hands."""
    counts = Counter(hand_value(list(h), BRELAN_VALUES[brelan]) for h in combinations(pack(DECK), 3))
    total = comb(DECK, 3)
    return {v: Fraction(n, total) for v, n in sorted(counts.items())}


@lru_cache(maxsize=None)
def _family() -> dict[tuple[int, int], int]:
    """``(0, j) → ways`` that ``j`` given players are each dealt a 31 (disjoint hands)."""
    per_suit = []
    for suit in range(4):
        cards = [c for c in pack(DECK) if c // 13 == suit]
        coll = suit_collections(cards, lambda t: THIRTY_ONE if is_thirty_one(list(t)) else None)
        per_suit.append(threshold_choices(coll, THIRTY_ONE))
    # a 31 is inside one suit (« d'une même couleur »): checked over every hand of the pack
    assert all(len({c // 13 for c in h}) == 1 for h in combinations(pack(DECK), 3) if is_thirty_one(list(h)))
    return family_ways(per_suit, max(PLAYERS))


def thirty_one(players: int) -> dict[str, Fraction]:
    """``one``: a given player is dealt 31; ``anyone``: at least one of ``players`` is;
    ``two``: two or more are (the first in turn shows, option dealt_thirty_one)."""
    ways = _family()
    none = Fraction(0)
    for j in range(players + 1):
        w = sum(v for (k, jj), v in ways.items() if k + jj == j and k == 0)
        none += (-1) ** j * comb(players, j) * Fraction(w, ordered_hands(j, DECK))
    one = Fraction(ways.get((0, 1), 0), comb(DECK, 3))
    # exactly one holder: n × P(a given player holds one and the others none)
    exactly = Fraction(0)
    for j in range(players):
        w1 = ways.get((0, j + 1), 0)
        exactly += (-1) ** j * comb(players - 1, j) * Fraction(w1, ordered_hands(j + 1, DECK))
    exactly *= players
    return {"one": one, "anyone": 1 - none, "two": 1 - none - exactly}


def tables(options: dict) -> list[Table]:
    """The Trente et un tables: the dealt hand's value under each brelan setting, and a 31 dealt
    at 2 to 9 players (the same under every brelan setting: a brelan is never 31)."""
    settings = list(BRELAN_VALUES)
    dists = {b: values(b) for b in settings}
    points = sorted({v for d in dists.values() for v in d})
    rows = [[v] + [dists[b].get(v, Fraction(0)) for b in settings] for v in points]
    value_t = Table("trente-et-un/values", "The value of a dealt hand", {"brelan": "off, 30.5, 30"}, EXACT,
                    ["value"] + [f"brelan={b}" for b in settings], rows, plot="bar", x="value")
    means = Table("trente-et-un/mean", "The mean dealt value", {"brelan": "off, 30.5, 30"}, EXACT,
                  ["brelan", "mean value", "P(30 or more)"],
                  [[b, sum((Fraction(v) * p for v, p in dists[b].items()), Fraction(0)),
                    sum((p for v, p in dists[b].items() if v >= 30), Fraction(0))] for b in settings])
    rows = []
    for n in PLAYERS:
        t = thirty_one(n)
        rows.append([n, t["one"], t["anyone"], t["two"]])
    thirty_t = Table("trente-et-un/thirty-one", "A 31 dealt (« Trente et un immédiat »)",
                     {"brelan": "any (a brelan is never 31)"}, EXACT,
                     ["players", "a given player", "anyone", "two or more"], rows, plot="lines", x="players")
    return [value_t, means, thirty_t]
