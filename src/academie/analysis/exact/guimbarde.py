"""Exact odds of the deal at the Guimbarde: each box, the point, the trumps.

Larousse, *Grand dictionnaire universel*, art. « Guimbarde » (``[004]``): five cards each (« par
trois et deux »), then the turned card gives the trump suit; 32 cards for 3 to 5 players, 52 for 6
to 8 (G15). The boxes of the roi (K♥), the guimbarde (Q♥) and the fou (J♦) go to whoever is dealt
that card, the mariage to the holder of both K♥ and Q♥, the point to the longest suit of three
cards or more (the game's ``point``); a box nobody can claim stays. Trumps are counted with the
game's ``is_trump`` for every turned card.

>>> from fractions import Fraction
>>> boxes(4)["card_dealt"]                # 20 of the 32 cards are dealt
Fraction(5, 8)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb

from academie.analysis.exact.combin import ordered_hands
from academie.analysis.tables import EXACT, Table
from academie.cards import pack
from academie.games.guimbarde.rules import FOU, GUIMBARDE, ROI, is_trump, point

PLAYERS = range(3, 9)
HAND = 5
"""[004] «donne à chaque joueur cinq cartes»."""


def deck_size(players: int) -> int:
    """32 cards for 3 to 5 players, 52 for 6 to 8 (G15, as the game's state deals)."""
    return 32 if players <= 5 else 52


@lru_cache(maxsize=None)
def _suit_shapes(deck: int) -> dict[tuple[int, ...], int]:
    """Point length of a hand by its count of cards in each suit, from the game's ``point`` on a
    hand of that shape (the length depends on the shape alone)."""
    cards = pack(deck)
    by_suit = [[c for c in cards if c // 13 == s] for s in range(4)]
    out = {}
    for shape in product(range(HAND + 1), repeat=4):
        if sum(shape) == HAND and all(k <= len(by_suit[s]) for s, k in enumerate(shape)):
            hand = [c for s, k in enumerate(shape) for c in by_suit[s][:k]]
            out[shape] = point(hand)[0]
    return out


def point_lengths(deck: int) -> dict[int, Fraction]:
    """A given player's point: 0 (none), 3, 4 or 5 cards of one suit → probability."""
    per_suit = len(pack(deck)) // 4
    counts: Counter = Counter()
    for shape, length in _suit_shapes(deck).items():
        ways = 1
        for k in shape:
            ways *= comb(per_suit, k)
        counts[length] += ways
    total = comb(deck, HAND)
    return {k: Fraction(n, total) for k, n in sorted(counts.items())}


def nobody_has_point(players: int) -> Fraction:
    """P(no hand of ``players`` has a point): the point box stays (dynamic programming over the
    cards left in each suit, suits sorted since ``point`` treats them alike)."""
    deck = deck_size(players)
    shapes = [s for s, length in _suit_shapes(deck).items() if length < 3]
    per_suit = deck // 4
    states: dict[tuple[int, ...], int] = {(per_suit,) * 4: 1}
    for _ in range(players):
        nxt: Counter = Counter()
        for left, ways in states.items():
            for shape in shapes:
                w = ways
                for have, take in zip(left, shape):
                    w *= comb(have, take)
                if w:
                    nxt[tuple(sorted(h - t for h, t in zip(left, shape)))] += w
        states = nxt
    return Fraction(sum(states.values()), ordered_hands(players, deck, HAND))


def boxes(players: int) -> dict[str, Fraction]:
    """``card_dealt``: the K♥ (or Q♥, or J♦) is in some hand, its box won; ``holds``: a given
    player has it; ``mariage``: someone holds K♥ and Q♥ both; ``point``: someone has a point."""
    deck = deck_size(players)
    cards = set(pack(deck))
    assert {ROI, GUIMBARDE, FOU} <= cards
    holds = Fraction(HAND, deck)
    pair = Fraction(comb(deck - 2, HAND - 2), comb(deck, HAND))
    return {"holds": holds, "card_dealt": players * holds, "mariage_holds": pair,
            "mariage": players * pair, "point": 1 - nobody_has_point(players)}


def trumps(deck: int) -> dict[int, Fraction]:
    """The number of trumps (``is_trump``: the turned suit and the three permanent trumps) in a
    given player's hand, over every turned card: count → probability."""
    cards = pack(deck)
    out: Counter = Counter()
    for turned in cards:
        rest = [c for c in cards if c != turned]
        t = sum(1 for c in rest if is_trump(c, turned // 13))
        for k in range(HAND + 1):
            out[k] += Fraction(comb(t, k) * comb(len(rest) - t, HAND - k), comb(len(rest), HAND) * len(cards))
    return {k: p for k, p in sorted(out.items()) if p}


def tables(options: dict) -> list[Table]:
    """The Guimbarde deal tables: each box for 3 to 8 players, the point, the trumps."""
    rows = []
    for n in PLAYERS:
        b = boxes(n)
        rows.append([n, deck_size(n), b["holds"], b["card_dealt"], b["mariage_holds"], b["mariage"], b["point"]])
    boxes_t = Table("guimbarde/boxes", "The boxes won at the deal", {"point_tiebreak": options["point_tiebreak"]}, EXACT,
                    ["players", "cards", "a given player: roi (or guimbarde, fou)", "roi box won (also guimbarde, fou)",
                     "a given player: mariage", "mariage box won", "point box won"], rows, plot="lines", x="players",
                    note="roi K♥, guimbarde Q♥, fou J♦: each box is won when its card is dealt to a hand, not turned"
                    " nor left in the stock; the point needs three cards of a suit.")
    rows = []
    for deck in (32, 52):
        lengths = point_lengths(deck)
        rows.append([deck] + [lengths.get(k, Fraction(0)) for k in (0, 3, 4, 5)])
    point_t = Table("guimbarde/point", "A given player's point", {}, EXACT,
                    ["cards", "no point", "point of 3", "point of 4", "point of 5"], rows)
    rows = []
    for deck in (32, 52):
        dist = trumps(deck)
        rows.append([deck] + [dist.get(k, Fraction(0)) for k in range(HAND + 1)]
                    + [sum((k * p for k, p in dist.items()), Fraction(0))])
    trumps_t = Table("guimbarde/trumps", "Trumps in a given player's hand", {}, EXACT,
                     ["cards"] + [f"{k} trumps" for k in range(HAND + 1)] + ["mean"], rows,
                     note="trumps: the turned suit and the guimbarde, the roi and the fou (« toujours triomphes »).")
    return [boxes_t, point_t, trumps_t]
