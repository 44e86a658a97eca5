"""Card tables and pure functions of the Guinguette: the pack, the guinguette, tierces, counts.

Source: Larousse, *Grand dictionnaire universel*, Supplément, art. « Guinguette » (``[004]``, cut
off), and the later description (``[Guinguette-later]``). What no source gives is marked OUR
RECONSTRUCTION.

>>> from academie.cards import parse_cards
>>> [card_code(c) for c in pack_for(4)[:5]]
['AS', '6S', '7S', '8S', '9S']
>>> tierce(parse_cards("JH 10H 9H 2C"), 52)   # « une tierce au valet »: the highest cabaret
11
>>> tierce(parse_cards("AS 2S 3S 9D"), 52), tierce(parse_cards("KS QS JS 10S"), 52)
(3, 0)
>>> tierce(parse_cards("AS 6S 7S 9D"), 36), tierce(parse_cards("AS 6S 7S 9D"), 36, bridge=True)
(0, 7)
>>> tierce(parse_cards("9H 10S JC 2C"), 52), tierce(parse_cards("9H 10S JC 2C"), 52, suited=False)
(0, 11)
>>> count(parse_cards("KS AH 7D 10C"))   # ace 1, figures 10
28
>>> suit_point(parse_cards("KS 9S AH 7D"))
19
"""

from __future__ import annotations

from collections.abc import Sequence

from academie.cards import card_code, make_card, pack, rank_table

GUINGUETTE = make_card("Q", "D")
"""[004] «La guinguette est la dame de carreau»."""

ORDER: tuple[float, ...] = rank_table({"A": 1, "J": 11, "Q": 12, "K": 13})
"""[004] «les as ne valent qu'un point, et sont les moindres cartes du jeu»; the later source:
king high down to the ace. A card's rank from 1 (ace) to 13 (king)."""

POINTS: tuple[float, ...] = rank_table({"A": 1, "J": 10, "Q": 10, "K": 10})
"""A card's count: [004] «les as ne valent qu'un point»; figures 10 (OUR RECONSTRUCTION, as at
Nain Jaune and Poque), other cards their number."""

JACK = 11
"""[004] «une tierce au valet, au dix, au neuf»: the jack tops the highest tierce; the later
source: kings and queens make no tierce."""


def pack_for(num_players: int) -> list[int]:
    """The pack: [004] «on prend un jeu de 52 cartes : si l'on ne jouait que trois ou quatre, on
    ne prendrait que trente-six cartes, en ôtant les petites jusqu'aux cinq» (2 to 5 taken out).
    Ordered suit by suit, ace first."""
    cards = pack(36 if num_players <= 4 else 52)
    return sorted(cards, key=lambda c: (c // 13, ORDER[c]))


def _ranks_in_pack(pack_size: int, bridge: bool) -> list[list[int]]:
    """The runs of three ranks that make a tierce, lowest first (each topped at most by the jack)."""
    ranks = [1, *range(2 if pack_size == 52 else 6, 14)]
    runs = []
    for i in range(len(ranks) - 2):
        run = ranks[i:i + 3]
        if run[2] > JACK:
            break
        if bridge or run[2] - run[0] == 2:
            runs.append(run)
    return runs


_RUNS = {(size, bridge): _ranks_in_pack(size, bridge) for size in (36, 52) for bridge in (False, True)}


def tierce(cards: Sequence[int], pack_size: int, bridge: bool = False, suited: bool = True) -> int:
    """The top rank (3 to 11, the jack) of the best *tierce* in ``cards`` — three cards next to
    each other in rank, of one suit (``suited``, the piquet's tierce) or of any suits — or 0 when
    there is none: the cabaret. [004] «Le cabaret est composé d'une tierce au valet, au dix, au
    neuf, etc.»; the later source: the low cards, kings and queens making none. ``bridge``: with
    36 cards, A-6-7 counts (option ``ace_tierce``); ``suited``: option ``tierce_suits``."""
    best = 0
    for suit in range(4) if suited else (None,):
        have = {int(ORDER[c]) for c in cards if suit is None or c // 13 == suit}
        if len(have) < 3:
            continue
        for run in _RUNS[(pack_size, bridge)]:
            if all(r in have for r in run):
                best = max(best, run[2])
    return best


def count(cards: Sequence[int]) -> int:
    """The count of a hand (option ``cotillon_award`` 'total'): ace 1, figures 10, others their
    number. OUR RECONSTRUCTION from [004] «les as ne valent qu'un point»."""
    return int(sum(POINTS[c] for c in cards))


def suit_point(cards: Sequence[int]) -> int:
    """The highest count of one suit's cards (option ``cotillon_award`` 'suit_point')."""
    return max((int(sum(POINTS[c] for c in cards if c // 13 == s)) for s in range(4)), default=0)


def tierce_name(top: int) -> str:
    """``'tierce to the jack'`` … ``'tierce to the 3'``; ``''`` for none."""
    if not top:
        return ""
    return "tierce to the " + {11: "jack", 1: "ace"}.get(top, str(top))


__all__ = ["GUINGUETTE", "JACK", "ORDER", "POINTS", "card_code", "count", "pack_for", "suit_point",
           "tierce", "tierce_name"]
