"""Interactive play in the terminal: one human seat against bots, or a demo between bots.

Moves are read line by line from standard input, so a test (or a pipe) can drive a match.
The game record is saved at the end, on ``quit``, on Ctrl-C and when input ends early.
"""

from __future__ import annotations

import datetime as _dt
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from academie.bots import make_bot
from academie.cli.render import RENDERERS
from academie.core.chance import SeededChance
from academie.core.errors import IllegalActionError, OptionError, RecordError
from academie.core.game import Game
from academie.core.record import GameRecord, PlayerRecord
from academie.core.runner import advance_chance
from academie.core.state import State

NAMES = ("Anne", "Bastien", "Camille", "Denis", "Élise", "Fabien", "Gaëlle", "Hugo", "Inès",
         "Jules", "Léa", "Marc")


class QuitRequested(Exception):
    """The human typed ``quit``."""


def check_record_path(path: Path) -> None:
    """Make sure the record can be written at ``path`` before the match starts.

    Raises :class:`~academie.core.errors.RecordError` naming the path and the reason.
    """
    if path.is_dir():
        raise RecordError(f"--record {str(path)!r} is a folder; give a file name such as match.json")
    existed = path.exists()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise RecordError(f"cannot write the record to {str(path)!r}: {exc.strerror or exc}") from None
    if not existed:
        path.unlink()


def default_record_path(game_id: str, seed: int) -> Path:
    """``academie-records/<game>-<date>-<time>-seed<seed>.json`` in the current folder."""
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    return Path("academie-records") / f"{game_id}-{stamp}-seed{seed}.json"


class PlaySession:
    """One match at the terminal.

    ``seat`` is the human's seat, or None for a demo between bots; ``opponents`` the bot names
    of the other seats in seat order (a demo has one per seat).
    """

    def __init__(
        self,
        game: Game,
        num_players: int,
        seat: int | None,
        opponents: Sequence[str],
        seed: int,
        options: dict[str, Any],
        record_path: Path,
        console: Console,
        read_line: Callable[[str], str] | None = None,
    ) -> None:
        game.check_players(num_players)
        if seat is not None and not 0 <= seat < num_players:
            raise OptionError(f"--seat must be from 0 to {num_players - 1}, not {seat}")
        self.game, self.seat, self.seed = game, seat, seed
        self.options = game.parse_options(options)
        self.state: State = game.new_initial_state(num_players, self.options)
        self.render: ModuleType = RENDERERS[game.info.id]
        self.console = console
        self.read_line = read_line or console.input
        check_record_path(record_path)
        self.record_path = record_path
        kinds = list(opponents)
        if seat is not None:
            kinds.insert(seat, "human")
        self.names = [
            ("You" if kind == "human" else f"{NAMES[s % len(NAMES)]}") for s, kind in enumerate(kinds)
        ]
        self.bots = {
            s: make_bot(kind, game.info.id, seed * 100 + s) for s, kind in enumerate(kinds) if kind != "human"
        }
        self.record = GameRecord(
            game=game.info.id,
            game_version=game.info.version,
            num_players=num_players,
            options=self.options.model_dump(),
            players=[PlayerRecord(name=n, kind=k) for n, k in zip(self.names, kinds)],
            seed=seed,
        )
        self._shown_result: object = None
        self._shown_deal = -1

    # --- the loop --------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end; returns the process exit code (0 done or quit, 1 input ended,
        130 interrupted by Ctrl-C)."""
        self.chance = SeededChance(self.seed)
        code = 0
        try:
            self._intro()
            while True:
                advance_chance(self.state, self.chance)
                self._show_result()
                if self.state.is_terminal():
                    break
                self._step()
        except QuitRequested:
            self.console.print("[yellow]Match stopped.[/]")
        except KeyboardInterrupt:
            self.console.print("\n[yellow]Match interrupted.[/]")
            code = 130
        except EOFError:
            self.console.print("\n[yellow]Input ended before the match was over.[/]")
            code = 1
        finally:
            self._save()
        if self.state.is_terminal():
            view = self.state.public_view()
            self.console.print(Text(self.render.render_end(view, self.names), style="bold green"))
        return code

    def _intro(self) -> None:
        who = ", ".join(
            f"{n} ({k.kind})" for n, k in zip(self.names, self.record.players)
        )
        # The seed decides every card: shown to onlookers of a demo, to a player only at the end.
        seed = f" Seed {self.seed}." if self.seat is None else ""
        self.console.print(Text(self.game.info.name, style="bold").append(f" — {who}.{seed}"))
        if self.seat is not None:
            self.console.print(self.render.HELP)

    def _viewer_view(self) -> Any:
        if self.seat is None:
            return self.state.public_view()
        return self.state.view(self.seat)

    def _step(self) -> None:
        state = self.state
        seat = state.current_player()
        view = state.public_view()
        if view.deal_number != self._shown_deal:
            self._shown_deal = view.deal_number
            line = self.render.describe_deal(view, self.names)
            if line:
                self.console.print(line, style="bold", markup=False)
        if seat == self.seat:
            action = self._ask()
        else:
            action = self.bots[seat].choose(state.view(seat), state.legal_actions())
        before = self._viewer_view()
        text = state.action_to_string(action)
        state.apply_action(action)
        self.record.actions.append(text)
        advance_chance(state, self.chance)
        after = self._viewer_view()
        self.console.print(self.render.describe_action(before, seat, text, self.names, after=after), markup=False)

    def _ask(self) -> int:
        view = self.state.view(self.seat)  # type: ignore[arg-type]
        self.console.print(self.render.render_turn(view, self.names))
        drawn = self.render.describe_drawn(view)
        if drawn:
            self.console.print(drawn, markup=False)
        while True:
            legal = ", ".join(self.state.legal_action_strings())
            text = self.read_line(f"[bold]Your move[/] ({escape(legal)}): ").strip()
            low = text.lower()
            if low in ("quit", "exit", "q"):
                raise QuitRequested
            if low in ("help", "h"):
                self.console.print(self.render.HELP)
                continue
            try:
                return self.state.string_to_action(text)
            except IllegalActionError as exc:
                if low in ("?", ""):
                    self.console.print(f"Legal moves: {legal}")
                else:
                    self.console.print(Text(str(exc), style="red"), soft_wrap=True)

    def _show_result(self) -> None:
        result = self.state.public_view().last_result
        if result is not None and result is not self._shown_result:
            self._shown_result = result
            self.console.print(self.render.render_result(result, self.names, self._viewer_view()))

    def _save(self) -> None:
        state = self.state
        self.record.complete = state.is_terminal()
        self.record.result = (
            {"returns": state.returns(), "statistics": state.statistics()} if state.is_terminal() else None
        )
        try:
            path = self.record.save(self.record_path)
        except OSError as exc:
            fallback = Path(tempfile.gettempdir()) / self.record_path.name
            self.console.print(Text(f"Cannot write {self.record_path}: {exc.strerror or exc}", style="red"))
            path = self.record.save(fallback)
        if self.seat is not None:
            self.console.print(f"Seed {self.seed}.")
        self.console.print(f"Record saved to {path} (replay it with: academie replay {path})", soft_wrap=True, markup=False)
