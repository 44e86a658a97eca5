"""The guarded pages in Chromium: an invitation followed from another site opens its seat (the
SameSite=Strict cookie), no page breaks the Content-Security-Policy, and a page whose table the
server does not know stops reconnecting and says so."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.web.support import Server
from tests.web.test_browser import ARGS, CHROMIUM, sync_api


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def csp_errors(page) -> list[str]:
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if "Content Security Policy" in m.text else None)
    return found


MOVE = "#board .mine [data-action], #actions [data-action]"
"""A legal move on a seat's page: a playable card of the hand or a move's button."""


def test_an_invitation_from_another_site_opens_the_seat_and_no_page_breaks_the_policy(tmp_path, browser):
    server = Server(f"sqlite:///{tmp_path / 'w.sqlite3'}", bot_delay=0.02).start()
    try:
        t = httpx.post(server.base + "/api/tables", json={
            "game": "trente-et-un", "options": {"lives": 1}, "seats": [{"kind": "human"}, {"kind": "random"}]}).json()
        token = t["seats"][0]["token"]
        page = browser.new_page()
        errors = csp_errors(page)
        # a page of another site (localhost is not 127.0.0.1) holding the invitation link
        page.goto(f"http://localhost:{server.port}/rules/trente-et-un")
        page.evaluate("href => { const a = document.createElement('a'); a.href = href; a.id = 'invitation';"
                      " a.textContent = 'your seat'; document.body.appendChild(a); }", server.base + t["seats"][0]["link"])
        page.click("#invitation")
        page.wait_for_selector("#conn.live")
        assert page.url == f"{server.base}/seat/{t['id']}/0" and token not in page.url
        assert "you are" in page.locator(".who").inner_text()
        # the page's post (used while its socket is down) reaches the seat with the cookie, from this site
        status = page.evaluate("""() => fetch(JSON.parse(document.getElementById("config").dataset.config).post,
            {method: "POST", headers: {"Content-Type": "application/json"}, credentials: "same-origin",
             referrerPolicy: "same-origin", body: JSON.stringify({action: "nonsense", version: 0})})
            .then(r => r.status)""")
        assert status in (409, 422)
        while page.evaluate("document.body.dataset.over") != "true":  # the moves go through the socket
            page.wait_for_function("() => document.body.dataset.over === 'true' || "
                                   f"document.querySelector(\"{MOVE}\") !== null", timeout=30000)
            if page.evaluate("document.body.dataset.over") == "true":
                break
            version = page.evaluate("document.body.dataset.version")
            page.locator(MOVE).first.click()
            page.wait_for_function(f"() => document.body.dataset.version !== '{version}'", timeout=30000)
        page.goto(f"{server.base}/replay/{t['id']}")
        page.wait_for_function("() => document.body.dataset.step === '0'")
        page.goto(f"{server.base}/new/reversis")
        page.select_option("#players", "4")
        assert page.locator("tr.seat-row:not([hidden])").count() == 4 and page.url.endswith("?players=4")
        assert errors == []
        # Another browser, with no cookie, following the same token-free address: no seat, no loop.
        other = browser.new_context().new_page()
        other.goto(f"{server.base}/seat/{t['id']}/0")
        assert other.locator("h1").inner_text() == "No seat here"
        other.close()
        page.close()
    finally:
        server.stop()


def test_a_page_whose_table_is_unknown_stops_reconnecting_and_says_so(tmp_path, browser):
    first = Server(f"sqlite:///{tmp_path / 'a.sqlite3'}").start()
    second = Server(f"sqlite:///{tmp_path / 'b.sqlite3'}")  # the same port, a database without the table
    second.port, second.base = first.port, first.base
    page = browser.new_page()
    try:
        t = httpx.post(first.base + "/api/tables", json={"game": "trente-et-un", "seats": [{"kind": "human"}] * 2}).json()
        sockets: list = []
        page.on("websocket", lambda ws: sockets.append(ws))
        page.goto(first.base + t["watch"])
        page.wait_for_selector("#conn.live")
        first.stop()
        second.start()
        page.wait_for_function("() => !document.getElementById('error').hidden", timeout=30000)
        assert "no such seat or table" in page.locator("#error").inner_text()
        tries = len(sockets)
        time.sleep(5.5)  # longer than the longest wait between two tries (5 s, table.js)
        assert len(sockets) == tries
    finally:
        page.close()
        second.stop()
