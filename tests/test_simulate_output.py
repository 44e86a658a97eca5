"""What a new user of ``academie simulate`` met: output that replaced earlier runs, records
numbered from 0, zero-width intervals from two matches, the timing note on the bar's line, and
seat labels that ran into each other on the plot."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from academie.analysis import plots
from academie.analysis.simulate import chunk_size, mean_return, simulate
from academie.cli.app import TimeWarning, app
from academie.games import get_game

runner = CliRunner()
BASE = ["simulate", "trente-et-un", "--matches", "2", "--players", "3", "--seed", "1", "--workers", "1"]


def test_records_count_from_one_and_a_second_run_is_refused(tmp_path):
    folder = tmp_path / "simr"
    first = runner.invoke(app, [*BASE, "--records", str(folder)])
    assert first.exit_code == 0, first.output
    assert sorted(p.name for p in folder.iterdir()) == ["match-000001.json", "match-000002.json"]
    before = {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()}
    again = runner.invoke(app, ["simulate", "trente-et-un", "--matches", "3", "--players", "3", "--seed", "2",
                                "--workers", "1", "--records", str(folder)])
    assert again.exit_code == 2
    assert "already holds records (match-*.json) of an earlier run: give a new or empty folder" in again.output
    assert {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir()} == before


def test_a_folder_of_the_other_runs_records_or_a_name_too_long_is_refused(tmp_path, monkeypatch):
    """Simulation and tournament records are not mixed in one folder either way, and a name the
    system refuses is a one-line error, not a traceback."""
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "board-000001-seating-01.json").write_text("{}", encoding="utf-8")
    refused = runner.invoke(app, [*BASE, "--records", str(boards)])
    assert refused.exit_code == 2
    assert "already holds records (board-*.json) of a tournament: give a new or empty folder" in refused.output
    sims = tmp_path / "sims"
    sims.mkdir()
    (sims / "match-000001.json").write_text("{}", encoding="utf-8")
    tour = runner.invoke(app, ["tournament", "trente-et-un", "--bots", "heuristic,random", "--matches", "1",
                               "--seed", "1", "--workers", "1", "--records", str(sims)])
    assert tour.exit_code == 2
    assert "already holds records (match-*.json) of a simulation: give a new or empty folder" in tour.output
    monkeypatch.chdir(tmp_path)
    for command in ([*BASE, "--records", "x" * 300],
                    ["tournament", "trente-et-un", "--bots", "heuristic,random", "--matches", "1", "--records", "x" * 300]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, result.output
        assert "File name too long" in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)  # no traceback
    assert sorted(p.name for p in tmp_path.iterdir()) == ["boards", "sims"]


def test_an_existing_jsonl_is_kept_unless_force(tmp_path):
    jsonl = tmp_path / "sim.jsonl"
    jsonl.write_text("earlier\n", encoding="utf-8")
    refused = runner.invoke(app, [*BASE, "--jsonl", str(jsonl), "--records", str(tmp_path / "new")])
    assert refused.exit_code == 2 and "the file already exists; give a new file name, or add --force" in refused.output
    assert jsonl.read_text(encoding="utf-8") == "earlier\n"
    assert not (tmp_path / "new").exists()  # checked before anything is played or written
    forced = runner.invoke(app, [*BASE, "--jsonl", str(jsonl), "--force"])
    assert forced.exit_code == 0, forced.output
    assert [json.loads(line)["match"] for line in jsonl.read_text(encoding="utf-8").splitlines()] == [1, 2]


def test_records_and_jsonl_need_an_existing_folder(tmp_path):
    for option, target in (("--records", tmp_path / "missing" / "simr"), ("--jsonl", tmp_path / "missing" / "s.jsonl")):
        result = runner.invoke(app, [*BASE, option, str(target)])
        assert result.exit_code == 2, option
        assert "does not exist; create it first" in result.output
        assert not (tmp_path / "missing").exists()


def test_two_matches_give_no_interval_for_a_mean():
    r = mean_return("random", [-0.5, -0.5])
    assert (r.mean, r.note) == (-0.5, "too few")
    assert mean_return("x", [1.0] * 8).note == "no spread"
    spread = mean_return("x", [0.0, 1.0, 0.0, 1.0, 1.0])
    assert spread.note == "" and spread.low < 0.6 < spread.high
    result = runner.invoke(app, [*BASE, "--bots", "heuristic,random,random"], terminal_width=120)
    assert result.exit_code == 0, result.output
    assert "too few matches" in result.output and "-0.500 – -0.500" not in result.output


def test_the_time_note_goes_through_the_bar_and_progress_comes_per_chunk():
    said: list[str] = []
    ticks = iter([0.0, 0.0, 3.0])
    warn = TimeWarning(100_000, clock=lambda: next(ticks), say=said.append)
    warn(0)
    warn(1)
    assert len(said) == 1 and said[0].startswith("100,000 matches at 3 s each: about 3.5 days to go")
    calls: list[int] = []
    simulate(get_game("trente-et-un"), ["heuristic", "random"], 80, seed=1, workers=2, progress=calls.append)
    assert calls[0] == 0 and calls[-1] == 80 and calls == sorted(calls)
    assert chunk_size(80, 2) == 3
    assert calls == [0, *range(3, 80, 3), 80]  # every chunk of 3 counted as it comes


def test_seat_labels_do_not_overlap_on_the_plot(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    report = simulate(get_game("trente-et-un"), ["ismcts:iterations=5:rollout=heuristic", "heuristic", "random",
                                                 "random"], 2, seed=1)
    kept = []
    original = plots._save

    def keep(fig, directory, name):
        if name == "simulate-seats":
            fig.canvas.draw()
            renderer = fig.canvas.get_renderer()
            ax = fig.axes[0]
            labels = ax.get_yticklabels() if ax.get_yticklabels()[0].get_text() else ax.get_xticklabels()
            kept.extend((t.get_text(), t.get_window_extent(renderer)) for t in labels)
        return original(fig, directory, name)

    monkeypatch.setattr(plots, "_save", keep)
    plots.plot_simulation(report, {}, tmp_path)
    assert [text for text, _ in kept] == [s.label for s in report.seats]
    boxes = [box for _, box in kept]
    assert not any(a.overlaps(b) for k, a in enumerate(boxes) for b in boxes[k + 1:])


def test_output_folders_that_cannot_be_made_are_refused_before_the_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "nowhere-link").symlink_to(tmp_path / "nowhere")
    (tmp_path / "afile").write_text("", encoding="utf-8")
    cases = [("nowhere-link", "a link to nothing; give a folder"), ("afile/sub", "'afile' is a file, not a folder")]
    for folder, message in cases:
        for command in ([*BASE, "--records", folder], [*BASE, "--plot", folder],
                        ["tournament", "trente-et-un", "--matches", "1", "--workers", "1", "--records", folder]):
            result = runner.invoke(app, command, terminal_width=160)
            assert result.exit_code == 2, result.output
            assert f"{command[-2]} '{folder}': {message}" in result.output
            assert "Per match" not in result.output  # nothing played
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "nowhere-link"]


def test_records_of_a_bot_with_a_long_spec_are_written(tmp_path):
    """A spec of more than 50 characters (up to 100 are taken) made the record's player name
    ``seat 0 (spec)`` longer than a record allows: a traceback once the matches were played. The
    name is cut to fit; the kind keeps the whole spec, which ``replay`` rebuilds."""
    from academie.core.record import MAX_NAME, GameRecord

    spec = "ismcts:iterations=2:c=0:rollout=heuristic:others=rollout:depth=1"
    folder = tmp_path / "long"
    result = runner.invoke(app, ["simulate", "reversis", "--matches", "1", "--seed", "1", "--workers", "1",
                                 "--bots", f"{spec},random,random,random", "-o", "deals=1", "--records", str(folder)])
    assert result.exit_code == 0, result.output
    record = GameRecord.load(folder / "match-000001.json")
    assert record.players[0].kind == spec and len(record.players[0].name) <= MAX_NAME
    assert record.players[0].name.startswith("seat 0 (ismcts:")
    assert runner.invoke(app, ["replay", str(folder / "match-000001.json")]).exit_code == 0


@pytest.mark.skipif(not __import__("os").path.exists("/dev/full"), reason="no /dev/full here")
def test_a_jsonl_file_that_cannot_be_written_to_the_end_is_one_error_line():
    """``--jsonl /dev/full --force`` passed the checks (a file can be opened there) and then
    stopped on a traceback (ENOSPC when the lines were flushed): now one error line, exit 2."""
    result = runner.invoke(app, ["simulate", "blason", "--matches", "2", "--seed", "1", "--workers", "1",
                                 "--jsonl", "/dev/full", "--force"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert errors == ["error: --jsonl '/dev/full': No space left on device"]


def test_jsonl_and_records_or_plot_on_the_same_path_are_refused(tmp_path):
    """``--jsonl x --records x`` made the folder x, then failed to open it as a file, blamed
    ``--records`` with « Is a directory » and left the folder behind: now refused first, naming
    both options, and nothing is made."""
    for other in ("--records", "--plot"):
        path = tmp_path / "x.jsonl"
        result = runner.invoke(app, [*BASE, "--jsonl", str(path), other, str(path)])
        assert result.exit_code == 2, result.output
        assert f"--jsonl and {other} name the same path" in result.output
        assert not path.exists()
