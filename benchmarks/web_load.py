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

It also prints the server's CPU time per action committed: the CPU time (user and system,
from ``/proc``) of the server process and of every process under it (``--workers``, a pool of
bots) over the load, divided by the actions committed then; split into the event loops (the
main thread of each server process), their other threads (the database's writes, the quick
bots) and the bots' processes. Beside it, the CPU of what is not the server, per action: the
clients (this benchmark's own process: the load generator, on the same cores) and, with
``--postgres``, the PostgreSQL server.

``--profile FILE`` runs the server under cProfile (its main thread, the event loop; wall time,
so a loaded machine shows in it) and writes the statistics to FILE (``pstats``).

``--workers N`` starts the server with ``academie serve --workers N`` (several processes over
one database: give PostgreSQL); ``--database URL`` plays on that database (it must be new and
empty); ``--postgres`` starts a throw-away PostgreSQL server for the run (``initdb`` and
``pg_ctl`` on a temporary folder, as the user ``nobody`` when run as root, on a free port of
127.0.0.1), removed at the end.

Run: ``.venv/bin/python benchmarks/web_load.py [--tables 50] [--seconds 30] [--workers 2 --postgres]``.
Prints the figures (not a test: README quotes them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pwd
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import websockets

try:  # the clients' side decodes every update too: as fast as it can, to leave the cores to the server
    from orjson import loads
except ImportError:
    from json import loads

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
        async with websockets.connect(self.url, max_size=2**24, compression=None) as ws:
            while True:
                left = until - time.time()
                if left <= 0:
                    return
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=left)
                except asyncio.TimeoutError:
                    return
                now = time.time()
                m = loads(raw)
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


async def committed(http: httpx.AsyncClient, tables: list[dict]) -> int:
    """Actions committed so far at ``tables`` (their move numbers, summed)."""
    return sum([(await http.get(f"/api/watch/{t['id']}")).json()["version"] for t in tables])


async def main_async(args: argparse.Namespace, base: str, server_pid: int, database_pid: int | None = None) -> dict:
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
        first = await committed(http, tables)
        cpu0, mine0 = tree_cpu(server_pid), time.process_time()
        db0 = process_tree_cpu(database_pid) if database_pid else 0.0
        start = time.time()
        until = start + args.seconds
        await asyncio.gather(*(c.run(until) for c in clients))
        elapsed = time.time() - start
        await asyncio.sleep(0.5)  # let the last bot moves settle
        cpu1, mine = tree_cpu(server_pid), time.process_time() - mine0
        database_cpu = process_tree_cpu(database_pid) - db0 if database_pid else None
        parts = {k: cpu1[k] - cpu0[k] for k in cpu1}
        cpu = sum(parts.values())
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
            "tables": len(tables), "cpu": cpu, "committed": total - first,
            "clients_cpu": mine, "parts": parts, "database_cpu": database_cpu}


def process_tree_cpu(root: int) -> float:
    """CPU seconds (user + system) used so far by process ``root`` and every live process under
    it, read from ``/proc``; 0.0 where ``/proc`` cannot be read."""
    return sum(tree_cpu(root).values())


def _stat(path: str) -> list[str] | None:
    try:
        with open(path) as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def tree_cpu(root: int) -> dict[str, float]:
    """CPU seconds (user + system) used so far under process ``root`` (itself and every live process
    under it), by part: ``loops``, the main threads of the server's processes (``root``, and its
    ``--workers``: the event loops); ``threads``, their other threads (database writes, quick
    bots); ``others``, the processes under them that serve no request (the bots' pools, their
    fork server). Read from ``/proc``; zeros where it cannot be read."""
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    spent: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fields = _stat(f"/proc/{entry}/stat")
        if fields is None:
            continue
        parent[int(entry)] = int(fields[1])
        spent[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    out = {"loops": 0.0, "threads": 0.0, "others": 0.0}
    for pid in spent:
        p, depth = pid, 0
        while p in parent and p != root and p > 1:
            p, depth = parent[p], depth + 1
        if p != root:
            continue
        servers = depth == 0 or (depth == 1 and _serves(pid))
        if not servers:
            out["others"] += spent[pid]
            continue
        main = _stat(f"/proc/{pid}/task/{pid}/stat")
        loop = (int(main[11]) + int(main[12])) / tick if main else spent[pid]
        out["loops"] += loop
        out["threads"] += max(0.0, spent[pid] - loop)
    return out


def _serves(pid: int) -> bool:
    """Whether process ``pid`` (a child of the server) is one of uvicorn's workers (spawned by
    multiprocessing), not a fork server, a bots' pool or a resource tracker."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            command = f.read().replace(b"\0", b" ")
    except OSError:
        return False
    return b"spawn_main" in command


class Postgres:
    """A throw-away PostgreSQL server on a free port of 127.0.0.1, in a temporary folder."""

    DIRS = ("/usr/local/bin", "/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin")

    def __init__(self) -> None:
        def find(name: str) -> str:
            found = shutil.which(name) or next(
                (os.path.join(d, name) for d in self.DIRS if os.path.exists(os.path.join(d, name))), None)
            if found is None:
                raise SystemExit(f"--postgres needs PostgreSQL's {name} (install postgresql)")
            return found
        self.initdb, self.pg_ctl = find("initdb"), find("pg_ctl")
        self.root = tempfile.mkdtemp(prefix="academie-load-pg-")
        self.data = os.path.join(self.root, "data")
        self.port = free_port()
        self.run_as: dict = {}
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            user = pwd.getpwnam("nobody")
            os.chown(self.root, user.pw_uid, user.pw_gid)

            def demote() -> None:
                os.setgid(user.pw_gid)
                os.setuid(user.pw_uid)

            self.run_as = {"preexec_fn": demote}
        self.env = dict(os.environ, LC_ALL="C", LANG="C")

    def start(self) -> str:
        """Start the server; returns the URL of a new database on it."""
        subprocess.run([self.initdb, "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
                       check=True, capture_output=True, env=self.env, cwd=self.root, **self.run_as)
        subprocess.run([self.pg_ctl, "-D", self.data, "-l", os.path.join(self.root, "log"), "-w", "-t", "60",
                        "start", "-o", f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1"],
                       check=True, capture_output=True, env=self.env, cwd=self.root, **self.run_as)
        import psycopg

        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True) as conn:
            conn.execute("CREATE DATABASE load")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/load"

    def pid(self) -> int | None:
        """The process id of the running server (its postmaster), or None."""
        try:
            with open(os.path.join(self.data, "postmaster.pid")) as f:
                return int(f.readline())
        except (OSError, ValueError):
            return None

    def stop(self) -> None:
        subprocess.run([self.pg_ctl, "-D", self.data, "-m", "immediate", "stop"], capture_output=True,
                       env=self.env, cwd=self.root, **self.run_as)
        shutil.rmtree(self.root, ignore_errors=True)


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
    parser.add_argument("--database", default=None,
                        help="a SQLAlchemy URL of a new, empty database (default: a temporary SQLite file)")
    parser.add_argument("--postgres", action="store_true",
                        help="play on a throw-away PostgreSQL server started for the run (initdb, pg_ctl)")
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes (academie serve --workers N; over PostgreSQL)")
    parser.add_argument("--profile", metavar="FILE", default=None,
                        help="run the server under cProfile (its main thread: the event loop), stats written to FILE")
    args = parser.parse_args()
    if args.postgres and args.database:
        parser.error("give --database URL or --postgres, not both")
    if args.workers < 1:
        parser.error(f"--workers must be at least 1, not {args.workers}")
    folder = tempfile.mkdtemp(prefix="academie-load-")
    postgres = Postgres() if args.postgres else None
    try:
        url = postgres.start() if postgres else args.database or f"sqlite:///{os.path.join(folder, 'load.sqlite3')}"
        run(args, url, postgres.pid() if postgres else None)
    finally:
        if postgres is not None:
            postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)


def run(args: argparse.Namespace, url: str, database_pid: int | None = None) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    start = ["-m", "cProfile", "-o", args.profile, "-m", "academie"] if args.profile else \
        ["-c", "from academie.cli.entry import main; main()"]
    command = [sys.executable, *start, "serve", "--host", "127.0.0.1",
               "--port", str(port), "--database", url, "--bot-delay", "0"]
    if args.workers != 1:
        command += ["--workers", str(args.workers)]
    log = tempfile.TemporaryFile()
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
    try:
        deadline = time.time() + 60
        while True:
            try:
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.time() > deadline or server.poll() is not None:
                log.seek(0)
                raise SystemExit("academie serve did not start: " + log.read().decode(errors="replace")[-1500:])
            time.sleep(0.2)
        out = asyncio.run(main_async(args, base, server.pid, database_pid))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
    clients = out["clients"]
    stored = count_db_actions(url)
    lat = sorted(x for c in clients for x in c.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p95 = lat[int(0.95 * (len(lat) - 1))] * 1000 if lat else float("nan")
    lost = sum(c.lost for c in clients) + out["missing"]
    dup = sum(c.duplicated for c in clients) + out["mismatched"]
    backend = url.split(":")[0].split("+")[0]
    backend = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}.get(backend, backend)
    print(f"web load: {out['tables']} tables, {len(clients)} WebSocket clients, {out['elapsed']:.1f} s on 127.0.0.1"
          f" ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}), {backend}, "
          f"{args.workers} server process{'es' if args.workers != 1 else ''}")
    print(f"  actions committed: {stored} ({stored / out['elapsed']:.0f} actions/s); the tables' last moves: {out['total']}")
    during = out["committed"]
    if during:
        print(f"  server CPU: {out['cpu']:.1f} s for the {during} actions committed under load: "
              f"{out['cpu'] / during * 1e6:.0f} µs per action ({out['cpu'] / out['elapsed'] * 100:.0f}% of a core;"
              f" the clients' process: {out['clients_cpu'] / out['elapsed'] * 100:.0f}%)")
        parts = out["parts"]
        print(f"    of which the event loop{'s' if args.workers != 1 else ''} {parts['loops'] / during * 1e6:.0f} µs, "
              f"the server's other threads (database, quick bots) {parts['threads'] / during * 1e6:.0f} µs, "
              f"the bots' processes {parts['others'] / during * 1e6:.0f} µs")
        print(f"  beside it: the clients' process {out['clients_cpu'] / during * 1e6:.0f} µs per action"
              + (f", the PostgreSQL server {out['database_cpu'] / during * 1e6:.0f} µs"
                 if out["database_cpu"] is not None else ""))
    print(f"  updates received: {len(lat) + len(clients)}; action -> update on every seat: p50 {p50:.1f} ms, p95 {p95:.1f} ms")
    print(f"  lost actions: {lost}; duplicated actions: {dup}; refused (stale) actions: {sum(c.refused for c in clients)}")
    if stored != out["total"]:
        print(f"  MISMATCH: {stored} actions stored, the tables say {out['total']}")
    if lost or dup or stored != out["total"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
