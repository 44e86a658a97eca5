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


@pytest.fixture(scope="session")
def postgres_server():
    """A PostgreSQL server for the session: yields a function making a new empty database URL."""
    initdb, pg_ctl = pg_binary("initdb"), pg_binary("pg_ctl")
    if not initdb or not pg_ctl:
        pytest.skip("PostgreSQL binaries (initdb, pg_ctl) are not installed")
    psycopg = pytest.importorskip("psycopg")
    root = Path(tempfile.mkdtemp(prefix="academie-pg-"))
    data = root / "data"
    port = free_port()
    run_as: dict = {}
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        user = pwd.getpwnam("nobody")
        os.chown(root, user.pw_uid, user.pw_gid)

        def demote() -> None:
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)

        run_as = {"preexec_fn": demote}
    env = dict(os.environ, LC_ALL="C", LANG="C")
    subprocess.run([initdb, "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
                   check=True, capture_output=True, env=env, cwd=root, **run_as)
    subprocess.run([pg_ctl, "-D", str(data), "-l", str(root / "log"), "-w", "-t", "60", "start", "-o",
                    f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"],
                   check=True, capture_output=True, env=env, cwd=root, **run_as)
    admin = f"postgresql://postgres@127.0.0.1:{port}/postgres"

    def new_database() -> str:
        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://postgres@127.0.0.1:{port}/{name}"

    try:
        yield new_database
    finally:
        subprocess.run([pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True, env=env, cwd=root,
                       **run_as)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A new empty database: a SQLite file, or a database on the throw-away PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'web.sqlite3'}"
    return request.getfixturevalue("postgres_server")()


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"
