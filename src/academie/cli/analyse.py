"""``academie analyse GAME [TOPIC]``: exact odds, Markov chains and simulated checks, as tables,
JSON, CSV or plots. The figures come from :mod:`academie.analysis` (this module only shows them)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.text import Text

from academie.analysis.tables import to_csv
from academie.analysis.topics import TOPICS, analyse
from academie.cli.info import GameArg
from academie.cli.terminal import make_console, print_error, prints_unicode, to_ascii
from academie.core.errors import AcademieError, OptionError
from academie.outputs import named
from academie.presentation.tables import rich_table

TOPIC_HELP = "The topic (default: every exact table of the game): " + "; ".join(
    f"{game}: {', '.join(topics)}" for game, topics in TOPICS.items()) + "."


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
