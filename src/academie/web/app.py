"""The web application: lobby, table creation, tables for seats and onlookers, replays.

Pages are Jinja2 templates drawn on the server; a little plain JavaScript (``static/``) keeps a
WebSocket open to each table and reconnects after a drop. Seat links hold an unguessable token
(:func:`secrets.token_urlsafe`); a token acts only for its seat. Every refusal is JSON
``{"error": "…"}`` with a status: 403 (not this seat's token, a cross-site request), 404 (no
such table or token), 409 (not your turn, a stale action, the match over), 422 (illegal or
malformed).

Tokens stay out of addresses a browser keeps: the invitation link ``/play/TOKEN`` sets an
HttpOnly, SameSite=Strict cookie scoped to ``/seat/TABLE/SEAT`` and redirects there; that page,
its socket (``/seat/TABLE/SEAT/ws``) and its form post (``/seat/TABLE/SEAT/act``) read the
cookie. Programs keep ``/api/play/TOKEN`` and ``/ws/play/TOKEN``; the server's logs show no
token nor creator key (:class:`RedactSecrets`). Every response carries a Content-Security-Policy
with no inline script, frame denial and ``Referrer-Policy: no-referrer``, and no dynamic page
is cached; a request that changes something (a POST, a socket) from another site's page is
refused (:class:`SecurityHeaders`).

A table's seed is drawn by the server (:mod:`secrets`) and never shown before the match is
over; a program may give one (teaching, a study position): such a table is marked
``chosen_seed`` in the lobby, on every page and in every update.
"""

from __future__ import annotations

import asyncio
import functools
import io
import itertools
import json
import logging
import re
import typing
from urllib.parse import urlsplit
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from markupsafe import Markup
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException

from academie.bots import bot_names, bot_parameters
from academie.bots.spec import MAX_SPEC, parse_spec
from academie.core.errors import AcademieError
from academie.core.record import PlayerRecord, confusable_pair
from academie.games import GAMES
from academie.web import i18n
from academie.web.game_words import (bot_label, choice_label, french_rules, option_doc, option_label, plain_doc, worded,
                                     worded_rules)
from academie.web.refusals import refusal
from academie.web.hub import Hub, Limits
from academie.web.live import RECONNECTING, ActionRefused, LiveTable, Watcher, seat_kind
from academie.web import room
from academie.edition.view import plain_doc
from academie.web.edition import anchored_rules, linked_entry, linked_rules
from academie.web.replay import replay_frames
from academie.web.store import DEFAULT_DATABASE, Store, StoreUnavailable, transient
from academie.web.thinking import BotPool

MAX_FRAME = 4096
"""The largest message a client may send on a socket, in bytes (an action is a few dozen): a larger
one closes the socket with code 1009 (``academie serve`` sets uvicorn's ``ws_max_size`` to it too)."""

HERE = Path(__file__).parent
NAMES = ("Anne", "Bastien", "Camille", "Denis", "Élise", "Fabien", "Gaëlle", "Hugo", "Inès",
         "Jules", "Léa", "Marc")


class ActionIn(BaseModel):
    """An action sent by a seat: its notation, and the move number it was chosen at (required: a
    stale one is refused, so a retry never plays twice; a future one is refused too)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    action: str = Field(max_length=40)
    version: int


SEAT_COOKIE = "academie_seat"
"""The cookie holding a seat's token, scoped to the seat's address ``/seat/TABLE/SEAT``."""
CREATOR_COOKIE = "academie_creator"
"""The cookie holding a table's creator key, scoped to ``/seat/TABLE``: the creator's seat page
shows the invitation links of the other seats."""
NO_SUCH_SEAT = 4404
"""The close code of a socket for no seat or table: the page stops reconnecting and says so."""


WEB_LIMITS = {"iterations": 5000, "seconds": 5, "candidates": 32, "moves": 100, "worlds": 1000, "particles": 1000}
"""The most a bot's parameters may ask at a table of the server (a search's size): one table's bot
must not take the processors every other table shares. The command line has no such limit."""


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str | None = None
    kind: str = "human"


class TableIn(BaseModel):
    """A table to create: game id, number of players, options (values or strings), seats."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(strict=True)
    players: int | None = Field(default=None, strict=True)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(default_factory=list)
    seed: int | None = Field(default=None, ge=0, lt=2**63, strict=True)
    """None (the default): the server draws the seed. Given: a chosen deal, for teaching or a
    study position: the table is marked ``chosen_seed`` everywhere, never a fair match."""


MESSAGE_SHAPE = '{"type": "act", "action": "<a legal action, a string>", "version": <the move number>} or {"type": "ping"}'
"""What a socket reads, named in every refusal of a malformed message."""
ACTION_SHAPE = '{"action": "<a legal action, a string>", "version": <the move number>}'
"""The body of an action's POST, named in the refusal of a malformed one."""
TABLE_SHAPE = ('{"game": "<game id>", "players": <n>, "options": {...}, '
               '"seats": [{"name": "<name>", "kind": "human or a bot"}, ...]}')
"""The body of ``POST /api/tables``, named in the refusal of a malformed one."""
MAX_MESSAGE = 2000
"""The longest socket message read, in characters (an action message is under a hundred)."""


def read_message(frame: dict[str, Any]) -> dict[str, Any] | str:
    """A socket frame (``websocket.receive``) read as a message: the JSON object, or the text of
    the refusal (a binary frame, too long, not JSON, nested too deep, not an object, a ``type``
    that is neither ``act`` nor ``ping``, an ``action`` that is not a string)."""
    text = frame.get("text")
    if text is None:
        return f"malformed message: a binary frame; send a text frame holding JSON: {MESSAGE_SHAPE}"
    if len(text) > MAX_MESSAGE:
        return f"malformed message: {len(text):,} characters, at most {MAX_MESSAGE:,}; expected {MESSAGE_SHAPE}"
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return f"malformed message: not JSON (or nested too deep); expected {MESSAGE_SHAPE}"
    if not isinstance(message, dict):
        kind = {str: "string", bool: "boolean", int: "number", float: "number", list: "array"}.get(type(message), "null")
        return f"malformed message: a JSON {kind}, not an object; expected {MESSAGE_SHAPE}"
    if message.get("type") not in ("act", "ping"):
        return f"malformed message: field 'type' must be \"act\" or \"ping\"; expected {MESSAGE_SHAPE}"
    if message["type"] == "act" and "action" in message and not isinstance(message["action"], str):
        return (f"malformed message: field 'action' must be a string in the game's notation, not "
                f"{json.dumps(message['action'])[:40]}; expected {MESSAGE_SHAPE}")
    return message


SECRET_PATH = re.compile(r"(/(?:api/|ws/)?play/|/admin/)[^/?#\s\"']+")


def redact(text: str) -> str:
    """``text`` with every seat token and creator key of a path replaced by ``…``."""
    return SECRET_PATH.sub(r"\1…", text)


class RedactSecrets(logging.Filter):
    """A logging filter that blanks seat tokens and creator keys in paths (uvicorn's access
    and WebSocket lines): a log or a proxy's copy of it never lets anyone play a seat."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def install_redaction() -> None:
    """Put :class:`RedactSecrets` on uvicorn's loggers (once)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())


CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
"""The Content-Security-Policy of every response: the server's own files only, no inline script
nor style, no framing."""

API_DOCS = ("/docs", "/docs/oauth2-redirect", "/redoc")
"""The pages of the API's documentation (FastAPI's Swagger UI and ReDoc)."""
API_DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
                "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
                "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
                "font-src 'self' https://fonts.gstatic.com; worker-src 'self' blob:; connect-src 'self'; "
                "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
"""The policy of :data:`API_DOCS` only: FastAPI draws them with an inline script and the viewers'
files from their CDN (pages that hold no seat, token nor player's text). Every other page keeps
:data:`CSP`."""


def foreign_origin(headers: dict[str, str]) -> str | None:
    """Why a request comes from another site's page, or None. ``Sec-Fetch-Site`` (set by the
    browser, out of a page's reach) decides when sent: ``same-origin`` or ``none`` (typed in) are
    this site. Otherwise the ``Origin`` must be the ``Host`` the request was sent to (``null``,
    from a sandboxed frame or a ``data:`` page, is refused). A request with neither header (a
    program) is not foreign. The pages that post say ``Referrer-Policy: same-origin`` for their
    own requests: under ``no-referrer`` a browser sends ``Origin: null`` even to its own site."""
    site = headers.get("sec-fetch-site")
    if site is not None:
        return None if site in ("same-origin", "none") else f"Sec-Fetch-Site is {site!r}"
    origin = headers.get("origin")
    if origin is None:
        return None
    host = headers.get("host", "").lower()
    if origin == "null" or urlsplit(origin).netloc.lower() != host:
        return f"Origin {origin[:80]!r} is not this server ({host[:80]!r})"
    return None


TOO_MANY_SOCKETS = 4429
"""The close code of a socket past the sockets one client address may hold open
(:attr:`academie.web.hub.Limits.sockets`, ``academie serve --max-sockets``)."""

MAX_BODY = 64 * 1024
"""The most bytes a request's body may hold (a new table, a move, a form): past it, 413."""


class SecurityHeaders:
    """ASGI middleware: the headers above on every response (``Cache-Control: no-store`` on all
    but ``/static/``), and a 403 for a cross-site POST or socket (:func:`foreign_origin`)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if scope["type"] == "http":
            length = headers.get("content-length", "")
            if length.isdigit() and int(length) > MAX_BODY:
                await JSONResponse({"error": f"the request's body is {int(length):,} bytes, at most {MAX_BODY:,}: "
                                             "a table, a move or a form is far smaller"},
                                   status_code=413)(scope, receive, self._send(send, scope))
                return
            receive = self._bounded(receive)
        unsafe = scope["type"] == "websocket" or scope.get("method") not in ("GET", "HEAD", "OPTIONS")
        why = foreign_origin(headers) if unsafe else None
        if why is not None:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4403, "reason": "cross-site socket refused"})
                return
            await JSONResponse({"error": f"cross-site request refused: {why}; a table is changed from its own "
                                         "pages or by a program"}, status_code=403)(scope, receive, self._send(send, scope))
            return
        await self.app(scope, receive, self._send(send, scope))

    @staticmethod
    def _bounded(receive: Any) -> Any:
        """``receive`` that ends a body sent in chunks past :data:`MAX_BODY` bytes as a client gone."""
        seen = 0

        async def wrapped() -> dict:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY:
                    return {"type": "http.disconnect"}
            return message

        return wrapped

    @staticmethod
    def _send(send: Any, scope: dict) -> Any:
        path = scope.get("path", "")
        cache = not path.startswith("/static/")
        policy = (API_DOCS_CSP if path in API_DOCS else CSP).encode()

        async def wrapped(message: dict) -> None:
            if message["type"] == "http.response.start":
                extra = [(b"content-security-policy", policy), (b"x-frame-options", b"DENY"),
                         (b"referrer-policy", b"no-referrer"), (b"x-content-type-options", b"nosniff")]
                if cache:
                    extra.append((b"cache-control", b"no-store"))
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        return wrapped


@functools.lru_cache(maxsize=None)
def rules_text(game_id: str, lang: str = "en") -> str:
    """The text ``academie rules GAME`` prints (:mod:`academie.presentation.rules`), on a text buffer,
    the options' documentation without its reST markup (:func:`~academie.web.game_words.plain_doc`);
    in another ``lang`` than English, its headings, summary and options in that language
    (:func:`~academie.web.game_words.french_rules`); the options and their choices in words, no
    name of the code (:func:`~academie.web.game_words.worded_rules`)."""
    from rich.console import Console

    from academie.presentation.rules import print_rules

    buffer = io.StringIO()
    # Another language's text is printed unwrapped (the page wraps it), read line by line.
    print_rules(GAMES[game_id], Console(file=buffer, width=100 if lang == "en" else 10_000, color_system=None,
                                        highlight=False, force_terminal=False))
    # each line without the console's padding (10,000 columns: the tags' patterns would crawl through it)
    text = plain_doc("\n".join(line.rstrip() for line in buffer.getvalue().split("\n")))
    gettext = i18n.texts(lang)._
    if lang == "en":
        return worded_rules(text, game_id, gettext)
    said = worded_rules(french_rules(text, gettext), game_id, gettext)
    return i18n.french_spacing(said) if lang == "fr" else said


def option_fields(game_id: str) -> list[dict[str, Any]]:
    """Each option of a game as a form field: name, label (its name as a page shows it, a message
    id of the catalog: :mod:`academie.web.game_words`), kind (select, number, text), choices and
    their labels, bounds, default, reading (its documentation, without reST markup, the choices it
    names in their words: :func:`~academie.web.game_words.option_doc`), provenance
    and tag."""
    game = GAMES[game_id]
    fields = game.options_model.model_fields
    out = []
    for doc in game.describe_options():
        info = fields[doc.name]
        ann = info.annotation
        field: dict[str, Any] = {"name": doc.name, "label": option_label(doc.name), "default": doc.default,
                                 "doc": option_doc(doc.doc), "ref": doc.ref, "provenance": doc.provenance,
                                 "allowed": doc.allowed}
        if ann is bool:
            field.update(kind="select", choices=["true", "false"], default=str(doc.default).lower())
        elif typing.get_origin(ann) is typing.Literal:
            field.update(kind="select", choices=[str(c) for c in typing.get_args(ann)], default=str(doc.default))
        elif ann is int:
            lo = next((m.ge for m in info.metadata if getattr(m, "ge", None) is not None), None)
            hi = next((m.le for m in info.metadata if getattr(m, "le", None) is not None), None)
            field.update(kind="number", min=lo, max=hi)
        else:
            field.update(kind="text")
        if field["kind"] == "select":
            field["labels"] = {c: choice_label(c) for c in field["choices"]}
        out.append(field)
    return out


STUDY_BOTS = ("montecarlo",)
"""Bots kept out of the browser's seat choices: searches to study from the terminal and
tournaments (at Belle-Flux ``hard`` is the ``montecarlo`` bot under its level's name)."""


def bot_choices(game_id: str) -> list[str]:
    return [b for b in bot_names(game_id) if b not in STUDY_BOTS]


def seat_rule(game_id: str) -> str:
    """The rule of ``game_id``'s guide that says what seat 0 does (« Seat 0 deals first; … », « In
    turn, from seat 0, each player throws… »), a message of the catalog; '' if none says it."""
    from academie.core.guide import guide_of

    return next((r.text for r in guide_of(GAMES[game_id]).rules() if re.search(r"\b[Ss]eat 0\b", r.text)), "")


def bot_example(game_id: str, bot: str) -> str:
    """A valid parameter of bot ``bot`` of ``game_id`` for the new-table form's placeholder
    (``iterations=200`` for the tree search, within :data:`WEB_LIMITS`; another bot's first
    parameter at its default), or '' for a bot that takes none."""
    declared = bot_parameters(game_id, bot)
    if not declared:
        return ""
    key = "iterations" if "iterations" in declared else next(iter(declared))
    value = 200 if key == "iterations" else declared[key].default
    return f"{key}={value}"


def validate_table(hub: Hub, spec: TableIn, client: str | None = None) -> LiveTable:
    """Create the table ``spec`` asks for, for the address ``client`` (held to the hub's limits:
    429); raises :class:`AcademieError` saying what is wrong."""
    game = GAMES.get(spec.game)
    if game is None:
        raise ActionRefused(f"unknown game {spec.game!r:.60}; the games are: {', '.join(sorted(GAMES))}", 422)
    n = spec.players or (len(spec.seats) if spec.seats else game.info.default_players)
    game.check_players(n)
    options = game.parse_options(spec.options).model_dump(mode="json")
    seats = list(spec.seats) + [SeatIn() for _ in range(n - len(spec.seats))]
    if len(seats) != n:
        raise ActionRefused(f"{len(seats)} seats given for {n} players", 422)
    pairs = []
    given = {(seat.name or "").strip(" ") for seat in seats} - {""}
    for s, seat in enumerate(seats):
        # the ends' spaces trimmed (a form's slip); a blank seat named from the list (seat s: its
        # s-th name, or the next one not given to another seat)
        name = (seat.name or "").strip(" ") or next(
            d for d in (NAMES[k % len(NAMES)] + ("" if k < len(NAMES) else f" {k + 1}") for k in itertools.count(s))
            if d not in given)
        given.add(name)
        try:
            PlayerRecord(name=name, kind="human")
        except ValueError as exc:  # a pydantic ValidationError: its first error's own words
            errors = getattr(exc, "errors", None)
            reason = errors()[0]["msg"].removeprefix("Value error, ") if errors else str(exc)
            raise ActionRefused(f"seat {s}: bad name {name!r:.40}: {reason}", 422) from None
        kind = seat_kind(seat.kind or "human", game.info.id)  # UnknownBotError names the bots, parameters
        if len(kind) > MAX_SPEC:  # seat_kind refuses it already; kept as the store's guard
            raise ActionRefused(f"seat {s}: a bot spec is at most {MAX_SPEC} characters, not {len(kind)}", 422)
        if kind != "human":
            for key, value in parse_spec(kind, game.info.id).params.items():
                if key in WEB_LIMITS and value > WEB_LIMITS[key]:
                    raise ActionRefused(f"seat {s}: on this server a bot's {key} is at most {WEB_LIMITS[key]:,}, "
                                        f"not {value:,} (the server's players share its processors)", 422)
        pairs.append((name, kind))
    names = [p[0] for p in pairs]
    dup = next((x for x in names if names.count(x) > 1), None)
    if dup:
        raise ActionRefused(f"two seats are named {dup!r}: each player has a name of his own", 422)
    alike = confusable_pair(names)
    if alike:
        raise ActionRefused(f"the names {alike[0]!r} and {alike[1]!r} look alike: each player has a name one can "
                            "tell from the others'", 422)
    return hub.create(game.info.id, n, options, pairs, seed=spec.seed, client=client)


def client_of(request: Request) -> str:
    """The address a request came from (the proxy's, unless uvicorn trusts its forwarded-for
    header: ``--forwarded-allow-ips``)."""
    return request.client.host if request.client else "unknown"


LOBBY_PAGE = 30
"""Tables per page of the lobby, in each of its lists."""


def create_app(database: str = DEFAULT_DATABASE, bot_delay: float = 0.6, limits: Limits | None = None,
               lease_seconds: float = 10.0, bot_processes: int | None = None, bots: BotPool | None = None) -> FastAPI:
    """The application over the database at ``database`` (a SQLAlchemy URL); bots wait
    ``bot_delay`` seconds before each move; ``limits`` per client address and idle times
    (:class:`~academie.web.hub.Limits`); a table's bots are another process's for
    ``lease_seconds`` after it was last heard of (:mod:`academie.web.hub`); the bots think in
    ``bots`` (default: a new :class:`~academie.web.thinking.BotPool` of ``bot_processes``
    processes, capped at the ``seconds`` of :data:`WEB_LIMITS`, started and stopped with the
    application)."""
    templates = i18n.install(Jinja2Templates(directory=str(HERE / "templates")))

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # noqa: ANN202
        store = await asyncio.to_thread(Store, database)  # migrated: under a lock on PostgreSQL
        pool = bots or BotPool(bot_processes, cap=WEB_LIMITS["seconds"])
        hub = Hub(store, bot_delay, limits, lease_seconds, pool)
        app.state.hub = hub
        app.state.sockets = {}  # open sockets by client address (Limits.sockets)
        await hub.start()  # no table is loaded: each is rebuilt when first asked for
        try:
            yield
        finally:
            await hub.stop()
            if bots is None:
                await asyncio.to_thread(pool.close)
            store.dispose()

    install_redaction()
    app = FastAPI(title="academie", lifespan=lifespan)
    app.add_middleware(i18n.Language)
    app.add_middleware(SecurityHeaders)
    from academie.web.head import HeadAsGet  # HEAD answered as GET on every page (curl -I, link checkers)

    app.add_middleware(HeadAsGet)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    from academie.web import edition  # the sources beside their translations (/source/GAME)

    app.include_router(edition.router)

    @app.get("/lang/{code}", include_in_schema=False)
    async def language(request: Request, code: str, next: str = "/") -> Response:
        """Switch the interface's language (a cookie for a year) and go back to ``next`` (a path of
        this site); an unknown language is refused with the list of the languages."""
        if code not in i18n.LANGUAGES:
            raise StarletteHTTPException(404, f"no language {code!r:.20}; the languages are: {', '.join(i18n.LANGUAGES)}")
        back = next if next.startswith("/") and not next.startswith("//") and "\\" not in next else "/"
        response = RedirectResponse(back, status_code=303)
        response.set_cookie(i18n.LANG_COOKIE, code, max_age=365 * 24 * 3600, samesite="lax",
                            secure=request.url.scheme == "https")
        return response

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:  # asked for by clients that do not read the page's icon link
        return RedirectResponse("/static/favicon.svg", status_code=301)

    def hub_of(request: Request | WebSocket) -> Hub:
        return request.app.state.hub

    def error(message: str, status: int) -> JSONResponse:
        return JSONResponse({"error": refusal(message, i18n.current())}, status_code=status)

    @app.exception_handler(StoreUnavailable)
    @app.exception_handler(DBAPIError)
    async def _database(request: Request, exc: Exception) -> Response:
        # the database's own words (its host, its port) are for the log, not for the client
        if isinstance(exc, DBAPIError) and not transient(exc):
            raise exc
        logging.getLogger("academie.web").warning("database unreachable: %s", str(exc).splitlines()[0])
        return error(RECONNECTING, 503)

    @app.exception_handler(RequestValidationError)
    async def _malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        err = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "malformed"}
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        shape = expected_body(request.url.path)
        return error(f"malformed request: {where + ': ' if where else ''}{err.get('msg')}"
                     + (f"; expected {shape}" if shape else ""), 422)

    def expected_body(path: str) -> str | None:
        """The JSON body a POST to ``path`` takes, for refusals of a malformed one."""
        if path.startswith("/api/play/") or (path.startswith("/seat/") and path.endswith("/act")):
            return ACTION_SHAPE
        if path == "/api/tables":
            return TABLE_SHAPE
        return None

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        if request.url.path.startswith("/api/") or exc.status_code != 404:
            return error(str(exc.detail), exc.status_code)
        return templates.TemplateResponse(request, "message.html", {"title": i18n.gettext("Not found"), "message": str(exc.detail)},
                                          status_code=404)

    async def table_or_404(hub: Hub, table_id: str) -> LiveTable:
        table = await hub.table(table_id)
        if table is None:
            raise StarletteHTTPException(404, "no table has this id")
        return table

    async def seat_or_404(hub: Hub, token: str) -> tuple[LiveTable, int]:
        found = await hub.seat(token)
        if found is None:
            raise StarletteHTTPException(404, "no seat has this token")
        return found

    # --- pages --------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> Response:
        hub = hub_of(request)
        asked = request.query_params.get("page", "1")
        page = int(asked) if asked.isdigit() and 0 < int(asked) < 10**6 else 1
        offset = (page - 1) * LOBBY_PAGE
        in_play, more_in_play = await asyncio.to_thread(hub.store.lobby, False, offset, LOBBY_PAGE)
        finished, more_finished = await asyncio.to_thread(hub.store.lobby, True, offset, LOBBY_PAGE)
        names = {g.info.id: g.info.name for g in GAMES.values()}
        return templates.TemplateResponse(request, "lobby.html", {
            "games": [g.info for g in GAMES.values()], "game_names": names,
            "open": in_play, "finished": finished, "page": page,
            "older": page + 1 if more_in_play or more_finished else None, "newer": page - 1 if page > 1 else None,
        })

    @app.get("/rules/{game_id}", response_class=HTMLResponse)
    async def rules(request: Request, game_id: str) -> Response:
        if game_id not in GAMES:
            raise StarletteHTTPException(404, f"unknown game {game_id!r}")
        return templates.TemplateResponse(request, "rules.html", {
            "game": GAMES[game_id].info, "text": Markup(anchored_rules(linked_rules(game_id, rules_text(game_id, i18n.current())), game_id,
                                        i18n.gettext))})

    def new_form(request: Request, game_id: str, players: int | None, values: dict[str, str], message: str = "",
                 status: int = 200) -> Response:
        game = GAMES[game_id]
        message = refusal(message, i18n.current())
        n = players if players and game.info.min_players <= players <= game.info.max_players else game.info.default_players
        return templates.TemplateResponse(request, "new.html", {
            "game": game.info, "players": n, "fields": option_fields(game_id), "bots": bot_choices(game_id),
            "seat_rule": seat_rule(game_id), "bot_label": bot_label, "examples": {b: bot_example(game_id, b) for b in bot_choices(game_id)},
            # an option's documentation in the reader's language, its choices quoted as the menus name them
            "worded": lambda doc: worded(i18n.gettext(doc), game_id, i18n.gettext),
            "names": NAMES, "values": values, "message": message,
            "player_range": range(game.info.min_players, game.info.max_players + 1),
        }, status_code=status)

    @app.get("/new/{game_id}", response_class=HTMLResponse)
    async def new_table(request: Request, game_id: str, players: str | None = None) -> Response:
        if game_id not in GAMES:
            raise StarletteHTTPException(404, f"unknown game {game_id!r}")
        # a page, whatever the link says: a number of players that is not one gives the default,
        # and the page says why
        info = GAMES[game_id].info
        count = int(players) if players is not None and re.fullmatch(r"[0-9]{1,3}", players) else None
        message = ""
        if players is not None and (count is None or not info.min_players <= count <= info.max_players):
            shown = players if len(players) <= 12 else players[:11] + "…"
            message = (f"{info.name} is played by {info.min_players} to {info.max_players} players, not {shown!r}: "
                       f"the form shows {info.default_players}")
            count = None
        return new_form(request, game_id, count, {}, message)

    @app.post("/new/{game_id}")
    async def create_from_form(request: Request, game_id: str) -> Response:
        if game_id not in GAMES:
            raise StarletteHTTPException(404, f"unknown game {game_id!r}")
        form = await request.form()
        values = {k: str(v) for k, v in form.items()}
        try:
            n = int(values.get("players", ""))
        except ValueError:
            return new_form(request, game_id, None, values, "the number of players is a whole number", 422)
        try:  # before a seat is read: the range is the game's
            GAMES[game_id].check_players(n)
        except AcademieError as exc:
            return new_form(request, game_id, None, values, str(exc), 422)
        options = {k[4:]: v for k, v in values.items() if k.startswith("opt_")}
        seats = []
        for s in range(n):
            kind = values.get(f"kind_{s}", "human")
            params = [p for p in re.split(r"[\s,;:]+", values.get(f"params_{s}", "")) if p]
            if kind != "human" and params:
                kind = ":".join([kind, *params])
            seats.append(SeatIn(name=values.get(f"name_{s}"), kind=kind))
        try:
            table = validate_table(hub_of(request), TableIn(game=game_id, players=n, options=options, seats=seats),
                                   client_of(request))
        except AcademieError as exc:
            return new_form(request, game_id, n, values, str(exc), exc.status if isinstance(exc, ActionRefused) else 422)
        table.wake_bots()
        return seated(request, table)

    def seated(request: Request, table: LiveTable, seat: int | None = None, creator: bool = True) -> Response:
        """A person taken to his seat of ``table`` at once (``seat``, else the first person's): its
        token goes into a cookie of this browser, scoped to the seat's address, and, when he made
        the table (``creator``), the table's creator key too, scoped to the table's addresses (his
        seat's page then shows the other seats' links); a table of bots only sends its creator to
        its links' page. A seat joining a rematch another began is no creator: no cookie of his
        opens another seat's link."""
        humans = [s.seat for s in table.row.seats if s.kind == "human"]
        if seat not in humans:
            seat = humans[0] if humans else None
        if seat is None:
            if not creator:
                raise StarletteHTTPException(404, "no seat of a person at this table")
            return RedirectResponse(f"/admin/{table.row.admin_key}", status_code=303)
        home = f"/seat/{table.id}/{seat}"
        response = RedirectResponse(home, status_code=303)
        secure = request.url.scheme == "https"
        response.set_cookie(SEAT_COOKIE, table.row.seats[seat].token, path=home, httponly=True, samesite="strict",
                            secure=secure, max_age=180 * 24 * 3600)
        if creator:
            response.set_cookie(CREATOR_COOKIE, table.row.admin_key, path=f"/seat/{table.id}", httponly=True,
                                samesite="strict", secure=secure, max_age=180 * 24 * 3600)
        return response

    @app.post("/seat/{table_id}/{seat}/rematch")
    async def rematch(request: Request, table_id: str, seat: int) -> Response:
        """One rematch per finished table: the first seat to ask makes a new table of the same
        game, options and seats (names, persons and bots) and is seated at once; the others'
        pages are told (a socket message ``rematch``), and each who asks after is seated at his
        own seat of that same table. The rematch's id is kept with the table in the database, so
        a seat asking through another server process joins the same one. Only the seat who began
        it is the new table's creator (the other seats' links on his page); a seat who joins it
        gets his own seat's cookie only."""
        hub = hub_of(request)
        table = await seat_of_cookie(hub, request, table_id, seat)
        if table is None:
            return error("this browser holds no seat at this table: open your invitation link", 404)
        if not table.state.is_terminal():
            return error("a rematch is asked for once the match is over", 409)
        made = table.row.rematch or await asyncio.to_thread(hub.store.rematch_of, table.id)
        began = False
        if made is None:
            spec = TableIn(game=table.game.info.id, players=len(table.names), options=dict(table.row.options),
                           seats=[SeatIn(name=s.name, kind=s.kind) for s in table.row.seats])
            try:
                new = validate_table(hub, spec, client_of(request))
            except AcademieError as exc:
                return error(str(exc), exc.status if isinstance(exc, ActionRefused) else 422)
            # two seats asking at once: one claim is stored, the other's table is never played
            # (pruned as abandoned, README's idle times)
            made = await asyncio.to_thread(hub.store.claim_rematch, table.id, new.id)
            if made == new.id:
                began = True
                new.wake_bots()
                table.row.rematch = made
                table.tell_rematch(table.names[seat])
        table.row.rematch = made
        new = await hub.table(made)
        if new is None:
            return error("the rematch's table is no longer kept on this server", 404)
        return seated(request, new, seat, creator=began)

    @app.get("/admin/{key}", response_class=HTMLResponse)
    async def admin(request: Request, key: str) -> Response:
        table = await hub_of(request).admin(key)
        if table is None:
            raise StarletteHTTPException(404, "no table has this creator's link")
        base = str(request.base_url).rstrip("/")
        return templates.TemplateResponse(request, "admin.html", {"t": table, "base": base, "seats": table.row.seats})

    def table_page(request: Request, table: LiveTable, seat: int | None) -> Response:
        lang = i18n.current()
        snap = table.snapshot(None, seat, full=True, lang=lang)
        home = f"/seat/{table.id}/{seat}" if seat is not None else None
        creator = seat is not None and request.cookies.get(CREATOR_COOKIE) == table.row.admin_key
        invites = [s for s in table.row.seats if s.kind == "human" and s.seat != seat] if creator else []
        _ = i18n.gettext
        return templates.TemplateResponse(request, "table.html", {
            "t": table, "seat": seat, "snap": snap, "game": table.game.info,
            "invites": invites, "base": str(request.base_url).rstrip("/"),
            "entry_html": lambda text: Markup(linked_entry(table.game.info.id, room.plain_log(text, lang))),
            "config": json.dumps({
                "ws": f"{home}/ws" if home else f"/ws/watch/{table.id}",
                # the page's language, named in its socket's address (table.js): the updates speak it,
                # whatever Accept-Language the socket's handshake carries (Chromium sends its own)
                "lang": lang,
                "post": f"{home}/act" if home else None,
                "hint": f"{home}/hint" if home else None,
                "version": snap["version"], "logCount": len(snap["log"]),
                "words": {"live": _("live"), "reconnecting": _("reconnecting…"), "noSeat": _("no seat"),
                          "gone": _("The server knows no such seat or table: nothing more will be tried. "
                                    "Open your invitation link again."),
                          "cite": _("the source's sentence"), "copied": _("Copied"),
                          "rematchBy": _("{name} has begun a rematch at the same seats: join it."),
                          "joinRematch": _("Join the rematch"), "thinking": _("Thinking over your moves…")},
            }),
        })

    async def seat_of_cookie(hub: Hub, request: Request | WebSocket, table_id: str, seat: int) -> LiveTable | None:
        """The table whose seat ``seat`` the cookie of this browser holds, or None."""
        token = request.cookies.get(SEAT_COOKIE)
        found = await hub.seat(token) if token else None
        if found is None or found[0].id != table_id or found[1] != seat:
            return None
        return found[0]

    @app.get("/play/{token}", response_class=HTMLResponse)
    async def play(request: Request, token: str) -> Response:
        """The invitation link: the seat's token goes into a cookie of this browser, scoped to
        the seat's token-free address, where the browser is sent (303)."""
        table, seat = await seat_or_404(hub_of(request), token)
        home = f"/seat/{table.id}/{seat}"
        response = RedirectResponse(home, status_code=303)
        response.set_cookie(SEAT_COOKIE, token, path=home, httponly=True, samesite="strict",
                            secure=request.url.scheme == "https", max_age=180 * 24 * 3600)
        return response

    @app.get("/seat/{table_id}/{seat}", response_class=HTMLResponse)
    async def seat_page(request: Request, table_id: str, seat: int) -> Response:
        table = await seat_of_cookie(hub_of(request), request, table_id, seat)
        if table is None and request.headers.get("sec-fetch-site") == "cross-site":
            # Followed from another site's page (a mail's link): the browser keeps a SameSite=Strict
            # cookie from a cross-site navigation, so the page asks again, from this site.
            return templates.TemplateResponse(request, "message.html", {
                "title": i18n.gettext("Opening your seat…"), "message": i18n.gettext("Opening your seat at this table…"),
                "refresh": f"/seat/{table_id}/{seat}", "link": f"/seat/{table_id}/{seat}"})
        if table is None:
            return templates.TemplateResponse(request, "message.html", {
                "title": i18n.gettext("No seat here"), "message": i18n.gettext(
                    "This browser holds no seat at this table: open your invitation link (/play/…) to take your "
                    "seat, or watch the table."), "link": f"/watch/{table_id}"},
                status_code=404)
        return table_page(request, table, seat)

    @app.post("/seat/{table_id}/{seat}/act")
    async def seat_act(request: Request, table_id: str, seat: int, move: ActionIn) -> Any:
        table = await seat_of_cookie(hub_of(request), request, table_id, seat)
        if table is None:
            return error("this browser holds no seat at this table: open your invitation link", 404)
        try:
            version = await table.act(seat, move.action, move.version)
        except ActionRefused as exc:
            return error(str(exc), exc.status)
        return {"ok": True, "version": version}

    def hint_lang(request: Request) -> str:
        """The language of a hint: the page's, named in the request (``?lang=``), else the request's."""
        lang = request.query_params.get("lang")
        return lang if lang in i18n.LANGUAGES else i18n.current()

    @app.get("/seat/{table_id}/{seat}/hint")
    async def seat_hint(request: Request, table_id: str, seat: int) -> Any:
        """The hints of this browser's seat's move (:meth:`LiveTable.hints`): 404 when the cookie
        holds no seat ``seat`` of this table, 409 when it is not that seat's turn."""
        table = await seat_of_cookie(hub_of(request), request, table_id, seat)
        if table is None:
            return error("this browser holds no seat at this table: open your invitation link", 404)
        try:
            return await table.hints(seat, hint_lang(request))
        except ActionRefused as exc:
            return error(str(exc), exc.status)

    @app.get("/api/play/{token}/hint")
    async def api_hint(request: Request, token: str) -> Any:
        """The hints of the move of the seat of ``token`` (:meth:`LiveTable.hints`); 409 when it
        is not that seat's turn."""
        table, seat = await seat_or_404(hub_of(request), token)
        try:
            return await table.hints(seat, hint_lang(request))
        except ActionRefused as exc:
            return error(str(exc), exc.status)

    @app.get("/watch/{table_id}", response_class=HTMLResponse)
    async def watch(request: Request, table_id: str) -> Response:
        return table_page(request, await table_or_404(hub_of(request), table_id), None)

    @app.get("/replay/{table_id}", response_class=HTMLResponse)
    async def replay_page(request: Request, table_id: str) -> Response:
        table = await table_or_404(hub_of(request), table_id)
        if not table.state.is_terminal():
            return templates.TemplateResponse(request, "message.html", {
                "title": i18n.gettext("Not over yet"), "message": i18n.gettext("A match is replayed once it is over; watch it meanwhile."),
                "link": f"/watch/{table.id}"}, status_code=409)
        return templates.TemplateResponse(request, "replay.html", {"t": table, "game": table.game.info})

    @app.get("/record/{table_id}")
    async def record(request: Request, table_id: str) -> Response:
        table = await table_or_404(hub_of(request), table_id)
        if not table.state.is_terminal():
            return error("the record is given once the match is over (its seed decides every card)", 409)
        name = f"{table.game.info.id}-{table.id}.json"
        return Response(table.game_record().dumps(), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    # --- API ----------------------------------------------------------------------------
    @app.get("/api/games")
    async def api_games() -> Any:
        return [{"id": g.info.id, "name": g.info.name, "summary": g.info.summary,
                 "min_players": g.info.min_players, "max_players": g.info.max_players,
                 "default_players": g.info.default_players, "bots": bot_choices(g.info.id),
                 "options": option_fields(g.info.id)} for g in GAMES.values()]

    @app.post("/api/tables")
    async def api_create(request: Request, spec: TableIn) -> Any:
        try:
            table = validate_table(hub_of(request), spec, client_of(request))
        except ActionRefused as exc:
            return error(str(exc), exc.status)
        except AcademieError as exc:
            return error(str(exc), 422)
        table.wake_bots()
        return {"id": table.id, "admin": f"/admin/{table.row.admin_key}", "watch": f"/watch/{table.id}",
                "chosen_seed": table.row.chosen_seed,
                "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind,
                           "link": f"/play/{s.token}" if s.kind == "human" else None,
                           "token": s.token if s.kind == "human" else None} for s in table.row.seats]}

    @app.get("/api/play/{token}")
    async def api_seat(request: Request, token: str) -> Any:
        table, seat = await seat_or_404(hub_of(request), token)
        return table.snapshot(None, seat, full=True)

    @app.get("/api/watch/{table_id}")
    async def api_watch(request: Request, table_id: str) -> Any:
        return (await table_or_404(hub_of(request), table_id)).snapshot(None, None, full=True)

    @app.post("/api/play/{token}")
    async def api_act(request: Request, token: str, move: ActionIn) -> Any:
        table, seat = await seat_or_404(hub_of(request), token)
        try:
            version = await table.act(seat, move.action, move.version)
        except ActionRefused as exc:
            return error(str(exc), exc.status)
        return {"ok": True, "version": version}

    @app.get("/api/replay/{table_id}")
    async def api_replay(request: Request, table_id: str) -> Any:
        table = await table_or_404(hub_of(request), table_id)
        if not table.state.is_terminal():
            return error("a match is replayed once it is over", 409)
        lang = i18n.current()
        frames = getattr(table, "frames", None)
        if not isinstance(frames, dict) or lang not in frames:  # drawn once a table and a language
            table.frames = {**(frames if isinstance(frames, dict) else {}),
                            lang: await asyncio.to_thread(replay_frames, table, lang)}
        return table.frames[lang]

    # --- sockets ------------------------------------------------------------------------
    async def serve_socket(ws: WebSocket, table: LiveTable, seat: int | None) -> None:
        """One socket: updates sent from the watcher's bounded queue (a client too far behind is
        dropped with code 1013, and reconnects), messages read one at a time (one over
        :data:`MAX_FRAME` bytes closes the socket with code 1009)."""
        await ws.accept()
        address = ws.client.host if ws.client else "unknown"
        open_here = ws.app.state.sockets
        most = hub_of(ws).limits.sockets
        if open_here.get(address, 0) >= most:
            await ws.close(code=TOO_MANY_SOCKETS, reason=f"too many sockets from your address (at most {most})")
            return
        open_here[address] = open_here.get(address, 0) + 1
        try:
            await _serve_socket(ws, table, seat)
        finally:
            open_here[address] -= 1
            if not open_here[address]:
                del open_here[address]

    async def _serve_socket(ws: WebSocket, table: LiveTable, seat: int | None) -> None:
        asked = ws.query_params.get("lang")  # the page's language (table_page), else the handshake's
        lang = asked if asked in i18n.LANGUAGES else ws.scope.get("state", {}).get("lang", "en")
        watcher = Watcher(seat, lang=lang)
        async with table.lock:
            table.watchers.add(watcher)
            watcher.offer(table.snapshot(watcher, seat, full=True))
            table.presence_changed(seat)

        async def pump() -> None:
            while True:
                await ws.send_text(await watcher.queue.get())

        handler = asyncio.current_task()

        async def drop() -> None:
            """When the client fell too far behind: no more updates, the socket closed."""
            await watcher.dropped.wait()
            sender.cancel()
            try:  # a client that does not read may never take the close frame
                await asyncio.wait_for(ws.close(code=1013, reason="too many updates unread: reconnect"), 2)
            except Exception:
                if handler is not None:
                    handler.cancel()

        async def receive() -> tuple[int, str] | None:
            """Read and answer messages; the close code and reason when the socket is to close."""
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    return None
                raw = frame.get("text")
                if raw is None:
                    raw = (frame.get("bytes") or b"").decode("utf-8", "replace")
                if len(raw) > MAX_FRAME or len(raw.encode("utf-8", "surrogatepass")) > MAX_FRAME:
                    return 1009, f"a message is at most {MAX_FRAME} bytes"
                message = read_message(frame)
                if isinstance(message, str):
                    watcher.offer({"type": "error", "message": message, "status": 422})
                    continue
                if message["type"] == "ping":
                    watcher.offer({"type": "pong"})
                    continue
                if seat is None:
                    watcher.offer({"type": "error", "message": refusal("an onlooker cannot play: open a seat's link", i18n.current())})
                    continue
                extra = set(message) - {"type", "action", "version"}
                if extra:
                    watcher.offer({"type": "error", "message": f"malformed message: unknown field {sorted(extra)[0]!r}; expected {MESSAGE_SHAPE}", "status": 422})
                    continue
                try:
                    version = await table.act(seat, message.get("action"), message.get("version"))
                except ActionRefused as exc:
                    watcher.offer({"type": "error", "message": refusal(str(exc), i18n.current()), "status": exc.status,
                                   "code": exc.code})
                else:
                    watcher.offer({"type": "ack", "version": version})

        sender, dropper = asyncio.create_task(pump()), asyncio.create_task(drop())
        try:
            closing = await receive()
        except Exception:  # the socket closed under the reader (the client gone, or dropped)
            closing = None
        finally:
            table.watchers.discard(watcher)
            table.presence_changed(seat)
            sender.cancel()
            dropper.cancel()
        if closing is not None:
            await ws.close(code=closing[0], reason=closing[1])

    async def no_such(ws: WebSocket, reason: str) -> None:
        """Accept, then close with code 4404 (:data:`NO_SUCH_SEAT`): a browser sees the code (a
        refused handshake shows only 1006) and stops retrying."""
        await ws.accept()
        await ws.close(code=NO_SUCH_SEAT, reason=reason)

    @app.websocket("/ws/play/{token}")
    async def ws_play(ws: WebSocket, token: str) -> None:
        found = await hub_of(ws).seat(token)
        if found is None:
            await no_such(ws, "no seat has this token")
            return
        await serve_socket(ws, *found)

    @app.websocket("/seat/{table_id}/{seat}/ws")
    async def ws_seat(ws: WebSocket, table_id: str, seat: int) -> None:
        table = await seat_of_cookie(hub_of(ws), ws, table_id, seat)
        if table is None:
            await no_such(ws, "this browser holds no seat here: open your invitation link")
            return
        await serve_socket(ws, table, seat)

    @app.websocket("/ws/watch/{table_id}")
    async def ws_watch(ws: WebSocket, table_id: str) -> None:
        table = await hub_of(ws).table(table_id)
        if table is None:
            await no_such(ws, "no table has this id")
            return
        await serve_socket(ws, table, None)

    return app
