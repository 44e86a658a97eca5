"""What a seat of the Guinguette may see, and the public result of a deal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from academie.cards import card_code


@dataclass(frozen=True)
class DealResult:
    """How one deal ended, shown to all: every hand (« on abat »: OUR RECONSTRUCTION), each
    seat's tierce top (0: none) and count, how many times each stirred the cotillon, who took each
    basket (None: it stays), who was still in the cabaret and the cotillon, counters and baskets
    after the deal."""

    deal: int
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    tierces: tuple[int, ...]
    counts: tuple[int, ...]
    stirs: tuple[int, ...]
    winners: tuple[tuple[str, int | None, str], ...]
    """(basket, seat or None, why) for the guinguette, the cabaret and the cotillon."""
    in_cabaret: tuple[int, ...]
    in_cotillon: tuple[int, ...]
    counters: tuple[int, ...]
    baskets: tuple[tuple[str, int], ...]

    def to_json(self) -> dict:
        return {
            "deal": self.deal + 1, "dealer": self.dealer,
            "hands": [[card_code(c) for c in h] for h in self.hands],
            "tierces": list(self.tierces), "counts": list(self.counts), "stirs": list(self.stirs),
            "winners": [list(w) for w in self.winners],
            "in_cabaret": list(self.in_cabaret), "in_cotillon": list(self.in_cotillon),
            "counters_after": list(self.counters), "baskets_after": dict(self.baskets),
        }


@dataclass(frozen=True)
class GuinguetteView:
    """One seat's view (``seat`` set) or the public view (``seat`` None, ``hand`` empty).

    ``hand`` the viewer's cards; ``my_discards`` the cards it gave up stirring (face down, so
    only it knows them); ``hand_sizes`` per seat; ``stirs`` how many times each seat stirred the
    cotillon this deal; ``shown`` the guinguette when shown at the deal (``guinguette_when``
    'deal'): (seat, card) or None; ``stock`` the cards left in the cotillon; ``phase`` ``deal``,
    ``stir``, ``renvi``, ``cotillon`` (its raise), ``cabaret``, ``over``; ``betting`` the basket
    being raised, ``level`` the raise to hold and ``put`` what each seat has put in this raise;
    ``in_cabaret``/``in_cotillon`` the seats still claiming those baskets; ``baskets`` (name,
    counters); ``log`` the public moves of the deal (kind, seat, amount)."""

    seat: int | None
    num_players: int
    deal_number: int
    dealer: int
    current_player: int
    phase: str
    hand: tuple[int, ...]
    my_discards: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stirs: tuple[int, ...]
    shown: tuple[int, int] | None
    stock: int
    betting: str
    level: int
    put: tuple[int, ...]
    raised: tuple[int, ...]
    in_cabaret: tuple[int, ...]
    in_cotillon: tuple[int, ...]
    counters: tuple[int, ...]
    baskets: tuple[tuple[str, int], ...]
    pack_size: int
    tierce_rule: tuple[bool, bool]
    """What makes a tierce here: (A-6-7 with 36 cards: ``ace_tierce`` 'bridge'; of one suit only:
    ``tierce_suits`` 'same'), the arguments ``bridge`` and ``suited`` of the game's ``tierce``."""
    last_result: DealResult | None
    log: tuple[tuple[str, int, int], ...]
    trail: Any = field(default=None, repr=False)
    """The seat's trace of the match (an :class:`academie.core.sampling.Trail`), for
    :func:`academie.core.sampling.sample`; None in the public view."""
    short: tuple[int, ...] = ()
    """The seats that could not pay their stakes for another deal, which ended the match before
    its last deal (``out_of_counters`` 'end', GU14); empty otherwise."""

    def to_json(self) -> dict:
        return {
            "seat": self.seat, "deal": self.deal_number + 1, "dealer": self.dealer,
            "current_player": self.current_player, "phase": self.phase,
            "hand": [card_code(c) for c in self.hand], "my_discards": [card_code(c) for c in self.my_discards],
            "hand_sizes": list(self.hand_sizes), "stirs": list(self.stirs),
            "shown": [self.shown[0], card_code(self.shown[1])] if self.shown else None,
            "stock": self.stock, "betting": self.betting, "level": self.level, "put": list(self.put),
            "raised": list(self.raised), "in_cabaret": list(self.in_cabaret),
            "in_cotillon": list(self.in_cotillon), "counters": list(self.counters),
            "baskets": dict(self.baskets), "pack_size": self.pack_size,
            "tierce_rule": {"bridge": self.tierce_rule[0], "suited": self.tierce_rule[1]},
            "last_result": self.last_result.to_json() if self.last_result else None,
            "log": [list(e) for e in self.log], "short": list(self.short),
        }
