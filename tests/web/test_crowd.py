"""Many tables, many clients, several processes: limits per client address, a paged lobby, lazy
loading at start-up, idle tables let go, and two real servers (or ``--workers 2``) on one
PostgreSQL acting as one site (leases, NOTIFY, take-over after ``kill -9``)."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from academie.core.record import GameRecord, replay
from academie.games import get_game
from academie.web.app import create_app
from academie.web.hub import Limits
from academie.web.store import SeatRow, Store, TableRow, actions, tables
from tests.web.support import Server, client, create, hub


def limited(url: str, **limits):
    return TestClient(create_app(url, bot_delay=0.0, limits=Limits(**limits)))


# --- one client, many tables ----------------------------------------------------------------------
def test_a_flood_of_tables_from_one_address_is_refused_past_the_limit(sqlite_url):
    with limited(sqlite_url, tables=5, bots=4) as c:
        made = [c.post("/api/tables", json={"game": "guimbarde", "seats": [{"kind": "human"}] * 3})
                for _ in range(8)]
        assert [r.status_code for r in made] == [200] * 5 + [429] * 3
        refusal = made[-1].json()["error"]
        assert "too many tables" in refusal and "limit 5" in refusal
        assert len(c.get("/").text.split('href="/watch/')) - 1 == 5  # nothing made past the limit
        form = c.post("/new/guimbarde", data={"players": "3"})
        assert form.status_code == 429 and "too many tables" in form.text
    with limited(sqlite_url.replace("web.sqlite3", "bots.sqlite3"), tables=50, bots=4) as c:
        ok = c.post("/api/tables", json={"game": "guimbarde", "seats": [{"kind": "human"}, {"kind": "random"},
                                                                        {"kind": "random"}]})
        assert ok.status_code == 200
        r = c.post("/api/tables", json={"game": "guimbarde", "seats": [{"kind": "random"}] * 3})
        assert r.status_code == 429 and "too many bots" in r.json()["error"] and "is 4" in r.json()["error"]


def test_the_limit_is_per_address_and_a_finished_table_frees_its_place(sqlite_url):
    with limited(sqlite_url, tables=1, bots=10) as c:
        t = create(c, "guimbarde", ["human", "random", "random"], seed=3, options={"deals": 1})
        assert c.post("/api/tables", json={"game": "guimbarde"}).status_code == 429
        other = TestClient(c.app, client=("10.1.2.3", 5000))
        assert other.post("/api/tables", json={"game": "guimbarde"}).status_code == 200
        from tests.web.test_api import play_out
        assert play_out(c, t["seats"][0]["token"])["over"]
        assert c.post("/api/tables", json={"game": "guimbarde"}).status_code == 200


def test_an_address_makes_at_most_so_many_tables_an_hour_finished_ones_included(sqlite_url):
    """A client that plays its tables out at once and makes them again is held too (371 tables a
    minute were made so, none refused, the server's memory growing by 35 MB a minute)."""
    with limited(sqlite_url, tables=50, bots=10, per_hour=3) as c:
        for _ in range(3):
            t = create(c, "trente-et-un", ["human", "random"], options={"lives": 1})
            from tests.web.test_api import play_out
            assert play_out(c, t["seats"][0]["token"])["over"]  # finished: no longer unfinished
        r = c.post("/api/tables", json={"game": "trente-et-un", "players": 2})
        assert r.status_code == 429 and "in the last hour" in r.json()["error"] and "limit 3 an hour" in r.json()["error"]
        other = TestClient(c.app, client=("10.1.2.3", 5000))
        assert other.post("/api/tables", json={"game": "trente-et-un", "players": 2}).status_code == 200


def test_a_finished_table_leaves_memory_sooner_than_one_in_play(sqlite_url):
    with limited(sqlite_url, evict_minutes=30, evict_finished_minutes=3) as c:
        from tests.web.test_api import play_out
        done = create(c, "guimbarde", ["human", "random", "random"], seed=3, options={"deals": 1})
        assert play_out(c, done["seats"][0]["token"])["over"]
        playing = create(c, "guimbarde", ["human", "random", "random"], seed=4)
        h = hub(c)
        later = time.monotonic() + 4 * 60  # four minutes on: the finished one goes, the other stays
        gone, _ = c.portal.call(h.prune, later)
        assert done["id"] in gone and playing["id"] not in gone, gone
        assert c.get(f"/record/{done['id']}").status_code == 200  # rebuilt from the database when asked for


def test_the_lobby_is_paged(sqlite_url):
    with limited(sqlite_url, tables=100) as c:
        ids = [create(c, "guimbarde", ["human"] * 3)["id"] for _ in range(65)]
        first = c.get("/").text
        assert first.count('href="/watch/') == 30 and 'href="/?page=2"' in first
        assert ids[-1] in first and ids[0] not in first  # last activity first
        third = c.get("/?page=3").text
        assert third.count('href="/watch/') == 5 and ids[0] in third and "page=4" not in third
        assert 'href="/?page=2"' in third
        assert c.get("/?page=x").status_code == 200  # not a number: the first page


def store_tables(url: str, count: int) -> list[str]:
    """``count`` stored tables of guimbarde (three people, no move yet); their ids."""
    store = Store(url)
    game = get_game("guimbarde")
    ids = []
    now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
    for i in range(count):
        row = TableRow(id=f"t{i:05d}", admin_key=f"a{i:05d}", game="guimbarde", game_version=game.info.version,
                       num_players=3, options=game.parse_options({}).model_dump(mode="json"), seed=i,
                       complete=False, created=now,
                       seats=[SeatRow(s, n, "human", f"k{i:05d}{s}") for s, n in enumerate(["A", "B", "C"])])
        store.create_table(row)
        ids.append(row.id)
    store.dispose()
    return ids


def test_start_up_loads_no_table_and_a_table_is_rebuilt_when_asked_for(sqlite_url):
    ids = store_tables(sqlite_url, 300)
    started = time.perf_counter()
    with client(sqlite_url) as c:
        assert c.get("/").status_code == 200
        elapsed = time.perf_counter() - started
        assert hub(c).tables == {}  # nothing loaded: the lobby is a query
        assert c.get("/").text.count('href="/watch/') == 30
        snap = c.get(f"/api/watch/{ids[7]}").json()
        assert snap["version"] == 0 and set(hub(c).tables) == {ids[7]}
        assert c.get(f"/api/play/k{7:05d}1").json()["seat"] == 1
        assert c.get(f"/admin/a{8:05d}").status_code == 200 and set(hub(c).tables) == {ids[7], ids[8]}
        assert c.get("/api/watch/nope").status_code == 404
    assert elapsed < 10, elapsed  # a loaded machine: the rebuilding of 300 tables is what is absent


def test_idle_tables_leave_memory_and_tables_never_played_are_abandoned(sqlite_url):
    with client(sqlite_url) as c:
        played = create(c, "guimbarde", ["human", "random", "random"], seed=2)
        token = played["seats"][0]["token"]
        snap = c.get(f"/api/play/{token}").json()
        for _ in range(500):
            if snap["legal"]:
                break
            time.sleep(0.01)
            snap = c.get(f"/api/play/{token}").json()
        assert c.post(f"/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]}).status_code == 200
        for _ in range(500):
            snap = c.get(f"/api/play/{token}").json()
            if snap["legal"]:
                break
            time.sleep(0.01)
        empty = create(c, "guimbarde", ["human"] * 3)
        h = hub(c)
        old = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None) - dt.timedelta(hours=25)
        with h.store.engine.begin() as conn:
            conn.execute(update(tables).values(updated=old))
        gone, abandoned = c.portal.call(h.prune, time.monotonic() + 31 * 60)
        assert abandoned == [empty["id"]]  # never a move: abandoned
        assert set(gone) == {empty["id"], played["id"]} and h.tables == {}
        lobby = c.get("/").text
        assert played["id"] in lobby and empty["id"] not in lobby
        # both come back when asked for; the played one where it was
        again = c.get(f"/api/play/{token}").json()
        assert again["version"] == snap["version"] and again["legal"] == snap["legal"]
        assert c.get(f"/api/watch/{empty['id']}").status_code == 200


# --- several processes, one PostgreSQL ------------------------------------------------------------
def wait(predicate, limit: float = 30, step: float = 0.05):
    deadline = time.time() + limit
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("timed out")


def turn_of(base: str, tokens: list[str]) -> tuple[str, dict] | None:
    for token in tokens:
        snap = httpx.get(f"{base}/api/play/{token}").json()
        if snap["over"] or snap["legal"]:
            return token, snap
    return None


def check_record(base: str, table_id: str, url: str) -> GameRecord:
    """The finished table's record replays, and the database holds each action once."""
    r = httpx.get(f"{base}/record/{table_id}")
    assert r.status_code == 200, r.text
    rec = GameRecord.model_validate_json(r.text)
    assert rec.complete
    replay(rec, get_game(rec.game))  # every action legal, in order
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            idx = list(conn.execute(select(actions.c.idx).where(actions.c.table_id == table_id)
                                    .order_by(actions.c.idx)).scalars())
    finally:
        store.dispose()
    assert idx == list(range(len(rec.actions)))
    return rec


def test_two_servers_on_one_postgresql_are_one_site(postgres_server):
    from websockets.sync.client import connect

    url = postgres_server()
    a = Server(url, args=("--lease", "2")).start()
    b = Server(url, args=("--lease", "2")).start()
    try:
        t = httpx.post(f"{a.base}/api/tables", json={"game": "guimbarde", "seed": 4,
                                                     "seats": [{"kind": "human"}] * 3}).json()
        tokens = [s["token"] for s in t["seats"]]
        assert httpx.get(f"{b.base}/watch/{t['id']}").status_code == 200  # found through the other
        assert httpx.get(f"{b.base}/admin/{t['admin'].rsplit('/', 1)[1]}").status_code == 200
        assert t["id"] in httpx.get(f"{b.base}/").text
        with connect(f"ws://127.0.0.1:{a.port}/ws/watch/{t['id']}") as ws:
            assert json.loads(ws.recv(10))["version"] == 0
            for n in range(8):  # played through both, in turn
                base = (a, b)[n % 2].base
                token, snap = wait(lambda: turn_of(base, tokens))
                r = httpx.post(f"{base}/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
                assert r.status_code == 200, r.text
                while True:  # the move is told on the first server's socket, wherever it was played
                    m = json.loads(ws.recv(10))
                    if m.get("type") == "update" and m["version"] >= snap["version"] + 1:
                        break
        va = httpx.get(f"{a.base}/api/watch/{t['id']}").json()
        vb = httpx.get(f"{b.base}/api/watch/{t['id']}").json()
        assert va["version"] == vb["version"] == 8 and va["board"] == vb["board"] and va["log"] == vb["log"]
        # a stale move through the other server is refused, not played twice
        token, snap = wait(lambda: turn_of(a.base, tokens))
        assert httpx.post(f"{a.base}/api/play/{token}", json={"action": snap["legal"][0],
                                                              "version": snap["version"]}).status_code == 200
        r = httpx.post(f"{b.base}/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
        assert r.status_code == 409
    finally:
        a.stop()
        b.stop()


def test_bots_play_once_across_servers_and_restarts(postgres_server):
    url = postgres_server()
    a = Server(url, bot_delay=0.02, args=("--lease", "2")).start()
    b = Server(url, bot_delay=0.02, args=("--lease", "2")).start()
    try:
        made = [httpx.post(f"{(a, b)[i % 2].base}/api/tables", json={
            "game": "guimbarde", "seed": i, "options": {"deals": 2},
            "seats": [{"kind": "random"}, {"kind": "heuristic"}, {"kind": "random"}]}).json() for i in range(4)]
        time.sleep(0.5)
        a.stop()  # a restart while the bots play: the other server goes on, then both
        a.start()
        for t in made:
            snap = wait(lambda: (s := httpx.get(f"{a.base}/api/watch/{t['id']}").json())["over"] and s, 120)
            assert snap["error"] is None, snap["error"]  # no bot was refused (no fight)
            check_record(b.base, t["id"], url)
    finally:
        a.stop()
        b.stop()


def test_kill_9_of_one_server_the_other_takes_its_bots_over(postgres_server):
    url = postgres_server()
    a = Server(url, bot_delay=0.05, args=("--lease", "2")).start()
    b = Server(url, bot_delay=0.05, args=("--lease", "2")).start()
    try:
        t = httpx.post(f"{a.base}/api/tables", json={"game": "guimbarde", "seed": 9, "options": {"deals": 1},
                                                     "seats": [{"kind": "human"}, {"kind": "random"},
                                                               {"kind": "heuristic"}]}).json()
        bots = httpx.post(f"{a.base}/api/tables", json={"game": "guimbarde", "seed": 10, "options": {"deals": 2},
                                                        "seats": [{"kind": "random"}] * 3}).json()
        token = t["seats"][0]["token"]
        played = []
        for _ in range(3):
            _, snap = wait(lambda: turn_of(b.base, [token]))
            r = httpx.post(f"{b.base}/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
            assert r.status_code == 200
            played.append((snap["version"], snap["legal"][0]))
        a.kill()
        killed = time.time()
        first = True
        while True:
            _, snap = wait(lambda: turn_of(b.base, [token]), 20)
            if first:  # the bots answered the last move: the lease (2 s) ran out, the other server took over
                # (the lease, a heartbeat, then a first move in a bot process of its own, which loads
                # the bot's code first: seconds on a loaded machine)
                assert time.time() - killed < 2 + 2 + 15, time.time() - killed
                first = False
            if snap["over"]:
                break
            r = httpx.post(f"{b.base}/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
            assert r.status_code == 200, r.text
            played.append((snap["version"], snap["legal"][0]))
        rec = check_record(b.base, t["id"], url)
        for version, action in played:  # every acknowledged move is where it was played
            assert rec.actions[version] == action
        snap = wait(lambda: (s := httpx.get(f"{b.base}/api/watch/{bots['id']}").json())["over"] and s, 120)
        assert snap["error"] is None
        check_record(b.base, bots["id"], url)
    finally:
        a.stop()
        b.stop()


def test_workers_2_serve_every_table_from_either_worker(postgres_server):
    from websockets.sync.client import connect

    url = postgres_server()
    server = Server(url, args=("--workers", "2")).start()
    try:
        made = [httpx.post(f"{server.base}/api/tables", json={"game": "guimbarde", "seats": [{"kind": "human"}] * 3})
                for _ in range(24)]
        assert all(r.status_code == 200 for r in made)
        for r in made:
            t = r.json()
            assert httpx.get(f"{server.base}/watch/{t['id']}").status_code == 200
            seat = httpx.get(f"{server.base}/play/{t['seats'][1]['token']}", follow_redirects=True)  # the cookie's way
            assert seat.status_code == 200 and seat.url.path == f"/seat/{t['id']}/1"
        for r in made[:8]:
            with connect(f"ws://127.0.0.1:{server.port}/ws/watch/{r.json()['id']}") as ws:
                assert json.loads(ws.recv(10))["type"] == "update"
    finally:
        server.stop()


def test_workers_above_1_are_refused_on_sqlite(sqlite_url):
    r = subprocess.run([sys.executable, "-c", "from academie.cli.entry import main; main()", "serve", "--workers", "2",
                        "--database", sqlite_url, "--port", "1"], capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "--workers 2 needs PostgreSQL" in r.stdout + r.stderr


def test_servers_starting_together_migrate_once(postgres_server):
    url = postgres_server()
    at = time.time() + 6  # every process imported and waiting: they open the database together
    code = (f"import time; import academie.web.store as s; import alembic.command; time.sleep(max(0, {at} - time.time())); "
            f"s.Store({url!r}).dispose()")
    procs = [subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True) for _ in range(4)]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * 4, errors
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            from sqlalchemy import text
            assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    finally:
        store.dispose()


def test_moves_another_process_stored_are_each_announced_in_order(tmp_path):
    """A copy that catches up with moves another process stored (before a person's move, or on
    its NOTIFY) announces each of them: every watcher gets every move number once and in order,
    never a jump over the moves played elsewhere."""
    import asyncio

    from academie.web.hub import Hub
    from academie.web.live import ActionRefused
    from academie.web.live import Watcher
    from academie.web.store import Store

    store = Store(f"sqlite:///{tmp_path / 'shared.sqlite3'}")
    hub = Hub(store, bot_delay=0)
    table = hub.create("guimbarde", 3, {}, [("A", "human"), ("B", "human"), ("C", "human")], seed=3)
    table.shared = True  # other processes write it too
    watcher = Watcher(None)
    table.watchers.add(watcher)
    # another process plays three moves: stored, not applied to this copy
    other = table.state.clone()
    for idx in range(3):
        notation = other.legal_action_strings()[0]
        other.apply_action(other.string_to_action(notation))
        assert not other.is_chance_node()  # three cards played: no deal yet
        store.append_action(table.id, idx, notation)

    async def go() -> None:
        await table.act(table.state.current_player(), table.state.legal_action_strings()[0], 0)

    with pytest.raises(ActionRefused):  # sent for move 0: caught up, it is now stale
        asyncio.run(go())
    versions = []
    while not watcher.queue.empty():
        versions.append(json.loads(watcher.queue.get_nowait())["version"])
    assert versions == [1, 2, 3]
    assert table.version == 3
    store.dispose()


def test_a_forwarded_for_header_does_not_choose_the_address_of_the_limits(tmp_path):
    """On a real server, the address the limits count is the connection's: a client at its limit
    who sends X-Forwarded-For with another address is still refused (uvicorn trusted the header
    from 127.0.0.1 by default: anyone local could pass the limit)."""
    server = Server(f"sqlite:///{tmp_path / 'forwarded.sqlite3'}", args=("--max-tables", "1")).start()
    try:
        made = httpx.post(f"{server.base}/api/tables", json={"game": "trente-et-un", "seats": [{"kind": "human"}] * 2})
        assert made.status_code == 200
        again = httpx.post(f"{server.base}/api/tables", headers={"X-Forwarded-For": "1.2.3.4"},
                           json={"game": "trente-et-un", "seats": [{"kind": "human"}] * 2})
        assert again.status_code == 429, again.text
    finally:
        server.stop()
