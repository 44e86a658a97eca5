"""``academie analyse GAME [TOPIC]``: exact odds, Markov chains and simulated checks, as tables,
JSON, CSV or plots. The figures come from :mod:`academie.analysis` (this module only shows them)."""

from __future__ import annotations

import json
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from academie.analysis.tables import Estimate, Table, options_text, to_csv
from academie.analysis.topics import TOPICS, analyse
from academie.cli.info import GameArg
from academie.cli.terminal import make_console, print_error, prints_unicode, to_ascii
from academie.core.errors import AcademieError, OptionError
from academie.outputs import named

TOPIC_HELP = "The topic (default: every exact table of the game): " + "; ".join(
    f"{game}: {', '.join(topics)}" for game, topics in TOPICS.items()) + "."


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


def analyse_cmd(
    game: GameArg,
    topic: Annotated[Optional[str], typer.Argument(metavar="[TOPIC]", help=TOPIC_HELP, show_default=False)] = None,
    option: Annotated[Optional[list[str]], typer.Option("--option", "-o", help="A game option as key=value (see `academie games`); repeatable.")] = None,
    players: Annotated[Optional[int], typer.Option(help="Number of players of a simulated topic (check, seats) and of Reversis' hearts and talon.", show_default=False)] = None,
    samples: Annotated[Optional[int], typer.Option(help="Samples of a simulated topic (deals, or races at the Blason); 2000 if omitted.", show_default=False)] = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed of a simulated topic, 0 to 2^63 - 1 (random if omitted, and printed).", show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the tables as JSON (fractions with their decimals).")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the tables as CSV.")] = False,
    plot: Annotated[Optional[Path], typer.Option(parser=named, metavar="DIR", help="Write each table's plot into DIR, as PNG and SVG (needs academie\\[analysis]).", show_default=False)] = None,
) -> None:
    """Exact odds of the deal, the Blason race as a Markov chain, and simulated checks."""
    from academie.cli.base import parse_kv  # the same -o parsing as play and simulate

    try:
        if as_json and as_csv:
            raise OptionError("choose one of --json and --csv")
        if seed is not None and not 0 <= seed < 2**63:
            raise OptionError(f"a seed is an integer from 0 to {2**63 - 1} (2^63 - 1), not {seed}")
        unused = [flag for flag, value in (("--seed", seed), ("--samples", samples)) if value is not None]
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**63)
        if plot is not None:
            from academie.analysis.plots import check_plot_folder

            check_plot_folder(plot)
        try:
            tables = analyse(game, topic, parse_kv(option), players=players,
                             samples=samples, seed=seed)
        except KeyboardInterrupt:
            print_error("interrupted before any sample was finished: nothing to report")
            raise typer.Exit(130) from None
        written = []
        if plot is not None:
            from academie.analysis.plots import plot_tables

            written = plot_tables(tables, plot)
    except AcademieError as exc:
        print_error(str(exc))
        raise typer.Exit(2) from None
    if as_json:
        plain = not prints_unicode(sys.stdout)
        data = {"game": tables[0].key.split("/")[0] if tables else game, "topic": topic,
                "tables": [t.to_json() for t in tables]}
        Console(highlight=False).print_json(json.dumps(data, ensure_ascii=plain), ensure_ascii=plain)
    elif as_csv:
        text = to_csv(tables)  # (Q♥ in Reversis' cells, accents at the Blason): ASCII where they cannot print
        sys.stdout.write(text if prints_unicode(sys.stdout) else to_ascii(text))
    else:
        out = make_console()
        for table in tables:
            out.print(rich_table(table, out.width))
    if players is not None and not any(t.samples is not None or t.key.startswith("reversis/") for t in tables):
        unused.insert(0, "--players")  # (Reversis' exact tables take it: see analyse())
    if unused and not any(t.samples is not None for t in tables):
        what = f"{game} {topic}" if topic else game
        Console(stderr=True, highlight=False).print(Text(
            f"note: {' and '.join(unused)} unused: `analyse {what}` is exact, nothing is simulated"
            f" (the simulated topics: check, and the Blason's seats"
            + ("; --players also sets Reversis' exact tables)" if "--players" in unused else ")")), soft_wrap=True)
    for path in written:
        Console(stderr=True, highlight=False).print(Text(f"wrote {path}"))
    if any(t.extra.get("partial") for t in tables):
        raise typer.Exit(130)  # Ctrl-C: the tables above cover the samples finished
