"""Interactive play in the terminal: one person against bots, or a demo between bots.

Moves are read line by line from standard input, so a test (or a pipe) can drive a match.
The course of play is told by the :class:`~academie.cli.narrate.Narrator` (the same as
``replay``). The game record is saved at the end, on ``quit``, on Ctrl-C and when input ends
early; ``academie play --resume RECORD`` takes a match up again from its record.
"""

from __future__ import annotations

import datetime as _dt
import importlib
import shlex
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from academie.bots import make_bot
from academie.cards import parse_card
from academie.cli.narrate import Narrator, options_line, players_line
from academie.presentation.render import RENDERERS
from academie.cli.terminal import printable
from academie.core.chance import ChanceSource, chance_source
from academie.core.errors import IllegalActionError, OptionError, RecordError
from academie.core.game import Game
from academie.core.options import check_json_types
from academie.core.record import GameRecord, PlayerRecord, replay
from academie.core.state import State
from academie.outputs import check_output_file, quoted

NAMES = ("Anne", "Bastien", "Camille", "Denis", "Élise", "Fabien", "Gaëlle", "Hugo", "Inès",
         "Jules", "Léa", "Marc")

def commands(render: ModuleType) -> str:
    """The commands every game has, and ``auto`` as the game's renderer describes it (``AUTO``;
    a game where a player never has a single move, Trente et un, has none)."""
    auto = getattr(render, "AUTO", None)
    return ("Also: [bold]?[/] legal moves, [bold]hint[/] each move's value, [bold]help[/], " + (f"{auto}, " if auto else "")
            + "[bold]quit[/] (saves the record; [bold]academie play --resume[/] takes it up again).")


MAX_DELAY = 60
"""The longest pause before a bot's move, in seconds."""


class QuitRequested(Exception):
    """The person typed ``quit``."""


def check_record_path(path: Path, force: bool = False, own: bool = False, option: str = "--record") -> None:
    """Make sure a file can be written at ``path`` before the match starts; nothing is written.

    An existing file is refused unless ``force`` (or ``own``: the match's own record, when it is
    resumed); the folder must exist (``academie-records``, the default folder, is made when the
    record is saved). Raises :class:`~academie.core.errors.RecordError` saying what is wrong, also
    for a place the file system refuses (``/proc``, a name too long…): the check of every file a
    command writes, :func:`academie.outputs.check_output_file`.
    """
    try:
        check_output_file(path, option, force=force, own=own)
    except OptionError as exc:
        raise RecordError(str(exc)) from None


def default_record_path(game_id: str) -> Path:
    """``academie-records/<game>-<date>-<time>.json`` in the current folder (``-2``, ``-3``…
    added when that file exists already: a default never replaces a record). Never the seed: it
    decides every card, and a match quit unfinished keeps it hidden."""
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = Path("academie-records") / f"{game_id}-{stamp}"
    path, k = base.with_suffix(".json"), 1
    while path.exists():
        k += 1
        path = base.with_name(f"{base.name}-{k}.json")
    return path


def how_to_win(game: Game) -> tuple[str, ...]:
    """The game's three lines on how to win (``academie.games.<game>.guide.HOW_TO_WIN``), or
    none when the game has no guide."""
    package = ".".join(type(game).__module__.split(".")[:3])
    try:
        guide = importlib.import_module(f"{package}.guide")
    except ImportError:
        return ()
    return tuple(getattr(guide, "HOW_TO_WIN", ()))


def order_moves(legal: Sequence[str], hand: Sequence[int]) -> list[str]:
    """The legal moves in the order the hand is shown: other moves first, then cards.

    >>> from academie.cards import parse_card
    >>> order_moves(["AS", "KH", "pass"], [parse_card("KH"), parse_card("AS")])
    ['pass', 'KH', 'AS']
    """
    position = {card: i for i, card in enumerate(hand)}

    def key(item: tuple[int, str]) -> tuple[int, int]:
        index, text = item
        try:
            card = parse_card(text)
        except Exception:  # not a card: « stock », « knock », « pass »…
            return (0, index)
        return (1, position.get(card, len(position) + index))

    return [text for _, text in sorted(enumerate(legal), key=key)]


class PlaySession:
    """One match at the terminal.

    ``seat`` is the person's seat, or None for a demo between bots; ``opponents`` the bot names
    of the other seats in seat order (a demo has one per seat). ``decks`` stack the deals (as in
    a record); ``delay`` is the pause in seconds before each bot move; ``force`` allows the
    record to replace an existing file. :meth:`resume` builds a session from a saved record.
    """

    def __init__(
        self,
        game: Game,
        num_players: int,
        seat: int | None,
        opponents: Sequence[str],
        seed: int | None,
        options: dict[str, Any],
        record_path: Path | None,
        console: Console,
        read_line: Callable[[Any], str] | None = None,
        *,
        decks: list[list[str]] | None = None,
        delay: float = 0.0,
        force: bool = False,
        resumed: GameRecord | None = None,
    ) -> None:
        game.check_players(num_players)
        if seat is not None and not 0 <= seat < num_players:
            raise OptionError(f"--seat must be from 0 to {num_players - 1}, not {seat}")
        if not 0 <= delay <= MAX_DELAY:  # also nan
            raise OptionError(f"--delay must be a number of seconds from 0 to {MAX_DELAY}, not {delay}")
        self.game, self.seat, self.seed, self.delay = game, seat, seed, delay
        self.options = game.parse_options(options)
        self.render: ModuleType = RENDERERS[game.info.id]
        self.console = console
        self.read_line = read_line or (lambda prompt: console.input(prompt))
        if record_path is None:  # the default folder is made when the record is saved
            record_path = default_record_path(game.info.id)
            if record_path.parent.exists():
                check_record_path(record_path)
        else:
            check_record_path(record_path, force=force, own=resumed is not None)
        self.record_path = record_path
        kinds = list(opponents)
        if seat is not None:
            kinds.insert(seat, "human")
        self.names = (
            [p.name for p in resumed.players] if resumed is not None
            else [("You" if kind == "human" else f"{NAMES[s % len(NAMES)]}") for s, kind in enumerate(kinds)]
        )
        self.bots = {
            s: make_bot(kind, game.info.id, (seed or 0) * 100 + s) for s, kind in enumerate(kinds) if kind != "human"
        }
        from academie.cli.base import compile_note, note
        from academie.fast import prepare

        # an ISMCTS bot's kernels compiled now, said so, rather than silently at its first move
        prepare(game, self.options, num_players, [k for k in kinds if k != "human"], on_compile=compile_note(note))
        self.record = GameRecord(
            game=game.info.id,
            game_version=game.info.version,
            num_players=num_players,
            options=self.options.model_dump(),
            players=[PlayerRecord(name=n, kind=k) for n, k in zip(self.names, kinds)],
            seed=seed,
            decks=decks,
        )
        self.chance: ChanceSource = chance_source(seed, decks)
        self.resumed = resumed is not None
        self._resumed_record = resumed
        if resumed is not None:
            self.record.actions = list(resumed.actions)
            self.state: State = replay(resumed, game, chance=self.chance)
            if self.state.is_terminal():
                raise RecordError(f"the match in {str(record_path)!r} is already over; replay it with: academie replay {record_path}")
        else:
            self.state = game.new_initial_state(num_players, self.options)
        self.auto = False
        self.narrator = Narrator(self.state, self.render, self.names, console, viewer=seat,
                                 on_deal_end=self._deal_over if seat is not None else None)

    @classmethod
    def resume(
        cls,
        game: Game,
        record: GameRecord,
        record_path: Path,
        console: Console,
        read_line: Callable[[Any], str] | None = None,
        delay: float = 0.0,
    ) -> PlaySession:
        """The session that takes up the match saved in ``record`` (read from ``record_path``,
        where it is saved again): the person takes his seat, the bots theirs. Raises
        :class:`~academie.core.errors.RecordError` for a record that is complete, of a demo
        between bots, or that does not replay."""
        where = str(record_path)
        if record.complete:
            raise RecordError(f"the match in {where!r} is already over; replay it with: academie replay {where}")
        humans = [s for s, p in enumerate(record.players) if p.kind == "human"]
        if not humans:
            raise RecordError(
                f"{where!r} is a demo between bots: there is no seat to take up again; watch it with:"
                f" academie replay {where}"
            )
        if len(humans) > 1:
            raise RecordError(f"{where!r} has {len(humans)} human seats; only one person can take his seat again")
        seat = humans[0]
        opponents = [p.kind for s, p in enumerate(record.players) if s != seat]
        try:
            check_json_types(game.options_model, record.options)  # a record is read strictly
        except OptionError as exc:
            raise RecordError(str(exc)) from None
        return cls(
            game, record.num_players, seat, opponents, record.seed, dict(record.options), record_path, console,
            read_line, decks=record.decks, delay=delay, resumed=record,
        )

    # --- the loop --------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end; returns the process exit code (0 done or quit, 1 input ended,
        130 interrupted by Ctrl-C)."""
        code = 0
        try:
            self._intro()
            self.narrator.resolve(self.chance)
            while not self.state.is_terminal():
                self._step()
                self.narrator.resolve(self.chance)
            self.narrator.finish()
        except QuitRequested:
            self.console.print(Text("Match stopped.", style="yellow"))
        except KeyboardInterrupt:
            self.console.print(Text("\nMatch interrupted.", style="yellow"))
            code = 130
        except EOFError:
            self.console.print(Text("\nInput ended before the match was over.", style="yellow"))
            code = 1
        finally:
            self._save()
        return code

    def _intro(self) -> None:
        # The seed decides every card: shown to onlookers of a demo, to a player only at the end.
        self.console.print(players_line(self.game, [(n, p.kind) for n, p in zip(self.names, self.record.players)],
                                        self.seed if self.seat is None else None))
        self.console.print(options_line(self.game, self.options))
        if self.resumed:
            self.console.print(Text(
                f"Taking up the match saved in {printable(self.record_path)}: {len(self.record.actions)} moves"
                " replayed.", style="yellow"), soft_wrap=True)
        if self.seat is not None:
            self._help()
        if self._resumed_record is not None:
            self._retell(self._resumed_record)

    def _retell(self, record: GameRecord) -> None:
        """Replay the saved moves again through the narrator: nothing of the deals already
        over but the standings at the start of the current deal, then that deal from its
        header on (the up card, every move and payment so far), as it was told."""
        narrator, deal = self.narrator, self.state.match.deal_number
        narrator.retell(deal)
        narrator.on_deal_end = None  # no pause in deals already played

        def on_action(state: State, index: int, seat: int, action: int) -> None:
            narrator.state = state
            narrator.before_decision()
            self._told = (state.action_to_string(action), narrator.view())

        def after_action(state: State, index: int, seat: int, action: int) -> None:
            text, before = self._told
            narrator.moved(seat, text, before)

        def on_chance(state: State) -> None:
            narrator.state = state
            narrator.chanced()

        self.chance = chance_source(record.seed, record.decks)
        self.state = replay(record, self.game, on_action, after_action, on_chance=on_chance, chance=self.chance)
        narrator.state = self.state
        narrator.on_deal_end = self._deal_over if self.seat is not None else None

    def _help(self) -> None:
        self.console.print(Text.from_markup(self.render.HELP + " " + commands(self.render)))
        lines = how_to_win(self.game)
        if lines:
            self.console.print(Text("How to win:", style="bold"))
            bullets = Table.grid()  # a hanging indent: a wrapped bullet stays under its first word
            bullets.add_column(no_wrap=True)
            bullets.add_column()
            for line in lines:
                bullets.add_row("  • ", Text(line))
            self.console.print(bullets)

    def _deal_over(self) -> None:
        """After each deal's result, the person goes on when ready (also once he is out). The
        commands of the move prompt work here too (``help`` asks again; ``auto`` is on for the
        next deal); anything else goes on to the next deal and is said to be ignored: a move
        typed too early is never kept for a deal the person has not seen yet."""
        self.auto = False
        while True:
            text = self.read_line(Text("Press Enter for the next deal (or quit): ", style="bold")).strip()
            low = text.lower()
            if self._quit_or_help(low):
                continue
            if low == "auto" and getattr(self.render, "AUTO", None) is None:
                self._no_auto()
            elif low == "auto":
                self.auto = True
                self.console.print(Text("auto is on for the next deal: it plays for you whenever you have only"
                                        " one move.", style="yellow"))
            elif text:
                self.console.print(Text(f"(ignored {quoted(text)}: the next deal has not started yet; type"
                                        " your move when you are asked for it)", style="yellow"), soft_wrap=True)
            return

    def _quit_or_help(self, low: str) -> bool:
        """The commands of every prompt: ``quit`` (raises :class:`QuitRequested`) and ``help``
        (shown: True, ask again); False for anything else."""
        if low in ("quit", "exit", "q"):
            raise QuitRequested
        if low in ("help", "h"):
            self._help()
            return True
        return False

    def _no_auto(self) -> None:
        self.console.print(Text(f"auto is not a command in {self.game.info.name}: you always have a"
                                " choice; type ? for your moves.", style="yellow"))

    def _step(self) -> None:
        state = self.state
        seat = state.current_player()
        self.narrator.before_decision()
        if seat == self.seat:
            action = self._ask()
        else:
            if self.delay:
                time.sleep(self.delay)
            action = self.bots[seat].choose(state.view(seat), state.legal_actions())
        before = self.narrator.view()
        text = state.action_to_string(action)
        state.apply_action(action)
        self.record.actions.append(text)
        self.narrator.moved(seat, text, before)

    def _hint(self, view: Any) -> None:
        """Each legal move's estimated value for the person's seat, best first
        (:func:`academie.bots.hints.hints`: the hard bot's worlds of the seat's view only)."""
        from academie.bots.hints import hints
        from academie.core.errors import SamplingError

        state = self.state
        legal = state.legal_actions()
        if len(legal) == 1:
            self.console.print(Text(f"Only one move: {state.action_to_string(legal[0])}."))
            return
        try:
            found = hints(view, legal, self.game.info.id, seed=len(self.record.actions),
                          describe=state.action_to_string)
        except SamplingError:
            self.console.print(Text("No hint this time: the hidden cards could not be dealt in time.",
                                    style="yellow"))
            return
        worlds = found[0].worlds
        self.console.print(Text(f"Hints: each move's mean gain by the end of the deal, with its 95% interval,"
                                f" over {worlds} deals your view allows:", style="bold"), soft_wrap=True)
        for h in found:
            self.console.print(Text(f"  {h.line()}"))

    def _legal(self, view: Any) -> list[str]:
        legal = self.state.legal_action_strings()
        shown = getattr(self.render, "displayed_hand", None)
        return order_moves(legal, shown(view)) if shown is not None else legal

    def _ask(self) -> int:
        state = self.state
        if self.auto and len(state.legal_actions()) == 1:
            return state.legal_actions()[0]
        view = state.view(self.seat)  # type: ignore[arg-type]
        self.console.print(self.render.render_turn(view, self.names))
        drawn = self.render.describe_drawn(view)
        if drawn:
            self.console.print(Text(drawn))
        legal = self._legal(view)
        while True:
            prompt = Text("Your move", style="bold").append(f" ({', '.join(legal)}): ")
            text = self.read_line(prompt).strip()
            low = text.lower()
            if self._quit_or_help(low):
                continue
            if low == "hint":
                self._hint(view)
                continue
            if low == "auto" and getattr(self.render, "AUTO", None) is None:
                self._no_auto()
                continue
            if low == "auto":
                self.auto = True
                if len(legal) == 1:
                    return state.string_to_action(legal[0])
                self.console.print(Text("auto is on: it plays for you whenever you have only one move, until"
                                        " the deal ends; this time you have a choice.", style="yellow"))
                continue
            if low in ("?", ""):
                try:
                    return state.string_to_action(text)
                except IllegalActionError:
                    self.console.print(Text(f"Legal moves: {', '.join(legal)}"))
                    continue
            try:
                return state.string_to_action(text)
            except IllegalActionError as exc:
                message = str(exc)
                if "; legal: " in message:  # the legal moves in the order of the hand
                    message = message.split("; legal: ")[0] + "; legal: " + ", ".join(legal)
                self.console.print(Text(message, style="red"))

    def _save(self) -> None:
        state = self.state
        self.record.complete = state.is_terminal()
        self.record.result = (
            {"returns": state.returns(), "statistics": state.statistics()} if state.is_terminal() else None
        )
        try:
            path = self.record.save(self.record_path)
        except OSError as exc:
            fallback = Path(tempfile.mkdtemp(prefix="academie-")) / self.record_path.name
            self.console.print(Text(f"Cannot write {printable(self.record_path)}: {exc.strerror or exc}", style="red"))
            path = self.record.save(fallback)
        # The seed decides every card: a player sees it only once the match is over (an
        # onlooker of a demo saw it at the start); a match that can be taken up keeps it hidden.
        if self.seat is not None and self.seed is not None and state.is_terminal():
            self.console.print(f"Seed {self.seed}.")
        follow = "academie replay" if state.is_terminal() or self.seat is None else "academie play --resume"
        path = printable(path)
        command = f"{follow} {shlex.quote(path)}"  # pasted into a shell as it is, spaces and all
        self.console.print(Text(f"Record saved to {path} (go on with: {command})"
                                if follow.endswith("resume") else
                                f"Record saved to {path} (replay it with: {command})"), soft_wrap=True)
