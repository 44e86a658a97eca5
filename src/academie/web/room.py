"""The card room: a :class:`~academie.presentation.scene.Scene` drawn as HTML and SVG.

The web holds no rules: :func:`draw` asks the presentation package for the scene of a seat's view
(:func:`academie.presentation.scene.scene_of`) and draws it — the seats around a round table,
the others' hands as card backs with their count, face-up cards, the middle (stock, pile, trick,
baskets with their counters), the viewer's hand with the legal cards raised and clickable, the
moves as buttons in the game's terms with a one-line hint, the last deal's score sheet as
sentences (the source's words on hover). Every word goes through the language's catalog
(:mod:`academie.web.i18n`).

Card faces are SVG generated here (:func:`card_svg`): corner indices, a large pip, readable at a
phone's size; ``four`` colours (♦ blue, ♣ green) when the page asks for them (a class of the
page, see ``static/style.css``). Every card and button has a label a screen reader says
(« queen of hearts, playable »); a card face carries ``data-card`` (its code) and only the seat's
view's cards are ever drawn face up.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from academie.presentation.scene import N_, Heap, Move, Phrase, Scene, Seat, scene_of
from academie.web.i18n import Texts, french_spacing, texts

RANK_WORDS = {"2": N_("two"), "3": N_("three"), "4": N_("four"), "5": N_("five"), "6": N_("six"), "7": N_("seven"),
              "8": N_("eight"), "9": N_("nine"), "10": N_("ten"), "J": N_("jack"), "Q": N_("queen"), "K": N_("king"),
              "A": N_("ace")}
SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_GLYPHS = {"J": "V", "Q": "D", "K": "R"}
"""The French indices of the court cards (valet, dame, roi), used on the French faces."""


@functools.lru_cache(maxsize=4096)
def _escaped(text: str) -> str:
    return html.escape(text, quote=True)


def _e(text: Any) -> str:
    """``text`` escaped for HTML (the same few strings at every move: kept)."""
    return _escaped(text if type(text) is str else str(text))


def card_name(code: str, t: Texts) -> str:
    """``'QH'`` → « queen of hearts » (« dame de cœur »)."""
    return _card_name(code, t.lang)


@functools.lru_cache(maxsize=256)
def _card_name(code: str, lang: str) -> str:
    t = texts(lang)
    rank, suit = code[:-1], code[-1]
    return t._("{rank} of {suit}").format(rank=t._(RANK_WORDS[rank]), suit=t._(SUIT_WORDS[suit]))


def say(phrase: Phrase | None, t: Texts) -> str:
    """``phrase`` in the language of ``t``, as plain text (escape it to put it in HTML)."""
    if phrase is None:
        return ""
    try:
        return _said(phrase, t.lang)
    except TypeError:  # a parameter that cannot be hashed: said anew
        return phrase.render(t._, t.n_, lambda code: card_name(code, t))


@functools.lru_cache(maxsize=8192)
def _said(phrase: Phrase, lang: str) -> str:
    t = texts(lang)
    said = phrase.render(t._, t.n_, lambda code: card_name(code, t))
    return french_articles(said) if lang == "fr" else said


FEMININE = re.compile(r"\b([Ll])e (dame)\b")
ELIDED = re.compile(r"\b([Ll])e (as)\b")


def french_articles(text: str) -> str:
    """The article before a card's name made to agree: the catalog writes « le {card} », and
    the card is « la dame » or « l'as ».

    >>> french_articles("Jouer le dame de cœur ; écarter le as de pique ; le roi de trèfle")
    "Jouer la dame de cœur ; écarter l'as de pique ; le roi de trèfle"
    """
    return ELIDED.sub(r"\1'\2", FEMININE.sub(r"\1a \2", text))


@functools.lru_cache(maxsize=128)
def card_svg(code: str, lang: str = "en") -> str:
    """The SVG of one card face (viewBox 60×84): the rank and suit in two corners, a large pip in
    the middle (the court cards their letter); the suit's colour from the page's stylesheet
    (class ``suit-S``/``suit-H``/``suit-D``/``suit-C``)."""
    rank, suit = code[:-1], code[-1]
    index = RANK_GLYPHS.get(rank, rank) if lang == "fr" else rank
    glyph = SUIT_GLYPHS[suit]
    middle = (f'<text x="30" y="52" class="court" text-anchor="middle">{index}</text>'
              f'<text x="30" y="70" class="pip-s" text-anchor="middle">{glyph}</text>'
              if rank in "JQK" else f'<text x="30" y="58" class="pip" text-anchor="middle">{glyph}</text>')
    size = "idx10" if len(index) > 1 else "idx"
    return (f'<svg viewBox="0 0 60 84" aria-hidden="true" focusable="false">'
            f'<rect x="1" y="1" width="58" height="82" rx="6" class="face"/>'
            f'<text x="5" y="17" class="{size}">{index}</text><text x="5" y="30" class="idx-s">{glyph}</text>'
            f'<g transform="rotate(180 30 42)"><text x="5" y="17" class="{size}">{index}</text>'
            f'<text x="5" y="30" class="idx-s">{glyph}</text></g>{middle}</svg>')


BACK_SVG = ('<svg viewBox="0 0 60 84" aria-hidden="true" focusable="false"><rect x="1" y="1" width="58" height="82" '
            'rx="6" class="back-face"/><rect x="6" y="6" width="48" height="72" rx="4" class="back-frame"/>'
            '<path d="M30 14 L46 42 L30 70 L14 42 Z" class="back-lozenge"/></svg>')


def face(code: str, t: Texts, *, move: Move | None = None, dim: bool = False, small: bool = False,
         extra: str = "") -> str:
    """One card face: a ``<button>`` when ``move`` plays it (raised, its label and hint said),
    else an image; ``dim`` when it is the viewer's turn and the card is not playable."""
    if move is not None:
        return _face(code, t.lang, move.action, say(move.label, t), say(move.hint, t), dim, small, extra)
    return _face(code, t.lang, None, "", "", dim, small, extra)


@functools.lru_cache(maxsize=4096)
def _face(code: str, lang: str, action: str | None, label: str, hint: str, dim: bool, small: bool, extra: str) -> str:
    t = texts(lang)
    name = card_name(code, t)
    classes = f"card suit-{code[-1]}" + (" small" if small else "") + (" dim" if dim else "") + extra
    if action is not None:
        said = t._(N_("{said}: {more}")).format(said=t._("{card}, playable").format(card=name), more=label)
        return (f'<button type="button" class="{classes} legal" data-card="{code}" data-action="{_e(action)}" '
                f'aria-label="{_e(said)}" title="{_e(hint)}">{card_svg(code, lang)}</button>')
    said = name + (", " + t._("not playable now") if dim else "")
    return f'<span class="{classes}" data-card="{code}" role="img" aria-label="{_e(said)}" title="{_e(name)}">{card_svg(code, lang)}</span>'


def backs(n: int, t: Texts, limit: int = 5) -> str:
    """``n`` cards face down, a fan of at most ``limit`` backs with the count."""
    label = t.n_("{n} card face down", "{n} cards face down", n).format(n=n)
    fan = "".join(f'<span class="card back">{BACK_SVG}</span>' for _ in range(min(n, limit)))
    return f'<span class="backs" role="img" aria-label="{_e(label)}">{fan}<b class="count">{n}</b></span>'


def chips(n: int, t: Texts) -> str:
    """A heap of counters: up to ten discs and the number."""
    label = t.n_("{n} counter", "{n} counters", n).format(n=n)
    discs = "".join("<i></i>" for _ in range(min(max(n, 0), 10)))
    return f'<span class="chips" role="img" aria-label="{_e(label)}"><span class="discs">{discs}</span><b>{n}</b></span>'


def around(scene: Scene) -> dict[str, list[Seat]]:
    """The seats other than the viewer's placed around the table, in the order of play from the
    viewer's left: ``left``, ``top`` and ``right`` (an onlooker sees every seat so)."""
    n = len(scene.seats)
    start = scene.viewer if scene.viewer is not None else -1
    others = [scene.seats[(start + k) % n] for k in range(1, n + 1) if (start + k) % n != scene.viewer][:n]
    k = len(others)
    side = k // 3 if k >= 3 else 0
    return {"left": others[:side][::-1], "top": others[side:k - side], "right": others[k - side:]}


def seat_html(s: Seat, t: Texts, number: bool = True) -> str:
    """One seat: its name, number, marks (dealer, to play), score, what is said of it, its hand as
    backs and its face-up cards (the same seat drawn once, kept)."""
    key = (s.seat, s.name, s.you, s.turn, s.dealer, s.out, s.score, tuple(s.marks), s.backs, tuple(s.up), s.up_title)
    try:
        return _seat_html(key, t.lang, number)
    except TypeError:  # a phrase holding something unhashable: drawn anew
        return _draw_seat(s, t, number)


@functools.lru_cache(maxsize=2048)
def _seat_html(key: tuple, lang: str, number: bool) -> str:
    seat, name, you, turn, dealer, out, score, marks, held, up, up_title = key
    return _draw_seat(Seat(seat, name, you, turn, dealer, out, score, list(marks), held, list(up), up_title),
                      texts(lang), number)


def _draw_seat(s: Seat, t: Texts, number: bool) -> str:
    classes = "seat" + (" turn" if s.turn else "") + (" you" if s.you else "") + (" out" if s.out else "")
    marks = ""
    dealer, to_play, seat_n, you_word = t._("the dealer"), t._("to play"), t._("seat {n}"), t._("you")
    if s.dealer:
        marks += f'<span class="dealer" title="{_e(dealer)}" aria-label="{_e(dealer)}">D</span>'
    if s.turn:
        marks += f'<span class="to-play">{_e(to_play)}</span>'
    seat_no = f'<span class="seat-no">{_e(seat_n.format(n=s.seat))}</span>' if number else ""
    you = f' <span class="you-mark">({_e(you_word)})</span>' if s.you else ""
    out = [f'<header><b class="name">{_e(s.name)}</b>{you} {seat_no} {marks}</header>']
    if s.score is not None:
        out.append(f'<div class="score">{_e(say(s.score, t))}</div>')
    if s.marks:
        out.append('<ul class="marks">' + "".join(f"<li>{_e(say(m, t))}</li>" for m in s.marks) + "</ul>")
    hand = ""
    if s.backs:
        hand += backs(s.backs, t)
    if s.up:
        hand += (f'<span class="up" aria-label="{_e(say(s.up_title, t))}">' + "".join(face(c, t, small=True) for c in s.up)
                 + "</span>")
    if hand:
        out.append(f'<div class="held">{hand}</div>')
    return f'<section class="{classes}" data-seat="{s.seat}">' + "".join(out) + "</section>"


def heap_html(h: Heap, t: Texts) -> str:
    """A place of the middle: its title, its cards face down (a stack) or up, its counters, its
    count (the same heap drawn once, kept)."""
    key = (h.key, h.title, tuple(h.cards), h.backs, h.count, h.counters, h.hint, h.kind)
    try:
        return _heap_html(key, t.lang)
    except TypeError:  # a phrase holding something unhashable: drawn anew
        return _draw_heap(h, t)


@functools.lru_cache(maxsize=2048)
def _heap_html(key: tuple, lang: str) -> str:
    name, title, cards, held, count, counters, hint, kind = key
    return _draw_heap(Heap(name, title, list(cards), held, count, counters, hint, kind), texts(lang))


def _draw_heap(h: Heap, t: Texts) -> str:
    body = ""
    if h.backs:
        body += '<span class="stack">' + "".join(f'<span class="card back">{BACK_SVG}</span>' for _ in range(h.backs)) + "</span>"
    if h.cards:
        body += '<span class="cards">' + "".join(face(c, t, small=True) for c in h.cards) + "</span>"
    if h.counters is not None:
        body += chips(h.counters, t)
    count = f'<span class="count">{_e(say(h.count, t))}</span>' if h.count else ""
    hint = f' title="{_e(say(h.hint, t))}"' if h.hint else ""
    title = say(h.title, t)
    return (f'<section class="heap {h.kind}" data-heap="{_e(h.key)}"{hint}><h3>{_e(title[:1].upper() + title[1:])}</h3>'
            f"{body}{count}</section>")


def trick_html(trick: Sequence[tuple[int, str]], names: Sequence[str], t: Texts, title: str, key: str) -> str:
    if not trick:
        return ""
    cells = "".join(f'<figure class="played" data-seat="{s}">{face(c, t)}<figcaption>{_e(names[s])}</figcaption></figure>'
                    for s, c in trick)
    return f'<section class="trick" data-heap="{key}"><h3>{_e(title)}</h3><div class="laid">{cells}</div></section>'


def sheet_html(scene: Scene, t: Texts) -> str:
    if not scene.sheet:
        return ""
    items = []
    for line in scene.sheet:
        src = f' title="{_e(line.source)}" tabindex="0" class="sourced"' if line.source else ""
        amount = f' <b class="amount">{line.amount:+d}</b>' if line.amount else ""
        items.append(f"<li{src}>{_e(say(line.text, t))}{amount}</li>")
    return (f'<details class="sheet" open><summary>{_e(say(scene.sheet_title, t))}</summary>'
            f'<ul>{"".join(items)}</ul></details>')


def blason_board(view: dict, names: list[str], t: Texts, options: Mapping[str, Any] | None = None) -> str:
    """The Blason's board (:func:`academie.web.blason_board.blason_board_html`: the spiral of
    63 squares, the tokens, the dice, the pot), with the table's ``options`` (which place the
    casques and say what 19, 49 and 58 do); the page links its stylesheet in its head."""
    from academie.web.blason_board import Words, blason_board_html

    return blason_board_html(view, names, Words(t._, t.n_), options=options, link=False)


def board(scene: Scene, names: Sequence[str], t: Texts, extra: str = "") -> str:
    """The table (``#board``): seats around the felt, the middle, the score sheet, then the
    viewer's own seat and hand. ``extra``: a board put in the middle instead of the heaps (it
    draws them: the Blason's pot and dice)."""
    places = around(scene)
    ring = '<div class="ring">' + "".join(f'<div class="flank {where}">' + "".join(seat_html(s, t) for s in seats)
                                          + "</div>" for where, seats in places.items()) + "</div>"
    facts = ('<ul class="facts">' + "".join(f"<li>{_e(say(f, t))}</li>" for f in scene.facts) + "</ul>"
             if scene.facts else "")
    # a board (the Blason's) draws its own pot and dice: its heaps are not drawn twice
    middle = "" if extra else "".join(heap_html(h, t) for h in scene.middle)
    trick = trick_html(scene.trick, names, t, t._("The trick"), "trick")
    centre = f'<div class="centre">{extra}<div class="heaps">{middle}</div>{trick}{facts}</div>'
    out = [f'<div class="felt" data-game="{_e(scene.game)}">{ring}{centre}</div>', sheet_html(scene, t)]
    if scene.viewer is not None:
        me = scene.seats[scene.viewer]
        playable = {m.card: m for m in scene.moves if m.card}
        turn = bool(playable)  # the cards dimmed only when some card is the move
        cards = "".join(face(c, t, move=playable.get(c), dim=turn and c not in playable) for c in scene.hand or [])
        out.append(f'<section class="mine" aria-label="{_e(say(scene.hand_title, t))}">'
                   f'{seat_html(me, t)}<div class="hand cards">{cards}</div></section>')
    return "".join(out)


def actions(scene: Scene, t: Texts) -> str:
    """The moves that are no card of the hand, as buttons (``button.act``) named in the game's
    terms with their hint; a card move whose card is not in the hand as its face."""
    hand = set(scene.hand or ())
    out = []
    for m in scene.moves:
        if m.card and m.card in hand:
            continue
        inner = face(m.card, t, small=True) if m.card else ""
        label, hint = say(m.label, t), say(m.hint, t)
        out.append(f'<button type="button" class="act" data-action="{_e(m.action)}" title="{_e(hint)}" '
                   f'aria-label="{_e(t._(N_("{said}: {more}")).format(said=label, more=hint))}">{inner}<b>{_e(label)}</b><small>{_e(hint)}</small></button>')
    return "".join(out)


def status(scene: Scene, names: Sequence[str], t: Texts, *, over: bool, winners: Sequence[int], to_act: int | None,
           bot: bool, away: bool = False) -> str:
    """The line above the table: whose turn, and what is asked of the viewer; ``away``: the
    person to act has no page open at the table (he has not opened his invitation yet)."""
    if over:
        who = t._(" and ").join(names[s] for s in winners)
        return t.n_("The match is over. {names} wins.", "The match is over. {names} win.", len(winners)).format(names=who)
    if scene.moves:
        return t._("Your turn: {prompt}").format(prompt=say(scene.prompt, t) or t._("your move."))
    if to_act is None:
        return ""
    if away:
        return t._("{name} is to play, but has not opened the table: send the invitation link.").format(name=names[to_act])
    return (t._("{name} (a bot) is playing…") if bot else t._("{name} is to play…")).format(name=names[to_act])


def draw(game: str, view: Any, names: Sequence[str], seat: int | None, legal: Sequence[str], lang: str, *,
         over: bool = False, winners: Sequence[int] = (), to_act: int | None = None, bot: bool = False,
         options: Mapping[str, Any] | None = None, away: bool = False) -> dict[str, str]:
    """What ``seat`` (None: an onlooker) sees, in ``lang``: ``board``, ``actions`` and ``status``
    HTML/text. ``view`` is that seat's view object, ``legal`` its legal actions (empty when it is
    not its turn); ``options``: the table's (the Blason's board is drawn from them); ``away``:
    the person to act has no page open (:func:`status`)."""
    t = texts(lang)
    data = view.to_json()
    scene = scene_of(game, data, names, seat, legal)
    extra = ""
    if game == "blason":
        extra = blason_board(data, list(names), t, options)
    return {"board": board(scene, names, t, extra), "actions": actions(scene, t),
            "status": status(scene, names, t, over=over, winners=winners, to_act=to_act, bot=bot, away=away)}


def hint_words(game: str, view: Any, names: Sequence[str], seat: int, legal: Sequence[str],
               found: Sequence[tuple[str, float, float, int]], lang: str) -> dict[str, Any]:
    """The hints of ``seat``'s move in ``lang``: ``title`` (what the values are) and ``moves``,
    for each ``(notation, mean, half, worlds)`` of ``found`` (best first; ``worlds`` 0: the only
    move, no value measured) ``{"action", "label", "value"}`` — the move's notation, its name in
    the game's terms as its button says it (the scene's :class:`Move` for ``view``, the seat's
    view object, and ``legal``, its legal actions in notation) and its mean gain by the end of
    the deal, ± half its 95% interval, in counters (lives at Trente et un)."""
    t = texts(lang)
    scene = scene_of(game, view.to_json(), names, seat, legal)
    labels = {m.action: say(m.label, t) for m in scene.moves}
    lives = game == "trente-et-un"
    worlds = max((w for *_, w in found), default=0)

    def number(x: float, signed: bool = False) -> str:
        text = f"{x:+.2f}" if signed else f"{x:.2f}"
        text = text.replace("-", "−")
        return text.replace(".", ",") if lang == "fr" else text

    moves = []
    for action, mean, half, w in found:
        if not w:
            value = t._("the only move")
        else:
            amount = t._("{mean} ± {half} lives") if lives else t._("{mean} ± {half} counters")
            value = amount.format(mean=number(mean, True), half="∞" if half == float("inf") else number(half))
        moves.append({"action": action, "label": labels.get(action, action), "value": value})
    level = "95 %" if lang == "fr" else "95%"
    title = (t.n_("Each move's mean gain by the end of the deal, with its {level} interval, over {n} deal your view allows:",
                  "Each move's mean gain by the end of the deal, with its {level} interval, over {n} deals your view allows:",
                  worlds).format(n=worlds, level=level) if worlds else t._("Only one move."))
    return {"title": title, "moves": moves}


BOX = re.compile(r"[\u2500-\u257f]")
"""The box-drawing characters of the terminal's tables."""
CELL = re.compile(r"\s*[\u2502\u2503\u2551]\s*")


def plain_log(text: str, lang: str = "en") -> str:
    """:func:`plain_text` of a narration entry, in ``lang``: each sentence the narration tells
    often (:mod:`academie.presentation.scene.told`) in that language, the others as told.

    >>> plain_log("Anne plays Q♥ — Bastien takes the trick.", "fr")
    'Anne joue D♥ — Bastien fait la levée.'
    """
    return _plain_log(text, lang)


@functools.lru_cache(maxsize=4096)
def _plain_log(text: str, lang: str) -> str:
    plain = plain_text(text, lang)
    if lang == "en":
        return plain
    from academie.presentation.scene.told import told_phrase

    t = texts(lang)
    out = []
    for line in plain.split("\n"):
        phrase = told_phrase(line)
        said = COURT.sub(lambda m: FRENCH_COURT[m[1]] + m[2], say(phrase, t) if phrase else line)
        out.append(french_spacing(CITED.sub(" : «", said)) if lang == "fr" else said)
    return "\n".join(out)


COURT = re.compile(r"\b([JQK])([♠♥♦♣])")
CITED = re.compile(r"(?<=[^\s:]): «")
"""A source's words after its name (« Larousse: « … » »): in French a space before the colon."""
FRENCH_COURT = {"J": "V", "Q": "D", "K": "R"}
"""The court cards' French indices (valet, dame, roi), as the French faces show them."""


HEADERS = {w: w for w in (N_("hand"), N_("value"), N_("lives lost"), N_("tricks"), N_("points"), N_("jetons"),
                         N_("this deal"), N_("cards"), N_("flux"), N_("point"), N_("tierce"), N_("count"), N_("stirs"),
                         N_("won/lost"), N_("player"), N_("place"), N_("square"), N_("lives"))}
"""The words of the terminal's tables' headers, as message ids."""


@functools.lru_cache(maxsize=2048)
def plain_text(text: str, lang: str = "en") -> str:
    """A narration entry as plain sentences: the terminal's box-drawn frames dropped, a panel's
    title kept as a line, a table's rows written as sentences with its header's words (« Anne:
    hand 4♥ 3♦ 9♣, value 9, lives lost 1. »), blank lines left out, a sentence the terminal
    wrapped joined again, an option of a citation written with spaces (``option knocker tie:
    lose2``).

    >>> plain_text("┏━━━┓\\n┃ player ┃ value ┃\\n┡━━━┩\\n│ Anne │ 9 │\\n└───┘\\nAnne takes the pool, a long\\nsentence.")
    'Anne: value 9.\\nAnne takes the pool, a long sentence.'
    """
    out: list[str] = []
    rows = set()  # the lines that were a table's row or a panel's title: never joined
    panel = set()  # the lines that were a panel's sentence: joined with the panel's next line only
    header: list[str] | None = None
    head_next, head_lead = False, 0
    last_row: tuple[int, list[str]] | None = None  # the last table row: where it is told, its cells
    last: str | None = None  # the last sentence's line as told (padded to the console's width or not)
    padding = any(raw != raw.rstrip() for raw in text.splitlines() if not BOX.search(raw.strip()[1:]))
    width = max((len(raw) for raw in text.splitlines()), default=0)
    for raw in text.splitlines():
        line = raw
        if BOX.search(line):
            bare = BOX.sub("", line).strip()
            if ("┏" in line or "┌" in line) and not bare:  # a table's top: its header row comes next
                head_next, header = True, None
                continue
            if not bare:
                continue
            if not CELL.search(line):
                if not any(ch in line for ch in "╭╮┏┓┌┐╰╯"):  # a line marked « ── »: a sentence
                    line = bare
                else:  # a panel's title
                    head_next = False
                    rows.add(len(out))
                    out.append(bare)
                    continue
            else:
                cells = [BOX.sub("", c).strip() for c in CELL.split(line)]
                lead = 0
                while cells and not cells[0]:
                    cells.pop(0)
                    lead += 1
                while cells and not cells[-1]:
                    cells.pop()
                if header and last_row is not None and lead > head_lead and lead - head_lead < len(header) \
                        and lead - head_lead + len(cells) <= len(header):  # a row the table wrapped: its cells go on
                    row = last_row[1]
                    for k, c in enumerate(cells, lead - head_lead):
                        row[k] = f"{row[k]} {c}".strip() if c else row[k]
                    out[last_row[0]] = _row(header, row, lang)
                    continue
                if len(cells) <= 1:  # a panel's line (or a one-cell box: a title)
                    head_next = False
                    said = cells[0] if cells else bare
                    if out and len(out) - 1 in panel and _unfinished(out[-1], said):
                        out[-1] += " " + said  # a sentence the panel wrapped
                        continue
                    rows.add(len(out))
                    panel.add(len(out))
                    out.append(said)
                    continue
                if head_next:
                    header, head_next, head_lead, last_row = cells, False, lead, None
                    continue
                if header and len(cells) == len(header) and len(cells) > 1:
                    last_row = (len(out), cells)
                    line = _row(header, cells, lang)
                else:
                    line = " · ".join(c for c in cells if c)
                rows.add(len(out))
                out.append(line)
                continue
        padded, line = raw, line.strip()
        if not line:
            continue
        starts = _starts(line)
        if out and len(out) - 1 not in rows and last is not None and padding:
            # The console pads the lines it wraps to its width: the previous line was wrapped only
            # if the next line's first word could not have followed it on it.
            if last != last.rstrip() or len(last) == width:
                wrapped = len(last.rstrip()) + 1 + len(line.split()[0]) > width and (
                    not out[-1].endswith(ENDS) or not starts or _unfinished(out[-1], line))
            else:  # a line the console did not pad: wrapped by the narration itself (between atoms)
                wrapped = _unfinished(out[-1], line)
        else:
            wrapped = not out[-1].endswith(ENDS) or not starts if out else False
        if out and len(out) - 1 not in rows and wrapped:  # the terminal's wrap
            out[-1] += " " + line
        else:
            out.append(line)
        last = padded
    return _options("\n".join(out))


ENDS = (".", "!", "?", ":", "»", ")")


def _said_cell(cell: Phrase | str, t: Texts) -> str:
    return cell if isinstance(cell, str) else say(cell, t)


def _row(header: Sequence[str], cells: Sequence[str], lang: str) -> str:
    """A table's row as a sentence: « Anne: hand 4♥ 3♦ 9♣, value 9. », its header's words and its
    cells' (:data:`academie.presentation.scene.told.CELLS`) in ``lang``; a standings' row (place,
    player, …) « 1. Anne: jetons 127, won/lost +27. ».

    >>> _row(["place", "player", "jetons", "won/lost"], ["1", "Anne", "127", "+27"], "en")
    '1. Anne: jetons 127, won/lost +27.'
    """
    t = texts(lang)
    words = [t._(h) if h in HEADERS else h for h in header]
    if lang != "en":
        from academie.presentation.scene.told import cell_phrase

        cells = [cells[0], *(_said_cell(cell_phrase(c), t) for c in cells[1:])]
    first = 1
    if len(header) > 2 and header[0] == "place" and header[1] == "player":  # a standings' row: « 1. Anne: … »
        cells, words, first = [f"{cells[0].rstrip('.')}. {cells[1]}", *cells[2:]], words[1:], 1
    parts = [f"{h} {c}" for h, c in zip(words[first:], cells[first:]) if c and c != "—"]
    return f"{cells[0]}: " + ", ".join(parts) + "."


def _unfinished(line: str, then: str) -> bool:
    """Whether a panel's ``line`` goes on in its next line ``then`` (the panel wrapped it): a
    bracket or a quotation left open, a comma or semicolon last, or ``then`` in lower case."""
    return (line.count("(") > line.count(")") or line.count("«") > line.count("»") or line.endswith((",", ";"))
            or not _starts(then))


def _starts(line: str) -> bool:
    """Whether ``line`` may open a sentence (a capital or a figure)."""
    return line[:1].isupper() or line[:1].isdigit()
OPTION = re.compile(r"\b(options?\s+)([a-z0-9_]+(?:=[A-Za-z0-9_.\-]+)?(?:, [a-z0-9_]+(?:=[A-Za-z0-9_.\-]+)?)*)")
"""An option named in a citation (``option knocker_tie=lose2``): written with spaces for a person."""


def _options(line: str) -> str:
    return OPTION.sub(lambda m: m[1] + m[2].replace("_", " ").replace("=", ": "), line)
