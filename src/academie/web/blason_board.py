"""The Jeu du Blason drawn as a board: an inline SVG of the 63 squares in a spiral, as at the
Game of the Goose (square 1 at the outside, 63 in the middle), with the players' tokens, the
last throw as dice faces, and beside it the pot and each player's counters and waits.

Only presentation is here: the board (each square's name, effect, target and the source's words)
comes from the game package (:mod:`academie.games.blason.board`, the state's ``board`` and
``missed`` under the table's options), the position from the seat's view JSON
(``state.view(seat).to_json()``). Every text goes through the page's gettext function ``_``
(English message ids); the heraldic names stay French, with an English gloss in each square's
``<title>``. The styles are in ``static/blason.css`` (linked, never inline: the pages' CSP
allows the server's own styles only).

>>> html = blason_board_html({"current_player": 0, "phase": "throw", "positions": [0, 12],
...     "rest": [0, 0], "well": None, "counters": [19, 18], "pot": 3, "throws": 1,
...     "last_move": {"seat": 1, "total": 6, "from": 0, "landed": 6, "to": 12, "events": []},
...     "winner": None, "dice": "2d6"}, ["Anne", "Blaise"], lambda s: s)
>>> html.count('class="bl-square'), 'aria-label="The board of the Jeu du Blason: Anne at the start; Blaise on square 12, gironné"' in html
(63, True)
"""

from __future__ import annotations

import functools
import html
import json
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from academie.core.errors import AcademieError
from academie.games.blason import GAME, GOAL, BlasonOptions, Square
from academie.presentation.scene import N_

Translate = Callable[[str], str]

COLS, ROWS = 9, 7
"""The board's grid: 9 × 7 = 63 squares, walked as a spiral from the bottom left corner."""
CELL = 100
"""A square's side, in SVG user units."""
GAP = 8
"""The gap between two squares that are not consecutive (the walls of the spiral), in user units."""
BAND = 96
"""The height of the band under the board (the start, the dice), in user units."""
WIDTH, HEIGHT = COLS * CELL, ROWS * CELL + BAND
STYLESHEET = "/static/blason.css"
SEAT_COLOURS = 12
"""Token colours in blason.css (``bl-seat-K``, K = seat modulo 12; the game seats 2 to 12)."""

GLOSS = {
    "émaux, métaux et fourrures": N_("tinctures, metals and furs"),
    "partitions et pièces": N_("partitions and ordinaries"),
    "formes d'écus": N_("shapes of shields"),
    "ornements et marques extérieures": N_("ornaments and outer marks"),
    "armes des souverains et républiques": N_("arms of sovereigns and republics"),
    "ordres de chevalerie": N_("orders of knighthood"),
    "armes partagées": N_("divided arms"),
    "gironné": N_("gyronny"),
    "écus à l'antique": N_("shields of the old shape"),
    "officiers du souverain": N_("the sovereign's officers"),
    "marques de la chancellerie": N_("marks of the chancery"),
    "armes de l'Empereur": N_("the Emperor's arms"),
    "armes du roi d'Espagne": N_("the King of Spain's arms"),
    "Templiers et Croissant": N_("Templars and Crescent"),
    "terme du jeu": N_("end of the game"),
    "casque": N_("helmet"),
    "couronne": N_("crown"),
}
"""The English gloss of each square name of the board (a name without one is shown alone)."""

MARKS = {"jump": "→{to}", "casque": "→{to}", "restart": "→{to}", "rest": "‖{turns}", "indies": "‖{turns}",
         "well": "○", "pay_mois_romains": "$", "goal": "★"}
"""A square's mark in its corner, as on the terminal's track (:mod:`academie.presentation.render.blason`)."""
KINDS = {"jump": "jump", "casque": "jump", "restart": "back", "rest": "rest", "indies": "rest", "well": "well",
         "pay_mois_romains": "pay", "goal": "goal"}
"""A square's colour class (``bl-KIND``) by its effect."""


class BoardViewError(AcademieError, ValueError):
    """A view or names that are not a Jeu du Blason position: the message names what is wrong
    and what is allowed."""


def blason_board_html(view: dict, names: list[str], _: Translate,
                      options: Mapping[str, Any] | BlasonOptions | None = None, link: bool = True) -> str:
    """The board of the Blason as an HTML fragment (well-formed XML too): a ``<link>`` to
    ``/static/blason.css`` and ``<div class="bl-board">`` holding the SVG board and an
    ``<aside>`` with the pot and the players.

    ``view``: a seat's view JSON (``state.view(seat).to_json()``: ``positions``, ``rest``,
    ``well``, ``counters``, ``pot``, ``last_move``, ``current_player``, ``winner``, ``dice``);
    ``names``: one per seat, in seat order (escaped here); ``_``: the page's gettext function
    (English message ids, ``lambda s: s`` for English); ``options``: the table's options
    (mapping of strings or values, or :class:`BlasonOptions`; None: the defaults), which place
    the casques and say what 19, 49 and 58 do; ``link``: False leaves out the ``<link>``, for a
    page that links ``/static/blason.css`` in its head (a board redrawn at every move then
    reloads no stylesheet).

    In the SVG: ``g.bl-square[data-square=N]`` for N in 1–63, ``g.bl-start`` (square 0, off the
    board), ``g.bl-token[data-seat][data-square]`` per seat, ``g.bl-die[data-value]`` per die.
    Raises :class:`BoardViewError` for a view that is not a Blason position or names that do
    not match its seats, :class:`~academie.core.errors.OptionError` for bad options.
    """
    opts = options if isinstance(options, BlasonOptions) else GAME.parse_options(options)
    board, missed = _board(opts.model_dump_json())
    data = _checked(view, names)
    svg = _svg(data, names, _, board, missed, opts)
    aside = _aside(data, names, _, board, missed, opts)
    head = f'<link rel="stylesheet" href="{STYLESHEET}"/>' if link else ""
    return f'{head}<div class="bl-board">{svg}{aside}</div>'


# --- the view -------------------------------------------------------------------------------

def _checked(view: Any, names: Sequence[str]) -> dict:
    """The view's fields the board reads, checked; raises :class:`BoardViewError`."""
    if not isinstance(view, Mapping):
        raise BoardViewError(f"the view is a {type(view).__name__}, not a mapping: pass state.view(seat).to_json()")
    missing = [k for k in ("positions", "rest", "counters", "pot") if k not in view]
    if missing:
        raise BoardViewError(f"the view has no {', '.join(missing)}: not a Jeu du Blason view"
                             " (positions, rest, counters, pot, last_move …)")
    positions = view["positions"]
    if not isinstance(positions, Sequence) or isinstance(positions, str) or not positions:
        raise BoardViewError("the view's positions must be a list of squares, one per seat")
    n = len(positions)
    if not isinstance(names, Sequence) or isinstance(names, str) or not all(isinstance(x, str) for x in names):
        raise BoardViewError(f"names must be a list of {n} strings, one per seat of the view")
    if len(names) != n:
        raise BoardViewError(f"names must be {n} strings, one per seat of the view, not {len(names)}")
    for key in ("rest", "counters"):
        value = view[key]
        if not isinstance(value, Sequence) or len(value) != n or not all(_is_int(v) for v in value):
            raise BoardViewError(f"the view's {key} must be {n} whole numbers, one per seat")
    if not all(_is_int(p) and 0 <= p <= GOAL for p in positions):
        raise BoardViewError(f"the view's positions must be squares 0 (the start) to {GOAL}, not {list(positions)!r:.80}")
    if not _is_int(view["pot"]):
        raise BoardViewError("the view's pot must be a whole number of counters")
    for key in ("well", "winner", "current_player"):
        value = view.get(key)
        if value is not None and not _is_int(value):
            raise BoardViewError(f"the view's {key} must be a seat or null")
    dice = view.get("dice", "2d6")
    if dice not in ("2d6", "d12"):
        raise BoardViewError(f"the view's dice must be '2d6' or 'd12', not {dice!r:.20}")
    last = view.get("last_move")
    if last is not None:
        ok = isinstance(last, Mapping) and all(_is_int(last.get(k)) for k in ("seat", "total", "from", "landed", "to"))
        if not ok or not 0 <= last["seat"] < n or not (1 if dice == "d12" else 2) <= last["total"] <= 12:
            raise BoardViewError("the view's last_move must hold a seat of the view and a total the dice can throw"
                                 " (seat, total, from, landed, to)")
    return {"positions": list(positions), "rest": list(view["rest"]), "counters": list(view["counters"]),
            "pot": view["pot"], "well": view.get("well"), "winner": view.get("winner"),
            "turn": view.get("current_player"), "dice": dice, "last": last}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@functools.lru_cache(maxsize=64)
def _board(options_json: str) -> tuple[Mapping[int, Square], Mapping[int, int]]:
    """The game's own board and turns missed per square under these options (the state's)."""
    view = GAME.new_initial_state(2, json.loads(options_json)).public_view()
    return view.board, view.missed


# --- the geometry ---------------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def spiral() -> tuple[tuple[int, int], ...]:
    """``(column, row)`` of squares 1 to 63: along the bottom from the left corner, up the
    right side, back along the top, down the left side, and so on inwards to 63."""
    cells: list[tuple[int, int]] = []
    left, right, top, bottom = 0, COLS - 1, 0, ROWS - 1
    while left <= right and top <= bottom:
        cells += [(c, bottom) for c in range(left, right + 1)]
        cells += [(right, r) for r in range(bottom - 1, top - 1, -1)]
        if top < bottom:
            cells += [(c, top) for c in range(right - 1, left - 1, -1)]
        if left < right:
            cells += [(left, r) for r in range(top + 1, bottom)]
        left, right, top, bottom = left + 1, right - 1, top + 1, bottom - 1
    return tuple(cells)


def _origin(number: int) -> tuple[int, int]:
    col, row = spiral()[number - 1]
    return col * CELL, row * CELL


def _token_places(count: int, x: float, y: float, w: float, h: float) -> list[tuple[float, float, float]]:
    """``(cx, cy, r)`` of ``count`` tokens side by side in the box: in the rows that let them be
    largest, from its bottom."""
    def radius(per_row: int) -> float:
        return min(20.0, (w - 8) / per_row / 2 - 1, (h - 4) / math.ceil(count / per_row) / 2 - 1)
    per_row = max(range(1, count + 1), key=lambda k: (radius(k), -(k * math.ceil(count / k) - count), k))
    rows = math.ceil(count / per_row)
    r = radius(per_row)
    places = []
    for k in range(count):
        row, col = divmod(k, per_row)
        in_row = min(per_row, count - row * per_row)
        step = 2 * r + 2
        cx = x + w / 2 + (col - (in_row - 1) / 2) * step
        cy = y + h - r - 3 - (rows - 1 - row) * step
        places.append((round(cx, 1), round(cy, 1), round(r, 1)))
    return places


# --- the words ------------------------------------------------------------------------------

def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _counters(n: int, _: Translate) -> str:
    """``n`` counters in the page's language: its plural rule when ``_`` carries one (``_.n_``,
    :class:`Words`: « 0 jeton » in French), else singular for 1 only."""
    plural = getattr(_, "n_", None)
    if plural is not None:
        return plural("{n} counter", "{n} counters", n).format(n=n)
    return _("1 counter") if n == 1 else _("{n} counters").format(n=n)


class Words:
    """A page's gettext ``_`` with its ngettext ``n_`` (for the counts: :func:`_counters`)."""

    def __init__(self, gettext: Translate, ngettext: Callable[[str, str, int], str]) -> None:
        self._gettext, self.n_ = gettext, ngettext

    def __call__(self, text: str) -> str:
        return self._gettext(text)


def _turns(n: int, _: Translate) -> str:
    return _("one turn") if n == 1 else _("{n} turns").format(n=n)


def square_words(square: Square, missed: Mapping[int, int], opts: BlasonOptions, _: Translate) -> str:
    """What ``square`` does, in a sentence (empty when it does nothing): the board's effect,
    target and the turns missed there under the options in force."""
    price = _counters(opts.price, _)
    if square.effect in ("jump", "casque"):
        text = _("Pay {price} and go to square {to}.") if square.effect == "jump" else \
            _("Pay {price} and go forward or back to square {to}.")
        return text.format(price=price, to=square.target)
    if square.effect == "restart":
        if square.target == 0:
            return _("Pay {price} and go back to the start, off the board.").format(price=price)
        return _("Pay {price} and start again from square {to}.").format(price=price, to=square.target)
    if square.effect in ("rest", "indies"):
        turns = missed.get(square.number, square.turns)
        return _("Pay {price} and miss {turns}.").format(price=price, turns=_turns(turns, _))
    if square.effect == "well":
        return _("Wait here until another player comes: he takes your place, you go to his, and you both pay {price}."
                 ).format(price=price)
    if square.effect == "pay_mois_romains":
        return _("Pay the mois romains: {amount}.").format(amount=_counters(opts.mois_romains, _))
    if square.effect == "goal":
        if opts.exact_finish == "bounce":
            return _("The end: land here exactly to win the pot; a throw past 63 moves back by the excess.")
        return _("The end: reach this square to win the pot.")
    return ""


def _mark(square: Square, missed: Mapping[int, int]) -> str:
    template = MARKS.get(square.effect, "")
    to = "0" if square.target == 0 else str(square.target)
    return template.format(to=to, turns=missed.get(square.number, square.turns))


def _title(square: Square, missed: Mapping[int, int], opts: BlasonOptions, _: Translate) -> str:
    gloss = GLOSS.get(square.name)
    head = f"{square.number}. {square.name}" + (f" ({_(gloss)})" if gloss else "")
    lines = [head]
    words = square_words(square, missed, opts, _)
    if words:
        lines.append(words)
    if square.reconstructed:
        lines.append(_("The source does not name this square: the name of its part of heraldry, a reconstruction."))
    if square.source:
        lines.append(square.source)
    return "\n".join(lines)


SHORT_NAMES = {
    "armes partagées": "partagées",
    "écus à l'antique": "antique",
    "officiers du souverain": "officiers",
    "marques de la chancellerie": "chancellerie",
    "armes de l'Empereur": "Empereur",
    "armes du roi d'Espagne": "Espagne",
    "Templiers et Croissant": "Templiers",
    "terme du jeu": "terme",
}
"""The word of a square's name written on the board (the whole name is in the square's
``<title>`` and the key beside the board); a name not listed is written whole."""
LABELLED = ("named", "jump", "back", "rest", "well", "pay", "goal")
"""The squares labelled on the board: those that do something or have a name of their own in the
source; the others (the parts of heraldry of the reconstruction) show their number only."""
NUM_SIZE, WORD_SIZE = 27, 25
"""The squares' numbers and words, in user units: at least 10 px on a laptop's screen, where the
board is drawn about 0.4 times its size (``static/style.css``: 42% of the window's height)."""
WORD_ROOM = CELL - GAP - 10
"""The width a square's word may take, in user units."""


def _label(name: str) -> str:
    """The word written on a square named ``name`` (:data:`SHORT_NAMES`)."""
    return SHORT_NAMES.get(name, name)


def _fitted(text: str, size: float, room: float = WORD_ROOM) -> str:
    """The attributes that keep ``text`` at font ``size`` within ``room`` user units: a word wider
    than that (by an estimate of a sans-serif's widths) drawn narrower, at its full height."""
    wide = sum(0.36 if ch in "il'’ .,;:!|" else 0.75 if ch.isupper() or ch in "mw" else 0.62 for ch in text) * size
    return f' textLength="{room}" lengthAdjust="spacingAndGlyphs"' if wide > room else ""


def _where(seat: int, position: int, names: Sequence[str], board: Mapping[int, Square], _: Translate) -> str:
    if position == 0:
        return _("{name} at the start").format(name=names[seat])
    return _("{name} on square {number}, {square}").format(name=names[seat], number=position,
                                                           square=board[position].name)


# --- the SVG --------------------------------------------------------------------------------

def _svg(data: dict, names: Sequence[str], _: Translate, board: Mapping[int, Square], missed: Mapping[int, int],
         opts: BlasonOptions) -> str:
    positions = data["positions"]
    label = _("The board of the Jeu du Blason: {where}").format(
        where="; ".join(_where(s, p, names, board, _) for s, p in enumerate(positions)))
    out = [f'<svg class="bl-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
           f' aria-label="{_e(label)}">']
    out.append(f'<rect class="bl-ground" x="0" y="0" width="{WIDTH}" height="{ROWS * CELL}" rx="8"/>')
    # The path: a ribbon through the squares' centres, joining each square to the next one.
    points = " ".join(f"{c * CELL + CELL // 2},{r * CELL + CELL // 2}" for c, r in spiral())
    out.append(f'<polyline class="bl-path" points="{points}" stroke-width="{CELL - GAP}"/>')
    out.append(_squares(board, missed, opts, _))
    out.append(_band(data, names, _))
    out.append(_tokens(positions, names, board, missed, _))
    out.append("</svg>")
    return "".join(out)


def _squares(board: Mapping[int, Square], missed: Mapping[int, int], opts: BlasonOptions, _: Translate) -> str:
    """The 63 squares, drawn once for each set of options and of the translations they use."""
    key = opts.model_dump_json()
    words = tuple(_(msgid) for msgid in _square_msgids(key))
    return _squares_drawn(key, words)


@functools.lru_cache(maxsize=16)
def _square_msgids(options_json: str) -> tuple[str, ...]:
    """The message ids the squares use under these options, in the order asked."""
    asked: dict[str, None] = {}
    board, missed = _board(options_json)
    _draw_squares(board, missed, BlasonOptions.model_validate_json(options_json), lambda s: asked.setdefault(s) or s)
    return tuple(asked)


@functools.lru_cache(maxsize=32)
def _squares_drawn(options_json: str, words: tuple[str, ...]) -> str:
    table = dict(zip(_square_msgids(options_json), words))
    board, missed = _board(options_json)
    return _draw_squares(board, missed, BlasonOptions.model_validate_json(options_json), table.__getitem__)


def _layout(square: Square, missed: Mapping[int, int]) -> tuple[str, str, bool, int]:
    """How ``square`` is drawn: its colour class (:data:`KINDS`), its mark, whether the mark goes
    under the number (a long one) rather than beside it, and the baseline of its word from the
    square's top, in user units (0: no word, a square not :data:`LABELLED`)."""
    kind = KINDS.get(square.effect, "named" if not square.reconstructed else "plain")
    mark = _mark(square, missed)
    below = bool(mark) and len(mark) + len(str(square.number)) > 4
    line = 0 if kind not in LABELLED else 86 if below else 62
    return kind, mark, below, line


def _token_box(square: Square, missed: Mapping[int, int]) -> tuple[float, float, float, float]:
    """``(x, y, width, height)`` where the tokens on ``square`` are drawn, in user units: under
    its number on a square with no word; on a labelled square where they leave its word, number
    and mark to be read — under the word when it is written in the middle, in the top right
    corner (beside the number, the mark being under it) when the word is at the bottom."""
    x, y = _origin(square.number)
    _kind, _mark_, below, line = _layout(square, missed)
    if not line:
        return x + GAP / 2, y + 36, CELL - GAP, CELL - 36 - GAP / 2
    if below:
        return x + 46, y + GAP / 2, CELL - 46 - GAP / 2, 32
    top = line + 8  # below the word's descenders
    return x + GAP / 2, y + top, CELL - GAP, CELL - top - GAP / 2


def _draw_squares(board: Mapping[int, Square], missed: Mapping[int, int], opts: BlasonOptions, _: Translate) -> str:
    out = []
    inner = CELL - GAP
    for number in range(1, GOAL + 1):
        square = board[number]
        x, y = _origin(number)
        kind, mark, below, line = _layout(square, missed)
        out.append(f'<g class="bl-square bl-{kind}" data-square="{number}">'
                   f"<title>{_e(_title(square, missed, opts, _))}</title>"
                   f'<rect x="{x + GAP / 2}" y="{y + GAP / 2}" width="{inner}" height="{inner}" rx="6"/>'
                   f'<text class="bl-num" x="{x + 9}" y="{y + 33}">{number}</text>')
        if mark:  # beside the number when it is short, under it else
            at = f'x="{x + 9}" y="{y + 60}"' if below else f'x="{x + CELL - 9}" y="{y + 32}"'
            out.append(f'<text class="bl-mark{" bl-under" if below else ""}" {at}>{_e(mark)}</text>')
        if line:
            word = _label(square.name)
            out.append(f'<text class="bl-name" x="{x + 9}" y="{y + line}"{_fitted(word, WORD_SIZE)}>{_e(word)}</text>')
        out.append("</g>")
    return "".join(out)


START_BOX = (GAP / 2, ROWS * CELL + GAP, 4.5 * CELL - GAP, BAND - 1.5 * GAP)
"""``(x, y, width, height)`` of the start, off the board, left of the band."""


def _band(data: dict, names: Sequence[str], _: Translate) -> str:
    """The start (square 0) and the last throw."""
    x, y, w, h = START_BOX
    # the words out of the f-strings, where the catalogs' extraction finds them
    title, label = _("The start, off the board: every token begins here."), _("Start")
    out = [f'<g class="bl-start" data-square="0"><title>{_e(title)}'
           f'</title><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8"/>'
           f'<text class="bl-start-label" x="{x + 12}" y="{y + 32}">{_e(label)}</text></g>']
    last = data["last"]
    dx = 4.7 * CELL
    size = 66
    dy = y + (h - size) / 2
    if last is None:
        faces = [None] if data["dice"] == "d12" else [None, None]
        caption = _("No throw yet")
        title = caption
    else:
        total = last["total"]
        faces = [total] if data["dice"] == "d12" else [(total + 1) // 2, total // 2]
        caption = _("{name} threw {total}").format(name=names[last["seat"]], total=total)
        title = (_("The cochonnet, a twelve-faced die: {total}") if data["dice"] == "d12"
                 else _("Two dice: {total} (the game records the total only)")).format(total=total)
    out.append(f'<g class="bl-throw" data-total="{"" if last is None else last["total"]}"><title>{_e(title)}</title>')
    for k, face in enumerate(faces):
        out.append(_die(face, dx + k * (size + 10), dy, size, data["dice"] == "d12"))
    tx = dx + len(faces) * (size + 10) + 6
    # the caption whole (« Pas encore de coup », a long name's throw), drawn narrower when it is wide
    out.append(f'<text class="bl-caption" x="{tx}" y="{y + 36}"{_fitted(caption, 26, WIDTH - tx - 6)}>{_e(caption)}</text>')
    if last is not None:
        path = _path(last, _)
        out.append(f'<text class="bl-caption bl-small" x="{tx}" y="{y + 66}">{_e(path)}</text>')
    out.append("</g>")
    return "".join(out)


def _path(last: Mapping[str, Any], _: Translate) -> str:
    """``3 → 6 → 12``: the square thrown from, the one landed on (when a square sent the token
    on), and the one it ended on (0 is the start)."""
    def sq(n: int) -> str:
        return _("start") if n == 0 else str(n)
    steps = [sq(last["from"]), sq(last["landed"])]
    if last["to"] != last["landed"]:
        steps.append(sq(last["to"]))
    return " → ".join(steps)


PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
"""The pips of a die's face on a 3 × 3 grid."""


def _die(face: int | None, x: float, y: float, size: float, cochonnet: bool) -> str:
    value = "" if face is None else face
    if cochonnet:
        # a face of the twelve-faced die, a pentagon, with its number
        cx, cy, r = x + size / 2, y + size / 2 + 2, size / 2 + 2
        pts = " ".join(f"{cx + r * math.sin(2 * math.pi * k / 5):.1f},{cy - r * math.cos(2 * math.pi * k / 5):.1f}"
                       for k in range(5))
        return (f'<g class="bl-die bl-d12" data-value="{value}"><polygon points="{pts}"/>'
                f'<text class="bl-die-num" x="{cx}" y="{cy + 10}">{"?" if face is None else face}</text></g>')
    out = [f'<g class="bl-die" data-value="{value}"><rect x="{x}" y="{y}" width="{size}" height="{size}" rx="10"/>']
    step = size / 4
    for col, row in PIPS.get(face or 0, []):
        out.append(f'<circle class="bl-pip" cx="{x + step * (col + 1):.1f}" cy="{y + step * (row + 1):.1f}" r="{size / 11:.1f}"/>')
    out.append("</g>")
    return "".join(out)


def _tokens(positions: Sequence[int], names: Sequence[str], board: Mapping[int, Square], missed: Mapping[int, int],
            _: Translate) -> str:
    by_square: dict[int, list[int]] = {}
    for seat, p in enumerate(positions):
        by_square.setdefault(p, []).append(seat)
    out = []
    for number, seats in sorted(by_square.items()):
        if number == 0:
            x, y, w, h = START_BOX
            x, w = x + 90, w - 96  # right of the word « Start »
        else:
            x, y, w, h = _token_box(board[number], missed)
        for seat, (cx, cy, r) in zip(seats, _token_places(len(seats), x, y, w, h)):
            initial = names[seat].strip()[:1].upper() or str(seat + 1)
            out.append(f'<g class="bl-token bl-seat-{seat % SEAT_COLOURS}" data-seat="{seat}" data-square="{number}">'
                       f"<title>{_e(_where(seat, number, names, board, _))}</title>"
                       f'<circle cx="{cx}" cy="{cy}" r="{r}"/>'
                       f'<text x="{cx}" y="{cy + r * 0.4:.1f}" font-size="{r * 1.15:.1f}">{_e(initial)}</text></g>')
    return "".join(out)


# --- beside the board -----------------------------------------------------------------------

def _aside(data: dict, names: Sequence[str], _: Translate, board: Mapping[int, Square], missed: Mapping[int, int],
           opts: BlasonOptions) -> str:
    pot = _("Pot: {amount}").format(amount=_counters(data["pot"], _))
    out = ['<aside class="bl-side">',
           f'<p class="bl-pot">{_e(pot)}</p>',
           '<ul class="bl-players">']
    for seat, name in enumerate(names):
        p = data["positions"][seat]
        state = [_("at the start") if p == 0 else _("square {number}").format(number=p),
                 _counters(data["counters"][seat], _)]
        if data["counters"][seat] < 0:
            state.append(_("owes the pot"))
        elif data["counters"][seat] == 0:
            state.append(_("no counters left"))
        if data["rest"][seat] > 0:
            rest = data["rest"][seat]
            state.append(_("misses one more turn") if rest == 1 else _("misses {n} more turns").format(n=rest))
        if data["well"] == seat:
            state.append(_("waits on 30 for another player"))
        if data["winner"] == seat:
            state.append(_("won the pot"))
        elif data["turn"] == seat and data["winner"] is None:
            state.append(_("to throw"))
        classes = "bl-player" + (" bl-turn" if data["turn"] == seat and data["winner"] is None else "")
        out.append(f'<li class="{classes}" data-seat="{seat}"><span class="bl-dot bl-seat-{seat % SEAT_COLOURS}"></span>'
                   f'<b class="bl-who">{_e(name)}</b> <span class="bl-state">{_e(", ".join(state))}</span></li>')
    out.append("</ul>")
    special = [s for n, s in sorted(board.items()) if s.effect != "none"]
    key = _("What the squares do")
    out.append(f'<details class="bl-key"><summary>{_e(key)}</summary><dl>')
    for s in special:
        mark = _mark(s, missed)
        out.append(f"<dt>{s.number} {_e(s.name)} {_e(mark)}</dt><dd>{_e(square_words(s, missed, opts, _))}</dd>")
    out.append("</dl></details></aside>")
    return "".join(out)
