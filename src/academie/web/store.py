"""Storage of the web tables: SQLAlchemy 2 over SQLite (default) or PostgreSQL.

Three tables (schema made by the Alembic migrations in ``migrations/``):

* ``tables``: one row per table — its id (in the spectator link), the creator's key, the game,
  its version, the number of players, the options (JSON), the seed that decides every card;
* ``seats``: one row per seat — its name, its kind (``human`` or a bot spec such as
  ``heuristic`` or ``ismcts:iterations=200``) and its secret token (the invitation link);
* ``actions``: every player action accepted, in order, in string notation (the game record's
  ``actions``). The primary key ``(table_id, idx)`` makes a second action at the same index
  impossible: nothing is ever played twice.

A table is rebuilt after a restart by replaying its record (game, options, seed, actions).
Each action is committed (:meth:`Store.append_action`) before it is acknowledged.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import json
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger, Boolean, Column, DateTime, ForeignKey, Integer, MetaData, String, Table, Text,
    create_engine, event, insert, select, update,
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


async def write(fn: Callable[[], T], patience: float) -> T:
    """Run ``fn`` (a database write) in :func:`write_pool`, tried again with a growing pause (50 ms
    doubling up to 1 s) while the database cannot be reached (:func:`transient`), for at most
    ``patience`` seconds. Returns what ``fn`` returns; raises :class:`StoreUnavailable` when the
    database stayed unreachable, or what ``fn`` raised otherwise."""
    import tenacity

    loop = asyncio.get_running_loop()
    retrying = tenacity.AsyncRetrying(
        retry=tenacity.retry_if_exception(transient), stop=tenacity.stop_after_delay(patience),
        wait=tenacity.wait_exponential(multiplier=0.05, max=1.0), reraise=True,
        before_sleep=lambda state: logging.getLogger("academie.web").debug(
            "database write failed (%s), trying again", type(state.outcome.exception()).__name__))
    try:
        async for attempt in retrying:
            with attempt:
                return await loop.run_in_executor(write_pool(), functools.partial(fn))
    except Exception as exc:
        if transient(exc):
            logging.getLogger("academie.web").warning("database unreachable: %s", str(exc).splitlines()[0])
            raise StoreUnavailable("the database cannot be reached") from exc
        raise
    raise AssertionError("unreachable")  # pragma: no cover (tenacity returns or raises)


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
    """Bring the schema to the newest Alembic revision (creates it on an empty database)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Store:
    """The tables, seats and actions in a database. Every method commits its own transaction."""

    def __init__(self, url: str = DEFAULT_DATABASE) -> None:
        self.url = url
        self.engine = make_engine(url)
        migrate(self.engine)

    def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats (no action yet)."""
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(
                id=row.id, admin_key=row.admin_key, game=row.game, game_version=row.game_version,
                num_players=row.num_players, options=json.dumps(row.options), seed=row.seed,
                complete=False, created=row.created,
            ))
            conn.execute(insert(seats), [
                {"table_id": row.id, "seat": s.seat, "name": s.name, "kind": s.kind, "token": s.token}
                for s in row.seats
            ])

    def append_action(self, table_id: str, idx: int, text: str, complete: bool = False) -> None:
        """Commit action number ``idx`` (0-based) of a table; ``complete`` marks the match over
        in the same transaction. Raises :class:`DuplicateAction` if that index is taken."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(actions).values(
                    table_id=table_id, idx=idx, text=text, at=dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)))
                if complete:
                    conn.execute(update(tables).where(tables.c.id == table_id).values(complete=True))
        except IntegrityError:
            raise DuplicateAction(f"table {table_id}: action {idx} is already stored") from None

    def action_at(self, table_id: str, idx: int) -> str | None:
        """The notation of action number ``idx`` of a table as stored, or None."""
        with self.engine.connect() as conn:
            return conn.execute(select(actions.c.text).where(actions.c.table_id == table_id,
                                                             actions.c.idx == idx)).scalar()

    def mark_complete(self, table_id: str) -> None:
        """Mark a table's match over (a match that ends with no action: never, but safe)."""
        with self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(complete=True))

    def load_all(self) -> list[TableRow]:
        """Every table with its seats and actions, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables).order_by(tables.c.created, tables.c.id)).mappings().all()
            out = {r["id"]: TableRow(
                id=r["id"], admin_key=r["admin_key"], game=r["game"], game_version=r["game_version"],
                num_players=r["num_players"], options=json.loads(r["options"]), seed=int(r["seed"]),
                complete=bool(r["complete"]), created=r["created"],
            ) for r in rows}
            for s in conn.execute(select(seats).order_by(seats.c.table_id, seats.c.seat)).mappings():
                if s["table_id"] in out:
                    out[s["table_id"]].seats.append(SeatRow(s["seat"], s["name"], s["kind"], s["token"]))
            for a in conn.execute(select(actions).order_by(actions.c.table_id, actions.c.idx)).mappings():
                if a["table_id"] in out:
                    out[a["table_id"]].actions.append(a["text"])
        return list(out.values())

    def count_actions(self, table_id: str) -> int:
        """How many actions of a table are stored."""
        with self.engine.connect() as conn:
            return len(conn.execute(select(actions.c.idx).where(actions.c.table_id == table_id)).all())

    def dispose(self) -> None:
        """Close the engine's connections."""
        self.engine.dispose()
