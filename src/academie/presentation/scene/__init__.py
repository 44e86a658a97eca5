"""What is on the table, as a person sees it: a seat's view turned into a neutral *scene*.

A scene holds no HTML and no rule: it is what one seat's view (``view.to_json()``) and its legal
actions show, laid out as a card player reads a table — the seats around it (name, counters or
lives, the dealer's mark, whose turn it is, the others' hands as a count of backs, the cards they
show face up), the middle (stock with its count, the pile's top card, the trick by seat, the
talon, baskets, pots and boxes with their counters), the viewer's hand, the moves in the game's
own words with a one-line hint, and the last deal's score sheet as sentences.

Every word is a :class:`Phrase`: an English message id with its parameters, translated by
whoever draws the scene (the web's gettext catalogs). The games' French terms stay French in the
message ids (*frapper*, *écart*, *quinola*), glossed in English.

>>> s = scene_of("trente-et-un", {"seat": 0, "dealer": 1, "current_player": 0, "phase": "draw",
...     "hand": ["4H", "AH", "7C"], "pile": ["KD"], "stock_count": 39, "hand_sizes": [3, 3],
...     "lives": [3, 3], "eliminated": [False, False], "knocker": None, "last_result": None},
...     ["Anne", "Bastien"], 0, ["stock", "pile", "knock"])
>>> [m.action for m in s.moves], s.hand, s.seats[1].backs
(['stock', 'pile', 'knock'], ['4H', 'AH', '7C'], 3)
>>> s.seats[1].dealer, s.seats[0].turn
(True, True)
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


def N_(text: str) -> str:
    """Mark ``text`` as a message id to translate later (it is returned as it is)."""
    return text


@dataclass(frozen=True)
class Card:
    """A card code (``'QH'``) as a parameter of a phrase: drawn as the card's name in the
    reader's language (« queen of hearts », « dame de cœur »)."""

    code: str


@dataclass(frozen=True)
class Phrase:
    """An English message id (``text``, with ``{name}`` fields) and its parameters; ``plural``
    the message id used when parameter ``n`` is not 1. A parameter may be a :class:`Phrase`
    or a :class:`Card` (translated too), a seat's name or a number (written as it is)."""

    text: str
    params: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    raw: bool = field(default=False, repr=False)
    """Whether ``text`` is drawn as it is (no message id: words around translated parameters)."""

    def render(self, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str] | None = None,
               card_name: Callable[[str], str] | None = None) -> str:
        """The phrase in the reader's language: ``gettext`` (and ``ngettext``) the catalog's,
        ``card_name`` a card code's name (default: the code)."""
        kw = dict(self.params)
        if self.plural is not None:
            n = int(kw.get("n", 0))
            text = ngettext(self.text, self.plural, n) if ngettext else (self.text if n == 1 else self.plural)
        else:
            text = self.text if self.raw else gettext(self.text)
        if not kw:
            return text
        out = {}
        for k, v in kw.items():
            if isinstance(v, Phrase):
                out[k] = v.render(gettext, ngettext, card_name)
            elif isinstance(v, Card):
                out[k] = card_name(v.code) if card_name else v.code
            else:
                out[k] = v
        return text.format(**out)


def P(text: str, plural: str | None = None, **params: Any) -> Phrase:
    """A :class:`Phrase`: ``P("Your hand")``, ``P("{name} knocked", name="Anne")``."""
    return Phrase(text, tuple(params.items()), plural)


@dataclass
class Seat:
    """One seat around the table: ``score`` its counters or lives, ``marks`` what else is said of
    it (*on the bus*, *out*, stood, knocked), ``backs`` how many cards it holds face down (None:
    no hand to show), ``up`` the cards it shows face up (``up_title`` what they are)."""

    seat: int
    name: str
    you: bool = False
    turn: bool = False
    dealer: bool = False
    out: bool = False
    score: Phrase | None = None
    marks: list[Phrase] = field(default_factory=list)
    backs: int | None = None
    up: list[str] = field(default_factory=list)
    up_title: Phrase | None = None


@dataclass
class Heap:
    """A place in the middle of the table: a stock (``backs`` cards face down, ``count`` said),
    a pile (``cards`` face up, the last on top), a basket, pot or box (``counters``)."""

    key: str
    title: Phrase
    cards: list[str] = field(default_factory=list)
    backs: int = 0
    count: Phrase | None = None
    counters: int | None = None
    hint: Phrase | None = None
    kind: str = "cards"  # cards, stock, pile, basket


@dataclass
class Move:
    """A legal action: its notation ``action`` (what is sent), its name in the game's terms
    ``label``, what it does ``hint``; ``card`` the card code when the move is a card."""

    action: str
    label: Phrase
    hint: Phrase
    card: str | None = None


@dataclass
class Line:
    """A sentence of the score sheet; ``source`` the source's own words for it (shown on hover),
    ``amount`` a signed number of counters or lives for that line, when it has one."""

    text: Phrase
    source: str = ""
    amount: int | None = None


@dataclass
class Scene:
    """The table as one seat (``viewer``, None: an onlooker) sees it; see the module's docstring.
    ``trick`` the cards played to the current trick as ``(seat, card)``; ``last_trick`` the
    previous one, to look at again; ``hand`` the viewer's cards (None for an onlooker);
    ``prompt`` what the player to act is asked; ``sheet`` the last deal's score sheet."""

    game: str
    seats: list[Seat]
    viewer: int | None
    middle: list[Heap] = field(default_factory=list)
    trick: list[tuple[int, str]] = field(default_factory=list)
    last_trick: list[tuple[int, str]] = field(default_factory=list)
    hand: list[str] | None = None
    hand_title: Phrase = field(default_factory=lambda: P("Your hand"))
    moves: list[Move] = field(default_factory=list)
    prompt: Phrase | None = None
    phase: Phrase | None = None
    facts: list[Phrase] = field(default_factory=list)
    sheet_title: Phrase | None = None
    sheet: list[Line] = field(default_factory=list)

    def cards(self) -> set[str]:
        """Every card face the scene shows (for the no-leak checks)."""
        found = set(self.hand or ()) | {c for _, c in self.trick} | {c for _, c in self.last_trick}
        for s in self.seats:
            found.update(s.up)
        for h in self.middle:
            found.update(h.cards)
        for m in self.moves:
            if m.card:
                found.add(m.card)
        return found


MODULES = {"trente-et-un": "trente_et_un", "reversis": "reversis", "belle-flux-trente-un": "belle_flux",
           "guimbarde": "guimbarde", "guinguette": "guinguette", "blason": "blason"}
"""Game id → the module of this package that lays out its scene."""


def scene_of(game: str, view: Mapping[str, Any], names: Sequence[str], viewer: int | None,
             legal: Sequence[str] = ()) -> Scene:
    """The scene of ``game`` as ``viewer`` sees it: ``view`` that seat's ``view.to_json()`` (the
    public view's for an onlooker), ``legal`` its legal actions in notation. A game without a
    module of its own gets :func:`generic`."""
    module = MODULES.get(game)
    laid = importlib.import_module(f"academie.presentation.scene.{module}") if module else None
    build = laid.scene if laid else generic
    scene = build(view, list(names), viewer, list(legal))
    if view.get("phase") == "over":
        scene.sheet += getattr(laid, "standings", standings)(view, names)
    return scene


def standings(view: Mapping[str, Any], names: Sequence[str]) -> list[Line]:
    """The match's final standings, best first, from the view's ``counters`` (or ``lives``). A
    game whose scene module defines its own ``standings(view, names)`` (the Blason's race order)
    has it used instead."""
    kind = "counters" if isinstance(view.get("counters"), list) else "lives" if isinstance(view.get("lives"), list) else None
    if kind is None or len(view[kind]) != len(names):
        return []
    order = sorted(range(len(names)), key=lambda s: -view[kind][s])
    lines = [Line(P("The match standings, by counters held:") if kind == "counters" else
                  P("The match standings, by lives left:"))]
    for place, s in enumerate(order, 1):
        amount = view[kind][s]
        lines.append(Line(Pn("{place}. {name}, {n} counter", "{place}. {name}, {n} counters", place=place, name=names[s], n=amount)
                          if kind == "counters" else
                          Pn("{place}. {name}, {n} life", "{place}. {name}, {n} lives", place=place, name=names[s], n=amount)))
    return lines


def is_card(text: Any) -> bool:
    """Whether ``text`` is a card code (``'10H'``, ``'QS'``)."""
    return type(text) is str and 2 <= len(text) <= 3 and _is_code(text)


@functools.lru_cache(maxsize=256)
def _is_code(text: str) -> bool:
    from academie.cards import parse_card
    from academie.core.errors import CardCodeError

    try:
        parse_card(text)
    except CardCodeError:
        return False
    return True


def base_seats(view: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> list[Seat]:
    """The seats with their names, the viewer's, the dealer's and the one to act marked."""
    turn, dealer = view.get("current_player"), view.get("dealer")
    return [Seat(s, n, you=s == viewer, turn=s == turn, dealer=s == dealer) for s, n in enumerate(names)]


def seat_namer(names: Sequence[str]) -> Callable[[Any], str]:
    """``name(seat)``: the seat's name in ``names``, or ``—`` for no seat (None) or one out of
    range (a result row of a view is read as it comes)."""

    def name(s: Any) -> str:
        return names[int(s)] if s is not None and 0 <= int(s) < len(names) else "—"
    return name


def counters(n: int) -> Phrase:
    return Pn("{n} counter", "{n} counters", n=n)


def card_moves(legal: Sequence[str], label: str, hint: str) -> list[Move]:
    """Each card of ``legal`` as a move named ``label`` with ``hint`` (fields ``{card}``)."""
    return [Move(a, P(label, card=Card(a)), P(hint, card=Card(a)), card=a) for a in legal if is_card(a)]


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


@functools.lru_cache(maxsize=256)
def rule_words(game: str, *terms: str, rule: str | None = None) -> str:
    """The source's own words of a rule of ``game``'s guide, or '': rule ``rule`` when given
    (its section and number, as ``academie rules`` and ``academie source`` name it:
    ``"scoring.6"``), else the rule that names ``terms`` most often (whole words,
    case-insensitive; a scoring rule first). What a line of the score sheet shows on hover."""
    try:
        guide = importlib.import_module(f"academie.games.{MODULES.get(game, game)}.guide").GUIDE
    except (ImportError, AttributeError):
        return ""
    if rule is not None:
        section, _, number = rule.partition(".")
        rules = getattr(guide, section, ())
        found = rules[int(number) - 1] if number.isdigit() and 0 < int(number) <= len(rules) else None
        return f"« {found.words} »" if found is not None and found.words else ""
    best, score = "", 0
    for rank, section in enumerate(("scoring", "turn", "end", "deal", "aim")):
        for rule in getattr(guide, section, ()):
            if not rule.words:
                continue
            text = rule.text.lower()
            counts = [len(re.findall(rf"\b{re.escape(t.lower())}\b", text)) for t in terms]
            if all(counts) and sum(counts) * 10 - rank > score:  # the rule that speaks most of it
                best, score = f"« {rule.words} »", sum(counts) * 10 - rank
    return best


def generic(view: Mapping[str, Any], names: list[str], viewer: int | None, legal: list[str]) -> Scene:
    """The scene of a game with no module of its own: the seats, the viewer's hand (``hand``)
    and every legal action as a move under its notation."""
    seats = base_seats(view, names, viewer)
    hand = view.get("hand") if viewer is not None and isinstance(view.get("hand"), list) else None
    moves = [Move(a, P("{action}", action=a), P("Play {action}.", action=a), card=a if is_card(a) else None)
             for a in legal]
    return Scene("", seats, viewer, hand=hand, moves=moves, prompt=P("Your move.") if moves else None)


def Pn(singular: str, plural: str, **params: Any) -> Phrase:  # noqa: N802
    """A :class:`Phrase` with a plural: ``Pn("{n} life", "{n} lives", n=2)`` (parameter ``n``
    chooses the form)."""
    return Phrase(singular, tuple(params.items()), plural)
