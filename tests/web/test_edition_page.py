"""The browser's edition pages (academie.web.edition's router), on a small FastAPI app of their
own: the source beside the translation, each sentence linked to its rules and each rule to its
sentences; the JSON, the TEI and the booklet; an unknown game refused."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from academie.edition import edition, game_sigla
from academie.games import GAMES
from academie.web import edition as pages


@pytest.fixture(scope="module")
def client():
    app = FastAPI()
    app.include_router(pages.router)
    return TestClient(app)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_page_shows_every_sentence_beside_its_translation_with_its_rules(client, game):
    r = client.get(f"/source/{game}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    html = r.text
    for siglum in game_sigla(game):
        for s in edition(siglum).sentences:
            row = re.search(rf'<tr id="s{siglum}-{s.n}">(.*?)</tr>', html, re.S)
            assert row, f"no row for [{siglum}] §{s.n}"
            assert s.en.replace("'", "&#39;").replace('"', "&#34;")[:40] in row.group(1)
    # every link from a sentence to a rule or option lands on an anchor of the page, and back
    anchors = set(re.findall(r'id="([^"]+)"', html))
    links = set(re.findall(r'href="#([^"]+)"', html))
    assert links <= anchors
    assert any(link.startswith("rule-") for link in links)
    rule_block = html.split("<h2>The rules, each with its sentences</h2>")[1]
    assert re.search(r'<li id="rule-[^"]+">.*?<a href="#s\d{3}-\d+">', rule_block, re.S)


def test_the_blason_rest_sentence_links_to_its_rule_and_option(client):
    html = client.get("/source/blason").text
    row = re.search(r'<tr id="s002-15">(.*?)</tr>', html, re.S).group(1)
    assert 'href="#rule-blason:turn.7"' in row and 'href="#option-rest_reading"' in row
    assert 'href="#s002-15"' in html.split('id="rule-blason:turn.7"')[1].split("</li>")[0]


def test_the_json_the_tei_and_the_booklet(client):
    data = client.get("/api/source/reversis").json()
    assert data["game"] == "reversis" and len(data["sources"][0]["sentences"]) == len(edition("001").sentences)
    tei = client.get("/source/reversis/tei.xml")
    assert tei.status_code == 200 and "xml" in tei.headers["content-type"]
    ET.fromstring(tei.content)
    booklet = client.get("/source/reversis/booklet")
    assert booklet.status_code == 200 and "Options in force" in booklet.text


@pytest.mark.parametrize("path", ["/source/piquet", "/api/source/piquet", "/source/piquet/tei.xml"])
def test_an_unknown_game_is_a_404_naming_the_games(client, path):
    r = client.get(path)
    assert r.status_code == 404
    assert "unknown game 'piquet'" in r.text and "reversis" in r.text


def test_the_server_serves_the_source_pages_linked_from_the_lobby_and_the_rules(sqlite_url):
    """The application includes the edition's router: the lobby and each rules page link to the
    game's source page, which the server itself answers, under its security headers."""
    from fastapi.testclient import TestClient

    from academie.web.app import create_app

    with TestClient(create_app(sqlite_url)) as c:
        lobby = c.get("/").text
        assert 'href="/source/reversis"' in lobby
        assert 'href="/source/blason"' in c.get("/rules/blason").text
        page = c.get("/source/reversis")
        assert page.status_code == 200 and "Reversis" in page.text
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]


def test_the_source_page_holds_no_inline_style_or_script(sqlite_url):
    """The server's Content-Security-Policy allows only its own files: the source page's styles
    are in the static style sheet, not in the page."""
    from fastapi.testclient import TestClient

    from academie.web.app import create_app

    with TestClient(create_app(sqlite_url)) as c:
        for game in ("reversis", "guinguette"):
            page = c.get(f"/source/{game}").text
            assert "<style" not in page and " style=" not in page and "<script>" not in page


def test_a_tables_narration_links_each_quotation_of_the_source_to_its_sentence(sqlite_url):
    """From a table, a narration line's rule opens its sentence: each « … » the narration quotes
    from the game's source is a link to that sentence of the source page (on the page as drawn,
    and in each update's ``sources`` for the page's script), and the sentence is there."""
    import re

    from tests.web.support import client, create

    with client(sqlite_url) as c:
        t = create(c, "guimbarde", ["human", "random", "random"], seed=3)
        page = c.get(t["watch"]).text
        links = re.findall(r'<a class="cite" href="(/source/guimbarde#(s004-\d+))"', page)
        assert links, "the stakes put in the boxes quote the Larousse"
        source = c.get("/source/guimbarde").text
        for _, anchor in links:
            assert f'id="{anchor}"' in source
        snap = c.get(f"/api/watch/{t['id']}").json()
        # found in the plain lines, which the page's script searches
        cited = [(line, cite) for line, cites in zip(snap["plain"], snap["sources"]) for cite in cites]
        assert cited and all(quote in line and href.startswith("/source/guimbarde#s004-")
                             for line, (quote, href) in cited)
        assert all("<a" not in line for line in snap["log"])  # the lines stay text; the page links them


CARD_GAMES = ["belle-flux-trente-un", "guimbarde", "guinguette", "reversis", "trente-et-un"]


@pytest.mark.parametrize("game", CARD_GAMES)
def test_every_quotation_of_a_whole_random_match_is_a_link(sqlite_url, game):
    """Each « … » a table's narration shows that a sentence of the source holds is a link: in the
    page as the server draws it, and in the update the page's script draws (its ``sources`` are
    found in the ``plain`` lines it searches, though a raw line may wrap inside a quotation)."""
    import time

    from academie.web.edition import QUOTE
    from academie.edition import sentences_of
    from tests.web.support import client, create

    players = GAMES[game].info.default_players
    with client(sqlite_url) as c:
        t = create(c, game, ["random"] * players, seed=11)
        for _ in range(600):
            snap = c.get(f"/api/watch/{t['id']}").json()
            if snap["over"]:
                break
            time.sleep(0.05)
        assert snap["over"], "the random match did not end"
        page = c.get(t["watch"]).text
        quoted = 0
        for plain, cites in zip(snap["plain"], snap["sources"], strict=True):
            held = [m.group(1) for m in QUOTE.finditer(plain)
                    if any(sentences_of(s, m.group(1)) for s in game_sigla(game))]
            quoted += len(held)
            assert [q for q, _ in cites] == held, plain
            at = 0
            for quote, href in cites:  # as table.js links them: each found in order in the plain line
                at = plain.find(quote, at)
                assert at >= 0, (plain, quote)
                at += len(quote)
        drawn = re.findall(r'<a class="cite" href="/source/[^"]+"[^>]*>', page)
        assert quoted and len(drawn) == quoted


def test_the_french_source_page_holds_no_english_interface_string(sqlite_url):
    """With French chosen, the source page's title, headings, column names, « read: », « Played
    by », the options' origins and the introduction are French (the catalog's translations of the
    template's messages); the English left is the data (our translation, the rules, the notes)."""
    from html import unescape
    from pathlib import Path

    from babel.messages.extract import extract_from_file
    from fastapi.testclient import TestClient

    from academie.web import i18n
    from academie.web.app import create_app

    template = Path(pages.__file__).parent / "templates" / "source.html"
    keywords = {"_": None, "gettext": None}
    messages = {m[1] for m in extract_from_file("jinja2", str(template), keywords=keywords)}
    messages |= set(pages.PROVENANCE)
    french = i18n.translations("fr")
    english = [m for m in messages if french.gettext(m) != m]
    assert len(english) >= 15
    with TestClient(create_app(sqlite_url)) as c:
        c.cookies.set(i18n.LANG_COOKIE, "fr")
        for game in ("blason", "guinguette"):
            page = c.get(f"/source/{game}").text
            assert '<html lang="fr">' in page
            # the interface's words: the page's text without its tags and the English data
            # (elements marked lang="en": our translation, the rules, the notes, the reasons)
            words = re.sub(r'<(\w+)[^>]*\blang="en"[^>]*>.*?</\1>', " ", page, flags=re.S)
            words = unescape(re.sub(r"<[^>]+>", " ", words))
            shown = [m for m in english if re.search(rf"(?<!\w){re.escape(m)}(?!\w)", words)]
            assert shown == [], (game, shown)
            for m in ("Jouée par", "Français, tel que trouvé", "lire (notre lecture) :", "par défaut selon"):
                assert m in page, m


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_page_links_each_sentence_number_and_shows_each_rule_id(sqlite_url, game):
    """On ``/rules/GAME`` every § number is a link to its sentence on the source page (an anchor
    that page holds), and each rule is an anchor by the id ``academie source`` names it by, the id
    said in words (``deal.3``: « Deal, 3 »)."""
    from fastapi.testclient import TestClient

    from academie.edition import rule_ids
    from academie.web.app import create_app

    with TestClient(create_app(sqlite_url)) as c:
        page = c.get(f"/rules/{game}").text
        source = c.get(f"/source/{game}").text
    pre = page.split('<pre class="rules">')[1].split("</pre>")[0]
    plain = re.sub(r"<[^>]+>", "", pre)
    numbers = re.findall(r"§\d+", plain)
    links = re.findall(rf'<a href="/source/{game}#(s\d{{3}}-\d+)">§\d+</a>', pre)
    assert numbers and len(links) == len(numbers)
    for anchor in set(links):
        assert f'id="{anchor}"' in source
    from academie.web.edition import rule_words

    for rid, _ in rule_ids(GAMES[game]):  # each rule an anchor by its id, the id in words (« Deal, 3 »)
        short = rid.split(":", 1)[1]
        assert re.search(rf'^\s*<b class="rule-id" id="rule-{re.escape(short)}">{re.escape(rule_words(short, str))}</b>\s',
                         pre, re.M), rid


def test_the_new_table_form_shows_option_docs_without_markup(sqlite_url):
    from fastapi.testclient import TestClient

    from academie.web.app import create_app

    with TestClient(create_app(sqlite_url)) as c:
        form = c.get("/new/guimbarde").text
    assert "``" not in form and "parlett_free" in form


def test_the_page_gives_each_options_origin_and_writes_values_as_the_command_line(client):
    html = client.get("/source/blason").text
    item = re.search(r'<li id="option-displaced_keeps_wait">(.*?)</li>', html, re.S).group(1)
    assert "<b>displaced_keeps_wait=false</b>" in item
    assert "(true, false; default from our proposal)" in re.sub(r"<[^>]+>", "", item)
    assert "False" not in html and "'miss_two_turns'" not in html
    item = re.search(r'<li id="option-price">(.*?)</li>', html, re.S).group(1)
    assert "default from the source text" in item
    row = re.search(r'<tr id="s002-9">(.*?)</tr>', html, re.S).group(1)
    assert 'href="#option-displaced_keeps_wait"' in row  # the option its rule turn.10 names


def test_the_guinguettes_rows_played_by_the_guimbarde_say_so_and_show_no_code(client):
    html = client.get("/source/guinguette").text
    for n in (3, 14, 21, 24):
        row = re.search(rf'<tr id="s004-{n}">(.*?)</tr>', html, re.S).group(1)
        assert 'played by <a href="/source/guimbarde">Guimbarde</a>' in row, n
    assert ".py" not in html and "the code:" not in html


def test_every_get_page_answers_head_as_get(sqlite_url):
    """``curl -I``: a HEAD request gets the GET's status and headers, and no body."""
    from fastapi.testclient import TestClient

    from academie.web.app import create_app

    with TestClient(create_app(sqlite_url)) as c:
        for path in ("/", "/rules/blason", "/new/blason", "/source/blason", "/source/blason/tei.xml",
                     "/source/blason/booklet", "/api/source/blason", "/api/games", "/source/piquet"):
            get, head = c.get(path), c.head(path)
            assert head.status_code == get.status_code and head.status_code != 405, path
            assert head.content == b"", path
            assert head.headers["content-type"] == get.headers["content-type"], path
            assert head.headers.get("content-length") == get.headers.get("content-length"), path


def test_the_french_404_of_the_source_page_is_french(sqlite_url):
    from html import unescape

    from fastapi.testclient import TestClient

    from academie.web import i18n
    from academie.web.app import create_app

    with TestClient(create_app(sqlite_url)) as c:
        c.cookies.set(i18n.LANG_COOKIE, "fr")
        for path in ("/source/piquet", "/source/piquet/tei.xml", "/source/piquet/booklet"):
            r = c.get(path)
            text = unescape(r.text)
            assert r.status_code == 404 and "jeu inconnu 'piquet'" in text and "unknown game" not in text, path
        c.cookies.set(i18n.LANG_COOKIE, "en")
        assert "unknown game 'piquet'" in unescape(c.get("/source/piquet").text)


def test_the_booklet_prints_the_options_of_its_query_and_refuses_an_unknown_value(client):
    ok = client.get("/source/blason/booklet?rest_reading=others_throw_twice")
    assert ok.status_code == 200 and "<b>rest_reading=others_throw_twice</b>" in ok.text
    for query, words in (("rest_reading=bogus", "miss_two_turns"), ("no_such_option=1", "rest_reading")):
        bad = client.get(f"/source/blason/booklet?{query}")
        assert bad.status_code == 422, query
        message = bad.json()["error"]
        assert words in message and "Traceback" not in message, message


def test_the_source_page_names_later_sources_and_gives_the_reasons_for_our_defaults(client):
    from html import unescape

    from academie.edition.view import proposal_reason
    from academie.sources import later_sources

    page = unescape(client.get("/source/reversis").text)
    assert f"<cite>{later_sources('reversis', 'talon_payer')}</cite>" in page
    assert f"<i>Why this default:</i> {proposal_reason('reversis', 'pool_ante')}" in page
    page = unescape(client.get("/source/belle-flux-trente-un").text)
    assert proposal_reason("belle-flux-trente-un", "stand_is_final") in page
