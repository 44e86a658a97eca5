"""Pieces every renderer uses: places in a final standing, +/− figures, suit names.

>>> places([5, 9, 5, 1])
['2=', '1', '2=', '4']
>>> signed(3), signed(-2), signed(0)
('+3', '−2', '0')
>>> suit_name(1)
'♥ hearts (cœur)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from academie.cards import SUIT_NAMES_FR, SUIT_SYMBOLS

SUIT_NAMES_EN = ("spades", "hearts", "diamonds", "clubs")


def person(names: Sequence[str], seat: int, start: bool = False) -> str:
    """A seat's name inside a sentence: ``'you'`` for the person at the table (``'You'`` at
    the start of a sentence).

    >>> person(["You", "Anne"], 0), person(["You", "Anne"], 0, start=True), person(["You", "Anne"], 1)
    ('you', 'You', 'Anne')
    """
    name = names[seat]
    return "you" if name == "You" and not start else name


def suit_name(suit: int) -> str:
    """A suit as its symbol, English name and the French name the sources use."""
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES_EN[suit]} ({SUIT_NAMES_FR[suit]})"


def places(scores: Sequence[float]) -> list[str]:
    """Each seat's place, highest score first; equal scores share a place (``2=``)."""
    out = []
    for s in scores:
        better = sum(1 for t in scores if t > s)
        tied = sum(1 for t in scores if t == s) > 1
        out.append(f"{better + 1}{'=' if tied else ''}")
    return out


def signed(n: int | float) -> str:
    """``+3``, ``−2``, ``0``."""
    n = int(n) if float(n).is_integer() else n
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"−{-n}"
    return "0"


def number(n: int) -> str:
    """A count as the tables write it, with the same minus sign as :func:`signed`: ``3``, ``−3``.

    >>> number(3), number(-3), number(0)
    ('3', '−3', '0')
    """
    return f"−{-n}" if n < 0 else str(n)


def jetons(n: int) -> str:
    """``1 jeton``, ``2 jetons``, ``−3 jetons``; French singular for 0 and 1 (« 0 jeton »).

    >>> jetons(1), jetons(-1), jetons(0), jetons(-3)
    ('1 jeton', '−1 jeton', '0 jeton', '−3 jetons')
    """
    return f"{number(n)} jeton{'' if abs(n) <= 1 else 's'}"


def delta_column(table: Table, deltas: Sequence[int] | None) -> bool:
    """Add the deal's +/− column to a result table when there are deltas."""
    if deltas is None:
        return False
    table.add_column("this deal", justify="right")
    return True


def counter_standings(
    title: str, names: Sequence[str], counters: Sequence[int], nets: Sequence[int], notes: Sequence[Text] = ()
) -> Panel:
    """The final standings of a game played for counters: place, player, counters, +/−."""
    table = Table(header_style="bold")
    for col in ("place", "player", "jetons", "won/lost"):
        table.add_column(col, justify="left" if col == "player" else "right")
    place = places(counters)
    for seat in sorted(range(len(names)), key=lambda s: (-counters[s], s)):
        table.add_row(place[seat], names[seat], number(counters[seat]), signed(nets[seat]))
    parts: list[RenderableType] = [*notes, table]
    return Panel(Group(*parts), title=title, expand=False, border_style="green")


def match_over(deals: int) -> Text:
    """The first note under a match's final standings: how many deals it lasted."""
    return Text(f"Match over after {deals} deal{'' if deals == 1 else 's'}.", style="bold green")


def left_in(where: str, pots: Iterable[tuple[str, int]]) -> Text:
    """What is left in the pots (``where``: the boxes, the baskets) at the end of a match."""
    left = ", ".join(f"{k} {v}" for k, v in pots if v)
    return Text(f"Left in the {where} (it belongs to nobody): {left}." if left else f"The {where} are empty.")


def nets_from(ledger: Sequence, num_players: int) -> list[int]:
    """Each seat's counters won (+) or lost (−) over the whole ledger."""
    out = [0] * num_players
    for e in ledger:
        if isinstance(e.source, int):
            out[e.source] -= e.amount
        if isinstance(e.target, int):
            out[e.target] += e.amount
    return out


class Joined:
    """A line of ``atoms`` (each a :class:`~rich.text.Text` that must not be cut: an option's
    ``name=value``, an allowed value, a player and his bot) that wraps only between atoms, at the
    one space that joins two: a separator belongs to the atom before it (``'deals=8 ·'``), so it
    ends the line it breaks and never opens the next. The lines after the first are indented by
    ``indent``; an atom wider than a line is folded as any text is.

    >>> from rich.console import Console
    >>> out = Console(width=24, record=True, color_system=None)
    >>> out.print(Joined([Text("Options:"), Text("deals=8 ·"), Text("counters=50 ·"), Text("dice=2d6")], 2))
    Options: deals=8 ·
      counters=50 · dice=2d6
    """

    def __init__(self, atoms: Sequence[Text], indent: int = 2) -> None:
        self.atoms, self.indent = list(atoms), indent

    def lines(self, width: int) -> list[Text]:
        """The atoms laid out on lines of ``width`` cells."""
        out: list[Text] = []
        line: Text | None = None
        for atom in self.atoms:
            if line is not None and line.cell_len + 1 + atom.cell_len > width:
                out.append(line)
                line = Text(" " * self.indent)
            elif line is not None:
                line.append(" ")
            line = atom.copy() if line is None else line.append_text(atom)
        return out + ([line] if line is not None else [])

    @property
    def plain(self) -> str:
        """The atoms on one line, as a file or a pipe shows them."""
        return " ".join(atom.plain for atom in self.atoms)

    def __rich_console__(self, console: Any, options: Any) -> Any:
        for line in self.lines(options.max_width):
            line.overflow, line.no_wrap = "fold", False
            yield line

    def __rich_measure__(self, console: Any, options: Any) -> Any:
        from rich.measure import Measurement

        widest = max((atom.cell_len for atom in self.atoms), default=0)
        return Measurement(min(widest + self.indent, options.max_width), min(len(self.plain), options.max_width))
