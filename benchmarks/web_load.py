"""Load on ``academie serve``: 50 tables and 100 WebSocket clients on 127.0.0.1, for a bounded time.

A real server process is started on a free port of 127.0.0.1 with a temporary SQLite file (or
``--database URL``) and bots that do not wait (``--bot-delay 0``). The benchmark creates
``--tables`` tables (the registry's games in turn, with options that make matches long), each
with two people's seats and bots in the others; ``2 × tables`` WebSocket clients take the people's
seats and play at random as soon as they are to act. For ``--seconds`` it measures:

* actions/s: every action committed (people's and bots'), counted in the database at the end;
* latency from an action to its update on every seat's socket: the time the server received
  the action (``t`` in each update) to the time each client receives that update (same host
  clock), p50 and p95, over every update of every seat;
* lost and duplicated actions: every client must receive each move number exactly once and in
  order from its first one (a gap is a lost update, a repeat a duplicate); every action a
  client saw acknowledged must be in the database; each table's record is read back and must
  hold as many actions as the last update said. Any of these counts above 0 is a failure.

Run: ``.venv/bin/python benchmarks/web_load.py [--tables 50] [--seconds 30]``. Prints the
figures (not a test: README quotes them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import websockets

from academie.games import GAMES

LONG = {"lives": 9, "deals": 1000, "counters": 1000}
"""Options that make a match outlast the benchmark (each used where the game has it)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def long_options(game_id: str) -> dict:
    game = GAMES[game_id]
    out = {}
    for doc in game.describe_options():
        if doc.name in LONG:
            value = LONG[doc.name]
            try:
                game.parse_options({doc.name: value})
            except Exception:
                continue
            out[doc.name] = value
    return out


class Client:
    """One person's seat on a WebSocket: plays at random, checks every move number arrives once."""

    def __init__(self, url: str, seed: int) -> None:
        self.url, self.rng = url, random.Random(seed)
        self.versions: list[int] = []
        self.latencies: list[float] = []
        self.acked: set[int] = set()
        self.lost = self.duplicated = 0
        self.refused = 0

    async def run(self, until: float) -> None:
        async with websockets.connect(self.url, max_size=2**24) as ws:
            while True:
                left = until - time.time()
                if left <= 0:
                    return
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=left)
                except asyncio.TimeoutError:
                    return
                now = time.time()
                m = json.loads(raw)
                if m["type"] == "ack":
                    self.acked.add(m["version"])
                    continue
                if m["type"] == "error":
                    self.refused += 1
                    continue
                if m["type"] != "update":
                    continue
                v = m["version"]
                if self.versions:
                    last = self.versions[-1]
                    if v <= last:
                        self.duplicated += 1
                    elif v > last + 1:
                        self.lost += v - last - 1
                    else:
                        self.latencies.append(now - m["t"])
                self.versions.append(v)
                if m["legal"] and not m["over"]:
                    await ws.send(json.dumps({"type": "act", "action": self.rng.choice(m["legal"]), "version": v}))


async def main_async(args: argparse.Namespace, base: str) -> dict:
    games = sorted(GAMES)
    tables = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for k in range(args.tables):
            game_id = games[k % len(games)]
            game = GAMES[game_id]
            n = max(game.info.min_players, min(4, game.info.max_players))
            kinds = ["human", "human"] + ["random"] * (n - 2)
            r = await http.post("/api/tables", json={"game": game_id, "seed": k, "options": long_options(game_id),
                                                     "seats": [{"kind": x} for x in kinds]})
            r.raise_for_status()
            tables.append(r.json())
        ws_base = base.replace("http://", "ws://")
        clients = [Client(f"{ws_base}/ws/play/{s['token']}", seed=7 * k + s["seat"])
                   for k, t in enumerate(tables) for s in t["seats"] if s["token"]]
        start = time.time()
        until = start + args.seconds
        await asyncio.gather(*(c.run(until) for c in clients))
        elapsed = time.time() - start
        await asyncio.sleep(0.5)  # let the last bot moves settle
        missing = 0
        mismatched = 0
        total = 0
        for t in tables:
            snap = (await http.get(f"/api/watch/{t['id']}")).json()
            total += snap["version"]
        by_table = {}
        for t, pair in zip(tables, [clients[i:i + 2] for i in range(0, len(clients), 2)]):
            by_table[t["id"]] = pair
        for t in tables:
            count = (await http.get(f"/api/watch/{t['id']}")).json()["version"]
            for c in by_table[t["id"]]:
                missing += sum(1 for v in c.acked if v > count)
                if c.versions and c.versions[-1] > count:
                    mismatched += 1
    return {"clients": clients, "elapsed": elapsed, "total": total, "missing": missing, "mismatched": mismatched,
            "tables": len(tables)}


def count_db_actions(url: str) -> int:
    from sqlalchemy import create_engine, func, select

    from academie.web.store import actions

    engine = create_engine(url)
    with engine.connect() as conn:
        n = conn.execute(select(func.count()).select_from(actions)).scalar_one()
    engine.dispose()
    return int(n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--database", default=None, help="a SQLAlchemy URL (default: a temporary SQLite file)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="academie-load-")
    url = args.database or f"sqlite:///{os.path.join(folder, 'load.sqlite3')}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-c", "from academie.cli.entry import main; main()", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--database", url, "--bot-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while True:
            try:
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.time() > deadline or server.poll() is not None:
                raise SystemExit("academie serve did not start")
            time.sleep(0.2)
        out = asyncio.run(main_async(args, base))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
    clients = out["clients"]
    stored = count_db_actions(url)
    lat = sorted(x for c in clients for x in c.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p95 = lat[int(0.95 * (len(lat) - 1))] * 1000 if lat else float("nan")
    lost = sum(c.lost for c in clients) + out["missing"]
    dup = sum(c.duplicated for c in clients) + out["mismatched"]
    print(f"web load: {out['tables']} tables, {len(clients)} WebSocket clients, {out['elapsed']:.1f} s on 127.0.0.1"
          f" ({os.cpu_count()} cores), SQLite" if args.database is None else f", {url.split(':')[0]}")
    print(f"  actions committed: {stored} ({stored / out['elapsed']:.0f} actions/s); the tables' last moves: {out['total']}")
    print(f"  updates received: {len(lat) + len(clients)}; action -> update on every seat: p50 {p50:.1f} ms, p95 {p95:.1f} ms")
    print(f"  lost actions: {lost}; duplicated actions: {dup}; refused (stale) actions: {sum(c.refused for c in clients)}")
    if stored != out["total"]:
        print(f"  MISMATCH: {stored} actions stored, the tables say {out['total']}")
    if lost or dup or stored != out["total"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
