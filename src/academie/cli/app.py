"""``academie`` — play, simulate and replay the games of the old French encyclopedias."""

from __future__ import annotations

import json
import os
import random  # noqa: F401  (draw_seed's generator, reached as academie.cli.app.random)
import sys
import time
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from academie.analysis.parallel import check_backend, default_workers
from academie.analysis.simulate import MeanReturn, SimulationInterrupted, SimulationReport, check_records_folder, simulate
from academie.bots import bot_names
from academie.cli.analyse import analyse_cmd
from academie.cli.base import (
    WARN_AFTER, about, check_seed, compile_note, console, draw_seed, err_console, note, parse_kv,
    split_bots, user_errors,
)
from academie.cli.info import GAME_HELP, AcademieGroup, GameArg, games, root, rules
from academie.cli.narrate import Narrator, options_line, players_line, reason_text, standings
from academie.cli.play import PlaySession, check_record_path
from academie.cli.source import source_cmd
from academie.cli.terminal import make_console, print_error, print_json, prompt_reader, whole_lines
from academie.presentation.render import RENDERERS
from academie.core.errors import OptionError
from academie.core.record import GameRecord, replay
from academie.games import GAMES, get_game
from academie.outputs import named

app = typer.Typer(
    cls=AcademieGroup,
    help="Play, simulate and replay the games of the old French game encyclopedias.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.callback()(root)
app.command("games")(games)
app.command("rules")(rules)
app.command("analyse")(analyse_cmd)
app.command("source")(source_cmd)

OptionsArg = Annotated[
    Optional[list[str]],
    typer.Option("--option", "-o", help="A game option as key=value (see `academie games`); repeatable."),
]


def default_delay(demo: bool) -> float:
    """The pause before each bot move: short when a person watches a terminal, none otherwise
    (a pipe, a test)."""
    return 0.6 if sys.stdin.isatty() and sys.stdout.isatty() else 0.0


@app.command()
def play(
    game: Annotated[Optional[str], typer.Argument(metavar="GAME", help=GAME_HELP + " Not needed with --resume.", show_default=False)] = None,
    players: Annotated[Optional[int], typer.Option(help="Number of players.")] = None,
    seat: Annotated[Optional[int], typer.Option(help="Your seat (0 deals first; default 0).")] = None,
    opponents: Annotated[Optional[str], typer.Option(help="Bot for every other seat, or one per seat, comma-separated: a name or a spec with parameters after colons (ismcts:iterations=500) (default: the game's best bot).")] = None,
    seed: Annotated[Optional[int], typer.Option(callback=check_seed, help="Seed for the deal, 0 to 2^63 - 1; random if omitted.", show_default=False)] = None,
    option: OptionsArg = None,
    record: Annotated[Optional[Path], typer.Option(parser=named, metavar="FILE", help="Where to save the game record (a new file; see --force).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Let --record replace an existing file.")] = False,
    resume: Annotated[Optional[Path], typer.Option(parser=named, metavar="RECORD", help="Take up a match that was quit or interrupted, from its record (saved back to it).", show_default=False)] = None,
    demo: Annotated[bool, typer.Option("--demo", help="Bots only: watch a match between bots.")] = False,
    delay: Annotated[Optional[float], typer.Option(help="Seconds before each bot move (default 0.6 in a terminal, 0 otherwise).", show_default=False)] = None,
    ascii_: Annotated[bool, typer.Option("--ascii", help="Draw the table in ASCII (chosen by itself when the terminal cannot print the suits).")] = False,
) -> None:
    """Play a match in the terminal against bots (moves are read from standard input)."""
    out = make_console(ascii_)
    with user_errors():
        if resume is not None:
            given = [name for name, value in (("--players", players), ("--seat", seat), ("--opponents", opponents),
                                              ("--seed", seed), ("--option", option), ("--record", record))
                     if value]
            if demo:
                given.append("--demo")
            if given:
                raise OptionError(f"--resume takes the match's settings from its record; drop {', '.join(given)}")
            rec = GameRecord.load(resume)
            if game is not None and get_game(game).info.id != rec.game:
                raise OptionError(f"{str(resume)!r} is a record of {rec.game}, not of {game}")
            g = get_game(rec.game)
            wait = default_delay(False) if delay is None else delay
            session = PlaySession.resume(g, rec, resume, out, prompt_reader(out), delay=wait)
        else:
            if game is None:
                raise OptionError("name the game to play (e.g. academie play trente-et-un), or --resume RECORD")
            g = get_game(game)
            n = g.info.default_players if players is None else players
            g.check_players(n)
            if seed is None:
                seed = draw_seed()
            if demo and seat is not None:
                raise OptionError("--demo plays bots only: it takes no --seat")
            others = n if demo else n - 1
            best = "heuristic" if "heuristic" in bot_names(g.info.id) else "random"
            bots = split_bots(opponents or best, others, g.info.id, "--opponents")
            session = PlaySession(
                g, n, None if demo else (seat or 0), bots, seed, parse_kv(option), record, out,
                prompt_reader(out), delay=default_delay(demo) if delay is None else delay, force=force,
            )
    code = session.run()
    raise typer.Exit(code)


MAX_MATCHES = 1_000_000
"""The most matches one ``simulate`` plays: already hours of play, and win rates within about
±0.1 point; for more, run it again with other seeds."""

class TimeWarning:
    """Measures the first matches of a simulation (a second's worth, or the first match when it
    takes longer) and, when the whole run is expected to last more than :data:`WARN_AFTER`
    seconds, says how long, once: through ``say`` (the progress bar's console, so that the note
    has a line of its own above the bar), or on standard error."""

    def __init__(self, matches: int, clock: Any = time.monotonic, say: Any = None) -> None:
        self.matches, self.clock, self.start, self.done, self.say = matches, clock, clock(), False, say

    def __call__(self, finished: int) -> None:
        if finished == 0:  # the first match starts: the time before it (imports, workers) is not a match's
            self.start = self.clock()
            return
        if self.done:
            return
        elapsed = self.clock() - self.start
        if elapsed < 1.0 and finished < self.matches:
            return
        self.done = True
        left = elapsed / finished * (self.matches - finished)
        if left > WARN_AFTER:
            each = elapsed / finished
            (self.say or note)(
                f"{self.matches:,} matches at {each:.3g} s each: {about(left)} to go; Ctrl-C stops"
                " and prints the report over the matches finished so far."
            )


@app.command("simulate")
def simulate_cmd(
    game: GameArg,
    matches: Annotated[int, typer.Option(min=1, help=f"Number of matches (at most {MAX_MATCHES:,}).")] = 1000,
    players: Annotated[Optional[int], typer.Option(help="Number of players (default: number of bots given).")] = None,
    bots: Annotated[Optional[str], typer.Option(help="Bot per seat, comma-separated (one name fills every seat; default: heuristic then random).")] = None,
    seed: Annotated[Optional[int], typer.Option(callback=check_seed, help="Seed, for a reproducible report, 0 to 2^63 - 1 (random if omitted, and printed).", show_default=False)] = None,
    option: OptionsArg = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    workers: Annotated[Optional[int], typer.Option(help=f"Processes that play the matches (default: every core, {default_workers()} here; with --backend ray, the cluster's CPUs). The report is the same for any number.", show_default=False)] = None,
    backend: Annotated[str, typer.Option(metavar="local|ray", help="Where the matches are played: local (this machine's cores) or ray (a Ray cluster: pip install 'academie\\[ray]').")] = "local",
    address: Annotated[Optional[str], typer.Option(metavar="HOST:PORT", help="The Ray cluster's address, with --backend ray (default: $RAY_ADDRESS, or a Ray instance started here).", show_default=False)] = None,
    plot: Annotated[Optional[Path], typer.Option(parser=named, metavar="DIR", help="Write plots into DIR (PNG and SVG): win rate by seat with 95% intervals, a histogram of each match figure (needs academie\\[analysis]).", show_default=False)] = None,
    jsonl: Annotated[Optional[Path], typer.Option(parser=named, metavar="FILE", help="Write one JSON line per match into FILE, a new file (see --force): its seeds, returns and figures.", show_default=False)] = None,
    records: Annotated[Optional[Path], typer.Option(parser=named, metavar="DIR", help="Write every match's game record into DIR, a new or empty folder (match-000001.json…), replayable with `academie replay`; the matches are played by the pure engine.", show_default=False)] = None,
    force: Annotated[bool, typer.Option("--force", help="Let --jsonl replace an existing file.")] = False,
) -> None:
    """Simulate many matches between bots: win rates with 95% intervals, and match figures."""
    with user_errors():
        g = get_game(game)
        given = bots.split(",") if bots else []
        n = players if players is not None else (len(given) if len(given) > 1 else g.info.default_players)
        g.check_players(n)
        if bots is None:
            first = "heuristic" if "heuristic" in bot_names(g.info.id) else "random"
            bots = ",".join([first] + ["random"] * (n - 1))
        names = split_bots(bots, n, g.info.id, "--bots")
        opts = parse_kv(option)
        g.parse_options(opts)
        if matches > MAX_MATCHES:
            raise OptionError(
                f"--matches must be from 1 to {MAX_MATCHES:,}, not {matches:,} (a million matches take hours"
                " and give win rates within about ±0.1 point; for more, run again with other seeds)"
            )
        check_backend(backend, workers, address)
        if seed is None:
            seed = draw_seed()
        for other, path in (("--records", records), ("--plot", plot)):  # a file and a folder on one path
            if jsonl is not None and path is not None and os.path.abspath(jsonl) == os.path.abspath(path):
                raise OptionError(f"--jsonl and {other} name the same path {str(jsonl)!r:.80}: the lines go in a"
                                  f" file, the {other.removeprefix('--')} in a folder; give two names")
        if jsonl is not None:
            check_record_path(jsonl, force=force, option="--jsonl")
        if records is not None:
            check_records_folder(records, "match-*.json")
        if plot is not None:
            from academie.analysis.plots import check_plot_folder

            check_plot_folder(plot)
        keeper = MatchKeeper(jsonl, records, plot is not None)
    with Progress(
        TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=err_console, transient=True, disable=not err_console.is_terminal,
    ) as bar:
        task = bar.add_task("matches", total=matches)
        warn = TimeWarning(matches, say=lambda message: note(message, bar.console))

        def progress(finished: int) -> None:
            bar.update(task, completed=finished)
            warn(finished)

        with user_errors():  # a Ray cluster that cannot be reached, a --jsonl that cannot be written
            try:
                report = simulate(g, names, matches, seed, opts, progress=progress, workers=workers,
                                  backend=backend, address=address, on_match=keeper.on_match if keeper.wanted else None,
                                  records=records is not None,
                                  on_compile=compile_note(lambda message: note(message, bar.console)))
            except SimulationInterrupted as stop:
                keeper.close()
                if stop.report is None:
                    note(f"interrupted before the first of {matches:,} matches ended: nothing to report.")
                    raise typer.Exit(130) from None
                report = stop.report
            finally:
                keeper.close()
    if as_json:
        print_json(report.to_json(), console)
    else:
        with whole_lines(make_console()) as out:
            print_report(report, out)
    if plot is not None:
        from academie.presentation.labels import figure_labels
        from academie.analysis.plots import plot_simulation

        with user_errors():
            for path in plot_simulation(report, keeper.figures, plot,
                                        figure_labels(report.game, keeper.figures, report.options)):
                err_console.print(Text(f"wrote {path}"))
    if report.partial:
        raise typer.Exit(130)


class MatchKeeper:
    """What ``simulate`` keeps of each match, in match order: a JSON line in ``jsonl``, its
    record in the ``records`` directory, its numeric figures for the plots."""

    def __init__(self, jsonl: Optional[Path], records: Optional[Path], figures: bool) -> None:
        self.records, self.keep_figures, self.jsonl = records, figures, jsonl
        self.figures: dict[str, list[float]] = {}
        self.wanted = jsonl is not None or records is not None or figures
        try:
            if records is not None:
                records.mkdir(exist_ok=True)
            self.out = jsonl.open("w", encoding="utf-8") if jsonl is not None else None
        except OSError as exc:  # (checked before: gone or changed since)
            option = "--records" if records is not None and exc.filename == str(records) else "--jsonl"
            raise OptionError(f"{option} {str(exc.filename)!r:.80}: {exc.strerror}") from None

    def on_match(self, line: dict[str, Any]) -> None:
        record = line.pop("record", None)
        if record is not None and self.records is not None:
            record.save(self.records / f"match-{line['match']:06d}.json")
        if self.out is not None:
            try:
                self.out.write(json.dumps(line, ensure_ascii=False) + "\n")
            except OSError as exc:  # a full disk (/dev/full): opened, but not written
                raise self._failed(exc) from None
        if self.keep_figures:
            for key, value in line["statistics"].items():
                if isinstance(value, (int, float)) and not isinstance(value, bool) and key != "winner":
                    self.figures.setdefault(key, []).append(float(value))

    def close(self) -> None:
        out, self.out = self.out, None
        if out is not None:
            try:
                out.close()
            except OSError as exc:  # the last lines could not be flushed
                raise self._failed(exc) from None

    def _failed(self, exc: OSError) -> OptionError:
        return OptionError(f"--jsonl {str(self.jsonl)!r:.80}: {exc.strerror or exc}")


def returns_table(title: str, rows: list[MeanReturn]) -> Table:
    """Mean returns with their intervals."""
    table = Table(title=title, header_style="bold")
    for col in ("", "mean", "95% CI"):
        table.add_column(col, justify="right" if col else "left")
    for r in rows:
        interval = {"too few": "too few matches", "no spread": "none: no spread"}.get(r.note, r.note)
        table.add_row(r.label, f"{r.mean:+.3f}", interval or f"{r.low:+.3f} – {r.high:+.3f}")
    return table


def print_report(report: SimulationReport, console: Console = console) -> None:
    """The simulation tables: per seat, per bot, and the mean match figures."""
    from academie.presentation.labels import figure_label

    if report.partial:
        console.print(Text(
            f"PARTIAL REPORT: interrupted after {report.matches:,} of {report.requested:,} matches"
            " (the same as a run of that many matches with this seed).", style="bold yellow"), soft_wrap=True)
    console.print(Text(report.game, style="bold").append(
        f": {report.matches} match{'es' if report.matches != 1 else ''},"
        f" {report.players} players, seed {report.seed}"
    ))
    for title, rows in (("by seat", report.seats), ("by bot", report.bots)):
        table = Table(title=f"Win rate {title}", header_style="bold")
        for col in ("", "wins", "trials", "win rate", "95% CI"):
            table.add_column(col, justify="right" if col else "left")
        for r in rows:
            table.add_row(r.label, str(r.wins), str(r.trials), f"{r.rate:.1%}", f"{r.low:.1%} – {r.high:.1%}")
        console.print(table)
    console.print(returns_table("Mean return per match (95% CI)", report.seat_returns + report.bot_returns))
    if report.bot_returns_per_deal:
        console.print(returns_table("Counters won per deal (95% CI)", report.bot_returns_per_deal))
    if report.bot_figures:
        keys = list(next(iter(report.bot_figures.values())))
        table = Table(title="Per bot and seat held (mean per match)", header_style="bold")
        table.add_column("")
        for key in keys:
            table.add_column(figure_label(report.game, key, report.options), justify="right")
        for name, figs in report.bot_figures.items():
            table.add_row(name, *(f"{figs[k]:.3f}" for k in keys))
        console.print(table)
    table = Table(title="Per match", header_style="bold")
    for col in ("figure", "mean", "median", "95th pct"):
        table.add_column(col, justify="right" if col != "figure" else "left")
    for f in report.figures:
        table.add_row(figure_label(report.game, f.name, report.options), f"{f.mean:.2f}", f"{f.median:g}", f"{f.p95:g}")
    console.print(table)
    if report.no_winner:
        console.print(Text(f"Matches with no single winner: {report.no_winner:,} of {report.matches:,}"
                           f" ({report.no_winner / report.matches:.1%})."))


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(parser=named, metavar="FILE", help="A game record (JSON).", show_default=False)],
    as_json: Annotated[bool, typer.Option("--json", help="Print the final public state, results and ledger as JSON.")] = False,
    ascii_: Annotated[bool, typer.Option("--ascii", help="Draw the tables in ASCII (chosen by itself when the terminal cannot print the suits).")] = False,
) -> None:
    """Replay a game record and print the course of play, deal by deal."""
    out = console if as_json else make_console(ascii_)
    told: dict[str, Any] = {}
    with user_errors():
        rec = GameRecord.load(file)
        g = get_game(rec.game)
        render = RENDERERS[g.info.id]
        names = [p.name for p in rec.players]

        def narrator(state: Any) -> Narrator:
            if "narrator" not in told:
                out.print(players_line(g, [(p.name, p.kind) for p in rec.players], rec.seed))
                out.print(options_line(g, state.options))
                told["narrator"] = Narrator(state, render, names, out)
            return told["narrator"]

        def on_action(state: Any, index: int, seat: int, action: int) -> None:
            teller = narrator(state)
            teller.before_decision()
            told["move"] = (state.action_to_string(action), teller.view())

        def after_action(state: Any, index: int, seat: int, action: int) -> None:
            text, before = told.pop("move")
            narrator(state).moved(seat, text, before, prefix=f"{index:>4} ")

        def on_chance(state: Any) -> None:
            narrator(state).chanced()

        state = replay(rec, g)  # checked whole first: a refused record prints only its error
        if not as_json:
            state = replay(rec, g, on_action, after_action, on_chance=on_chance)
    if as_json:
        data = {
            "game": g.info.id,
            "game_version": g.info.version,
            "players": [p.model_dump() for p in rec.players],
            "complete": state.is_terminal(),
            "final_state": state.public_view().to_json(),
            "match": state.match.to_json(),
            "returns": state.returns(),
            "statistics": state.statistics(),
            "deals": state.deal_results(),
            # every reason as a person reads it: the source named, not cited by its siglum
            "ledger": [dict(e, reason=reason_text(e["reason"])) for e in state.match.ledger.to_json()],
            # every life lost, going on the bus, out, a void round, with its rule
            "lives": [dict(e.to_json(), reason=reason_text(e.reason)) for e in state.match.lives_log],
        }
        print_json(data, console)
        return
    narrator(state).finish()
    if not state.is_terminal():
        out.print(Text(f"The record stops before the end of the match ({len(rec.actions)} actions).", style="yellow"))
        out.print(standings(state, render, names))


from academie.cli.tournament import tournament_cmd  # noqa: E402  (it uses the helpers above)

app.command("tournament")(tournament_cmd)


@app.command("serve")
def serve_cmd(
    host: Annotated[str, typer.Option(help="The address to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.", min=1, max=65535)] = 8000,
    database: Annotated[str, typer.Option(help="A SQLAlchemy URL: a SQLite file, sqlite:///PATH (made if missing; default: academie-web.sqlite3 in this folder), or PostgreSQL, postgresql+psycopg:// then USER@HOST/DB.", show_default=False)] = "sqlite:///academie-web.sqlite3",
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="Seconds a bot waits before each move, so people can follow.", min=0, max=60)] = 0.6,
    workers: Annotated[int, typer.Option(help="Server processes (above 1: PostgreSQL only; they share the tables).", min=1, max=64)] = 1,
    max_tables: Annotated[int, typer.Option("--max-tables", help="Unfinished tables one client address may have made (past it: 429).", min=1)] = 50,
    max_tables_per_hour: Annotated[int, typer.Option("--max-tables-per-hour", help="Tables one client address may make in an hour, finished ones included (past it: 429).", min=1)] = 120,
    max_bots: Annotated[int, typer.Option("--max-bots", help="Bot seats one client address may have at unfinished tables (past it: 429).", min=0)] = 100,
    max_sockets: Annotated[int, typer.Option("--max-sockets", help="Sockets one client address may hold open on a server process (a page holds one; past it: closed, code 4429).", min=1)] = 200,
    lease: Annotated[float, typer.Option(help="Seconds after which another process takes over the bots of a process that stopped answering (PostgreSQL).", min=0.5, max=3600)] = 10.0,
    bot_processes: Annotated[int | None, typer.Option("--bot-processes", help="Processes the bots think in (default: one per core but one, at least 1).", min=1, max=256, show_default=False)] = None,
) -> None:
    """Play in the browser: a lobby, tables for people (invitation links) and bots, every game (needs the extra academie\\[web])."""
    try:
        from academie.web.server import check_serving, serve
    except ImportError as exc:
        print_error(f"academie serve needs the web extra: pip install 'academie[web]' ({exc})")
        raise typer.Exit(2) from None
    with user_errors():
        check_serving(host, port, database, workers)
    shown = f"[{host}]" if ":" in host else host  # an IPv6 address is bracketed in a URL
    console.print(Text(f"academie: serving on http://{shown}:{port}/ (database {database}); Ctrl-C stops it."),
                  soft_wrap=True)
    serve(host=host, port=port, database=database, bot_delay=bot_delay, workers=workers, max_tables=max_tables,
          max_bots=max_bots, lease_seconds=lease, bot_processes=bot_processes, max_sockets=max_sockets,
          max_tables_per_hour=max_tables_per_hour)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
