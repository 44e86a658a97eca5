"""Views drawn as HTML, for any game: no rule here, only the shapes of a view's JSON.

:func:`board_html` draws what a seat (or an onlooker) may know — exactly ``view.to_json()`` of
that seat's view, nothing else — so a page never holds another seat's cards. It knows no game:

* a card code (``'KH'``) is drawn as a card face (Unicode rank and suit, red or black), with
  ``data-card`` holding its code; a list of card codes is a row of cards;
* a list of ``[seat, card]`` pairs (a trick) is drawn as cards with their players' names;
* a list with one entry per seat (counters, lives, hand sizes, cards shown …) is a column of
  the players' table, which also marks the dealer, the player to act and the viewer;
* a mapping (pots, boxes, baskets, bêtes) is a small table; anything else is written out;
* a view with a ``board`` (square number → square with a ``name``) and ``positions`` (one per
  seat) is drawn as its squares with their names and the players' tokens (the Blason).

Legal actions are buttons (card actions as card faces); cards of the viewer's that are legal
to play are clickable. A game added to the registry is drawn with no web code of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

from academie.cards import card_code, card_label, parse_card
from academie.core.errors import CardCodeError

SKIPPED = {"log", "seat", "current_player", "dealer"}
"""View keys not drawn as such: the narration tells the log; the others mark the players' table."""

TOKEN_COLOURS = ("#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#ca6f1e",
                 "#17a589", "#839192", "#a93226", "#1f618d", "#1e8449", "#6e2c00")


def as_card(value: Any) -> str | None:
    """The card code of ``value`` if it is a card code string (``'10H'``), else None."""
    if not isinstance(value, str) or not 2 <= len(value) <= 3:
        return None
    try:
        return card_code(parse_card(value))
    except CardCodeError:
        return None


def card_html(code: str, legal: Sequence[str] = (), small: bool = False) -> Markup:
    """One card face: ``<span class="card red" data-card="KH">K♥</span>``; clickable (``data-action``)
    when its code is among ``legal``."""
    label = card_label(parse_card(code))
    colour = "red" if code[-1] in "HD" else "black"
    classes = ["card", colour] + (["small"] if small else [])
    act = ""
    if code in legal:
        classes.append("legal")
        act = Markup(' data-action="{}" role="button" tabindex="0" title="play {}"').format(code, label)
    return Markup('<span class="{}" data-card="{}"{}><b>{}</b><i>{}</i></span>').format(
        " ".join(classes), code, act, label[:-1], label[-1])


def _label(key: str) -> str:
    return key.replace("_", " ")


def _is_cards(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(as_card(v) for v in value)


def _is_trick(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(v, list) and len(v) == 2 and isinstance(v[0], int) and as_card(v[1]) for v in value)


def value_html(value: Any, names: Sequence[str], legal: Sequence[str] = ()) -> Markup:
    """Any value of a view's JSON drawn as HTML (cards as faces, mappings as tables)."""
    if value is None:
        return Markup('<span class="none">—</span>')
    if isinstance(value, bool):
        return Markup("yes" if value else "no")
    code = as_card(value)
    if code:
        return card_html(code, legal)
    if _is_cards(value):
        return Markup('<span class="cards">{}</span>').format(
            Markup("").join(card_html(as_card(v), legal) for v in value))
    if _is_trick(value):
        return Markup('<span class="cards trick">{}</span>').format(Markup("").join(
            Markup('<span class="played">{}<small>{}</small></span>').format(
                card_html(as_card(c)), names[s] if 0 <= s < len(names) else s) for s, c in value))
    if isinstance(value, list):
        if not value:
            return Markup('<span class="none">—</span>')
        return Markup('<span class="items">{}</span>').format(
            Markup(" · ").join(value_html(v, names, legal) for v in value))
    if isinstance(value, Mapping):
        if not value:
            return Markup('<span class="none">—</span>')
        rows = Markup("").join(Markup("<tr><th>{}</th><td>{}</td></tr>").format(_label(str(k)), value_html(v, names, legal))
                               for k, v in value.items())
        return Markup('<table class="kv">{}</table>').format(rows)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return escape(str(value))


def _per_seat(key: str, value: Any, n: int) -> bool:
    return isinstance(value, list) and len(value) == n and not _is_cards(value) and not _is_trick(value) and (
        key not in ("announcements",)) and all(not isinstance(v, Mapping) for v in value)


def board_html(view: Any, names: Sequence[str], viewer: int | None, legal: Sequence[str] = ()) -> Markup:
    """The table as ``viewer`` sees it (None: an onlooker): ``view`` is that seat's view object,
    ``legal`` the viewer's legal actions in string notation (empty when he is not to act)."""
    data = view.to_json()
    n = len(names)
    turn, dealer = data.get("current_player"), data.get("dealer")
    columns: dict[str, list[Any]] = {}
    mine: list[tuple[str, Any]] = []
    facts: list[tuple[str, Any]] = []
    blocks: list[tuple[str, Any]] = []
    for key, value in data.items():
        if key in SKIPPED:
            continue
        if _per_seat(key, value, n):
            columns[key] = value
        elif viewer is not None and key in ("hand", "hidden") or key.startswith("my_"):
            mine.append((key, value))
        elif isinstance(value, (Mapping, list)) and value:
            blocks.append((key, value))
        else:
            facts.append((key, value))
    out = []
    board = getattr(view, "board", None)
    if isinstance(board, Mapping) and "positions" in data:
        out.append(track_html(board, data["positions"], names))
    rows = []
    for seat in range(n):
        marks = []
        if seat == turn:
            marks.append('<span class="mark turn" title="to play">▶</span>')
        if seat == dealer:
            marks.append('<span class="mark dealer" title="dealer">D</span>')
        you = " you" if seat == viewer else ""
        cells = Markup("").join(Markup("<td>{}</td>").format(value_html(col[seat], names, legal if seat == viewer else ()))
                                for col in columns.values())
        rows.append(Markup('<tr class="seat{}{}"><th>{}{}</th>{}</tr>').format(
            you, " turn" if seat == turn else "", Markup("".join(marks)),
            names[seat] + (" (you)" if seat == viewer else ""), cells))
    head = Markup("").join(Markup("<th>{}</th>").format(_label(k)) for k in columns)
    out.append(Markup('<table class="players"><thead><tr><th>player</th>{}</tr></thead><tbody>{}</tbody></table>')
               .format(head, Markup("").join(rows)))
    if facts:
        out.append(Markup('<dl class="facts">{}</dl>').format(Markup("").join(
            Markup("<div><dt>{}</dt><dd>{}</dd></div>").format(_label(k), value_html(v, names)) for k, v in facts)))
    for key, value in blocks:
        out.append(Markup('<section class="block"><h3>{}</h3>{}</section>').format(_label(key), value_html(value, names)))
    for key, value in mine:
        out.append(Markup('<section class="mine"><h3>your {}</h3>{}</section>').format(
            _label(key.removeprefix("my_")), value_html(value, names, legal)))
    return Markup("").join(out)


def actions_html(legal: Sequence[str]) -> Markup:
    """The legal actions as buttons (a card action as its face)."""
    buttons = []
    for text in legal:
        code = as_card(text)
        face = card_html(code, small=True) if code and code == text else escape(text)
        buttons.append(Markup('<button type="button" class="act" data-action="{}">{}</button>').format(text, face))
    return Markup("").join(buttons)


def track_html(board: Mapping[int, Any], positions: Sequence[int], names: Sequence[str]) -> Markup:
    """A board of numbered, named squares with each seat's token on its square (square 0: the
    start, off the board)."""
    def tokens(square: int) -> Markup:
        return Markup("").join(
            Markup('<span class="token" style="background:{}" title="{}">{}</span>').format(
                TOKEN_COLOURS[s % len(TOKEN_COLOURS)], names[s], names[s][:1])
            for s, p in enumerate(positions) if p == square)
    cells = [Markup('<div class="square start"><b>0</b><span class="sq-name">start</span>{}</div>').format(tokens(0))]
    for number in sorted(board):
        square = board[number]
        effect = getattr(square, "effect", "none")
        cells.append(Markup('<div class="square{}" data-square="{}"><b>{}</b><span class="sq-name">{}</span>{}</div>').format(
            "" if effect == "none" else " special", number, number, getattr(square, "name", ""), tokens(number)))
    return Markup('<div class="track">{}</div>').format(Markup("").join(cells))


def view_cards(view: Any) -> set[str]:
    """Every card code in a view's JSON (for the no-leak checks)."""
    found: set[str] = set()

    def walk(v: Any) -> None:
        code = as_card(v)
        if code:
            found.add(code)
        elif isinstance(v, Mapping):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
    walk(view.to_json())
    return found
