"""The Jeu du Blason drawn as a board (academie.web.blason_board): over random matches under
several option sets, every position drawn holds the 63 squares of the game's own board, one token
per player on its square, the last throw as dice, nothing unescaped and no internal word; then,
in Debian's Chromium under the server's CSP, the board fits a laptop's and a phone's window and
each token lies on its square."""

from __future__ import annotations

import os
import random
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from academie.core.errors import OptionError
from academie.games import GAMES
from academie.web.blason_board import BoardViewError, blason_board_html, spiral

SVG = "{http://www.w3.org/2000/svg}"
STATIC = Path(__file__).resolve().parents[2] / "src" / "academie" / "web" / "static"
NAMES = ["Anne", "<script>alert(1)</script>", "Blaise & fils", 'Claude "le Grand"', "Élisabeth-Charlotte de Bavière",
         "Zoé"]
OPTION_SETS = [
    {},
    {"dice": "d12"},
    {"casque_squares": "5,9,14,18,23,27,32,36,45,50,54,59", "restart_square": "start",
     "rest_reading": "others_throw_twice", "meeting_destination": "swap"},
    {"counters": "2", "price": "3", "mois_romains": "5", "entry": "0", "exact_finish": "stop",
     "displaced_keeps_wait": "true", "casque_squares": "7 40"},
]
SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


def english(s: str) -> str:
    return s


def positions_of(options: dict, players: int, seed: int):
    """``(state, view JSON)`` after every throw of a random match, the initial position first."""
    rng = random.Random(seed)
    state = GAMES["blason"].new_initial_state(players, options)
    yield state, state.view(0).to_json()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
            yield state, state.view(rng.randrange(players)).to_json()
        else:
            state.apply_action(state.legal_actions()[0])


class Balance(HTMLParser):
    """An HTML parse that fails on a tag closed that was not open (or left open)."""

    VOID = {"link", "br", "img", "meta", "input", "hr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        if tag not in self.VOID and tag in ("div", "span", "aside", "ul", "li", "p", "b", "details", "dl"):
            raise AssertionError(f"<{tag}/> is not self-closing in HTML")

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()


def parsed(html: str) -> ET.Element:
    tree = ET.fromstring(f"<root>{html}</root>")  # well-formed XML (the SVG is XML)
    checker = Balance()
    checker.feed(html)
    checker.close()
    assert checker.stack == [], f"left open: {checker.stack}"
    return tree


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def squares_of(tree: ET.Element) -> dict[int, ET.Element]:
    found = [g for g in tree.iter(f"{SVG}g") if "bl-square" in classes(g)]
    by_number = {int(g.get("data-square")): g for g in found}
    assert len(found) == len(by_number) == 63
    assert sorted(by_number) == list(range(1, 64))
    return by_number


def visible_text(tree: ET.Element) -> str:
    """Every text of the fragment (titles included) and its aria-label."""
    svg = tree.find(f".//{SVG}svg")
    return " ".join(tree.itertext()) + " " + svg.get("aria-label")


@pytest.mark.parametrize("options", OPTION_SETS, ids=["defaults", "cochonnet", "thirteen-casques", "poor-players"])
def test_random_matches_drawn_as_boards(options):
    checked = 0
    for players, seed in [(n, seed) for n in range(2, 7) for seed in (n * 101 + len(options), n * 7919)]:
        names = NAMES[:players]
        for k, (state, view) in enumerate(positions_of(options, players, seed)):
            if k % 3 and not state.is_terminal():
                continue  # every third throw, and the end
            html = blason_board_html(view, names, english, options)
            tree = parsed(html)
            squares = squares_of(tree)
            # Each square numbered and named as the game's own board has it, with a <title>.
            for n, g in squares.items():
                title = g.find(f"{SVG}title").text
                assert title.startswith(f"{n}. {state.board[n].name}")
                drawn = " ".join(t.text for t in g.iter(f"{SVG}text"))
                assert drawn.split()[0] == str(n)
                if state.board[n].effect != "none":
                    assert not classes(g) & {"bl-plain", "bl-named"}, f"square {n} ({state.board[n].effect}) not marked"
                    assert state.board[n].source in title  # the source's words say what it does
                else:
                    assert classes(g) & {"bl-plain", "bl-named"}
            # One token per player, on the view's square (0: the start, off the board).
            tokens = [g for g in tree.iter(f"{SVG}g") if "bl-token" in classes(g)]
            assert sorted(int(g.get("data-seat")) for g in tokens) == list(range(players))
            for g in tokens:
                seat = int(g.get("data-seat"))
                assert int(g.get("data-square")) == view["positions"][seat]
                assert g.find(f"{SVG}title").text.startswith(names[seat])
            # The last throw's dice.
            dice = [g for g in tree.iter(f"{SVG}g") if "bl-die" in classes(g)]
            last = view["last_move"]
            assert len(dice) == (1 if view["dice"] == "d12" else 2)
            if last is None:
                assert all(g.get("data-value") == "" for g in dice)
                assert not [c for g in dice for c in g.iter(f"{SVG}circle")]
            elif view["dice"] == "d12":
                assert dice[0].get("data-value") == dice[0].find(f"{SVG}text").text == str(last["total"])
            else:
                pips = [len([c for c in g.iter(f"{SVG}circle") if "bl-pip" in classes(c)]) for g in dice]
                assert all(1 <= p <= 6 for p in pips) and sum(pips) == last["total"]
                assert [int(g.get("data-value")) for g in dice] == pips
            # Where each token is, said for a screen reader.
            svg = tree.find(f".//{SVG}svg")
            assert svg.get("role") == "img"
            label = svg.get("aria-label")
            for seat, p in enumerate(view["positions"]):
                said = (f"{names[seat]} at the start" if p == 0 else
                        f"{names[seat]} on square {p}, {state.board[p].name}")
                assert said in label
            # The players beside the board: counters and waits.
            rows = {int(li.get("data-seat")): " ".join(li.itertext()) for li in tree.iter("li")}
            pot = next(p for p in tree.iter("p") if "bl-pot" in classes(p))
            assert re.search(rf"\b{view['pot']} counters?\b", pot.text)
            for seat in range(players):
                assert re.search(rf"(^|, ){view['counters'][seat]} counters?\b", rows[seat])
                assert ("owes the pot" in rows[seat]) == (view["counters"][seat] < 0)
                assert ("misses" in rows[seat]) == (view["rest"][seat] > 0)
                assert ("waits on 30" in rows[seat]) == (view["well"] == seat)
            # No internal word shown, every name escaped.
            text = visible_text(tree)
            assert not SNAKE.findall(text), SNAKE.findall(text)
            assert "<script" not in html and "&lt;script&gt;" in html
            checked += 1
    assert checked > 100


def test_the_spiral_walks_from_the_outside_to_the_middle():
    cells = spiral()
    assert len(cells) == len(set(cells)) == 63
    for a, b in zip(cells, cells[1:]):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1  # each square next to the one before
    assert cells[0] == (0, 6)  # square 1 in the bottom left corner
    assert cells[62][1] == 3 and 3 <= cells[62][0] <= 5  # 63 in the middle row, innermost


def test_a_french_catalogue_is_used_for_every_word():
    """Every text goes through the gettext function: with a catalogue that marks each message,
    no English message is left (only numbers, names, the French square names and citations)."""
    state = next(s for s, v in positions_of({"dice": "d12"}, 3, seed=4) if v["throws"] >= 5 and v["pot"] > 0)
    asked: set[str] = set()

    def marked(msgid: str) -> str:
        asked.add(msgid)
        return "«" + re.sub(r"[A-Za-z]+(?![^{]*})", "x", msgid) + "»"

    html = blason_board_html(state.view(1).to_json(), NAMES[:3], marked, {"dice": "d12"})
    text = " ".join(parsed(html).itertext())
    english_words = {"the", "and", "square", "counters", "counter", "pay", "pot", "threw", "start", "Start", "Pot"}
    assert not set(re.findall(r"[A-Za-z]+", text)) & english_words
    assert {"Pot: {amount}", "{name} threw {total}", "gyronny"} <= asked


@pytest.mark.parametrize("view, names, message", [
    ({"positions": [0, 0]}, ["a", "b"], "the view has no rest, counters, pot"),
    (["not", "a", "view"], ["a"], "not a mapping"),
    ({"positions": [0, 64], "rest": [0, 0], "counters": [1, 1], "pot": 0}, ["a", "b"], "squares 0 (the start) to 63"),
    ({"positions": [0, 3], "rest": [0, 0], "counters": [1, 1], "pot": 0}, ["a"], "names must be 2 strings, one per seat of the view, not 1"),
    ({"positions": [0, 3], "rest": [0, 0], "counters": [1, 1], "pot": 0}, None, "names must be a list of 2 strings"),
    ({"positions": [0, 3], "rest": [0, 0], "counters": [1, 1], "pot": 0, "dice": "3d6"}, ["a", "b"], "'2d6' or 'd12'"),
    ({"positions": [0, 3], "rest": [0, 0], "counters": [1, 1], "pot": 0,
      "last_move": {"seat": 5, "total": 3, "from": 0, "landed": 3, "to": 3}}, ["a", "b"], "last_move must hold a seat"),
])
def test_a_view_that_is_not_a_blason_position_is_refused_by_name(view, names, message):
    with pytest.raises(BoardViewError, match=re.escape(message)):
        blason_board_html(view, names, english)


def test_the_stylesheet_is_linked_unless_the_page_links_it():
    view = GAMES["blason"].new_initial_state(3).view(0).to_json()
    assert blason_board_html(view, ["a", "b", "c"], english).startswith('<link rel="stylesheet" href="/static/blason.css"/>')
    bare = blason_board_html(view, ["a", "b", "c"], english, link=False)
    assert "<link" not in bare and bare.startswith('<div class="bl-board">')


def test_bad_options_are_refused_by_name():
    view = GAMES["blason"].new_initial_state(2).view(0).to_json()
    with pytest.raises(OptionError, match="casque"):
        blason_board_html(view, ["a", "b"], english, {"casque_squares": "6"})


# --- in a browser ----------------------------------------------------------------------------

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def page_with(board: str) -> str:
    """A table page as the server's: its stylesheet, a status line, the board, the moves."""
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<link rel="stylesheet" href="/static/style.css"></head><body>'
            '<header class="top"><a href="/" class="brand">academie</a></header><main>'
            f'<p id="status">Your turn.</p>{board}<div id="actions"><button type="button" class="act">throw</button>'
            "</div></main></body></html>")


def test_the_board_fits_a_laptop_and_a_phone_and_each_token_is_on_its_square():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    from academie.web.app import CSP

    names = ["Anne", "Marie-Thérèse-Charlotte de Bourbon-Penthièvre", "<b>Blaise</b>", "Denis", "Élise", "François"]
    early = next(v for s, v in positions_of({}, 6, seed=8) if v["throws"] == 3)  # three tokens at the start
    later = next(v for s, v in positions_of({"dice": "d12"}, 6, seed=3) if v["throws"] >= 30)
    crowded = dict(early, positions=[20, 20, 20, 20, 0, 63], rest=[0, 2, 0, 0, 0, 0], well=None)  # a drawing check
    boards = [(early, {}), (later, {"dice": "d12"}), (crowded, {})]
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            for width, height in ((1366, 768), (390, 844)):
                for view, options in boards:
                    page = browser.new_page(viewport={"width": width, "height": height})
                    body = page_with(blason_board_html(view, names, english, options))
                    refused: list[str] = []
                    page.on("console", lambda m: refused.append(m.text))

                    page.route("http://academie.test/**", server(body, CSP))
                    page.goto("http://academie.test/play")
                    where = f"{width}x{height} {view['positions']}"
                    assert not refused, f"{where}: {refused}"  # no style refused by the CSP
                    fill = page.eval_on_selector(".bl-square[data-square='63'] rect", "e => getComputedStyle(e).fill")
                    assert fill == "rgb(249, 231, 159)", f"{where}: blason.css not applied ({fill})"
                    box = page.locator(".bl-board").bounding_box()
                    assert box["height"] <= 0.6 * height, f"{where}: {box['height']:.0f}px high"
                    assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{where}: {box}"
                    assert page.evaluate("document.documentElement.scrollWidth") <= width
                    assert page.locator("#actions button").bounding_box()["y"] < height  # the moves in view
                    seen: dict[int, list[dict]] = {}
                    for seat, square in enumerate(view["positions"]):
                        token = page.locator(f".bl-token[data-seat='{seat}'] circle").bounding_box()
                        place = page.locator(f"[data-square='{square}']:is(.bl-square, .bl-start) rect").bounding_box()
                        assert token and place and intersects(token, place), f"{where}: seat {seat} off square {square}"
                        inside = (token["x"] >= place["x"] - 1 and token["y"] >= place["y"] - 1
                                  and token["x"] + token["width"] <= place["x"] + place["width"] + 1
                                  and token["y"] + token["height"] <= place["y"] + place["height"] + 1)
                        assert inside, f"{where}: seat {seat}'s token spills out of square {square}"
                        for other in seen.get(square, []):
                            assert not intersects(token, other, margin=0.5), f"{where}: tokens on {square} overlap"
                        seen.setdefault(square, []).append(token)
                    page.close()
        finally:
            browser.close()


def test_a_token_on_a_labelled_square_leaves_its_words_to_be_read():
    """Tokens on the squares that carry a word (6 partagées, 18 couronne, 30 chancellerie, 63
    terme …), one to a square and six on one square: in Chromium each token's box lies on its
    square and overlaps neither the square's word nor its number nor its mark, on a laptop and a
    phone."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    from academie.web.app import CSP

    names = ["Anne", "Bastien", "Camille", "Denis", "Élise", "François"]
    start = next(v for s, v in positions_of({}, 6, seed=8))
    spread = [[6, 9, 12, 18, 19, 26], [27, 30, 36, 41, 45, 49], [54, 58, 63, 30, 6, 18]]
    crowded = [[n] * 6 for n in (6, 12, 18, 30, 63)] + [[19, 19, 19, 45, 45, 0]]
    checked = 0
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            for width, height in ((1366, 768), (390, 844)):
                page = browser.new_page(viewport={"width": width, "height": height})
                for positions in spread + crowded:
                    view = dict(start, positions=positions, rest=[0] * 6, well=None)
                    page.route("http://academie.test/**", server(page_with(blason_board_html(view, names, english)), CSP))
                    page.goto("http://academie.test/play")
                    for seat, square in enumerate(positions):
                        if not square:
                            continue
                        token = page.locator(f".bl-token[data-seat='{seat}']").bounding_box()
                        cell = page.locator(f".bl-square[data-square='{square}']")
                        place = cell.locator("rect").bounding_box()
                        assert place["x"] - 1 <= token["x"] and token["x"] + token["width"] <= place["x"] + place["width"] + 1
                        assert place["y"] - 1 <= token["y"] and token["y"] + token["height"] <= place["y"] + place["height"] + 1
                        words = cell.locator(".bl-name, .bl-num, .bl-mark")
                        assert words.count() >= 2, square  # a number and a word at least
                        for k in range(words.count()):
                            text = words.nth(k)
                            box = text.bounding_box()
                            assert not intersects(token, box), (f"{width}x{height}: seat {seat}'s token covers"
                                                                f" « {text.text_content()} » on square {square}")
                            checked += 1
                    page.unroute("http://academie.test/**")
                page.close()
        finally:
            browser.close()
    assert checked > 150, checked


def server(body: str, csp: str):
    """A route handler serving ``body`` as the page (under ``csp``) and the stylesheets from static/."""
    def serve(route) -> None:
        url = route.request.url
        if url.endswith(".css"):
            route.fulfill(body=(STATIC / url.rsplit("/", 1)[1]).read_text(), content_type="text/css")
        else:
            route.fulfill(body=body, content_type="text/html; charset=utf-8", headers={"content-security-policy": csp})
    return serve


def intersects(a: dict, b: dict, margin: float = 0.0) -> bool:
    """Whether two bounding boxes overlap (by more than ``margin`` pixels)."""
    return (a["x"] + margin < b["x"] + b["width"] and b["x"] + margin < a["x"] + a["width"]
            and a["y"] + margin < b["y"] + b["height"] and b["y"] + margin < a["y"] + a["height"])
