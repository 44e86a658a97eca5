"""The browser's edition pages: a game's source text side by side with our translation, each
sentence linked to the rules and options that play it and each rule to its sentences.

An :class:`fastapi.APIRouter`, included in the app with ``app.include_router(edition.router)``:

- ``GET /source/{game_id}``: the HTML page (template ``source.html``);
- ``GET /api/source/{game_id}``: the same data as JSON (:func:`academie.edition.view.game_edition`);
- ``GET /source/{game_id}/tei.xml``: the TEI P5 export; ``GET /source/{game_id}/booklet``: the
  printable booklet (HTML).

An unknown game is a 404 naming the games, in the page's language. The booklet takes the game's
options in its query (``/source/blason/booklet?rest_reading=others_throw_twice``) and prints them
as in force; an unknown option or value is a 422 naming the allowed ones. Every page answers
``HEAD`` as ``GET`` (:class:`academie.web.head.HeadAsGet` on the application).

:func:`narration_sources` finds, in a table's narration lines, each quotation of the game's
source (« … », as the rules' reasons quote it) and the sentence of the edition that holds it, so
that the table page links each to ``/source/GAME#sSIGLUM-N``.
"""

from __future__ import annotations

import functools
import html
import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates

from academie.games import GAMES
from academie.presentation.scene import N_
from academie.web import i18n

HERE = Path(__file__).resolve().parent
templates = i18n.install(Jinja2Templates(directory=str(HERE / "templates")))
router = APIRouter()

PROVENANCE = (N_("the source text"), N_("a later source"), N_("our proposal"))
"""Where an option's default comes from (:data:`academie.edition.view.PROVENANCE`), marked for
the catalog: the page says them in its language."""

QUOTE = re.compile(r"«\s*(.+?)\s*»", re.S)
"""A quotation in a narration line (it may run over the line's wrapping)."""


@functools.lru_cache(maxsize=4096)
def narration_sources(game_id: str, text: str) -> tuple[tuple[str, str], ...]:
    """Each quotation of ``game_id``'s sources in the narration line ``text`` with the address of
    the sentence that holds it: ``(quoted text as written in the line, "/source/GAME#sSIG-N")``,
    in order; a quotation found in no sentence is left out. The edition is read once."""
    if "«" not in text or game_id not in GAMES:
        return ()
    from academie.edition import game_sigla, sentences_of

    found = []
    for m in QUOTE.finditer(text):
        for siglum in game_sigla(game_id):
            numbers = sentences_of(siglum, m.group(1))
            if numbers:
                found.append((m.group(1), f"/source/{game_id}#s{siglum}-{numbers[0]}"))
                break
    return tuple(found)


def linked_entry(game_id: str, text: str) -> str:
    """A narration line as HTML (escaped), each quotation of the source a link to its sentence."""
    out, at = [], 0
    for quote, href in narration_sources(game_id, text):
        k = text.find(quote, at)
        if k < 0:
            continue
        out.append(html.escape(text[at:k]))
        out.append(f'<a class="cite" href="{html.escape(href)}" title="the source\'s sentence">{html.escape(quote)}</a>')
        at = k + len(quote)
    out.append(html.escape(text[at:]))
    return "".join(out)


REFS = re.compile(r"\[(00[0-4])\]\s+(§\d+(?:,\s+§\d+)*)")
"""The sentence numbers of a rule or option in the rules' text: ``[002] §12, §15``."""


def linked_rules(game_id: str, text: str) -> str:
    """The rules' text (``academie rules GAME``) as HTML, escaped, each « § » number a link to
    its sentence on the source page (``/source/GAME#s002-12``).

    >>> linked_rules("blason", "turn.7 rest → [002] §12, §15")
    'turn.7 rest → [002] <a href="/source/blason#s002-12">§12</a>, <a href="/source/blason#s002-15">§15</a>'
    """
    out, at = [], 0
    for m in REFS.finditer(text):
        out.append(html.escape(text[at:m.start(2)], quote=False))
        siglum = m.group(1)
        out.append(re.sub(r"§(\d+)", lambda n: f'<a href="/source/{html.escape(game_id)}#s{siglum}-{n[1]}">{n[0]}</a>',
                          html.escape(m.group(2), quote=False)))
        at = m.end()
    out.append(html.escape(text[at:], quote=False))
    return "".join(out)


SECTIONS = {"aim": N_("Aim"), "deal": N_("Deal"), "setup": N_("Setup"), "turn": N_("Turn"), "scoring": N_("Scoring"),
            "end": N_("End")}
"""A rule id's section (``deal`` of ``deal.3``, :mod:`academie.core.guide`), as a page says it."""
RULE_ID = re.compile(r"\b(?P<section>aim|deal|setup|turn|scoring|end)\.(?P<n>\d+)\b")


def rule_words(rule_id: str, gettext: Any) -> str:
    """A rule's id as a page says it, in the language of ``gettext``: ``turn.2`` → « Turn, 2 »
    (« Tour, 2 » in French); another text as it is.

    >>> rule_words("turn.2", lambda m: m), rule_words("R9", lambda m: m)
    ('Turn, 2', 'R9')
    """
    m = RULE_ID.fullmatch(rule_id)
    return gettext(N_("{section}, {n}")).format(section=gettext(SECTIONS[m["section"]]), n=m["n"]) if m else rule_id


def anchored_rules(text: str, game_id: str, gettext: Any) -> str:
    """A rules page's HTML text (:func:`linked_rules`'s) with each rule id in words
    (:func:`rule_words`), the id that begins a rule's line an anchor ``#rule-deal.3``, and each
    option's line an anchor ``#option-NAME`` (its name as the page says it, in the language of
    ``gettext``), which the new-table form's option labels link to."""
    from academie.web.game_words import option_label

    labels = {name: html.escape(gettext(option_label(name)), quote=False) for name in GAMES[game_id].options_model.model_fields}
    out = []
    for line in text.split("\n"):
        if m := re.match(r"^(\s*)" + RULE_ID.pattern + r"(?= )", line):
            said = html.escape(rule_words(f"{m['section']}.{m['n']}", gettext), quote=False)
            line = (f'{m[1]}<b class="rule-id" id="rule-{m["section"]}.{m["n"]}">{said}</b>'
                    + RULE_ID.sub(lambda r: rule_words(r[0], gettext), line[m.end():]))
        else:
            line = RULE_ID.sub(lambda r: rule_words(r[0], gettext), line)
            for name, label in list(labels.items()):
                if re.match(rf"^  {re.escape(label)} ?: ", line):
                    line = f'  <span class="option" id="option-{name}">{label}</span>' + line[2 + len(label):]
                    del labels[name]
                    break
        out.append(line)
    return "\n".join(out)


def _edition(game_id: str) -> dict[str, Any]:
    if game_id not in GAMES:
        raise HTTPException(404, i18n.gettext("unknown game {game}; the games are: {games}").format(
            game=repr(game_id[:60]), games=", ".join(sorted(GAMES))))
    from academie.edition.view import game_edition

    return game_edition(game_id)


@router.get("/api/source/{game_id}")
async def source_json(game_id: str) -> JSONResponse:
    """The edition of ``game_id`` as JSON (the shape of ``game_edition``)."""
    return JSONResponse(_edition(game_id))


@router.get("/source/{game_id}", response_class=HTMLResponse)
async def source_page(request: Request, game_id: str) -> Response:
    """The source text of ``game_id`` beside our translation, with the rules of each sentence."""
    from academie.edition.booklet import refs

    d = _edition(game_id)
    rules = {r["id"]: r for r in d["rules"]}
    return templates.TemplateResponse(request, "source.html", {
        "d": d, "game": GAMES[game_id].info, "rules": rules, "refs": refs,
        "short": lambda rid: rule_words(rid.split(":", 1)[1], i18n.gettext), "names": {g: GAMES[g].info.name for g in GAMES},
    })


@router.get("/source/{game_id}/tei.xml")
async def source_tei(game_id: str) -> Response:
    """The TEI P5 XML of ``game_id``'s edition."""
    _edition(game_id)
    from academie.edition.tei import tei_bytes

    return Response(tei_bytes(game_id), media_type="application/tei+xml")


@router.get("/source/{game_id}/booklet", response_class=HTMLResponse)
async def source_booklet(request: Request, game_id: str) -> Response:
    """The printable rules booklet of ``game_id`` (HTML), with the options of the query in force
    (``?rest_reading=others_throw_twice``); an unknown option or value is a 422 ``{"error": …}``
    naming the allowed ones, and no booklet."""
    _edition(game_id)
    from academie.core.errors import AcademieError
    from academie.edition.booklet import booklet_html

    chosen = None
    if request.query_params:
        try:
            chosen = GAMES[game_id].parse_options(dict(request.query_params)).model_dump()
        except AcademieError as exc:
            return JSONResponse({"error": str(exc)}, status_code=422)
    return HTMLResponse(booklet_html(game_id, chosen))
