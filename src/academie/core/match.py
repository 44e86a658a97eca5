"""The match (*partie*): what carries from one deal (*coup*) to the next.

A :class:`Match` holds the counters (jetons) of each seat, the pots that carry over (paniers,
boîtes, poule), the lives, the dealer's seat, who is eliminated, the number of the current deal,
the :class:`~academie.core.ledger.Ledger` and the log of lives lost (:meth:`Match.log_lives`,
every life lost, every going on the bus or out, with its rule). It knows no game: each game's state owns one and
applies its own rule for when the match ends.

>>> m = Match.start(3, counters=10, pots=("belle",))
>>> m.pay(0, "belle", 2, "ante")
>>> m.counters, m.pots, m.total()
([8, 10, 10], {'belle': 2}, 30)
>>> m.next_seat(2, step=1), m.active_seats()
(0, [0, 1, 2])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from academie.core.ledger import Account, Ledger, LivesEntry


@dataclass
class Match:
    """State carried across deals. Seats are numbered ``0 .. num_players - 1``.

    Shapes: ``counters``, ``lives`` and ``eliminated`` have one entry per seat; counters are in
    jetons, lives in lives; ``pots`` maps a pot's name to its counters.
    """

    num_players: int
    counters: list[int]
    pots: dict[str, int]
    lives: list[int]
    eliminated: list[bool]
    dealer: int = 0
    deal_number: int = 0
    ledger: Ledger = field(default_factory=Ledger)
    lives_log: tuple[LivesEntry, ...] = ()
    """Every movement of lives with its reason (a tuple: clones share it)."""

    @classmethod
    def start(
        cls,
        num_players: int,
        *,
        counters: int = 0,
        pots: Iterable[str] = (),
        lives: int = 0,
        dealer: int = 0,
    ) -> Match:
        """A fresh match: every seat with ``counters`` jetons and ``lives`` lives, pots empty."""
        return cls(
            num_players=num_players,
            counters=[counters] * num_players,
            pots={name: 0 for name in pots},
            lives=[lives] * num_players,
            eliminated=[False] * num_players,
            dealer=dealer,
        )

    def total(self) -> int:
        """All counters in play: the seats' plus the pots'. Conserved by :meth:`pay`."""
        return sum(self.counters) + sum(self.pots.values())

    def pay(self, source: Account, target: Account, amount: int, reason: str) -> None:
        """Move ``amount`` counters between two accounts (seat or pot) and record it."""
        if amount == 0:
            return
        self._add(source, -amount)
        self._add(target, amount)
        self.ledger.record(self.deal_number, source, target, amount, reason)

    def log_lives(self, seat: int | None, kind: str, lives: int, reason: str) -> None:
        """Record a movement of lives (the game changes :attr:`lives` and :attr:`eliminated`
        itself): ``kind`` is ``'lives'`` (``seat`` lost ``lives``), ``'bus'``, ``'out'`` or
        ``'void'`` (see :class:`~academie.core.ledger.LivesEntry`).

        >>> m = Match.start(2, lives=3); m.log_lives(0, "lives", 1, "lowest total")
        >>> [(e.seat, e.kind, e.lives) for e in m.lives_log]
        [(0, 'lives', 1)]
        """
        self.lives_log = (*self.lives_log, LivesEntry(self.deal_number, seat, kind, lives, reason))

    def _add(self, account: Account, amount: int) -> None:
        if isinstance(account, str):
            self.pots[account] += amount
        else:
            self.counters[account] += amount

    def clone(self) -> Match:
        """An independent copy: the lists and pots copied, the ledger cloned (O(1))."""
        other = Match.__new__(Match)
        other.__dict__ = d = self.__dict__.copy()
        d["counters"] = self.counters.copy()
        d["pots"] = self.pots.copy()
        d["lives"] = self.lives.copy()
        d["eliminated"] = self.eliminated.copy()
        d["ledger"] = self.ledger.clone()
        return other

    def order(self, step: int) -> list[int]:
        """Every seat, from the one after the dealer going ``step`` (+1 or -1) round to the dealer
        (the order of dealing and speaking; eliminated seats included).

        >>> Match.start(4, dealer=1).order(-1)
        [0, 3, 2, 1]
        """
        n, d = self.num_players, self.dealer
        return [(d + step * k) % n for k in range(1, n + 1)]

    def take_pot(self, pot: str, seat: int, reason: str) -> None:
        """The whole of ``pot`` to ``seat`` (nothing moves when it is empty)."""
        self.pay(pot, seat, self.pots[pot], reason)

    def next_deal(self, step: int) -> None:
        """The next deal: its number, and the deal passed to the next seat going ``step``
        (eliminated seats not skipped: see :meth:`next_seat`)."""
        self.deal_number += 1
        self.dealer = (self.dealer + step) % self.num_players

    def winnings(self, start: int, *, over: bool = True) -> list[float]:
        """Each seat's counters won (+) or lost (−) against the ``start`` it brought: the
        returns of a match played for counters; zeros until it is ``over``.

        >>> m = Match.start(2, counters=5); m.pay(0, 1, 2, "lost")
        >>> m.winnings(5), m.winnings(5, over=False)
        ([-2.0, 2.0], [0.0, 0.0])
        """
        if not over:
            return [0.0] * self.num_players
        return [float(c - start) for c in self.counters]

    def active_seats(self) -> list[int]:
        """Seats not eliminated, in seat order."""
        return [s for s in range(self.num_players) if not self.eliminated[s]]

    def next_seat(self, seat: int, step: int) -> int:
        """The next seat after ``seat`` that is not eliminated, going ``step`` (+1 or -1)."""
        n = self.num_players
        for k in range(1, n + 1):
            candidate = (seat + step * k) % n
            if not self.eliminated[candidate]:
                return candidate
        raise ValueError("no seat is left in the match")

    def to_json(self) -> dict:
        """The carried state as JSON-ready data (without the ledger)."""
        return {
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "counters": list(self.counters),
            "pots": dict(self.pots),
            "lives": list(self.lives),
            "eliminated": list(self.eliminated),
        }
