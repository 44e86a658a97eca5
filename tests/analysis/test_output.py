"""``academie analyse``: tables, JSON and CSV shapes, plot files, clear errors; ``simulate``'s
--plot, --jsonl and --records."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

from academie.analysis.simulate import figure
from academie.analysis.tables import to_csv
from academie.analysis.topics import TopicError, analyse
from academie.cli.app import app
from academie.core.errors import OptionError
from academie.core.record import GameRecord, replay
from academie.games import get_game

runner = CliRunner()


def test_tables_name_their_options_and_method():
    for table in analyse("belle-flux-trente-un", "belle", {"tie_rule": "eldest_wins"}):
        assert table.options["tie_rule"] == "eldest_wins" and table.method == "exact"
        assert [row[0] for row in table.rows] == list(range(2, 13))


def test_json_gives_fractions_with_their_decimals():
    result = runner.invoke(app, ["analyse", "trente-et-un", "thirty-one", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "trente-et-un" and data["topic"] == "thirty-one"
    (table,) = data["tables"]
    assert table["columns"] == ["players", "a given player", "anyone", "two or more"]
    first = table["rows"][0]
    assert first["players"] == 2
    assert first["a given player"] == {"fraction": "6/5525", "decimal": 6 / 5525}
    assert table["options"] == {"brelan": "any (a brelan is never 31)"} and table["method"] == "exact"


def test_csv_has_a_header_then_a_line_per_row():
    result = runner.invoke(app, ["analyse", "guimbarde", "point", "--csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.output)))
    assert rows[0][:4] == ["table", "options", "method", "cards"]
    assert "no point (fraction)" in rows[0]
    assert [r[3] for r in rows[1:]] == ["32", "52"]
    assert all(r[0] == "guimbarde/point" and r[2] == "exact" for r in rows[1:])


def test_simulated_tables_give_samples_seed_and_interval_in_csv():
    tables = analyse("trente-et-un", "check", players=3, samples=100, seed=4)
    text = to_csv(tables)
    header = text.splitlines()[0].split(",")
    assert header[-4:] == ["simulated", "simulated low", "simulated high", "simulated samples"]
    assert tables[0].samples == 100 and tables[0].seed == 4


def test_plot_files_are_written(tmp_path):
    result = runner.invoke(app, ["analyse", "trente-et-un", "--plot", str(tmp_path)])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["trente-et-un-thirty-one.png", "trente-et-un-thirty-one.svg",
                     "trente-et-un-values.png", "trente-et-un-values.svg"]
    assert all(p.stat().st_size > 1000 for p in tmp_path.iterdir())


def test_blason_board_heat_map(tmp_path):
    result = runner.invoke(app, ["analyse", "blason", "squares", "--plot", str(tmp_path), "-o", "dice=d12"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "blason-squares.png").exists() and (tmp_path / "blason-squares.svg").exists()
    svg = (tmp_path / "blason-squares.svg").read_text(encoding="utf-8")
    assert "Templiers et" in svg and "Croissant" in svg and "officiers du" in svg


@pytest.mark.parametrize("args, words", [
    (["analyse", "blason", "dealing"], "blason has no topic 'dealing'; its topics are: race, finish"),
    (["analyse", "reversis", "-o", "deck=47"], "bad value '47' for option 'deck'"),
    (["analyse", "reversis", "-o", "nonsense=1"], "nonsense"),
    (["analyse", "chess"], "unknown game 'chess'"),
    (["analyse", "trente-et-un", "--json", "--csv"], "choose one of --json and --csv"),
    (["analyse", "trente-et-un", "check", "--players", "12"], "players"),
    (["analyse", "trente-et-un", "check", "--samples", "0"], "samples must be from 1"),
])
def test_bad_topic_or_option_is_a_clear_error(args, words):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert words in result.output


def test_library_errors_are_specific():
    with pytest.raises(TopicError, match="its topics are: boxes, point, trumps, check"):
        analyse("guimbarde", "mariage")
    with pytest.raises(OptionError):
        analyse("blason", None, {"casque_squares": "6"})


def test_rich_tables_show_fraction_and_options():
    result = runner.invoke(app, ["analyse", "trente-et-un", "thirty-one"], terminal_width=160)
    assert result.exit_code == 0
    assert "0.00108597 = 6/5525" in result.output and "exact; brelan=any" in result.output


def test_percentiles_of_whole_counts_are_whole():
    assert figure("deals", [1, 2, 3, 4]).median == 2.0
    assert figure("x", [1, 2, 2, 3, 7, 8]).p95 == 8.0
    assert figure("mean of halves", [0.5, 1.0]).median == 0.75


def test_simulate_writes_jsonl_records_and_plots(tmp_path):
    jsonl, records, plots = tmp_path / "m.jsonl", tmp_path / "rec", tmp_path / "plots"
    result = runner.invoke(app, ["simulate", "trente-et-un", "--matches", "6", "--seed", "3", "--players", "3",
                                 "--workers", "1", "--jsonl", str(jsonl), "--records", str(records),
                                 "--plot", str(plots)], terminal_width=160)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    assert [line["match"] for line in lines] == list(range(1, 7))
    assert set(lines[0]) == {"match", "seeds", "seed", "returns", "statistics"}
    assert lines[0]["seed"] == lines[0]["seeds"][3]
    files = sorted(records.iterdir())
    assert len(files) == 6
    rec = GameRecord.load(files[2])
    assert replay(rec, get_game("trente-et-un")).returns() == lines[2]["returns"]
    assert (plots / "simulate-seats.png").exists() and (plots / "simulate-seats.svg").exists()
    assert (plots / "simulate-rounds.png").exists()
    assert "no single winner" not in result.output.split("Per match")[1].split("\n")[3]


@pytest.mark.parametrize("command", [
    ["simulate", "trente-et-un", "--matches", "6", "--seed", "3", "--players", "3", "--workers", "1"],
    ["analyse", "trente-et-un"],
])
def test_a_plot_folder_that_cannot_be_written_is_refused_before_anything_runs(command, tmp_path):
    taken = tmp_path / "r1.json"
    taken.write_text("{}", encoding="utf-8")
    for where, message in ((taken, "the plots go in a folder, and this is a file"),
                           (tmp_path / "nodir" / "p", "does not exist; create it first")):
        result = runner.invoke(app, [*command, "--plot", str(where)], terminal_width=160)
        assert result.exit_code == 2, result.output
        assert message in result.output
        assert "Per match" not in result.output and "Win" not in result.output  # nothing was played or shown
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r1.json"]


def test_simulate_jsonl_is_the_same_on_every_number_of_workers(tmp_path):
    one, two = tmp_path / "1.jsonl", tmp_path / "2.jsonl"
    for path, workers in ((one, "1"), (two, "2")):
        result = runner.invoke(app, ["simulate", "guimbarde", "--matches", "70", "--seed", "8", "--bots", "random",
                                     "--workers", workers, "--jsonl", str(path)])
        assert result.exit_code == 0, result.output
    assert one.read_text() == two.read_text()


def test_simulate_names_figures():
    result = runner.invoke(app, ["simulate", "blason", "--matches", "20", "--seed", "1", "--workers", "1"],
                           terminal_width=160)
    assert result.exit_code == 0, result.output
    assert "square 58, Templiers et Croissant" in result.output
    assert "square_58" not in result.output


def test_ctrl_c_gives_the_rates_over_the_deals_finished(monkeypatch):
    from academie.analysis import montecarlo

    real = montecarlo.dealt_states

    def interrupted(*args, **kwargs):
        for k, state in enumerate(real(*args, **kwargs)):
            if k == 10:
                raise KeyboardInterrupt
            yield state

    monkeypatch.setattr(montecarlo, "dealt_states", interrupted)
    table = montecarlo.check("reversis", 4, {}, samples=500, seed=1)
    assert table.samples == 10 and table.extra["partial"]
    assert table.note.startswith("PARTIAL: interrupted after 10 of 500 deals")
    assert all(row[2].samples == 10 for row in table.rows)
    result = runner.invoke(app, ["analyse", "reversis", "check", "--samples", "500", "--seed", "1"],
                           terminal_width=200)
    assert result.exit_code == 130 and "PARTIAL" in result.output


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_csv_prints_on_a_terminal_that_cannot_print_the_suits(encoding):
    """``analyse reversis --csv`` stopped on a UnicodeEncodeError under a Latin-1 or ASCII
    terminal (the quinola Q♥ of its titles; at the Blason the squares' accents under ASCII): the
    CSV is written in ASCII there, as the tables are (AH and JH, accents dropped)."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, LC_ALL="C", PYTHONIOENCODING=encoding)
    for game in ("reversis", "blason"):
        done = subprocess.run([sys.executable, "-m", "academie.cli.app", "analyse", game, "--csv"], env=env,
                              capture_output=True, timeout=120)
        assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr.decode("latin-1")[-300:]
        text = done.stdout.decode("ascii")  # nothing but ASCII
        assert text.startswith("table,options,method")
        if game == "reversis":
            assert "holds AH and JH" in text
