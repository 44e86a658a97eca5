"""WebSockets: every action reaches every seat once and in order, a seat's socket never
receives another seat's cards, refusals are clear and change nothing, a reconnection resumes."""

from __future__ import annotations

import random

import pytest

from academie.core.record import replay
from academie.games import get_game
from academie.web.present import view_cards
from tests.web.support import cards_in, client, create, hub, wait_for


def state_at(table, version: int):
    """The table's state after its first ``version`` actions (replayed from its record)."""
    rec = table.game_record().model_copy(update={"actions": table.record.actions[:version],
                                                 "complete": version == table.version and table.state.is_terminal(),
                                                 "result": None})
    return replay(rec, get_game(table.game.info.id))


@pytest.mark.parametrize("game_id,kinds", [
    ("trente-et-un", ["human", "human", "random"]),
    ("reversis", ["human", "random", "human", "random"]),
    ("guimbarde", ["human", "human", "random"]),
])
def test_two_seats_each_receive_only_their_own_view(sqlite_url, game_id, kinds):
    with client(sqlite_url) as c:
        t = create(c, game_id, kinds, seed=4)
        table = hub(c).tables[t["id"]]
        people = [s["seat"] for s in t["seats"] if s["kind"] == "human"]
        sockets = {s: c.websocket_connect(f"/ws/play/{t['seats'][s]['token']}") for s in people}
        received: dict[int, list[dict]] = {s: [] for s in people}
        try:
            for ws in sockets.values():
                ws.__enter__()
            last = {s: wait_for(sockets[s], lambda m: m["type"] == "update") for s in people}
            for s in people:
                received[s].append(last[s])
            rng = random.Random(1)
            for _ in range(20000):
                if all(m["over"] for m in last.values()):
                    break
                mover = next((s for s in people if last[s]["legal"] and not last[s]["over"]), None)
                if mover is None or any(last[s]["version"] != last[mover]["version"] for s in people):
                    # a bot is to play, or a seat lags: read the next update of the seat behind
                    s = min(people, key=lambda k: last[k]["version"])
                    last[s] = wait_for(sockets[s], lambda m: m["type"] == "update")
                    received[s].append(last[s])
                    continue
                m = last[mover]
                sockets[mover].send_json({"type": "act", "action": rng.choice(m["legal"]), "version": m["version"]})
                for s in people:
                    last[s] = wait_for(sockets[s], lambda x: x["type"] == "update" and x["version"] > m["version"])
                    received[s].append(last[s])
            assert all(m["over"] for m in last.values())
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)
        total = table.version
        for s in people:
            versions = [m["version"] for m in received[s]]
            assert versions == sorted(set(versions)), "an update came twice or out of order"
            assert versions[-1] == total
            # The narration adds up, with nothing lost nor told twice.
            log = [line for m in received[s] for line in m["log"]]
            assert log == table.teller.lines
            for m in received[s][:: max(1, len(received[s]) // 40)] + received[s][-1:]:
                state = state_at(table, m["version"])
                allowed = view_cards(state.view(s))
                shown = cards_in(m["board"]) | cards_in(m["actions"])
                assert shown <= allowed, f"seat {s} was sent {sorted(shown - allowed)}"
                others = set().union(*(view_cards(state.view(o)) for o in range(state.num_players) if o != s))
                hidden = others - view_cards(state.public_view()) - allowed
                assert not (shown & hidden)
                assert m["legal"] == (state.legal_action_strings() if state.current_player() == s else [])


def test_socket_refusals_and_reconnection(sqlite_url):
    with client(sqlite_url) as c:
        t = create(c, "trente-et-un", ["human", "human"], seed=9)
        table = hub(c).tables[t["id"]]
        to_act = table.state.current_player()
        waiting = 1 - to_act
        with c.websocket_connect(f"/ws/play/{t['seats'][waiting]['token']}") as ws:
            first = wait_for(ws, lambda m: m["type"] == "update")
            assert first["log_start"] == 0 and first["legal"] == [] and first["log"] == table.teller.lines
            version = table.version
            ws.send_text("{oops")
            assert "not JSON" in wait_for(ws, lambda m: m["type"] == "error")["message"]
            ws.send_json(["act"])
            assert "malformed message" in wait_for(ws, lambda m: m["type"] == "error")["message"]
            ws.send_json({"type": "act", "action": table.state.legal_action_strings()[0], "version": version})
            err = wait_for(ws, lambda m: m["type"] == "error")
            assert "not your turn" in err["message"] and err["status"] == 409
            ws.send_json({"type": "act", "action": "x", "seat": to_act})
            assert "unknown field 'seat'" in wait_for(ws, lambda m: m["type"] == "error")["message"]
            ws.send_json({"type": "ping"})
            assert wait_for(ws, lambda m: m["type"] != "error")["type"] == "pong"
            assert table.version == version
        with c.websocket_connect(f"/ws/watch/{t['id']}") as ws:
            snap = wait_for(ws, lambda m: m["type"] == "update")
            assert snap["seat"] is None and snap["legal"] == []
            ws.send_json({"type": "act", "action": "knock"})
            assert "onlooker" in wait_for(ws, lambda m: m["type"] == "error")["message"]
        with c.websocket_connect(f"/ws/play/{t['seats'][to_act]['token']}") as ws:
            m = wait_for(ws, lambda m: m["type"] == "update")
            ws.send_json({"type": "act", "action": m["legal"][0]})
            err = wait_for(ws, lambda m: m["type"] == "error")
            assert "field 'version' is required" in err["message"] and err["status"] == 422
            ws.send_json({"type": "act", "action": m["legal"][0], "version": m["version"] + 5})
            err = wait_for(ws, lambda m: m["type"] == "error")
            assert err["message"] == f"move {m['version'] + 5} has not happened yet; the table is at move {m['version']}"
            assert table.version == m["version"]
            ws.send_json({"type": "act", "action": "no-such-move", "version": m["version"]})
            assert "legal:" in wait_for(ws, lambda m: m["type"] == "error")["message"]
            ws.send_json({"type": "act", "action": m["legal"][0], "version": m["version"]})
            upd = wait_for(ws, lambda x: x["type"] == "update")
            ack = wait_for(ws, lambda x: x["type"] == "ack")
            assert upd["version"] == ack["version"] == m["version"] + 1
        # A new connection (a reload, a dropped network) starts from the whole table again.
        with c.websocket_connect(f"/ws/play/{t['seats'][waiting]['token']}") as ws:
            again = wait_for(ws, lambda m: m["type"] == "update")
            assert again["log_start"] == 0 and again["version"] == table.version and again["log"] == table.teller.lines
        with pytest.raises(Exception):
            with c.websocket_connect("/ws/play/forged") as ws:
                ws.receive_json()


def test_a_socket_speaks_the_language_its_page_names_whatever_its_handshake_says(sqlite_url):
    """A French page's socket names French in its address (``?lang=fr``, from the page's config):
    its updates come in French even when the handshake's Accept-Language asks for English (as
    Chromium's does); without it the handshake's language is used; a language the site does
    not have falls back to the handshake's."""
    import html
    import json
    import re

    with client(sqlite_url) as c:
        t = create(c, "trente-et-un", ["human", "random"], seed=3)
        token = t["seats"][0]["token"]
        page = c.get(t["seats"][0]["link"], headers={"accept-language": "fr-FR"})
        config = json.loads(html.unescape(re.search(r'data-config="([^"]*)"', page.text).group(1)))
        assert config["lang"] == "fr"
        english = {"accept-language": "en-US,en;q=0.9"}
        for asked, said in (("?lang=fr", "À vous"), ("", "Your turn"), ("?lang=xx", "Your turn")):
            with c.websocket_connect(f"/ws/play/{token}{asked}", headers=english) as ws:
                # (the seat's turn: the bot may move first, and its « joue… » comes before)
                m = wait_for(ws, lambda m: m["type"] == "update" and m.get("legal"))
                assert m["status"].startswith(said), (asked, m["status"])
