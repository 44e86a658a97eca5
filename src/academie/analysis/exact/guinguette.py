"""Exact odds of the deal at the Guinguette (a reconstruction): the guinguette dealt, a tierce, a
hand's count.

Larousse, *Grand dictionnaire universel*, Supplément, art. « Guinguette » (``[004]``): 52 cards, 36
for three or four players; the later description: four cards each. The guinguette (Q♦) is dealt
to some hand or left in the cotillon; a cabaret is a tierce (the game's ``tierce``: three cards of
a suit in sequence, topped at most by the jack); the count (the game's ``count``, ace 1, figures
10) decides the cotillon basket in our reconstruction (GU8). These are the odds of the cards
dealt, before anyone stirs the cotillon.

>>> from fractions import Fraction
>>> guinguette_dealt(4)          # 16 of the 36 cards are dealt
Fraction(4, 9)
>>> sum(tierces(36, False).values())
Fraction(1, 1)
>>> float(1 - tierces(36, False)[0]), float(1 - tierces(36, False, suited=True)[0])
(0.11082251082251082, 0.008759867583396995)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

from academie.analysis.tables import EXACT, Table
from academie.games.guinguette.rules import POINTS, count, pack_for, tierce  # noqa: F401 (count: the rule counted)

PLAYERS = range(3, 9)
HAND = 4
"""The later description: four cards to each player, two at a time."""


def deck_size(players: int) -> int:
    """[004] «si l'on ne jouait que trois ou quatre, on ne prendrait que trente-six cartes»."""
    return len(pack_for(players))


def guinguette_dealt(players: int) -> Fraction:
    """P(the Q♦ is in some hand after the deal): four cards to each player."""
    return Fraction(HAND * players, deck_size(players))


@lru_cache(maxsize=None)
def tierces(deck: int, bridge: bool, suited: bool = False) -> dict[int, Fraction]:
    """A given player's best tierce top (0: none; 3 to 11) → probability, for a pack of ``deck``
    cards (36 or 52), of any suits or of one suit (``suited``: option ``tierce_suits`` 'same').
    Of one suit, counted suit by suit (three cards of a suit at least: one suit at most can make
    one, the other cards are of any other suit); of any suits, over the ranks of the hand, each
    rank taken ``k`` times in C(4, k) ways."""
    cards = pack_for(3 if deck == 36 else 5)
    counts: Counter = Counter()
    if suited:
        per_suit = deck // 4
        suit = [c for c in cards if c // 13 == 0]
        for k in (3, 4):
            others = comb(deck - per_suit, HAND - k)
            for chosen in combinations(suit, k):
                top = tierce(chosen, deck, bridge)
                if top:
                    counts[top] += 4 * others  # any of the four suits
    else:
        ranks = sorted({c % 13 for c in cards})
        for multiset in combinations_with_replacement(ranks, HAND):
            kept = Counter(multiset)
            ways = 1
            for k in kept.values():
                ways *= comb(4, k)
            if ways:
                hand = [suit * 13 + r for r, k in kept.items() for suit in range(k)]
                top = tierce(hand, deck, bridge, suited=False)
                if top:
                    counts[top] += ways
    total = comb(deck, HAND)
    out = {top: Fraction(n, total) for top, n in sorted(counts.items())}
    return {0: 1 - sum(out.values(), Fraction(0)), **out}


@lru_cache(maxsize=None)
def counts(deck: int) -> dict[int, Fraction]:
    """A given player's count (ace 1, figures 10, others their number) → probability."""
    values = Counter(int(POINTS[c]) for c in pack_for(3 if deck == 36 else 5))
    ways: Counter = Counter({(0, 0): 1})  # (cards taken, count) → ways
    for value, available in values.items():
        nxt: Counter = Counter()
        for (taken, total), w in ways.items():
            for k in range(min(available, HAND - taken) + 1):
                nxt[(taken + k, total + k * value)] += w * comb(available, k)
        ways = nxt
    all_hands = comb(deck, HAND)
    return {total: Fraction(w, all_hands) for (taken, total), w in sorted(ways.items()) if taken == HAND}


def tables(options: dict) -> list[Table]:
    """The Guinguette deal tables: the guinguette dealt and a tierce for 3 to 8 players, the
    tierces by height, the counts."""
    bridge = options["ace_tierce"] == "bridge"
    rule = {"ace_tierce": options["ace_tierce"]}
    rows = []
    for n in PLAYERS:
        deck = deck_size(n)
        rows.append([n, deck, Fraction(HAND, deck), guinguette_dealt(n), 1 - tierces(deck, bridge)[0],
                     1 - tierces(deck, bridge, True)[0]])
    baskets = Table("guinguette/baskets", "The guinguette dealt, a tierce dealt", rule,
                    EXACT, ["players", "cards", "a given player: the guinguette", "the guinguette dealt",
                            "a given player: a tierce (any suits)", "a given player: a tierce of one suit"],
                    rows, plot="lines", x="players",
                    note="before anyone stirs the cotillon; a guinguette left in the cotillon can still be"
                    " drawn (our reconstruction gives its basket to its holder at the showdown, GU5).")
    rows = []
    for deck in (36, 52):
        for suited in (False, True):
            dist = tierces(deck, bridge, suited)
            rows.append([deck, "same" if suited else "any"]
                        + [dist.get(top, Fraction(0)) for top in (0, 3, 4, 5, 6, 7, 8, 9, 10, 11)])
    tops = Table("guinguette/tierces", "A given player's best tierce, by its top card", rule,
                 EXACT, ["cards", "suits", "none"] + [f"to the {'jack' if t == 11 else t}" for t in (3, 4, 5, 6, 7, 8, 9, 10, 11)],
                 rows, extra={"filters": {"tierce_suits": "suits"}},
                 note="« une tierce au valet, au dix, au neuf »: three cards in sequence (of any suits, or"
                 " of one: option tierce_suits), kings"
                 " and queens making none; with 36 cards there are no tierces to the 3, 4 or 5 (and A-6-7"
                 " only with ace_tierce=bridge).")
    rows = []
    for deck in (36, 52):
        dist = counts(deck)
        mean = sum((k * p for k, p in dist.items()), Fraction(0))
        at_least = [sum((p for k, p in dist.items() if k >= x), Fraction(0)) for x in (20, 30, 35)]
        rows.append([deck, mean, *at_least, max(dist)])
    counts_t = Table("guinguette/counts", "A given player's count", {}, EXACT,
                     ["cards", "mean", "20 or more", "30 or more", "35 or more", "highest"], rows,
                     note="ace 1, figures 10, others their number (our reconstruction of the cotillon basket, GU8).")
    return [baskets, tops, counts_t]


__all__ = ["counts", "deck_size", "guinguette_dealt", "tables", "tierces"]
