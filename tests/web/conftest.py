"""Fixtures of the web tests: a database URL for SQLite and for a throw-away PostgreSQL server
(``initdb``/``pg_ctl`` on a temporary folder, as a non-root user, on a free port), and clients."""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

PG_DIRS = ("/usr/local/bin", "/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pg_binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for d in PG_DIRS:
        if os.path.exists(os.path.join(d, name)):
            return os.path.join(d, name)
    return None


class Postgres:
    """A throw-away PostgreSQL server (``initdb``/``pg_ctl`` on a temporary folder, as the user
    nobody when run as root, on a free port), which a test may stop and start."""

    def __init__(self) -> None:
        self.initdb, self.pg_ctl = pg_binary("initdb"), pg_binary("pg_ctl")
        if not self.initdb or not self.pg_ctl:
            pytest.skip("PostgreSQL binaries (initdb, pg_ctl) are not installed")
        self.root = Path(tempfile.mkdtemp(prefix="academie-pg-"))
        self.data, self.port = self.root / "data", free_port()
        self.run_as: dict = {}
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            user = pwd.getpwnam("nobody")
            os.chown(self.root, user.pw_uid, user.pw_gid)

            def demote() -> None:
                os.setgid(user.pw_gid)
                os.setuid(user.pw_uid)

            self.run_as = {"preexec_fn": demote}
        self.env = dict(os.environ, LC_ALL="C", LANG="C")
        self.run(self.initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        self.ctl("start")

    def run(self, *args: str) -> None:
        subprocess.run(list(args), check=True, capture_output=True, env=self.env, cwd=self.root, **self.run_as)

    def ctl(self, action: str) -> None:
        """``pg_ctl start``, ``stop`` or ``restart`` (fast shutdown: sessions cut off)."""
        extra = ["-m", "fast"] if action in ("stop", "restart") else []
        options = ["-o", f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"]
        self.run(self.pg_ctl, "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-t", "60", action,
                 *extra, *(options if action != "stop" else []))

    def database(self) -> str:
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def close(self) -> None:
        subprocess.run([self.pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"], capture_output=True,
                       env=self.env, cwd=self.root, **self.run_as)
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server():
    """A PostgreSQL server for the session: yields a function making a new empty database URL."""
    pytest.importorskip("psycopg")
    server = Postgres()
    try:
        yield server.database
    finally:
        server.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A new empty database: a SQLite file, or a database on the throw-away PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'web.sqlite3'}"
    return request.getfixturevalue("postgres_server")()


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"
