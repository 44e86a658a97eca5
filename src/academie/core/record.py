"""The game record: a JSON file that replays a match exactly.

A record holds the game id and version, the options, the players (names and kinds), the seed
and/or stacked decks that resolve chance, and the players' actions in string notation.
Save → load → save gives the same bytes.

>>> rec = GameRecord(game="trente-et-un", game_version=1, num_players=2,
...                  players=[PlayerRecord(name="Ann", kind="human"),
...                           PlayerRecord(name="Bot", kind="random")], seed=3, actions=["stock"])
>>> GameRecord.loads(rec.dumps()).dumps() == rec.dumps()
True
>>> GameRecord.loads('{"game": "trente-et-un"}')
Traceback (most recent call last):
...
academie.core.errors.RecordError: malformed record: field 'game_version': Field required
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from academie.core.chance import chance_source
from academie.core.errors import AcademieError, IllegalActionError, RecordError
from academie.core.game import Game
from academie.core.runner import advance_chance
from academie.core.state import State

RECORD_FORMAT = "academie-record"


class PlayerRecord(BaseModel):
    """A seat's player: a name and a kind (``human`` or a bot name such as ``heuristic``)."""

    model_config = ConfigDict(extra="forbid")
    name: str
    kind: str


class GameRecord(BaseModel):
    """One match, enough to replay it. ``decks[k]`` is deal ``k``'s stacked chance outcomes."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["academie-record"] = "academie-record"
    format_version: Literal[1] = 1
    game: str
    game_version: int
    num_players: int
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[PlayerRecord]
    seed: int | None = None
    decks: list[list[str]] | None = None
    actions: list[str] = Field(default_factory=list)
    complete: bool = False
    result: dict[str, Any] | None = None

    def dumps(self) -> str:
        """The record as JSON text (UTF-8, two-space indent, trailing newline)."""
        return json.dumps(self.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Read a record. Raises :class:`RecordError` naming the malformed field."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"malformed record: not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise RecordError("malformed record: expected a JSON object")
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise RecordError(f"malformed record: field {where!r}: {err['msg']}") from None

    def save(self, path: str | Path) -> Path:
        """Write the record to ``path`` (parent folders created)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.dumps(), encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file. Raises :class:`RecordError` if missing or malformed."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {str(path)!r}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"cannot read record {str(path)!r}: not UTF-8 text") from None
        return cls.loads(text)


def replay(
    record: GameRecord,
    game: Game,
    on_action: Callable[[State, int, int, int], None] | None = None,
    after_action: Callable[[State, int, int, int], None] | None = None,
) -> State:
    """Replay ``record`` with ``game``; returns the state after its last action.

    ``on_action(state, index, seat, action)`` is called before each recorded action is applied,
    ``after_action`` with the same arguments once it and the chance outcomes after it are.
    Options the record does not give take their defaults. Raises :class:`RecordError` for a
    record of another game or version, with no seed and no decks, with a bad option, with an
    action that cannot be played (naming its index, the action, and the legal actions then), or
    whose ``complete`` flag or ``result`` the replay contradicts.
    """
    if record.game != game.info.id:
        raise RecordError(f"record is of game {record.game!r}, not {game.info.id!r}")
    if record.game_version != game.info.version:
        raise RecordError(
            f"record was made with version {record.game_version} of {game.info.id}; this is"
            f" version {game.info.version}, which may play differently"
        )
    if len(record.players) != record.num_players:
        raise RecordError(
            f"record names {len(record.players)} players but num_players is {record.num_players}"
        )
    try:
        state = game.new_initial_state(record.num_players, record.options)
    except AcademieError as exc:
        raise RecordError(f"record cannot start: {exc}") from None
    if record.seed is None and not record.decks:
        raise RecordError("record has neither a seed nor stacked decks: its deals cannot be replayed")
    chance = chance_source(record.seed, record.decks)
    for index, text in enumerate(record.actions):
        advance_chance(state, chance)
        if state.is_terminal():
            raise RecordError(f"actions[{index}] = {text!r}: the match is already over")
        seat = state.current_player()
        try:
            action = state.string_to_action(text)
        except IllegalActionError as exc:
            raise RecordError(f"actions[{index}] = {text!r} (seat {seat}) cannot be played: {exc}") from None
        if on_action is not None:
            on_action(state, index, seat, action)
        state.apply_action(action)
        if after_action is not None:
            advance_chance(state, chance)
            after_action(state, index, seat, action)
    advance_chance(state, chance)
    if record.complete and not state.is_terminal():
        raise RecordError(
            f"record says the match is complete, but it is not over after its {len(record.actions)} actions"
        )
    if record.result and "returns" in record.result and state.is_terminal():
        if list(record.result["returns"]) != state.returns():
            raise RecordError(
                f"record's result (returns {record.result['returns']}) differs from the replay"
                f" (returns {state.returns()})"
            )
    return state
