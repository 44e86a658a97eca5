"""Regenerate the screenshots of the card room: docs/web-GAME-VIEWPORT-LANG.png for every game,
on a desktop (1366×768) and a phone (390×844), in English and in French, plus the lobby.

Each table is made through the server's API with one person (seat 0) and bots, played a few
moves into its first deal by the page itself (the first legal move clicked), then photographed.
Needs the web extra and Chromium at /usr/bin/chromium::

    PYTHONPATH=src python docs/screenshots.py            # every game
    PYTHONPATH=src python docs/screenshots.py reversis   # one
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

HERE = Path(__file__).parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
VIEWPORTS = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
GAMES = {"trente-et-un": (4, 3), "reversis": (4, 6), "belle-flux-trente-un": (4, 2), "guimbarde": (4, 3),
         "guinguette": (4, 2), "blason": (4, 3)}
"""Game → (players, the person's moves played before the photograph)."""
MOVE = "#board .mine [data-action], #actions [data-action]"


@contextlib.contextmanager
def server():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    folder = tempfile.mkdtemp(prefix="academie-shots-")
    proc = subprocess.Popen([sys.executable, "-c", "from academie.cli.entry import main; main()", "serve", "--port",
                             str(port), "--database", f"sqlite:///{folder}/db.sqlite3", "--bot-delay", "0.05"],
                            stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(20)


def shoot(base: str, browser, game: str, players: int, moves: int) -> None:
    bots = next(g["bots"] for g in httpx.get(base + "/api/games").json() if g["id"] == game)
    bot = "heuristic" if "heuristic" in bots else "random"
    r = httpx.post(base + "/api/tables", json={"game": game, "seats": [{"kind": "human"}] + [{"kind": bot}] * (players - 1)})
    r.raise_for_status()
    t = r.json()
    link = base + t["seats"][0]["link"]
    for lang in ("en", "fr"):
        for view, size in VIEWPORTS.items():
            context = browser.new_context(viewport=size, locale=lang)
            context.add_init_script("localStorage.setItem('academie-pace', '0')")
            page = context.new_page()
            page.goto(link)
            page.wait_for_selector("#conn.live")
            if lang == "en" and view == "desktop":
                for _ in range(moves + 1):
                    page.wait_for_function(f"() => document.body.dataset.over === 'true' || "
                                           f"document.querySelector('{MOVE}') !== null", timeout=30000)
                    if _ == moves or page.evaluate("document.body.dataset.over") == "true":
                        break
                    version = page.evaluate("document.body.dataset.version")
                    page.locator(MOVE).first.click()
                    page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")
            page.wait_for_timeout(400)
            page.screenshot(path=str(HERE / f"web-{game}-{view}-{lang}.png"))
            context.close()


def main(argv: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    chosen = argv or list(GAMES)
    with server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        for game in chosen:
            shoot(base, browser, game, *GAMES[game])
            print("drawn", game)
        page = browser.new_page(viewport=VIEWPORTS["desktop"])
        page.goto(base + "/")
        page.screenshot(path=str(HERE / "web-lobby.png"))
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
