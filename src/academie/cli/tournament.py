"""``academie tournament``: a duplicate tournament between bots, its tables, JSON or CSV.

The tournament itself is :func:`academie.analysis.tournament.tournament`; this module reads the
command line, shows the progress and prints the result (no rule here).
"""

from __future__ import annotations

import csv
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from academie.analysis.parallel import check_backend, default_workers
from academie.analysis.tournament import (
    TournamentInterrupted,
    check_records,
    check_tournament,
    tournament,
)
from academie.cli.info import GameArg
from academie.cli.terminal import make_console, prints_unicode, whole_lines
from academie.core.errors import OptionError
from academie.games import get_game
from academie.outputs import named
from academie.presentation.standings import print_result


# academie.cli.app registers this command; the helpers it shares with the others are in academie.cli.base
OptionsArg = Annotated[
    Optional[list[str]],
    typer.Option("--option", "-o", help="A game option as key=value (see `academie games`); repeatable."),
]


def _check_seed(value: Optional[int]) -> Optional[int]:
    from academie.cli.base import check_seed

    return check_seed(value)


def tournament_cmd(
    game: GameArg,
    bots: Annotated[Optional[str], typer.Option(help="The bots, comma-separated, each a name or a spec with parameters after colons, e.g. ismcts:iterations=500 (the bots of each game: academie games); a bot given twice holds two seats (default: heuristic, then random in each other seat of the smallest table; random only where there is no heuristic).", show_default=False)] = None,
    deals: Annotated[Optional[int], typer.Option(help="Number of deals, each one deck played once for each seating (card games whose match is a number of deals: matches of one deal, or of -o deals=K deals).", show_default=False)] = None,
    matches: Annotated[Optional[int], typer.Option(help="Number of whole matches, each played once for each seating with the same decks (the same dice seed at the Blason).", show_default=False)] = None,
    players: Annotated[Optional[int], typer.Option(help="Number of players (default: the number of bots; fewer than the bots: every choice of that many bots plays).", show_default=False)] = None,
    seed: Annotated[Optional[int], typer.Option(callback=_check_seed, help="Seed, for a reproducible result, 0 to 2^63 - 1 (random if omitted, and printed).", show_default=False)] = None,
    option: OptionsArg = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the per-bot and pairwise tables as CSV.")] = False,
    duplicate: Annotated[bool, typer.Option("--duplicate/--no-duplicate", help="Every seating of a board meets the same cards (or dice); --no-duplicate gives each its own, to measure what duplicate play saves.")] = True,
    records: Annotated[Optional[Path], typer.Option(parser=named, metavar="DIR", help="Save every match as a game record in this folder (files board-B-seating-S.json, numbered from 000001 and 01; academie replay replays them): a new or empty folder, made if missing in an existing folder.", show_default=False)] = None,
    workers: Annotated[Optional[int], typer.Option(help=f"Processes that play the boards (default: every core, {default_workers()} here). The result is the same for any number.", show_default=False)] = None,
    backend: Annotated[str, typer.Option(metavar="local|ray", help="Where the matches are played: local (this machine's cores) or ray (a Ray cluster: pip install 'academie\\[ray]').")] = "local",
    address: Annotated[Optional[str], typer.Option(metavar="HOST:PORT", help="The Ray cluster's address, with --backend ray.", show_default=False)] = None,
) -> None:
    """A duplicate tournament: every bot in every seat, the same cards for every seating;
    scores with 95% intervals over the boards, a pairwise table and openskill ratings."""
    from academie.cli.base import compile_note, draw_seed, err_console, note, parse_kv, split_bots, user_errors

    with user_errors():
        g = get_game(game)
        if as_json and as_csv:
            raise OptionError("--json and --csv are two ways of printing the result: give one")
        if bots is None:
            bots = ",".join(default_bots(g))
        names = split_bots(bots, len(bots.split(",")), g.info.id, "--bots")
        if records is not None:
            check_records(records)
        check_backend(backend, workers, address)
        if seed is None:
            seed = draw_seed()
        opts = parse_kv(option)
        # everything checked before the bar appears: the same call, with no board to play
        run = dict(deals=deals, matches=matches, players=players, seed=seed, options=opts)
        boards = check_tournament(g, names, **run)
    with Progress(
        TextColumn("tournament"), BarColumn(), MofNCompleteColumn(), TextColumn("boards"), TimeRemainingColumn(),
        console=err_console, transient=True, disable=not err_console.is_terminal,
    ) as bar:
        task = bar.add_task("boards", total=boards)
        warn = BoardsWarning(boards, say=lambda message: note(message, bar.console),
                             lines=not err_console.is_terminal,
                             workers=workers or (default_workers() if backend == "local" else 1))

        def progress(done: int) -> None:
            bar.update(task, completed=done)
            warn(done)

        try:
            with user_errors():
                result = tournament(g, names, records=records, duplicate=duplicate, workers=workers, backend=backend,
                                    address=address, progress=progress,
                                    on_compile=compile_note(lambda message: note(message, bar.console)), **run)
        except TournamentInterrupted as stop:
            if stop.result is None:
                note(f"interrupted before the first of {boards:,} boards ended: nothing to report.")
                raise typer.Exit(130) from None
            result = stop.result
    if as_json:
        plain = not prints_unicode(sys.stdout)
        Console(highlight=False).print_json(json.dumps(result.to_json(), ensure_ascii=plain), ensure_ascii=plain)
    elif as_csv:
        rows = result.rows()
        writer = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    else:
        with whole_lines(make_console()) as out:
            print_result(result, out)
    if result.partial:
        raise typer.Exit(130)


def default_bots(game: Any) -> list[str]:
    """The bots of a tournament given none: the heuristic (random where the game has none), then
    random bots to fill the smallest table (at least two bots)."""
    from academie.bots import bot_names

    first = "heuristic" if "heuristic" in bot_names(game.info.id) else "random"
    return [first] + ["random"] * (max(2, game.info.min_players) - 1)


class BoardsWarning:
    """Says, once, how long the tournament will take when that is more than a minute: through
    ``say`` (the progress bar's console, which prints it on a line of its own above the bar), or
    on standard error. The time per board is measured from the end of the first board on (the
    first one pays for loading, and for compiling the kernels of ``academie[fast]`` on a fresh
    install), over at least a second and at least ``workers`` boards (the workers started
    together finish their first boards together). With ``lines`` (standard error is no
    terminal, so there is no bar: output sent to a file), a long tournament also says how far it
    is at each tenth of its boards."""

    def __init__(self, boards: int, clock: Callable[[], float] = time.monotonic,
                 say: Optional[Callable[[str], None]] = None, lines: bool = False, workers: int = 1) -> None:
        self.boards, self.clock, self.say, self.lines, self.workers = boards, clock, say, lines, max(1, workers)
        self.start = clock()
        self.first: Optional[tuple[float, int]] = None  # (when, boards finished) at the end of the first board
        self.long, self.done, self.tenth = False, False, 0

    def __call__(self, finished: int) -> None:
        from academie.cli.base import WARN_AFTER, about

        if finished == 0:  # the first board starts: the imports and the workers' start are behind
            self.start = self.clock()
            return
        now = self.clock()
        if self.first is None:
            self.first = (now, finished)
            return
        when, count = self.first
        elapsed = now - when
        if not self.done:
            if finished < self.boards and (elapsed < 1.0 or finished - count < self.workers):
                return
            self.done = True
            each = elapsed / max(finished - count, 1)
            left = each * (self.boards - finished)
            if left > WARN_AFTER:
                self.long = True
                self._say(f"{self.boards:,} boards at {each:.3g} s each: {about(left)} to go; Ctrl-C stops"
                          " and prints the result over the boards finished so far.")
        if self.lines and self.long and finished < self.boards and finished * 10 // self.boards > self.tenth:
            self.tenth = finished * 10 // self.boards
            left = elapsed / max(finished - count, 1) * (self.boards - finished)
            self._say(f"{finished:,} of {self.boards:,} boards played ({finished / self.boards:.0%}), "
                      f"{about(now - self.start)} so far, {about(left)} to go")

    def _say(self, message: str) -> None:
        from academie.cli.base import note

        (self.say or note)(message)


