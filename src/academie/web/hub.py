"""The hub: the tables of one server process, loaded when first asked for, shared with the other
processes serving the same database.

* **Lazy.** Nothing is loaded at start-up: a table is rebuilt from its record (:class:`LiveTable`)
  the first time it is asked for (by id, seat token or creator key: one query each), then kept in
  memory while it is used. The lobby is a query (:meth:`Store.lobby`), not this process's tables.
* **Limited.** An address (the client's) may have at most :attr:`Limits.tables` unfinished tables
  and :attr:`Limits.bots` bot seats at them, and make at most :attr:`Limits.per_hour` tables in
  an hour; past that :meth:`Hub.create` refuses with 429.
* **Pruned.** A table with no watcher, no move and no request for :attr:`Limits.evict_minutes`
  (a finished one: :attr:`Limits.evict_finished_minutes`) leaves memory (it is rebuilt when
  asked for again). An unfinished table that never had a move
  for :attr:`Limits.abandon_hours` is marked abandoned in the database: out of the lobby and of
  its maker's limits; its links still work, and a move there makes it active again.
* **Several processes** (PostgreSQL): each table's bots are run by one process at a time, the
  holder of its lease (a ``leases`` row renewed by a heartbeat every third of
  :attr:`Hub.lease_seconds`); a process takes over the expired leases of tables whose bots
  should play (their process died), catches up from the database and wakes the bots. A person's
  action is taken by any process: it catches up its copy first, and the ``(table_id, idx)``
  primary key arbitrates. Each committed action is NOTIFYed with its notation; every process
  LISTENs and applies it to the tables it holds in memory, telling their watchers, and reads
  the database only when it may have missed one (not listening then, a gap in what it heard).

On SQLite a single process serves the database: the leases are kept all the same (and cleared
at start-up: the previous process is gone).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import os
import secrets
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from academie.games import GAMES
from academie.web.live import ActionRefused, LiveTable
from academie.web.store import NOTIFY_CHANNEL, SeatRow, Store, TableRow, read_notification, utcnow
from academie.web.thinking import BotPool

log = logging.getLogger("academie.web")


@dataclass
class Limits:
    """What one client address may hold, and when idle tables are let go."""

    tables: int = 50
    """Unfinished (and not abandoned) tables one address may have made."""
    bots: int = 100
    """Bot seats at those tables."""
    sockets: int = 200
    """Sockets open at once on one server process (a page holds one): past it, closed with 4429."""
    per_hour: int = 120
    """Tables one address may make in an hour, finished ones included (a table played out in
    seconds and made again, hundreds a minute, held the server's memory)."""
    evict_minutes: float = 30.0
    """A table with no watcher, no move and no request for this long leaves memory."""
    evict_finished_minutes: float = 3.0
    """A finished table with no watcher and no request for this long leaves memory (its record,
    replay and pages are rebuilt from the database when asked for)."""
    abandon_hours: float = 24.0
    """An unfinished table with no move at all for this long is marked abandoned."""


class Hub:
    """The tables this process holds, by id, by seat token and by creator key (see the module)."""

    def __init__(self, store: Store, bot_delay: float = 0.6, limits: Limits | None = None,
                 lease_seconds: float = 10.0, thinker: BotPool | None = None) -> None:
        self.store, self.bot_delay, self.thinker = store, bot_delay, thinker
        """``thinker``: the pool the tables' bots think in (None: the process's shared one)."""
        self.limits = limits or Limits()
        self.lease_seconds = lease_seconds
        self.owner = f"{socket.gethostname()[:60]}:{os.getpid()}:{secrets.token_hex(4)}"
        """This process, as its leases name it."""
        self.tables: dict[str, LiveTable] = {}
        self.by_token: dict[str, LiveTable] = {}
        self.by_admin: dict[str, LiveTable] = {}
        self.held: set[str] = set()
        self.used: dict[str, float] = {}
        self._loading: dict[str, asyncio.Future] = {}
        self._claiming: set[str] = set()
        self._refused: dict[str, float] = {}  # table id: when a refused lease may be asked for again (monotonic)
        self._tasks: list[asyncio.Task] = []
        self._pending: set[asyncio.Task] = set()
        self.listening = asyncio.Event()

    # --- start and stop -------------------------------------------------------------------------
    async def start(self) -> None:
        """Start the heartbeat (leases, take-overs, pruning) and, on PostgreSQL, the listener.
        Returns at once: no table is loaded here."""
        if not self.store.shared:
            await asyncio.to_thread(self.store.clear_leases)
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._heartbeat()))
        if self.store.shared:
            self._tasks.append(loop.create_task(self._listen()))

    async def stop(self) -> None:
        """Stop the background work and the bots, and give the leases up (another process may
        take the tables over at once)."""
        for task in [*self._tasks, *self._pending]:
            task.cancel()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        for task in [*self._tasks, *self._pending]:
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.store.release, self.owner)
        self.held.clear()

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    # --- finding tables ---------------------------------------------------------------------------
    async def table(self, table_id: str) -> LiveTable | None:
        """The table ``table_id`` (loaded from the database if this process does not hold it),
        caught up with what other processes stored; None if no table has this id."""
        if not isinstance(table_id, str) or len(table_id) > 32:
            return None
        table = self.tables.get(table_id)
        if table is None:
            table = await self._load(table_id)
        elif self.store.shared:
            await table.sync(patience=0.5)  # the database down: this process's copy, said to be reconnecting
        if table is not None:
            self.used[table.id] = time.monotonic()
        return table

    async def seat(self, token: str) -> tuple[LiveTable, int] | None:
        """The table and seat of a seat token, or None."""
        table = self.by_token.get(token)
        if table is None:
            table_id = await asyncio.to_thread(self.store.table_of_token, token) if len(token) <= 64 else None
            if table_id is None:
                return None
        else:
            table_id = table.id
        table = await self.table(table_id)
        return None if table is None else (table, table.tokens[token])

    async def admin(self, key: str) -> LiveTable | None:
        """The table whose creator's key is ``key``, or None."""
        table = self.by_admin.get(key)
        if table is not None:
            return await self.table(table.id)
        table_id = await asyncio.to_thread(self.store.table_of_admin, key) if len(key) <= 64 else None
        return None if table_id is None else await self.table(table_id)

    async def _load(self, table_id: str) -> LiveTable | None:
        """Rebuild a table from its record, once however many ask at the same time."""
        waiting = self._loading.get(table_id)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            def build() -> LiveTable | None:
                row = self.store.load_table(table_id)
                return None if row is None else LiveTable(row, self.store, self.bot_delay, self.thinker)

            table = await asyncio.to_thread(build)
            if table is not None:
                if table.id in self.tables:  # created meanwhile in this process
                    table = self.tables[table.id]
                else:
                    self._add(table)
                    if table.row.turn is None and not table.state.is_terminal() and table.bots:
                        await asyncio.to_thread(self.store.set_turn, table.id, table.turn)
                    table.wake_bots()
            future.set_result(table)
            return table
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # read: no "never retrieved" warning
            raise
        finally:
            del self._loading[table_id]

    def _add(self, table: LiveTable) -> None:
        table.may_run_bots = self.may_run_bots
        table.shared = self.store.shared
        table.listening = self.listening.is_set
        self.tables[table.id] = table
        self.by_admin[table.row.admin_key] = table
        for token in table.tokens:
            self.by_token[token] = table
        self.used[table.id] = time.monotonic()

    def _drop(self, table: LiveTable) -> None:
        self.tables.pop(table.id, None)
        self.by_admin.pop(table.row.admin_key, None)
        for token in table.tokens:
            self.by_token.pop(token, None)
        self.used.pop(table.id, None)
        self._refused.pop(table.id, None)
        if table.bot_task is not None:
            table.bot_task.cancel()

    # --- making tables ---------------------------------------------------------------------------
    def create(self, game_id: str, num_players: int, options: dict[str, Any],
               seats: Sequence[tuple[str, str]], seed: int | None = None, client: str | None = None) -> LiveTable:
        """A new table: ``seats`` are ``(name, kind)`` pairs, kind ``human`` or a bot spec.
        Options must already be validated (``options.model_dump()``). ``seed`` None: drawn by the
        server from :mod:`secrets` (a fair table); given: the table is marked ``chosen_seed``. ``client`` (an address)
        is held to :attr:`limits`: past them :class:`ActionRefused` with status 429 names the
        limit, and nothing is made."""
        bots = sum(kind != "human" for _, kind in seats)
        if client is not None:
            made, bot_seats = self.store.client_load(client)
            lately = self.store.client_made_since(client, utcnow() - dt.timedelta(hours=1))
            if lately >= self.limits.per_hour:
                raise ActionRefused(
                    f"too many tables: your address made {lately} tables in the last hour, the most one address may "
                    f"make on this server (limit {self.limits.per_hour} an hour); try again later", 429)
            if made >= self.limits.tables:
                raise ActionRefused(
                    f"too many tables: your address already has {made} unfinished tables, the most one address may "
                    f"have on this server (limit {self.limits.tables}); finish one first (a table that never had a move "
                    f"stops counting after {self.limits.abandon_hours:g} hours)", 429)
            if bot_seats + bots > self.limits.bots:
                raise ActionRefused(
                    f"too many bots: your address has {bot_seats} bot seats at unfinished tables and asks {bots} more; "
                    f"the most one address may have on this server is {self.limits.bots}", 429)
        table_id = secrets.token_urlsafe(9)
        row = TableRow(
            id=table_id, admin_key=secrets.token_urlsafe(24), game=game_id,
            game_version=GAMES[game_id].info.version, num_players=num_players, options=options,
            seed=secrets.randbelow(2**63) if seed is None else seed, complete=False,
            created=utcnow(),
            seats=[SeatRow(s, name, kind, secrets.token_urlsafe(24)) for s, (name, kind) in enumerate(seats)],
            chosen_seed=seed is not None, client=(client or "")[:64] or None,
        )
        table = LiveTable(row, self.store, self.bot_delay, self.thinker)  # builds the bots: a bad spec fails here
        row.turn = table.turn
        self.store.create_table(row, client)
        self._add(table)
        return table

    # --- bots: the leases ---------------------------------------------------------------------------
    def may_run_bots(self, table: LiveTable) -> bool:
        """Whether this process holds the table's lease; if not, try to take it (in the
        background: the bots wake if it is had)."""
        if table.id in self.held:
            return True
        if table.id not in self._claiming and table.id in self.tables \
                and self._refused.get(table.id, 0.0) <= time.monotonic():
            self._claiming.add(table.id)
            self._spawn(self._claim(table))
        return False

    async def _claim(self, table: LiveTable) -> None:
        """Ask for the table's lease; refused (another process holds it), not asked again from
        :meth:`may_run_bots` for a heartbeat's time (every move heard would ask again; the
        heartbeat takes the lease over once it has run out)."""
        try:
            if await asyncio.to_thread(self.store.claim, table.id, self.owner, self.lease_seconds):
                self._refused.pop(table.id, None)
                self.held.add(table.id)
                await table.sync()
                table.wake_bots()
            else:
                self._refused[table.id] = time.monotonic() + max(self.lease_seconds / 3, 0.05)
        except Exception as exc:  # the database gone a moment: the heartbeat tries again
            log.warning("lease of table %s: %s", table.id, exc)
        finally:
            self._claiming.discard(table.id)

    async def _heartbeat(self) -> None:
        beat = max(self.lease_seconds / 3, 0.05)
        last_prune = 0.0
        while True:
            try:
                await self.beat()
                if time.monotonic() - last_prune > min(60.0, self.limits.evict_finished_minutes * 60 / 2,
                                                       self.limits.evict_minutes * 60 / 2):
                    last_prune = time.monotonic()
                    await self.prune()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database gone a moment: next beat
                log.warning("heartbeat: %s", exc)
            await asyncio.sleep(beat)

    async def beat(self) -> None:
        """Renew this process's leases (letting go those of finished tables), then take over the
        tables whose bots should play and that nobody holds."""
        done = [t for t in self.held if t not in self.tables or self.tables[t].state.is_terminal()]
        if done:
            await asyncio.to_thread(self.store.release, self.owner, done)
        held = await asyncio.to_thread(self.store.renew, self.owner, self.lease_seconds)
        self.held = held
        for table_id in await asyncio.to_thread(self.store.orphans, 20):
            if table_id in self._claiming:
                continue
            if not await asyncio.to_thread(self.store.claim, table_id, self.owner, self.lease_seconds):
                continue
            self.held.add(table_id)
            table = await self.table(table_id)  # loaded, or caught up
            if table is None:
                continue
            table.wake_bots()
            if table.state.is_terminal() or table.state.current_player() not in table.bots:
                # nothing for the bots to do: let go (keeps the take-over query from coming back)
                self.held.discard(table_id)
                await asyncio.to_thread(self.store.release, self.owner, [table_id])

    # --- idle tables -------------------------------------------------------------------------------
    async def prune(self, now: float | None = None) -> tuple[list[str], list[str]]:
        """Mark abandoned the tables with no move for :attr:`Limits.abandon_hours`; let go from
        memory the tables idle for :attr:`Limits.evict_minutes` (finished ones:
        :attr:`Limits.evict_finished_minutes`; idle: no watcher, no running bot, no move, no
        request). Returns (ids let go, ids marked abandoned). ``now`` (a
        :func:`time.monotonic` value) is for tests."""
        now = time.monotonic() if now is None else now
        cutoff = utcnow() - dt.timedelta(hours=self.limits.abandon_hours)
        abandoned = await asyncio.to_thread(self.store.mark_abandoned, cutoff)
        gone = []
        for table in list(self.tables.values()):
            if table.watchers or (table.bot_task is not None and not table.bot_task.done()):
                continue
            idle = 60 * (self.limits.evict_finished_minutes if table.state.is_terminal() else self.limits.evict_minutes)
            last = max(self.used.get(table.id, 0.0), table.updated - time.time() + time.monotonic())
            if now - last >= idle or table.id in abandoned:
                self._drop(table)
                gone.append(table.id)
        let_go = [t for t in gone if t in self.held]
        self.held.difference_update(let_go)
        if let_go:
            await asyncio.to_thread(self.store.release, self.owner, let_go)
        return gone, abandoned

    # --- other processes' actions ----------------------------------------------------------------
    async def _listen(self) -> None:
        """LISTEN to the committed actions; catch up the tables held here (reconnects). A
        notification names the actions (:func:`~academie.web.store.read_notification`): a
        table applies them as told, reading the database only when it may have missed one."""
        import psycopg
        from sqlalchemy.engine import make_url

        url = make_url(self.store.url).set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self.listening.set()
                    for table in list(self.tables.values()):  # what came while not listening
                        table.behind = True
                        self._spawn(table.sync())
                    async for note in conn.notifies():
                        self.heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.listening.clear()
                log.warning("listening for actions: %s; again in 1 s", exc)
                await asyncio.sleep(1)

    def heard(self, payload: str) -> None:
        """Tell the tables held here the actions a notification names; each that lacks one
        catches up (one task per table and notification)."""
        told = read_notification(payload, self.store.writer)
        behind: dict[str, LiveTable] = {}
        for heard in told:
            table = self.tables.get(heard.table_id)
            if table is not None and table.hear(heard):
                behind[table.id] = table
        for table in behind.values():
            self._spawn(table.sync(read=False))
