"""Tables in play: each a state rebuilt from its record, its bots, its narration, its watchers.

A :class:`LiveTable` holds one match. :meth:`LiveTable.act` is the one way an action gets in
(a person's, through HTTP or the WebSocket, or a bot's): the seat must be the one to act, the
action legal (read with the game's notation, which names the legal actions when it refuses);
then the action is committed to the database, and only then applied, narrated and announced.
A refused action changes nothing. A table is rebuilt (when first asked for, by
:class:`academie.web.hub.Hub`) by replaying its record (game, options, seed, actions), narration
included; :meth:`LiveTable.catch_up` applies the actions another process stored since (as its
``NOTIFY`` told them, or read from the database).

Watchers (:class:`Watcher`) are the open WebSockets: each gets, after every action, the table
as its seat sees it (``seat`` None: the public view) and the narration lines it has not had.
The table is drawn once per seat and update, whatever the number of watchers (every onlooker
gets the same message); a watcher whose queue is full (:data:`QUEUE_LIMIT`: a client that does
not read) is dropped, and its page reconnects.

Bots think in the server's :class:`~academie.web.thinking.BotPool` (processes of their own, a
time cap), never on the event loop; actions are committed in the database's own threads (a
group commit, :class:`~academie.web.store.Committer`), retried while the database is
unreachable: a person's move then gets :data:`RECONNECTING` (status 503, nothing changed: it
can be sent again), and a bot plays its move once the database is back.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import hmac
import io
import json
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, Group
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from academie.bots import bot_spec, make_bot
from academie.presentation.narration import Narrator
from academie.presentation.render import RENDERERS
from academie.core.chance import ChanceSource, SeededChance
from academie.core.errors import AcademieError, IllegalActionError
from academie.core.game import Game
from academie.core.record import GameRecord, PlayerRecord, readable_name, replay
from academie.core.runner import advance_chance
from academie.core.state import State
from academie.games import GAMES
from academie.web.edition import narration_sources
from academie.web import room
from academie.web.store import DuplicateAction, Heard, Store, StoreUnavailable, TableRow, retry, write, write_pool


try:
    import orjson
except ImportError:  # the web extra brings it; the standard library's encoder does the same, slower
    orjson = None


def encode_message(message: dict[str, Any]) -> str:
    """A socket message as JSON text: compact, non-ASCII characters as they are (what
    Starlette's ``send_json`` writes), encoded by orjson when installed (several times faster
    than :func:`json.dumps` on a table's update). Raises :class:`TypeError` for a value JSON
    cannot hold."""
    if orjson is not None:
        try:
            return orjson.dumps(message).decode()
        except orjson.JSONEncodeError:  # an integer beyond 64 bits, a key not a string: as json writes it
            pass
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)

from academie.web.thinking import BotPool, move_seed, shared_pool

log = logging.getLogger("academie.web")

RECONNECTING = "The table is reconnecting to its database; send your move again in a moment."
"""What people see while the database cannot be reached (the database's own error is only logged)."""

PERSON_PATIENCE = 2.0
"""How long a person's move waits for an unreachable database before it is refused (503), in seconds."""

QUEUE_LIMIT = 32
"""The most messages waiting for one socket: a client this far behind is dropped (it reconnects)."""


class ActionRefused(AcademieError):
    """An action the table refuses: ``status`` is the HTTP status (403 not your seat, 409 not your
    turn or stale, 422 illegal or malformed); ``code`` a word for programs (``"stale"``: sent for
    a move that is past, so a page that sent it twice may say nothing), else None; the table is
    unchanged."""

    def __init__(self, message: str, status: int = 422, code: str | None = None) -> None:
        super().__init__(message)
        self.status, self.code = status, code


def bot_seed(secret: int, seat: int) -> int:
    """The seed of the bot at ``seat`` (0-based) of a table whose secret seed is ``secret``
    (``0 <= secret < 2**63``): HMAC-SHA256 keyed with the secret, so that a bot's moves, however
    many are watched, tell nothing of the table's seed nor of another seat's bot. An int in
    ``[0, 2**63)``; the same for the same secret and seat (a restart replays the same bots)."""
    digest = hmac.new(secret.to_bytes(8, "big"), f"academie bot seat {seat}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seat_kind(spec: str, game_id: str) -> str:
    """A seat's kind as stored and recorded: ``human``, or the canonical text of a bot spec
    (:func:`academie.bots.bot_spec`: ``'ismcts:iterations=200'``). Raises
    :class:`~academie.core.errors.UnknownBotError` naming the bots or the bot's parameters."""
    spec = spec.strip()
    return "human" if spec == "human" else bot_spec(spec, game_id)


def _one_line(renderable: Any, width: int) -> str | None:
    """The text rich writes for ``renderable`` on a console of ``width`` columns with no colours
    and no terminal, when it is a line that needs no layout: a :class:`~rich.text.Text` of one
    printable line that fits (its styles write nothing there), or such a line indented by a
    :class:`~rich.padding.Padding` with only a left margin (a ledger line, see
    :func:`academie.presentation.narration.hanging`). None for anything else."""
    indent, padded = 0, type(renderable) is Padding
    if padded:
        if renderable.top or renderable.right or renderable.bottom or renderable.expand:
            return None
        indent, renderable = renderable.left, renderable.renderable
    if type(renderable) is not Text or renderable.justify is not None or renderable.end != "\n":
        return None
    plain = renderable.plain
    if not plain.isprintable() or (padded and not plain) or cell_len(plain) + indent > width:
        return None
    return " " * indent + plain + "\n"


def _cell_text(cell: Any) -> str | None:
    """The one line a table's cell or a panel's line writes with no colours: a string with no
    markup (rich reads ``[`` as markup) or a :class:`~rich.text.Text` that keeps the table's
    justification; None for anything else (a renderable of its own, a second line, a tab)."""
    if type(cell) is str:
        plain = cell
        if "[" in plain:
            return None
    elif type(cell) is Text and cell.justify is None and cell.end == "\n":
        plain = cell.plain
    else:
        return None
    return plain if plain.isprintable() else None


def _table_lines(table: Any, room: int) -> list[str] | None:
    """The lines rich draws for ``table`` (a :class:`~rich.table.Table` with rich's defaults: a
    heavy head box, its header, one line per row, columns justified left or right) when it fits in
    ``room`` columns as measured, without any cell wrapped; None for any other table."""
    if type(table) is not Table or table.box is not box.HEAVY_HEAD or not table.show_header or table.show_footer \
            or not table.show_edge or table.show_lines or table.leading or table.expand or table.width is not None \
            or table.min_width is not None or table.title is not None or table.caption is not None \
            or table.padding != (0, 1, 0, 1) or table.collapse_padding or not table.pad_edge or not table.columns \
            or any(row.end_section for row in table.rows):
        return None
    columns: list[list[str]] = []
    for column in table.columns:
        if column.justify not in ("left", "right") or column.width is not None or column.min_width is not None \
                or column.max_width is not None or column.ratio is not None:
            return None
        cells = [_cell_text(column.header), *(_cell_text(c) for c in column._cells)]
        if any(c is None for c in cells) or len(cells) != table.row_count + 1:
            return None
        columns.append(cells)  # type: ignore[arg-type]
    widths = [max(cell_len(c) for c in cells) for cells in columns]
    if sum(widths) + 3 * len(widths) + 1 > room:  # each cell's padding and the rules between them
        return None

    def row(k: int, edge: str) -> str:
        parts = []
        for column, cells, w in zip(table.columns, columns, widths):
            fill = " " * (w - cell_len(cells[k]))
            parts.append(" " + (fill + cells[k] if column.justify == "right" else cells[k] + fill) + " ")
        return edge + edge.join(parts) + edge

    heavy = ["━" * (w + 2) for w in widths]
    lines = ["┏" + "┳".join(heavy) + "┓", row(0, "┃"), "┡" + "╇".join(heavy) + "┩"]
    lines += [row(k, "│") for k in range(1, table.row_count + 1)]
    lines.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
    return lines


def _panel_text(renderable: Any, width: int) -> str | None:
    """The text rich writes for a result's :class:`~rich.panel.Panel` (the end of a deal, of a
    match) on a console of ``width`` columns with no colours: rounded, not expanded, a plain title
    centred in its top rule, holding a :class:`~rich.console.Group` of one-line texts and tables
    (:func:`_table_lines`) that all fit, each line padded to the widest; None for anything else
    (rich draws it then)."""
    if type(renderable) is not Panel or renderable.box is not box.ROUNDED or renderable.expand \
            or renderable.width is not None or renderable.height is not None or renderable.subtitle \
            or Padding.unpack(renderable.padding) != (0, 1, 0, 1) or renderable.title_align != "center":
        return None
    title = renderable.title
    if title is not None and (type(title) is not str or "[" in title or ":" in title or not title.isprintable()):
        return None
    group = renderable.renderable
    parts = group.renderables if type(group) is Group else [group]
    room = width - 4  # the panel's edges and padding
    blocks: list[list[str]] = []
    for part in parts:
        if type(part) is Table:
            lines = _table_lines(part, room)
        else:
            line = _cell_text(part)
            if type(part) is Text and (part.overflow is not None or part.no_wrap):
                line = None
            lines = None if line is None else [line]
        if lines is None:
            return None
        blocks.append(lines)
    body = [line for lines in blocks for line in lines]
    inner = max((cell_len(line) for line in body), default=0)
    if inner > room:
        return None
    inner += 2
    if title:
        if cell_len(title) + 4 > width - 2:
            return None
        inner = max(inner, cell_len(title) + 4)
    if title:
        said = f" {title} "
        excess = inner - 2 - cell_len(said)
        top = "╭─" + "─" * (excess // 2) + said + "─" * (excess - excess // 2) + "─╮"
    else:
        top = "╭" + "─" * inner + "╮"
    out = [top]
    out += ["│ " + line + " " * (inner - 2 - cell_len(line)) + " │" for line in body]
    out.append("╰" + "─" * inner + "╯")
    return "\n".join(out) + "\n"


class _TextConsole(Console):
    """A rich console on a text buffer, with no colours, that writes a line needing no layout
    (:func:`_one_line`), a wrapped ledger line (:meth:`_hanging`) or a result's panel
    (:func:`_panel_text`) itself: the same text as rich's, for a fraction of rich's time (most
    of the narration is such). Anything else is rich's to draw."""

    fast = True
    """Whether the lines above are written here (False: every renderable drawn by rich)."""

    def print(self, *objects: Any, **kwargs: Any) -> None:  # noqa: A003 (rich's name)
        if self.fast and len(objects) == 1 and not kwargs and not self._buffer_index:
            line = _one_line(objects[0], self.width) or self._hanging(objects[0]) \
                or _panel_text(objects[0], self.width)
            if line is not None:
                self.file.write(line)
                return
        super().print(*objects, **kwargs)

    def _hanging(self, renderable: Any) -> str | None:
        """A one-paragraph :class:`~rich.text.Text` too long for the width, under a left margin
        (:func:`academie.presentation.narration.hanging`): wrapped by rich, each line padded to
        the width and indented, as :class:`~rich.padding.Padding` draws it; None for anything else."""
        if type(renderable) is not Padding or renderable.top or renderable.right or renderable.bottom \
                or renderable.expand or not renderable.left:
            return None
        indent, text = renderable.left, renderable.renderable
        if type(text) is not Text or text.justify is not None or text.overflow is not None or text.no_wrap \
                or text.end != "\n" or not text.plain.isprintable() or cell_len(text.plain) + indent <= self.width \
                or self.width - indent < 1:
            return None
        width = self.width - indent
        lines = text.wrap(self, width, justify="default", overflow="fold", tab_size=8, no_wrap=False)
        margin = " " * indent
        return "".join(margin + line.plain + " " * (width - line.cell_len) + "\n" for line in lines)


class TextNarrator:
    """The terminal's :class:`~academie.presentation.narration.Narrator`, told to a text buffer: the very
    same lines (headers, moves, payments with their rules, results), for every onlooker."""

    def __init__(self) -> None:
        self.buffer = io.StringIO()
        # A fixed height as well as a fixed width: rich asks the terminal for no size then (no
        # renderable of the narration depends on the height).
        self.console = _TextConsole(file=self.buffer, width=88, height=25, color_system=None, force_terminal=False,
                                    highlight=False, emoji=False, legacy_windows=False)
        self.lines: list[str] = []
        self.narrator: Narrator | None = None
        self.failed: str | None = None

    def tell(self, step: Callable[[], Any]) -> None:
        """Run one narration step; a renderer's failure stops the narration (said once, in the
        log and in :attr:`failed`), never the match."""
        if self.failed is not None:
            return
        try:
            step()
        except Exception as exc:  # a drawing bug must not stop a table
            self.failed = f"the narration stopped: {type(exc).__name__}: {exc}"
            self.console.print(f"({self.failed}; the match goes on)")

    def attach(self, state: State, game: Game, names: Sequence[str]) -> Narrator:
        if self.narrator is None:
            self.narrator = Narrator(state, RENDERERS_FOR(game), names, self.console)
        self.narrator.state = state
        return self.narrator

    def tell_moved(self, state: State, game: Game, names: Sequence[str], seat: int, text: str, before: Any) -> None:
        """A move replayed, told as when it was played: ``text`` its notation, ``before`` the
        narrator's view before it."""
        n = self.attach(state, game, names)
        self.tell(lambda: n.moved(seat, text, before))

    def tell_chance(self, state: State, game: Game, names: Sequence[str]) -> None:
        """A chance outcome replayed (a card dealt), told as when it was drawn."""
        self.tell(self.attach(state, game, names).chanced)

    def flush(self) -> list[str]:
        """The lines told since the last flush (also kept in :attr:`lines`)."""
        text = self.buffer.getvalue()
        self.buffer.seek(0)
        self.buffer.truncate()
        if not text:
            return []
        chunk = [text.rstrip("\n")]
        self.lines.extend(chunk)
        return chunk


def RENDERERS_FOR(game: Game) -> Any:  # noqa: N802
    """The game's renderer module (narration): its own, or the generic one."""
    render = RENDERERS.get(game.info.id)
    if render is None:
        from academie.web import generic_render
        render = generic_render
    return render



@dataclass(eq=False)
class Watcher:
    """An open socket: its seat (None: an onlooker), its queue of messages (JSON texts, at most
    :data:`QUEUE_LIMIT`), the narration sent; ``dropped`` is set when the queue overflowed."""

    seat: int | None
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    lang: str = "en"
    log_sent: int = 0
    version_sent: int = -1
    dropped: asyncio.Event = field(default_factory=asyncio.Event)

    def offer(self, message: dict[str, Any] | str) -> bool:
        """Queue ``message`` (a dict, or its JSON text); False, and :attr:`dropped` set, when the
        queue is full: the client is too far behind."""
        try:
            self.queue.put_nowait(message if isinstance(message, str) else encode_message(message))
        except asyncio.QueueFull:
            self.dropped.set()
            return False
        return True


def _copy_chance(chance: ChanceSource) -> ChanceSource:
    """An independent copy of a chance source (its generator's state copied, not deep-copied)."""
    other = copy.copy(chance)
    rng = getattr(chance, "rng", None)
    if isinstance(rng, random.Random):
        other.rng = random.Random(0)  # a fixed seed: cheaper than the system's entropy, replaced at once
        other.rng.setstate(rng.getstate())
    else:
        other = copy.deepcopy(chance)
    return other


class _TrialChance:
    """The table's chance source as the trial of an action draws from it: an independent copy
    (:func:`_copy_chance`), made at the first draw only (most actions draw nothing)."""

    def __init__(self, source: ChanceSource) -> None:
        self.source = source
        self.copy: ChanceSource | None = None

    def choose(self, state: State) -> int:
        if self.copy is None:
            self.copy = _copy_chance(self.source)
        return self.copy.choose(state)


class LiveTable:
    """One match in play (see the module's docstring)."""

    def __init__(self, row: TableRow, store: Store, bot_delay: float, thinker: BotPool | None = None) -> None:
        self.row, self.store, self.bot_delay = row, store, bot_delay
        self.thinker = thinker
        self.id = row.id
        self.game = GAMES[row.game]
        self.names = [s.name for s in row.seats]
        self.record = GameRecord(
            game=row.game, game_version=row.game_version, num_players=row.num_players, options=row.options,
            # the names were checked when the table was made: a stricter rule since then (names
            # that look alike, invisible characters) must not keep a stored table from loading
            players=[PlayerRecord.model_construct(name=s.name, kind=s.kind) for s in row.seats],
            seed=row.seed, seed_chosen=bool(row.chosen_seed), actions=list(row.actions),
        )
        self.tokens = {s.token: s.seat for s in row.seats}
        self.kinds = [s.kind for s in row.seats]
        self.bots = {s.seat: make_bot(s.kind, row.game, bot_seed(row.seed, s.seat))
                     for s in row.seats if s.kind != "human"}
        self.teller = TextNarrator()
        self.chance: ChanceSource = SeededChance(row.seed)
        self.drawn: dict[int | None, dict[str, Any]] = {}  # by seat: what snapshot drew of this move
        self.drawn_at: tuple[int, int] | None = None  # the state (its id) and the move it was drawn at
        self.state = self._rebuild()
        self.lock = asyncio.Lock()
        self.watchers: set[Watcher] = set()
        self.bot_task: asyncio.Task | None = None
        self.updated = time.time()
        self.error: str | None = None
        self.may_run_bots: Callable[[LiveTable], bool] = lambda table: True
        """Whether this process may run the table's bots now (the hub's lease); set by the hub."""
        self.shared = False
        """Whether other processes write this table too: then each person's action first
        catches up (:meth:`catch_up`): with what their ``NOTIFY`` told (:meth:`hear`), reading
        the database only when that may not be all."""
        self.listening: Callable[[], bool] = lambda: False
        """Whether this process hears every action other processes commit (the hub's listener is
        connected); set by the hub. While it is not, each person's action reads the database first."""
        self.heard: dict[int, str] = {}
        """Actions other processes committed, by index, as their ``NOTIFY`` told, not applied yet."""
        self.behind = True
        """Whether this copy may lack an action no ``NOTIFY`` told of (it was read before the
        listener heard every action): the next catching-up reads the database."""

    # --- building --------------------------------------------------------------------------
    def _rebuild(self) -> State:
        """Replay the record, telling it as it was told."""
        told: dict[str, Any] = {}
        teller, game, names = self.teller, self.game, self.names

        def on_action(state: State, index: int, seat: int, action: int) -> None:
            n = teller.attach(state, game, names)
            teller.tell(n.before_decision)
            teller.flush()  # one entry per action, as when it was played
            told["move"] = (state.action_to_string(action), n.view())

        def after_action(state: State, index: int, seat: int, action: int) -> None:
            teller.tell_moved(state, game, names, seat, *told.pop("move"))

        def on_chance(state: State) -> None:
            teller.tell_chance(state, game, names)

        record = self.record.model_copy(update={"complete": self.row.complete, "result": None})
        # a match its first deal's cards end (Trente et un: a hand of 31 dealt, one life each) is
        # over before any action, and so was stored unfinished
        state = replay(record, self.game, on_action, after_action, on_chance=on_chance, chance=self.chance,
                       check_complete=bool(self.row.actions) or self.row.complete)
        if state.is_terminal() and not self.row.actions:
            self.row.complete = True
        self._settle(state)
        return state

    def _settle(self, state: State) -> None:
        """After an action and its chance outcomes: open the next deal, or close the match."""
        n = self.teller.attach(state, self.game, self.names)
        if state.is_terminal():
            self.teller.tell(n.finish)
            self.record.complete = True
            self.record.result = {"returns": state.returns(), "statistics": state.statistics()}
        else:
            self.teller.tell(n.before_decision)
        self.teller.flush()

    # --- what people and bots do -----------------------------------------------------------
    @property
    def turn(self) -> int | None:
        """The seat to act (None once the match is over), as stored with each action."""
        to_act = self.state.current_player()
        return to_act if 0 <= to_act < len(self.names) else None

    @property
    def version(self) -> int:
        """How many actions have been played (and committed)."""
        return len(self.record.actions)

    def seat_of(self, token: str) -> int:
        """The seat whose token is ``token``; raises :class:`ActionRefused` (403) otherwise."""
        seat = self.tokens.get(token)
        if seat is None:
            raise ActionRefused("this token is no seat's at this table", 403)
        return seat

    def check(self, seat: int, text: Any, expect: Any = None) -> int:
        """The action ``text`` read for ``seat`` at move ``expect`` (required: the version it was chosen
        at), or :class:`ActionRefused` saying why not (422 malformed, 409 stale, future or out of turn)."""
        state = self.state
        if not isinstance(text, str) or not text.strip() or len(text) > 40:
            raise ActionRefused("an action is a non-empty string of at most 40 characters, in the game's notation"
                                + (f"; legal: {', '.join(state.legal_action_strings())}"
                                   if state.current_player() == seat else ""), 422)
        if expect is None:
            raise ActionRefused(f"malformed message: field 'version' is required: the move number the action was "
                                f"chosen at (the table is at move {self.version})", 422)
        if type(expect) is not int:
            raise ActionRefused(f"malformed message: field 'version' must be a whole move number, not {expect!r}", 422)
        if expect > self.version:
            raise ActionRefused(f"move {expect} has not happened yet; the table is at move {self.version}", 409)
        if expect != self.version:
            raise ActionRefused(f"stale action: it was sent for move {expect}, the table is at move {self.version}", 409, code="stale")
        if state.is_terminal():
            raise ActionRefused("the match is over: no action is legal", 409)
        to_act = state.current_player()
        if seat != to_act:
            raise ActionRefused(f"not your turn: {self.names[to_act]} is to play, not {self.names[seat]}", 409)
        try:
            return state.string_to_action(text.strip())
        except IllegalActionError as exc:
            raise ActionRefused(str(exc), 422) from None

    async def act(self, seat: int, text: Any, expect: Any = None) -> int:
        """Play ``text`` for ``seat``: checked, committed, applied, announced. Returns the new
        version (number of actions). Raises :class:`ActionRefused`, changing nothing: status
        503 with :data:`RECONNECTING` when the database stayed unreachable for
        :data:`PERSON_PATIENCE` seconds (the move can be sent again)."""
        async with self.lock:
            try:
                if self.shared:
                    # a move number this copy has not reached may have been played elsewhere: read
                    await self.catch_up(read=type(expect) is int and expect > self.version)
                return await self._act_locked(seat, text, expect)
            except StoreUnavailable:
                raise ActionRefused(RECONNECTING, 503) from None

    def hear(self, heard: Heard) -> bool:
        """Take note of an action another process committed (its ``NOTIFY``; index -1: some
        action, unnamed); True when this copy lacks it (:meth:`sync` then applies it)."""
        if heard.idx < 0:
            self.behind = True
            return True
        if heard.idx < self.version:
            return False
        self.heard[heard.idx] = heard.text
        return True

    async def catch_up(self, patience: float = PERSON_PATIENCE, read: bool = True) -> int:
        """Apply the actions stored since this copy's version (another process's); called under
        the lock. Each is announced to this process's sockets as it is applied, so that every
        watcher gets every move number once and in order, wherever it was played. The actions a
        ``NOTIFY`` told (:meth:`hear`) are applied as told; the database is read when ``read``,
        when this process may have missed one (not listening, :attr:`behind`, a gap in what
        was heard). Returns how many were applied. Raises :class:`StoreUnavailable` when the
        database stayed unreachable for ``patience`` seconds."""
        applied = self._apply_heard()
        if read or self.behind or self.heard or not self.listening():
            heard_all = self.listening()
            version = self.version
            stored = await write(lambda: self.store.actions_since(self.id, version), patience=patience)
            for notation in stored:
                state = self.state
                if state.is_terminal():
                    break
                self._apply(state.current_player(), state.string_to_action(notation), notation, time.time())
                self.announce()
                applied += 1
            self.behind = not heard_all
            applied += self._apply_heard()
        return applied

    def _apply_heard(self) -> int:
        """Apply the actions heard that follow this copy's version (in order), forget the older
        ones; how many were applied."""
        applied = 0
        while self.heard:
            notation = self.heard.pop(self.version, None)
            if notation is None:
                break
            state = self.state
            if state.is_terminal():  # nothing follows the end (never, but safe)
                self.heard.clear()
                break
            self._apply(state.current_player(), state.string_to_action(notation), notation, time.time())
            self.announce()
            applied += 1
        for idx in [i for i in self.heard if i < self.version]:
            del self.heard[idx]
        return applied

    async def sync(self, patience: float = PERSON_PATIENCE, read: bool = True) -> int:
        """Catch up (each action announced; ``read``: from the database, else from what was
        heard unless :meth:`catch_up` finds it may not be all); if anything came, wake the bots.
        Returns how many actions came; 0 when the database stayed unreachable for ``patience``
        seconds (the copy is shown as it is, the table said to be reconnecting)."""
        async with self.lock:
            try:
                count = await self.catch_up(patience, read=read)
            except StoreUnavailable:
                self._reconnecting(True)
                return 0
            was = self.error
            self._reconnecting(False)
            if self.error != was:
                self.announce()
        if count:
            self.wake_bots()
        return count

    def _reconnecting(self, down: bool) -> None:
        """Say to every watcher that the table is reconnecting (``down``), or no longer."""
        if down and self.error is None:
            self.error = RECONNECTING
            self.announce()
        elif not down and self.error == RECONNECTING:
            self.error = None

    async def _commit(self, notation: str, terminal: bool, turn: int | None, patience: float) -> None:
        """Store the next action, retried for ``patience`` seconds while the database is
        unreachable (:class:`StoreUnavailable` then); ``turn``: the seat to act after it. A commit whose answer was lost (the
        connection dropped after it) is found on the next try: the same action at the same
        index is this one. Raises :class:`DuplicateAction` when another action is stored there."""
        idx, failed = self.version, []
        committer = self.store.committer
        loop = asyncio.get_running_loop()

        async def append() -> None:
            try:
                await committer.append(self.id, idx, notation, terminal, turn)
            except DuplicateAction:
                if failed and await loop.run_in_executor(write_pool(), self.store.action_at, self.id, idx) == notation:
                    return
                raise
            except Exception:
                failed.append(True)
                raise

        try:
            await retry(append, patience=patience)
        except StoreUnavailable:
            self._reconnecting(True)
            raise
        self._reconnecting(False)

    async def _act_locked(self, seat: int, text: Any, expect: Any = None, patience: float = PERSON_PATIENCE) -> int:
        received = time.time()
        action = self.check(seat, text, expect)
        state = self.state
        notation = state.action_to_string(action)
        # Whether the match is over after it (and its chance outcomes) is stored with it, in
        # one transaction: played on copies of the state and of the chance first.
        trial = state.clone()
        trial.apply_action(action)
        advance_chance(trial, _TrialChance(self.chance))
        try:
            to_act = trial.current_player()
            await self._commit(notation, trial.is_terminal(), to_act if 0 <= to_act < len(self.names) else None, patience)
        except DuplicateAction:  # another writer on this database stored move number self.version
            version = self.version
            await self.catch_up()
            raise ActionRefused(f"stale action: move {version} of this table is already stored", 409, code="stale") from None
        self._apply(seat, action, notation, received)
        self.announce()
        self.wake_bots()
        return self.version

    def _apply(self, seat: int, action: int, notation: str, received: float) -> None:
        """Apply a committed action (and its chance outcomes), narrated."""
        state = self.state
        n = self.teller.attach(state, self.game, self.names)
        self.teller.tell(n.before_decision)
        before = n.view()
        state.apply_action(action)
        self.record.actions.append(notation)
        self.teller.tell(lambda: n.moved(seat, notation, before))
        self.teller.tell(lambda: n.resolve(self.chance))
        advance_chance(state, self.chance)  # what a stopped narration left to draw
        self._settle(state)
        self.drawn = {}  # the state has changed: every seat's board is drawn anew
        self.updated = received  # the update's "t": when the action came in (latency figures)

    # --- bots ------------------------------------------------------------------------------
    def wake_bots(self) -> None:
        """Start the bots' loop if a bot is to act and it is not running."""
        if self.state.is_terminal() or self.state.current_player() not in self.bots:
            return
        if not self.may_run_bots(self):
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = asyncio.get_running_loop().create_task(self._bots())

    async def _bots(self) -> None:
        """Play the bots' moves while a bot is to act: each thought in the bots' pool (a quick
        move when it overran its cap or failed), then committed; while the database is
        unreachable the move waits, retried with a growing pause, the table's lock free."""
        thinker = self.thinker or shared_pool()
        chosen: tuple[int, int] | None = None  # (version, action) thought and not yet stored
        pause = 0.2
        while True:
            async with self.lock:
                state = self.state
                seat = state.current_player()
                if state.is_terminal() or seat not in self.bots or not self.may_run_bots(self):
                    return
                version = self.version
                if chosen is None or chosen[0] != version:
                    chosen = None
                    bot = self.bots[seat]
                    view = state.view(seat) if getattr(bot, "uses_view", True) else None
                    legal = state.legal_actions()
            if chosen is None:
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                choice = await thinker.choose(self.kinds[seat], self.row.game, self.row.options, self.row.num_players,
                                              move_seed(self.row.seed, seat, version), view, legal,
                                              turn_of=self.row.client or self.id)
                if choice.note:
                    log.warning("table %s, %s: %s", self.id, self.names[seat], choice.note)
                chosen = (version, choice.action)
            async with self.lock:
                if self.version != version:
                    continue
                try:
                    await self._act_locked(seat, self.state.action_to_string(chosen[1]), version, patience=0.5)
                except StoreUnavailable:
                    pass  # said to the watchers; tried again below, the lock free
                except ActionRefused as exc:
                    if exc.status == 409 and self.version != version:  # another process played it: caught up
                        chosen = None
                        continue
                    log.warning("table %s: bot of %s could not play: %s", self.id, self.names[seat], exc)
                    self.error = f"the bot of {self.names[seat]} could not play: {exc}"
                    self.announce()
                    return
                except Exception:  # not the database's unavailability: logged, tried again
                    log.exception("table %s: the move of %s's bot could not be stored", self.id, self.names[seat])
                else:
                    chosen, pause = None, 0.2
                    continue
            await asyncio.sleep(pause)
            pause = min(pause * 2, 5.0)

    # --- what watchers see -----------------------------------------------------------------
    def away(self, seat: int | None) -> bool:
        """Whether the person to act (not ``seat``, not a bot) has no page open at this table
        now, as far as this process knows: only a table no other process serves (with several
        processes his page may be open on another one: False)."""
        if self.shared or self.state.is_terminal():
            return False
        to_act = self.state.current_player()
        if to_act < 0 or to_act == seat or to_act in self.bots:
            return False
        return not any(w.seat == to_act for w in self.watchers)

    def presence_changed(self, seat: int | None) -> None:
        """A page of ``seat`` opened or closed: when that seat is to act, every other page's line
        of whose turn it is said again (a ``status`` message: no new move number)."""
        if seat is None or self.state.is_terminal() or self.state.current_player() != seat:
            return
        for w in list(self.watchers):
            if w.seat != seat:
                w.offer({"type": "status", "status": self.face(w.seat, w.lang)["status"]})

    def tell_rematch(self, by: str) -> None:
        """Tell every open socket of this table (in this process) that ``by`` has begun its
        rematch: each page offers to join it (a page opened later reads it from the table)."""
        for w in list(self.watchers):
            w.offer({"type": "rematch", "by": by})

    def legal_for(self, seat: int | None) -> list[str]:
        """The legal actions of ``seat`` if it is to act and played by a person, else []."""
        state = self.state
        if seat is None or state.is_terminal() or state.current_player() != seat or seat in self.bots:
            return []
        return state.legal_action_strings()

    async def hints(self, seat: int, lang: str = "en") -> dict[str, Any]:
        """The hints of ``seat``'s move, in ``lang``: ``{"version", "worlds", "title", "moves"}``,
        ``moves`` each legal move of the seat as ``{"action", "label", "value"}`` (its notation,
        its name in the game's terms, its estimated value in words), best first
        (:func:`academie.web.room.hint_words`) — computed in the bots' pool from the seat's view
        only (:meth:`~academie.web.thinking.BotPool.hints`), once a seat and move number.
        Raises :class:`ActionRefused` (409) when it is not the turn of that seat's person, 503
        when no hint could be had this time."""
        async with self.lock:
            state = self.state
            if state.is_terminal():
                raise ActionRefused("the match is over: no action is legal", 409)
            to_act = state.current_player()
            if seat != to_act or seat in self.bots:
                raise ActionRefused(f"not your turn: {self.names[to_act]} is to play, not {self.names[seat]}", 409)
            version, view, legal = self.version, state.view(seat), state.legal_actions()
            notation = {a: state.action_to_string(a) for a in legal}
        kept = getattr(self, "hinted", None)
        if kept is None or kept[0] != version:
            if len(legal) == 1:
                found: list[tuple[int, float, float, int]] | None = [(legal[0], 0.0, 0.0, 0)]
            else:
                thinker = self.thinker or shared_pool()
                found = await thinker.hints(self.row.game, self.row.options, self.row.num_players,
                                            move_seed(self.row.seed, seat, version), view, legal,
                                            turn_of=self.row.client or self.id)
            if found is None:
                raise ActionRefused("no hint this time: the hidden cards could not be dealt in time", 503)
            self.hinted = kept = (version, found)
        found = kept[1]
        return {"version": version, "worlds": max((w for *_, w in found), default=0),
                **room.hint_words(self.game.info.id, view, self.names, seat, list(notation.values()),
                                  [(notation[a], mean, half, worlds) for a, mean, half, worlds in found], lang)}

    def view_of(self, seat: int | None) -> Any:
        return self.state.public_view() if seat is None else self.state.view(seat)

    def status_text(self, seat: int | None) -> str:
        state = self.state
        if state.is_terminal():
            returns = state.returns()
            best = max(returns)
            winners = [self.names[s] for s, r in enumerate(returns) if r == best]
            return "The match is over. " + (" and ".join(winners)) + (" wins." if len(winners) == 1 else " win.")
        to_act = state.current_player()
        if seat == to_act and seat not in self.bots:
            phase = state.public_view().to_json().get("phase")
            return f"Your turn ({phase})." if isinstance(phase, str) and phase else "Your turn."
        who = self.names[to_act]
        return f"{who} to play" + (" (bot)…" if to_act in self.bots else "…")

    def drawing(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` sees of the table now in ``lang`` (``board``, ``actions`` HTML, ``legal``,
        ``status``): drawn once per move, seat and language, kept in :attr:`drawn` until the next
        action changes the state (:meth:`_act_locked` empties it; so does a new state or a new
        move number)."""
        now = (id(self.state), self.version)
        if self.drawn_at != now:  # a state replaced or played on elsewhere: nothing kept holds
            self.drawn, self.drawn_at = {}, now
        away = self.away(seat)
        drawn = self.drawn.get((seat, lang, away))
        if drawn is None:
            legal = self.legal_for(seat)
            state = self.state
            over = state.is_terminal()
            returns = state.returns() if over else []
            to_act = None if over else state.current_player()
            drawn = self.drawn[(seat, lang, away)] = {
                **room.draw(self.game.info.id, self.view_of(seat), self.names, seat, legal, lang, over=over,
                            winners=[s for s, r in enumerate(returns) if r == max(returns)] if over else (),
                            to_act=to_act, bot=to_act in self.bots, options=self.row.options, away=away),
                "legal": legal,
            }
        return drawn

    def face(self, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """The parts of an update that depend on the seat and language only (drawn once per
        update for every watcher of that seat and language): board, actions, legal, status,
        over, result, error."""
        drawn = self.drawing(seat, lang)
        return {
            "board": drawn["board"],
            "actions": drawn["actions"],
            "legal": list(drawn["legal"]),
            "status": drawn["status"],
            "over": self.state.is_terminal(),
            "result": self.teller.lines[-1] if self.state.is_terminal() and self.teller.lines else None,
            "error": self.error or self.teller.failed,
        }

    def snapshot(self, watcher: Watcher | None, seat: int | None, full: bool = False,
                 face: dict[str, Any] | None = None, lang: str | None = None) -> dict[str, Any]:
        """The message for one watcher: the table as its seat sees it in its language (``lang``,
        else the watcher's, else English; ``face``: :meth:`face`'s, when drawn already) and the
        narration it lacks."""
        lang = lang or (watcher.lang if watcher is not None else "en")
        face = self.face(seat, lang) if face is None else face
        start = 0 if full or watcher is None else watcher.log_sent
        log = self.teller.lines[start:]
        if watcher is not None:
            watcher.log_sent = len(self.teller.lines)
            watcher.version_sent = self.version
        return {
            "type": "update",
            "table": self.id,
            "version": self.version,
            "t": self.updated,
            "seat": seat,
            "board": face["board"],
            "actions": face["actions"],
            "legal": face["legal"],
            "status": face["status"],
            "over": face["over"],
            "result": face["result"],
            "log_start": start,
            "log": log,
            "plain": (plain := [room.plain_log(line, lang) for line in log]),  # the log as a page shows it
            # found in the plain lines the page searches (a raw line may wrap inside a « … »)
            "sources": [narration_sources(self.game.info.id, line) for line in plain],
            "error": face["error"],
            "chosen_seed": self.row.chosen_seed,
        }

    def announce(self) -> None:
        """Queue every watcher's update (called under the lock, after each action): the table
        drawn once per seat, one message text for the watchers of a seat that had the same
        narration (every onlooker, as a rule); a watcher whose queue is full is dropped."""
        faces: dict[tuple[int | None, str], dict[str, Any]] = {}
        texts: dict[tuple[int | None, str, int], str] = {}
        for w in list(self.watchers):
            key = (w.seat, w.lang, w.log_sent)
            text = texts.get(key)
            if text is None:
                if (w.seat, w.lang) not in faces:
                    faces[w.seat, w.lang] = self.face(w.seat, w.lang)
                text = texts[key] = encode_message(self.snapshot(w, w.seat, face=faces[w.seat, w.lang]))
            else:
                w.log_sent, w.version_sent = len(self.teller.lines), self.version
            if not w.offer(text):
                self.watchers.discard(w)

    def game_record(self) -> GameRecord:
        """The game record (complete with its result once the match is over), one that
        :func:`~academie.core.record.replay` reads: a name stored before a stricter rule
        written in its readable form (:func:`~academie.core.record.readable_name`), else as
        ``Seat N``."""
        record = self.record.model_copy(deep=True)
        for seat, player in enumerate(record.players):
            player.name = readable_name(player.name, f"Seat {seat}")
        return record
