"""The rules of a game in our own words, as data: what ``academie rules GAME`` prints.

Each game package holds a ``guide`` module with a :class:`Guide` named ``GUIDE`` and a tuple of
three strings ``HOW_TO_WIN``. A :class:`Rule` is one sentence of ours followed by its citation:
the siglum of a source in :mod:`academie.sources` and the source's own French words, and/or the
tag of a reading in our catalogue of the sources' ambiguities with the option that selects it.
The options themselves are not repeated here: the command prints them from the game's option
model, so they never drift from the code.

>>> rule = Rule("Aces count 11.", "003", "Les as valent 11", reading="T9", option="brelan, lives")
>>> rule.citation()
'[003] « Les as valent 11 »; our reading: options brelan, lives'
>>> Rule("A board of 63 squares.", reading="L13").citation()
'our reading'

The reading's tag (``T9``) is our catalogue's, kept in the data (``reading``), never printed:
a reader is shown the option that chooses the reading.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from academie.core.game import Game


@dataclass(frozen=True)
class Rule:
    """One rule in our words: ``text``; where it comes from: ``source`` (a siglum of
    :mod:`academie.sources`) with ``words`` (the source's French), and/or ``reading`` (a tag of
    our catalogue of ambiguities) and ``option`` (the option that chooses the reading)."""

    text: str
    source: str = ""
    words: str = ""
    reading: str = ""
    option: str = ""

    def citation(self) -> str:
        """The short citation printed after the rule: ``[003] « … »; our reading: option
        brelan`` (``our reading`` alone for a reading no option chooses; the reading's tag is
        not printed)."""
        parts = []
        if self.source:
            parts.append(f"[{self.source}]" + (f" « {self.words} »" if self.words else ""))
        options = f"option{'s' if ',' in self.option else ''} {self.option}" if self.option else ""
        if self.reading:
            parts.append("our reading" + (f": {options}" if options else ""))
        elif options:
            parts.append(options)
        return "; ".join(parts)


SECTIONS: tuple[tuple[str, str], ...] = (
    ("aim", "The aim"),
    ("deal", "The deal"),
    ("turn", "A turn"),
    ("scoring", "Scoring"),
    ("end", "The end of a match"),
)
"""The sections of a guide, in the order printed: attribute name and title."""


@dataclass(frozen=True)
class Guide:
    """A game's rules in our words, by section (see :data:`SECTIONS`); ``deal_title`` renames
    the deal section for a game without cards; ``how_to_win`` is three short lines of advice."""

    aim: tuple[Rule, ...]
    deal: tuple[Rule, ...]
    turn: tuple[Rule, ...]
    scoring: tuple[Rule, ...]
    end: tuple[Rule, ...]
    how_to_win: tuple[str, str, str]
    deal_title: str = "The deal"

    def sections(self) -> list[tuple[str, tuple[Rule, ...]]]:
        """(title, rules) for every section, in order."""
        return [
            (self.deal_title if name == "deal" else title, getattr(self, name))
            for name, title in SECTIONS
        ]

    def rules(self) -> list[Rule]:
        """Every rule, in order."""
        return [rule for _, rules in self.sections() for rule in rules]


def guide_of(game: Game) -> Guide:
    """The guide of ``game``: ``GUIDE`` in the ``guide`` module of the game's package.

    >>> from academie.games import get_game
    >>> guide_of(get_game("blason")).deal_title
    'Setting up'
    """
    package = type(game).__module__
    module = importlib.import_module(f"{package}.guide")
    return module.GUIDE  # type: ignore[no-any-return]
