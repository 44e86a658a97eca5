"""Helpers of the web tests."""

from __future__ import annotations

import re
from contextlib import contextmanager

from fastapi.testclient import TestClient

from academie.web.app import create_app

CARD = re.compile(r'data-card="([0-9TJQKA]{1,2}[SHDC])"')


@contextmanager
def client(url: str, bot_delay: float = 0.0):
    """A TestClient on a new application over ``url`` (started and stopped with it); its bots
    think in the test process's one pool (:func:`academie.web.thinking.shared_pool`), started
    once for every test of the process rather than once an application."""
    from academie.web.thinking import shared_pool

    with TestClient(create_app(url, bot_delay=bot_delay, bots=shared_pool())) as c:
        yield c


def create(c: TestClient, game: str, kinds: list[str], **extra) -> dict:
    r = c.post("/api/tables", json={"game": game, "seats": [{"kind": k} for k in kinds], **extra})
    assert r.status_code == 200, r.text
    return r.json()


def hub(c: TestClient):
    return c.app.state.hub


def cards_in(html: str) -> set[str]:
    return set(CARD.findall(html))


def wait_for(ws, predicate, limit: int = 5000) -> dict:
    """Read messages from ``ws`` until one satisfies ``predicate``; returns it."""
    for _ in range(limit):
        m = ws.receive_json()
        if predicate(m):
            return m
    raise AssertionError("no such message")


class Server:
    """A real ``academie serve`` process on a free port of 127.0.0.1."""

    def __init__(self, database: str, bot_delay: float = 0.0, args: tuple[str, ...] = ()) -> None:
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.database, self.bot_delay, self.args = database, bot_delay, tuple(args)
        self.proc = None
        self.base = f"http://127.0.0.1:{self.port}"

    def start(self) -> "Server":
        import subprocess
        import sys
        import time

        import httpx

        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from academie.cli.entry import main; main()", "serve", "--port", str(self.port),
             "--database", self.database, "--bot-delay", str(self.bot_delay), *self.args],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"academie serve exited: {self.proc.stderr.read().decode()[-2000:]}")
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("academie serve did not start")

    def kill(self) -> None:
        """``kill -9``: no shutdown, no flush."""
        import os
        import signal

        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except Exception:
                self.kill()
