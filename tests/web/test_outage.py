"""A PostgreSQL restart during play: bots resume by themselves, no seat sees the database's own
error, a move while the database is down gets a JSON 503 saying the table is reconnecting,
changes nothing, and is played when sent again."""

from __future__ import annotations

import time

import pytest

from academie.web.live import RECONNECTING
from tests.web.conftest import Postgres
from tests.web.support import client, create, hub


@pytest.fixture
def restartable_postgres():
    pytest.importorskip("psycopg")
    server = Postgres()
    try:
        yield server
    finally:
        server.close()


def wait_turn(c, token: str, limit: float = 30) -> dict:
    deadline = time.time() + limit
    while time.time() < deadline:
        snap = c.get(f"/api/play/{token}").json()
        if snap["legal"] or snap["over"]:
            return snap
        time.sleep(0.02)
    raise AssertionError("the person's turn never came")


def test_a_postgresql_restart_during_play(restartable_postgres):
    pg = restartable_postgres
    url = pg.database()
    with client(url, bot_delay=0.02) as c:
        bot_tables = [create(c, "reversis", ["random"] * 4, seed=s, options={"deals": 1000, "counters": 100000})["id"]
                      for s in range(4)]
        t = create(c, "trente-et-un", ["human", "random"], seed=5)
        token = t["seats"][0]["token"]
        tables = hub(c).tables
        watchers = [c.websocket_connect(f"/ws/watch/{i}") for i in bot_tables]
        seen: list[dict] = []
        try:
            for ws in watchers:
                ws.__enter__()
            time.sleep(1.0)
            snap = wait_turn(c, token)
            pg.ctl("stop")
            time.sleep(1.5)  # every bot table tries to store a move, and cannot
            stalled = {i: tables[i].version for i in bot_tables}
            r = c.post(f"/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
            assert r.status_code == 503 and r.json() == {"error": RECONNECTING}, r.text
            assert c.get(f"/api/play/{token}").json()["version"] == snap["version"]  # nothing changed
            during = [c.get(f"/api/play/{token}").json()] + [c.get(f"/api/watch/{i}").json() for i in bot_tables]
            assert any(s["error"] == RECONNECTING for s in during)
            seen.extend(during)
            time.sleep(0.5)
            assert {i: tables[i].version for i in bot_tables} == stalled  # nothing played unstored
            pg.ctl("start")
            r = c.post(f"/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
            assert r.status_code == 200, r.text  # the same move, sent again
            deadline = time.time() + 20
            while time.time() < deadline and any(tables[i].version <= stalled[i] + 5 for i in bot_tables):
                time.sleep(0.1)
            assert all(tables[i].version > stalled[i] + 5 for i in bot_tables), "a table's bots did not resume"
            # a restart in one go, the bots playing on through it
            before = {i: tables[i].version for i in bot_tables}
            pg.ctl("restart")
            deadline = time.time() + 20
            while time.time() < deadline and any(tables[i].version <= before[i] + 5 for i in bot_tables):
                time.sleep(0.1)
            assert all(tables[i].version > before[i] + 5 for i in bot_tables), "a table's bots did not resume"
            after = [c.get(f"/api/play/{token}").json()] + [c.get(f"/api/watch/{i}").json() for i in bot_tables]
            assert all(s["error"] is None for s in after), [s["error"] for s in after]
            seen.extend(after)
            for ws in watchers:  # what the onlookers were sent meanwhile
                for _ in range(30):
                    seen.append(ws.receive_json())
        finally:
            for ws in watchers:
                ws.__exit__(None, None, None)
        played = {i: tables[i].version for i in bot_tables}
        stored = {i: hub(c).store.count_actions(i) for i in bot_tables}
        assert all(stored[i] >= played[i] for i in bot_tables)  # every move played is stored
    words = [str(pg.port), "127.0.0.1", "psycopg", "OperationalError", "connection"]
    for s in seen:
        text = " ".join(str(s.get(k)) for k in ("error", "status", "log"))
        assert not any(w in text for w in words), text[:300]
