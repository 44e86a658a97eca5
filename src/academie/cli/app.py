"""``academie`` — play, simulate and replay the games of the old French encyclopedias."""

from __future__ import annotations

import json
import random
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, Iterator, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from academie.analysis.simulate import MeanReturn, SimulationReport, simulate
from academie.bots import bot_names, make_bot
from academie.cli.info import AcademieGroup, GameArg, games, root, rules
from academie.cli.play import PlaySession, default_record_path
from academie.cli.render import RENDERERS
from academie.core.errors import AcademieError, OptionError
from academie.core.record import GameRecord, replay
from academie.games import GAMES, get_game

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
console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

OptionsArg = Annotated[
    Optional[list[str]],
    typer.Option("--option", "-o", help="A game option as key=value (see `academie games`); repeatable."),
]


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn bad input into a one-line message and exit code 2."""
    try:
        yield
    except AcademieError as exc:
        err_console.print(Text("error: ", style="bold red").append(str(exc), style=""), soft_wrap=True)
        raise typer.Exit(2) from None


def parse_kv(pairs: list[str] | None) -> dict[str, str]:
    """``['lives=4', 'brelan=30.5']`` → ``{'lives': '4', 'brelan': '30.5'}``."""
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option {pair!r} must be written key=value, e.g. -o lives=4")
        if key.strip() in out:
            raise OptionError(f"option {key.strip()!r} is given twice ({out[key.strip()]!r} and {value.strip()!r})")
        out[key.strip()] = value.strip()
    return out


def split_bots(text: str, count: int, game_id: str, what: str) -> list[str]:
    """One bot name for every seat, or exactly ``count`` comma-separated names."""
    names = [n.strip() for n in text.split(",")]
    if "" in names:
        raise OptionError(f"{what} has an empty bot name in {text!r}; the bots are: {', '.join(bot_names(game_id))}")
    if len(names) == 1:
        names = names * count
    if len(names) != count:
        raise OptionError(
            f"{what} needs one bot name or {count} comma-separated names, got {len(names)}: {text!r}"
        )
    for name in set(names):
        make_bot(name, game_id)
    return names


@app.command()
def play(
    game: GameArg,
    players: Annotated[Optional[int], typer.Option(help="Number of players.")] = None,
    seat: Annotated[Optional[int], typer.Option(help="Your seat (0 deals first; default 0).")] = None,
    opponents: Annotated[Optional[str], typer.Option(help="Bot name for every other seat, or one per seat, comma-separated (default: the game's best bot).")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed for the deal; random if omitted.")] = None,
    option: OptionsArg = None,
    record: Annotated[Optional[Path], typer.Option(help="Where to save the game record.")] = None,
    demo: Annotated[bool, typer.Option(help="Bots only: watch a match between bots.")] = False,
) -> None:
    """Play a match in the terminal against bots (moves are read from standard input)."""
    with user_errors():
        g = get_game(game)
        n = g.info.default_players if players is None else players
        g.check_players(n)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**6)
        if demo and seat is not None:
            raise OptionError("--demo plays bots only: it takes no --seat")
        others = n if demo else n - 1
        best = "heuristic" if "heuristic" in bot_names(g.info.id) else "random"
        bots = split_bots(opponents or best, others, g.info.id, "--opponents")
        session = PlaySession(
            g, n, None if demo else (seat or 0), bots, seed, parse_kv(option),
            record or default_record_path(g.info.id, seed), console,
        )
    code = session.run()
    raise typer.Exit(code)


@app.command("simulate")
def simulate_cmd(
    game: GameArg,
    matches: Annotated[int, typer.Option(min=1, help="Number of matches.")] = 1000,
    players: Annotated[Optional[int], typer.Option(help="Number of players (default: number of bots given).")] = None,
    bots: Annotated[Optional[str], typer.Option(help="Bot per seat, comma-separated (one name fills every seat; default: heuristic then random).")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed, for a reproducible report (random if omitted, and printed).")] = None,
    option: OptionsArg = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
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
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**6)
        with Progress(
            TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=err_console, transient=True, disable=not err_console.is_terminal,
        ) as bar:
            task = bar.add_task("matches", total=matches)
            report = simulate(g, names, matches, seed, opts, progress=lambda k: bar.update(task, completed=k))
    if as_json:
        console.print_json(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print_report(report)


def returns_table(title: str, rows: list[MeanReturn]) -> Table:
    """Mean returns with their intervals."""
    table = Table(title=title, header_style="bold")
    for col in ("", "mean", "95% CI"):
        table.add_column(col, justify="right" if col else "left")
    for r in rows:
        table.add_row(r.label, f"{r.mean:+.3f}", f"{r.low:+.3f} – {r.high:+.3f}")
    return table


def print_report(report: SimulationReport) -> None:
    """The simulation tables: per seat, per bot, and the mean match figures."""
    console.print(
        f"[bold]{report.game}[/]: {report.matches} matches, {report.players} players, seed {report.seed}"
    )
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
            table.add_column(key.replace("_", " "), justify="right")
        for name, figs in report.bot_figures.items():
            table.add_row(name, *(f"{figs[k]:.3f}" for k in keys))
        console.print(table)
    table = Table(title="Per match", header_style="bold")
    for col in ("figure", "mean", "median", "95th pct"):
        table.add_column(col, justify="right" if col != "figure" else "left")
    for f in report.figures:
        table.add_row(f.name.replace("_", " "), f"{f.mean:.2f}", f"{f.median:g}", f"{f.p95:g}")
    if report.no_winner:
        table.add_row("matches with no single winner", str(report.no_winner), "", "")
    console.print(table)


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the final public state, results and ledger as JSON.")] = False,
) -> None:
    """Replay a game record and print the course of play."""
    with user_errors():
        rec = GameRecord.load(file)
        g = get_game(rec.game)
        render = RENDERERS[g.info.id]
        names = [p.name for p in rec.players]
        shown: list[Any] = [None]
        deal: list[int] = [-1]
        before: list[Any] = [None]

        def show_results(state: Any) -> None:
            result = state.public_view().last_result
            if result is not None and result is not shown[0]:
                shown[0] = result
                console.print(render.render_result(result, names))

        def on_action(state: Any, index: int, seat: int, action: int) -> None:
            show_results(state)
            view = before[0] = state.public_view()
            if view.deal_number != deal[0]:
                deal[0] = view.deal_number
                line = render.describe_deal(view, names)
                if line:
                    console.print(line, style="bold", markup=False)

        def after_action(state: Any, index: int, seat: int, action: int) -> None:
            text = state.action_to_string(action)
            line = render.describe_action(before[0], seat, text, names, after=state.public_view())
            console.print(Text(f"{index:>4} ", style="dim").append(line))

        hooks = {} if as_json else {"on_action": on_action, "after_action": after_action}
        state = replay(rec, g, **hooks)
    if as_json:
        out = {
            "game": g.info.id,
            "game_version": g.info.version,
            "players": [p.model_dump() for p in rec.players],
            "complete": state.is_terminal(),
            "final_state": state.public_view().to_json(),
            "match": state.match.to_json(),
            "returns": state.returns(),
            "statistics": state.statistics(),
            "deals": state.deal_results(),
            "ledger": state.match.ledger.to_json(),
        }
        console.print_json(json.dumps(out, ensure_ascii=False))
        return
    show_results(state)
    if state.is_terminal():
        console.print(Text(render.render_end(state.public_view(), names), style="bold green"))
    else:
        console.print(f"[yellow]The record stops before the end of the match ({len(rec.actions)} actions).[/]")


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
