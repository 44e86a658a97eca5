"""Nothing is lost: ``kill -9`` of a real ``academie serve`` in the middle of a match, a
restart, and every table resumes exactly where it was, then plays on to the end."""

from __future__ import annotations

import time

import httpx

from tests.web.support import Server


def wait_turn(base: str, token: str, limit: float = 30) -> dict:
    deadline = time.time() + limit
    while time.time() < deadline:
        snap = httpx.get(f"{base}/api/play/{token}").json()
        if snap["legal"] or snap["over"]:
            return snap
        time.sleep(0.01)
    raise AssertionError("the person's turn never came")


def test_kill_9_mid_match_then_restart_resumes(tmp_path):
    url = f"sqlite:///{tmp_path / 'kill.sqlite3'}"
    server = Server(url, bot_delay=0.0).start()
    try:
        r = httpx.post(f"{server.base}/api/tables", json={
            "game": "guimbarde", "seed": 5, "seats": [{"kind": "human"}, {"kind": "heuristic"}, {"kind": "random"}]})
        t = r.json()
        token = t["seats"][0]["token"]
        acked = 0
        for _ in range(5):
            snap = wait_turn(server.base, token)
            r = httpx.post(f"{server.base}/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
            assert r.status_code == 200
            acked = r.json()["version"]
        before = wait_turn(server.base, token)  # the person's turn: nothing moves now
        server.kill()
        server.start()
        after = httpx.get(f"{server.base}/api/play/{token}").json()
        for key in ("version", "board", "actions", "legal", "log", "status"):
            assert after[key] == before[key], key
        assert after["version"] >= acked
        # Killed again right after an acknowledged action, while the bots answer it.
        r = httpx.post(f"{server.base}/api/play/{token}", json={"action": after["legal"][0], "version": after["version"]})
        assert r.status_code == 200
        acked = r.json()["version"]
        server.kill()
        server.start()
        snap = httpx.get(f"{server.base}/api/play/{token}").json()
        assert snap["version"] >= acked  # what was acknowledged is there
        # The restarted server resumes the bots' answer; once the person's turn is back,
        # nothing moves, and the onlookers' view stands at the same version.
        snap = wait_turn(server.base, token)
        watch = httpx.get(f"{server.base}/api/watch/{t['id']}").json()
        assert watch["version"] == snap["version"]
        while not snap["over"]:
            snap = wait_turn(server.base, token)
            if snap["legal"]:
                r = httpx.post(f"{server.base}/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
                assert r.status_code in (200, 409), r.text
        record = httpx.get(f"{server.base}/record/{t['id']}")
        assert record.status_code == 200 and '"complete": true' in record.text
    finally:
        server.stop()
