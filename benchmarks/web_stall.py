"""No table stalls another: a person's move at one table while other tables run heavy bots.

A real ``academie serve`` process is started on a free port of 127.0.0.1 with a temporary
SQLite file and bots that do not wait (``--bot-delay 0``). ``--heavy`` tables of four ISMCTS bots
(``--spec``, default the heaviest search the server allows) play Reversis among themselves; one
more table seats two people at Trente et un, and the benchmark plays their moves over HTTP
(``POST /api/play/TOKEN``) for ``--seconds``, timing each from the request to its answer (a
move without an answer in 60 s counts as 60 s, and ends the run).

Run: ``.venv/bin/python benchmarks/web_stall.py [--heavy 6] [--seconds 20]``. Prints the
latency's mean, p50, p95 and max in milliseconds (not a test: docs/browser.md quotes them).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import httpx
from web_server import served

HEAVY = "ismcts:iterations=5000:infer=heuristic:candidates=32"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heavy", type=int, default=6, help="tables of heavy bots")
    parser.add_argument("--spec", default=HEAVY, help="the heavy bots' spec")
    parser.add_argument("--seconds", type=float, default=20, help="how long the person plays")
    parser.add_argument("--extra", nargs="*", default=[], help="more options for academie serve")
    args = parser.parse_args()
    with served("--bot-delay", "0", *args.extra, prefix="academie-stall-") as (base, port):
        with httpx.Client(base_url=base, timeout=300) as c:
            for _ in range(args.heavy):
                r = c.post("/api/tables", json={"game": "reversis", "seats": [{"kind": args.spec}] * 4})
                assert r.status_code == 200, r.text
            t = c.post("/api/tables", json={"game": "trente-et-un", "seed": 1,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
            tokens = [s["token"] for s in t["seats"]]
            print(f"{args.heavy} heavy tables and the people's table made", file=sys.stderr)
            time.sleep(2)  # the heavy bots are thinking
            latencies: list[float] = []
            end = time.time() + args.seconds
            while time.time() < end:
                snaps = [c.get(f"/api/play/{token}").json() for token in tokens]
                if snaps[0]["over"]:
                    break
                token, snap = next(((k, s) for k, s in zip(tokens, snaps) if s["legal"]), (None, None))
                if snap is None:
                    time.sleep(0.02)
                    continue
                start = time.perf_counter()
                try:
                    r = c.post(f"/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]},
                               timeout=60)
                except httpx.TimeoutException:
                    latencies.append(60.0)
                    print("a move got no answer in 60 s", file=sys.stderr)
                    break
                latencies.append(time.perf_counter() - start)
                assert r.status_code in (200, 409), r.text
        ms = sorted(x * 1000 for x in latencies)
        print(f"{len(ms)} moves beside {args.heavy} tables of {args.spec}: mean {statistics.mean(ms):.0f} ms, "
              f"p50 {ms[len(ms) // 2]:.0f} ms, p95 {ms[int(len(ms) * 0.95)]:.0f} ms, max {ms[-1]:.0f} ms")


if __name__ == "__main__":
    main()
