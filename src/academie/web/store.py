"""Storage of the web tables: SQLAlchemy 2 over SQLite (default) or PostgreSQL.

Four tables (schema made by the Alembic migrations in ``migrations/``):

* ``tables``: one row per table — its id (in the spectator link), the creator's key, the game,
  its version, the number of players, the options (JSON), the seed that decides every card;
  its last activity (``updated``), the address that made it (``client``, for the limits per
  client), its number of bot seats, the seat to act (``turn``, None once over or not yet
  known), and ``abandoned`` (never a move for the idle time: hidden from the lobby);
  The seed is drawn by the server from :mod:`secrets`; ``chosen_seed`` is true when a program
  gave it (a teaching or study table, marked as such on its pages, never a fair match);
* ``seats``: one row per seat — its name, its kind (``human`` or a bot spec such as
  ``heuristic`` or ``ismcts:iterations=200``) and its secret token (the invitation link);
* ``actions``: every player action accepted, in order, in string notation (the game record's
  ``actions``). The primary key ``(table_id, idx)`` makes a second action at the same index
  impossible: nothing is ever played twice.
* ``leases``: which server process runs a table's bots (``owner``) until when (``expires_at``,
  UTC), renewed by that process's heartbeat; an expired lease is taken over by another.

A table is rebuilt after a restart by replaying its record (game, options, seed, actions).
Each action is committed before it is acknowledged: the server's go through a group commit
(:class:`Committer`: the actions of every table waiting at once in one transaction).
"""

from __future__ import annotations

import threading
import asyncio
import datetime as dt
import functools
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger, Boolean, Column, bindparam, DateTime, ForeignKey, Integer, MetaData, String, Table, Text, and_, false,
    create_engine, delete, event, exists, func, insert, or_, select, text, update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, DisconnectionError, IntegrityError, InterfaceError, OperationalError

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("admin_key", String(64), nullable=False, unique=True),
    Column("game", String(60), nullable=False),
    Column("game_version", Integer, nullable=False),
    Column("num_players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("complete", Boolean, nullable=False, default=False),
    Column("created", DateTime, nullable=False),
    Column("updated", DateTime, nullable=True),
    Column("client", String(64), nullable=True),
    Column("bots", Integer, nullable=False, default=0),
    Column("turn", Integer, nullable=True),
    Column("abandoned", Boolean, nullable=False, default=False),
    Column("chosen_seed", Boolean, nullable=False, default=False, server_default=false()),
    Column("rematch", String(32), nullable=True),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(60), nullable=False),
    Column("kind", String(200), nullable=False),
    Column("token", String(64), nullable=False, unique=True),
)

actions = Table(
    "actions", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("text", String(40), nullable=False),
    Column("at", DateTime, nullable=False),
)

leases = Table(
    "leases", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("owner", String(100), nullable=False),
    Column("expires_at", DateTime, nullable=False),
)

NOTIFY_CHANNEL = "academie_actions"
"""The PostgreSQL channel each committed action is told on, with its notation: payload
``"TABLE_ID IDX WRITER TEXT"`` (see :func:`read_notification`; a server that reads only the
table id, as older ones did, still finds it first). A listening process applies it without
reading the database."""

_NOTIFY = text("SELECT pg_notify(:channel, p) FROM unnest(CAST(:payloads AS text[])) AS p")
"""Every payload of a batch told in one statement."""

MIGRATION_LOCK = 0x61636164
"""The key of the PostgreSQL advisory lock migrations are run under (one process at a time)."""

DEFAULT_DATABASE = "sqlite:///academie-web.sqlite3"
"""The database ``academie serve`` uses when none is given: a SQLite file in the current folder."""


class DuplicateAction(Exception):
    """An action was already stored at this index (a retry, or two writers): nothing stored."""


class StoreUnavailable(Exception):
    """The database could not be reached (its server down or restarting) for as long as a write
    could wait: nothing was stored. The database's own error is its ``__cause__`` (for the log)."""


def transient(exc: BaseException) -> bool:
    """Whether ``exc`` says the database cannot be reached now (a refused or dropped connection,
    a server shutting down, a busy SQLite file), so that the same write may succeed later."""
    if isinstance(exc, IntegrityError):
        return False
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    return isinstance(exc, (OperationalError, InterfaceError, DisconnectionError))


WRITE_THREADS = 4
"""The threads of the database writes (:func:`write`): shared by every table of a process, and by
nothing else (the bots think in processes of their own)."""

_writes: ThreadPoolExecutor | None = None
T = TypeVar("T")


def write_pool() -> ThreadPoolExecutor:
    """The threads in which the database writes of this process run (made on first use)."""
    global _writes
    if _writes is None:
        _writes = ThreadPoolExecutor(WRITE_THREADS, thread_name_prefix="academie-db")
    return _writes


async def retry(attempt: Callable[[], Awaitable[T]], patience: float) -> T:
    """Await ``attempt()`` (a database write), tried again with a growing pause (50 ms doubling up
    to 1 s) while the database cannot be reached (:func:`transient`), for at most ``patience``
    seconds. Returns what it returns; raises :class:`StoreUnavailable` when the database stayed
    unreachable, or what ``attempt`` raised otherwise."""
    started = time.monotonic()
    try:  # the first try without the retrying machinery (tenacity costs a tenth of a move's CPU)
        return await attempt()
    except Exception as exc:
        if not transient(exc):
            raise
        first = exc
    import tenacity

    log = logging.getLogger("academie.web")
    left = patience - (time.monotonic() - started) - 0.05
    if left <= 0:
        log.warning("database unreachable: %s", str(first).splitlines()[0])
        raise StoreUnavailable("the database cannot be reached") from first
    log.debug("database write failed (%s), trying again", type(first).__name__)
    await asyncio.sleep(0.05)
    retrying = tenacity.AsyncRetrying(
        retry=tenacity.retry_if_exception(transient), stop=tenacity.stop_after_delay(left),
        wait=tenacity.wait_exponential(multiplier=0.05, max=1.0), reraise=True,
        before_sleep=lambda state: logging.getLogger("academie.web").debug(
            "database write failed (%s), trying again", type(state.outcome.exception()).__name__))
    try:
        async for trying in retrying:
            with trying:
                return await attempt()
    except Exception as exc:
        if transient(exc):
            logging.getLogger("academie.web").warning("database unreachable: %s", str(exc).splitlines()[0])
            raise StoreUnavailable("the database cannot be reached") from exc
        raise
    raise AssertionError("unreachable")  # pragma: no cover (tenacity returns or raises)


async def write(fn: Callable[[], T], patience: float) -> T:
    """Run ``fn`` (a database write) in :func:`write_pool`, tried again as :func:`retry` says.
    Returns what ``fn`` returns; raises :class:`StoreUnavailable` when the database stayed
    unreachable, or what ``fn`` raised otherwise."""
    loop = asyncio.get_running_loop()
    return await retry(lambda: loop.run_in_executor(write_pool(), functools.partial(fn)), patience)


@dataclass(frozen=True)
class Heard:
    """An action another process committed, as its ``NOTIFY`` tells it: table, index, notation."""

    table_id: str
    idx: int
    text: str


def read_notification(payload: str, writer: str) -> list[Heard]:
    """The action a ``NOTIFY`` payload of :data:`NOTIFY_CHANNEL` tells (``"TABLE_ID IDX WRITER
    TEXT"``, see :meth:`Store.append_actions`): ``[]`` for this process's own (``writer``:
    :attr:`Store.writer`) or an empty payload; for a payload in another shape (an older
    server's ``"TABLE_ID IDX"``), ``[Heard(TABLE_ID, -1, "")]``: some action of that table,
    to be read from the database."""
    parts = payload.split(" ", 3)
    if len(parts) == 4 and parts[1].isdigit():
        return [] if parts[2] == writer else [Heard(parts[0], int(parts[1]), parts[3])]
    return [Heard(parts[0], -1, "")] if parts[0] else []


class Committer:
    """Group commit: the actions the tables of this process want stored, committed by one task
    at a time, each batch (whatever came while the previous one was being committed) in one
    transaction (:meth:`Store.append_actions`), so that a crowd of tables shares the commits
    (and on SQLite nobody waits for the file's lock). :meth:`append` returns only once its own
    action is committed; no action waits for a timer."""

    def __init__(self, store: "Store") -> None:
        self.store = store
        self.waiting: list[tuple[tuple, asyncio.Future]] = []
        self.running = False
        self.batches = self.committed = 0
        """How many transactions :meth:`append` made, and how many actions they stored."""

    async def append(self, table_id: str, idx: int, text: str, complete: bool = False, turn: int | None = None) -> None:
        """Commit action ``idx`` of ``table_id`` (as :meth:`Store.append_action`) with whatever other
        actions wait; returns once it is committed. Raises what storing it raised:
        :class:`DuplicateAction`, or the database's error (every action of a batch that failed
        so gets it; :func:`retry` tries again)."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self.waiting.append(((table_id, idx, text, complete, turn), done))
        if not self.running:
            self.running = True
            loop.create_task(self._drain())
        await done

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                try:
                    results = await loop.run_in_executor(write_pool(), self.store.append_actions, [a for a, _ in batch])
                except Exception as exc:  # the whole batch failed (the database unreachable)
                    for _, done in batch:
                        if not done.done():
                            done.set_exception(exc)
                    continue
                except BaseException:  # cancelled: the loop is stopping, nobody waits any more
                    for _, done in [*batch, *self.waiting]:
                        done.cancel()
                    self.waiting = []
                    raise
                self.batches += 1
                self.committed += sum(r is None for r in results)
                for (_, done), result in zip(batch, results):
                    if done.done():
                        continue
                    if result is None:
                        done.set_result(None)
                    else:
                        done.set_exception(result)
        finally:
            self.running = False


@dataclass
class SeatRow:
    """One seat as stored."""

    seat: int
    name: str
    kind: str
    token: str


@dataclass
class TableRow:
    """One table as stored, with its seats and its actions in order."""

    id: str
    admin_key: str
    game: str
    game_version: int
    num_players: int
    options: dict[str, Any]
    seed: int
    complete: bool
    created: dt.datetime
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    turn: int | None = None
    chosen_seed: bool = False
    """True when the seed was given by whoever made the table (not drawn by the server)."""
    rematch: str | None = None
    """The id of the table this one's rematch is played at, once a seat has asked for it."""
    client: str | None = None
    """The address that made the table (its bots' turns in the pool are shared out by it)."""


@dataclass
class LobbyRow:
    """One line of the lobby: a table's id, game id, seat names, number of actions, last activity."""

    id: str
    game: str
    names: list[str]
    version: int
    updated: dt.datetime | None
    chosen_seed: bool = False


def utcnow() -> dt.datetime:
    """Now, in UTC, without a time zone (as the columns store it)."""
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get a busy timeout and write-ahead logging with a
    a sync at each checkpoint: a committed action is in the file before it is
    acknowledged and survives ``kill -9`` of the server (``synchronous=NORMAL`` of WAL mode)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    if url.startswith("postgresql"):  # a server that does not answer is given up on in 5 s
        return create_engine(url, pool_pre_ping=True, connect_args={"connect_timeout": 5})
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (creates it on an empty database). On
    PostgreSQL under an advisory lock (:data:`MIGRATION_LOCK`, held to the commit): servers
    starting together migrate one after the other, and the later ones find nothing to do."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Store:
    """The tables, seats, actions and leases in a database. Every method commits its own transaction."""

    def __init__(self, url: str = DEFAULT_DATABASE) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.shared = self.engine.dialect.name == "postgresql"
        """Whether several processes may serve this database (PostgreSQL: NOTIFY tells them)."""
        self.writer = secrets.token_hex(8)
        """This store's name in its ``NOTIFY`` payloads (a process skips its own)."""
        self.committer = Committer(self)
        """The group commit of this process's actions (:meth:`Committer.append`)."""
        self._writer: Any = None
        self._writing = threading.Lock()  # the kept connection is used by one thread at a time
        migrate(self.engine)

    # --- tables -----------------------------------------------------------------------------
    def create_table(self, row: TableRow, client: str | None = None) -> None:
        """Store a new table and its seats (no action yet); ``client`` is the address that made it."""
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(
                id=row.id, admin_key=row.admin_key, game=row.game, game_version=row.game_version,
                num_players=row.num_players, options=json.dumps(row.options), seed=row.seed,
                complete=row.complete, created=row.created, updated=row.created, client=(client or "")[:64] or None,
                bots=sum(s.kind != "human" for s in row.seats), turn=row.turn, abandoned=False,
                chosen_seed=row.chosen_seed,
            ))
            conn.execute(insert(seats), [
                {"table_id": row.id, "seat": s.seat, "name": s.name, "kind": s.kind, "token": s.token}
                for s in row.seats
            ])

    _insert_action = insert(actions).values(table_id=bindparam("a_table"), idx=bindparam("a_idx"),
                                            text=bindparam("a_text"), at=bindparam("a_at"))
    _after_action = (update(tables).where(tables.c.id == bindparam("a_table"))
                     .values(updated=bindparam("a_at"), turn=bindparam("a_turn"), abandoned=False,
                             complete=or_(tables.c.complete, bindparam("a_done", type_=Boolean))))

    def append_action(self, table_id: str, idx: int, text: str, complete: bool = False,
                      turn: int | None = None) -> None:
        """Commit action number ``idx`` (0-based) of a table; ``complete`` marks the match over
        and ``turn`` is the seat to act after it, in the same transaction (which also tells the
        other processes, on PostgreSQL: NOTIFY :data:`NOTIFY_CHANNEL`). Raises
        :class:`DuplicateAction` if that index is taken."""
        try:
            with self.engine.begin() as conn:
                self._store_actions(conn, [(table_id, idx, text, complete, turn)])
        except IntegrityError:
            raise DuplicateAction(f"table {table_id}: action {idx} is already stored") from None

    def append_actions(self, batch: list[tuple[str, int, str, bool, int | None]]) -> list[Exception | None]:
        """Commit several actions, each ``(table_id, idx, text, complete, turn)`` as
        :meth:`append_action` takes them, in one transaction (with their ``NOTIFY``, in one
        statement), on one connection kept for them (calls one at a time:
        :class:`Committer`). Returns, for each, None (committed) or the exception that kept it
        out: when one of them is refused (:class:`DuplicateAction`), the others are committed one
        by one. Raises the database's error when it cannot be reached (nothing stored, unless the
        connection broke after a commit: a retry finds the same action stored). Thread-safe: a
        database connection (SQLite's above all) must never run two statements at once, and
        several event loops' committers may share this store."""
        with self._writing:
            return self._append_actions(batch)

    def _append_actions(self, batch: list[tuple[str, int, str, bool, int | None]]) -> list[Exception | None]:
        # a connection of the pool for each batch: one kept between batches outlived the store's
        # disposal in a test's teardown (a segmentation fault in SQLite)
        with self.engine.connect() as conn:
            return self._append_on(conn, batch)

    def _append_on(self, conn: Any, batch: list[tuple[str, int, str, bool, int | None]]) -> list[Exception | None]:
        try:
            try:
                with conn.begin():
                    self._store_actions(conn, batch)
                return [None] * len(batch)
            except IntegrityError:
                if len(batch) == 1:
                    return [DuplicateAction(f"table {batch[0][0]}: action {batch[0][1]} is already stored")]
            out: list[Exception | None] = []
            for one in batch:
                try:
                    with conn.begin():
                        self._store_actions(conn, [one])
                    out.append(None)
                except IntegrityError:
                    out.append(DuplicateAction(f"table {one[0]}: action {one[1]} is already stored"))
            return out
        except Exception:  # the connection may be broken: the pool gives the next batch another
            conn.invalidate()
            raise

    def _writer_connection(self) -> Any:
        """The connection the batches of :meth:`append_actions` are committed on, kept open
        between them (no pool check-out, no ping per commit); a new one after a failure."""
        conn = self._writer
        if conn is None or conn.closed or conn.invalidated:
            conn = self._writer = self.engine.connect()
        return conn

    def _drop_writer(self) -> None:
        conn, self._writer = self._writer, None
        if conn is not None:
            try:
                conn.invalidate()
                conn.close()
            except Exception:  # already broken: nothing to give back
                pass

    def _store_actions(self, conn: Any, batch: list[tuple[str, int, str, bool, int | None]]) -> None:
        now = utcnow()
        rows = [{"a_table": t, "a_idx": i, "a_text": a, "a_at": now, "a_turn": None if done else turn, "a_done": done}
                for t, i, a, done, turn in batch]
        conn.execute(self._insert_action, rows)
        conn.execute(self._after_action, rows)
        if self.shared:
            conn.execute(_NOTIFY, {"channel": NOTIFY_CHANNEL,
                                   "payloads": [f"{t} {i} {self.writer} {a}" for t, i, a, _, _ in batch]})

    def set_turn(self, table_id: str, turn: int | None) -> None:
        """Store the seat to act of a table (found by replaying a table stored before it was kept)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(turn=turn))

    def action_at(self, table_id: str, idx: int) -> str | None:
        """The notation of action number ``idx`` of a table as stored, or None."""
        with self.engine.connect() as conn:
            return conn.execute(select(actions.c.text).where(actions.c.table_id == table_id,
                                                             actions.c.idx == idx)).scalar()

    def claim_rematch(self, table_id: str, rematch_id: str) -> str:
        """Record ``rematch_id`` as the rematch of table ``table_id`` unless one is recorded
        already (one statement: two seats asking at once, on two processes, get one rematch);
        the rematch's id as stored, ``rematch_id`` or the one recorded before."""
        with self.engine.begin() as conn:
            done = conn.execute(update(tables).where(tables.c.id == table_id, tables.c.rematch.is_(None))
                                .values(rematch=rematch_id))
            if done.rowcount:
                return rematch_id
            return conn.execute(select(tables.c.rematch).where(tables.c.id == table_id)).scalar() or rematch_id

    def rematch_of(self, table_id: str) -> str | None:
        """The id of table ``table_id``'s rematch, or None while no seat has asked for one."""
        with self.engine.connect() as conn:
            return conn.execute(select(tables.c.rematch).where(tables.c.id == table_id)).scalar()

    def mark_complete(self, table_id: str) -> None:
        """Mark a table's match over (a match that ends with no action: never, but safe)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(complete=True, turn=None))

    def _rows(self, conn: Any, where: Any) -> list[TableRow]:
        rows = conn.execute(select(tables).where(where).order_by(tables.c.created, tables.c.id)).mappings().all()
        out = {r["id"]: TableRow(
            id=r["id"], admin_key=r["admin_key"], game=r["game"], game_version=r["game_version"],
            num_players=r["num_players"], options=json.loads(r["options"]), seed=int(r["seed"]),
            complete=bool(r["complete"]), created=r["created"], turn=r["turn"], chosen_seed=bool(r["chosen_seed"]),
            rematch=r["rematch"], client=r["client"],
        ) for r in rows}
        if not out:
            return []
        ids = list(out)
        for s in conn.execute(select(seats).where(seats.c.table_id.in_(ids))
                              .order_by(seats.c.table_id, seats.c.seat)).mappings():
            out[s["table_id"]].seats.append(SeatRow(s["seat"], s["name"], s["kind"], s["token"]))
        for a in conn.execute(select(actions).where(actions.c.table_id.in_(ids))
                              .order_by(actions.c.table_id, actions.c.idx)).mappings():
            out[a["table_id"]].actions.append(a["text"])
        return list(out.values())

    def load_table(self, table_id: str) -> TableRow | None:
        """One table with its seats and actions, or None if no table has this id."""
        with self.engine.connect() as conn:
            found = self._rows(conn, tables.c.id == table_id)
        return found[0] if found else None

    def load_all(self) -> list[TableRow]:
        """Every table with its seats and actions, oldest first (the server loads tables one by
        one, when asked for: :meth:`load_table`)."""
        with self.engine.connect() as conn:
            return self._rows(conn, tables.c.id.is_not(None))

    def table_of_token(self, token: str) -> str | None:
        """The id of the table a seat token belongs to, or None."""
        with self.engine.connect() as conn:
            return conn.execute(select(seats.c.table_id).where(seats.c.token == token)).scalar()

    def table_of_admin(self, key: str) -> str | None:
        """The id of the table whose creator's key is ``key``, or None."""
        with self.engine.connect() as conn:
            return conn.execute(select(tables.c.id).where(tables.c.admin_key == key)).scalar()

    def actions_since(self, table_id: str, idx: int) -> list[str]:
        """The stored actions of a table from number ``idx`` on, in order (catching up a copy)."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(actions.c.text).where(actions.c.table_id == table_id, actions.c.idx >= idx)
                                     .order_by(actions.c.idx)).scalars())

    def count_actions(self, table_id: str) -> int:
        """How many actions of a table are stored."""
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(actions).where(actions.c.table_id == table_id)).scalar()

    # --- the lobby, the limits, the idle tables ----------------------------------------------
    def lobby(self, complete: bool, offset: int = 0, limit: int = 30) -> tuple[list[LobbyRow], bool]:
        """One page of the lobby: the tables in play (``complete`` False; abandoned ones left
        out) or the finished matches, last activity first, from ``offset``, at most ``limit``;
        and whether more follow."""
        with self.engine.connect() as conn:
            query = (select(tables.c.id, tables.c.game, tables.c.updated, tables.c.chosen_seed)
                     .where(tables.c.complete == complete, tables.c.abandoned == False)  # noqa: E712
                     .order_by(tables.c.updated.desc(), tables.c.id).offset(offset).limit(limit + 1))
            rows = conn.execute(query).all()
            more, rows = len(rows) > limit, rows[:limit]
            ids = [r.id for r in rows]
            names: dict[str, list[str]] = {i: [] for i in ids}
            counts: dict[str, int] = {}
            if ids:
                for s in conn.execute(select(seats.c.table_id, seats.c.name).where(seats.c.table_id.in_(ids))
                                      .order_by(seats.c.table_id, seats.c.seat)):
                    names[s.table_id].append(s.name)
                counts = dict(conn.execute(select(actions.c.table_id, func.count()).where(actions.c.table_id.in_(ids))
                                           .group_by(actions.c.table_id)).all())
        return [LobbyRow(r.id, r.game, names[r.id], counts.get(r.id, 0), r.updated, bool(r.chosen_seed)) for r in rows], more

    def client_load(self, client: str) -> tuple[int, int]:
        """What the address ``client`` has made and is not over (nor abandoned): the number of
        tables and their bot seats."""
        with self.engine.connect() as conn:
            row = conn.execute(select(func.count(), func.coalesce(func.sum(tables.c.bots), 0)).where(
                tables.c.client == client[:64], tables.c.complete == False,  # noqa: E712
                tables.c.abandoned == False)).one()  # noqa: E712
        return int(row[0]), int(row[1])

    def client_made_since(self, client: str, since: dt.datetime) -> int:
        """How many tables the address ``client`` made from ``since`` on (finished ones too)."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).where(
                tables.c.client == client[:64], tables.c.created >= since)).scalar_one())

    def mark_abandoned(self, before: dt.datetime) -> list[str]:
        """Mark abandoned the unfinished tables made before ``before`` that never had a move;
        returns their ids. They leave the lobby and the limits; their links still work, and a
        move there makes them active again."""
        no_move = ~exists().where(actions.c.table_id == tables.c.id)
        where = and_(tables.c.complete == False, tables.c.abandoned == False,  # noqa: E712
                     tables.c.updated < before, no_move)
        with self.engine.begin() as conn:
            ids = list(conn.execute(select(tables.c.id).where(where)).scalars())
            if ids:
                conn.execute(update(tables).where(tables.c.id.in_(ids)).values(abandoned=True))
        return ids

    # --- leases: which process runs a table's bots --------------------------------------------
    def claim(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take (or renew) the lease of a table for ``owner`` for ``seconds``, unless another
        owner holds it unexpired; True if ``owner`` holds it now."""
        now = utcnow()
        until = now + dt.timedelta(seconds=seconds)
        with self.engine.begin() as conn:
            done = conn.execute(update(leases).where(
                leases.c.table_id == table_id, or_(leases.c.owner == owner, leases.c.expires_at < now))
                .values(owner=owner, expires_at=until)).rowcount
            if done:
                return True
            if conn.execute(select(leases.c.owner).where(leases.c.table_id == table_id)).first() is not None:
                return False
        try:  # no lease yet: the primary key lets one process in
            with self.engine.begin() as conn:
                conn.execute(insert(leases).values(table_id=table_id, owner=owner, expires_at=until))
            return True
        except IntegrityError:
            return False

    def renew(self, owner: str, seconds: float) -> set[str]:
        """Renew every lease ``owner`` holds (and has not let expire into another's hands);
        returns the ids of the tables it holds."""
        until = utcnow() + dt.timedelta(seconds=seconds)
        with self.engine.begin() as conn:
            conn.execute(update(leases).where(leases.c.owner == owner).values(expires_at=until))
            return set(conn.execute(select(leases.c.table_id).where(leases.c.owner == owner)).scalars())

    def release(self, owner: str, table_ids: list[str] | None = None) -> None:
        """Give up ``owner``'s leases (of ``table_ids``; all of them if None)."""
        where = leases.c.owner == owner
        if table_ids is not None:
            if not table_ids:
                return
            where = and_(where, leases.c.table_id.in_(table_ids))
        with self.engine.begin() as conn:
            conn.execute(delete(leases).where(where))

    def clear_leases(self) -> None:
        """Forget every lease (a SQLite database: its one process is starting)."""
        with self.engine.begin() as conn:
            conn.execute(delete(leases))

    def orphans(self, limit: int = 50) -> list[str]:
        """Unfinished tables (not abandoned) whose bots should be playing — a bot's seat is to
        act, or the seat to act is not known yet — and that no process holds an unexpired
        lease of: the tables a process should take over. At most ``limit``, oldest activity first."""
        bot_to_act = exists().where(seats.c.table_id == tables.c.id, seats.c.seat == tables.c.turn,
                                    seats.c.kind != "human")
        leased = exists().where(leases.c.table_id == tables.c.id, leases.c.expires_at >= utcnow())
        query = (select(tables.c.id).where(
            tables.c.complete == False, tables.c.abandoned == False, tables.c.bots > 0,  # noqa: E712
            or_(tables.c.turn.is_(None), bot_to_act), ~leased).order_by(tables.c.updated).limit(limit))
        with self.engine.connect() as conn:
            return list(conn.execute(query).scalars())

    def dispose(self) -> None:
        """Close the engine's connections."""
        self._drop_writer()
        self.engine.dispose()
