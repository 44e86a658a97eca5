"""What the games of boxes share: the Guimbarde's rules of its boxes (boîtes) that the Guinguette,
our reconstruction, borrows by name for its baskets (paniers).

Each function is the rule once; each game cites its own source where it calls it — the Guimbarde
the Larousse text (``[004]``), the Guinguette the rule it borrows and that the borrowing is OUR
RECONSTRUCTION (GU4, GU10). A box nobody wins needs no code: its counters stay in it
(:meth:`academie.core.match.Match.take_pot` moves them only to a winner).

>>> from academie.core.match import Match
>>> m = Match.start(3, counters=10, pots=("point", "fou"))
>>> stake_every_box(m, [2, 0, 1], ("point", "fou"), 1, "stake in the {box} box")
>>> m.pots, [e.reason for e in m.ledger.entries][:2]
({'point': 3, 'fou': 3}, ['stake in the point box', 'stake in the fou box'])
>>> best_of([2, 0, 1], {0: 4, 1: 4, 2: 3})
(4, [0, 1])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from academie.core.match import Match

T = TypeVar("T")


def stake_every_box(match: Match, seats: Iterable[int], boxes: Sequence[str], amount: int, reason: str) -> None:
    """Each of ``seats``, in turn, puts ``amount`` counters in every one of ``boxes``: the
    Guimbarde's « Chacun des joueurs met un jeton dans chaque boite ». ``reason`` names the box
    as ``{box}``."""
    for seat in seats:
        for box in boxes:
            match.pay(seat, box, amount, reason.format(box=box))


def best_of(seats: Sequence[int], score: Mapping[int, T]) -> tuple[T, list[int]]:
    """The best score among ``seats`` and the seats that have it, in the order of ``seats``:
    given from the eldest, the first of equals is the eldest — the Guimbarde's « à point égal,
    celui qui a la main gagne le point »."""
    best = max(score[s] for s in seats)
    return best, [s for s in seats if score[s] == best]
