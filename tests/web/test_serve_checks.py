"""``academie serve`` refuses, before serving and without leaving a file behind, an address it
cannot listen on and a database it cannot open: one line, exit status 2."""

from __future__ import annotations

import socket

import pytest
from typer.testing import CliRunner

from academie.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize("args, message", [
    (["--database", "justtext"], "--database 'justtext' is not a SQLAlchemy URL: give sqlite:///PATH"),
    (["--database", "foo://bar"], "--database 'foo://bar' cannot be opened: Can't load plugin"),
    (["--database", "sqlite:///nodir/x.sqlite3"], "--database 'sqlite:///nodir/x.sqlite3': the folder 'nodir' does not exist"),
    (["--database", "sqlite:////proc/x.sqlite3"], "--database 'sqlite:////proc/x.sqlite3': cannot write there"),
    (["--host", "999.1.1.1"], "cannot listen on 999.1.1.1:8000:"),
    (["--database", "sqlite://"], "is a SQLite database in memory"),
    (["--database", "sqlite:///:memory:"], "is a SQLite database in memory"),
])
def test_what_cannot_be_served_is_refused_before_anything_starts(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["serve", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "serving on" not in result.output
    assert list(tmp_path.iterdir()) == []  # no database made


def test_a_port_in_use_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 2, result.output
    assert f"cannot listen on 127.0.0.1:{port}: Address already in use" in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_good_address_and_database_pass_the_checks(tmp_path):
    from academie.web.server import check_serving

    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    check_serving("127.0.0.1", port, f"sqlite:///{tmp_path / 'web.sqlite3'}")
    assert (tmp_path / "web.sqlite3").exists()  # made and brought to the newest schema, as serving does
