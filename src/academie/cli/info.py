"""What the command line tells about the games and itself: ``academie games [GAME]``,
``academie rules GAME``, ``academie --version``, and how the help screens show flags and game
arguments. The rules text is each game's ``guide`` module (:mod:`academie.core.guide`); the
options are printed from the game's option model; sources by their bibliographic names
(:mod:`academie.sources`)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from importlib import metadata
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.padding import Padding
from rich.text import Text
from typer.core import TyperGroup

try:
    from typer._click.exceptions import ClickException
except ImportError:  # pragma: no cover - a typer that uses click itself
    from click.exceptions import ClickException

import academie
from academie.bots import bot_names
from academie.cli.terminal import MAX_WIDTH, MIN_WIDTH, make_console, print_error, print_json
from academie.cli.terminal import whole_lines as terminal_whole_lines
from academie.core.errors import AcademieError
from academie.core.game import Game
from academie.core.guide import guide_of
from academie.games import GAMES, get_game
from academie.presentation.rules import print_option, print_reconstructed, print_rules, sigla
from academie.sources import bibliography, later_sources

class _Stdout:
    """The console on standard output as it is when a line is printed: Unicode, or ASCII where
    the terminal cannot print it (``LC_ALL=C``, ``PYTHONIOENCODING=latin-1``), never a
    UnicodeEncodeError."""

    def __getattr__(self, name: str) -> Any:
        return getattr(make_console(), name)


console: Any = _Stdout()
err_console = Console(stderr=True, highlight=False)


@contextmanager
def whole_lines() -> Iterator[Any]:
    """:func:`academie.cli.terminal.whole_lines` on standard output's console."""
    with terminal_whole_lines(console) as out:
        yield out


def _print_json(data: Any) -> None:
    """``data`` as JSON on standard output; escaped to ASCII where the terminal cannot print Unicode."""
    print_json(data, console)

GAME_HELP = "The game: " + ", ".join(GAMES) + "."
"""Help text of every game argument: the valid ids."""

GameArg = Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP, show_default=False)]
"""A command's game argument: its help lists the game ids."""


# --- help screens ------------------------------------------------------------------------------
def _quiet_flags(command: Any, ctx: Any) -> None:
    """A flag takes no value: show none in ``--help`` (the help option included)."""
    params = list(command.params)
    help_option = command.get_help_option(ctx)
    if help_option is not None:
        params.append(help_option)
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
        if getattr(param, "param_type_name", "") == "argument" and hasattr(param, "_usage_display_name"):
            # The usage line writes a required argument plain (``FILE``), an optional one in
            # brackets (``[GAME]``), never in braces.
            param._usage_display_name = _usage_name.__get__(param)


def _usage_name(param: Any) -> str:
    name = (param.metavar or param.name or "").upper()
    return (name if param.required else f"[{name}]") + ("..." if param.nargs != 1 else "")


class AcademieGroup(TyperGroup):
    """The ``academie`` command group: its help screens and every command's show no value for a
    flag (``--demo``, ``--json``, ``--help``)."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _quiet_flags(command, ctx)
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _quiet_flags(self, ctx)
        super().format_help(ctx, formatter)

    def main(self, args: Any = None, prog_name: Any = None, complete_var: Any = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        """Run the command line; a usage error (a bad value, a missing argument, an unknown
        option) is told on one line, ``error: … (see academie CMD --help)``, with exit code 2."""
        _sane_columns()
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except ClickException as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # the help was printed
                sys.exit(exc.exit_code)
            ctx = getattr(exc, "ctx", None)
            hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
            # a value's parser raised ValueError: typer reads values through pydantic, which adds "Value error, "
            print_error(exc.format_message().replace(": Value error, ", ": ", 1) + hint)
            sys.exit(exc.exit_code)
        except typer.Abort:
            print_error("aborted")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def _sane_columns() -> None:
    """Bring ``COLUMNS`` within 20 … 1000 (or drop it when it is no number): the help screens
    and tables are drawn that wide, and ``COLUMNS=0`` drew nothing, ``COLUMNS=99999999`` half a
    gigabyte of help."""
    value = os.environ.get("COLUMNS")
    if value is None:
        return
    try:
        width = int(value)
    except ValueError:
        del os.environ["COLUMNS"]
        return
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        os.environ["COLUMNS"] = str(max(MIN_WIDTH, min(width, MAX_WIDTH)))


def package_version() -> str:
    """The installed version of academie (the package's own when not installed)."""
    try:
        return metadata.version("academie")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a source tree
        return academie.__version__


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"academie {package_version()}")
        raise typer.Exit()


def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """Play, simulate and replay the games of the old French game encyclopedias."""


@contextmanager
def _user_errors() -> Iterator[None]:
    """Bad input: a one-line message and exit code 2."""
    try:
        yield
    except AcademieError as exc:
        print_error(str(exc))
        raise typer.Exit(2) from None


# --- academie games ----------------------------------------------------------------------------
def option_json(o: Any) -> dict[str, Any]:
    """An option as the JSON outputs give it: its fields, the doc without reading tags (people
    have no catalogue to look them up in), no ``ref``."""
    from academie.edition.view import untagged

    return {k: (untagged(v) if k == "doc" else v) for k, v in o.__dict__.items() if k != "ref"}


def option_data(g: Game, o: Any) -> dict[str, Any]:
    """An option as ``games --json`` and ``rules --json`` give it: :func:`option_json`, with
    ``later`` (the later sources its default comes from, by name) and ``why`` (why our
    proposal is the default), empty where they do not apply."""
    from academie.edition.view import proposal_reason

    return dict(option_json(o), later=later_sources(g.info.id, o.name), why=proposal_reason(g.info.id, o.name))


def reconstructed_json(g: Game) -> list[str]:
    """A reconstruction's rules no source gives, without reading tags."""
    from academie.edition.view import untagged

    return [untagged(r) for r in g.info.reconstructed]


def rule_json(r: Any) -> dict[str, Any]:
    """A guide rule's fields as ``academie rules --json`` gives them: its reading tag left out
    (the option that chooses the reading is named), its text without tags."""
    from academie.edition.view import untagged

    return {k: (untagged(v) if k == "text" else v) for k, v in asdict(r).items() if k != "reading"}


def _game_json(g: Game) -> dict[str, Any]:
    info = g.info
    return {
        "id": info.id,
        "name": info.name,
        "version": info.version,
        "players": [info.min_players, info.max_players],
        "sources": list(info.sources),
        "bots": bot_names(info.id),
        "reconstructed": reconstructed_json(g),
        "options": [option_data(g, o) for o in g.describe_options()],
    }


def print_game(g: Game, out: Any = None) -> None:
    """One game as ``academie games`` lists it, on ``out`` (standard output's console)."""
    info = g.info
    out = out if out is not None else console
    out.print(
        Text(info.id, style="bold").append(
            f" — {info.name} (v{info.version}), {info.min_players}–{info.max_players} players;"
            f" bots: {', '.join(bot_names(info.id))}", style=""
        )
    )
    out.print(Padding(Text(info.summary), (0, 0, 0, 2)))
    out.print(Padding(Text(("Sources: " if len(info.sources) > 1 else "Source: ") + "; ".join(info.sources), style="italic"), (0, 0, 0, 2)))
    print_reconstructed(g, out)
    for o in g.describe_options():
        print_option(o, out, game=info.id)


def games(
    game: Annotated[
        Optional[str],
        typer.Argument(metavar="GAME", help=GAME_HELP + " Omitted: every game.", show_default=False),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> None:
    """List the games (or one), their player ranges and their options with defaults and sources."""
    with _user_errors():
        chosen = [get_game(game)] if game is not None else list(GAMES.values())
    if as_json:
        data: Any = _game_json(chosen[0]) if game is not None else [_game_json(g) for g in chosen]
        _print_json(data)
        return
    with whole_lines() as out:
        for g in chosen:
            print_game(g, out)
            out.print()
        out.print(
            Text("`academie rules GAME` explains a game's rules; `academie source GAME` shows each"
                 " option beside the sentences of the source it reads.", style="dim")
        )


# --- academie rules ----------------------------------------------------------------------------
def _rules_json(g: Game) -> dict[str, Any]:
    from academie.edition.view import game_edition

    guide = guide_of(g)
    edition = game_edition(g.info.id)
    at = iter(edition["rules"])
    where = {o["name"]: o["sentences"] for o in edition["options"]}
    return {
        "id": g.info.id,
        "name": g.info.name,
        "sources": {s: bibliography(s) for s in sigla(g)},
        "sections": [
            {"title": title, "rules": [dict(rule_json(r), citation=r.citation(), sentences=next(at)["sentences"]) for r in rules]}
            for title, rules in guide.sections()
        ],
        "how_to_win": list(guide.how_to_win),
        "reconstructed": reconstructed_json(g),
        "options": [dict(option_data(g, o), sentences=where.get(o.name, {})) for o in g.describe_options()],
    }


def rules(
    game: GameArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> None:
    """Print a game's rules in our own words, each with its source, then its options and readings."""
    with _user_errors():
        g = get_game(game)
    if as_json:
        _print_json(_rules_json(g))
        return
    with whole_lines() as out:
        print_rules(g, out)
