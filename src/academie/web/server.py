"""``academie serve``: the web application on uvicorn."""

from __future__ import annotations

from academie.web.store import DEFAULT_DATABASE


CONFIG_VARIABLE = "ACADEMIE_WEB_CONFIG"
"""The environment variable :func:`app_from_environment` reads (JSON: the :func:`serve` settings)."""


def check_serving(host: str, port: int, database: str, workers: int = 1) -> None:
    """Raise :class:`~academie.core.errors.OptionError`, before anything is served, when the
    server could not listen on ``host``:``port`` (an address that is not this machine's, a
    port in use) or could not open ``database`` (not a SQLAlchemy URL, a driver missing, a
    SQLite file that could not be written, :func:`academie.outputs.check_output_file`; a server
    that refuses). The address is checked first, so that a refused address leaves no new SQLite
    file behind; the database is opened and brought to the
    newest schema, as serving does. ``workers`` above 1 needs PostgreSQL (SQLite: one process)."""
    import socket

    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from academie.core.errors import OptionError
    from academie.outputs import check_output_file
    from academie.web.store import Store

    where = f"{host}:{port}"
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            sock.bind(address)
    except (OSError, UnicodeError) as exc:  # socket.gaierror is an OSError
        reason = getattr(exc, "strerror", None) or str(exc)
        raise OptionError(f"cannot listen on {where:.80}: {reason} (--host: an address of this machine, "
                          f"e.g. 127.0.0.1 or 0.0.0.0; --port: a free port)") from None
    shown = f"{database!r:.80}"
    try:
        url = make_url(database)
    except ArgumentError:
        raise OptionError(f"--database {shown} is not a SQLAlchemy URL: give sqlite:///PATH or "
                          "postgresql+psycopg://USER@HOST/DB") from None
    if url.get_backend_name() == "sqlite" and (url.database in (None, "", ":memory:")
                                               or "memory" in str(url.query.get("mode", ""))):
        raise OptionError(f"--database {shown} is a SQLite database in memory: each connection would have its "
                          "own, empty, and the tables would be lost; give a file, sqlite:///PATH")
    if workers > 1 and url.get_backend_name() != "postgresql":
        raise OptionError(f"--workers {workers} needs PostgreSQL (--database postgresql+psycopg://USER@HOST/DB): "
                          f"processes tell each other the moves through PostgreSQL's NOTIFY, which "
                          f"{url.get_backend_name()} has not; a SQLite database is served by one process (--workers 1)")
    if url.get_backend_name() == "sqlite" and not url.query.get("uri"):  # a file name: tried as every output is
        check_output_file(url.database, "--database", force=True, shown=shown)
    try:
        Store(database).dispose()
    except (SQLAlchemyError, ImportError, OSError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        raise OptionError(f"--database {shown} cannot be opened: {reason:.160}") from None


def app_from_environment():  # noqa: ANN201 - a FastAPI application
    """The application :func:`serve` runs in each worker process, made from the settings in the
    environment variable :data:`CONFIG_VARIABLE` (uvicorn's ``factory``)."""
    import json
    import os

    from academie.web.app import create_app
    from academie.web.hub import Limits

    config = json.loads(os.environ[CONFIG_VARIABLE])
    return create_app(config["database"], bot_delay=config["bot_delay"], limits=Limits(**config["limits"]),
                      lease_seconds=config["lease_seconds"], bot_processes=config["bot_processes"])


def serve(host: str = "127.0.0.1", port: int = 8000, database: str = DEFAULT_DATABASE,
          bot_delay: float = 0.6, log_level: str = "warning", workers: int = 1, max_tables: int = 50,
          max_bots: int = 100, lease_seconds: float = 10.0, bot_processes: int | None = None,
          max_sockets: int = 200, max_tables_per_hour: int = 120) -> None:
    """Serve the application until interrupted (tables are saved as they are played), in
    ``workers`` processes (PostgreSQL only above 1: :func:`check_serving`). ``max_tables`` and
    ``max_bots``: what one client address may have unfinished, ``max_tables_per_hour`` make in
    an hour, ``max_sockets`` open at once
    (:class:`~academie.web.hub.Limits`);
    ``lease_seconds``: how long a process's hold on a table's bots outlives its last heartbeat;
    the bots think in ``bot_processes`` processes per server process (default
    :func:`~academie.web.thinking.default_processes`); a socket message over
    :data:`~academie.web.app.MAX_FRAME` bytes is refused (uvicorn's ``ws_max_size``)."""
    import json
    import os

    import uvicorn

    from academie.web.app import MAX_FRAME
    from academie.web.hub import Limits

    limits = Limits(tables=max_tables, bots=max_bots, sockets=max_sockets, per_hour=max_tables_per_hour)
    os.environ[CONFIG_VARIABLE] = json.dumps({
        "database": database, "bot_delay": bot_delay, "lease_seconds": lease_seconds, "bot_processes": bot_processes,
        "limits": {"tables": limits.tables, "bots": limits.bots, "sockets": limits.sockets,
                   "per_hour": limits.per_hour, "evict_minutes": limits.evict_minutes,
                   "evict_finished_minutes": limits.evict_finished_minutes,
                   "abandon_hours": limits.abandon_hours}})
    uvicorn.run("academie.web.server:app_from_environment", factory=True, host=host, port=port, workers=workers,
                log_level=log_level, ws_ping_interval=20, ws_ping_timeout=20,
                # no per-message compression on the sockets: a table's update is a few kilobytes, and
                # deflating it for every seat cost about a tenth of the server's CPU time per move
                ws_per_message_deflate=False, ws_max_size=MAX_FRAME,
                # a client's address is the connection's: X-Forwarded-For is read only when the
                # operator names the proxies to trust (FORWARDED_ALLOW_IPS), else anyone could
                # choose his own address and pass the limits per address
                proxy_headers=bool(os.environ.get("FORWARDED_ALLOW_IPS")))
