"""No table stalls another: bots think in processes of their own with a time cap, a bot past
its cap is stopped and the table goes on, a socket client that does not read is dropped, a
frame over the limit is refused, onlookers cost one drawing per update."""

from __future__ import annotations

import base64
import os
import socket
import statistics
import time

import httpx
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from academie.web import live
from academie.web.app import MAX_FRAME, create_app
from academie.web.thinking import BotPool, capped_bot, move_seed
from tests.web.support import Server, client, create, hub, wait_for

HEAVY = "ismcts:iterations=5000:infer=heuristic:candidates=32"
"""The heaviest search a server allows at Reversis (a move of it runs for minutes uncapped)."""

LONG_REVERSIS = {"deals": 1000, "counters": 100000}


def stubborn(kind, game_id, options, num_players, seed, view, legal, cap):
    """A bot's move that runs far past any cap (run in a worker of the pool)."""
    time.sleep(120)
    return legal[0]


_LOADED: list[bool] = []


def _load_once(*args):
    """A worker's first move loads (as the kernels load: seconds), later ones do not."""
    if not _LOADED:
        time.sleep(2.5)
        _LOADED.append(True)


def loads_then_thinks(kind, game_id, options, num_players, seed, view, legal, cap):
    """A bot's move after its kernels' load (:func:`_load_once`): seed 0 thinks for ever, the
    others at once."""
    if seed == 0:
        time.sleep(120)
    return legal[0]


loads_then_thinks.prepare = _load_once


def slow(kind, game_id, options, num_players, seed, view, legal, cap):
    """A search's move: half a second."""
    time.sleep(0.5)
    return legal[0]


def test_the_cap_counts_from_the_bots_clock_in_every_worker_a_new_one_too():
    """A worker's kernels load before its bot's clock starts: a worker started to replace one
    killed past the cap loads them again, and its move is not killed for it (it was: after a
    game's first move, the allowance for the load was given no more, and every particles move
    of a fresh worker was stopped at 8 s, 4 times out of 4)."""
    import asyncio

    async def go() -> list:
        pool = BotPool(1, cap=0.3, grace=0.7, task=loads_then_thinks)
        try:
            notes = []
            for seed in (1, 0, 2):  # a load and a move; a move stopped; a new worker's load and move
                started = time.perf_counter()
                choice = await pool.choose("ismcts:iterations=50", "reversis", {}, 4, seed, None, [5, 6])
                notes.append((choice.note is None, round(time.perf_counter() - started)))
            return notes + [pool.stopped]
        finally:
            await asyncio.to_thread(pool.close)

    first, stopped, fresh, count = asyncio.run(go())
    assert first[0] and fresh[0] and first[1] >= 2 and fresh[1] >= 2, (first, fresh)  # loads of 2.5 s, not killed
    assert stopped == (False, 1) and count == 1  # stopped at cap + grace after its clock started


def test_the_pools_processes_take_moves_by_turns_of_address():
    """One address's many searching tables never keep another address's move waiting behind
    all of theirs (a person's ``hard`` bot waited 71–80 s behind 48 searches of one address):
    the processes take one move of each address in turn."""
    import asyncio

    async def go() -> list[str]:
        pool = BotPool(1, cap=3.0, task=slow)
        done: list[str] = []
        try:
            async def move(who: str, k: int) -> None:
                await pool.choose("ismcts:iterations=50", "reversis", {}, 4, k, None, [5, 6], turn_of=who)
                done.append(f"{who}{k}")

            flood = [asyncio.ensure_future(move("flood", k)) for k in range(6)]
            await asyncio.sleep(0.1)
            person = asyncio.ensure_future(move("person", 0))
            await asyncio.gather(*flood, person)
            return done
        finally:
            await asyncio.to_thread(pool.close)

    done = asyncio.run(go())
    assert done.index("person0") <= 2, done  # behind the move being thought and at most one more
    assert [d for d in done if d.startswith("flood")] == [f"flood{k}" for k in range(6)]  # each address's in order


def test_a_person_who_asks_move_after_move_waits_one_move_of_the_flood_each_time():
    """An address that asks for its next move only once its last is played (a table's bot, move
    after move) waits behind one move of a flooding address each time, not two (it was put back
    in line behind the flood each time the flood was served)."""
    import asyncio

    async def go() -> str:
        pool = BotPool(1, cap=3.0, task=slow)
        order: list[str] = []
        try:
            async def flood(k: int) -> None:
                await pool.choose("ismcts:iterations=50", "reversis", {}, 4, k, None, [5, 6], turn_of="flood")
                order.append("A")

            async def person() -> None:
                for k in range(3):
                    await pool.choose("ismcts:iterations=50", "reversis", {}, 4, k, None, [5, 6], turn_of="person")
                    order.append("V")

            floods = [asyncio.ensure_future(flood(k)) for k in range(8)]
            await asyncio.sleep(0.1)
            await person()
            for f in floods:
                f.cancel()
            await asyncio.gather(*floods, return_exceptions=True)
            return "".join(order)
        finally:
            await asyncio.to_thread(pool.close)

    order = asyncio.run(go())
    assert order.startswith("AVAVAV"), order


def test_the_levels_that_do_not_search_never_queue_behind_a_search():
    from academie.web.thinking import quick_kind

    assert [quick_kind(k, "reversis") for k in ("random", "heuristic", "easy", "medium", "hard", "ismcts:iterations=9")] \
        == [True, True, True, True, False, False]
    assert quick_kind("medium", "trente-et-un") and not quick_kind("hard", "trente-et-un")
    assert not quick_kind("own=ismcts", "guimbarde")


def test_every_bot_with_a_seconds_parameter_is_given_the_cap():
    assert capped_bot("ismcts:iterations=5000", "reversis", 1, 5.0).seconds == 5.0
    assert capped_bot("ismcts:iterations=50:seconds=2", "reversis", 1, 5.0).seconds == 2.0
    assert capped_bot("ismcts:iterations=50:seconds=60", "reversis", 1, 5.0).seconds == 5.0
    assert capped_bot("heuristic", "reversis", 1, 5.0).choose  # no such parameter: made as it is
    # a seed of its own for each table, seat and move, the same every time
    assert move_seed(7, 1, 10) == move_seed(7, 1, 10)
    assert len({move_seed(7, 1, 10), move_seed(7, 2, 10), move_seed(7, 1, 11), move_seed(8, 1, 10)}) == 4


def test_a_bot_past_its_cap_is_stopped_and_the_table_goes_on(sqlite_url):
    pool = BotPool(1, cap=0.3, grace=0.7, task=stubborn)
    try:
        with client_with(sqlite_url, pool) as c:
            t = create(c, "trente-et-un", ["random", "human"], seed=3)
            table = hub(c).tables[t["id"]]
            token = t["seats"][1]["token"]
            start = time.time()
            for moves in range(3):  # each bot move: stopped at its cap, a quick move played instead
                snap = wait_turn(c, token, 20)
                if snap["over"]:
                    break
                r = c.post(f"/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
                assert r.status_code == 200, r.text
            assert pool.stopped >= 2  # the killed worker was replaced: the second move was thought again
            assert time.time() - start < 30  # each stop came at cap + grace (1 s), not after 120 s
            assert table.error is None and table.version >= 4
    finally:
        pool.close()


def test_a_tables_bots_play_the_same_moves_for_the_same_seed(sqlite_url):
    with client(sqlite_url) as c:
        ids = [create(c, "guimbarde", ["heuristic", "random", "ismcts:iterations=20"], seed=11)["id"] for _ in range(2)]
        tables = [hub(c).tables[i] for i in ids]
        deadline = time.time() + 120
        while not all(t.state.is_terminal() for t in tables) and time.time() < deadline:
            time.sleep(0.1)
        assert all(t.state.is_terminal() for t in tables)
        assert tables[0].record.actions == tables[1].record.actions


def test_onlookers_cost_one_drawing_per_update(sqlite_url, monkeypatch):
    drawn: list = []
    real = live.room.draw

    def counting(game, view, names, seat, legal, lang, **kwargs):
        drawn.append(seat)
        return real(game, view, names, seat, legal, lang, **kwargs)

    monkeypatch.setattr(live.room, "draw", counting)
    with client(sqlite_url) as c:
        t = create(c, "trente-et-un", ["human", "human"], seed=2)
        table = hub(c).tables[t["id"]]
        onlookers = [c.websocket_connect(f"/ws/watch/{t['id']}") for _ in range(20)]
        seats = [c.websocket_connect(f"/ws/play/{s['token']}") for s in t["seats"]]
        try:
            for ws in onlookers + seats:
                ws.__enter__()
                wait_for(ws, lambda m: m["type"] == "update")
            to_act = table.state.current_player()
            snap = c.get(f"/api/play/{t['seats'][to_act]['token']}").json()
            drawn.clear()
            r = c.post(f"/api/play/{t['seats'][to_act]['token']}",
                       json={"action": snap["legal"][0], "version": snap["version"]})
            assert r.status_code == 200
            # one drawing of the public view for 20 onlookers, one for each seat's own view
            assert sorted(drawn, key=str) == sorted([None, 0, 1], key=str)
            updates = [wait_for(ws, lambda m: m["type"] == "update") for ws in onlookers]
            assert all(u == updates[0] for u in updates) and updates[0]["version"] == 1
            assert updates[0]["seat"] is None and updates[0]["log"]
        finally:
            for ws in onlookers + seats:
                ws.__exit__(None, None, None)


def test_a_frame_over_the_limit_is_refused(sqlite_url):
    with client(sqlite_url) as c:
        t = create(c, "trente-et-un", ["human", "human"], seed=2)
        with c.websocket_connect(f"/ws/play/{t['seats'][0]['token']}") as ws:
            wait_for(ws, lambda m: m["type"] == "update")
            ws.send_json({"type": "ping", "pad": "x" * (MAX_FRAME + 1)})
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1009
        assert hub(c).tables[t["id"]].watchers == set()
        with c.websocket_connect(f"/ws/play/{t['seats'][0]['token']}") as ws:  # the table serves on
            wait_for(ws, lambda m: m["type"] == "update")
            ws.send_json({"type": "ping"})
            assert wait_for(ws, lambda m: m["type"] != "update") == {"type": "pong"}


# --- a real server ----------------------------------------------------------------------------

def wait_turn(c, token: str, limit: float = 30) -> dict:
    deadline = time.time() + limit
    while time.time() < deadline:
        snap = c.get(f"/api/play/{token}").json()
        if snap["legal"] or snap["over"]:
            return snap
        time.sleep(0.02)
    raise AssertionError("the person's turn never came")


def client_with(url: str, pool: BotPool):
    from fastapi.testclient import TestClient

    return TestClient(create_app(url, bot_delay=0.0, bots=pool))


def rss(pid: int) -> int:
    """The resident memory of process ``pid``, in bytes."""
    with open(f"/proc/{pid}/status") as f:
        line = next(x for x in f if x.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


def test_a_move_answers_quickly_beside_tables_of_the_heaviest_bots(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'stall.sqlite3'}", args=("--bot-processes", "1")).start()
    try:
        with httpx.Client(base_url=server.base, timeout=10) as c:
            for _ in range(3):
                r = c.post("/api/tables", json={"game": "reversis", "seats": [{"kind": HEAVY}] * 4})
                assert r.status_code == 200, r.text
            t = c.post("/api/tables", json={"game": "trente-et-un", "seed": 1,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
            tokens = [s["token"] for s in t["seats"]]
            time.sleep(1.0)  # the heavy bots are thinking
            latencies = []
            while len(latencies) < 12:
                snaps = [c.get(f"/api/play/{k}").json() for k in tokens]
                if snaps[0]["over"]:
                    break
                token, snap = next((k, s) for k, s in zip(tokens, snaps) if s["legal"])
                start = time.perf_counter()
                r = c.post(f"/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
                latencies.append(time.perf_counter() - start)
                assert r.status_code == 200, r.text
        assert len(latencies) >= 8
        assert statistics.median(latencies) < 0.5, latencies
        assert max(latencies) < 3.0, latencies
    finally:
        server.stop()


def handshake(port: int, path: str) -> socket.socket:
    """A WebSocket opened by hand on a socket with a small receive buffer, never read after."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    assert b" 101 " in answer.split(b"\r\n")[0]
    return sock


def test_a_client_that_never_reads_is_dropped_and_a_big_frame_refused(tmp_path):
    import websockets.sync.client as wsclient
    from websockets.exceptions import ConnectionClosed

    server = Server(f"sqlite:///{tmp_path / 'slow.sqlite3'}").start()
    try:
        t = httpx.post(f"{server.base}/api/tables", json={
            "game": "reversis", "seed": 1, "options": LONG_REVERSIS, "seats": [{"kind": "random"}] * 4}).json()
        before = rss(server.proc.pid)
        sleeper = handshake(server.port, f"/ws/watch/{t['id']}")
        opened = time.time()
        time.sleep(8)  # hundreds of updates a second, none read: the buffers and a queue of 32 fill in about 2
        grown = rss(server.proc.pid) - before
        # a reader that keeps up goes on receiving
        with wsclient.connect(f"ws://127.0.0.1:{server.port}/ws/watch/{t['id']}", max_size=2**24) as ws:
            first = __import__("json").loads(ws.recv(timeout=10))
            assert first["type"] == "update"
        # the sleeper was dropped: what the server had sent, then the end of the connection
        sleeper.settimeout(10)
        ended = False
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                chunk = sleeper.recv(1 << 20)
            except (ConnectionResetError, TimeoutError, socket.timeout) as exc:
                ended = not isinstance(exc, (TimeoutError, socket.timeout))
                break
            if not chunk:
                ended = True
                break
        sleeper.close()
        assert ended, "the server kept the socket of a client that does not read"
        assert time.time() - opened < 38, "dropped by the pings' timeout (40 s), not for its unread updates"
        assert grown < 40 * 2**20, f"the server grew by {grown / 2**20:.0f} MiB"
        # a frame over the limit: refused by the server (uvicorn's ws_max_size), which serves on
        with wsclient.connect(f"ws://127.0.0.1:{server.port}/ws/watch/{t['id']}", max_size=2**24) as ws:
            ws.recv(timeout=10)
            ws.send('{"type": "ping", "pad": "' + "x" * 100_000 + '"}')
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=10)
            assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
            assert closed.value.sent is not None and closed.value.sent.code == 1009
        assert httpx.get(f"{server.base}/api/watch/{t['id']}").status_code == 200
    finally:
        server.stop()


def test_the_heaviest_bot_plays_within_the_cap(sqlite_url):
    pool = BotPool(1, cap=CAP)
    try:
        with TestClient(create_app(sqlite_url, bot_delay=0.0, bots=pool)) as c:
            _heaviest_bot_moves(c)
    finally:
        pool.close()


CAP = 2.0
"""The pool's cap in :func:`test_the_heaviest_bot_plays_within_the_cap`: the server's is 5 s
(:data:`academie.web.app.WEB_LIMITS`, given to every bot by :func:`capped_bot`); a shorter one
proves the same in less time."""


def _heaviest_bot_moves(c) -> None:
    t = create(c, "reversis", [HEAVY, "human", "human", "human"], seed=4)
    table = hub(c).tables[t["id"]]
    tokens = {s["seat"]: s["token"] for s in t["seats"] if s["token"]}
    thinking: list[float] = []
    while len(thinking) < 3 and not table.state.is_terminal():
        seat, version = table.state.current_player(), table.version
        if seat in tokens:
            snap = c.get(f"/api/play/{tokens[seat]}").json()
            r = c.post(f"/api/play/{tokens[seat]}", json={"action": snap["legal"][0], "version": version})
            assert r.status_code == 200, r.text
            continue
        start = time.time()
        limit = 200 if not thinking else 20  # the first: the kernels loaded, or compiled after an install
        while table.version == version and time.time() - start < limit:
            time.sleep(0.02)
        assert table.version > version, "the bot did not play"
        thinking.append(time.time() - start)
    # uncapped, a move of this bot takes minutes; capped, CAP s (3 s of grace, and a little for the machine)
    assert max(thinking[1:]) < CAP + 3 + 2, thinking
    assert table.error is None


def test_serve_takes_the_number_of_bot_processes(monkeypatch):
    from typer.testing import CliRunner

    from academie.cli.app import app
    from academie.web import server as web_server

    seen: dict = {}
    monkeypatch.setattr(web_server, "check_serving", lambda *a: None)
    monkeypatch.setattr(web_server, "serve", lambda **kw: seen.update(kw))
    result = CliRunner().invoke(app, ["serve", "--port", "18766", "--bot-processes", "3"])
    assert result.exit_code == 0, result.output
    assert seen["bot_processes"] == 3
    result = CliRunner().invoke(app, ["serve", "--bot-processes", "0"])
    assert result.exit_code != 0 and "--bot-processes" in result.output
    assert seen["bot_processes"] == 3


def test_a_quick_bot_never_waits_behind_a_search_in_the_pool():
    """Bots that do not search (random, heuristic) play in threads of their own: with the one
    process of the pool busy on an ISMCTS move, a random bot's move at another table comes at
    once, while the search still thinks (they were queued behind it: 9 to 40 s a move beside
    five to seven tables of ISMCTS)."""
    import asyncio

    from academie.core.chance import SeededChance
    from academie.games import GAMES
    from academie.web.thinking import BotPool

    def position(game_id: str, seed: int):
        game = GAMES[game_id]
        state = game.new_initial_state(game.info.default_players)
        chance = SeededChance(seed)
        while state.is_chance_node():
            state.apply_action(chance.choose(state))
        seat = state.current_player()
        return state.view(seat), state.legal_actions()

    async def go() -> tuple[float, bool, object]:
        pool = BotPool(1, cap=3.0)
        try:
            view, legal = position("reversis", 1)
            heavy = asyncio.ensure_future(pool.choose("ismcts:iterations=5000", "reversis", {}, 4, 7, view, legal))
            await asyncio.sleep(0.3)
            view, legal = position("trente-et-un", 2)
            started = time.perf_counter()
            quick = await pool.choose("random", "trente-et-un", {}, 4, 8, view, legal)
            took, searching = time.perf_counter() - started, not heavy.done()
            await heavy
            return took, searching, quick
        finally:
            await asyncio.to_thread(pool.close)

    took, searching, quick = asyncio.run(go())
    assert searching and took < 1.0, took
    assert quick.note is None
