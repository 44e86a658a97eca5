"""The bibliography: every source the games' rules come from, by siglum.

The code cites the texts each game implements as ``[000] «…»`` … ``[004] «…»``: the siglum
between brackets names an entry of :data:`SOURCES`, the words between guillemets are the source's
own French. Later or corroborating sources, which fill a gap or give another reading, are in
:data:`LATER_SOURCES` under a short name (``[Parlett]``); :data:`OPTION_SOURCES` names those an
option's default comes from. Each ambiguous point is an option of its game, documented with
where its default comes from and why; the tags of the code (``T1``, ``R12``, an option's ``ref``)
are never shown.

>>> SOURCES["001"].title
"Diderot & d'Alembert, Encyclopédie, ou Dictionnaire raisonné des sciences, des arts et des métiers, 1st edition, t. XIV (1765), art. « Reversis (le jeu du) »"
>>> cite("001", "une remise de tous les jettons")
"Diderot & d'Alembert, Encyclopédie, art. « Reversis »: « une remise de tous les jettons »"
>>> bibliography("Parlett")
"David Parlett, The Penguin Book of Card Games, « Guimbarde (Jew's Harp) or La Mariée (The Bride) »"
>>> bibliography("999")
Traceback (most recent call last):
...
KeyError: "no source '999'; the sources are: 000, 001, 002, 003, 004, Adpoker, Almanach, Goose, Hague, Hoyle, Pagat, Parlett, Pierer, Rummyrulebook, Universalis, Wikipedia-de"
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Source:
    """One entry of the bibliography.

    ``siglum``: how the code cites it (``"001"`` for ``[001] «…»``); ``short``: a name to cite
    it by in running text; ``title``: the full bibliographic reference; ``game``: the id of the
    game whose rules it gives (empty for a source used by several); ``note``: what it is, when
    the title does not say.
    """

    siglum: str
    short: str
    title: str
    game: str = ""
    note: str = ""
    also: tuple[str, ...] = ()
    """Ids of other games whose rules it also gives (the Guinguette's cut-off article follows the
    Guimbarde's on the same page of [004])."""


SOURCES: dict[str, Source] = {
    s.siglum: s
    for s in (
        Source(
            "000",
            "Encyclopédie méthodique, Dictionnaire des jeux (1792), art. « Belle, Flux et Trente-un »",
            "Encyclopédie méthodique, Dictionnaire des jeux, faisant suite au tome III des"
            " Mathématiques, Paris, Panckoucke, 1792, pp. 8-9, art. « Belle, Flux et Trente-un »",
            "belle-flux-trente-un",
        ),
        Source(
            "001",
            "Diderot & d'Alembert, Encyclopédie, art. « Reversis »",
            "Diderot & d'Alembert, Encyclopédie, ou Dictionnaire raisonné des sciences, des arts et"
            " des métiers, 1st edition, t. XIV (1765), art. « Reversis (le jeu du) »",
            "reversis",
        ),
        Source(
            "002",
            "Lacombe, Dictionnaire des jeux mathématiques (1798), art. « Blason »",
            "Jacques Lacombe, Encyclopédie méthodique, Dictionnaire des jeux mathématiques, Paris,"
            " Agasse, 1798-1799, 2nd part pp. 22-23, art. « Blason (jeu du) », by M. de Fer, géographe",
            "blason",
        ),
        Source(
            "003",
            "« Règles de Trente et un » (a modern rules sheet)",
            "« Règles de Trente et un » (Scat, 31, Ride the bus, Blitz), a modern rules sheet in French",
            "trente-et-un",
        ),
        Source(
            "004",
            "Larousse, Grand dictionnaire universel, Supplément, art. « Guimbarde »",
            "Pierre Larousse, Grand dictionnaire universel du XIXe siècle, Supplément (c. 1890;"
            " attributed from the page's layout), art. « Guimbarde » (« Figures des boites »), and"
            " the beginning of art. « Guinguette », cut off mid-sentence",
            "guimbarde",
            note="a 19th-century dictionary supplement, attributed to Larousse from its layout",
            also=("guinguette",),
        ),
    )
}
"""The texts the games implement, by the siglum the code cites them with."""

LATER_SOURCES: dict[str, Source] = {
    s.siglum: s
    for s in (
        Source(
            "Parlett",
            "Parlett, The Penguin Book of Card Games",
            "David Parlett, The Penguin Book of Card Games, « Guimbarde (Jew's Harp) or La Mariée"
            " (The Bride) »",
            "guimbarde",
        ),
        Source(
            "Hoyle",
            "Hoyle's Games Improved, « Reversis »",
            "Hoyle's Games Improved, « Reversis », pp. 284-287",
            "reversis",
        ),
        Source(
            "Almanach",
            "Almanach des jeux (1785), « Réversis »",
            "Almanach des jeux, Paris, Fournier, 1785, « Le Réversis »",
            "reversis",
        ),
        Source(
            "Hague",
            "Règles du jeu de Reversi (La Haye, 1785)",
            "« Règles du jeu de Reversi… adoptées par les Amateurs… à la Haye en 1785 »",
            "reversis",
        ),
        Source(
            "Pierer",
            "Pierer, Universal-Lexikon (1857), « Reversis »",
            "Pierer's Universal-Lexikon, 4th edition, 1857, « Reversis »; with Meyers"
            " Konversations-Lexikon, 1908, « Réversis »",
            "reversis",
        ),
        Source(
            "Wikipedia-de",
            "Wikipedia (de), « Belle, Fluss und Einunddreißig »",
            "Wikipedia (German), « Belle, Fluss und Einunddreißig » (the German tradition)",
            "belle-flux-trente-un",
        ),
        Source(
            "Adpoker",
            "Later description (adpoker.fr), « Guinguette »",
            "adpoker.fr, « Guinguette », a modern page whose text is taken from a 19th-century"
            " French games manual (the deal, the baskets, the cotillon, the wine measures, « remuer"
            " le cotillon »; cut off at « renvier le cotillon »)",
            "guinguette",
        ),
        Source(
            "Goose",
            "Dictionnaire des jeux (1792), art. « Oie »",
            "Encyclopédie méthodique, Dictionnaire des jeux, Paris, 1792, art. « Oie (le jeu de l') »",
            "blason",
        ),
        Source(
            "Universalis",
            "Encyclopædia Universalis, « Jeu de l'oie »",
            "Encyclopædia Universalis, « Jeu de l'oie » (the player met goes to the square the"
            " arrival left free, as the Goose games' rules have it)",
            "blason",
        ),
        Source(
            "Pagat",
            "Pagat, « 31 / Scat »",
            "John McLeod, pagat.com, « 31 / Scat / Ride the Bus / Cadillac » (its variations)",
            "trente-et-un",
        ),
        Source(
            "Rummyrulebook",
            "The Rummy Rulebook, « Stock depleted »",
            "The Rummy Rulebook (rummyrulebook.com), « Stock depleted » (the draw games' convention"
            " of a new stock from the discards)",
            "trente-et-un",
        ),
    )
}
"""Later or corroborating sources: they fill a gap of a game's own text or give another reading."""

OPTION_SOURCES: dict[str, dict[str, tuple[str, ...]]] = {
    "reversis": {
        "direction": ("Hague",),
        "trick_points": ("Hague", "Hoyle"),
        "talon_payer": ("Hoyle",),
        "talon_tie": ("Pierer", "Hoyle"),
        "ruleset": ("Hague", "Hoyle"),
        "broken_fee": ("Hoyle",),
    },
    "blason": {"meeting_destination": ("Universalis",)},
    "trente-et-un": {"bus": ("Pagat",), "stock_exhausted": ("Rummyrulebook",)},
    "guinguette": {"guinguette_stake": ("Adpoker",)},
}
"""The later sources each option of provenance « later source » takes its default from, by game
and option: sigla of :data:`LATER_SOURCES`."""


def later_sources(game: str, option: str) -> str:
    """The short names of the later sources an option's default comes from, ``; ``-separated
    (empty when it names none).

    >>> later_sources("reversis", "talon_payer")
    "Hoyle's Games Improved, « Reversis »"
    """
    return "; ".join(LATER_SOURCES[s].short for s in OPTION_SOURCES.get(game, {}).get(option, ()))

READINGS = "our working notes on the sources' ambiguities"
"""What a tag such as ``T1``, ``R12`` or ``B7`` (an option's ``ref``) refers to: a note of the
project's working notes, which do not ship; the tags are for the code only and shown to nobody."""


def source(siglum: str) -> Source:
    """The bibliography entry for ``siglum`` (``"001"``, ``"Parlett"``).

    Raises :class:`KeyError` naming the known sigla.
    """
    found = SOURCES.get(siglum) or LATER_SOURCES.get(siglum)
    if found is None:
        known = ", ".join(sorted([*SOURCES, *LATER_SOURCES]))
        raise KeyError(f"no source {siglum!r}; the sources are: {known}")
    return found


def bibliography(siglum: str) -> str:
    """The full bibliographic reference of ``siglum``."""
    return source(siglum).title


def cite(siglum: str, words: str = "") -> str:
    """A citation in running text: the source's short name and, if given, its French words."""
    name = source(siglum).short
    return f"{name}: « {words} »" if words else name


def game_sources(game_id: str) -> tuple[Source, ...]:
    """The texts a game implements (usually one), then its later sources."""
    return tuple(s for s in (*SOURCES.values(), *LATER_SOURCES.values()) if game_id in (s.game, *s.also))
