"""Onlookers cost one drawing per update: another table's requests while many watch one table.

A real ``academie serve`` process is started on a free port of 127.0.0.1 with a temporary
SQLite file and bots that wait 0.2 s a move. One long Reversis table of four random bots is
watched by ``--onlookers`` WebSocket clients (each reading every update); meanwhile the
benchmark asks for another table (``GET /api/watch/ID``) every 50 ms for ``--seconds`` and times
each request.

Run: ``.venv/bin/python benchmarks/web_onlookers.py [--onlookers 500] [--seconds 8]``. Prints the
other table's latency, p50 and p95 in milliseconds, and the updates the onlookers received
(not a test: docs/browser.md quotes them).
"""

from __future__ import annotations

import argparse
import asyncio
import time

import httpx
from web_server import served
import websockets


async def onlooker(url: str, counts: list[int]) -> None:
    try:
        async with websockets.connect(url, max_size=2**24) as ws:
            async for _ in ws:
                counts[0] += 1
    except Exception:  # the server stopped, or dropped this client
        pass


async def run(base: str, port: int, watched: str, other: str, n: int, seconds: float) -> None:
    counts = [0]
    tasks = [asyncio.create_task(onlooker(f"ws://127.0.0.1:{port}/ws/watch/{watched}", counts)) for _ in range(n)]
    await asyncio.sleep(8)  # every onlooker connected
    latencies = []
    async with httpx.AsyncClient(base_url=base) as c:
        end = time.time() + seconds
        while time.time() < end:
            start = time.perf_counter()
            await c.get(f"/api/watch/{other}")
            latencies.append(time.perf_counter() - start)
            await asyncio.sleep(0.05)
    for t in tasks:
        t.cancel()
    ms = sorted(x * 1000 for x in latencies)
    print(f"{n} onlookers of one table: another table's request p50 {ms[len(ms) // 2]:.0f} ms, "
          f"p95 {ms[int(len(ms) * 0.95)]:.0f} ms; {counts[0]} updates received")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onlookers", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=8)
    args = parser.parse_args()
    with served("--bot-delay", "0.2", "--max-sockets", str(args.onlookers + 10), prefix="academie-onlookers-") as (base, port):
        watched = httpx.post(f"{base}/api/tables", json={
            "game": "reversis", "seed": 1, "options": {"deals": 1000, "counters": 100000},
            "seats": [{"kind": "random"}] * 4}).json()["id"]
        other = httpx.post(f"{base}/api/tables", json={
            "game": "trente-et-un", "seed": 1, "seats": [{"kind": "human"}] * 2}).json()["id"]
        asyncio.run(run(base, port, watched, other, args.onlookers, args.seconds))


if __name__ == "__main__":
    main()
