"""What everyone sees at the Jeu du Blason (there is no hidden information)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from academie.core.sampling import Trail
from academie.games.blason.board import Square


@dataclass(frozen=True)
class Move:
    """One throw: ``seat`` threw ``total`` from square ``origin``, landed on ``landed`` and
    ended on ``dest``; ``events`` says what the squares and meetings did."""

    seat: int
    total: int
    origin: int
    landed: int
    dest: int
    events: tuple[str, ...]

    def to_json(self) -> dict:
        return {"seat": self.seat, "total": self.total, "from": self.origin, "landed": self.landed,
                "to": self.dest, "events": list(self.events)}


@dataclass(frozen=True)
class BlasonView:
    """The race as everyone sees it. ``positions[s]``: seat ``s``'s square (0 = not yet on the
    board); ``rest[s]``: turns still to miss; ``well``: the seat waiting at the chancellerie
    (30); ``counters`` per seat and ``pot``, in counters; ``moves``: every throw so far;
    ``board``: square number → :class:`~academie.games.blason.board.Square`, read-only;
    ``missed``: square number → the turns a player stopping there misses, under the options in
    force (19 and 49)."""

    num_players: int
    current_player: int
    phase: str
    positions: tuple[int, ...]
    rest: tuple[int, ...]
    well: int | None
    counters: tuple[int, ...]
    pot: int
    moves: tuple[Move, ...]
    winner: int | None
    dice: str
    board: Mapping[int, Square] = field(compare=False, repr=False)
    missed: Mapping[int, int] = field(default_factory=dict, compare=False, repr=False)
    trail: Trail | None = field(default=None, repr=False)
    """What :func:`academie.core.sampling.sample` rebuilds the race from: the whole history
    (everything is public)."""

    @property
    def deal_number(self) -> int:
        """The race is a single deal."""
        return 0

    @property
    def last_result(self) -> None:
        """The race is one deal: no per-deal result to show."""
        return None

    def to_json(self) -> dict:
        return {
            "current_player": self.current_player,
            "phase": self.phase,
            "positions": list(self.positions),
            "rest": list(self.rest),
            "well": self.well,
            "counters": list(self.counters),
            "pot": self.pot,
            "throws": len(self.moves),
            "last_move": self.moves[-1].to_json() if self.moves else None,
            "winner": self.winner,
            "dice": self.dice,
        }
