"""The games' own English words a page shows — each game's summary, its options' names, values,
provenance and documentation, the bots' kinds — as messages of the web's catalogs.

The games know nothing of the web and stay English (:mod:`academie.games`); this module lists
their words for Babel (:func:`extract`, registered in ``babel.cfg``), so that ``make locale``
puts them in the catalog to translate, and the pages show them in the reader's language
(:func:`academie.web.i18n.gettext`). An option's documentation is shown without its reST
markup (:func:`plain_doc`).

>>> plain_doc("``exempt``: the « Mais » excepts him; see :mod:`x` and `safe`.")
'exempt: the « Mais » excepts him; see x and safe.'
>>> choice_label("others_pay_forcer"), option_label("quinola_force_fee")
('others pay forcer', 'quinola force fee')
"""

from __future__ import annotations

import re
import typing
from collections.abc import Iterator
from typing import Any

_ROLE = re.compile(r":[a-z]+:`([^`]*)`")
_LITERAL = re.compile(r"``([^`]*)``|`([^`]*)`")


def plain_doc(text: str) -> str:
    """``text`` without reST markup: ````x````, ```x``` and ``:role:`x``` become ``x``."""
    text = _ROLE.sub(lambda m: m[1], text)
    return _LITERAL.sub(lambda m: m[1] if m[1] is not None else m[2], text)


def option_label(name: str) -> str:
    """An option's name as a page shows it (``tie_rule`` → ``tie rule``): its message id."""
    return name.replace("_", " ")


def choice_label(value: str) -> str:
    """A value of a choice as a page shows it (``eldest_wins`` → ``eldest wins``): its message id;
    the value sent stays the game's."""
    return value.replace("_", " ")


def choices(annotation: Any) -> list[str]:
    """The values of a select: ``true``/``false`` for a bool, a ``Literal``'s values, else none."""
    if annotation is bool:
        return ["true", "false"]
    if typing.get_origin(annotation) is typing.Literal:
        return [str(c) for c in typing.get_args(annotation)]
    return []


PROVENANCES = ("source text", "later source", "our proposal")
"""The provenance of an option's default, as :class:`academie.core.options.Provenance` says it."""


def messages() -> Iterator[str]:
    """Every English word of the games a page shows, each once: summaries, option names, values,
    provenance, documentation (plain), the bots' kinds."""
    from academie.bots import bot_names
    from academie.games import GAMES

    seen: set[str] = set()

    def once(text: str) -> Iterator[str]:
        if text and text not in seen:
            seen.add(text)
            yield text

    yield from (m for p in PROVENANCES for m in once(p))
    yield from once(_OUR_READING)
    for game_id, game in sorted(GAMES.items()):
        yield from once(game.info.summary)
        fields = game.options_model.model_fields
        for doc in game.describe_options():
            yield from once(option_label(doc.name))
            yield from once(plain_doc(doc.doc))
            for c in choices(fields[doc.name].annotation):
                yield from once(choice_label(c))
        for bot in bot_names(game_id):
            yield from once(bot)


def extract(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, None, str, list[str]]]:
    """A Babel extractor (``babel.cfg``: ``[academie.web.game_words.extract: …]``): the messages of
    :func:`messages`, whatever the file it is given (the games' package's ``__init__.py``)."""
    for text in messages():
        yield 1, None, text, []


def N_(text: str) -> str:  # noqa: N802
    """Mark ``text`` as a message id (returned as it is)."""
    return text


RULES_HEADINGS = (N_("Sources"), N_("The aim"), N_("The deal"), N_("Setting up"), N_("A turn"), N_("Scoring"),
                  N_("The end of a match"), N_("How to win"),
                  N_("Options (-o name=value; the default is the reading played unless you choose another)"))
"""The headings of a rules page (:func:`academie.presentation.rules.print_rules`)."""

_TITLE = re.compile(r"^(?P<name>.+): the rules in our own words$")
_PLAYERS = re.compile(r"^(?P<pad>\s*)(?P<a>\d+) to (?P<b>\d+) players\. (?P<summary>.+)$")
_OPTION = re.compile(r"^(?P<head>\s*-o \S+\s+)\[(?P<provenance>[^,\]]+)(?:, (?P<ref>[^\]]*))?\](?P<allowed> allowed: .*)?$")
_HEADING = re.compile(r"^(?P<heading>.+?) \((?:rule (?P<one>\S+)|rules (?P<a>\S+) to (?P<b>\S+))\)$")
_SENTENCES = re.compile(r"^→ \[00N\] §n: the sentences of the source text that a rule or option plays \(academie source"
                        r" (?P<game>\S+) prints them with their translation\)\.$")
_TAG = re.compile(r"^A tag such as (?P<tag>\S+) names a reading in our catalogue of the sources' ambiguities: where a source"
                  r" is silent or can be read two ways, the reading is an option, and its provenance says whether it"
                  r" comes from the source text, a later source, or is our proposal\.$")
_RECONSTRUCTION = ("A RECONSTRUCTION: the sources stop short. Not in any source (our reconstruction, each rule tagged"
                   " and, where readings differ, an option):")
_OUR_READING = ("« our reading »: where a source is silent or can be read two ways, the reading played is an option,"
                " and the option's provenance says whether its default comes from the source text, a later source,"
                " or is our proposal.")
"""The rules page's note on the rules marked « our reading » (:func:`academie.presentation.rules.print_rules`)."""
_DOC = re.compile(r"^(?P<pad>\s{6})(?P<doc>\S.*?)(?P<refs> → \[[^\]]+\] §.*)?$")


def french_rules(text: str, gettext: Any) -> str:
    """A rules page's text (printed unwrapped) with its headings, its players line and summary, its
    options' provenance and documentation in the language of ``gettext``; the rules themselves
    stay as written (English, with the sources' French words)."""
    out = []
    for line in text.split("\n"):
        line = line.rstrip()
        stripped = line.strip()
        if m := _TITLE.match(line):
            line = gettext(N_("{name}: the rules in our own words")).format(name=m["name"])
        elif m := _PLAYERS.match(line):
            line = m["pad"] + gettext(N_("{a} to {b} players.")).format(a=m["a"], b=m["b"]) + " " + gettext(m["summary"])
        elif m := _SENTENCES.match(line):
            line = gettext(N_("→ [00N] §n: the sentences of the source text that a rule or option plays (academie source"
                              " {game} prints them with their translation).")).format(game=m["game"])
        elif m := _TAG.match(line):
            line = gettext(N_("A tag such as {tag} names a reading in our catalogue of the sources' ambiguities: where a"
                              " source is silent or can be read two ways, the reading is an option, and its provenance"
                              " says whether it comes from the source text, a later source, or is our proposal."
                              )).format(tag=m["tag"])
        elif stripped == _OUR_READING:
            line = line.replace(stripped, gettext(_OUR_READING))
        elif stripped == _RECONSTRUCTION:
            line = line.replace(stripped, gettext(N_(_RECONSTRUCTION)))
        elif stripped in RULES_HEADINGS:
            line = line.replace(stripped, gettext(stripped))
        elif (m := _HEADING.match(stripped)) and m["heading"] in RULES_HEADINGS:  # « The deal (rules deal.1 to deal.8) »
            which = (gettext(N_("rule {id}")).format(id=m["one"]) if m["one"] else
                     gettext(N_("rules {a} to {b}")).format(a=m["a"], b=m["b"]))
            line = line.replace(stripped, f"{gettext(m['heading'])} ({which})")
        elif m := _OPTION.match(line):
            allowed = m["allowed"] or ""
            if allowed:
                values = allowed[len(" allowed:"):]
                if r := re.match(r"^ int from (?P<a>.+) to (?P<b>\S+)$", values):
                    a = re.sub(r"× (\w+)", lambda n: "× " + gettext(option_label(n[1])), r["a"])
                    values = " " + gettext(N_("int from {a} to {b}")).format(a=a, b=r["b"])
                elif r := re.match(r"^ one or more squares from (?P<a>\d+) to (?P<b>\d+) but (?P<but>.+)$", values):
                    values = " " + gettext(N_("one or more squares from {a} to {b} but {but}")).format(**r.groupdict())
                allowed = " " + gettext(N_("allowed:")) + values
            ref = f", {m['ref']}" if m["ref"] else ""
            line = f"{m['head']}[{gettext(m['provenance'])}{ref}]{allowed}"
        elif (m := _DOC.match(line)) and gettext(m["doc"]) != m["doc"]:
            line = m["pad"] + gettext(m["doc"]) + (m["refs"] or "")
        out.append(line)
    return "\n".join(out)
