"""What a seat of Belle, Flux et Trente-un may see, and the public result of a deal."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from academie.cards import card_code
from academie.core.frozen import freeze
from academie.core.sampling import Trail


def _codes(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [card_code(c) for c in cards]


@dataclass(frozen=True)
class DealResult:
    """How one deal (*coup*) ended, public to all.

    ``belle``/``flux``/``trente_un``: the seat that won each basket, or None when it stayed for
    the next deal. ``fluxes``: seat → flux value in points; ``hands``/``points``: every hand as
    shown at the trente-un (« on accuse le jeu ») and its point; ``declared``: the seat that
    declared 31; ``baskets``: what each basket holds after the deal (carried over), in counters;
    ``counters``: each seat's counters after the deal; ``ties``: basket (``'belle'``,
    ``'flux'``, ``'trente-un'``) → the seats tied for its best, in deal order (``()`` when one
    was best alone or nobody qualified; under ``tie_rule=carry`` a tie leaves the basket).
    """

    deal: int
    dealer: int
    up: Mapping[int, int]
    belle: int | None
    flux: int | None
    fluxes: Mapping[int, int]
    hands: Mapping[int, tuple[int, ...]]
    points: Mapping[int, int]
    trente_un: int | None
    declared: int | None
    baskets: Mapping[str, int]
    counters: tuple[int, ...]
    ties: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # A deep, immutable snapshot: the dicts become read-only FrozenMaps.
        for f in fields(self):
            object.__setattr__(self, f.name, freeze(getattr(self, f.name)))

    def to_json(self) -> dict:
        return {
            "deal": self.deal + 1,
            "dealer": self.dealer,
            "up": {str(s): card_code(c) for s, c in self.up.items()},
            "belle": self.belle,
            "flux": self.flux,
            "fluxes": {str(s): v for s, v in self.fluxes.items()},
            "hands": {str(s): _codes(h) for s, h in self.hands.items()},
            "points": {str(s): p for s, p in self.points.items()},
            "trente_un": self.trente_un,
            "declared": self.declared,
            "baskets_after": dict(self.baskets),
            "counters_after": list(self.counters),
            "ties": {k: list(v) for k, v in self.ties.items()},
        }


@dataclass(frozen=True)
class BelleFluxView:
    """One seat's view (``seat`` set) or the public view (``seat`` None).

    Shapes: ``hidden`` the viewer's two face-down cards; ``up[s]`` seat ``s``'s face-up card
    (None before it is dealt); ``extra[s]`` the cards seat ``s`` asked for, when the viewer may
    see them (its own, or all when dealt face up), ``extra_counts[s]`` how many; ``fluxes`` and
    ``flux_hands`` the fluxes shown (seat, value) and (seat, cards); ``belle``/``flux`` this
    deal's winners; ``counters`` per seat and ``baskets`` (name, counters); ``point`` the
    viewer's trente-un point; ``log`` events ``(kind, seat, card)``: ``up``, ``ask``, ``card``
    (card None when dealt face down), ``stand``, ``declare``.
    """

    seat: int | None
    num_players: int
    deal_number: int
    dealer: int
    current_player: int
    phase: str
    hidden: tuple[int, ...]
    up: tuple[int | None, ...]
    extra: tuple[tuple[int, ...], ...]
    extra_counts: tuple[int, ...]
    stood: tuple[bool, ...]
    fluxes: tuple[tuple[int, int], ...]
    flux_hands: tuple[tuple[int, tuple[int, ...]], ...]
    belle: int | None
    flux: int | None
    counters: tuple[int, ...]
    baskets: tuple[tuple[str, int], ...]
    stock_count: int
    log: tuple[tuple[str, int | None, int | None], ...]
    last_result: DealResult | None
    point: int | None
    face_up_extras: bool
    trail: Trail | None = field(default=None, repr=False)
    """The seat's trace of the match, for :func:`academie.core.sampling.sample` (None in the
    public view)."""

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "deal": self.deal_number + 1,
            "dealer": self.dealer,
            "current_player": self.current_player,
            "phase": self.phase,
            "hidden": _codes(self.hidden),
            "up": [card_code(c) if c is not None else None for c in self.up],
            "extra": [_codes(e) for e in self.extra],
            "extra_counts": list(self.extra_counts),
            "stood": list(self.stood),
            "fluxes": {str(s): v for s, v in self.fluxes},
            "flux_hands": {str(s): _codes(h) for s, h in self.flux_hands},
            "belle": self.belle,
            "flux": self.flux,
            "counters": list(self.counters),
            "baskets": dict(self.baskets),
            "stock_count": self.stock_count,
            "point": self.point,
            "log": [
                {"event": k, "seat": s, "card": card_code(c) if c is not None else None}
                for k, s, c in self.log
            ],
            "last_result": self.last_result.to_json() if self.last_result else None,
        }
