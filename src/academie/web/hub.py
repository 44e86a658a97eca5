"""The hub: every table of the server, by id, by seat token and by creator key."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence
from typing import Any

from academie.games import GAMES
from academie.web.live import LiveTable
from academie.web.store import SeatRow, Store, TableRow


class Hub:
    """Every table of the server, by id, by seat token and by creator key."""

    def __init__(self, store: Store, bot_delay: float = 0.6) -> None:
        self.store, self.bot_delay = store, bot_delay
        self.tables: dict[str, LiveTable] = {}
        self.by_token: dict[str, LiveTable] = {}
        self.by_admin: dict[str, LiveTable] = {}

    def load(self) -> int:
        """Rebuild every stored table from its record; returns how many."""
        for row in self.store.load_all():
            self._add(LiveTable(row, self.store, self.bot_delay))
        return len(self.tables)

    def _add(self, table: LiveTable) -> None:
        self.tables[table.id] = table
        self.by_admin[table.row.admin_key] = table
        for token in table.tokens:
            self.by_token[token] = table

    def start_bots(self) -> None:
        """Let the bots of every unfinished table play on (after a restart)."""
        for table in self.tables.values():
            table.wake_bots()

    def create(self, game_id: str, num_players: int, options: dict[str, Any],
               seats: Sequence[tuple[str, str]], seed: int | None = None) -> LiveTable:
        """A new table: ``seats`` are ``(name, kind)`` pairs, kind ``human`` or a bot spec.
        Options must already be validated (``options.model_dump()``)."""
        table_id = secrets.token_urlsafe(9)
        row = TableRow(
            id=table_id, admin_key=secrets.token_urlsafe(24), game=game_id,
            game_version=GAMES[game_id].info.version, num_players=num_players, options=options,
            seed=secrets.randbelow(2**63) if seed is None else seed, complete=False,
            created=dt.datetime.now(dt.timezone.utc).replace(tzinfo=None),
            seats=[SeatRow(s, name, kind, secrets.token_urlsafe(24)) for s, (name, kind) in enumerate(seats)],
        )
        table = LiveTable(row, self.store, self.bot_delay)  # builds the bots: a bad spec fails here
        self.store.create_table(row)
        self._add(table)
        return table
