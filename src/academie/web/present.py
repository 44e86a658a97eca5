"""Card faces and card codes as HTML, for the replay's hands and the tests' leak checks: no rule
here. :func:`card_html` draws a card code (``'KH'``) as its face (Unicode rank and suit, red or
black, ``data-card`` holding its code); :func:`view_cards` lists every card code a view's JSON
holds. The tables themselves are drawn by :mod:`academie.web.room` from each game's scene.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from academie.cards import card_code, card_label, parse_card
from academie.core.errors import CardCodeError


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
