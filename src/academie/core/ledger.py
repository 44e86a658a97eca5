"""The ledger: every movement of counters (jetons) is an entry, and the total is conserved.

Accounts are seats (``int``) or named pots (``str``: ``'belle'``, ``'poule'``, ``'point'`` …).

>>> ledger = Ledger()
>>> ledger.record(0, 0, "belle", 1, "ante")
>>> ledger.record(0, "belle", 2, 1, "belle won")
>>> ledger.net(2), ledger.net(0), ledger.net("belle")
(1, -1, 0)
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass, field

from academie.core.frozen import ChunkedList

Account = int | str
"""A seat number or the name of a pot."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One movement: ``amount`` counters from ``source`` to ``target`` during deal ``deal``.

    ``reason`` names the rule that caused it, with its source tag where there is one.
    """

    deal: int
    source: Account
    target: Account
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class LivesEntry:
    """One movement of lives during deal ``deal``: ``seat`` loses ``lives`` lives (``kind``
    ``'lives'``), goes on the bus (``'bus'``: no life left, one more loss puts him out), is
    out of the match (``'out'``), or the round is void and takes no life (``'void'``, ``seat``
    None). ``reason`` names the rule, with its source tag and words, as a ledger reason does.

    >>> LivesEntry(0, 1, "lives", 2, "the knocker lowest [003] «en perd deux»").to_json()["deal"]
    1
    """

    deal: int
    seat: int | None
    kind: str
    lives: int
    reason: str

    def to_json(self) -> dict:
        """JSON-ready, the deal counted from 1 as everywhere a person reads it."""
        return dict(asdict(self), deal=self.deal + 1)


@dataclass
class Ledger:
    """An append-only list of :class:`Entry`; sums by account.

    :meth:`clone` is O(1): the clone and the original share one list of (immutable) entries,
    and whichever records next copies the list first (copy on write). Change the ledger only
    with :meth:`record`.

    >>> a = Ledger(); a.record(0, 0, 1, 2, "x")
    >>> b = a.clone(); b.record(0, 1, 0, 1, "y")
    >>> len(a.entries), len(b.entries)
    (1, 2)
    """

    entries: list[Entry] = field(default_factory=list)
    shared: bool = field(default=False, repr=False, compare=False)
    """True while ``entries`` may be shared with a clone: the next :meth:`record` copies it."""

    def record(self, deal: int, source: Account, target: Account, amount: int, reason: str) -> None:
        """Append one movement. Raises :class:`ValueError` for a negative amount."""
        if amount < 0:
            raise ValueError(f"a ledger amount is never negative (got {amount} for {reason!r})")
        if self.shared:
            self.entries = self.entries.copy()
            self.shared = False
        self.entries.append(Entry(deal, source, target, amount, reason))

    def clone(self) -> Ledger:
        """An independent ledger with the same entries, sharing their list until either records
        (the entries made a :class:`~academie.core.frozen.ChunkedList` first, whose copy shares
        all but its last chunk: a clone that pays costs the same late in a long match)."""
        if type(self.entries) is list:
            self.entries = ChunkedList(self.entries)
        self.shared = True
        other = Ledger.__new__(Ledger)
        other.entries = self.entries
        other.shared = True
        return other

    def net(self, account: Account) -> int:
        """Counters received minus counters paid by ``account`` over the whole ledger."""
        return sum(
            (e.amount if e.target == account else 0) - (e.amount if e.source == account else 0)
            for e in self.entries
        )

    def nets(self) -> dict[Account, int]:
        """The net of every account that appears in the ledger."""
        out: dict[Account, int] = defaultdict(int)
        for e in self.entries:
            out[e.source] -= e.amount
            out[e.target] += e.amount
        return dict(out)

    def to_json(self) -> list[dict]:
        """The entries as JSON-ready dictionaries (deals counted from 1, as everywhere a person
        reads them)."""
        return [dict(asdict(e), deal=e.deal + 1) for e in self.entries]
