"""``academie serve``: the web application on uvicorn."""

from __future__ import annotations

from academie.web.store import DEFAULT_DATABASE


def serve(host: str = "127.0.0.1", port: int = 8000, database: str = DEFAULT_DATABASE,
          bot_delay: float = 0.6, log_level: str = "warning") -> None:
    """Serve the application until interrupted (tables are saved as they are played)."""
    import uvicorn

    from academie.web.app import create_app

    app = create_app(database, bot_delay=bot_delay)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_ping_interval=20, ws_ping_timeout=20)
