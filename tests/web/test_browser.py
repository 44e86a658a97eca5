"""The pages in a real browser: Playwright for Python driving Debian's Chromium
(``/usr/bin/chromium``). A full match of each game against bots through the page, two people at
one table each seeing only their own cards, a reload mid-match, the replay viewer to the end."""

from __future__ import annotations

import os

import httpx
import pytest

from academie.games import GAMES
from tests.web.support import Server, cards_in

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

sync_api = pytest.importorskip("playwright.sync_api")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

SHORT = {"trente-et-un": {"lives": "1"}, "belle-flux-trente-un": {"deals": "2"}, "reversis": {"deals": "1"},
         "guimbarde": {"deals": "1"}, "guinguette": {"deals": "1"}, "blason": {"counters": "6"}}
"""Options that make each match short (those a game does not have are left out)."""
MOVE = "#board .mine [data-action], #actions [data-action]"
"""A legal move on a seat's page: a playable card of the hand or a move's button."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(f"sqlite:///{tmp_path_factory.mktemp('browser') / 'web.sqlite3'}", bot_delay=0.02).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def play_page(page, limit: int = 3000) -> None:
    """Click the first legal move whenever there is one, until the match is over."""
    for _ in range(limit):
        page.wait_for_function(
            f"() => document.body.dataset.over === 'true' || document.querySelector(\"{MOVE}\") !== null",
            timeout=30000)
        if page.evaluate("document.body.dataset.over") == "true":
            return
        version = page.evaluate("document.body.dataset.version")
        page.locator(MOVE).first.click()
        page.wait_for_function(f"() => document.body.dataset.version !== '{version}'", timeout=30000)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_games_form_makes_a_table_and_seats_its_creator(server, browser, game_id):
    """The lobby's form for each game (its options typed in) makes the table and seats the
    creator at once; the card room's full match of each game is in ``test_room_browser.py``,
    played here for one game."""
    game = GAMES[game_id]
    page = browser.new_page(viewport={"width": 420, "height": 900})  # a phone's width
    try:
        page.goto(server.base + "/")
        page.click(f"article[data-game='{game_id}'] a.button")
        n = game.info.min_players if game_id != "blason" else 3
        page.select_option("#players", str(n))
        page.wait_for_selector(f"select[name='kind_{n - 1}']")
        for s in range(1, n):
            page.select_option(f"select[name='kind_{s}']", "random")
        names = {doc.name for doc in game.describe_options()}
        for key, value in SHORT.get(game_id, {}).items():
            if key in names:
                page.fill(f"input[name='opt_{key}']", value)
        page.click("#create")
        page.wait_for_selector("#conn.live")  # the creator seated at once: one person, the others bots
        assert "/seat/" in page.url and page.locator("#invites").count() == 0
        if game_id == "blason":
            # the board: the start and the 63 squares, its stylesheet linked in the page's head
            page.wait_for_selector(".bl-board .bl-start")
            assert page.locator(".bl-board .bl-start").count() == 1
            assert page.locator(".bl-board .bl-square").count() == 63
            assert page.locator('head link[href="/static/blason.css"]').count() == 1
        else:
            page.wait_for_selector("#board section[data-seat]")
            assert page.locator("#board section[data-seat]").count() == n
        if game_id != "trente-et-un":
            return
        play_page(page)
        assert page.locator("#status").inner_text().startswith("The match is over.")
        assert page.locator("#rematch").is_visible()
        assert page.locator("#log pre.entry").count() > 0
        assert page.locator("#record-link").is_visible()
    finally:
        page.close()


def new_table(server, game: str, kinds: list[str], seed: int, **options) -> dict:
    r = httpx.post(server.base + "/api/tables", json={"game": game, "seed": seed, "options": options,
                                                       "seats": [{"kind": k} for k in kinds]})
    assert r.status_code == 200, r.text
    return r.json()


def test_two_people_in_two_browsers_see_only_their_own_cards(server, browser):
    t = new_table(server, "reversis", ["human", "human", "random", "random"], seed=12, deals=1)
    tokens = [t["seats"][0]["token"], t["seats"][1]["token"]]
    contexts = [browser.new_context(viewport={"width": 400, "height": 850}) for _ in tokens]
    try:
        pages = [ctx.new_page() for ctx in contexts]
        for page, token in zip(pages, tokens):
            page.goto(f"{server.base}/play/{token}")
            page.wait_for_selector("#conn.live")
        hands: dict[int, set[str]] = {}
        checked = held = 0
        for step in range(25):
            for k, (page, token) in enumerate(zip(pages, tokens)):
                seen = page.evaluate("document.body.dataset.version")
                html = page.inner_html("#board") + page.inner_html("#actions")
                mine = set(page.eval_on_selector_all(".mine [data-card]", "els => els.map(e => e.dataset.card)"))
                snap = httpx.get(f"{server.base}/api/play/{token}").json()
                other = httpx.get(f"{server.base}/api/play/{tokens[1 - k]}").json()
                now = page.evaluate("document.body.dataset.version")
                if not (int(seen) == int(now) == snap["version"] == other["version"]):
                    continue  # the table moved meanwhile: compare at the next step
                hands[k] = mine
                assert mine == cards_in(snap["board"].split('class="hand cards"', 1)[1])
                held += bool(mine)  # empty only once the seat has played its last card
                # The page holds exactly the cards of its seat's view, as the server drew it for
                # that seat: never one of the other person's hidden cards.
                assert cards_in(html) == cards_in(snap["board"]) | cards_in(snap["actions"])
                other_hand = cards_in(other["board"].split('class="hand cards"', 1)[1])
                assert not (cards_in(html) & other_hand), "a page shows the other person's hand"
                checked += 1
            mover = next((p for p in pages if p.locator(MOVE).count()), None)
            if mover is None:
                pages[0].wait_for_timeout(50)
                continue
            version = mover.evaluate("document.body.dataset.version")
            mover.locator(MOVE).first.click()
            mover.wait_for_function(f"() => document.body.dataset.version !== '{version}'", timeout=30000)
        assert checked >= 10 and held >= checked - 4 and not (hands[0] & hands[1])
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_reload_mid_match_resumes_and_the_replay_steps_to_the_end(server, browser):
    t = new_table(server, "trente-et-un", ["human", "heuristic"], seed=5, lives=2)
    page = browser.new_page()
    try:
        page.goto(f"{server.base}/play/{t['seats'][0]['token']}")
        page.wait_for_selector("#conn.live")
        for _ in range(3):
            page.wait_for_selector(MOVE, timeout=30000)
            version = page.evaluate("document.body.dataset.version")
            page.locator(MOVE).first.click()
            page.wait_for_function(f"() => document.body.dataset.version !== '{version}'", timeout=30000)
        page.wait_for_function(f"() => document.querySelector(\"{MOVE}\") !== null || document.body.dataset.over === 'true'")
        board, version = page.inner_html("#board"), page.evaluate("document.body.dataset.version")
        log = page.locator("#log pre.entry").all_inner_texts()
        page.reload()
        page.wait_for_selector("#conn.live")
        assert page.evaluate("document.body.dataset.version") == version
        assert page.inner_html("#board") == board
        assert page.locator("#log pre.entry").all_inner_texts() == log
        play_page(page)
        page.click("#replay-link")
        page.wait_for_selector("#position")
        page.wait_for_function("() => document.body.dataset.step === '0'")
        page.click("#next")
        page.wait_for_function("() => document.body.dataset.step === '1'")
        assert page.locator("#hands").is_hidden()
        page.click("#last")
        page.wait_for_function("() => document.body.dataset.atEnd === 'true'")
        assert page.locator("#hands").is_visible()
        assert page.locator("#hands [data-card]").count() > 0
        final = httpx.get(f"{server.base}/api/play/{t['seats'][0]['token']}").json()
        assert page.locator("#position").inner_text() == f"step {final['version']} / {final['version']}"
    finally:
        page.close()


def test_another_number_of_players_keeps_what_was_typed(server, browser):
    page = browser.new_page()
    try:
        page.goto(server.base + "/new/guinguette")
        page.fill("input[name='name_0']", "Zoé")
        page.fill("input[name='params_1']", "x")
        page.select_option("#players", "6")
        assert page.is_visible("input[name='name_5']") and not page.is_visible("input[name='name_6']")
        assert page.input_value("input[name='name_0']") == "Zoé"  # no reload: nothing typed is lost
        assert page.input_value("input[name='params_1']") == "x"
        assert page.url.endswith("?players=6")
        page.select_option("#players", "3")
        assert page.is_visible("input[name='name_2']") and not page.is_visible("input[name='name_3']")
    finally:
        page.close()
