"""``HEAD`` answered as ``GET`` on every page: FastAPI's routes declared with ``@app.get`` answer
``HEAD`` with 405, and link checkers, ``curl -I`` and caches ask with ``HEAD``.

:class:`HeadAsGet` is ASGI middleware: a ``HEAD`` request is passed on as a ``GET``, and the
answer's status and headers (its ``content-length`` too) are sent without its body, as HTTP
says (RFC 9110, 9.3.2). A route that declares ``HEAD`` itself is not reached by it.
"""

from __future__ import annotations

from typing import Any


class HeadAsGet:
    """ASGI middleware: ``HEAD`` requests served by the ``GET`` routes, bodies dropped."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("method") != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: dict) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return  # the body's chunks are dropped; the last one ends the answer
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app(dict(scope, method="GET"), receive, headers_only)
