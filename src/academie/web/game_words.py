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
