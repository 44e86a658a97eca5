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
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, field_validator

from academie.core.chance import ChanceSource, StackedChance, chance_source, check_deck_notation
from academie.core.errors import AcademieError, IllegalActionError, OptionError, RecordError
from academie.core.game import Game, load_plugins
from academie.core.options import check_json_types
from academie.core.runner import advance_chance
from academie.core.state import State

RECORD_FORMAT = "academie-record"

MAX_RECORD_BYTES = 16 * 1024 * 1024
"""The largest record file read (16 MiB); a longer file is refused unread."""
MAX_NAME = 60
"""The longest player name, in characters."""
SEED_LIMIT = 2**63
"""A record's seed lies in ``0 <= seed < SEED_LIMIT``, as on the command line."""

Word = Annotated[str, StringConstraints(min_length=1, max_length=60)]
"""A game id, a player kind, an option name."""
MAX_KIND = 100
"""The longest player kind: ``human`` or a bot spec (see :mod:`academie.bots.spec`)."""
Notation = Annotated[str, StringConstraints(max_length=40)]
"""An action or a chance outcome in string notation (``'stock'``, ``'10H'``, ``'9'``)."""


def _clip(text: object, limit: int = 40) -> str:
    """``repr(text)`` cut to about ``limit`` characters, for error messages."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


MAX_MARKS = 3
"""The most combining marks (accents) one letter of a name carries, counted on its decomposed
form (NFD), never the same mark twice: ``'ệ'`` is a letter and two, the Greek ``'ᾄ'`` a letter
and three; more pile up over the lines around the name."""

IGNORABLE = ((0x034F, 0x034F), (0x17B4, 0x17B5), (0x180B, 0x180F), (0xFE00, 0xFE0F), (0xE0000, 0xE0FFF))
"""Unicode default-ignorable code points that are marks or format characters drawing nothing
(the combining grapheme joiner, the Mongolian and the variation selectors, the tags): ``'Anne'``
and ``'Anne\u034f'`` look the same."""


def _ignorable(c: str) -> bool:
    code = ord(c)
    return any(low <= code <= high for low, high in IGNORABLE)

SOFT_DOTTED = frozenset("ijį\u0249\u0268\u029d\u02b2\u03f3\u0456\u0458\u1d62\u1d96\u1da4\u1da8\u1e2d\u1ecb"
                        "\u2071\u2148\u2149\u2c7c")
"""The letters whose dot a combining dot above (U+0307) only redraws (Unicode's
``Soft_Dotted`` property, the Basic Multilingual Plane's): ``'Li\u0307se'`` looks like ``'Lise'``
unless another accent follows the dot (Lithuanian ``'i\u0307\u0300'``)."""

BLANK_FILLERS = frozenset("\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
"""Letters and signs that draw nothing (Hangul fillers, Khmer inherent vowels, the blank Braille
pattern): a name made of them, or holding one, looks blank or like another name."""

REFUSED_CATEGORIES = {"Cc": "control", "Cs": "lone surrogate", "Cf": "format", "Co": "private-use",
                      "Cn": "unassigned", "Zl": "line separator", "Zp": "paragraph separator"}
"""The Unicode general categories no player name holds, each with its name for error messages."""

SCRIPT_FAMILIES = (frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}), frozenset({"LATIN", "HAN", "BOPOMOFO"}),
                   frozenset({"LATIN", "HAN", "HANGUL"}))
"""The scripts one name may mix (Unicode TS #39's "highly restrictive" level): Japanese, Chinese
and Korean names with Latin; any other mixture (Latin with Cyrillic or Greek…) is refused."""


def _script(c: str) -> str:
    from confusable_homoglyphs import categories

    return categories.alias(c)


def check_player_name(name: str) -> str:
    """``name`` if it is a player name one can read and tell apart, else :class:`ValueError`
    saying which character is refused and why: a control, format (zero-width, direction
    marks), private-use, unassigned or line/paragraph-separator character; a space other than
    U+0020; a blank filler (:data:`BLANK_FILLERS`); nothing visible at all; or letters of
    scripts that do not go together (:data:`SCRIPT_FAMILIES`: ``'Аnne'`` with a Cyrillic A); a
    space at either end or two in a row; a combining mark first or more than :data:`MAX_MARKS`
    on one letter (decomposed, never the same twice), or a mark on no letter; a dot above on a
    letter dotted already (:data:`SOFT_DOTTED`); an invisible default-ignorable character
    (:data:`IGNORABLE`).
    Accents, apostrophes and hyphens are welcome: ``'Élise'``, ``"d'Artagnan"``, ``'Jean-Pierre'``."""
    for c in name:
        category = unicodedata.category(c)
        if category in REFUSED_CATEGORIES:
            raise ValueError("a player name holds no control, format or separator character nor lone surrogate, "
                             f"private-use or unassigned one (found U+{ord(c):04X}, {REFUSED_CATEGORIES[category]}): "
                             "letters, digits, spaces, punctuation and accents only")
        if c in BLANK_FILLERS or (category == "Zs" and c != " "):
            raise ValueError(f"a player name holds no blank filler nor other space than U+0020 (found U+{ord(c):04X}"
                             f" {unicodedata.name(c, '')}): letters, digits, spaces, punctuation and accents only")
    if not any(unicodedata.category(c)[0] in "LNPS" for c in name):
        raise ValueError("a player name shows at least one letter, digit or sign: it is not blank")
    if name != name.strip(" ") or "  " in name:
        raise ValueError("a player name neither starts nor ends with a space (U+0020) and holds no two in a row: "
                         f"{_clip(name)} looks like {_clip(' '.join(name.split()))}")
    for c in name:
        if _ignorable(c):
            raise ValueError(f"a player name holds no invisible character (found U+{ord(c):04X} "
                             f"{unicodedata.name(c, 'a default-ignorable code point')}): letters, digits, spaces, "
                             "punctuation and accents only")
    base, marks = "", []
    decomposed = unicodedata.normalize("NFD", name)  # a precomposed letter counted with its accents
    for k, c in enumerate(decomposed):
        if not unicodedata.combining(c):
            base, marks = c, []
            continue
        if c == "\u0307" and base in SOFT_DOTTED and not marks and not (
                k + 1 < len(decomposed) and unicodedata.combining(decomposed[k + 1])):
            plain = unicodedata.normalize("NFC", decomposed[:k] + decomposed[k + 1:])
            raise ValueError(f"a player name puts no dot above (U+0307) on a letter dotted already ({base!r}): "
                             f"{_clip(name)} looks like {_clip(plain)}")
        if not base or not unicodedata.category(base).startswith("L"):
            raise ValueError(f"a player name puts its accents on letters (found U+{ord(c):04X} "
                             f"{unicodedata.name(c, '')} {'first' if not base else f'on {base!r}'})")
        if c in marks or len(marks) == MAX_MARKS:
            raise ValueError(f"a player name holds at most {MAX_MARKS} accents on one letter, never the same one twice "
                             f"(found U+{ord(c):04X} {unicodedata.name(c, '')} on {base!r}): they pile up over other text")
        marks.append(c)
    scripts: dict[str, str] = {}
    for c in name:
        script = _script(c)
        if script not in ("COMMON", "INHERITED"):
            scripts.setdefault(script, c)
    if len(scripts) > 1 and not any(set(scripts) <= family for family in SCRIPT_FAMILIES):
        shown = ", ".join(f"{script.title()} ({c!r}, U+{ord(c):04X})" for script, c in scripts.items())
        raise ValueError(f"a player name is written in one script, not several that look alike: found {shown} "
                         "(Latin may go with Han, Kana, Hangul or Bopomofo only)")
    return name


def readable_name(name: str, fallback: str) -> str:
    """``name`` if :func:`check_player_name` takes it; else its readable form (spaces of any
    kind made single spaces, the ends trimmed, invisible and format characters dropped) if
    that is taken, else ``fallback``. For names stored before a stricter rule, written into a
    record that must replay: ``readable_name('Anne  Marie', 'Seat 0') == 'Anne Marie'``."""
    for candidate in (name, " ".join("".join(c for c in name if c not in BLANK_FILLERS and not _ignorable(c)
                                             and unicodedata.category(c) not in REFUSED_CATEGORIES).split())):
        try:
            if candidate and len(candidate) <= MAX_NAME:
                return check_player_name(candidate)
        except ValueError:
            continue
    return fallback


_PROTOTYPES: dict[str, str] | None = None


def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (Unicode TS #39 ``confusables.txt``, as the
    ``confusable_homoglyphs`` package ships it: a star of characters around each prototype)."""
    global _PROTOTYPES
    if _PROTOTYPES is None:
        from confusable_homoglyphs.confusables import confusables_data

        def clean(text: str) -> str:  # right-to-left characters come wrapped in direction marks
            return text.replace("\u200e", "").replace("\u200f", "")

        neighbours: dict[str, set[str]] = {}
        for key, glyphs in confusables_data.items():
            for glyph in glyphs:
                a, b = clean(key), clean(glyph["c"])
                if a and b and a != b:
                    neighbours.setdefault(a, set()).add(b)
                    neighbours.setdefault(b, set()).add(a)
        prototypes: dict[str, str] = {}
        for start in neighbours:
            if start in prototypes:
                continue
            star, stack = set(), [start]
            while stack:
                node = stack.pop()
                if node not in star:
                    star.add(node)
                    stack.extend(neighbours[node] - star)
            centre = max(star, key=lambda n: (len(n) > 1, len(neighbours[n]), -ord(n[0])))
            for node in star:
                prototypes[node] = centre
        _PROTOTYPES = prototypes
    return _PROTOTYPES


def name_skeleton(name: str) -> str:
    """The skeleton of ``name`` (Unicode TS #39, its compatibility forms folded first): two
    names with one skeleton look alike (``'Anne'`` and ``'Аnne'``, ``'Il'`` and ``'ll'``,
    ``'Anne'`` and the full-width ``'Ａｎｎｅ'``), and one table never seats both."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))


def confusable_pair(names: list[str]) -> tuple[str, str] | None:
    """The first two of ``names`` that look alike (one :func:`name_skeleton`), or None."""
    seen: dict[str, str] = {}
    for name in names:
        key = name_skeleton(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


class PlayerRecord(BaseModel):
    """A seat's player: a name (1 to 60 characters, checked by :func:`check_player_name`) and
    a kind (``human`` or a bot name of the game, such as ``heuristic``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Annotated[str, StringConstraints(min_length=1, max_length=MAX_NAME)]
    kind: Annotated[str, StringConstraints(min_length=1, max_length=MAX_KIND)]

    @field_validator("name")
    @classmethod
    def _printable(cls, name: str) -> str:
        return check_player_name(name)


class GameRecord(BaseModel):
    """One match, enough to replay it. ``decks[k]`` is deal ``k``'s stacked chance outcomes.

    Read strictly: ``game_version: "1"``, ``seed: "7"`` or ``complete: 0`` are refused, not
    converted. ``result`` (written when the match is over) holds ``returns`` (a number per
    seat) and optionally ``statistics``, both checked against the replay.
    """

    model_config = ConfigDict(extra="forbid", strict=True)
    format: Literal["academie-record"] = "academie-record"
    format_version: Literal[1] = 1
    game: Word
    game_version: Annotated[int, Field(ge=1, le=10**6)]
    num_players: Annotated[int, Field(ge=1, le=100)]
    options: dict[Word, Any] = Field(default_factory=dict)
    players: list[PlayerRecord]
    seed: int | None = None
    seed_chosen: bool = False
    """True for a web table made from the seed its creator gave (a teaching or study deal:
    whoever chose it may have known every card to come), False for a web table whose seed the
    server drew. The command line leaves it False: there the seed, given with ``--seed`` or
    drawn, is the player's own, and a record made with ``play``, ``simulate`` or ``tournament``
    says nothing of fairness between people."""
    decks: list[list[Notation]] | None = None
    actions: list[Notation] = Field(default_factory=list)
    complete: bool = False
    result: dict[str, Any] | None = None

    @field_validator("format_version", mode="before")
    @classmethod
    def _exactly_one(cls, value: Any) -> Any:
        if type(value) is not int:  # Literal[1] would take true or 1.0
            raise ValueError("format_version must be the integer 1")
        return value

    @field_validator("seed")
    @classmethod
    def _seed(cls, seed: int | None) -> int | None:
        if seed is not None and not 0 <= seed < SEED_LIMIT:
            raise ValueError(f"a seed is an integer from 0 to {SEED_LIMIT - 1} (2^63 - 1)")
        return seed

    @field_validator("players")
    @classmethod
    def _distinct(cls, players: list[PlayerRecord]) -> list[PlayerRecord]:
        seen: set[str] = set()
        for player in players:
            if player.name in seen:
                raise ValueError(f"two players are named {_clip(player.name)}: each player has a name of his own")
            seen.add(player.name)
        return players

    @field_validator("result")
    @classmethod
    def _result(cls, result: dict[str, Any] | None) -> dict[str, Any] | None:
        if result is None:
            return None
        unknown = sorted(set(result) - {"returns", "statistics"})
        if unknown:
            raise ValueError(f"a result holds returns and statistics only, not {_clip(unknown[0])}")
        returns = result.get("returns")
        if not isinstance(returns, list) or not all(
            isinstance(r, (int, float)) and not isinstance(r, bool) for r in returns
        ):
            raise ValueError("result.returns must be a list of numbers, one per seat")
        if "statistics" in result and not isinstance(result["statistics"], dict):
            raise ValueError("result.statistics must be an object")
        return result

    def dumps(self) -> str:
        """The record as JSON text (UTF-8, two-space indent, trailing newline)."""
        return json.dumps(self.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def loads(cls, text: str | bytes) -> GameRecord:
        """Read a record. Raises :class:`RecordError` naming the malformed field (one short
        line, whatever the text holds: no echo of its content)."""
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"malformed record: longer than {MAX_RECORD_BYTES // 2**20} MiB")
        try:
            record = cls.model_validate_json(text, strict=True)
        except ValidationError as exc:
            err = exc.errors()[0]
            if err["type"] == "json_invalid":
                raise RecordError(f"malformed record: not JSON ({err['msg']})") from None
            if err["type"] == "model_type" and not err["loc"]:
                raise RecordError("malformed record: expected a JSON object") from None
            try:  # a key given twice first: the field's error would be about one of its values
                _refuse_duplicate_keys(text)
            except RecordError as twice:
                if "given twice" in str(twice):
                    raise twice from None
            where = ".".join(str(p) if isinstance(p, int) else _clip(p, 30).strip("'") for p in err["loc"])
            msg = err["msg"].removeprefix("Value error, ")
            raise RecordError(f"malformed record: field {where!r}: {msg}") from None
        _refuse_duplicate_keys(text)
        return record

    def save(self, path: str | Path) -> Path:
        """Write the record to ``path`` (parent folders created)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.dumps(), encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file (at most :data:`MAX_RECORD_BYTES`). Raises :class:`RecordError` if
        missing, too large or malformed."""
        name = _clip(str(path), 80)
        try:
            with Path(path).open("rb") as file:
                data = file.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise RecordError(f"cannot read record {name}: {exc.strerror or exc}") from None
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(
                f"cannot read record {name}: larger than {MAX_RECORD_BYTES // 2**20} MiB, the most a record may be"
            )
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"cannot read record {name}: not UTF-8 text") from None
        return cls.loads(text)


def _refuse_duplicate_keys(text: str | bytes) -> None:
    """Raise :class:`RecordError` if an object of the JSON ``text`` gives one key twice (JSON
    parsers keep the last silently; a record says each thing once)."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in items:
            if key in seen:
                raise RecordError(f"malformed record: key {_clip(key)} is given twice in one object")
            seen[key] = value
        return seen

    try:
        json.loads(text, object_pairs_hook=pairs)
    except (RecursionError, ValueError) as exc:  # already read by pydantic: only its limits differ
        if isinstance(exc, RecordError):
            raise
        raise RecordError("malformed record: nested too deep or a number too long") from None


def replay(
    record: GameRecord,
    game: Game,
    on_action: Callable[[State, int, int, int], None] | None = None,
    after_action: Callable[[State, int, int, int], None] | None = None,
    *,
    on_chance: Callable[[State], None] | None = None,
    chance: ChanceSource | None = None,
    check_complete: bool = True,
) -> State:
    """Replay ``record`` with ``game``; returns the state after its last action.

    ``on_action(state, index, seat, action)`` is called before each recorded action is applied,
    ``after_action`` with the same arguments once it and the chance outcomes after it are.
    With ``on_chance``, chance outcomes are applied one at a time, ``on_chance(state)`` after
    each, and ``after_action`` comes right after the action, before its chance outcomes (a
    narrator then sees every deal begin and end). ``chance`` is the record's chance source
    (:func:`~academie.core.chance.chance_source` of its seed and decks); pass one to go on
    drawing from it after the replay (to resume the match).
    Options the record does not give take their defaults. Raises :class:`RecordError` for a
    record of another game or version, with no seed and no decks, with a bad option, with an
    action that cannot be played (naming its index, the action, and the legal actions then), or
    whose ``complete`` flag (unless ``check_complete`` is false: a match its chance outcomes
    alone may end, made before it is known) or ``result`` the replay contradicts.
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
    _check_kinds(record, game)
    try:
        check_json_types(game.options_model, record.options)
    except OptionError as exc:
        raise RecordError(str(exc)) from None
    try:
        state = game.new_initial_state(record.num_players, record.options)
    except AcademieError as exc:
        raise RecordError(f"record cannot start: {exc}") from None
    if record.seed is None and not record.decks:
        raise RecordError("record has neither a seed nor stacked decks: its deals cannot be replayed")
    check_deck_notation(state, record.decks)  # every outcome, even one no action reaches
    if chance is None:
        chance = chance_source(record.seed, record.decks)

    def resolve() -> None:
        if on_chance is None:
            advance_chance(state, chance)
            return
        while state.is_chance_node():
            state.apply_action(chance.choose(state))
            on_chance(state)

    for index, text in enumerate(record.actions):
        resolve()
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
            if on_chance is None:
                advance_chance(state, chance)
            after_action(state, index, seat, action)
    resolve()
    _check_outcome(record, state, chance, check_complete)
    return state


_BOTS: list[tuple[Callable[[str], list[str]], Callable[[str, str], object]]] = []
"""The players a record may name besides ``human``: ``(bot_names, bot_spec)`` registered by
:mod:`academie.bots` when it is imported (the bots know the games; the engine core does not
import them)."""


def register_bots(bot_names: Callable[[str], list[str]], bot_spec: Callable[[str, str], object]) -> None:
    """Let records name the bots: ``bot_names(game_id)`` lists a game's bots, ``bot_spec(spec,
    game_id)`` raises an :class:`~academie.core.errors.AcademieError` for a bad spec."""
    _BOTS[:] = [(bot_names, bot_spec)]


def _check_kinds(record: GameRecord, game: Game) -> None:
    """Every player is ``human`` or a bot of ``game`` (a name, or a bot spec with parameters)."""
    if not _BOTS:
        load_plugins("academie.bots")  # (they register themselves)
    if not _BOTS:
        raise RecordError("no bots are known to check the players: import academie.bots first")
    bot_names, bot_spec = _BOTS[0]
    kinds = ["human", *bot_names(game.info.id)]
    for seat, player in enumerate(record.players):
        if player.kind in kinds:
            continue
        if player.kind.split(":")[0].strip() in kinds[1:]:
            try:
                bot_spec(player.kind, game.info.id)
                continue
            except AcademieError as exc:
                raise RecordError(f"players[{seat}] is of kind {_clip(player.kind)}: {exc}") from None
        raise RecordError(
            f"players[{seat}] is of kind {_clip(player.kind)}: a player is one of {', '.join(kinds)}"
        )


def _check_outcome(record: GameRecord, state: State, chance: ChanceSource, check_complete: bool = True) -> None:
    """The record's ``complete`` flag (when ``check_complete``), ``result`` and stacked decks
    agree with the replay."""
    over = state.is_terminal()
    n = len(record.actions)
    if check_complete and record.complete and not over:
        raise RecordError(f"record says the match is complete, but it is not over after its {n} actions")
    if check_complete and over and not record.complete:
        raise RecordError(f"record says the match is not complete, but it is over after its {n} actions")
    if record.result is not None:
        if not over:
            raise RecordError(f"record gives a result, but the match is not over after its {n} actions")
        returns = record.result["returns"]
        if returns != state.returns():
            raise RecordError(
                f"record's result (returns {_clip(returns, 120)}) differs from the replay (returns {state.returns()})"
            )
        if "statistics" in record.result:
            replayed = json.loads(json.dumps(state.statistics()))
            recorded = record.result["statistics"]
            if recorded != replayed:
                key = next(
                    (k for k in sorted(set(recorded) | set(replayed)) if recorded.get(k) != replayed.get(k)), ""
                )
                raise RecordError(
                    f"record's result.statistics differ from the replay: {_clip(key)} is"
                    f" {_clip(recorded.get(key))} in the record, {_clip(replayed.get(key))} in the replay"
                )
    if over and isinstance(chance, StackedChance) and record.decks:
        unused = [k for k in range(len(record.decks)) if k not in chance.deals]
        if unused:
            raise RecordError(
                f"record stacks a deck for deal {unused[0] + 1}, which the match never reached"
                f" ({len(chance.deals)} deal{'s' if len(chance.deals) != 1 else ''} dealt)"
            )
    if isinstance(chance, StackedChance) and record.decks:
        current = max(chance.deals, default=-1)
        for k, deck in enumerate(record.decks):
            used, room = chance.positions[k] if k < len(chance.positions) else 0, chance.room.get(k, 0)
            if k in chance.deals and (k < current or over) and len(deck) > max(used, room):
                raise RecordError(
                    f"stacked deck for deal {k + 1} holds {len(deck)} outcomes but the deal used {used}"
                    + (f" and a whole pack has {room}" if room else "")
                    + f": {_clip(deck[max(used, room)])} at position {max(used, room) + 1} is never dealt"
                )
