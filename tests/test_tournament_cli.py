"""``academie tournament`` driven as a user would: tables, JSON, CSV, records that replay, errors."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from academie.cli.app import app

runner = CliRunner()
BASE = ["tournament", "reversis", "--bots", "heuristic,random,random,random", "--deals", "3", "--seed", "7",
        "--workers", "1"]


def test_the_tables_name_the_bots_and_the_duplicate_deals():
    result = runner.invoke(app, BASE, terminal_width=140)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("reversis: 3 deals × 4 seatings = 12 matches, 4 players, duplicate")
    assert "seed 7" in out
    for words in ("Bots (counters per deal, 95% CI over the deals)", "heuristic", "random", "rating μ ± σ",
                  "Pairwise: bot minus versus"):
        assert words in out


def test_json_gives_every_bot_and_pair():
    result = runner.invoke(app, [*BASE, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "reversis" and data["boards"] == 3 and data["matches"] == 12 and data["seed"] == 7
    assert data["entries"] == ["heuristic", "random", "random", "random"] and data["duplicate"] is True
    assert [b["bot"] for b in data["bots"]] == ["heuristic", "random"]
    bot = data["bots"][0]
    assert set(bot) == {"bot", "score", "win_rate", "return_per_match", "rating", "matches", "deals", "seats"}
    assert set(bot["score"]) == {"mean", "low", "high", "note"} and set(bot["rating"]) == {"mu", "sigma", "ordinal"}
    assert bot["seats"] == [3, 3, 3, 3]
    assert [(p["bot"], p["versus"]) for p in data["pairs"]] == [("heuristic", "random"), ("random", "heuristic")]
    # the same seed, the same tournament
    assert json.loads(runner.invoke(app, [*BASE, "--json"]).output) == data


def test_csv_has_a_row_per_bot_and_per_pair():
    result = runner.invoke(app, [*BASE, "--csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert [(r["table"], r["bot"], r["versus"]) for r in rows] == [
        ("bot", "heuristic", ""), ("bot", "random", ""), ("pair", "heuristic", "random"), ("pair", "random", "heuristic"),
    ]
    assert rows[0]["metric"] == "counters per deal" and rows[0]["matches"] == "12" and rows[1]["matches"] == "12"
    assert float(rows[2]["mean"]) == pytest.approx(float(rows[0]["mean"]) - float(rows[1]["mean"]))


def test_records_replay(tmp_path):
    folder = tmp_path / "records"
    args = ["tournament", "trente-et-un", "--bots", "heuristic,random,random", "--matches", "1", "--seed", "2",
            "--records", str(folder), "--workers", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    files = sorted(folder.glob("*.json"))
    assert len(files) == 3
    again = runner.invoke(app, args)  # the same folder again: refused, the records kept
    assert again.exit_code == 2 and "already holds records (board-*.json) of an earlier run" in again.output
    assert sorted(folder.glob("*.json")) == files
    (tmp_path / "file").write_text("")
    result = runner.invoke(app, [*args[:-4], "--records", str(tmp_path / "file")])
    assert result.exit_code == 2 and "the records go in a folder" in result.output
    for path in files:
        replayed = runner.invoke(app, ["replay", str(path), "--json"])
        assert replayed.exit_code == 0, replayed.output
        data = json.loads(replayed.output)
        assert data["complete"] is True
        assert [p["kind"] for p in data["players"]].count("heuristic") == 1


@pytest.mark.parametrize("args, words", [
    (["reversis", "--bots", "genius,random,random,random", "--deals", "2"], "unknown bot 'genius'"),
    (["reversis", "--bots", "heuristic,random", "--players", "4", "--deals", "2"], "2 bots for 4 players"),
    (["reversis", "--bots", "heuristic,random,random,random", "--deals", "0"], "from 1 to 1,000,000, not 0"),
    (["reversis", "--bots", "heuristic,random,random,random"], "the number of deals or the number of matches"),
    (["trente-et-un", "--bots", "heuristic,random", "--deals", "5"], "give the number of matches"),
    (["reversis", "--bots", "heuristic,,random,random", "--deals", "2"], "empty bot name"),
    (["reversis", "--bots", "ismcts:iterations=0,random,random,random", "--deals", "2"], "iterations must be"),
    (["reversis", "--bots", "heuristic,random,random,random", "--deals", "2", "--json", "--csv"], "give one"),
    (["reversis", "--bots", "heuristic,random,random,random", "--deals", "2", "--workers", "0"], "at least 1"),
    (["reversis", "--bots", "heuristic,random,random,random", "--deals", "2", "-o", "deck=51"], "deck"),
])
def test_bad_input_exits_2_with_one_clear_line(args, words):
    result = runner.invoke(app, ["tournament", *args])
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert "Traceback" not in result.output


def test_a_long_tournament_says_how_long_once():
    from academie.cli.tournament import BoardsWarning

    times = iter([0.0, 10.0, 12.0, 14.0, 16.0])
    warn = BoardsWarning(1000, clock=lambda: next(times))
    warn(0)  # starts at 10 s
    import io
    from unittest import mock

    with mock.patch("sys.stderr", new=io.StringIO()) as err:
        warn(1)  # the first board: 2 s
        warn(2)  # 2 s a board after it: 998 boards left, about 33 minutes
        warn(3)
    assert err.getvalue().count("note: 1,000 boards at 2 s each: about 33 minutes to go") == 1


def test_ctrl_c_prints_the_partial_result_and_exits_130():
    """A real Ctrl-C (SIGINT to the whole command) on two workers: exit 130, the result over the
    boards finished, equal to a tournament of that many boards, and no process left behind."""
    import os
    import select
    import signal
    import subprocess
    import sys
    import time

    from academie.analysis.tournament import tournament
    from academie.games import get_game

    script = "from academie.cli.entry import main; main()"
    # (1,000,000 boards: minutes even on the compiled kernels of a quiet machine, some 6,000 boards a
    # second a worker, so the note on how long it takes, given only past a minute, is always there)
    command = [sys.executable, "-c", script, *BASE[:4], "--deals", "1000000", "--seed", "1", "--workers", "2", "--json"]
    proc = subprocess.Popen(  # SIGINT as a terminal sends it, even from a shell that ignores it (a background job)
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        said = b""  # the boards have started once the command says how long they will take
        deadline = time.monotonic() + 180  # a loaded machine starts its workers slowly
        while b"to go; Ctrl-C stops" not in said and time.monotonic() < deadline and proc.poll() is None:
            if select.select([proc.stderr], [], [], 1.0)[0]:
                said += os.read(proc.stderr.fileno(), 4096)
        assert b"to go; Ctrl-C stops" in said, said
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        err = said + err
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err.decode()
    assert b"Traceback" not in err
    data = json.loads(out)
    assert data["partial"] is True and 0 < data["boards"] < 1_000_000 == data["requested"]
    left = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert left == []
    whole = tournament(get_game("reversis"), BASE[3].split(","), deals=data["boards"], seed=1).to_json()
    assert {k: v for k, v in data.items() if k not in ("partial", "requested")} == \
        {k: v for k, v in whole.items() if k not in ("partial", "requested")}


def test_off_a_terminal_a_long_bot_spec_is_printed_whole_on_its_line():
    spec = "ismcts:iterations=2:seconds=5:rollout=heuristic:worlds=2"  # (as the tables write it)
    result = runner.invoke(app, ["tournament", "guimbarde", "--bots", f"heuristic,{spec},random,random", "--deals", "2",
                                 "--seed", "1", "--workers", "1"])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if spec in line]
    # its row in the bots' table and its pairs: never broken mid-word as an 80-column table breaks it
    assert len(rows) >= 3
    assert all(line == line.rstrip() for line in result.output.splitlines())
