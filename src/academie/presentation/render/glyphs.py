"""Glyphs the renderers draw, in Unicode or in ASCII (for a terminal that cannot print suits).

The ASCII console (:func:`academie.cli.terminal.make_console`) turns single symbols into single
letters so that tables keep their width; the few glyphs whose ASCII form is longer are chosen
here, before rich measures them.

>>> set_ascii(False); half(30.5), FACE_DOWN()
('30½', '▒▒')
>>> set_ascii(True); half(30.5), FACE_DOWN(), half(31)
('30.5', '##', '31')
>>> set_ascii(False)
"""

from __future__ import annotations

_MODE = {"ascii": False}


def set_ascii(on: bool) -> None:
    """Draw ASCII glyphs from now on (``on``) or Unicode ones."""
    _MODE["ascii"] = bool(on)


def is_ascii() -> bool:
    """Whether ASCII glyphs are drawn."""
    return _MODE["ascii"]


def half(value: float) -> str:
    """A hand's value: ``30½`` (``30.5`` in ASCII), else the number."""
    if value == int(value):
        return str(int(value))
    return f"{value:g}" if is_ascii() else f"{int(value)}½"


def FACE_DOWN() -> str:  # noqa: N802 - reads as a constant
    """A face-down card, two cells wide like a card label (``▒▒``; ``##`` in ASCII). The
    playing-card back 🂠 is not used: terminals draw it one or two cells wide."""
    return "##" if is_ascii() else "▒▒"
