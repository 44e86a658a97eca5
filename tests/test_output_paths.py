"""Every file or folder a command writes is tried before the work starts: a place that cannot be
written (``/proc``, where even root makes no file; a folder on the way that is a file or does
not exist; an empty name, which would be the current folder) is one ``error:`` line and exit
status 2, with nothing computed, played or written."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

from academie.cli.app import app
from academie.core.errors import OptionError
from academie.outputs import check_output_file, check_output_folder
from tests.test_cli_limits import assert_one_error

runner = CliRunner()

FOLDER_COMMANDS = [
    ["analyse", "blason", "finish", "--plot"],
    ["simulate", "guimbarde", "--matches", "4", "--seed", "1", "--workers", "1", "--plot"],
    ["simulate", "guimbarde", "--matches", "4", "--seed", "1", "--workers", "1", "--records"],
    ["tournament", "guimbarde", "--bots", "random,random,random", "--matches", "1", "--workers", "1", "--records"],
]
FILE_COMMANDS = [
    ["play", "trente-et-un", "--demo", "--seed", "1", "--record"],
    ["simulate", "guimbarde", "--matches", "4", "--seed", "1", "--workers", "1", "--jsonl"],
]
PLACES = [  # (where, what the error line says)
    ("/proc", "no file can be written in this folder"),
    ("afile/sub", "'afile' is a file, not a folder"),
    ("missing/sub", "the folder 'missing' does not exist"),
    ("", "an empty name ''"),
]
WORK = ("Win rate", "Per match", "seatings", "Bots (", "Throws and turns", "wrote ", "Record saved")  # what runs print


def ids(command: list[str]) -> str:
    return f"{command[0]}{command[-1]}"


@pytest.mark.parametrize("where, message", PLACES)
@pytest.mark.parametrize("command", FOLDER_COMMANDS + FILE_COMMANDS, ids=ids)
def test_a_place_that_cannot_be_written_is_refused_before_the_work(command, where, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("mine\n", encoding="utf-8")
    if command in FILE_COMMANDS and where == "/proc":
        where, message = "/proc/x.json", "cannot write there (its file system takes no new file)"
    elif command in FILE_COMMANDS and where:
        where += ".json"
    result = runner.invoke(app, [*command, where], terminal_width=200)
    line = assert_one_error(result, message)
    assert command[-1] in line  # the option is named
    assert not any(word in result.output for word in WORK), result.output  # nothing was done
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]  # nothing was written
    assert (tmp_path / "afile").read_text(encoding="utf-8") == "mine\n"


def test_serve_tries_its_sqlite_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("", encoding="utf-8")
    for url, message in (("sqlite:////proc/web.sqlite3", "cannot write there"),
                         ("sqlite:///afile/web.sqlite3", "'afile' is a file, not a folder"),
                         ("sqlite:///missing/web.sqlite3", "the folder 'missing' does not exist")):
        result = runner.invoke(app, ["serve", "--port", "18765", "--database", url])
        assert_one_error(result, f"--database {url!r}", message)
        assert "serving on" not in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_the_checks_try_the_place_for_os_access_says_yes_to_proc(tmp_path):
    assert os.access("/proc", os.W_OK | os.X_OK) or os.geteuid() != 0  # root: permission bits allow it
    with pytest.raises(OptionError, match=r"--plot '/proc': no file can be written in this folder"):
        check_output_folder("/proc", "--plot", "plots")
    with pytest.raises(OptionError, match=r"--plot '/proc/new': cannot write there"):
        check_output_folder("/proc/new", "--plot", "plots")
    with pytest.raises(OptionError, match=r"--records needs a folder name, not ''"):
        check_output_folder("", "--records")
    with pytest.raises(OptionError, match=r"--jsonl needs a file name, not ''"):
        check_output_file("", "--jsonl")
    check_output_folder(tmp_path, "--plot", "plots")  # a folder that can be written: nothing left in it
    check_output_folder(tmp_path / "new", "--plot", "plots")
    check_output_file(tmp_path / "x.json", "--record")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder")
def test_a_read_only_folder_is_refused(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        result = runner.invoke(app, [*FOLDER_COMMANDS[0], str(folder)])
        assert_one_error(result, "no file can be written in this folder (Permission denied)")
    finally:
        folder.chmod(0o755)
