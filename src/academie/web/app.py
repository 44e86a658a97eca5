"""The web application: lobby, table creation, tables for seats and onlookers, replays.

Pages are Jinja2 templates drawn on the server; a little plain JavaScript (``static/``) keeps a
WebSocket open to each table and reconnects after a drop. Seat links hold an unguessable token
(:func:`secrets.token_urlsafe`); a token acts only for its seat. Every refusal is JSON
``{"error": "…"}`` with a status: 403 (not this seat's token), 404 (no such table or token),
409 (not your turn, a stale action, the match over), 422 (illegal or malformed).
"""

from __future__ import annotations

import asyncio
import functools
import io
import json
import logging
import re
import typing
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException

from academie.bots import bot_names
from academie.bots.spec import MAX_SPEC, parse_spec
from academie.core.errors import AcademieError
from academie.core.record import PlayerRecord
from academie.games import GAMES
from academie.web.live import RECONNECTING, ActionRefused, Hub, LiveTable, Watcher, seat_kind
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


WEB_LIMITS = {"iterations": 5000, "seconds": 5, "candidates": 32, "moves": 100, "worlds": 1000}
"""The most a bot's parameters may ask at a table of the server (a search's size): one table's bot
must not take the processors every other table shares. The command line has no such limit."""


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str | None = None
    kind: str = "human"


class TableIn(BaseModel):
    """A table to create: game id, number of players, options (values or strings), seats."""

    model_config = ConfigDict(extra="forbid")
    game: str
    players: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(default_factory=list)
    seed: int | None = Field(default=None, ge=0, lt=2**63)


@functools.lru_cache(maxsize=None)
def rules_text(game_id: str) -> str:
    """The text ``academie rules GAME`` prints (:mod:`academie.presentation.rules`), on a text buffer."""
    from rich.console import Console

    from academie.presentation.rules import print_rules

    buffer = io.StringIO()
    print_rules(GAMES[game_id], Console(file=buffer, width=100, color_system=None, highlight=False,
                                 force_terminal=False))
    return buffer.getvalue()


def option_fields(game_id: str) -> list[dict[str, Any]]:
    """Each option of a game as a form field: name, kind (select, number, text), choices,
    bounds, default, reading (its documentation), provenance and tag."""
    game = GAMES[game_id]
    fields = game.options_model.model_fields
    out = []
    for doc in game.describe_options():
        info = fields[doc.name]
        ann = info.annotation
        field: dict[str, Any] = {"name": doc.name, "default": doc.default, "doc": doc.doc, "ref": doc.ref,
                                 "provenance": doc.provenance, "allowed": doc.allowed}
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
        out.append(field)
    return out


def bot_choices(game_id: str) -> list[str]:
    return bot_names(game_id)


def validate_table(hub: Hub, spec: TableIn) -> LiveTable:
    """Create the table ``spec`` asks for; raises :class:`AcademieError` saying what is wrong."""
    game = GAMES.get(spec.game)
    if game is None:
        raise ActionRefused(f"unknown game {spec.game!r}; the games are: {', '.join(sorted(GAMES))}", 422)
    n = spec.players or (len(spec.seats) if spec.seats else game.info.default_players)
    game.check_players(n)
    options = game.parse_options(spec.options).model_dump(mode="json")
    seats = list(spec.seats) + [SeatIn() for _ in range(n - len(spec.seats))]
    if len(seats) != n:
        raise ActionRefused(f"{len(seats)} seats given for {n} players", 422)
    pairs = []
    for s, seat in enumerate(seats):
        name = (seat.name or "").strip() or NAMES[s % len(NAMES)] + ("" if s < len(NAMES) else f" {s + 1}")
        try:
            PlayerRecord(name=name, kind="human")
        except ValueError as exc:  # a pydantic ValidationError: its first error's own words
            errors = getattr(exc, "errors", None)
            reason = errors()[0]["msg"].removeprefix("Value error, ") if errors else str(exc)
            raise ActionRefused(f"seat {s + 1}: bad name {name!r:.40}: {reason}", 422) from None
        kind = seat_kind(seat.kind or "human", game.info.id)  # UnknownBotError names the bots, parameters
        if len(kind) > MAX_SPEC:  # seat_kind refuses it already; kept as the store's guard
            raise ActionRefused(f"seat {s + 1}: a bot spec is at most {MAX_SPEC} characters, not {len(kind)}", 422)
        if kind != "human":
            for key, value in parse_spec(kind, game.info.id).params.items():
                if key in WEB_LIMITS and value > WEB_LIMITS[key]:
                    raise ActionRefused(f"seat {s + 1}: on this server a bot's {key} is at most {WEB_LIMITS[key]:,}, "
                                        f"not {value:,} (the server's players share its processors)", 422)
        pairs.append((name, kind))
    names = [p[0] for p in pairs]
    dup = next((x for x in names if names.count(x) > 1), None)
    if dup:
        raise ActionRefused(f"two seats are named {dup!r}: each player has a name of his own", 422)
    return hub.create(game.info.id, n, options, pairs, seed=spec.seed)


def create_app(database: str = DEFAULT_DATABASE, bot_delay: float = 0.6, bot_processes: int | None = None,
               bots: BotPool | None = None) -> FastAPI:
    """The application over the database at ``database`` (a SQLAlchemy URL); bots wait
    ``bot_delay`` seconds before each move and think in ``bots`` (default: a new
    :class:`~academie.web.thinking.BotPool` of ``bot_processes`` processes, capped at the
    ``seconds`` of :data:`WEB_LIMITS`, started and stopped with the application)."""
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # noqa: ANN202
        store = Store(database)
        pool = bots or BotPool(bot_processes, cap=WEB_LIMITS["seconds"])
        hub = Hub(store, bot_delay, pool)
        await asyncio.to_thread(hub.load)
        app.state.hub = hub
        hub.start_bots()
        try:
            yield
        finally:
            for table in hub.tables.values():
                if table.bot_task is not None:
                    table.bot_task.cancel()
            if bots is None:
                await asyncio.to_thread(pool.close)
            store.dispose()

    app = FastAPI(title="academie", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:  # asked for by clients that do not read the page's icon link
        return RedirectResponse("/static/favicon.svg", status_code=301)

    def hub_of(request: Request | WebSocket) -> Hub:
        return request.app.state.hub

    def error(message: str, status: int) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

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
        return error(f"malformed request: {where + ': ' if where else ''}{err.get('msg')}", 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        if request.url.path.startswith("/api/") or exc.status_code != 404:
            return error(str(exc.detail), exc.status_code)
        return templates.TemplateResponse(request, "message.html", {"title": "Not found", "message": str(exc.detail)},
                                          status_code=404)

    def table_or_404(hub: Hub, table_id: str) -> LiveTable:
        table = hub.tables.get(table_id)
        if table is None:
            raise StarletteHTTPException(404, "no table has this id")
        return table

    def seat_or_404(hub: Hub, token: str) -> tuple[LiveTable, int]:
        table = hub.by_token.get(token)
        if table is None:
            raise StarletteHTTPException(404, "no seat has this token")
        return table, table.tokens[token]

    # --- pages --------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> Response:
        hub = hub_of(request)
        tables = sorted(hub.tables.values(), key=lambda t: -t.updated)
        return templates.TemplateResponse(request, "lobby.html", {
            "games": [g.info for g in GAMES.values()],
            "open": [t for t in tables if not t.state.is_terminal()][:50],
            "finished": [t for t in tables if t.state.is_terminal()][:50],
        })

    @app.get("/rules/{game_id}", response_class=HTMLResponse)
    async def rules(request: Request, game_id: str) -> Response:
        if game_id not in GAMES:
            raise StarletteHTTPException(404, f"unknown game {game_id!r}")
        return templates.TemplateResponse(request, "rules.html", {"game": GAMES[game_id].info, "text": rules_text(game_id)})

    def new_form(request: Request, game_id: str, players: int | None, values: dict[str, str], message: str = "",
                 status: int = 200) -> Response:
        game = GAMES[game_id]
        n = players if players and game.info.min_players <= players <= game.info.max_players else game.info.default_players
        return templates.TemplateResponse(request, "new.html", {
            "game": game.info, "players": n, "fields": option_fields(game_id), "bots": bot_choices(game_id),
            "names": NAMES, "values": values, "message": message,
            "player_range": range(game.info.min_players, game.info.max_players + 1),
        }, status_code=status)

    @app.get("/new/{game_id}", response_class=HTMLResponse)
    async def new_table(request: Request, game_id: str, players: str | None = None) -> Response:
        if game_id not in GAMES:
            raise StarletteHTTPException(404, f"unknown game {game_id!r}")
        # a page, whatever the link says: a number of players that is not one gives the default
        count = int(players) if players is not None and players.isdigit() and len(players) < 4 else None
        return new_form(request, game_id, count, {})

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
            table = validate_table(hub_of(request), TableIn(game=game_id, players=n, options=options, seats=seats))
        except AcademieError as exc:
            return new_form(request, game_id, n, values, str(exc), 422)
        table.wake_bots()
        return RedirectResponse(f"/admin/{table.row.admin_key}", status_code=303)

    @app.get("/admin/{key}", response_class=HTMLResponse)
    async def admin(request: Request, key: str) -> Response:
        table = hub_of(request).by_admin.get(key)
        if table is None:
            raise StarletteHTTPException(404, "no table has this creator's link")
        base = str(request.base_url).rstrip("/")
        return templates.TemplateResponse(request, "admin.html", {"t": table, "base": base, "seats": table.row.seats})

    def table_page(request: Request, table: LiveTable, seat: int | None, token: str | None) -> Response:
        snap = table.snapshot(None, seat, full=True)
        return templates.TemplateResponse(request, "table.html", {
            "t": table, "seat": seat, "snap": snap, "game": table.game.info,
            "config": json.dumps({
                "ws": f"/ws/play/{token}" if token else f"/ws/watch/{table.id}",
                "post": f"/api/play/{token}" if token else None,
                "version": snap["version"], "logCount": len(snap["log"]),
            }),
        })

    @app.get("/play/{token}", response_class=HTMLResponse)
    async def play(request: Request, token: str) -> Response:
        table, seat = seat_or_404(hub_of(request), token)
        return table_page(request, table, seat, token)

    @app.get("/watch/{table_id}", response_class=HTMLResponse)
    async def watch(request: Request, table_id: str) -> Response:
        return table_page(request, table_or_404(hub_of(request), table_id), None, None)

    @app.get("/replay/{table_id}", response_class=HTMLResponse)
    async def replay_page(request: Request, table_id: str) -> Response:
        table = table_or_404(hub_of(request), table_id)
        if not table.state.is_terminal():
            return templates.TemplateResponse(request, "message.html", {
                "title": "Not over yet", "message": "A match is replayed once it is over; watch it meanwhile.",
                "link": f"/watch/{table.id}"}, status_code=409)
        return templates.TemplateResponse(request, "replay.html", {"t": table, "game": table.game.info})

    @app.get("/record/{table_id}")
    async def record(request: Request, table_id: str) -> Response:
        table = table_or_404(hub_of(request), table_id)
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
                 "default_players": g.info.default_players, "bots": bot_names(g.info.id),
                 "options": option_fields(g.info.id)} for g in GAMES.values()]

    @app.post("/api/tables")
    async def api_create(request: Request, spec: TableIn) -> Any:
        try:
            table = validate_table(hub_of(request), spec)
        except ActionRefused as exc:
            return error(str(exc), exc.status)
        except AcademieError as exc:
            return error(str(exc), 422)
        table.wake_bots()
        return {"id": table.id, "admin": f"/admin/{table.row.admin_key}", "watch": f"/watch/{table.id}",
                "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind,
                           "link": f"/play/{s.token}" if s.kind == "human" else None,
                           "token": s.token if s.kind == "human" else None} for s in table.row.seats]}

    @app.get("/api/play/{token}")
    async def api_seat(request: Request, token: str) -> Any:
        table, seat = seat_or_404(hub_of(request), token)
        return table.snapshot(None, seat, full=True)

    @app.get("/api/watch/{table_id}")
    async def api_watch(request: Request, table_id: str) -> Any:
        return table_or_404(hub_of(request), table_id).snapshot(None, None, full=True)

    @app.post("/api/play/{token}")
    async def api_act(request: Request, token: str, move: ActionIn) -> Any:
        table, seat = seat_or_404(hub_of(request), token)
        try:
            version = await table.act(seat, move.action, move.version)
        except ActionRefused as exc:
            return error(str(exc), exc.status)
        return {"ok": True, "version": version}

    @app.get("/api/replay/{table_id}")
    async def api_replay(request: Request, table_id: str) -> Any:
        table = table_or_404(hub_of(request), table_id)
        if not table.state.is_terminal():
            return error("a match is replayed once it is over", 409)
        if getattr(table, "frames", None) is None:
            table.frames = await asyncio.to_thread(replay_frames, table)
        return table.frames

    # --- sockets ------------------------------------------------------------------------
    async def serve_socket(ws: WebSocket, table: LiveTable, seat: int | None) -> None:
        """One socket: updates sent from the watcher's bounded queue (a client too far behind is
        dropped with code 1013, and reconnects), messages read one at a time (one over
        :data:`MAX_FRAME` bytes closes the socket with code 1009)."""
        await ws.accept()
        watcher = Watcher(seat)
        async with table.lock:
            table.watchers.add(watcher)
            watcher.offer(table.snapshot(watcher, seat, full=True))

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
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return None
                raw = message.get("text")
                if raw is None:
                    raw = (message.get("bytes") or b"").decode("utf-8", "replace")
                if len(raw) > MAX_FRAME or len(raw.encode("utf-8", "surrogatepass")) > MAX_FRAME:
                    return 1009, f"a message is at most {MAX_FRAME} bytes"
                try:
                    message = json.loads(raw)
                except ValueError:
                    watcher.offer({"type": "error", "message": "malformed message: not JSON"})
                    continue
                if not isinstance(message, dict) or message.get("type") not in ("act", "ping"):
                    watcher.offer({"type": "error", "message": 'malformed message: expected {"type": "act", "action": …} or {"type": "ping"}'})
                    continue
                if message["type"] == "ping":
                    watcher.offer({"type": "pong"})
                    continue
                if seat is None:
                    watcher.offer({"type": "error", "message": "an onlooker cannot play: open a seat's link"})
                    continue
                extra = set(message) - {"type", "action", "version"}
                if extra:
                    watcher.offer({"type": "error", "message": f"malformed message: unknown field {sorted(extra)[0]!r}"})
                    continue
                try:
                    version = await table.act(seat, message.get("action"), message.get("version"))
                except ActionRefused as exc:
                    watcher.offer({"type": "error", "message": str(exc), "status": exc.status})
                else:
                    watcher.offer({"type": "ack", "version": version})

        sender, dropper = asyncio.create_task(pump()), asyncio.create_task(drop())
        try:
            closing = await receive()
        except Exception:  # the socket closed under the reader (the client gone, or dropped)
            closing = None
        finally:
            table.watchers.discard(watcher)
            sender.cancel()
            dropper.cancel()
        if closing is not None:
            await ws.close(code=closing[0], reason=closing[1])

    @app.websocket("/ws/play/{token}")
    async def ws_play(ws: WebSocket, token: str) -> None:
        table = hub_of(ws).by_token.get(token)
        if table is None:
            await ws.close(code=4404, reason="no seat has this token")
            return
        await serve_socket(ws, table, table.tokens[token])

    @app.websocket("/ws/watch/{table_id}")
    async def ws_watch(ws: WebSocket, table_id: str) -> None:
        table = hub_of(ws).tables.get(table_id)
        if table is None:
            await ws.close(code=4404, reason="no table has this id")
            return
        await serve_socket(ws, table, None)

    return app
