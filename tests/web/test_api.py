"""The web API on SQLite and PostgreSQL: matches against bots, refusals that change nothing,
tables rebuilt after a restart, records and replays."""

from __future__ import annotations

import re
import time

import pytest

from academie.core.record import GameRecord, replay
from academie.games import GAMES, get_game
from tests.web.support import client, create, hub


def play_out(c, token: str, limit: float = 600) -> dict:
    """Play ``token``'s seat (always its first legal move) until the match is over (at most
    ``limit`` seconds: the bots answer on the server meanwhile)."""
    deadline = time.time() + limit
    while time.time() < deadline:
        snap = c.get(f"/api/play/{token}").json()
        if snap["over"]:
            return snap
        if snap["legal"]:
            r = c.post(f"/api/play/{token}", json={"action": snap["legal"][0], "version": snap["version"]})
            assert r.status_code == 200, r.text
            assert r.json() == {"ok": True, "version": snap["version"] + 1}
        else:
            time.sleep(0.002)  # a bot is thinking on the server
    raise AssertionError("the match did not end")


def test_a_match_against_bots_is_stored_and_recorded(db_url):
    with client(db_url) as c:
        t = create(c, "trente-et-un", ["human", "heuristic", "random"], seed=11)
        assert [s["kind"] for s in t["seats"]] == ["human", "heuristic", "random"]
        assert t["seats"][1]["token"] is None and t["seats"][1]["link"] is None  # bots have no link
        final = play_out(c, t["seats"][0]["token"])
        assert final["over"] and final["status"].startswith("The match is over.")
        table = hub(c).tables[t["id"]]
        assert hub(c).store.count_actions(t["id"]) == table.version == len(table.record.actions)
        rec = GameRecord.loads(c.get(f"/record/{t['id']}").text)
        assert rec.complete and rec.seed == 11 and [p.kind for p in rec.players] == ["human", "heuristic", "random"]
        assert rec.seed_chosen is True  # the record says the deal was chosen, as the table's pages do
        state = replay(rec, get_game("trente-et-un"))
        assert state.is_terminal() and state.returns() == table.state.returns() == rec.result["returns"]
        frames = c.get(f"/api/replay/{t['id']}").json()
        assert len(frames["frames"]) == table.version + 1
        assert frames["frames"][-1]["log_len"] == len(frames["log"]) == len(table.teller.lines)


def test_refusals_change_nothing(db_url):
    with client(db_url) as c:
        t = create(c, "trente-et-un", ["human", "human", "random"], seed=3)
        tokens = [s["token"] for s in t["seats"]]
        table = hub(c).tables[t["id"]]
        to_act = table.state.current_player()
        other = 1 - to_act if to_act in (0, 1) else 0
        assert to_act in (0, 1)
        before = (table.version, table.state.view(0).to_json(), table.state.view(1).to_json(), len(table.teller.lines))

        def refused(token: str, body, status: int, words: str) -> None:
            r = c.post(f"/api/play/{token}", json=body)
            assert r.status_code == status, r.text
            assert words in r.json()["error"], r.json()
            after = (table.version, table.state.view(0).to_json(), table.state.view(1).to_json(), len(table.teller.lines))
            assert after == before and hub(c).store.count_actions(t["id"]) == before[0]

        legal = table.state.legal_action_strings()
        v = before[0]
        refused(tokens[other], {"action": legal[0], "version": v}, 409, "not your turn")
        refused("forged-" + tokens[to_act][7:], {"action": legal[0], "version": v}, 404, "no seat has this token")
        refused(tokens[to_act], {"action": "knock-knock", "version": v}, 422, "legal:")
        refused(tokens[to_act], {"action": "ZZ", "version": v}, 422, "legal:")
        refused(tokens[to_act], {"action": "", "version": v}, 422, "non-empty")
        refused(tokens[to_act], {"act": legal[0], "version": v}, 422, "malformed request")
        refused(tokens[to_act], {"action": 5, "version": v}, 422, "malformed request")
        # The move number is required, so a retry can never play twice.
        refused(tokens[to_act], {"action": legal[0]}, 422, "version: Field required")
        refused(tokens[to_act], {"action": legal[0], "version": "0"}, 422, "malformed request: version")
        refused(tokens[to_act], {"action": legal[0], "version": v + 99},
                409, f"move {v + 99} has not happened yet; the table is at move {v}")
        if v > 0:
            refused(tokens[to_act], {"action": legal[0], "version": v - 1}, 409, "stale")
        refused(tokens[to_act], {"action": legal[0], "extra": 1}, 422, "malformed request")
        r = c.post(f"/api/play/{tokens[to_act]}", content=b"{not json", headers={"content-type": "application/json"})
        assert r.status_code == 422 and "malformed request" in r.json()["error"]
        assert table.version == before[0]
        # The right seat, a legal action: accepted once; the same request again is stale.
        ok = c.post(f"/api/play/{tokens[to_act]}", json={"action": legal[0], "version": before[0]})
        assert ok.status_code == 200 and ok.json()["version"] == before[0] + 1
        again = c.post(f"/api/play/{tokens[to_act]}", json={"action": legal[0], "version": before[0]})
        assert again.status_code == 409
        assert hub(c).store.count_actions(t["id"]) >= before[0] + 1


def test_seat_and_onlooker_pages_show_only_their_view(sqlite_url):
    with client(sqlite_url) as c:
        t = create(c, "reversis", ["human", "human", "random", "random"], seed=8)
        table = hub(c).tables[t["id"]]
        for seat in (0, 1):
            snap = c.get(f"/api/play/{t['seats'][seat]['token']}").json()
            own = set(table.state.view(seat).to_json()["hand"])
            other = set(table.state.view(1 - seat).to_json()["hand"])
            page = c.get(f"/play/{t['seats'][seat]['token']}").text
            for code in own:
                assert f'data-card="{code}"' in snap["board"] and f'data-card="{code}"' in page
            for code in other - own:
                assert f'data-card="{code}"' not in snap["board"] and f'data-card="{code}"' not in page
        watch = c.get(f"/api/watch/{t['id']}").json()
        assert watch["legal"] == [] and 'data-card="' not in watch["board"].split("trick")[0] or True
        for seat in range(4):
            for code in table.state.view(seat).to_json()["hand"]:
                assert f'data-card="{code}"' not in watch["board"]
        assert c.get("/api/play/nope").status_code == 404
        assert c.get("/api/watch/nope").status_code == 404
        assert c.get("/play/nope").status_code == 404


def test_tables_are_rebuilt_after_a_restart(db_url):
    with client(db_url) as c:
        t = create(c, "guimbarde", ["human", "random", "heuristic"], seed=21)
        token = t["seats"][0]["token"]
        for _ in range(6):  # a few moves of the person, the bots answering
            for _ in range(2000):
                snap = c.get(f"/api/play/{token}").json()
                if snap["legal"]:
                    break
                time.sleep(0.002)
            c.post(f"/api/play/{token}", json={"action": snap["legal"][-1], "version": snap["version"]})
        for _ in range(2000):  # wait for the person's turn: nothing moves then
            before = c.get(f"/api/play/{token}").json()
            if before["legal"]:
                break
            time.sleep(0.002)
        old = hub(c).tables[t["id"]]
        old_view = old.state.view(0).to_json()
    with client(db_url) as c:
        after = c.get(f"/api/play/{token}").json()  # rebuilt when first asked for
        table = hub(c).tables[t["id"]]
        assert table.state.view(0).to_json() == old_view
        for key in ("version", "board", "actions", "legal", "log", "status"):
            assert after[key] == before[key], key
        final = play_out(c, token)
        assert final["over"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_of_the_registry_plays_to_the_end(sqlite_url, game_id):
    game = GAMES[game_id]
    n = game.info.min_players
    kinds = ["human"] + ["random"] * (n - 1)
    with client(sqlite_url) as c:
        assert c.get(f"/new/{game_id}").status_code == 200
        assert game.info.name in c.get(f"/rules/{game_id}").text
        t = create(c, game_id, kinds, seed=2)
        final = play_out(c, t["seats"][0]["token"])
        assert final["over"] and final["log"]
        assert c.get(f"/replay/{t['id']}").status_code == 200
        assert c.get(f"/api/replay/{t['id']}").status_code == 200


def test_creation_errors_are_clear(sqlite_url):
    with client(sqlite_url) as c:
        def refused(body: dict, words: str) -> None:
            r = c.post("/api/tables", json=body)
            assert r.status_code == 422, r.text
            assert words in r.json()["error"], r.json()

        refused({"game": "scat"}, "unknown game 'scat'")
        refused({"game": "reversis", "players": 9}, "4 to 5 players")
        refused({"game": "trente-et-un", "seats": [{"kind": "human"}, {"kind": "genius"}]}, "the bots are")
        refused({"game": "trente-et-un", "players": 2, "options": {"lives": 99}}, "lives")
        refused({"game": "trente-et-un", "players": 2, "options": {"live": 2}}, "unknown option 'live'")
        refused({"game": "trente-et-un", "seats": [{"name": "Ann"}, {"name": "Ann"}]}, "two seats are named 'Ann'")
        refused({"game": "trente-et-un", "seed": -1}, "malformed request")
        assert hub(c).tables == {}
        assert c.get("/record/nope").status_code == 404


def test_the_form_is_built_from_the_options(sqlite_url):
    with client(sqlite_url) as c:
        for game_id, game in GAMES.items():
            page = c.get(f"/new/{game_id}").text
            for doc in game.describe_options():
                assert f'name="opt_{doc.name}"' in page
        page = c.get("/new/trente-et-un?players=3").text
        assert re.search(r'data-seat="2">\s*<td>2</td>', page)  # shown, numbered from 0 as in the rules
        assert re.search(r'data-seat="3" hidden>', page) and 'data-seat="9"' not in page  # up to 9 players
        r = c.post("/new/trente-et-un", data={"players": "3", "name_0": "Zoé", "kind_0": "human", "name_1": "B",
                                               "kind_1": "human", "name_2": "C", "kind_2": "random",
                                               "opt_lives": "2"}, follow_redirects=False)
        table = next(iter(hub(c).tables.values()))
        # the creator is seated at once (seat 0, the first person's), the invitation links on his page
        assert r.status_code == 303 and r.headers["location"] == f"/seat/{table.id}/0"
        assert "academie_seat" in r.headers["set-cookie"] and "academie_creator" in r.headers["set-cookie"]
        seat_page = c.get(r.headers["location"])
        assert seat_page.status_code == 200 and 'id="invites"' in seat_page.text
        assert table.names == ["Zoé", "B", "C"] and table.state.options.lives == 2
        assert f"/play/{table.row.seats[1].token}" in seat_page.text and f"/watch/{table.id}" in seat_page.text
        assert table.row.seats[0].token not in seat_page.text  # his own token stays in its cookie
        assert table.row.seats[2].token not in seat_page.text  # a bot's seat has no link
        admin = c.get(f"/admin/{table.row.admin_key}").text  # the creator's page keeps every link
        assert f"/play/{table.row.seats[0].token}" in admin and f"/play/{table.row.seats[1].token}" in admin
        c.cookies.clear()  # another browser: the invited player's, who gets no invitation links
        other = c.get(f"/play/{table.row.seats[1].token}")
        assert other.status_code == 200 and 'id="invites"' not in other.text
        bad = c.post("/new/trente-et-un", data={"players": "2", "kind_1": "random", "opt_lives": "0"})
        assert bad.status_code == 422 and "lives" in bad.text
        lobby = c.get("/").text
        for game in GAMES.values():
            assert game.info.name in lobby
        assert f"/watch/{table.id}" in lobby


def test_a_form_with_a_huge_number_of_players_is_refused_at_once(sqlite_url, monkeypatch):
    """The player range is checked before any seat of the form is read: 100 million players
    once made the server build as many seats until the system killed it."""
    from academie.web import app as web_app

    built = []

    def seat_in(**seat):  # counts the seats read; stops a server that would read them all
        built.append(seat)
        if len(built) > 10:
            raise AssertionError("the form's seats are read before the number of players is checked")
        return real(**seat)

    real = web_app.SeatIn
    monkeypatch.setattr(web_app, "SeatIn", seat_in)
    with client(sqlite_url) as c:
        r = c.post("/new/reversis", data={"players": "100000000"})
        assert built == []  # no seat read (it took minutes and 24 GB)
        monkeypatch.undo()
        assert r.status_code == 422 and "Reversis" in r.text and "4" in r.text and "5 players" in r.text
        icon = c.get("/favicon.ico")
        assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
        page = c.get("/new/reversis?players=abc")  # a link with a bad count: the page, at its default
        assert page.status_code == 200 and 'data-seat="3">' in page.text and 'data-seat="4" hidden>' in page.text
        assert "played by 4 to 5 players, not &#39;abc&#39;: the form shows 4" in page.text
        for wrong in ("99", "3", "\u00b2"):  # out of the game's range, or not a number: said, not ignored
            page = c.get("/new/reversis", params={"players": wrong})
            assert page.status_code == 200 and 'id="form-error"' in page.text and "the form shows 4" in page.text
        assert 'id="form-error"' not in c.get("/new/reversis?players=5").text
        bad = c.post("/new/trente-et-un", data={"players": "2", "name_0": "a\x01b", "kind_1": "random"})
        assert bad.status_code == 422 and "seat 0: bad name" in bad.text and "pydantic" not in bad.text
        assert hub(c).tables == {}


def test_bots_with_parameters_take_their_seats(sqlite_url):
    with client(sqlite_url) as c:
        r = c.post("/new/guimbarde", data={"players": "3", "kind_0": "human", "kind_1": "ismcts",
                                            "params_1": "iterations=20, rollout=random", "kind_2": "heuristic"},
                   follow_redirects=False)
        assert r.status_code == 303, r.text
        table = next(iter(hub(c).tables.values()))
        assert table.kinds == ["human", "ismcts:iterations=20:rollout=random", "heuristic"]
        assert [p.kind for p in table.record.players] == table.kinds
        bad = c.post("/api/tables", json={"game": "guimbarde", "seats": [{"kind": "ismcts:iterations=zero"}] * 3})
        assert bad.status_code == 422 and "iterations" in bad.json()["error"]
        big = c.post("/api/tables", json={"game": "guimbarde", "seats": [{"kind": "ismcts:iterations=1000000"}] * 3})
        assert big.status_code == 422
        assert "seat 0: on this server a bot's iterations is at most 5,000, not 1,000,000" in big.json()["error"]
        many = c.post("/api/tables", json={"game": "guimbarde", "seats": [
            {"kind": "ismcts:infer=particles:particles=10000"}, {"kind": "random"}, {"kind": "random"}]})
        assert many.status_code == 422 and "particles is at most 1,000, not 10,000" in many.json()["error"]
        # a spec over 60 characters (as README's Guimbarde one) has its seat, as on the command line
        long_spec = "ismcts:iterations=20:rollout=heuristic:worlds=30:others=rollout:c=0.5"  # 69 characters
        ok = c.post("/api/tables", json={"game": "guimbarde", "seats": [{"kind": long_spec}, {"kind": "random"},
                                                                        {"kind": "random"}]})
        assert ok.status_code in (200, 201), ok.text
        too_long = c.post("/api/tables", json={"game": "guimbarde", "seats": [{"kind": long_spec + ":" + "c=1" * 20}] * 3})
        assert too_long.status_code == 422 and "100 characters" in too_long.json()["error"]
        token = table.row.seats[0].token
        final = play_out(c, token)
        assert final["over"]
        from academie.core.record import GameRecord

        rec = GameRecord.loads(c.get(f"/record/{table.id}").text)
        assert rec.players[1].kind == "ismcts:iterations=20:rollout=random"
        assert replay(rec, get_game("guimbarde")).is_terminal()


def test_a_renderer_failure_stops_the_narration_not_the_match(sqlite_url, monkeypatch):
    import types

    from academie.web import generic_render, live

    broken = types.ModuleType("broken_render")
    broken.__dict__.update({k: v for k, v in vars(generic_render).items() if not k.startswith("__")})

    def describe_action(*args, **kwargs):
        raise RuntimeError("drawing bug")

    broken.describe_action = describe_action
    monkeypatch.setattr(live, "RENDERERS_FOR", lambda game: broken)
    with client(sqlite_url) as c:
        t = create(c, "guimbarde", ["human", "random", "random"], seed=3, options={"deals": 1})
        final = play_out(c, t["seats"][0]["token"])
        assert final["over"] and "the narration stopped: RuntimeError: drawing bug" in final["error"]
        table = hub(c).tables[t["id"]]
        assert hub(c).store.count_actions(t["id"]) == table.version
    with client(sqlite_url) as c:  # rebuilt after a restart all the same, when first asked for
        assert c.get(f"/api/watch/{t['id']}").json()["over"]
        assert hub(c).tables[t["id"]].state.is_terminal()


def test_a_move_sent_twice_on_the_socket_is_refused_with_the_code_stale_in_any_language(sqlite_url):
    """The page keeps quiet about its own move sent twice by the refusal's code, not its words
    (a French page's words are French)."""
    from tests.web.support import wait_for

    with client(sqlite_url) as c:
        t = create(c, "trente-et-un", ["human", "human"], seed=5)
        table = hub(c).tables[t["id"]]
        seat = table.state.current_player()
        token = t["seats"][seat]["token"]
        with c.websocket_connect(f"/ws/play/{token}?lang=fr") as ws:
            first = ws.receive_json()
            legal, version = first["legal"], first["version"]
            ws.send_json({"type": "act", "action": legal[0], "version": version})
            wait_for(ws, lambda m: m.get("type") == "ack")
            ws.send_json({"type": "act", "action": legal[0], "version": version})
            error = wait_for(ws, lambda m: m.get("type") == "error")
        assert error["code"] == "stale" and error["status"] == 409
        assert table.version == version + 1


def test_a_table_whose_first_deal_ends_the_match_is_made_over(sqlite_url):
    """At Trente et un with one life and no bus, a hand of 31 dealt ends the match before any
    move: the table is made, over, finished in the lobby, and its record replays (it was refused:
    'record says the match is not complete, but it is over after its 0 actions')."""
    with client(sqlite_url) as c:
        t = create(c, "trente-et-un", ["human", "human"], seed=369, options={"lives": 1, "bus": "none"})
        table = hub(c).tables[t["id"]]
        assert table.state.is_terminal() and table.version == 0 and table.row.complete
        assert c.get(f"/api/play/{t['seats'][0]['token']}").json()["over"]
        rec = GameRecord.loads(c.get(f"/record/{t['id']}").text)
        assert rec.complete and replay(rec, get_game("trente-et-un")).is_terminal()
        assert hub(c).store.client_load("testclient") == (0, 0)  # no longer counted as unfinished
