"""French-suited playing cards: codes, packs, rank orders and point tables.

A card is a small integer ``suit * 13 + rank`` so that rules engines stay fast; this module turns
it into a code (``AS``, ``10H``), a Unicode label (``A♠``, ``10♥``) and back.

Suits, in this order: pique (spades, ``S``), cœur (hearts, ``H``), carreau (diamonds, ``D``),
trèfle (clubs, ``C``). Ranks, low to high in the *natural* order: 2 … 10, J (valet), Q (dame),
K (roi), A (as). Each game keeps its own rank order and point values as data tables built with
:func:`rank_table`, never as scattered conditionals.

>>> parse_card("10h"), parse_card("TH"), card_code(parse_card("th"))
(21, 21, '10H')
>>> card_label(parse_card("as"))
'A♠'
>>> [card_code(c) for c in pack(32)[:3]]
['7S', '8S', '9S']
>>> len(pack(52)), len(pack(48)), len(pack(36)), len(pack(32))
(52, 48, 36, 32)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import NewType

from academie.core.errors import CardCodeError, StackedDeckError

Card = NewType("Card", int)
"""A card: ``suit * 13 + rank`` with ``0 <= rank < 13`` (rank 0 is the two, 12 the ace)."""

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: tuple[str, ...] = ("♠", "♥", "♦", "♣")
SUIT_NAMES_FR: tuple[str, ...] = ("pique", "cœur", "carreau", "trèfle")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES_FR: dict[str, str] = {"J": "valet", "Q": "dame", "K": "roi", "A": "as"}

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)

_RANK_ALIASES: dict[str, str] = {"T": "10"}
_SUIT_ALIASES: dict[str, str] = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

CARD_CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
CARD_LABELS: tuple[str, ...] = tuple(r + s for s in SUIT_SYMBOLS for r in RANKS)
_CODE_TO_CARD: dict[str, Card] = {code: Card(i) for i, code in enumerate(CARD_CODES)}


def make_card(rank: str, suit: str) -> Card:
    """The card of ``rank`` (``'2'``..``'10'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``) and ``suit``.

    Raises :class:`CardCodeError` for an unknown rank or suit.
    """
    return parse_card(rank + suit)


def suit_of(card: int) -> int:
    """The suit index (0 pique, 1 cœur, 2 carreau, 3 trèfle) of ``card``."""
    return card // 13


def rank_of(card: int) -> str:
    """The rank symbol (``'2'``..``'A'``) of ``card``."""
    return RANKS[card % 13]


def card_code(card: int) -> str:
    """The ASCII code of ``card``: ``'AS'``, ``'10H'``, ``'KD'``, ``'7C'``."""
    return CARD_CODES[card]


def card_label(card: int) -> str:
    """The Unicode label of ``card``: ``'A♠'``, ``'10♥'``."""
    return CARD_LABELS[card]


def parse_card(text: str) -> Card:
    """Read a card code, case-insensitive: ``AS``, ``10H``, ``TH``, ``kd``, ``7♣``.

    French initials are refused rather than guessed: « RC » (*roi de cœur*) would otherwise
    mix a French rank with the English clubs letter.

    Raises :class:`CardCodeError` naming the bad code and the expected form.

    >>> card_code(parse_card("10♥"))
    '10H'
    >>> parse_card("11H")
    Traceback (most recent call last):
    ...
    academie.core.errors.CardCodeError: '11H' is not a card code: expected a rank (2-10, T, J, Q, K, A) then a suit (S, H, D, C), as in AS, 10H, TH, KD, 7C
    """
    if not isinstance(text, str):
        raise CardCodeError(f"a card code is a str (as in AS, 10H, TH, KD, 7C), not {type(text).__name__} {text!r:.40}")
    raw = text.strip().upper()
    card = _CODE_TO_CARD.get(raw)
    if card is not None:
        return card
    if len(raw) >= 2:
        rank, suit = raw[:-1], raw[-1]
        rank = _RANK_ALIASES.get(rank, rank)
        suit = suit if suit in SUITS else _SUIT_ALIASES.get(suit, suit)
        card = _CODE_TO_CARD.get(rank + suit)
        if card is not None:
            return card
    raise CardCodeError(
        f"{text!r} is not a card code: expected a rank (2-10, T, J, Q, K, A) then a suit "
        "(S, H, D, C), as in AS, 10H, TH, KD, 7C"
    )


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Read several card codes (a list, or one string separated by spaces or commas), each
    distinct code once: a stacked deck of a million outcomes is read in a fraction of a second.
    Raises :class:`CardCodeError` naming the first bad code."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    elif not isinstance(texts, Iterable):
        raise CardCodeError(f"card codes are a str or a list of them, not {type(texts).__name__} {texts!r:.40}")
    read: dict[str, Card] = {}
    cards = []
    for t in texts:
        card = read.get(t) if isinstance(t, str) else None
        if card is None:
            card = parse_card(t)
            if isinstance(t, str):
                read[t] = card
        cards.append(card)
    return cards


def pack(size: int = 52) -> list[Card]:
    """A pack in a fixed order (suit by suit, rank low to high).

    ``size`` is 52 (full pack), 48 (tens removed, as at Reversis), 36 (six to ace) or 32
    (seven to ace, piquet pack). Raises :class:`ValueError` for any other size.
    """
    lowest = {52: "2", 48: "2", 36: "6", 32: "7"}.get(size)
    if lowest is None:
        raise ValueError(f"no pack of {size} cards: packs have 52, 48, 36 or 32 cards")
    start = RANKS.index(lowest)
    return [
        Card(s * 13 + r)
        for s in range(4)
        for r in range(start, 13)
        if not (size == 48 and RANKS[r] == "10")
    ]


def rank_table(values: Mapping[str, int | float], default: int | None = None) -> tuple[float, ...]:
    """Expand a rank → value mapping into a 52-entry table indexed by card.

    Ranks missing from ``values`` are worth ``default``, or their number (``'7'`` → 7) when
    ``default`` is None.

    >>> points = rank_table({"A": 11, "K": 10, "Q": 10, "J": 10})
    >>> points[parse_card("AH")], points[parse_card("QS")], points[parse_card("7C")]
    (11, 10, 7)
    """
    per_rank = [values.get(r, (int(r) if r.isdigit() else 0) if default is None else default) for r in RANKS]
    return tuple(per_rank[c % 13] for c in range(52))


def require_whole_pack(codes: Sequence[str], deck: Sequence[int], deal: int, source: str) -> None:
    """Refuse a stacked deck (card codes, for deal number ``deal``, 1-based) that does not name
    every card of ``deck`` exactly once: a misdeal, never completed silently. ``source`` quotes
    the game's rule. Raises :class:`StackedDeckError` naming the missing, doubled or foreign
    cards.

    >>> require_whole_pack(["AS", "AS"], pack(32)[:2], 1, "rule")
    Traceback (most recent call last):
    ...
    academie.core.errors.StackedDeckError: misdeal: the stacked deck for deal 1 has 2 cards, the pack 2: missing 7S 8S; twice AS; not in the pack AS (rule)
    """
    try:
        cards = parse_cards(codes)
    except CardCodeError as exc:
        raise StackedDeckError(f"misdeal: {exc}") from None
    counts = Counter(cards)  # linear in the deck's length, however long
    missing = sorted(set(deck) - set(cards))
    doubled = sorted(c for c, k in counts.items() if k > 1)
    extra = sorted(set(cards) - set(deck))
    if missing or doubled or extra:
        parts = [f"missing {' '.join(card_code(c) for c in missing)}" if missing else "",
                 f"twice {' '.join(card_code(c) for c in doubled)}" if doubled else "",
                 f"not in the pack {' '.join(card_code(c) for c in extra)}" if extra else ""]
        raise StackedDeckError(
            f"misdeal: the stacked deck for deal {deal} has {len(cards)} cards, the pack"
            f" {len(deck)}: " + "; ".join(p for p in parts if p) + f" ({source})"
        )
