"""What a seat of the Guimbarde may see, and the public result of a deal."""

from __future__ import annotations

from dataclasses import dataclass, field

from academie.cards import SUIT_NAMES_FR, card_code
from academie.core.sampling import Trail


@dataclass(frozen=True)
class DealResult:
    """How one deal ended: the turned card and trump suit, the announcements (box or marriage,
    seat, cards shown), tricks per seat, who took the trick contest (None: it stays), counters
    and box contents after the deal."""

    deal: int
    dealer: int
    turned: int | None
    trump: int
    announcements: tuple[tuple[str, int, str], ...]
    tricks: tuple[int, ...]
    trick_winner: int | None
    counters: tuple[int, ...]
    boxes: tuple[tuple[str, int], ...]

    def to_json(self) -> dict:
        return {
            "deal": self.deal + 1, "dealer": self.dealer,
            "turned": card_code(self.turned) if self.turned is not None else None,
            "trump": SUIT_NAMES_FR[self.trump], "announcements": [list(a) for a in self.announcements],
            "tricks": list(self.tricks), "trick_winner": self.trick_winner,
            "counters_after": list(self.counters), "boxes_after": dict(self.boxes),
        }


@dataclass(frozen=True)
class GuimbardeView:
    """One seat's view (``seat`` set) or the public view. ``hand`` the viewer's cards;
    ``shown[s]`` the cards seat ``s`` spread on the table for a box or a marriage; ``turned`` the
    turned card and ``trump`` its suit (``trump_name`` in French); ``announcements`` (box or
    marriage, seat, cards); ``trick`` (seat, card), leader first; ``tricks_won`` per seat;
    ``counters`` per seat and ``boxes`` (name, counters)."""

    seat: int | None
    num_players: int
    deal_number: int
    dealer: int
    current_player: int
    phase: str
    hand: tuple[int, ...]
    shown: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    turned: int | None
    trump: int
    trump_name: str
    announcements: tuple[tuple[str, int, str], ...]
    trick: tuple[tuple[int, int], ...]
    trick_number: int
    tricks_won: tuple[int, ...]
    counters: tuple[int, ...]
    boxes: tuple[tuple[str, int], ...]
    last_result: DealResult | None
    log: tuple[tuple[str, int | None, int | None], ...]
    trail: Trail | None = field(default=None, repr=False)
    """The seat's trace of the match, for :func:`academie.core.sampling.sample` (None in the
    public view)."""

    def to_json(self) -> dict:
        return {
            "seat": self.seat, "deal": self.deal_number + 1, "dealer": self.dealer,
            "current_player": self.current_player, "phase": self.phase,
            "hand": [card_code(c) for c in self.hand], "shown": [[card_code(c) for c in s] for s in self.shown],
            "turned": card_code(self.turned) if self.turned is not None else None, "trump": self.trump_name,
            "announcements": [list(a) for a in self.announcements],
            "trick": [[s, card_code(c)] for s, c in self.trick], "tricks_won": list(self.tricks_won),
            "counters": list(self.counters), "boxes": dict(self.boxes),
            "last_result": self.last_result.to_json() if self.last_result else None,
        }
