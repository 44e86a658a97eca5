"""A real ``academie serve`` process for the web benchmarks: on a free port of 127.0.0.1, over a
SQLite file in a temporary folder, answered before it is handed over, stopped at the end."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator

import httpx


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def served(*options: str, prefix: str = "academie-bench-") -> Iterator[tuple[str, int]]:
    """``academie serve OPTIONS`` running: yields its base URL and port, once ``/api/games``
    answers (60 s at most); the process is stopped (then killed) on leaving."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    folder = tempfile.mkdtemp(prefix=prefix)
    proc = subprocess.Popen([sys.executable, "-c", "from academie.cli.entry import main; main()", "serve",
                             "--port", str(port), "--database", f"sqlite:///{os.path.join(folder, 'db.sqlite3')}",
                             *options], stdout=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base, port
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
