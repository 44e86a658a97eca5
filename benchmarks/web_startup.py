"""Start-up of ``academie serve`` over a database with many stored tables: seconds from the
process's start to its first answer (the lobby), and its memory then.

    PYTHONPATH=src python benchmarks/web_startup.py [TABLES] [MOVES]

Makes a SQLite database of TABLES guimbarde tables (three people, MOVES moves each, played
through the application), then starts a real server on it and times ``GET /``.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


def fill(url: str, count: int, moves: int) -> None:
    from fastapi.testclient import TestClient

    from academie.web.app import create_app

    try:
        from academie.web.hub import Limits
        app = create_app(url, bot_delay=0.0, limits=Limits(tables=count + 1))
    except ImportError:  # a version before the limits
        app = create_app(url, bot_delay=0.0)
    with TestClient(app) as c:
        for _ in range(count):
            t = c.post("/api/tables", json={"game": "guimbarde", "seats": [{"kind": "human"}] * 3}).json()
            tokens = [s["token"] for s in t["seats"]]
            for _ in range(moves):
                for token in tokens:
                    snap = c.get(f"/api/play/{token}").json()
                    if snap["legal"]:
                        c.post(f"/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
                        break


def first_answer(url: str) -> tuple[float, float]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", "from academie.cli.entry import main; main()", "serve", "--port",
                             str(port), "--database", url], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.perf_counter() - started < 300:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/", timeout=2).status_code == 200:
                    elapsed = time.perf_counter() - started
                    rss = int(Path(f"/proc/{proc.pid}/status").read_text().split("VmRSS:")[1].split()[0]) / 1024
                    return elapsed, rss
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("no answer in 300 s")
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    moves = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    folder = Path(tempfile.mkdtemp(prefix="academie-startup-"))
    url = f"sqlite:///{folder / 'web.sqlite3'}"
    made = time.perf_counter()
    fill(url, count, moves)
    print(f"{count} tables of {moves} moves stored in {time.perf_counter() - made:.1f} s")
    empty = f"sqlite:///{folder / 'empty.sqlite3'}"
    print(f"an empty database: {first_answer(empty)[0]:.2f} s to the first answer")
    elapsed, rss = first_answer(url)
    print(f"{count} stored tables: {elapsed:.2f} s to the first answer, {rss:.0f} MB resident")


if __name__ == "__main__":
    main()
