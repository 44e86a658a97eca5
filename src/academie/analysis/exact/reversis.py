"""Exact odds of the deal at Reversis: the quinola, the hearts, the talon.

Encyclopédie, art. « Reversis » (``[001]``): 48 cards (or 52), the dealer one card more, the
talon three cards at four players (two or seven at five, R2). A quinola (« le valet de cœur ») is
*unguarded* when it is its holder's only heart: the first heart trick forces it out, and it may be
put in the écart (R12). Every figure counts the game's own tables: ``is_heart``, ``QUINOLA``,
``talon_value``.

>>> from fractions import Fraction
>>> deal(4, "48")["hand"], deal(4, "48")["dealer_hand"], deal(4, "48")["talon"]
(11, 12, 3)
>>> quinola(11, 48)["holds"]
Fraction(11, 48)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

from academie.analysis.tables import EXACT, Table
from academie.cards import pack
from academie.games.reversis.options import ReversisOptions, talon_size
from academie.games.reversis.rules import ACE_OF_HEARTS, QUINOLA, is_heart, talon_value

PLAYERS = (4, 5)
"""[001] «on peut être quatre ou cinq personnes»."""


def deal(players: int, deck: str, talon_five: str = "default") -> dict[str, int]:
    """Sizes of the deal: ``hand`` (a non-dealer's cards), ``dealer_hand``, ``talon``, ``deck``."""
    opts = ReversisOptions(deck=deck, talon_five=talon_five)  # type: ignore[arg-type]
    talon = talon_size(opts, players)
    size = int(deck)
    hand = (size - talon - 1) // players
    return {"hand": hand, "dealer_hand": hand + 1, "talon": talon, "deck": size}


def quinola(hand: int, deck: int) -> dict[str, Fraction]:
    """A hand of ``hand`` cards from ``deck``: ``holds`` the quinola, ``unguarded`` (the quinola
    and no other heart), ``one_guard`` (the quinola and exactly one other heart)."""
    cards = pack(deck)
    hearts = sum(1 for c in cards if is_heart(c))
    others = deck - hearts
    total = comb(deck, hand)
    return {
        "holds": Fraction(comb(deck - 1, hand - 1), total),
        "unguarded": Fraction(comb(others, hand - 1), total),
        "one_guard": Fraction((hearts - 1) * comb(others, hand - 2), total),
    }


def hearts(hand: int, deck: int) -> dict[int, Fraction]:
    """The number of hearts in a hand of ``hand`` cards from ``deck`` (hypergeometric)."""
    h = sum(1 for c in pack(deck) if is_heart(c))
    total = comb(deck, hand)
    return {k: Fraction(comb(h, k) * comb(deck - h, hand - k), total) for k in range(0, min(h, hand) + 1)}


def talon_values(talon: int, deck: int, later: bool) -> dict[int, Fraction]:
    """The value of the talon (``talon_value``) over every talon of ``talon`` cards: value →
    probability. Enumerated when there are at most 50,000 talons, else by dynamic programming
    over the cards' own values (the value is a sum over the cards, checked on the pack)."""
    cards = pack(deck)
    total = comb(deck, talon)
    if total <= 50_000:
        counts = Counter(talon_value(list(t), later) for t in combinations(cards, talon))
        return {v: Fraction(n, total) for v, n in sorted(counts.items())}
    base = talon_value([], later)
    own = [talon_value([c], later) - base for c in cards]
    assert all(talon_value([a, b], later) == base + own[i] + own[j]
               for i, a in enumerate(cards) for j, b in enumerate(cards) if i < j)
    ways: list[Counter] = [Counter() for _ in range(talon + 1)]
    ways[0][0] = 1
    for v in own:
        for k in range(talon, 0, -1):
            for s, n in ways[k - 1].items():
                ways[k][s + v] += n
    return {base + s: Fraction(n, total) for s, n in sorted(ways[talon].items())}


def tables(options: dict) -> list[Table]:
    """The Reversis deal tables: the quinola for each deal, hearts in a hand, the talon's value."""
    rows = []
    for deck in ("48", "52"):
        for players in PLAYERS:
            d = deal(players, deck, options["talon_five"])
            for who, size in (("player", d["hand"]), ("dealer", d["dealer_hand"])):
                q = quinola(size, d["deck"])
                rows.append([deck, players, who, size, q["holds"], q["unguarded"], q["one_guard"],
                             q["unguarded"] / q["holds"]])
    quinola_t = Table("reversis/quinola", "The quinola (J♥) dealt", {"talon_five": options["talon_five"]}, EXACT,
                      ["deck", "players", "seat", "cards", "holds the quinola", "quinola unguarded",
                       "quinola with one heart", "unguarded if held"], rows,
                      note="unguarded: the quinola is its holder's only heart (before the écart).")
    deck, players = options["deck"], options.get("players", 4)
    d = deal(players, deck, options["talon_five"])
    rows = [[k, p] for k, p in hearts(d["hand"], d["deck"]).items()]
    hearts_t = Table("reversis/hearts", f"Hearts in a player's hand ({d['hand']} cards)",
                     {"deck": deck, "players": players}, EXACT, ["hearts", "probability"], rows, plot="bar", x="hearts")
    later = options["ruleset"] == "later"
    dist = talon_values(d["talon"], d["deck"], later)
    talon_t = Table("reversis/talon", f"The value of the talon ({d['talon']} cards)",
                    {"deck": deck, "players": players, "ruleset": options["ruleset"]}, EXACT,
                    ["value", "probability"], [[v, p] for v, p in dist.items()], plot="bar", x="value",
                    note=f"mean {float(sum((v * p for v, p in dist.items()), Fraction(0))):.4f} counters.")
    aces = [ACE_OF_HEARTS]
    extra = Table("reversis/aces", "The ace of hearts and the quinola together", {"deck": deck, "players": players},
                  EXACT, ["event", "probability"], [
                      ["a given player holds A♥ and J♥",
                       Fraction(comb(d["deck"] - 1 - len(aces), d["hand"] - 1 - len(aces)), comb(d["deck"], d["hand"]))],
                      ["the quinola is in the talon", Fraction(d["talon"], d["deck"])],
                  ])
    return [quinola_t, hearts_t, talon_t, extra]


__all__ = ["deal", "quinola", "hearts", "talon_values", "tables", "QUINOLA"]
