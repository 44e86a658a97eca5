"""The browser's edition pages: a game's source text side by side with our translation, each
sentence linked to the rules and options that play it and each rule to its sentences.

An :class:`fastapi.APIRouter`, included in the app with ``app.include_router(edition.router)``:

- ``GET /source/{game_id}``: the HTML page (template ``source.html``);
- ``GET /api/source/{game_id}``: the same data as JSON (:func:`academie.edition.view.game_edition`);
- ``GET /source/{game_id}/tei.xml``: the TEI P5 export; ``GET /source/{game_id}/booklet``: the
  printable booklet (HTML).

An unknown game is a 404 naming the games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates

from academie.games import GAMES

HERE = Path(__file__).resolve().parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
router = APIRouter()


def _edition(game_id: str) -> dict[str, Any]:
    if game_id not in GAMES:
        raise HTTPException(404, f"unknown game {game_id!r}; the games are: {', '.join(sorted(GAMES))}")
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
        "short": lambda rid: rid.split(":", 1)[1],
    })


@router.get("/source/{game_id}/tei.xml")
async def source_tei(game_id: str) -> Response:
    """The TEI P5 XML of ``game_id``'s edition."""
    _edition(game_id)
    from academie.edition.tei import tei_bytes

    return Response(tei_bytes(game_id), media_type="application/tei+xml")


@router.get("/source/{game_id}/booklet", response_class=HTMLResponse)
async def source_booklet(game_id: str) -> HTMLResponse:
    """The printable rules booklet of ``game_id`` (HTML)."""
    _edition(game_id)
    from academie.edition.booklet import booklet_html

    return HTMLResponse(booklet_html(game_id))
