"""What a seat of Trente et un may see (its information), and the public result of a deal."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from academie.cards import card_code
from academie.core.frozen import freeze
from academie.core.sampling import Trail


def _codes(cards: tuple[int, ...]) -> list[str]:
    return [card_code(c) for c in cards]


@dataclass(frozen=True)
class DealResult:
    """How one deal (*tour*) ended, public to all.

    ``ending``: ``'thirty_one'`` (shown after a discard), ``'dealt_thirty_one'``, ``'knock'``
    (hands compared after a knock) or ``'stock_exhausted'``. ``hands``/``values``: the hands
    shown (all of them at a comparison; only the 31 otherwise), values in points.
    ``lives_lost``: seat → lives really lost. ``void``: the round would have put everyone out
    and is replayed (option ``all_out``): no life is lost (``lives_lost`` is empty) and
    ``would_lose`` holds seat → the lives it would have taken (empty in any other round).
    """

    deal: int
    dealer: int
    ending: str
    shown_by: int | None
    knocker: int | None
    hands: Mapping[int, tuple[int, ...]]
    values: Mapping[int, float]
    lives_lost: Mapping[int, int]
    eliminated: tuple[int, ...]
    void: bool
    would_lose: Mapping[int, int] = freeze({})

    def __post_init__(self) -> None:
        # A deep, immutable snapshot: the dicts become read-only FrozenMaps.
        for f in fields(self):
            object.__setattr__(self, f.name, freeze(getattr(self, f.name)))

    def to_json(self) -> dict:
        return {
            "deal": self.deal + 1,
            "dealer": self.dealer,
            "ending": self.ending,
            "shown_by": self.shown_by,
            "knocker": self.knocker,
            "hands": {str(s): _codes(h) for s, h in self.hands.items()},
            "values": {str(s): v for s, v in self.values.items()},
            "lives_lost": {str(s): n for s, n in self.lives_lost.items()},
            "eliminated": list(self.eliminated),
            "void": self.void,
            "would_lose": {str(s): n for s, n in self.would_lose.items()},
        }


@dataclass(frozen=True)
class TrenteEtUnView:
    """One seat's view (``seat`` set) or the public view (``seat`` is None).

    Shapes: ``hand`` holds the seat's cards (empty in the public view); ``pile`` the discard
    pile, bottom to top (all its cards were shown face up); ``known[s]`` the cards seat ``s`` is
    known to hold (taken from the pile; the whole hand for the viewing seat); ``lives`` in
    lives; ``log`` the current deal's events ``(kind, seat, card)`` with kinds ``up``,
    ``stock`` (card None unless it is the viewer's own draw), ``pile``, ``discard``, ``knock``,
    ``reshuffle``. ``brelan``: value of three of a kind under the house rule, or None. ``hand_value``: the
    viewer's hand value in points when it holds three cards, else None. ``discard_values``: when
    the viewer holds four cards (it has drawn and must discard), each card it may discard with
    the value of the three it would keep, in the order of ``hand``; else empty. ``previous_hand``: the
    viewer's own hand when the last deal ended (empty in the public view).
    """

    seat: int | None
    num_players: int
    deal_number: int
    dealer: int
    current_player: int
    phase: str
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    stock_count: int
    hand_sizes: tuple[int, ...]
    lives: tuple[int, ...]
    eliminated: tuple[bool, ...]
    knocker: int | None
    turns_taken: int
    known: tuple[tuple[int, ...], ...]
    log: tuple[tuple[str, int | None, int | None], ...]
    last_result: DealResult | None
    winner: int | None
    brelan: float | None
    previous_hand: tuple[int, ...]
    hand_value: float | None
    discard_values: tuple[tuple[int, float], ...] = ()
    trail: Trail | None = field(default=None, repr=False)
    """The seat's trace of the match, for :func:`academie.core.sampling.sample` (None in the
    public view)."""

    @property
    def up_card(self) -> int | None:
        """The top card of the discard pile, or None."""
        return self.pile[-1] if self.pile else None

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "deal": self.deal_number + 1,
            "dealer": self.dealer,
            "current_player": self.current_player,
            "phase": self.phase,
            "hand": _codes(self.hand),
            "hand_value": self.hand_value,
            "discard_values": [[card_code(c), v] for c, v in self.discard_values],
            "pile": _codes(self.pile),
            "stock_count": self.stock_count,
            "hand_sizes": list(self.hand_sizes),
            "lives": list(self.lives),
            "eliminated": list(self.eliminated),
            "knocker": self.knocker,
            "known": [_codes(k) for k in self.known],
            "log": [
                {"event": k, "seat": s, "card": card_code(c) if c is not None else None}
                for k, s, c in self.log
            ],
            "last_result": self.last_result.to_json() if self.last_result else None,
            "winner": self.winner,
        }
