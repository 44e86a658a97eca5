"""The card room without a browser: the scenes hold only what a seat's view holds and name every
legal move; the moves are named in the game's terms (a discard is no « play »); the French
catalog is complete and compiled; the language follows the cookie, then Accept-Language."""

from __future__ import annotations

import gettext
import io
from html import unescape
import random
import re
import time
from pathlib import Path

import pytest

from academie.core.chance import SeededChance
from academie.core.runner import advance_chance
from academie.games import GAMES
from academie.presentation.scene import scene_of
from academie.web import i18n, room
from academie.web.present import view_cards
from tests.web.support import CARD, cards_in, client, create

LOCALE = Path(i18n.__file__).parent / "locale"
PO = LOCALE / "fr" / "LC_MESSAGES" / "messages.po"
MO = LOCALE / "fr" / "LC_MESSAGES" / "messages.mo"


def states(game_id: str, players: int, seed: int, moves: int = 400):
    """The states of a random match, one after each decision (chance resolved)."""
    game = GAMES[game_id]
    state = game.new_initial_state(players, game.parse_options({}))
    chance, rng = SeededChance(seed), random.Random(seed)
    for _ in range(moves):
        advance_chance(state, chance)
        yield state
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_drawn_card_is_one_the_seats_view_holds_and_every_legal_move_is_offered(game_id):
    game = GAMES[game_id]
    n = max(game.info.min_players, min(4, game.info.max_players))
    names = [f"P{s}" for s in range(n)]
    faced = 0
    for state in states(game_id, n, seed=7):
        for seat in [None, *range(n)]:
            view = state.public_view() if seat is None else state.view(seat)
            legal = state.legal_action_strings() if seat == state.current_player() and not state.is_terminal() else []
            drawn = room.draw(game_id, view, names, seat, legal, "en")
            shown = cards_in(drawn["board"]) | cards_in(drawn["actions"])
            assert shown <= view_cards(view), (seat, shown - view_cards(view))
            faced += len(shown)
            offered = set(re.findall(r'data-action="([^"]+)"', drawn["board"] + drawn["actions"]))
            assert offered == set(legal), (seat, legal, offered)
    assert faced > 0 or game_id == "blason"


def test_a_discard_an_ecart_and_a_play_are_named_as_such():
    # Trente et un: after a draw, a card of the hand is discarded onto the pile, never « played »
    state = next(s for s in states("trente-et-un", 3, 1) if s.public_view().to_json()["phase"] == "discard")
    seat = state.current_player()
    html = room.draw("trente-et-un", state.view(seat), ["A", "B", "C"], seat, state.legal_action_strings(), "en")["board"]
    hints = re.findall(r'data-action="[^"]+" aria-label="([^"]+)" title="([^"]+)"', html)
    assert hints and all("Discard the" in label and "pile" in hint and "play" not in hint.lower() for label, hint in hints)
    assert "You drew the" in html  # the card drawn is told
    # Reversis: the écart puts a card in the talon, and « keep your cards » declines it
    state = next(s for s in states("reversis", 4, 2) if s.public_view().to_json()["phase"] == "ecart")
    seat = state.current_player()
    drawn = room.draw("reversis", state.view(seat), list("ABCD"), seat, state.legal_action_strings(), "fr")
    assert "Écarter le" in drawn["board"] and "talon" in drawn["board"]
    assert "Garder ses cartes" in drawn["actions"] and "Écartez" not in drawn["status"]
    assert drawn["status"].startswith("À vous : L'écart")


def test_cards_and_moves_have_labels_a_screen_reader_says():
    state = next(states("guimbarde", 3, 3))
    seat = state.current_player()
    legal = state.legal_action_strings()
    for lang, playable in (("en", "playable: "), ("fr", "jouable : ")):
        html = room.draw("guimbarde", state.view(seat), ["A", "B", "C"], seat, legal, lang)["board"]
        buttons = re.findall(r'<button type="button" class="card[^"]*" data-card="([^"]+)"[^>]*aria-label="([^"]+)"', html)
        assert {code for code, _ in buttons} == set(legal)
        assert all(f", {playable}" in label for _, label in buttons)
    assert room.card_name("QH", i18n.texts("en")) == "queen of hearts"
    assert room.card_name("QH", i18n.texts("fr")) == "dame de cœur"
    assert room.card_name("10S", i18n.texts("fr")) == "dix de pique"


def test_the_log_is_plain_sentences():
    told = "┏━━━┓\n┃ Deal 1 ┃\n┗━━━┛\n│ Anne │ 12 │ 1 │\nAnne takes the pool, which was\nlong.\n"
    assert room.plain_text(told) == "Deal 1\nAnne · 12 · 1\nAnne takes the pool, which was long."
    assert not re.search(r"[\u2500-\u257f]", room.plain_log(told))
    panel = ("╭── End of deal 1 ──╮\n│ ┏━━━━┳━━━━━┓ │\n│ ┃ player ┃ value ┃ │\n│ ┡━━━━╇━━━━━┩ │\n"
             "│ │ Anne   │     9 │ │\n│ │ Bastien │   20 │ │\n│ └────┴─────┘ │\n│ Dealer: Anne. │\n╰────╯")
    assert room.plain_text(panel) == "End of deal 1\nAnne: value 9.\nBastien: value 20.\nDealer: Anne."
    cited = "Anne loses 2 lives — option knocker_tie=lose2 [003] « en perd deux »."
    assert room.plain_text(cited) == "Anne loses 2 lives — option knocker tie: lose2 [003] « en perd deux »."
    assert room.plain_text("the knocker tied, option\nknocker_tie=safe.") == "the knocker tied, option knocker tie: safe."


def extracted() -> set[str | tuple[str, str]]:
    """The message ids of the sources, extracted as ``make locale`` does."""
    from babel.messages.extract import extract_from_dir

    root = Path(i18n.__file__).parents[3]
    method_map = [("src/academie/presentation/scene/**.py", "python"), ("src/academie/web/**.py", "python"),
                  ("src/academie/web/templates/**.html", "jinja2"),
                  ("src/academie/games/__init__.py", "academie.web.game_words.extract")]
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "P": None, "Pn": (1, 2), "n_": (1, 2)}
    found = set()
    for _, _, message, _, _ in extract_from_dir(str(root), method_map, keywords=keywords):
        if "tests" in message:  # never: the tests are not extracted
            continue
        found.add(message if isinstance(message, str) else tuple(message))
    return found


def test_every_message_written_in_the_code_is_one_the_extraction_finds():
    """Babel's extraction misses a message inside an f-string or inside another marked call's
    arguments: every ``_("…")``, ``N_("…")`` written in the web and the scenes must be in the
    catalog it makes, so that no French page falls back to English."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "src" / "academie"
    found = extracted()
    written = set()
    for path in [*root.joinpath("web").rglob("*.py"), *root.joinpath("presentation", "scene").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                if name in ("_", "N_"):
                    written.add((path.name, node.args[0].value))
    assert len(written) > 150
    missed = sorted(w for w in written if w[1] not in found)
    assert not missed, f"messages the extraction does not see (out of an f-string, or a constant): {missed[:8]}"


def test_the_french_catalog_is_complete_and_its_mo_is_the_po_compiled():
    from babel.messages.pofile import read_po

    catalog = read_po(PO.open("rb"), locale="fr")
    ids = {m.id for m in catalog if m.id}
    missing = extracted() - ids
    assert not missing, f"messages not in the French catalog (make locale): {sorted(map(str, missing))[:10]}"
    for m in catalog:
        if not m.id:
            continue
        assert not m.fuzzy, m.id
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert strings and all(strings), f"untranslated: {m.id!r}"
        assert set(re.findall(r"\{\w+\}", str(m.id))) >= set(re.findall(r"\{\w+\}", " ".join(strings))), m.id
    compiled = gettext.GNUTranslations(io.BytesIO(MO.read_bytes()))
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            assert compiled.ngettext(m.id[0], m.id[1], 1) == m.string[0]
            assert compiled.ngettext(m.id[0], m.id[1], 5) == m.string[1]
        else:
            assert compiled.gettext(m.id) == m.string, m.id
    assert len(compiled._catalog) == sum(1 + isinstance(m.id, tuple) for m in catalog if m.id) + 1  # + the header


def test_the_language_follows_the_cookie_then_the_browser(sqlite_url):
    assert i18n.choose(None, "fr-CH, fr;q=0.9, en;q=0.8") == "fr"
    assert i18n.choose(None, "de-DE, en;q=0.5") == "en" and i18n.choose(None, "de") == "en"
    assert i18n.choose("en", "fr") == "en" and i18n.choose("xx", "fr;q=0.2, de") == "fr"
    assert i18n.choose(None, None) == "en" and i18n.choose(None, "fr;q=abc") == "en"
    with client(sqlite_url) as c:
        assert "Nouvelle table" in c.get("/", headers={"accept-language": "fr-FR,fr;q=0.9"}).text
        assert "New table" in c.get("/", headers={"accept-language": "en-GB"}).text
        r = c.get("/lang/fr", params={"next": "/rules/reversis"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/rules/reversis"
        assert "academie_lang=fr" in r.headers["set-cookie"]
        page = c.get("/", headers={"accept-language": "en"}).text  # the cookie wins
        assert '<html lang="fr">' in page and "Parties finies" in page and "Finished matches" not in page
        assert c.get("/lang/fr", params={"next": "//evil.example/"}, follow_redirects=False).headers["location"] == "/"
        bad = c.get("/lang/xx")
        assert bad.status_code == 404 and "en, fr" in bad.text
        t = create(c, "reversis", ["human", "random", "random", "random"])
        seat = c.get(t["seats"][0]["link"]).text  # the table page, in French
        assert "Règles" in seat and "jetons" in seat and "counters" not in seat


def test_a_rematch_seats_the_same_players_at_a_new_table(sqlite_url):
    with client(sqlite_url) as c:
        t = create(c, "trente-et-un", ["human", "random"], options={"lives": 1})
        c.get(t["seats"][0]["link"])  # the seat's cookie
        base = f"/seat/{t['id']}/0"
        early = c.post(base + "/rematch", follow_redirects=False)
        assert early.status_code == 409 and "over" in early.json()["error"]
        from tests.web.test_api import play_out

        play_out(c, t["seats"][0]["token"])
        r = c.post(base + "/rematch", follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].endswith("/0")
        new_id = r.headers["location"].split("/")[2]
        assert new_id != t["id"]
        hub = c.app.state.hub
        old, new = hub.tables[t["id"]], hub.tables[new_id]
        assert new.names == old.names and new.kinds == old.kinds and new.row.options == old.row.options
        assert c.get(r.headers["location"]).status_code == 200  # seated at once
        c.cookies.clear()
        assert c.post(base + "/rematch", follow_redirects=False).status_code == 404  # no seat, no rematch


def test_one_rematch_for_the_table_the_others_told_and_seated_at_it(sqlite_url):
    """Two people: the first to ask makes the rematch; the other's open page is told and his
    own ask seats him at his seat of that same table (not at a table of his own)."""
    with client(sqlite_url) as c:
        t = create(c, "trente-et-un", ["human", "human", "random"], options={"lives": 1})
        tokens = [s["token"] for s in t["seats"][:2]]
        for token in tokens:
            c.get(f"/play/{token}")  # each seat's cookie (scoped to its own seat's address)
        deadline, rng = time.time() + 300, random.Random(3)
        while not (snap := c.get(f"/api/play/{tokens[0]}").json())["over"]:  # random moves: the match ends
            assert time.time() < deadline, "the match did not end"
            for token in tokens:
                s = c.get(f"/api/play/{token}").json()
                if s["legal"]:
                    c.post(f"/api/play/{token}", json={"action": rng.choice(s["legal"]), "version": s["version"]})
            time.sleep(0.002)
        page = c.get(f"/seat/{t['id']}/1").text
        assert "Rematch, same seats" in page and 'id="rematch-note" class="rematch-note" hidden' in page
        with c.websocket_connect(f"/seat/{t['id']}/1/ws") as ws:
            ws.receive_json()  # the page's first update
            first = c.post(f"/seat/{t['id']}/0/rematch", follow_redirects=False)
            assert first.status_code == 303
            new_id = first.headers["location"].split("/")[2]
            while (m := ws.receive_json())["type"] != "rematch":
                pass
            assert m == {"type": "rematch", "by": t["seats"][0]["name"]}
        page = c.get(f"/seat/{t['id']}/1").text  # a page opened now offers to join it too
        assert "Join the rematch" in page and 'id="rematch-note" class="rematch-note" hidden' not in page
        second = c.post(f"/seat/{t['id']}/1/rematch", follow_redirects=False)
        assert second.status_code == 303 and second.headers["location"] == f"/seat/{new_id}/1"
        again = c.post(f"/seat/{t['id']}/0/rematch", follow_redirects=False)  # asking twice: the same table
        assert again.headers["location"] == f"/seat/{new_id}/0"
        assert c.get(f"/seat/{new_id}/1").status_code == 200  # his cookie for the new seat
        hub = c.app.state.hub
        assert sum(x.game.info.id == "trente-et-un" for x in hub.tables.values()) == 2
        # two processes asking at once: the claim stored first is the one both get
        assert hub.store.claim_rematch(t["id"], "other") == new_id and hub.store.rematch_of(t["id"]) == new_id


def test_a_person_who_has_not_opened_the_table_is_said_so_until_his_page_opens(sqlite_url):
    with client(sqlite_url) as c:
        t = create(c, "reversis", ["human", "human", "random", "random"], options={"deals": 1}, seed=1)
        tokens = [s["token"] for s in t["seats"][:2]]
        for token in tokens:
            c.get(f"/play/{token}")
        table = c.app.state.hub.tables[t["id"]]
        first = table.state.current_player()
        assert first in (0, 1)  # the premier en cartes is a person at this table: his écart is asked first
        other, name = 1 - first, t["seats"][first]["name"]
        waiting = f"{name} is to play, but has not opened the table: send the invitation link."
        from tests.web.support import wait_for

        with c.websocket_connect(f"/seat/{t['id']}/{other}/ws") as ws:
            assert ws.receive_json()["status"] == waiting
            with c.websocket_connect(f"/seat/{t['id']}/{first}/ws") as mine:
                mine.receive_json()
                # (other messages, presence or an update, may come between: the statuses are in order)
                wait_for(ws, lambda m: m == {"type": "status", "status": f"{name} is to play…"}, limit=20)
            wait_for(ws, lambda m: m == {"type": "status", "status": waiting}, limit=20)  # his page closed: said again
        fr = c.get(f"/seat/{t['id']}/{other}", headers={"accept-language": "fr"}).text
        assert "n’a pas ouvert la table" in fr or "n'a pas ouvert la table" in fr


def test_the_blason_is_drawn_as_its_board_with_the_tables_options(monkeypatch):
    from academie.web import blason_board

    state = next(states("blason", 3, 4))
    names = ["A", "B", "C"]
    seen = {}
    real = blason_board.blason_board_html

    def spy(view, names, _, options=None, link=True):
        seen.update(view=view, names=names, word=_("Rules"), options=options, link=link)
        return real(view, names, _, options=options, link=link)

    monkeypatch.setattr(blason_board, "blason_board_html", spy)
    options = {"dice": "d12"}
    drawn = room.draw("blason", state.view(0), names, 0, state.legal_action_strings(), "fr", options=options)["board"]
    assert drawn.count('class="bl-square') == 63 and 'class="track"' not in drawn
    assert seen == {"view": state.view(0).to_json(), "names": names, "word": "Règles", "options": options,
                    "link": False}  # the page links the board's stylesheet in its head, once
    assert "<link" not in drawn


def test_the_end_of_a_match_shows_the_standings_best_first():
    *_, last = states("guimbarde", 3, 5, moves=2000)
    assert last.is_terminal()
    view = last.public_view()
    counters = view.to_json()["counters"]
    board = room.draw("guimbarde", view, ["Anne", "Bastien", "Camille"], None, [], "fr")["board"]
    assert "Le classement de la partie, selon les jetons :" in board
    ranked = re.findall(r"<li>(\d)\. (\w+), (\d+) jetons?</li>", board)
    assert [int(n) for _, _, n in ranked] == sorted(counters, reverse=True) and [p for p, _, _ in ranked] == ["1", "2", "3"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_end_of_a_blason_race_ranks_the_winner_first_then_by_square_reached(lang):
    *_, last = states("blason", 4, 3, moves=5000)
    assert last.is_terminal()
    view = last.public_view().to_json()
    names = ["Anne", "Bastien", "Camille", "Denis"]
    board = room.draw("blason", last.public_view(), names, None, [], lang)["board"]
    title, line = {"en": ("The race standings, the winner first, then by the square reached:",
                          r"<li>(\d)\. (\w+), (?:winner on square|square) (\d+), (\d+) counters?</li>"),
                   "fr": ("Le classement de la course, le gagnant en tête, puis selon la case atteinte :",
                          r"<li>(\d)\. (\w+), (?:gagnant sur la case|case) (\d+), (\d+) jetons?</li>")}[lang]
    assert title in board and "by counters held" not in board and "selon les jetons" not in board
    ranked = re.findall(line, board)
    assert len(ranked) == 4, board
    assert ranked[0][1] == names[view["winner"]] and int(ranked[0][2]) == 63
    squares = [int(sq) for _, _, sq, _ in ranked]
    assert squares[1:] == sorted(squares[1:], reverse=True)
    assert [int(n) for _, _, _, n in ranked] == [view["counters"][names.index(p)] for _, p, _, _ in ranked]
    assert [int(place) for place, *_ in ranked] == [1 + sum(q > s for q in [64] + squares[1:]) for s in [64] + squares[1:]]


def test_a_hint_names_each_legal_move_of_the_seat_to_act_best_first_and_refuses_another_seat(sqlite_url):
    """The hints of the seat to act (its token's route and its page's, by the seat's cookie): each
    of its legal moves once, named as its button names it, valued in counters best first, in the
    page's language; another seat's token is refused (not its turn), and so is a page's address
    of a seat the browser's cookie does not hold; nothing is played."""
    from academie.presentation.scene import scene_of
    from academie.web.room import say
    from academie.web.i18n import texts

    value = re.compile(r"^([+−])(\d+)[.,](\d\d) ± (\d+)[.,]\d\d (counters|jetons)$")
    with client(sqlite_url) as c:
        t = create(c, "reversis", ["human"] * 4, options={"deals": 1})
        table = c.app.state.hub.tables[t["id"]]
        seat = table.state.current_player()
        token = {s["seat"]: s["token"] for s in t["seats"]}
        legal = table.state.legal_action_strings()
        hint = c.get(f"/api/play/{token[seat]}/hint")
        assert hint.status_code == 200, hint.text
        got = hint.json()
        assert got["version"] == 0 and got["worlds"] >= 20
        assert got["title"].startswith("Each move's mean gain by the end of the deal") and str(got["worlds"]) in got["title"]
        assert sorted(m["action"] for m in got["moves"]) == sorted(legal) and len(legal) > 1
        scene = scene_of("reversis", table.state.view(seat).to_json(), table.names, seat, legal)
        labels = {m.action: say(m.label, texts("en")) for m in scene.moves}
        assert [m["label"] for m in got["moves"]] == [labels[m["action"]] for m in got["moves"]]
        means = []
        for m in got["moves"]:
            found = value.match(m["value"])
            assert found and found[5] == "counters", m
            means.append((-1 if found[1] == "−" else 1) * float(f"{found[2]}.{found[3]}"))
        assert means == sorted(means, reverse=True)
        # in French, on the seat's page (its cookie), the same moves in the same order
        c.get(f"/play/{token[seat]}", follow_redirects=False)
        fr = c.get(f"/seat/{t['id']}/{seat}/hint", params={"lang": "fr"}).json()
        assert [m["action"] for m in fr["moves"]] == [m["action"] for m in got["moves"]]
        assert fr["title"].startswith("Le gain moyen de chaque coup") and all(m["value"].endswith(" jetons") for m in fr["moves"])
        assert fr["moves"][0]["label"] == say(scene.moves[[m.action for m in scene.moves].index(fr["moves"][0]["action"])].label,
                                               texts("fr"))
        # another seat: its token is refused (not its turn), its page's address without its cookie too
        other = (seat + 1) % 4
        refused = c.get(f"/api/play/{token[other]}/hint")
        assert refused.status_code == 409 and refused.json()["error"] == (
            f"not your turn: {table.names[seat]} is to play, not {table.names[other]}")
        assert c.get(f"/seat/{t['id']}/{other}/hint").status_code == 404
        assert c.get("/api/play/no-such-token/hint").status_code == 404
        assert table.version == 0 and table.state.current_player() == seat


def test_a_table_with_an_empty_cell_and_a_wrapped_quotation_read_as_sentences():
    told = ("╭── End of deal 1 ──╮\n│ ┏━━━━┳━━━━━━┳━━━━━┓ │\n│ ┃ player ┃ flux ┃ point ┃ │\n│ ┡━━━━╇━━━━━━╇━━━━━┩ │\n"
            "│ │ Anne   │      │    19 │ │\n│ └────┴──────┴─────┘ │\n╰────╯\n"
            "── Deal 2: Denis deals; belle to\nDenis.\n  Anne goes on the bus (« Règles »\n  (a sheet): « dans le bus »)")
    assert room.plain_text(told) == ("End of deal 1\nAnne: point 19.\nDeal 2: Denis deals; belle to Denis.\n"
                                    "Anne goes on the bus (« Règles » (a sheet): « dans le bus »)")


def test_a_french_page_tells_the_commonest_moves_in_french(sqlite_url):
    import time

    with client(sqlite_url) as c:
        t = create(c, "reversis", ["random"] * 4, options={"deals": 1})
        table = c.app.state.hub.tables[t["id"]]
        deadline = time.time() + 120
        while "takes the trick" not in "".join(table.teller.lines) and time.time() < deadline:
            time.sleep(0.05)  # a trick taken (the bots may be slow on a busy machine)
        english = "\n".join(table.snapshot(None, None, full=True)["plain"])
        french = "\n".join(table.snapshot(None, None, full=True, lang="fr")["plain"])
        assert re.search(r"^\w+ plays (10|[2-9JQKA])[♠♥♦♣] — \w+ takes the trick\.$", english, re.M)
        assert re.search(r"^\w+ joue (10|[2-9VDRA])[♠♥♦♣] — \w+ fait la levée\.$", french, re.M)
        assert not re.search(r"^\w+ plays ", french, re.M) and french.startswith("Donne 1 : ")
        page = c.get(f"/watch/{t['id']}", headers={"accept-language": "fr"}).text
        assert "fait la levée" in page and "takes the trick" not in page


def test_the_french_log_reads_the_tables_headers_in_french():
    told = ("╭── End of deal 1 ──╮\n│ ┏━━━━┳━━━━━┳━━━━━┓ │\n│ ┃ player ┃ tricks ┃ this deal ┃ │\n│ ┡━━━━╇━━━━━╇━━━━━┩ │\n"
            "│ │ Anne │ 4 │ −3 │ │\n│ └────┴─────┘ │\n╰────╯\nMatch over after 1 deal.")
    assert room.plain_log(told, "fr") == "Fin de la donne 1\nAnne\u202f: levées 4, cette donne −3.\nPartie finie après 1 donne."
    assert room.plain_log(told) == "End of deal 1\nAnne: tricks 4, this deal −3.\nMatch over after 1 deal."


def told_matches(game_id: str, seeds: range):
    """The narration of random matches of ``game_id`` as a table tells it (:class:`TextNarrator`):
    for each seed, a player count and option values drawn at random (every option the new-table
    form offers as a choice, the match kept short), then random moves to the end."""
    from academie.web.app import option_fields
    from academie.web.live import TextNarrator

    game = GAMES[game_id]
    short = {"trente-et-un": {"lives": 1}, "reversis": {"deals": 2}, "guimbarde": {"deals": 2},
             "guinguette": {"deals": 3}, "belle-flux-trente-un": {"deals": 3}}.get(game_id, {})
    for seed in seeds:
        rng = random.Random(seed)
        players = rng.randint(game.info.min_players, min(game.info.max_players, 7))
        options = {f["name"]: rng.choice(f["choices"]) for f in option_fields(game_id)
                   if f["kind"] == "select" and rng.random() < 0.6}
        options.update({k: v for k, v in short.items() if k in game.options_model.model_fields})
        names = ["Anne", "Bastien", "Camille", "Denis", "Élise", "Fanny", "Gaston"][:players]
        state = game.new_initial_state(players, game.parse_options(options))
        chance, teller = SeededChance(seed), TextNarrator()
        n = teller.attach(state, game, names)
        teller.tell(lambda: n.resolve(chance))  # the first deal, told as a table tells it
        for _ in range(5000):
            advance_chance(state, chance)
            if state.is_terminal():
                teller.tell(n.finish)
                break
            teller.tell(n.before_decision)
            teller.flush()
            seat, action = state.current_player(), rng.choice(state.legal_actions())
            text, before = state.action_to_string(action), n.view()
            state.apply_action(action)
            teller.tell(lambda: n.moved(seat, text, before))
            teller.tell(lambda: n.resolve(chance))  # the chance outcomes it calls for (a throw, a card drawn)
        teller.flush()
        assert state.is_terminal() and teller.failed is None, (game_id, seed, options)
        yield names, teller.lines


def english_words() -> set[str]:
    """The words of the catalog's English message ids that no French translation uses. A
    translation's copies of its id's own words — a quotation « … » kept as it is (a title, « The
    Penguin Book of Card Games »), an identifier (``talon_tie``, ``tierce_suits=same``) — are no
    French; the games' names are. A single letter is no word."""
    from babel.messages.pofile import read_po

    word = re.compile(r"[A-Za-zÀ-ÿœ'’-]+")
    english, french = set(), {w.lower() for g in GAMES.values() for w in word.findall(g.info.name)}
    for m in read_po(PO.open("rb"), locale="fr"):
        if m.id:
            for text in (m.id if isinstance(m.id, tuple) else (m.id,)):
                english |= {w.lower() for w in word.findall(re.sub(r"\{\w+\}", "", text))}
            ids = " ".join(m.id) if isinstance(m.id, tuple) else m.id
            for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
                text = re.sub(r"«\s*([^«»]*?)\s*»", lambda q: " " if q[1] in ids else q[0], text)
                text = re.sub(r"\b[a-z0-9]+_[a-z0-9_=]+\b", " ", text)
                french |= {w.lower() for w in word.findall(re.sub(r"\{\w+\}", "", text))}
    return {w for w in english - french if len(w) > 1} - {"partitions"}  # a heraldic term of the Blason's board


def test_english_words_hold_the_common_english_words():
    """The catalog's English words, that a French page must not show, hold the commonest (a quoted
    English title in a French translation does not make « the » French)."""
    assert {"the", "or", "card", "games", "player", "with", "reading"} <= english_words()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_line_of_the_narration_is_told_in_french(game_id):
    """Random matches of every game (the form's choices of options and the player count drawn at
    random) told as a French page tells them: each line maps to a message of the catalog
    (or is a table's row written with the header's French words), and once the sources' French
    quotations, the names and the cards are set aside no English word of the catalog is left."""
    from academie.presentation.scene.told import told_phrase

    english, word = english_words(), re.compile(r"[A-Za-zÀ-ÿœ'’-]+")
    row = re.compile(r"^[^:]+: [^,]+(, [^,]+)*\.$")
    checked, unread, left = 0, [], []
    for names, lines in told_matches(game_id, range(4)):
        for entry in lines:
            told = room.plain_text(entry).split("\n")
            french = room.plain_log(entry, "fr").split("\n")
            assert len(told) == len(french)
            for line, said in zip(told, french):
                checked += 1
                if told_phrase(line) is None and not row.match(line):
                    unread.append(line)
                bare = re.sub(r"«[^«»]*»|(?:10|[2-9VDRA])[♠♥♦♣]", " ", said)
                found = {w.lower() for w in word.findall(bare)} - {n.lower() for n in names}
                if found & english:
                    left.append((said, sorted(found & english)))
    assert checked > 80, checked
    assert not unread, f"{len(unread)} of {checked} lines read as no message: {unread[:5]}"
    assert not left, f"{len(left)} of {checked} lines left English: {left[:5]}"


def visible_text(page: str) -> list[str]:
    """A page's text as a person reads it: its text nodes and its titles, labels and placeholders;
    a rules page's text whole, each line: its headings, rules, citations, advice, sources and options."""
    import html

    page = re.sub(r"(?s)<(script|style)[^>]*>.*?</\1>", " ", page)
    attrs = re.findall(r'(?:title|aria-label|placeholder|alt)="([^"]*)"', page)
    return [html.unescape(x).strip() for x in re.sub(r"<[^>]+>", "\n", page).split("\n") + attrs if x.strip()]


def test_the_french_lobby_forms_and_rules_pages_hold_no_english(sqlite_url):
    """The lobby, every game's new-table form and rules page in French: the games' summaries, their
    options' names, values, provenance and documentation, the bots' kinds, the rules themselves,
    their citations, the advice and the sources' titles are in French; once the
    sources' quotations, the option identifiers a text cites ('miss_two_turns', ``talon_payer``)
    and the readings' tags (R2, G12) are set aside no English word of the catalog is left (but
    « English », the switch to it). No reST markup is shown."""
    english, word = english_words() - {"english"}, re.compile(r"[A-Za-zÀ-ÿœ'’-]+")
    urls = ["/", *(f"/new/{g}" for g in sorted(GAMES)), *(f"/rules/{g}" for g in sorted(GAMES))]
    left, checked = [], 0
    with client(sqlite_url) as c:
        for url in urls:
            page = c.get(url, headers={"accept-language": "fr-FR,fr;q=0.9"})
            assert page.status_code == 200 and '<html lang="fr">' in page.text
            assert "``" not in page.text and ":mod:`" not in page.text, url
            for text in visible_text(page.text):
                checked += 1
                text = re.sub(r"-o \S+|(?<=valeurs : )[a-z, ]+$", " ", text)  # the command line's notation
                text = re.sub(r"\[source plus tardive\u202f?: [^\]]*\]", " ", text)  # a later source's title, as published
                bare = re.sub(r"«[^«»]*»|=[a-z0-9_]+|\boptions? [a-z0-9_]+(?:, [a-z0-9_]+)*|'[a-z0-9_=]+'|\b[a-z0-9]+_[a-z0-9_=]+\b|\b[a-z]+\.\d+\b|\b[A-Z]{1,2}\d+\w*|(?:10|[2-9VDRA])[♠♥♦♣]",
                              " ", text)
                found = {w.lower() for w in word.findall(bare)} & english
                if found:
                    left.append((url, text[:120], sorted(found)))
        rules = c.get("/rules/reversis", headers={"accept-language": "fr"}).text
        assert "Reversis : les règles dans nos propres mots" in rules and "4 à 5 joueurs. Faire le moins" in rules
        assert "<span class=\"option\" id=\"option-deck\">jeu de cartes</span> : 48   [texte source] valeurs : '48', '52'" in rules and "-o " not in rules
        # the rules, their citations, the advice, the sources' titles and the note, in French
        assert "But, 1</b> Le contraire des jeux ordinaires : faites aussi peu de levées" in rules
        assert "Donne, 1</b> Quatre ou cinq joueurs ; 48 cartes, sans les dix." in rules
        assert ("[001] « Il y a quarante-huit cartes dans le jeu, les dix n'y étant pas ordinairement » ;"
                " notre lecture : option") in rules
        assert "1. Faites peu de levées et peu d'honneurs (A R D V)" in rules
        assert "1re édition, t. XIV (1765)" in rules and "1st edition" not in rules
        assert "notre traduction française de nos règles anglaises" in rules and "rédigées en anglais" not in rules
        blason = c.get("/rules/blason", headers={"accept-language": "fr"}).text
        assert "2e partie pp. 22-23, art. « Blason (jeu du) », par M. de Fer" in blason
        form = c.get("/new/reversis", headers={"accept-language": "fr"}).text
        assert "Faire le moins de levées" in form and "robot : heuristique" in form
        assert '<option value="others_pay_forcer" selected>les autres paient qui force (par défaut)</option>' in form
    assert checked > 500, checked
    assert not left, f"{len(left)} of {checked} texts left English: {left[:40]}"


def test_what_the_server_refuses_is_said_in_french_and_changes_nothing(sqlite_url):
    """A bad option value and a player count out of range on the French form, a move out of turn
    and an illegal move over a French socket: said in French, naming what was wrong and what is
    legal; no table is made, the table does not move."""
    from html import unescape

    from tests.web.test_socket import wait_for

    fr = {"accept-language": "fr-FR,fr;q=0.9"}
    with client(sqlite_url) as c:
        before = len(c.app.state.hub.tables)
        form = {"players": "4", "opt_deck": "47", **{f"kind_{s}": "random" for s in range(4)}}
        r = c.post("/new/reversis", data=form, headers=fr)
        said = unescape(r.text)
        assert r.status_code == 422 and "mauvaise valeur '47' pour l'option 'deck' : les valeurs permises sont '48', '52'" in said
        assert "bad value" not in said and len(c.app.state.hub.tables) == before
        r = c.get("/new/reversis", params={"players": "9"}, headers=fr)
        assert "Reversis se joue de 4 à 5 joueurs, pas '9' : le formulaire en montre 4" in unescape(r.text)
        english = c.post("/new/reversis", data=form)
        assert "bad value '47' for option 'deck'" in unescape(english.text)  # English stays English
        t = create(c, "trente-et-un", ["human", "human"], seed=9)
        table = c.app.state.hub.tables[t["id"]]
        to_act = table.state.current_player()
        with c.websocket_connect(f"/ws/play/{t['seats'][1 - to_act]['token']}", headers=fr) as ws:
            wait_for(ws, lambda m: m["type"] == "update")
            version = table.version
            ws.send_json({"type": "act", "action": table.state.legal_action_strings()[0], "version": version})
            err = wait_for(ws, lambda m: m["type"] == "error")
            names = table.names
            assert err["message"] == (f"ce n'est pas votre tour : c'est à {names[to_act]} de jouer, "
                                      f"pas à {names[1 - to_act]}") and err["status"] == 409
        with c.websocket_connect(f"/ws/play/{t['seats'][to_act]['token']}", headers=fr) as ws:
            wait_for(ws, lambda m: m["type"] == "update")
            ws.send_json({"type": "act", "action": "AS", "version": version})
            err = wait_for(ws, lambda m: m["type"] == "error")
            assert err["message"] == ("'AS' n'est pas un coup permis maintenant (piochez d'abord à la pioche ou à la "
                                      "défausse) ; coups permis : stock, pile, knock"), err
        assert table.version == version


def test_french_rules_finds_a_rule_by_its_id_and_text_whatever_the_layout():
    """A rule is found by its id and its English text wherever the line's padding and the gap after
    the id put them, its citation line by its parts (a siglum and quotation, « our reading », the
    options named); the quotation, option names and references stay; a line it does not know is
    kept as it is."""
    from academie.web.game_words import french_rules

    words = {"Seat 0 deals first.": "La place 0 donne la première.", "Play low.": "Jouez bas.",
             "our reading: options {names}": "notre lecture : options {names}", "option {names}": "option {names}",
             "{quote}; {reading}": "{quote} ; {reading}", "our reading": "notre lecture"}
    text = "\n".join([
        "  deal.8 Seat 0 deals first.",
        "      deal.10    Seat 0 deals first.",
        "         [001] « trois à trois »; our reading: options talon_five, packet → [001] §6",
        "         [Almanach]; option deck",
        "    our reading",
        "  2. Play low.",
        "  deal.9 A rule nobody translated.",
    ])
    assert french_rules(text, lambda m: words.get(m, m)).split("\n") == [
        "  deal.8 La place 0 donne la première.",
        "      deal.10    La place 0 donne la première.",
        "         [001] « trois à trois » ; notre lecture : options talon_five, packet → [001] §6",
        "         [Almanach] ; option deck",
        "    notre lecture",
        "  2. Jouez bas.",
        "  deal.9 A rule nobody translated.",
    ]


def test_every_rule_and_advice_of_every_guide_is_in_the_french_catalog():
    """Each rule and advice line of every game's guide (what ``academie rules GAME`` prints) has a
    French translation, and the French rules page shows it in place of the English."""
    from academie.core.guide import guide_of
    from academie.web import i18n
    from academie.web.app import rules_text
    from academie.web.game_words import worded_rules

    _ = i18n.texts("fr")._
    for game_id, game in GAMES.items():
        guide = guide_of(game)
        page = rules_text(game_id, "fr")
        for text in [r.text for r in guide.rules()] + list(guide.how_to_win):
            assert _(text) != text, (game_id, text)
            # (the options it names in the form's words: worded_rules)
            assert worded_rules(_(text), game_id, _) in page and worded_rules(text, game_id, _) not in page, (game_id, text)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_new_table_forms_quote_the_choices_as_their_menus_name_them(sqlite_url, lang):
    """Every game's new-table form, in English and French: an option's text quotes a choice
    ('later', 'swap') in the words its menu shows it with, never the game's identifier; no
    ``name=value`` form, no « ismcts », no « default (default) »; the bot's parameters box shows an
    example (a valid one) only for a bot that takes parameters."""
    from academie.bots.spec import parse_spec

    quoted = re.compile(r"(?<![\w’])'([^'\s][^']*?)'(?![\w’])")
    with client(sqlite_url) as c:
        for game_id in sorted(GAMES):
            page = c.get(f"/new/{game_id}", headers={"accept-language": lang}).text
            menus = {re.sub(r" \((?:default|par défaut)\)$", "", unescape(o))
                     for o in re.findall(r"<option value=\"[^\"]*\"[^>]*>([^<]*)</option>", page)}
            docs = [unescape(d) for d in re.findall(r'<p class="doc">([^<]*)</p>', page)]
            for doc in docs:
                for q in quoted.findall(doc):
                    assert q in menus, (game_id, lang, q, doc[:80])
                assert not re.search(r"\b[a-zé]+=[a-z0-9]", doc), (game_id, doc[:80])
            shown = "\n".join(visible_text(page))
            assert "ismcts" not in shown.lower() and "default (default)" not in shown
            assert "par défaut (par défaut)" not in shown, game_id
            rows = re.findall(r'(?s)<tr class="seat-row".*?</tr>', page)
            for row in rows:
                kind = re.search(r'<option value="([^"]+)" selected', row)[1]
                box = re.search(r"<input name=\"params_\d+\"[^>]*>", row)[0]
                example = re.search(r'placeholder="([^"]*)"', box)
                if kind in ("human", "random"):
                    assert example is None, (game_id, kind, box)
            for bot, example in re.findall(r'<option value="([^"]+)"[^>]* data-example="([^"]+)"', page):
                assert parse_spec(f"{bot}:{example}", game_id).params, (game_id, bot, example)
            assert 'data-example="' not in re.sub(r'<option value="(?:ismcts|heuristic)"[^>]*>', "", page)
            said = "\n".join(docs)
            if lang == "fr" and game_id == "reversis":
                assert "'plus tardif' ajoute des règles" in said and "payeur du talon réglé sur 'le plus de points'" in said
                assert "robot : recherche arborescente" in shown and "selon le jeu de cartes (par défaut)" in shown
            if lang == "fr" and game_id == "blason":
                assert "; 'échanger' : à la case" in said.replace("\u202f", " ") and "'arrêter' fait gagner" in said


def test_the_blason_says_square_30_the_pot_the_counts_and_the_start_one_way_in_french():
    """The Blason in French: the seat waiting on square 30 is « à la chancellerie », the square's
    name on the board (« marques de la chancellerie »), never « au puits »; the pot is « Pot », as
    the history's « met 1 jeton dans le pot »; 0 and 1 counter are singular (« 0 jeton »); a throw
    from square 0 is « du départ » on the sheet, « départ → » on the board; the new-table form says
    what the rules say of seat 0 (it throws, it does not deal)."""
    from academie.presentation.scene import scene_of

    t, names = i18n.texts("fr"), ["Anne", "Bastien", "Camille"]
    well = next(s for seed in range(40) for s in states("blason", 3, seed, moves=3000)
                if s.view(0).to_json().get("well") is not None)
    view = well.view(0)
    scene = scene_of("blason", view.to_json(), names, 0, well.legal_action_strings())
    waiting = scene.seats[view.to_json()["well"]]
    marks = [room.say(m, t) for m in waiting.marks]
    assert "à la chancellerie" in marks and "au puits" not in marks, marks
    drawn = room.draw("blason", view, names, 0, well.legal_action_strings(), "fr")["board"]
    assert "30. marques de la chancellerie" in drawn and "puits" not in drawn and "Poule" not in drawn
    data = dict(view.to_json(), pot=0, counters=[1, 0, 2])
    board = room.blason_board(data, names, t)
    assert "Pot : 0 jeton</p>" in board.replace("\u202f", " ")
    counts = [re.search(r"\d+ jetons?", x)[0] for x in re.findall(r'<span class="bl-state">([^<]*)</span>', board)]
    assert counts == ["1 jeton", "0 jeton", "2 jetons"], counts
    first = next(s for s in states("blason", 3, 1) if (s.view(0).to_json().get("last_move") or {}).get("from") == 0
                 and s.view(0).to_json()["last_move"].get("total"))
    last = first.view(0).to_json()["last_move"]
    sheet = room.sheet_html(scene_of("blason", first.view(0).to_json(), names, 0, []), t)
    assert f"du départ à la case {last['to']}." in sheet.replace("\u202f", " ") and "case 0" not in sheet, sheet
    assert f"départ → {last['landed']}" in room.blason_board(first.view(0).to_json(), names, t)
    assert "début" not in room.blason_board(first.view(0).to_json(), names, t)
    from academie.web.app import seat_rule

    assert seat_rule("blason").startswith("In turn, from seat 0, each player throws")
    assert t._(seat_rule("blason")) != seat_rule("blason") and "donne" not in t._(seat_rule("blason"))
    assert seat_rule("reversis") == "Seat 0 deals first; the deal and the play go to the right."


def french_marks_unspaced(page: str) -> list[str]:
    """Where a French page's text (no attribute values, scripts or styles; the sources'
    quotations « … », URLs and times set aside) has a letter or a closing mark directly before
    « : » or « ; », French typography wanting a (narrow) no-break space there."""
    import html

    page = re.sub(r"(?s)<(script|style)[^>]*>.*?</\1>", " ", page)
    text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r'="[^"]*"', '=""', page)))
    text = re.sub(r"«[^«»]*»|https?://\S+|\b\d{1,2}:\d{2}\b", " ", text)
    return [text[max(0, m.start() - 40): m.end() + 20] for m in re.finditer(r"[A-Za-zÀ-ÿœ)\]][:;]", text)]


def test_the_french_pages_of_every_game_space_their_colons_and_semicolons(sqlite_url):
    """Every game's French table page (its log included), replay, new-table form and rules page:
    no letter directly before « : » or « ; » (« Anne : levées », « Jeu du Blason : règles »), the
    narration's sentences and tables, the titles and the later sources' brackets included."""
    assert i18n.french_spacing("Anne: levées 4; belle à Élise") == "Anne\u202f: levées 4\u202f; belle à Élise"
    said = re.search(r'aria-label="([^"]*)"', room._face("QH", "fr", "QH", "Écarter", "à l'écart", False, False, ""))[1]
    assert said == "dame de cœur, jouable : Écarter", said  # a card's name for a screen reader, French too
    with client(sqlite_url) as c:
        for game_id in sorted(GAMES):
            table = create(c, game_id, ["random"] * GAMES[game_id].info.default_players)["id"]
            for _ in range(100):
                if c.get(f"/api/watch/{table}").json().get("over"):
                    break
                time.sleep(0.05)
            for url in (f"/watch/{table}", f"/replay/{table}", f"/new/{game_id}", f"/rules/{game_id}"):
                page = c.get(url, headers={"accept-language": "fr"})
                assert page.status_code == 200 and '<html lang="fr">' in page.text, url
                assert not french_marks_unspaced(page.text), (url, french_marks_unspaced(page.text)[:5])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_option_label_of_a_form_leads_to_its_option_on_the_rules_page_whose_rules_read_in_words(sqlite_url, lang):
    """Every game's new-table form: each option's label (« R9 · notre proposition », « 3(a)4 ») is
    a link to that option's line on the game's rules page, with a tooltip saying what the tag is;
    the rules page names its rules in words (« But, 1 », « Tour, 2 »; « Aim, 1 » in English), each
    an anchor, no « aim.1 » left; the source page's rule links say them the same way."""
    aim = {"en": "Aim, 1", "fr": "But, 1"}[lang]
    with client(sqlite_url) as c:
        for game_id in sorted(GAMES):
            form = c.get(f"/new/{game_id}", headers={"accept-language": lang}).text
            rules = c.get(f"/rules/{game_id}", headers={"accept-language": lang}).text
            links = re.findall(r'<a class="ref" href="/rules/([^"#]+)#option-([a-z0-9_]+)" title="([^"]+)">', form)
            assert len(links) == len(GAMES[game_id].options_model.model_fields), game_id
            for game, name, title in links:
                assert game == game_id and f'id="option-{name}"' in rules, (game_id, name)
                assert ("catalogue" in title) and ("rules page" in title or "page des règles" in title)
            assert f'<b class="rule-id" id="rule-aim.1">{aim}</b>' in rules, game_id
            assert not re.search(r"\b(?:aim|deal|turn|scoring|end)\.\d+\b", re.sub(r'id="[^"]*"', "", rules)), game_id
            source = c.get(f"/source/{game_id}", headers={"accept-language": lang}).text
            said = re.findall(r'<a href="#rule-[^"]+"[^>]*>([^<]+)</a>', source)
            assert said and all(re.fullmatch(r"(?:rule|règle) \w[\w ]*, \d+", s) for s in said), said[:3]



def finish(c, tokens: list[str], seed: int = 3) -> None:
    """Random moves of the seats of ``tokens`` (the bots answer on the server) until the match ends."""
    deadline, rng = time.time() + 300, random.Random(seed)
    while not c.get(f"/api/play/{tokens[0]}").json()["over"]:
        assert time.time() < deadline, "the match did not end"
        for token in tokens:
            s = c.get(f"/api/play/{token}").json()
            if s["legal"]:
                c.post(f"/api/play/{token}", json={"action": rng.choice(s["legal"]), "version": s["version"]})
        time.sleep(0.002)


def test_no_seat_page_nor_answer_holds_another_seats_token_but_its_creators(sqlite_url):
    """Two browsers (two cookie jars on one client): the first match's creator sees the other
    seat's link, the friend sees none; at a rematch the creator is whoever began it, and the seat
    who joins it sees no one else's link (not on his page, his seat's answer, nor his cookies)."""
    import httpx

    with client(sqlite_url) as c:
        jars = {"anne": httpx.Cookies(), "bastien": httpx.Cookies()}
        browser = ["anne"]

        def use(name: str) -> None:  # the client's cookies become this browser's
            jars[browser[0]] = c.cookies
            c.cookies, browser[0] = jars[name], name

        def others(name: str, table, seat: int) -> set[int]:
            """The other seats (``-1``: the creator's key) whose secrets ``seat``'s page, answer
            and the browser's cookies hold."""
            use(name)
            page = c.get(f"/seat/{table.id}/{seat}")
            assert page.status_code == 200
            said = page.text + c.get(f"/api/play/{table.row.seats[seat].token}").text
            said += " ".join(cookie.value for cookie in c.cookies.jar if cookie.path.startswith(f"/seat/{table.id}"))
            secrets = {s.seat: s.token for s in table.row.seats if s.kind == "human" and s.seat != seat}
            return {k for k, v in {**secrets, -1: table.row.admin_key}.items() if v in said}

        form = {"players": "3", "name_0": "Anne", "kind_0": "human", "name_1": "Bastien", "kind_1": "human",
                "kind_2": "random", "opt_lives": "1"}
        r = c.post("/new/trente-et-un", data=form, follow_redirects=False)
        assert r.status_code == 303
        first = c.app.state.hub.tables[r.headers["location"].split("/")[2]]
        use("bastien")
        c.get(f"/play/{first.row.seats[1].token}")
        assert others("anne", first, 0) == {1, -1}  # the creator: Bastien's link, her key
        assert others("bastien", first, 1) == set()  # the friend: no one else's
        finish(c, [s.token for s in first.row.seats[:2]])
        use("anne")  # Anne begins the rematch, Bastien joins it
        began = c.post(f"/seat/{first.id}/0/rematch", follow_redirects=False)
        use("bastien")
        joined = c.post(f"/seat/{first.id}/1/rematch", follow_redirects=False)
        assert began.status_code == joined.status_code == 303
        new = c.app.state.hub.tables[began.headers["location"].split("/")[2]]
        assert joined.headers["location"] == f"/seat/{new.id}/1"
        assert others("anne", new, 0) == {1, -1}  # she began it: her table's invitations
        assert others("bastien", new, 1) == set()  # he joined it: Anne's link nowhere for him
        assert "Invite the other players" not in c.get(f"/seat/{new.id}/1").text
        finish(c, [s.token for s in new.row.seats[:2]])
        use("bastien")  # the other way round: Bastien begins, Anne joins
        began = c.post(f"/seat/{new.id}/1/rematch", follow_redirects=False)
        use("anne")
        c.post(f"/seat/{new.id}/0/rematch", follow_redirects=False)
        third = c.app.state.hub.tables[began.headers["location"].split("/")[2]]
        assert others("bastien", third, 1) == {0, -1}
        assert others("anne", third, 0) == set()
