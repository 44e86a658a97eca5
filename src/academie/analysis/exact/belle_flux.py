"""Exact odds of the deal at Belle, Flux et Trente-un, for 2 to 12 players.

Each player gets three cards, the third face up (« deux cartes couvertes… une troisième qu'il
découvre », Encyclopédie méthodique, 1792). The belle is judged on the face-up cards, the flux on
the three cards, the trente-un starts from the same three. Every figure calls the game's rules:
the belle rank table (``BELLE_KING_HIGH`` / ``BELLE_ACE_HIGH``), ``best_unique`` to judge a tie
under ``tie_rule``, ``flux_value`` for each three-card hand of one suit, and ``trente_un_value``.

>>> from fractions import Fraction
>>> belle(2, "king_high", "carry")["tie"]      # the two face-up cards of one rank: 3/51
Fraction(1, 17)
>>> flux(2, "carry")["any"] == 1 - (1 - Fraction(22, 425)) ** 2   # not independent…
False
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
from academie.games.belle_flux.rules import (
    BELLE_ACE_HIGH, BELLE_KING_HIGH, THIRTY_ONE, best_unique, flux_value, trente_un_value,
)

PLAYERS = range(2, 13)
"""[000] «depuis deux jusqu'à dix ou douze personnes»."""
DECK = 52


def _judged(k: int, players: int, eldest: bool) -> bool:
    """Whether a basket with ``k`` players tied at the best score is won, by the game's
    ``best_unique`` on a representative table (``k`` seats at 2, the rest at 1)."""
    scores = {s: (2 if s < k else 1) for s in range(players)}
    return best_unique(scores, list(range(players)), eldest) is not None


def belle(players: int, belle_order: str = "king_high", tie_rule: str = "carry") -> dict[str, Fraction]:
    """The belle with ``players`` face-up cards: ``outright`` (one highest card), ``tie`` (two or
    more share it), ``won`` and ``carried`` under ``tie_rule`` (B2)."""
    rank = BELLE_KING_HIGH if belle_order == "king_high" else BELLE_ACE_HIGH
    values = Counter(rank[c] for c in pack(DECK))
    total = comb(DECK, players)
    out = {"outright": Fraction(0), "tie": Fraction(0), "won": Fraction(0)}
    for value, cards in values.items():
        below = sum(n for v, n in values.items() if v < value)
        for k in range(1, min(cards, players) + 1):
            p = Fraction(comb(cards, k) * comb(below, players - k), total)
            out["outright" if k == 1 else "tie"] += p
            if _judged(k, players, tie_rule == "eldest_wins"):
                out["won"] += p
    out["carried"] = 1 - out["won"]
    return out


@lru_cache(maxsize=None)
def _suit_fluxes(values: tuple) -> object:
    """Sets of disjoint fluxes in a suit whose 286 hands have these values (cached: the four
    suits have the same)."""
    return suit_collections(list(range(13)), lambda t: values[_TRIPLE_INDEX[t]])


_TRIPLE_INDEX = {t: i for i, t in enumerate(combinations(range(13), 3))}


@lru_cache(maxsize=None)
def _flux_family() -> list:
    per_suit = []
    for suit in range(4):
        cards = [c for c in pack(DECK) if c // 13 == suit]
        per_suit.append(_suit_fluxes(tuple(flux_value(list(t)) for t in combinations(cards, 3))))
    values = sorted({v for coll in per_suit for (m, v, _) in coll if m})
    return [per_suit, values]


@lru_cache(maxsize=None)
def _flux_at(value: int, max_players: int = 12) -> dict[tuple[int, int], int]:
    """``(k, j) → ways`` that ``k`` given players hold a flux of exactly ``value`` and ``j`` others
    one of ``value`` or more (every hand disjoint)."""
    per_suit, _ = _flux_family()
    choices = [threshold_choices(coll, value) for coll in per_suit]
    return family_ways(choices, max_players)


def _hold(value: int, players: int, held: int) -> Fraction:
    """P(``held`` given players hold a flux of ``value`` and nobody else one of ``value`` or more)."""
    ways = _flux_at(value)
    total = Fraction(0)
    for j in range(players - held + 1):
        w = ways.get((held, j), 0)
        if w:
            total += (-1) ** j * comb(players - held, j) * Fraction(w, ordered_hands(held + j, DECK))
    return total


def flux(players: int, tie_rule: str = "carry") -> dict[str, Fraction]:
    """The flux with ``players`` three-card hands: ``any`` (at least one flux), ``outright`` (one
    best flux), ``tie`` (two or more share the best), ``won`` and ``carried`` under ``tie_rule``
    (no flux leaves the basket, B4), and ``best[v]``: the best flux is ``v`` points."""
    _, values = _flux_family()
    out = {"outright": Fraction(0), "tie": Fraction(0), "won": Fraction(0)}
    best: dict[int, Fraction] = {}
    for v in values:
        for k in range(1, players + 1):
            p = comb(players, k) * _hold(v, players, k)
            if p:
                best[v] = best.get(v, Fraction(0)) + p
                out["outright" if k == 1 else "tie"] += p
                if _judged(k, players, tie_rule == "eldest_wins"):
                    out["won"] += p
    out["any"] = out["outright"] + out["tie"]
    out["carried"] = 1 - out["won"]
    out["best"] = best  # type: ignore[assignment]
    return out


@lru_cache(maxsize=None)
def trente_un(one_suit: bool = False) -> dict[int, Fraction]:
    """The distribution of one player's first three cards' trente-un point (all cards count, or
    the best suit with ``one_suit``, B6): point → probability, over the C(52, 3) hands."""
    counts = Counter(trente_un_value(list(h), one_suit) for h in combinations(pack(DECK), 3))
    total = comb(DECK, 3)
    return {v: Fraction(n, total) for v, n in sorted(counts.items())}


def tables(options: dict) -> list[Table]:
    """The Belle-Flux tables for the options given (``belle_order``, ``tie_rule``,
    ``trente_un_count``), each for 2 to 12 players."""
    order, tie = options["belle_order"], options["tie_rule"]
    rows = []
    for n in PLAYERS:
        b = belle(n, order, tie)
        rows.append([n, b["outright"], b["tie"], b["carried"]])
    belle_t = Table("belle-flux-trente-un/belle", "The belle: the highest face-up card", {"belle_order": order, "tie_rule": tie},
                    EXACT, ["players", "one highest card", "tie for the highest", "belle carried"], rows,
                    plot="lines", x="players",
                    note="carried: nobody wins the belle and it stays for the next deal (tie_rule).")
    rows = []
    for n in PLAYERS:
        f = flux(n, tie)
        rows.append([n, f["any"], f["outright"], f["tie"], f["carried"]])
    flux_t = Table("belle-flux-trente-un/flux", "The flux: three cards of one suit", {"tie_rule": tie}, EXACT,
                   ["players", "at least one flux", "one best flux", "tie for the best flux", "flux carried"],
                   rows, plot="lines", x="players",
                   note="carried: no flux, or a tie for the best under tie_rule=carry; the basket stays.")
    count = options["trente_un_count"]
    dist = trente_un(count == "one_suit")
    dist_t = Table("belle-flux-trente-un/trente-un", "The trente-un: the point of the first three cards",
                   {"trente_un_count": count}, EXACT, ["point", "probability"],
                   [[v, p] for v, p in dist.items()], plot="bar", x="point")
    summary = Table("belle-flux-trente-un/trente-un-summary", "The first three cards against 31", {"trente_un_count": count},
                    EXACT, ["event", "probability"], [
                        ["exactly 31", dist.get(THIRTY_ONE, Fraction(0))],
                        ["over 31", sum((p for v, p in dist.items() if v > THIRTY_ONE), Fraction(0))],
                        ["under 31", sum((p for v, p in dist.items() if v < THIRTY_ONE), Fraction(0))],
                    ])
    return [belle_t, flux_t, dist_t, summary]


