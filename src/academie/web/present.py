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

import functools
import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markupsafe import Markup

try:
    import orjson
except ImportError:  # no memo of blocks without it (the web extra brings it)
    orjson = None

from academie.cards import card_code, card_label, parse_card
from academie.core.errors import CardCodeError

SKIPPED = {"log", "seat", "current_player", "dealer"}
"""View keys not drawn as such: the narration tells the log; the others mark the players' table."""

TOKEN_COLOURS = ("#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#ca6f1e",
                 "#17a589", "#839192", "#a93226", "#1f618d", "#1e8449", "#6e2c00")


def as_card(value: Any) -> str | None:
    """The card code of ``value`` if it is a card code string (``'10H'``), else None."""
    if type(value) is not str and not isinstance(value, str) or not 2 <= len(value) <= 3:
        return None
    return _code(value)


@functools.lru_cache(maxsize=512)
def _code(value: str) -> str | None:
    try:
        return card_code(parse_card(value))
    except CardCodeError:
        return None


@functools.lru_cache(maxsize=4096)
def _e_text(value: str) -> str:
    return html.escape(value, quote=True)


def _e(value: Any) -> str:
    """Text escaped for HTML (quotes included)."""
    kind = type(value)
    if kind is int:  # digits and a sign: nothing to escape
        return str(value)
    if kind is str:  # names, phases, keys: the same few strings at every move
        return _e_text(value)
    return html.escape(str(value), quote=True)


@functools.lru_cache(maxsize=1024)
def _card(code: str, legal: bool, small: bool) -> str:
    label = card_label(parse_card(code))
    colour = "red" if code[-1] in "HD" else "black"
    classes = f"card {colour}" + (" small" if small else "") + (" legal" if legal else "")
    act = f' data-action="{code}" role="button" tabindex="0" title="play {label}"' if legal else ""
    return f'<span class="{classes}" data-card="{code}"{act}><b>{label[:-1]}</b><i>{label[-1]}</i></span>'


def card_html(code: str, legal: Sequence[str] = (), small: bool = False) -> Markup:
    """One card face: ``<span class="card red" data-card="KH">K♥</span>``; clickable (``data-action``)
    when its code is among ``legal``."""
    return Markup(_card(code, code in legal, small))


@functools.lru_cache(maxsize=1024)
def _label(key: str) -> str:
    return key.replace("_", " ")


def _is_map(value: Any) -> bool:
    """``isinstance(value, Mapping)``, a dict found first (the views' JSON holds dicts)."""
    return type(value) is dict or isinstance(value, Mapping)


def _is_cards(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(as_card(v) for v in value)


def _is_trick(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(v, list) and len(v) == 2 and isinstance(v[0], int) and as_card(v[1]) for v in value)


NONE = '<span class="none">—</span>'


def _value(value: Any, names: Sequence[str], legal: Sequence[str] = ()) -> str:
    kind = type(value)
    if kind is int:  # the commonest value: as _e draws it
        return str(value)
    if value is None:
        return NONE
    if kind is bool:
        return "yes" if value else "no"
    if kind is str:
        code = as_card(value)
        return _card(code, code in legal, False) if code else _e_text(value)
    if kind is list and value:
        codes = [as_card(v) for v in value]
        if all(codes):
            return '<span class="cards">' + "".join(_card(c, c in legal, False) for c in codes) + "</span>"
    return _other_value(value, names, legal)


def _other_value(value: Any, names: Sequence[str], legal: Sequence[str]) -> str:
    """:func:`_value` of a value that is neither an int, None, a bool, a string nor a row of cards."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    code = as_card(value)
    if code:
        return _card(code, code in legal, False)
    if _is_cards(value):
        return '<span class="cards">' + "".join(_card(as_card(v), as_card(v) in legal, False) for v in value) + "</span>"
    if _is_trick(value):
        return '<span class="cards trick">' + "".join(
            f'<span class="played">{_card(as_card(c), False, False)}<small>{_e(names[s] if 0 <= s < len(names) else s)}</small></span>'
            for s, c in value) + "</span>"
    if isinstance(value, list):
        if not value:
            return NONE
        return '<span class="items">' + " · ".join(_value(v, names, legal) for v in value) + "</span>"
    if _is_map(value):
        if not value:
            return NONE
        rows = "".join(f"<tr><th>{_e(_label(str(k)))}</th><td>{_keyed(str(k), v, names, legal)}</td></tr>"
                       for k, v in value.items())
        return f'<table class="kv">{rows}</table>'
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return _e(value)


SEAT_KEYS = {"seat", "winner", "knocker", "leader", "player", "taker", "loser", "dealer", "trick_winner",
             "talon_winner", "claimant", "pool_winner", "belle", "flux", "trente_un", "declared"}
"""Keys whose integer values are seats (drawn as the player's name). A key of another meaning
holding an integer out of the seats' range is written as a number."""


SEAT_SET_KEYS = {"in_cabaret", "in_cotillon", "raised", "eliminated", "short", "shown_by", "talon_payers"}
"""Keys whose value, when a list of integers, is a set of seats (drawn as names, never as a column
of the players' table even when it has as many entries as there are players)."""

PER_SEAT_KEYS = {"tricks", "points", "counters_after", "tierces", "counts", "stirs", "hands"}
"""Keys whose value, a list with one entry per player inside a deal's result, is drawn with
each player's name (at the top of a view such lists are the players' table's columns)."""

SEAT_AT = {"winners": 1, "announcements": 1, "shown": 0}
"""Keys whose rows (``[basket, seat, why]``, ``[name, seat, cards]``, ``[seat, card]``) hold a seat
at this index: drawn as the player's name."""


def _is_seat(value: Any, names: Sequence[str]) -> bool:
    return type(value) is int and 0 <= value < len(names)


def _seat_keyed(value: Mapping, names: Sequence[str]) -> bool:
    """A mapping keyed by seats (``{"0": …, "2": …}``: hands, values, lives lost by seat)."""
    return bool(value) and all(str(k).isdigit() and int(k) < len(names) for k in value)


def _keyed(key: str, value: Any, names: Sequence[str], legal: Sequence[str] = ()) -> str:
    """``value`` under ``key``: a seat's name for the keys that name a seat (one seat, a set of
    seats, rows holding a seat, a mapping keyed by seats), else as :func:`_value`."""
    if key in SEAT_KEYS and _is_seat(value, names):
        return _e(names[value])
    if key in SEAT_SET_KEYS and isinstance(value, list) and value and all(_is_seat(v, names) for v in value):
        return '<span class="items">' + " · ".join(_e(names[v]) for v in value) + "</span>"
    if key in SEAT_AT and isinstance(value, list) and value:
        at = SEAT_AT[key]

        def row(r: Any) -> str | None:
            if isinstance(r, list) and len(r) > at and (r[at] is None or _is_seat(r[at], names)):
                return '<span class="items">' + " · ".join(
                    _e(names[v]) if i == at and v is not None else _value(v, names, legal)
                    for i, v in enumerate(r)) + "</span>"
            return None
        if row(value) is not None:
            return row(value)
        rows = [row(r) for r in value]
        if all(r is not None for r in rows):
            return "<br>".join(rows)
    if key in PER_SEAT_KEYS and isinstance(value, list) and len(value) == len(names) and not _is_trick(value):
        rows = "".join(f"<tr><th>{_e(names[s])}</th><td>{_value(v, names, legal)}</td></tr>" for s, v in enumerate(value))
        return f'<table class="kv">{rows}</table>'
    if _is_map(value) and _seat_keyed(value, names):
        rows = "".join(f"<tr><th>{_e(names[int(k)])}</th><td>{_value(v, names, legal)}</td></tr>" for k, v in value.items())
        return f'<table class="kv">{rows}</table>'
    return _value(value, names, legal)


def value_html(value: Any, names: Sequence[str], legal: Sequence[str] = ()) -> Markup:
    """Any value of a view's JSON drawn as HTML (cards as faces, mappings as tables)."""
    return Markup(_value(value, names, legal))


def _per_seat(key: str, value: Any, n: int) -> bool:
    return isinstance(value, list) and len(value) == n and not _is_cards(value) and not _is_trick(value) and (
        key not in ("announcements",)) and not (key in SEAT_SET_KEYS and all(type(v) is int for v in value)) and not any(_is_map(v) for v in value)


def _kept(memo: dict | None, tag: tuple, value: Any, draw: Callable[[], str]) -> str:
    """``draw()``, or with ``memo`` what it drew before for the same ``tag`` and ``value`` (the
    value known by its JSON text: a last deal's result, a seat's row of the players' table, stay
    the same for many moves)."""
    if memo is None or orjson is None:
        return draw()
    try:
        known = (tag, orjson.dumps(value))
    except (orjson.JSONEncodeError, TypeError):  # a key not a string …: not kept
        return draw()
    drawn = memo.get(known)
    if drawn is None:
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        drawn = memo[known] = draw()
    return drawn


MEMO_SIZE = 512
"""How many parts a memo of :func:`board_html` keeps (emptied when full)."""


def board_html(view: Any, names: Sequence[str], viewer: int | None, legal: Sequence[str] = (),
               memo: dict | None = None) -> Markup:
    """The table as ``viewer`` sees it (None: an onlooker): ``view`` is that seat's view object,
    ``legal`` the viewer's legal actions in string notation (empty when he is not to act).
    ``memo``, a dict the caller keeps for one table (and empties when it likes), keeps the
    parts drawn (the players' rows, the facts, each block, the viewer's cards) by what they
    show, for the next boards of that table: the same HTML, drawn once."""
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
        elif (type(value) is list or _is_map(value) or isinstance(value, list)) and value:
            blocks.append((key, value))
        else:
            facts.append((key, value))
    out = []
    board = getattr(view, "board", None)
    if isinstance(board, Mapping) and "positions" in data:
        out.append(_track(board, data["positions"], names))
    who = tuple(names)
    keys = tuple(columns)

    def row(seat: int) -> str:
        marks = ""
        if seat == turn:
            marks += '<span class="mark turn" title="to play">▶</span>'
        if seat == dealer:
            marks += '<span class="mark dealer" title="dealer">D</span>'
        cells = "".join(f"<td>{_value(col[seat], names, legal if seat == viewer else ())}</td>" for col in columns.values())
        classes = "seat" + (" you" if seat == viewer else "") + (" turn" if seat == turn else "")
        return f'<tr class="{classes}"><th>{marks}{_e(names[seat])}{" (you)" if seat == viewer else ""}</th>{cells}</tr>'

    rows = [_kept(memo, ("row", who, keys, seat, seat == turn, seat == dealer, seat == viewer,
                         tuple(legal) if seat == viewer else ()),
                  [col[seat] for col in columns.values()], lambda seat=seat: row(seat))
            for seat in range(n)]
    head = "".join(f"<th>{_e(_label(k))}</th>" for k in columns)
    out.append(f'<table class="players"><thead><tr><th>player</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
    if facts:
        out.append(_kept(memo, ("facts", who), facts, lambda: '<dl class="facts">' + "".join(
            f"<div><dt>{_e(_label(k))}</dt><dd>{_keyed(k, v, names)}</dd></div>" for k, v in facts) + "</dl>"))
    for key, value in blocks:
        out.append(_kept(memo, ("block", who, key), value, lambda key=key, value=value: (
            f'<section class="block"><h3>{_e(_label(key))}</h3>{_keyed(key, value, names)}</section>')))
    for key, value in mine:
        out.append(_kept(memo, ("mine", who, key, tuple(legal)), value, lambda key=key, value=value: (
            f'<section class="mine"><h3>your {_e(_label(key.removeprefix("my_")))}</h3>'
            f"{_value(value, names, legal)}</section>")))
    return Markup("".join(out))


def actions_html(legal: Sequence[str]) -> Markup:
    """The legal actions as buttons (a card action as its face)."""
    buttons = []
    for text in legal:
        code = as_card(text)
        face = _card(code, False, True) if code and code == text else _e(text)
        buttons.append(f'<button type="button" class="act" data-action="{_e(text)}">{face}</button>')
    return Markup("".join(buttons))


def track_html(board: Mapping[int, Any], positions: Sequence[int], names: Sequence[str]) -> Markup:
    """A board of numbered, named squares with each seat's token on its square (square 0: the
    start, off the board)."""
    return Markup(_track(board, positions, names))


def _track(board: Mapping[int, Any], positions: Sequence[int], names: Sequence[str]) -> str:
    tokens: dict[Any, str] = {}
    for s, p in enumerate(positions):
        tokens[p] = tokens.get(p, "") + (
            f'<span class="token tok-{s % len(TOKEN_COLOURS)}" title="{_e(names[s])}">'
            f"{_e(names[s][:1])}</span>")
    cells = [f'<div class="square start"><b>0</b><span class="sq-name">start</span>{tokens.get(0, "")}</div>']
    for number, square in _squares(board):
        cells.append(square + tokens.get(number, "") + "</div>")
    return '<div class="track">' + "".join(cells) + "</div>"


_SQUARES: dict[int, tuple[Any, list[tuple[int, str]]]] = {}
"""Each board's squares drawn without their tokens, by the board's id (a game's board is one
object for the whole match; the board itself is kept, so that its id is not reused)."""


def _squares(board: Mapping[int, Any]) -> list[tuple[int, str]]:
    """``(number, the square's opening HTML)`` in order of the squares: what never changes."""
    cached = _SQUARES.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    drawn = []
    for number in sorted(board):
        square = board[number]
        special = "" if getattr(square, "effect", "none") == "none" else " special"
        drawn.append((number, f'<div class="square{special}" data-square="{number}"><b>{number}</b>'
                              f'<span class="sq-name">{_e(getattr(square, "name", ""))}</span>'))
    if len(_SQUARES) > 64:
        _SQUARES.clear()
    _SQUARES[id(board)] = (board, drawn)
    return drawn


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
