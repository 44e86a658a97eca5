"""CPU time the web server spends per move, in-process and by part: no sockets, no bots' thinking.

``--tables`` tables (the registry's games in turn, with the long options of
``benchmarks/web_load.py``, seeds 0, 1, …) are created on a :class:`~academie.web.hub.Hub` over
a temporary SQLite file, as ``academie serve`` makes them; every seat is a person's, and two
watchers (seats 0 and 1) sit at each table, as the two people's sockets do in ``web_load.py``.
Then ``--moves`` moves are played in turn over the tables, each a random legal action (a seeded
generator: the same moves every run) through :meth:`LiveTable.act`, and after each the watchers'
queued updates are encoded as the socket sends them.

CPU time (``time.thread_time`` of the thread that runs each part, so a loaded machine changes
it little) is summed by part, each part's own time without the parts it calls:

* ``check``: reading and checking the action (:meth:`LiveTable.check`);
* ``store``: committing it (:meth:`Store.append_actions`, the group commit's transaction, in
  its worker thread: one move at a time here, so each batch holds one);
* ``narration``: telling it (every :class:`TextNarrator` step and flush);
* ``view``, ``board``: the update of each watcher (its seat's view, and the card room's
  drawing of it, :func:`academie.web.room.draw`: the table, the moves and the status line);
* ``snapshot, rest``: the rest of :meth:`LiveTable.snapshot`;
* ``json``: encoding the updates as the socket sends them;
* ``act, rest``: the rest of :meth:`LiveTable.act` (applying the action and its chance outcomes,
  the lock, the worker thread's hand-off, the "is the match over after it" trial).

The event loop is uvloop's when it is installed, as ``academie serve`` runs (uvicorn's choice).

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/web_move_cpu.py [--tables 50] [--moves 4000]``.
Prints µs of CPU per move by part and in all (the process's CPU time over the moves played).
Compare runs by CPU time, not wall time, and interleave the runs compared on a shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from academie.games import GAMES
from academie.web import live
from academie.web.hub import Hub
from academie.web.live import Watcher
from academie.web.store import Store

LONG = {"lives": 9, "deals": 1000, "counters": 1000}
"""Options that make a match long (each used where the game has it), as web_load.py."""


def long_options(game_id: str) -> dict:
    game = GAMES[game_id]
    out = {}
    for doc in game.describe_options():
        if doc.name in LONG:
            try:
                game.parse_options({doc.name: LONG[doc.name]})
            except Exception:
                continue
            out[doc.name] = LONG[doc.name]
    return out


class Parts:
    """CPU time by part, each part's own (a part called inside another is not counted twice)."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self.local = threading.local()

    def wrap(self, owner: Any, attr: str, part: str) -> None:
        inner = getattr(owner, attr)
        parts = self

        def timed(*args: Any, **kwargs: Any) -> Any:
            stack = getattr(parts.local, "stack", None)
            if stack is None:
                stack = parts.local.stack = []
            start = time.thread_time()
            stack.append(0.0)  # time spent in the parts this one calls
            try:
                return inner(*args, **kwargs)
            finally:
                took = time.thread_time() - start
                children = stack.pop()
                parts.spent[part] += took - children
                if stack:
                    stack[-1] += took

        async def timed_async(*args: Any, **kwargs: Any) -> Any:  # one coroutine at a time here
            stack = getattr(parts.local, "stack", None)
            if stack is None:
                stack = parts.local.stack = []
            start = time.thread_time()
            stack.append(0.0)
            try:
                return await inner(*args, **kwargs)
            finally:
                took = time.thread_time() - start
                children = stack.pop()
                parts.spent[part] += took - children
                if stack:
                    stack[-1] += took

        setattr(owner, attr, timed_async if asyncio.iscoroutinefunction(inner) else timed)


def encoder() -> Any:
    """The function the socket encodes an update with (the server's own, or Starlette's
    ``send_json``: compact JSON, non-ASCII kept)."""
    encode = getattr(live, "encode_message", None)
    if encode is not None:
        return encode
    return lambda m: json.dumps(m, separators=(",", ":"), ensure_ascii=False)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="academie-move-cpu-"))
    store = Store(f"sqlite:///{folder / 'moves.sqlite3'}")
    hub = Hub(store, bot_delay=0)
    games = sorted(GAMES)
    tables = []
    for k in range(args.tables):
        game_id = games[k % len(games)]
        game = GAMES[game_id]
        n = max(game.info.min_players, min(4, game.info.max_players))
        options = game.parse_options(long_options(game_id)).model_dump(mode="json")
        table = hub.create(game_id, n, options, [(f"P{s}", "human") for s in range(n)], seed=k)
        watchers = [Watcher(0), Watcher(1)]
        for w in watchers:
            table.watchers.add(w)
            w.queue.put_nowait(table.snapshot(w, w.seat, full=True))
        tables.append((table, watchers))
    encode = encoder()
    for _, watchers in tables:
        for w in watchers:
            while not w.queue.empty():
                encode(w.queue.get_nowait())

    parts = Parts()
    parts.wrap(live.LiveTable, "check", "check")
    parts.wrap(Store, "append_actions", "store")
    parts.wrap(live.TextNarrator, "tell", "narration")
    parts.wrap(live.TextNarrator, "flush", "narration")
    parts.wrap(live.LiveTable, "view_of", "view")
    parts.wrap(live.room, "draw", "board")
    parts.wrap(live.LiveTable, "snapshot", "snapshot, rest")
    parts.wrap(live.LiveTable, "act", "act, rest")

    rng = random.Random(args.seed)
    played = updates = finished = 0
    sent_bytes = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    json_cpu = 0.0
    while played < args.moves:
        live_tables = [(t, ws) for t, ws in tables if not t.state.is_terminal()]
        if not live_tables:
            break
        for table, watchers in live_tables:
            if played >= args.moves:
                break
            state = table.state
            if state.is_terminal():
                continue
            seat = state.current_player()
            action = rng.choice(state.legal_action_strings())
            await table.act(seat, action, table.version)
            played += 1
            finished += table.state.is_terminal()
            start = time.thread_time()
            for w in watchers:
                while not w.queue.empty():
                    sent_bytes += len(encode(w.queue.get_nowait()))
                    updates += 1
            json_cpu += time.thread_time() - start
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    parts.spent["json"] += json_cpu
    store.dispose()
    return {"played": played, "updates": updates, "finished": finished, "cpu": cpu, "wall": wall,
            "parts": dict(parts.spent), "bytes": sent_bytes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=4000, help="moves played in all (default 4000)")
    parser.add_argument("--seed", type=int, default=1, help="the random moves' seed")
    parser.add_argument("--profile", metavar="FILE", help="also write a cProfile of the moves to FILE")
    args = parser.parse_args()
    try:  # the event loop academie serve runs on (uvicorn takes uvloop when it is installed)
        import uvloop
        run_loop = uvloop.run
    except ImportError:
        run_loop = asyncio.run
    if args.profile:
        import cProfile

        prof = cProfile.Profile()
        out = prof.runcall(run_loop, run(args))
        prof.dump_stats(args.profile)
    else:
        out = run_loop(run(args))
    n = out["played"] or 1
    print(f"web move CPU: {args.tables} tables, 2 watchers each, {out['played']} moves "
          f"({out['finished']} matches ended), {out['updates']} updates sent, {out['bytes'] / out['updates'] / 1024:.1f} KiB each"
          f" ({os.cpu_count()} cores; load {os.getloadavg()[0]:.1f})")
    order = ["check", "store", "narration", "view", "board", "snapshot, rest", "json", "act, rest"]
    for part in order:
        print(f"  {part:<15} {out['parts'].get(part, 0.0) / n * 1e6:8.0f} µs")
    counted = sum(out["parts"].values())
    print(f"  {'(untimed)':<15} {(out['cpu'] - counted) / n * 1e6:8.0f} µs  (the driver, the event loop)")
    print(f"  {'all':<15} {out['cpu'] / n * 1e6:8.0f} µs of CPU per move (process time); "
          f"{out['played'] / out['wall']:.0f} moves/s of wall time")


if __name__ == "__main__":
    main()
