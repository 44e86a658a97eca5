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
    """``text`` as people read it: without reST markup (````x````, ```x``` and ``:role:`x```
    become ``x``) nor the working notes' reading tags (:func:`academie.edition.view.untagged`)."""
    from academie.edition.view import untagged

    text = _ROLE.sub(lambda m: m[1], text)
    return untagged(_LITERAL.sub(lambda m: m[1] if m[1] is not None else m[2], text))


IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
"""A name of the code in a documentation (an option's or a choice's: ``fewest_tricks``)."""
_OPTION_VALUE = re.compile(r"\b(?P<name>[a-z][a-z0-9]*(?:_[a-z0-9]+)*)=(?P<value>[A-Za-z0-9_]+)")
SET_TO = "{option} set to '{value}'"
"""An option set to a value, in words (``talon_payer=most_points`` → « talon payer set to 'most
points' »): a message id of the catalog."""


def option_doc(text: str) -> str:
    """An option's documentation as its form shows it: :func:`plain_doc`, and each name of an
    option or a choice it cites in the words the form shows them with (:func:`choice_label`,
    :func:`option_label`: ``'fewest_tricks'`` → ``'fewest tricks'``), its message id.

    An option set to a value (``talon_payer=most_points``) is said in words too
    (:data:`SET_TO`: ``talon payer set to 'most points'``).

    >>> option_doc("``fewest_tricks``: among the fewest points the fewer tricks wins")
    'fewest tricks: among the fewest points the fewer tricks wins'
    >>> option_doc("with ``talon_payer=most_points`` he pays")
    "with talon payer set to 'most points' he pays"
    """
    text = _OPTION_VALUE.sub(lambda m: SET_TO.format(option=option_label(m["name"]), value=choice_label(m["value"])),
                             plain_doc(text))
    return IDENTIFIER.sub(lambda m: choice_label(m[0]), text)


def reason_of(game_id: str, option: str) -> str:
    """The reason for the default of ``option`` of ``game_id`` when it is our proposal
    (:mod:`academie.edition`'s data), or ''."""
    try:
        from academie.edition.view import proposal_reason
    except ImportError:
        return ""
    return proposal_reason(game_id, option) or ""


def option_label(name: str) -> str:
    """An option's name as a page shows it (``tie_rule`` → ``tie rule``): its message id."""
    return name.replace("_", " ")


_CHOICE_WORDS = {"default": "by the deck"}
"""The choices whose name alone would not say them (the Reversis' talon with five players:
``default`` is small with 48 cards, large with 52; « (default) » follows the default's label)."""


def choice_label(value: str) -> str:
    """A value of a choice as a page shows it (``eldest_wins`` → ``eldest wins``; ``default``, a
    choice that would read « default (default) », → ``by the deck``): its message id; the value
    sent stays the game's."""
    return _CHOICE_WORDS.get(value, value.replace("_", " "))


_BOT_WORDS = {"ismcts": "tree search"}
"""The bots whose name is an acronym of the code (:mod:`academie.bots.ismcts`), in words."""


def bot_label(name: str) -> str:
    """A bot's kind as a page shows it (``ismcts`` → ``tree search``; ``heuristic`` as it is): its
    message id; the kind sent stays the bot's name."""
    return _BOT_WORDS.get(name, name)


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
    provenance, documentation (plain), the bots' kinds, the rules of each game's guide and its
    advice (:mod:`academie.core.guide`), the titles of the sources its rules page cites."""
    from academie.bots import bot_names
    from academie.core.guide import guide_of
    from academie.games import GAMES
    from academie.presentation.rules import sigla
    from academie.sources import bibliography

    seen: set[str] = set()

    def once(text: str) -> Iterator[str]:
        if text and text not in seen:
            seen.add(text)
            yield text

    yield from (m for p in PROVENANCES for m in once(p))
    yield from once(_OUR_READING)
    yield from once(_RECONSTRUCTION)
    yield from once(SET_TO)
    for game_id, game in sorted(GAMES.items()):
        yield from once(game.info.summary)
        fields = game.options_model.model_fields
        for doc in game.describe_options():
            yield from once(option_label(doc.name))
            yield from once(plain_doc(doc.doc))  # as the rules page prints it
            yield from once(option_doc(doc.doc))  # as the form shows it
            yield from once(reason_of(game_id, doc.name))
            for c in choices(fields[doc.name].annotation):
                yield from once(choice_label(c))
        for bot in bot_names(game_id):
            if bot != "montecarlo":  # (not among the browser's seat choices: academie.web.app.STUDY_BOTS)
                yield from once(bot_label(bot))
        for rule in game.info.reconstructed:
            yield from once(plain_doc(rule))
        guide = guide_of(game)
        for rule in guide.rules():
            yield from once(rule.text)
        for line in guide.how_to_win:
            yield from once(line)
        for siglum in sigla(game):
            yield from once(bibliography(siglum))


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
_OPTION = re.compile(r"^(?P<head>\s*-o \S+\s+)\[(?P<provenance>[^\]:,]+)(?::(?P<later> [^\]]*))?(?:, (?P<ref>[^\]]*))?\]"
                     r"(?P<allowed> allowed: .*)?$")
_HEADING = re.compile(r"^(?P<heading>.+?) \((?:rule (?P<one>\S+)|rules (?P<a>\S+) to (?P<b>\S+))\)$")
_SENTENCES = re.compile(r"^→ \[00N\] §n: the sentences of the source text that a rule or option plays \(academie source"
                        r" (?P<game>\S+) prints them with their translation\)\.$")
_TAG = re.compile(r"^A tag such as (?P<tag>\S+) names a reading in our catalogue of the sources' ambiguities: where a source"
                  r" is silent or can be read two ways, the reading is an option, and its provenance says whether it"
                  r" comes from the source text, a later source, or is our proposal\.$")
_RECONSTRUCTION = ("A RECONSTRUCTION: the sources stop short. Not in any source (our reconstruction; where readings"
                   " differ, an option):")
_OUR_READING = ("« our reading »: where a source is silent or can be read two ways, the reading played is an option,"
                " and the option's provenance says whether its default comes from the source text, a later source,"
                " or is our proposal.")
"""The rules page's note on the rules marked « our reading » (:func:`academie.presentation.rules.print_rules`)."""
_RULE = re.compile(r"^(?P<pad>\s*)(?P<id>[a-z_]+\.\d+)(?P<gap> +)(?P<text>\S.*)$")
_ADVICE = re.compile(r"^(?P<pad>\s*)(?P<n>\d+\.)(?P<gap> +)(?P<text>\S.*)$")
_BULLET = re.compile(r"^(?P<pad>\s*)• (?P<text>\S.*)$")
_SOURCE = re.compile(r"^(?P<pad>\s*)(?P<siglum>\[[^\]\s]+\]) (?P<title>[^«\s].*|« .*)$")
_CITATION = re.compile(r"^(?P<pad>\s*)(?:(?P<quote>\[[^\]\s]+\](?: « .*? »)?)(?:; |(?= → )|$))?(?P<reading>our reading)?"
                       r"(?:: )?(?P<options>options? [a-z0-9_]+(?:, [a-z0-9_]+)*)?(?P<refs> → \[.*)?$")
_CITED = (N_("our reading"), N_("our reading: option {names}"), N_("our reading: options {names}"), N_("option {names}"),
          N_("options {names}"))
"""The citation line under a rule (:meth:`academie.core.guide.Rule.citation`), its English words."""


def french_citation(line: str, gettext: Any) -> str | None:
    """A rule's citation line (``[001] « … »; our reading: options a, b → [001] §3``) with its
    English words in the language of ``gettext``; the quotation, option names and references kept;
    ``None`` if ``line`` is no citation line."""
    m = _CITATION.match(line)
    if not m or not (m["quote"] or m["reading"] or m["options"]):
        return None
    said = ""
    if m["options"]:
        kind, names = m["options"].split(" ", 1)
        said = gettext((f"our reading: {kind} {{names}}" if m["reading"] else f"{kind} {{names}}")).format(names=names)
    elif m["reading"]:
        said = gettext("our reading")
    both = gettext(N_("{quote}; {reading}")).format(quote=m["quote"], reading=said) if m["quote"] and said else ""
    return m["pad"] + (both or m["quote"] or said) + (m["refs"] or "")


WHY = " Why this default: "
"""Between an option's doc and the reason for its default on a rules page (:mod:`academie.presentation.rules`)."""
_DOC = re.compile(r"^(?P<pad>\s{6})(?P<doc>\S.*?)(?P<refs> → \[[^\]]+\] §.*)?$")


def french_rules(text: str, gettext: Any) -> str:
    """A rules page's text (printed unwrapped) with its headings, its players line and summary, its
    options' provenance and documentation, its rules (a line ``id text``: ``deal.3 The dealer…``), their
    citations (:func:`french_citation`), the advice (``1. text``) and the sources' titles
    (``[001] title``) in the language of ``gettext``. A rule is found by its id and its text
    wherever the line puts them; the ids, the sources' quotations « … », option names and sentence
    references (``→ [001] §3``) stay as they are. A line none of these matches is kept."""
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
            line = line.replace(stripped, gettext(_RECONSTRUCTION))
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
            later = f":{m['later']}" if m["later"] else ""  # the later source named: a title, as written
            line = f"{m['head']}[{gettext(m['provenance'])}{later}{ref}]{allowed}"
        elif (m := _DOC.match(line)) and gettext(m["doc"].split(WHY)[0]) != m["doc"].split(WHY)[0]:
            # the option's doc (as the form words it, when that has its translation), then the
            # reason for its default (:mod:`academie.edition`), each its message
            doc, _, why = m["doc"].partition(WHY)
            said = gettext(option_doc(doc)) if gettext(option_doc(doc)) != option_doc(doc) else gettext(doc)
            line = m["pad"] + said + (" " + gettext(N_("Why this default:")) + " " + gettext(why) if why else "")
            line += m["refs"] or ""
        elif (m := _RULE.match(line)) and gettext(m["text"]) != m["text"]:
            line = f"{m['pad']}{m['id']}{m['gap']}{gettext(m['text'])}"
        elif (m := _ADVICE.match(line)) and gettext(m["text"]) != m["text"]:
            line = f"{m['pad']}{m['n']}{m['gap']}{gettext(m['text'])}"
        elif (m := _SOURCE.match(line)) and gettext(m["title"]) != m["title"]:
            line = f"{m['pad']}{m['siglum']} {gettext(m['title'])}"
        elif (m := _BULLET.match(line)) and gettext(m["text"]) != m["text"]:
            line = f"{m['pad']}• {gettext(m['text'])}"
        elif (said := french_citation(line, gettext)) is not None:
            line = said
        out.append(line)
    return "\n".join(out)


WEB_OPTIONS_HEADING = N_("Options (the default is the reading played unless you choose another on the new-table form)")
"""The options' heading of a rules page on the web, where the options are said in words (no
``-o name=value``: :func:`worded_rules`)."""
_OPTION_HEAD = re.compile(r"^(?P<pad>\s*)-o (?P<name>[a-z][a-z0-9_]*)=(?P<value>\S+)(?P<rest>.*)$")
_OPTIONS_NAMED = re.compile(r"\b(?P<word>options?) (?P<names>[a-z][a-z0-9_]*(?:, [a-z][a-z0-9_]*)*)")
_QUOTED = re.compile(r"'(?P<value>[A-Za-z0-9_]+)'")


def worded(text: str, game_id: str, gettext: Any) -> str:
    """``text`` (an option's documentation, a line of a rules page, in English or in the language
    of ``gettext``) with no name of the code of ``game_id`` left: each option named (``option
    pool_ante``) and set to a value (``talon_payer=most_points``: :data:`SET_TO`), each of the
    game's choices quoted (``'later'``, ``'swap'``) in the words the new-table form's menus show
    them with (:func:`option_label`, :func:`choice_label`), in the language of ``gettext``; any
    other snake_case word with spaces for its underscores. The sources' quotations « … » are kept
    as they are.

    >>> worded("'swap': to the square", "blason", lambda m: m)
    "'swap': to the square"
    """
    from academie.games import GAMES

    game = GAMES[game_id]
    fields = game.options_model.model_fields
    names = set(fields)
    values = {c for f in fields.values() for c in choices(f.annotation)}

    def option(name: str) -> str:
        return gettext(option_label(name)) if name in names else choice_label(name)

    def value(v: str) -> str:
        return gettext(choice_label(v)) if v in values or IDENTIFIER.fullmatch(v) else v

    def words(part: str) -> str:
        part = _OPTION_VALUE.sub(lambda m: gettext(SET_TO).format(option=option(m["name"]), value=value(m["value"]))
                                 if m["name"] in names else m[0], part)
        part = _OPTIONS_NAMED.sub(lambda m: m["word"] + " " + ", ".join(
            option(n) if n in names else n for n in m["names"].split(", ")), part)
        part = _QUOTED.sub(lambda m: f"'{value(m['value'])}'" if m["value"] in values else m[0], part)
        return IDENTIFIER.sub(lambda m: gettext(choice_label(m[0])), part)

    return _outside_quotations(text, words)


def _outside_quotations(line: str, change: Any) -> str:
    parts = re.split(r"(«[^«»]*»)", line)
    return "".join(p if p.startswith("«") else change(p) for p in parts)


def worded_rules(text: str, game_id: str, gettext: Any) -> str:
    """A rules page's text (:func:`french_rules`'s, or the English) with no name of the code left:
    each option line ``-o talon_tie=fewest_tricks  [...]`` as ``talon tie: fewest tricks  [...]``;
    the rest of each line as :func:`worded` says it, in the language of ``gettext``; the options'
    heading without the command line's notation. The sources' quotations « … » are kept as they are.

    >>> print(worded_rules("  -o talon_tie=fewest_tricks   [source text] allowed: 'fewest_tricks', 'nearest_left'",
    ...                    "reversis", lambda m: m))
      talon tie: fewest tricks   [source text] allowed: 'fewest tricks', 'nearest left'
    """
    from academie.games import GAMES

    fields = GAMES[game_id].options_model.model_fields
    values = {c for f in fields.values() for c in choices(f.annotation)}

    def option(name: str) -> str:
        return gettext(option_label(name)) if name in fields else choice_label(name)

    def value(v: str) -> str:
        return gettext(choice_label(v)) if v in values or IDENTIFIER.fullmatch(v) else v

    heading = (gettext(N_("Options (-o name=value; the default is the reading played unless you choose another)")),
               "Options (-o name=value; the default is the reading played unless you choose another)")
    out = []
    for line in text.split("\n"):
        if line.strip() in heading:
            line = line.replace(line.strip(), gettext(WEB_OPTIONS_HEADING))
        elif m := _OPTION_HEAD.match(line):
            head = gettext(N_("{option}: {value}")).format(option=option(m["name"]), value=value(m["value"]))
            line = m["pad"] + head + worded(m["rest"], game_id, gettext)
        else:
            line = worded(line, game_id, gettext)
        out.append(line)
    return "\n".join(out)
