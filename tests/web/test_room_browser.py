"""The card room in a real browser (Playwright on Debian's Chromium): for every game, a full match
through the page in English on a desktop (1366×768), checked at every move, with the same seat
open in French on a phone (390×844, the language from the browser's Accept-Language) checked at
a sample of moves of every phase. At each check:

* no text of the page is an internal identifier (a snake_case word, a view's field name with its
  underscores as spaces, an unaccented French term that has an accent);
* the seat's hand and its legal moves lie inside the viewport;
* every card face on the page is one the seat's view holds (the last trick: one it held);
* the French page holds no English string of the interface (the catalog's message ids), its log
  included.

The French lobby, every game's new-table form and its rules page are read in French too.

The server runs in this process (uvicorn in a thread), so the test reads each seat's view from
the table itself, at the person's turn, when nothing moves."""

from __future__ import annotations

import os
import re
import socket
import threading
import time

import pytest

from academie.games import GAMES
from academie.web.present import view_cards

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

sync_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
MOVE = "#board .mine [data-action], #actions [data-action]"
SHORT = {"trente-et-un": {"lives": 1}, "belle-flux-trente-un": {"deals": 2}, "reversis": {"deals": 1},
         "guimbarde": {"deals": 1}, "guinguette": {"deals": 1}, "blason": {"counters": 4}}
PLAYERS = {"trente-et-un": 3, "belle-flux-trente-un": 3, "reversis": 4, "guimbarde": 3, "guinguette": 3, "blason": 3}
UNACCENTED = ("ecart", "ecarte", "ecarter", "ecartee", "bete", "betes", "trefle", "coeur", "elimine", "regle",
              "regles", "donnee")
"""French terms that have an accent, as they would read without it (« frappe », a word of its own, is
not among them)."""
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from academie.web.app import create_app
    from academie.web.thinking import shared_pool

    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('room') / 'web.sqlite3'}", bot_delay=0.0, bots=shared_pool())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 30
    while not server.started and time.time() < deadline:
        time.sleep(0.05)
    assert server.started, "the server did not start"
    yield f"http://127.0.0.1:{port}", app
    server.should_exit = True
    thread.join(15)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def english_fragments() -> set[str]:
    """Pieces of the catalog's English message ids (between their ``{fields}``) of two words or
    more whose French differs: none may be read on a French page."""
    from babel.messages.pofile import read_po

    from academie.web import i18n

    catalog = read_po((i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / "messages.po").open("rb"), locale="fr")
    found = set()
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        french = " ".join(m.string if isinstance(m.string, tuple) else (m.string,))
        for text in ids:
            for piece in re.split(r"\{\w+\}", text):
                piece = piece.strip(" .,:;()!?…«»")
                if len(piece) >= 8 and " " in piece and piece not in french:
                    found.add(piece)
    return found


ENGLISH = english_fragments()


def page_text(page, with_log: bool = True) -> str:
    parts = [page.inner_text(".play"), page.inner_text(".side #end")]
    parts += page.eval_on_selector_all("[aria-label], [title]", "els => els.map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''))")
    if with_log:
        parts.append(page.inner_text("#log"))
    return "\n".join(parts)


def check_words(text: str, fields: set[str]) -> None:
    found = SNAKE.search(text)
    assert not found, f"an identifier on the page: {text[max(0, found.start() - 80):found.end() + 40]!r}"
    low = text.lower()
    bad = re.search(r"\ble (dame|as)\b", low)  # « la dame », « l'as »
    assert not bad, f"an article that does not agree: {low[max(0, bad.start() - 40):bad.end() + 20]!r}"
    for word in UNACCENTED:
        assert not re.search(rf"\b{word}\b", low), f"an unaccented French term on the page: {word!r}"
    for name in fields:
        assert not re.search(rf"\b{re.escape(name)}\b", low), f"a field name on the page: {name!r}"


def check_viewport(page) -> None:
    outside = page.evaluate("""(sel) => {
        const w = window.innerWidth, h = window.innerHeight, out = [];
        document.querySelectorAll('#board .mine .hand [data-card], ' + sel).forEach(e => {
            const r = e.getBoundingClientRect();
            if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1 || r.width === 0)
                out.push((e.dataset.card || e.dataset.action) + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round));
        });
        return out; }""", MOVE)
    assert not outside, f"outside the viewport {page.viewport_size}: {outside}"


def check_told(page) -> None:
    """What is said of each seat (its marks: the dealer, whose turn, « knocked », its tricks, its
    square …) and each move's hint are shown, at 9 px or more and inside the viewport (a phone's
    too: compact there, never hidden)."""
    hidden = page.evaluate("""() => {
        const w = window.innerWidth, h = window.innerHeight, out = [];
        document.querySelectorAll('#board .seat .marks li, #board .seat .dealer, #board .seat .to-play, #actions button.act small').forEach(e => {
            if (!e.textContent.trim()) return;
            const r = e.getBoundingClientRect(), px = parseFloat(getComputedStyle(e).fontSize);
            if (r.width < 1 || r.height < 1 || px < 9 || r.left < -1 || r.right > w + 1 || r.top < -1 || r.bottom > h + 1)
                out.push(e.className + ' ' + JSON.stringify(e.textContent.slice(0, 30)) + ' at ' + [r.left, r.top, r.width, r.height, px].map(Math.round));
        });
        return out; }""")
    assert not hidden, f"marks or hints not shown at {page.viewport_size}: {hidden[:6]}"


def check_cards(page, view, hidden: set[str]) -> None:
    """``hidden``: the cards in the other seats' hands now (the last trick, played, holds none)."""
    holds = view_cards(view)
    shown = set(page.eval_on_selector_all("#board [data-card], #actions [data-card]", "els => els.map(e => e.dataset.card)"))
    assert shown <= holds, f"cards drawn that the seat's view does not hold: {shown - holds}"
    last = set(page.eval_on_selector_all("#last-trick [data-card]", "els => els.map(e => e.dataset.card)"))
    assert not (last & hidden), f"the last trick shows cards another seat holds: {last & hidden}"
    labels = page.eval_on_selector_all("#board .card:not(.back)", "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(labels), "a card without a label"


def settle(page, version: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.version) === {version}", timeout=30000)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_full_match_in_the_card_room(served, browser, game_id):
    import httpx

    base, app = served
    n = PLAYERS[game_id]
    game = GAMES[game_id]
    options = {k: v for k, v in SHORT[game_id].items() if k in game.options_model.model_fields}
    t = httpx.post(base + "/api/tables", json={"game": game_id, "options": options,
                                               "seats": [{"kind": "human"}] + [{"kind": "random"}] * (n - 1)}).json()
    table = app.state.hub.tables[t["id"]]
    link = base + t["seats"][0]["link"]
    en_ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    fr_ctx = browser.new_context(viewport=PHONE, locale="fr-FR", is_mobile=True)  # French from Accept-Language
    try:
        en, fr = en_ctx.new_page(), fr_ctx.new_page()
        for page in (en, fr):
            page.goto(link)
            page.wait_for_selector("#conn.live")
        assert fr.evaluate("document.documentElement.lang") == "fr"
        fields: set[str] = set()
        phases_fr: set = set()
        moves = 0
        sheet_seen, moved_since, folded = None, False, 0
        while True:
            en.wait_for_function(f"() => document.body.dataset.over === 'true' || document.querySelector('{MOVE}') !== null",
                                 timeout=60000)
            version = int(en.evaluate("document.body.dataset.version"))
            over = en.evaluate("document.body.dataset.over") == "true"
            if not over and table.version != version:
                continue  # the page is behind the table: wait for the next update
            view = table.state.view(0)
            data = view.to_json()
            hidden = {c for s in range(1, n) for c in table.state.view(s).to_json().get("hand") or []}
            fields |= {k.replace("_", " ") for k in data if "_" in k}
            check_words(page_text(en), fields)
            check_cards(en, view, hidden)
            if not over:
                check_viewport(en)
                check_told(en)
            phase = (data.get("phase"), bool(data.get("last_result")))
            if over or phase not in phases_fr or moves % 6 == 0:  # the phone and French: a sample of every phase
                phases_fr.add(phase)
                settle(fr, version)
                check_words(page_text(fr), fields)
                check_cards(fr, view, hidden)
                if not over:
                    check_viewport(fr)
                    check_told(fr)
                text = page_text(fr)  # the log too: told in French
                english = sorted(p for p in ENGLISH if p in text)
                assert not english, f"English on the French page: {english[:5]}"
            sheet = en.evaluate("(() => { const d = document.querySelector('#board details.sheet');"
                                " return d ? [d.querySelector('summary').textContent, d.open] : null; })()")
            if sheet and not over:  # the last deal's sheet: open when it comes, folded after a move
                if sheet[0] != sheet_seen:
                    sheet_seen, moved_since = sheet[0], False
                elif moved_since:
                    assert not sheet[1], f"the sheet {sheet[0]!r} still open after a move of the next deal"
                    folded += 1
            if over:
                break
            if moves == 0:  # the keyboard alone: the first move focused, Enter plays it
                en.wait_for_function("() => document.activeElement && document.activeElement.dataset.action !== undefined")
                en.keyboard.press("Enter")
            else:
                en.locator(MOVE).first.click()
            en.wait_for_function(f"() => Number(document.body.dataset.version) > {version}", timeout=30000)
            moves += 1
            moved_since = True
        assert moves > 0
        assert en.locator("#rematch").is_visible() and fr.locator("#rematch").is_visible()
        assert en.locator("#record-link").is_visible() and en.locator("#log pre.entry").count() > 0
        settle(fr, int(en.evaluate("document.body.dataset.version")))
        fr.locator("#rematch").scroll_into_view_if_needed()  # the phone's rematch reached by scrolling down
        box = fr.locator("#rematch").bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"] + 1, box  # a pixel's fraction at the bottom
        # (the fold is checked above whenever the seat moved again under the same sheet: the table's
        # seed is the server's, so whether a match of two deals gives it that chance varies)
        assert en.inner_text("#status").startswith("The match is over.")
        assert fr.inner_text("#status").startswith("La partie est finie.")
    finally:
        en_ctx.close()
        fr_ctx.close()


def test_the_french_lobby_forms_and_rules_pages(served, browser):
    """The lobby, each game's new-table form and rules page in Chromium, French from the browser's
    Accept-Language: no English string of the catalog (the rules' own text, English by design and
    said so on the page, left out), no identifier, no reST markup."""
    base, _ = served
    ctx = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    try:
        page = ctx.new_page()
        for url in ["/", *(f"/new/{g}" for g in sorted(GAMES)), *(f"/rules/{g}" for g in sorted(GAMES))]:
            page.goto(base + url)
            assert page.evaluate("document.documentElement.lang") == "fr"
            text = page.evaluate("""() => { const c = document.body.cloneNode(true);
                c.querySelectorAll('pre.rules, script, select option').forEach(e => e.remove());
                return c.innerText; }""")
            text += "\n" + "\n".join(page.eval_on_selector_all("select option", "els => els.map(e => e.textContent)"))
            english = sorted(p for p in ENGLISH if p in text)
            assert not english, f"English on the French page {url}: {english[:5]}"
            assert "``" not in text, url
            if url.startswith("/new/"):
                assert page.locator("p.doc").count() >= len(GAMES[url[5:]].describe_options())
    finally:
        ctx.close()


def blason_table(base: str, players: int = 4) -> str:
    """A Blason table of one person and bots: the person's link."""
    import httpx

    t = httpx.post(base + "/api/tables", json={"game": "blason", "seats": [{"kind": "human"}] + [{"kind": "random"}] * (players - 1)}).json()
    return base + t["seats"][0]["link"]


SQUARE_TEXTS = """() => Array.from(document.querySelectorAll('.bl-square text')).map(e => {
    const g = e.closest('.bl-square'), box = e.getBoundingClientRect(), rect = g.querySelector('rect').getBoundingClientRect();
    return {square: g.dataset.square, cls: e.getAttribute('class'), text: e.textContent,
            px: parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a,
            inside: box.left >= rect.left - 0.5 && box.right <= rect.right + 0.5 && box.top >= rect.top - 0.5 && box.bottom <= rect.bottom + 0.5};
})"""


def test_the_blason_squares_words_are_readable_on_a_desktop(served, browser):
    """On a desktop (1366×768) each word written on a square of the Blason's board renders at
    10 px or more (its font size scaled by the SVG's transform) and stays inside its square; the
    squares that do something or have a name of their own are labelled, the full name and what
    the square does in its <title>."""
    base, _ = served
    ctx = browser.new_context(viewport=DESKTOP, locale="en-GB")
    try:
        page = ctx.new_page()
        page.goto(blason_table(base))
        page.wait_for_selector("#conn.live")
        texts = page.evaluate(SQUARE_TEXTS)
        small = [(t["square"], t["text"], round(t["px"], 1)) for t in texts if t["px"] < 10]
        assert not small, f"words under 10 px on the board: {small[:8]}"
        band = page.eval_on_selector_all(".bl-start text, .bl-throw text",
                                         "els => els.map(e => [e.textContent, parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a])")
        assert band and all(px >= 10 for _, px in band), f"the start's and the last throw's words: {band}"
        spilled = [(t["square"], t["text"]) for t in texts if not t["inside"]]
        assert not spilled, f"words out of their square: {spilled[:8]}"
        named = {t["square"] for t in texts if t["cls"] == "bl-name"}
        assert {"6", "12", "19", "30", "58", "63"} <= named, named  # the board's own names, shortened
        title = page.eval_on_selector(".bl-square[data-square='30'] title", "e => e.textContent")
        assert title.startswith("30. marques de la chancellerie"), title
        check_viewport(page)
    finally:
        ctx.close()


def test_the_hint_button_lists_the_seats_legal_moves_best_first_in_french(served, browser):
    """On a person's turn the seat's page offers « Conseil »: one click lists each legal move of
    the seat once, in its words and valued in jetons, the best first; no identifier on the page;
    the match is not moved by it."""
    import httpx

    base, app = served
    t = httpx.post(base + "/api/tables", json={"game": "reversis", "options": {"deals": 1},
                                               "seats": [{"kind": "human"}] + [{"kind": "random"}] * 3}).json()
    table = app.state.hub.tables[t["id"]]
    ctx = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    try:
        page = ctx.new_page()
        page.goto(base + t["seats"][0]["link"])
        page.wait_for_selector("#conn.live")
        page.wait_for_selector("#hint-box:not([hidden])", timeout=60000)
        assert table.state.current_player() == 0
        version, legal = table.version, table.state.legal_action_strings()
        button = page.locator("#hint")
        assert button.inner_text() == "Conseil" and button.is_visible()
        button.click()
        page.wait_for_selector("#hint-panel .hint-moves li", timeout=60000)
        moves = page.eval_on_selector_all("#hint-panel li", "els => els.map(e => [e.dataset.hint, e.innerText])")
        assert sorted(a for a, _ in moves) == sorted(legal), (moves, legal)
        values = [re.search(r"([+−]\d+,\d\d) ± \d+,\d\d jetons$", text) for _, text in moves]
        assert all(values), moves
        means = [float(v[1].replace("−", "-").replace(",", ".")) for v in values]
        assert means == sorted(means, reverse=True)
        title = page.inner_text("#hint-panel .hint-title")
        assert title.startswith("Le gain moyen de chaque coup à la fin de la donne"), title
        check_words(page_text(page, with_log=False), set())
        assert table.version == version  # a hint plays nothing
    finally:
        ctx.close()


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_the_rules_pages_show_the_options_and_their_choices_in_words(served, browser, locale):
    """Every game's rules page, in English and in French: no identifier (a snake_case word) in
    its text — the options' lines, their documentation, the rules and citations naming an option —
    each option and choice said in the words of the new-table form (Reversis's talon tie: « fewest
    tricks », « le moins de levées »)."""
    base, _ = served
    ctx = browser.new_context(viewport=DESKTOP, locale=locale)
    try:
        page = ctx.new_page()
        for game_id in sorted(GAMES):
            page.goto(base + f"/rules/{game_id}")
            text = page.evaluate("() => document.body.innerText")
            assert len(text) > 2000, (game_id, text[:200])
            found = sorted(set(SNAKE.findall(text)))
            assert not found, f"identifiers on the rules page of {game_id} ({locale}): {found}"
        page.goto(base + "/rules/reversis")
        text = page.evaluate("() => document.body.innerText")
        said = {"en-GB": "talon tie: fewest tricks", "fr-FR": "égalité au talon : le moins de levées"}[locale]
        assert said in text and "-o " not in text, text[text.find("Options ("):][:600]
    finally:
        ctx.close()


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_the_new_table_forms_show_the_options_choices_in_words(served, browser, locale):
    """Every game's new-table form, in English and in French: no identifier (a snake_case word)
    anywhere a person reads it — the options' names, their documentation (which names the
    choices), the choices of the selects — while each select still submits the game's own
    values (Reversis's talon tie: ``fewest_tricks``)."""
    base, _ = served
    ctx = browser.new_context(viewport=DESKTOP, locale=locale)
    try:
        page = ctx.new_page()
        for game_id in sorted(GAMES):
            page.goto(base + f"/new/{game_id}")
            text = page.evaluate("() => document.body.innerText")
            text += "\n" + "\n".join(page.eval_on_selector_all("select option", "els => els.map(e => e.textContent)"))
            found = sorted(set(SNAKE.findall(text)))
            assert not found, f"identifiers on the form of {game_id} ({locale}): {found}"
        page.goto(base + "/new/reversis")
        values = page.eval_on_selector_all("select[name='opt_talon_tie'] option", "els => els.map(e => e.value)")
        assert "fewest_tricks" in values, values
        doc = page.locator("select[name='opt_talon_tie']").locator("xpath=ancestor::div[@class='option']").inner_text()
        said = {"en-GB": "fewest tricks", "fr-FR": "le moins de levées"}[locale]
        assert said in doc, doc
    finally:
        ctx.close()


def play_out_by_api(base: str, token: str, until=None, limit: float = 300) -> dict:
    """The seat of ``token`` plays its first legal move until the match is over (or ``until(snapshot)``)."""
    import httpx

    deadline = time.time() + limit
    while time.time() < deadline:
        s = httpx.get(f"{base}/api/play/{token}").json()
        if s["over"] or (until and until(s)):
            return s
        if s["legal"]:
            httpx.post(f"{base}/api/play/{token}", json={"action": s["legal"][0], "version": s["version"]})
        else:
            time.sleep(0.01)
    raise AssertionError("the match did not end")


UNCUT = """(sel) => { const w = innerWidth, h = innerHeight, out = [];
    document.querySelectorAll(sel).forEach(e => {
        const r = e.getBoundingClientRect();
        const clipped = e instanceof HTMLElement && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1);
        if (r.width === 0 || r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1 || clipped)
            out.push(e.getAttribute('class') + ' ' + JSON.stringify(e.textContent.slice(0, 40)) + ' at '
                     + [r.left, r.top, r.right, r.bottom].map(Math.round) + (clipped ? ' clipped' : ''));
    });
    return out; }"""
"""The elements of a selector not wholly inside the viewport, or cut inside their own box."""


def test_the_final_standings_are_whole_in_view_at_the_end_of_a_reversis_match(served, browser):
    """At 1366×768, the page open while a match of one deal is played out: at its end the last
    deal's result and the final standings are open, every line inside the viewport, the box
    needing no scroll of its own; the hand is still reached by scrolling the table's column."""
    import httpx

    base, _ = served
    t = httpx.post(base + "/api/tables", json={"game": "reversis", "options": {"deals": 1},
                                               "seats": [{"kind": "human"}] + [{"kind": "random"}] * 3}).json()
    ctx = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    try:
        page = ctx.new_page()
        page.goto(base + t["seats"][0]["link"])
        page.wait_for_selector("#conn.live")
        play_out_by_api(base, t["seats"][0]["token"])
        page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=30000)
        page.wait_for_timeout(300)
        assert page.evaluate("document.querySelector('#board details.sheet').open")
        lines = page.locator("#board details.sheet li")
        assert lines.count() >= 5
        assert not page.evaluate(UNCUT, "#board details.sheet, #board details.sheet li")
        last = page.inner_text("#board details.sheet li:last-child")
        assert "jetons" in last, last
        page.locator("#board .mine").scroll_into_view_if_needed()
        box = page.locator("#board .mine").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP["height"] + 1, box
    finally:
        ctx.close()


def test_a_new_deals_last_result_is_open_and_whole_until_the_seats_move(served, browser):
    """Reversis of two deals at 1366×768: when the second deal begins the first deal's result is
    open and whole (no scroll inside it); the seat's first move of the deal folds it."""
    import httpx

    base, app = served
    t = httpx.post(base + "/api/tables", json={"game": "reversis", "options": {"deals": 2},
                                               "seats": [{"kind": "human"}] + [{"kind": "random"}] * 3}).json()
    table = app.state.hub.tables[t["id"]]
    ctx = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    try:
        page = ctx.new_page()
        page.goto(base + t["seats"][0]["link"])
        page.wait_for_selector("#conn.live")
        while table.state.match.deal_number == 0:  # the page's own clicks: the seat moves through it
            page.wait_for_function(f"() => document.querySelector('{MOVE}') !== null", timeout=60000)
            version = int(page.evaluate("document.body.dataset.version"))
            if table.version != version:
                time.sleep(0.02)
                continue
            if table.state.match.deal_number != 0:  # the bots ended the deal meanwhile: this move is the new deal's
                break
            page.locator(MOVE).first.click()
            page.wait_for_function(f"() => Number(document.body.dataset.version) > {version}", timeout=30000)
        page.wait_for_function(f"() => document.querySelector('{MOVE}') !== null", timeout=60000)
        page.wait_for_function(f"() => Number(document.body.dataset.version) === {table.version}", timeout=30000)
        sheet = page.evaluate("(() => { const d = document.querySelector('#board details.sheet');"
                              " return [d.querySelector('summary').textContent, d.open, d.classList.contains('fresh')]; })()")
        assert sheet == ["Fin de la donne 1", True, True], sheet
        assert not page.evaluate(UNCUT, "#board details.sheet"), "the last deal's result scrolls inside itself"
        check_viewport(page)
        version = table.version
        page.locator(MOVE).first.click()
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {version}", timeout=30000)
        assert not page.evaluate("document.querySelector('#board details.sheet').open")
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_nothing_of_the_blason_is_cut_off_at_the_start_and_the_end(served, browser, viewport):
    """The Blason in French at 1366×768 and 390×844: at the start the throw's caption is whole
    (« Pas encore de coup »), the move « Jeter les dés » and its hint whole inside the viewport;
    at the end the start box, the dice and their caption inside the viewport and the felt."""
    import httpx

    base, _ = served
    t = httpx.post(base + "/api/tables", json={"game": "blason",
                                               "seats": [{"kind": "human"}] + [{"kind": "random"}] * 3}).json()
    ctx = browser.new_context(viewport=viewport, locale="fr-FR", is_mobile=viewport is PHONE)
    try:
        page = ctx.new_page()
        page.goto(base + t["seats"][0]["link"])
        page.wait_for_selector("#conn.live")
        page.wait_for_selector("#actions button.act")
        captions = page.eval_on_selector_all(".bl-throw .bl-caption", "els => els.map(e => e.textContent)")
        assert captions == ["Pas encore de coup"], captions
        assert not page.evaluate(UNCUT, "#actions button.act, #actions button.act small, #actions button.act b")
        assert page.inner_text("#actions button.act small") == "Jeter deux dés et avancer votre pion de leur total."
        play_out_by_api(base, t["seats"][0]["token"])
        page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=30000)
        page.wait_for_timeout(300)
        assert not page.evaluate(UNCUT.replace("e instanceof HTMLElement", "e instanceof HTMLElement && !e.closest('svg')"),
                                 ".bl-start, .bl-throw, .bl-caption")
        inside = page.evaluate("""() => { const f = document.querySelector('.felt').getBoundingClientRect();
            return Array.from(document.querySelectorAll('.bl-start, .bl-throw')).every(e => {
                const r = e.getBoundingClientRect();
                return r.top >= f.top && r.bottom <= f.bottom && r.left >= f.left && r.right <= f.right; }); }""")
        assert inside, "the start or the dice cut off by the felt"
        caption = page.eval_on_selector(".bl-throw .bl-caption", "e => e.textContent")
        assert " a fait " in caption and not caption.endswith("…"), caption
    finally:
        ctx.close()


INSIDE = """(sel) => { const e = document.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect();
    return r.width > 0 && r.top >= -1 && r.bottom <= innerHeight + 1 && r.left >= -1 && r.right <= innerWidth + 1; }"""
"""Whether the first element of a selector lies wholly inside the viewport (None: no such element)."""

WHOLE = """(sel) => { const out = [];
    document.querySelectorAll(sel).forEach(e => {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) { out.push(e.className + ' not drawn'); return; }
        for (let a = e.parentElement; a; a = a.parentElement) {
            const s = getComputedStyle(a);
            if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
            const b = a.getBoundingClientRect();
            if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1)
                out.push(e.className + ' ' + JSON.stringify(e.textContent.slice(0, 30)) + ' cut by ' + a.tagName + '.' + a.className
                         + ' ' + [r.top, r.bottom].map(Math.round) + ' in ' + [b.top, b.bottom].map(Math.round));
        }
    });
    return out; }"""
"""The elements of a selector cut off by an ancestor that clips (its overflow not visible)."""


@pytest.mark.parametrize("game_id", ["reversis", "blason"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_end_of_a_match_brings_the_result_and_the_standings_into_view(served, browser, viewport, game_id):
    """A short match (Reversis of one deal, the Blason) played out with the page open in French:
    at its end the status « La partie est finie… » and the first line of the standings lie inside
    the viewport (on a phone too, where the end's links are reached by scrolling below)."""
    import httpx

    base, _ = served
    options = {"deals": 1} if game_id == "reversis" else {}
    t = httpx.post(base + "/api/tables", json={"game": game_id, "options": options,
                                               "seats": [{"kind": "human"}] + [{"kind": "random"}] * 3}).json()
    ctx = browser.new_context(viewport=viewport, locale="fr-FR", is_mobile=viewport is PHONE)
    try:
        page = ctx.new_page()
        page.goto(base + t["seats"][0]["link"])
        page.wait_for_selector("#conn.live")
        play_out_by_api(base, t["seats"][0]["token"])
        page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=30000)
        page.wait_for_timeout(400)
        assert page.inner_text("#status").startswith("La partie est finie"), page.inner_text("#status")
        assert page.evaluate(INSIDE, "#status"), page.evaluate("document.querySelector('#status').getBoundingClientRect().top")
        assert page.evaluate(INSIDE, "#board details.sheet li"), \
            page.evaluate("document.querySelector('#board details.sheet li').getBoundingClientRect().top")
        page.locator("#record-link").scroll_into_view_if_needed()
        assert page.evaluate(INSIDE, "#record-link")
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_last_deals_result_leaves_the_felt_whole_and_folds_to_its_title(served, browser, viewport):
    """Reversis of two deals in French: at the seat's first decision of the second deal, the first
    deal's result open, every heap of the felt (talon, pool, trick) and the result's last line are
    whole (no ancestor that clips cuts them); folded, the result's box is its title's height."""
    import httpx

    base, app = served
    t = httpx.post(base + "/api/tables", json={"game": "reversis", "options": {"deals": 2},
                                               "seats": [{"kind": "human"}] + [{"kind": "random"}] * 3}).json()
    table = app.state.hub.tables[t["id"]]
    ctx = browser.new_context(viewport=viewport, locale="fr-FR", is_mobile=viewport is PHONE)
    try:
        page = ctx.new_page()
        page.goto(base + t["seats"][0]["link"])
        page.wait_for_selector("#conn.live")
        play_out_by_api(base, t["seats"][0]["token"], until=lambda s: table.state.match.deal_number >= 1 and s["legal"])
        page.wait_for_function(f"() => Number(document.body.dataset.version) === {table.version}", timeout=30000)
        page.wait_for_timeout(300)
        assert page.inner_text("#board details.sheet summary") == "Fin de la donne 1"
        assert page.evaluate("document.querySelector('#board details.sheet').open")
        heaps = page.eval_on_selector_all("#board .felt [data-heap]", "els => els.map(e => e.dataset.heap)")
        assert len(heaps) >= 2, heaps
        assert page.evaluate("getComputedStyle(document.getElementById('rematch-top')).display") == "none"  # no rematch yet
        over = page.evaluate("[document.querySelector('#board details.sheet').getBoundingClientRect().bottom,"
                             " document.querySelector('#board .mine').getBoundingClientRect().top]")
        assert over[0] <= over[1], over  # the hand clear of the result laid over the felt
        assert not page.evaluate(WHOLE, "#board .felt [data-heap], #board .felt .seat, #board details.sheet li:last-child")
        assert not page.evaluate(UNCUT.replace("r.top < -1 || r.right > w + 1 || r.bottom > h + 1", "r.right > w + 1"),
                                 "#board details.sheet")
        page.click("#board details.sheet summary")
        page.wait_for_timeout(200)
        sizes = page.evaluate("""(() => { const d = document.querySelector('#board details.sheet'), s = d.querySelector('summary');
            const cs = getComputedStyle(d);
            return [d.open, d.getBoundingClientRect().height, s.getBoundingClientRect().height
                    + parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom) + parseFloat(cs.borderTopWidth) + parseFloat(cs.borderBottomWidth)]; })()""")
        assert sizes[0] is False and abs(sizes[1] - sizes[2]) <= 1, sizes
        check_viewport(page)
    finally:
        ctx.close()


def test_a_rematch_begun_by_another_seat_is_offered_at_the_head_of_a_phones_page(served, browser):
    """Reversis of one deal between two people: once it is over and seat 0 asks for a rematch,
    seat 1's page on a 390×844 phone, read from its head (the standings), shows « Rejoindre la
    revanche » inside the viewport with the offer's sentence, no scroll needed."""
    import httpx

    base, _ = served
    t = httpx.post(base + "/api/tables", json={"game": "reversis", "options": {"deals": 1},
                                               "seats": [{"kind": "human"}, {"kind": "human"}] + [{"kind": "random"}] * 2}).json()
    ctx = browser.new_context(viewport=PHONE, locale="fr-FR", is_mobile=True)
    try:
        page = ctx.new_page()
        page.goto(base + t["seats"][1]["link"])
        page.wait_for_selector("#conn.live")
        deadline = time.time() + 300
        while True:
            a = play_out_by_api(base, t["seats"][0]["token"], until=lambda s: True)
            b = play_out_by_api(base, t["seats"][1]["token"], until=lambda s: True)
            if a["over"] or b["over"]:
                break
            for k in (0, 1):
                s = httpx.get(f"{base}/api/play/{t['seats'][k]['token']}").json()
                if s["legal"]:
                    httpx.post(f"{base}/api/play/{t['seats'][k]['token']}", json={"action": s["legal"][0], "version": s["version"]})
            assert time.time() < deadline, "the match did not end"
        page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=30000)
        page.wait_for_timeout(300)
        # the person reading the standings at the head of the page when the rematch is begun
        page.evaluate("() => { document.querySelectorAll('main, .play').forEach(e => { e.scrollTop = 0; }); scrollTo(0, 0); }")
        with httpx.Client() as c:  # seat 0's browser: his link opened (its cookie), then the rematch asked
            c.get(base + t["seats"][0]["link"])
            r = c.post(f"{base}/seat/{t['id']}/0/rematch", follow_redirects=False)
        assert r.status_code in (200, 303), r.status_code
        page.wait_for_function("() => !document.getElementById('rematch-note').hidden", timeout=10000)
        page.wait_for_timeout(300)
        shown = page.evaluate("""() => Array.from(document.querySelectorAll('button')).filter(b => {
            const r = b.getBoundingClientRect();
            return b.textContent.trim() === 'Rejoindre la revanche' && r.width > 0 && r.top >= 0
                   && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }).length""")
        assert shown >= 1, page.eval_on_selector_all("button", "bs => bs.map(b => b.textContent + ' ' + Math.round(b.getBoundingClientRect().top))")
        note = page.evaluate("""() => Array.from(document.querySelectorAll('.rematch-note')).filter(p => {
            const r = p.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight; })
            .map(p => p.textContent)""")
        assert note and "a lancé une revanche" in note[0], note
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_blasons_last_throw_folded_is_only_its_title(served, browser, viewport):
    """The Blason in French: after the seat's first throw, « Le dernier coup de dés » folded by
    its title takes its title's height only (no empty box under it)."""
    import httpx

    base, _ = served
    t = httpx.post(base + "/api/tables", json={"game": "blason",
                                               "seats": [{"kind": "human"}] + [{"kind": "random"}] * 3}).json()
    ctx = browser.new_context(viewport=viewport, locale="fr-FR", is_mobile=viewport is PHONE)
    try:
        page = ctx.new_page()
        page.goto(base + t["seats"][0]["link"])
        page.wait_for_selector("#conn.live")
        page.wait_for_selector("#actions button.act")
        page.locator("#actions button.act").first.click()
        page.wait_for_selector("#board details.sheet summary", timeout=30000)
        page.wait_for_timeout(300)
        assert page.inner_text("#board details.sheet summary") == "Le dernier coup de dés"
        if page.evaluate("document.querySelector('#board details.sheet').open"):
            page.click("#board details.sheet summary")
            page.wait_for_timeout(200)
        sizes = page.evaluate("""(() => { const d = document.querySelector('#board details.sheet'), s = d.querySelector('summary');
            const cs = getComputedStyle(d);
            return [d.open, d.getBoundingClientRect().height, s.getBoundingClientRect().height
                    + parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom) + parseFloat(cs.borderTopWidth) + parseFloat(cs.borderBottomWidth)]; })()""")
        assert sizes[0] is False and abs(sizes[1] - sizes[2]) <= 1, sizes
    finally:
        ctx.close()
