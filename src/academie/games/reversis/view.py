"""What a seat of Reversis may see, and the public result of a deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from academie.cards import card_code
from academie.core.sampling import Trail


def _code(card: int | None) -> str | None:
    return card_code(card) if card is not None else None


@dataclass(frozen=True)
class DealResult:
    """How one deal (*coup*) ended, public to all. ``tricks``/``points`` per seat (points by the
    ``trick_points`` option); ``talon`` its final cards, worth ``talon_value`` counters, won by
    ``talon_winner`` and paid by ``talon_payers``; ``quinola``: ``'renounce'`` (thrown on a
    renounce by ``claimant``), ``'bete'`` (forced or led), ``'ecarte'`` or None; ``reversis``:
    who took every trick; ``pool_winner``; ``counters`` after the deal; ``pots``: what is left on
    the game after the deal, as (name, counters): the pool first, even empty, then the bêtes
    still to be won, in the order made. A bête lifted or returned to the reversis is empty for
    good (a bête is paid into once, when made), so no later result names it; the deal that
    emptied it tells it in its ledger entries. ``pots`` is a
    :class:`~academie.core.frozen.SharedTuple`: the results of a long match share the chunks of
    their lists of bêtes instead of each holding a copy (random players can leave thousands of
    bêtes on the game)."""

    deal: int
    dealer: int
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    talon: tuple[int, ...]
    talon_value: int
    talon_winner: int
    talon_payers: tuple[int, ...]
    quinola: str | None
    claimant: int | None
    reversis: int | None
    pool_winner: int | None
    counters: tuple[int, ...]
    pots: Sequence[tuple[str, int]]

    def to_json(self) -> dict:
        return {
            "deal": self.deal + 1, "dealer": self.dealer, "tricks": list(self.tricks),
            "points": list(self.points), "talon": [card_code(c) for c in self.talon],
            "talon_value": self.talon_value, "talon_winner": self.talon_winner,
            "talon_payers": list(self.talon_payers), "quinola": self.quinola,
            "claimant": self.claimant, "reversis": self.reversis, "pool_winner": self.pool_winner,
            "counters_after": list(self.counters), "pots_after": dict(self.pots),
        }


@dataclass(frozen=True)
class ReversisView:
    """One seat's view (``seat`` set) or the public view (``seat`` None).

    ``hand`` the viewer's cards; ``ecart[s]`` what seat ``s`` did in the écart (``exchanged``,
    ``declined``, ``discarded`` or None) — never which cards; ``my_ecart``/``my_taken`` the card
    the viewer put in the talon and the one it took; ``peeked`` the talon card it looked at after
    declining; ``trick`` the current trick as (seat, card), leader first; ``played`` every card
    played this deal; ``tricks_won`` per seat and ``points_won``, the points in the tricks each
    took (by the ``trick_points`` option: every card played is seen, and who took each trick);
    ``counters`` per seat, ``pool`` and ``betes`` (name, counters: the bêtes on the game, in the
    order made, shared with the state) in counters; ``quinola`` what became of the quinola so far,
    as far as the viewer knows: ``'ecarte'`` only for the seat that put it in the écart (it lies
    face down under the talon; the others learn it from the deal's result, when the talon is
    shown).
    """

    seat: int | None
    num_players: int
    deal_number: int
    dealer: int
    current_player: int
    phase: str
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    talon_size: int
    ecart: tuple[str | None, ...]
    my_ecart: int | None
    my_taken: int | None
    peeked: int | None
    trick: tuple[tuple[int, int], ...]
    trick_number: int
    tricks_won: tuple[int, ...]
    points_won: tuple[int, ...]
    played: tuple[tuple[int, int], ...]
    counters: tuple[int, ...]
    pool: int
    betes: Sequence[tuple[str, int]]
    quinola: str | None
    last_result: DealResult | None
    log: tuple[tuple[str, int | None, int | None], ...]
    trail: Trail | None = field(default=None, repr=False)
    """The seat's trace of the match, for :func:`academie.core.sampling.sample` (None in the
    public view)."""

    def to_json(self) -> dict:
        return {
            "seat": self.seat, "deal": self.deal_number + 1, "dealer": self.dealer,
            "current_player": self.current_player, "phase": self.phase,
            "hand": [card_code(c) for c in self.hand], "hand_sizes": list(self.hand_sizes),
            "talon_size": self.talon_size, "ecart": list(self.ecart),
            "my_ecart": _code(self.my_ecart), "my_taken": _code(self.my_taken), "peeked": _code(self.peeked),
            "trick": [[s, card_code(c)] for s, c in self.trick], "trick_number": self.trick_number,
            "tricks_won": list(self.tricks_won), "points_won": list(self.points_won),
            "counters": list(self.counters), "pool": self.pool,
            "betes": dict(self.betes), "quinola": self.quinola,
            "last_result": self.last_result.to_json() if self.last_result else None,
        }
