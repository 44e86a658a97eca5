"""The analysis tables as the terminal draws them: a figure's cell text (a fraction with its
decimal, an estimate with its 95% interval) and a whole table fitted to a screen's width, its
method and options as caption. The figures come from :mod:`academie.analysis.tables`."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.table import Table as RichTable

from academie.analysis.tables import Estimate, Table, options_text


def cell_text(value: Any, compact: bool = False) -> str:
    """A cell as shown: a fraction as its decimal and, when short, the fraction itself; an
    estimate with its 95% interval; a float to six significant digits. ``compact`` (a table too
    wide for the screen): decimals only, to four significant digits.

    >>> cell_text(Fraction(22, 425)), cell_text(Fraction(731589, 7270900))
    ('0.0517647 = 22/425', '0.100619')
    >>> cell_text(Fraction(22, 425), compact=True), cell_text(Estimate(0.25, 0.2, 0.3, 100), compact=True)
    ('0.05176', '0.250 (0.200–0.300)')
    >>> cell_text(Estimate(0.25, 0.2, 0.3, 100))
    '0.2500 (0.2000–0.3000)'
    """
    if isinstance(value, Fraction):
        frac = f"{value.numerator}/{value.denominator}"
        if value.denominator == 1:
            return str(value.numerator)
        if compact:
            return f"{float(value):.4g}"
        return f"{float(value):.6g} = {frac}" if len(frac) <= 12 else f"{float(value):.6g}"
    if isinstance(value, Estimate):
        digits = 3 if compact else 4
        return f"{value.value:.{digits}f} ({value.low:.{digits}f}–{value.high:.{digits}f})"
    if isinstance(value, float):
        return f"{value:.4g}" if abs(value) < 1 else f"{value:.2f}"
    return str(value)


def _caption(table: Table) -> str:
    caption = f"{table.method}; {options_text(table.options)}"
    if table.samples is not None:
        caption += f"; {table.samples:,} samples, seed {table.seed}, 95% intervals"
    if table.note:
        caption += f"\n{table.note}"
    return caption


def _words(text: str) -> int:
    return max((len(w) for w in text.split()), default=1)


def _widths(lines: list[list[str]], width: int) -> list[int] | None:
    """Each column's width (``lines``: the columns' texts, the header first) so that the table
    fits ``width`` screen columns with no word or number cut: every column at least its longest
    word, the room left shared out up to each column's longest text; None when it cannot fit."""
    room = width - (len(lines) + 1) - 2 * len(lines)  # the borders, one space either side of a cell
    low = [max(_words(t) for t in texts) for texts in lines]
    high = [max(len(t) for t in texts) for texts in lines]
    if sum(low) > room:
        return None
    widths, room = low.copy(), room - sum(low)
    while room > 0 and any(w < h for w, h in zip(widths, high)):
        for i, h in enumerate(high):
            if room and widths[i] < h:
                widths[i] += 1
                room -= 1
    return widths


def rich_table(table: Table, width: int = 80) -> RichTable:
    """One analysis table for a screen ``width`` columns wide: its title, then its method and
    options as caption. When the table would have to cut a word or a number to fit, its cells
    are shown as decimals only (four significant digits); when that is still too wide, it is
    turned on its side (a line per column) if that fits. A cell too wide is folded, never cut."""
    for compact, transposed in ((False, False), (True, False), (True, True)):
        cells = [[cell_text(c, compact) for c in row] for row in table.rows]
        if transposed:
            lines = [list(table.columns)] + [list(row) for row in cells]
        else:
            lines = [[name, *(row[i] for row in cells)] for i, name in enumerate(table.columns)]
        widths = _widths(lines, width)
        if widths is not None:
            break
    out = RichTable(title=table.title, caption=_caption(table), header_style="bold", caption_justify="left",
                    show_header=not transposed)
    sizes: list[int | None] = list(widths) if widths is not None else [None] * len(lines)
    if transposed:  # one line per column: its name, then each row's cell
        out.add_column(overflow="fold", style="bold", width=sizes[0])
        for size in sizes[1:]:
            out.add_column(justify="right", overflow="fold", width=size)
        for i, name in enumerate(table.columns):
            out.add_row(name, *(row[i] for row in cells))
        return out
    for i, name in enumerate(table.columns):
        text_column = all(isinstance(row[i], str) for row in table.rows)
        out.add_column(name, justify="left" if text_column else "right", overflow="fold", width=sizes[i])
    for row in cells:
        out.add_row(*row)
    return out
