"""The command line's limits: every outside input gets one clear ``error:`` line and exit code 2
(file names the file system refuses, seeds outside 0 … 2⁶³ − 1, usage errors, values echoed
short), long simulations say how long they will take and stop on Ctrl-C with a partial report
(exit code 130), a Belle-Flux match with no agreed number of deals still ends, and a command-line
fuzzer over every command finds no traceback."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from academie.analysis import simulate as simulate_module
from academie.analysis.simulate import SimulationInterrupted, simulate
from academie.bots import make_bot
from academie.cli import app as app_module
from academie.cli.app import MAX_MATCHES, TimeWarning, about, app
from academie.core.chance import SeededChance
from academie.core.record import GameRecord
from academie.core.runner import advance_chance, play_match
from academie.games import get_game
from tests.cli_fuzz import command_line, fixtures, judge

runner = CliRunner()
LONG_NAME = "a" * 300 + ".json"


def error_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("error: ")]


def assert_one_error(result, *words: str) -> str:
    """Exit code 2, no exception, one ``error:`` line holding ``words``; returns that line."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    (line,) = error_lines(result.output)
    for word in words:
        assert word in line, line
    return line


# --- file names the file system refuses -------------------------------------------------------
def test_a_300_character_record_name_is_refused_in_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", "trente-et-un", "--record", LONG_NAME], input="quit\n")
    line = assert_one_error(result, "--record 'aaaa", "(305 characters): cannot write there (File name too long)")
    assert len(line) < 200
    assert list(tmp_path.iterdir()) == []  # nothing written


@pytest.mark.parametrize("name", [LONG_NAME, "a/" * 2100 + "x.json", "/" + LONG_NAME])
def test_names_too_long_for_the_file_system_are_refused_by_every_command(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_one_error(runner.invoke(app, ["play", "blason", "--record", name]), "--record", "File name too long")
    assert_one_error(runner.invoke(app, ["play", "--resume", name]), "cannot read record", "File name too long")
    assert_one_error(runner.invoke(app, ["replay", name]), "cannot read record", "File name too long")


def test_a_file_name_that_is_not_utf8_is_shown_not_a_traceback(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    name = "\udcff.json"  # how Python reads the argument b"\xff.json"
    result = runner.invoke(app, ["play", "blason", "--record", name], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Record saved to \ufffd.json" in result.output
    again = runner.invoke(app, ["play", "--resume", name], input="quit\n")
    assert again.exit_code == 0, again.output
    assert "Taking up the match saved in \ufffd.json" in again.output


# --- numbers ----------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [["play", "trente-et-un"], ["simulate", "trente-et-un", "--matches", "1"]])
@pytest.mark.parametrize("seed, words", [
    ("9" * 300, ["--seed", "from 0 to 9223372036854775807"]),
    (str(2**63), ["--seed", "from 0 to 9223372036854775807"]),
    ("-1", ["--seed", "from 0 to 9223372036854775807", "not -1"]),
    ("9" * 5000, ["--seed", "exceeded maximum size"]),
    ("seven", ["--seed", "integer"]),
])
def test_seeds_outside_0_to_2_63_are_refused(command, seed, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*command, "--seed", seed], input="quit\n")
    line = assert_one_error(result, *words)
    assert line.endswith(f" {command[0]} --help)")
    assert len(line) < 300
    assert not (tmp_path / "academie-records").exists()


def test_the_largest_seed_is_accepted(tmp_path):
    top = str(2**63 - 1)
    result = runner.invoke(app, ["play", "blason", "--seed", top, "--record", str(tmp_path / "m.json")], input="quit\n")
    assert result.exit_code == 0, result.output
    assert GameRecord.load(tmp_path / "m.json").seed == 2**63 - 1
    report = json.loads(runner.invoke(app, ["simulate", "blason", "--seed", top, "--matches", "1", "--json"]).output)
    assert report["seed"] == 2**63 - 1


@pytest.mark.parametrize("delay", ["inf", "nan", "61", "1e309"])
def test_a_delay_that_would_never_end_is_refused(delay, tmp_path):
    result = runner.invoke(app, ["play", "blason", "--demo", "--delay", delay, "--record", str(tmp_path / "d.json")])
    assert_one_error(result, "--delay must be a number of seconds from 0 to 60")
    assert not (tmp_path / "d.json").exists()


@pytest.mark.parametrize("matches", ["1000000000000", str(MAX_MATCHES + 1)])
def test_matches_beyond_the_limit_are_refused(matches):
    result = runner.invoke(app, ["simulate", "trente-et-un", "--matches", matches])
    assert_one_error(result, f"--matches must be from 1 to 1,000,000, not {int(matches):,}", "other seeds")


def test_usage_errors_are_one_line_with_the_help_to_see():
    result = runner.invoke(app, ["simulate", "trente-et-un", "--matches", "abc"], prog_name="academie")
    assert result.output.strip().splitlines() == [
        "error: Invalid value for '--matches': Input should be a valid integer, unable to parse string as an"
        " integer (see academie simulate --help)"
    ]
    assert assert_one_error(runner.invoke(app, ["play", "blason", "--bogus"]), "No such option: --bogus")
    assert assert_one_error(runner.invoke(app, ["replay"]), "Missing argument")
    assert_one_error(runner.invoke(app, ["simulate", "trente-et-un", "-o"]), "-o", "requires an argument")


@pytest.mark.parametrize("args", [
    ["simulate", "trente-et-un", "--bots", "x" * 5000],
    ["simulate", "trente-et-un", "-o", "x" * 5000 + "=1"],
    ["simulate", "trente-et-un", "-o", "lives=" + "9" * 5000],
    ["games", "g" * 5000],
    ["rules", "g" * 5000],
])
def test_a_long_value_is_echoed_cut_short(args):
    line = assert_one_error(runner.invoke(app, args))
    assert len(line) < 400 and "characters)" in line


# --- long simulations and Ctrl-C --------------------------------------------------------------
def test_a_long_simulation_says_how_long_it_will_take(monkeypatch):
    notes: list[str] = []
    monkeypatch.setattr(app_module, "note", notes.append)
    ticks = iter([0.0, 0.5, 2.0, 3.0])
    warn = TimeWarning(1000, clock=lambda: next(ticks))
    warn(1)  # half a second: not measured yet
    warn(2)  # two seconds for two matches: 998 s to go
    warn(3)  # said once only
    assert notes == ["1,000 matches at 1 s each: about 17 minutes to go; Ctrl-C stops and prints the report"
                     " over the matches finished so far."]
    assert about(3 * 3600) == "about 3.0 hours"
    short = TimeWarning(50, clock=iter([0.0, 1.5]).__next__)
    short(25)  # 1.5 s more: no need to say
    assert len(notes) == 1


def test_ctrl_c_gives_the_report_over_the_matches_finished():
    game = get_game("trente-et-un")
    calls = []

    def stop_after_three(k: int) -> None:
        calls.append(k)
        if k == 3:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as stopped:
        simulate(game, ["heuristic", "random"], 10, seed=5, progress=stop_after_three)
    partial = stopped.value.report
    assert partial.partial and partial.matches == 3 and partial.requested == 10
    whole = simulate(game, ["heuristic", "random"], 3, seed=5)
    assert not whole.partial and whole.requested == 3
    assert partial.seats == whole.seats and partial.figures == whole.figures
    assert partial.seat_returns == whole.seat_returns and partial.no_winner == whole.no_winner


def _interrupt_match(monkeypatch, at: int) -> None:
    played = []

    def play(state, chance, bots):
        played.append(1)
        if len(played) == at:
            raise KeyboardInterrupt  # Ctrl-C in the middle of a match
        return play_match(state, chance, bots)

    monkeypatch.setattr(simulate_module, "play_match", play)


def test_ctrl_c_during_simulate_prints_the_partial_report_and_exits_130(monkeypatch):
    _interrupt_match(monkeypatch, 4)
    result = runner.invoke(app, ["simulate", "trente-et-un", "--matches", "10", "--seed", "3"], terminal_width=200)
    assert result.exit_code == 130, result.output
    assert "PARTIAL REPORT: interrupted after 3 of 10 matches" in result.output
    assert "trente-et-un: 3 matches, 4 players, seed 3" in result.output
    assert "Win rate by seat" in result.output
    _interrupt_match(monkeypatch, 3)
    result = runner.invoke(app, ["simulate", "trente-et-un", "--matches", "10", "--seed", "3", "--json"])
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["partial"] is True and data["matches"] == 2 and data["requested"] == 10
    assert sum(s["trials"] for s in data["seats"]) == 2 * 4


def test_ctrl_c_before_the_first_match_ends_says_so(monkeypatch):
    _interrupt_match(monkeypatch, 1)
    result = runner.invoke(app, ["simulate", "blason", "--matches", "5"])
    assert result.exit_code == 130
    assert "interrupted before the first of 5 matches ended: nothing to report" in result.output


def test_a_whole_simulation_is_not_partial():
    data = json.loads(runner.invoke(app, ["simulate", "blason", "--matches", "2", "--seed", "1", "--json"]).output)
    assert data["partial"] is False and data["requested"] == data["matches"] == 2


# --- a match that could not end ---------------------------------------------------------------
def test_belle_flux_with_no_agreed_number_of_deals_still_ends(monkeypatch):
    from academie.games.belle_flux import options as bf_options
    from academie.games.belle_flux import state as bf_state

    assert bf_options.OPEN_MATCH_DEALS == 10_000
    assert bf_options.BelleFluxOptions.model_json_schema()["properties"]["deals"]["maximum"] == 10_000
    monkeypatch.setattr(bf_state, "OPEN_MATCH_DEALS", 6)
    game = get_game("belle-flux-trente-un")
    state = game.new_initial_state(4, game.parse_options({"deals": "0", "counters": "10000"}))
    bots = [make_bot("random", game.info.id, s) for s in range(4)]
    chance = SeededChance(1)
    for _ in range(5000):  # bounded: before the cap, such a match went on for millions of deals
        advance_chance(state, chance)
        if state.is_terminal():
            break
        else:
            seat = state.current_player()
            state.apply_action(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert state.is_terminal()
    assert state.statistics()["deals"] == 6  # nobody was ruined: the cap ended it
    assert min(state.match.counters) > 9000
    assert game.info.version == 2


def test_the_belle_flux_option_documents_the_cap():
    doc = {o.name: o for o in get_game("belle-flux-trente-un").describe_options()}["deals"]
    assert "10,000 deals at most" in doc.doc and doc.provenance == "our proposal"


# --- the fuzzer -------------------------------------------------------------------------------
def test_generated_command_lines_give_no_traceback(tmp_path, monkeypatch):
    """A bounded run of the command-line fuzzer (benchmarks/fuzz_cli.py runs more): every command,
    valid and invalid values, Ctrl-C when a command runs past its budget."""
    monkeypatch.chdir(tmp_path)
    files = fixtures(tmp_path)
    rng = random.Random(20261130)
    outcomes = []
    for _ in range(45):  # the same command lines every run, however busy the machine
        args, stdin = command_line(rng, files, tmp_path)
        outcomes.append(judge(args, stdin, seconds=1.0))
    problems = [o for o in outcomes if o.verdict not in ("ok", "refused", "interrupted")]
    assert not problems, problems[:5]
    verdicts = {o.verdict for o in outcomes}
    assert {"ok", "refused"} <= verdicts
    assert {o.args[0] if o.args else "" for o in outcomes} >= {"play", "simulate", "replay", "rules", "games"}


# --- a terminal that cannot print Unicode -----------------------------------------------------
@pytest.mark.parametrize("args", [["games"], ["games", "reversis", "--json"], ["rules", "reversis"],
                                  ["rules", "guimbarde", "--json"]])
def test_games_and_rules_print_on_a_terminal_that_cannot_print_unicode(args):
    import os
    import subprocess
    import sys

    env = dict(os.environ, LC_ALL="C", PYTHONIOENCODING="latin-1", COLUMNS="100")
    done = subprocess.run([sys.executable, "-m", "academie.cli.app", *args], env=env, capture_output=True)
    assert b"Traceback" not in done.stderr, done.stderr.decode("latin-1")
    assert done.returncode == 0
    if "--json" in args:
        data = json.loads(done.stdout)
        assert data["id"] == args[1] and data["options"]
    else:
        assert b"\xe2" not in done.stdout  # no UTF-8 bytes: the table is ASCII (latin-1 accents at most)
        assert (b"reversis" in done.stdout) or (b"Reversis" in done.stdout)


def test_a_move_the_input_encoding_cannot_read_is_refused_not_a_traceback(tmp_path):
    import os
    import subprocess
    import sys

    env = dict(os.environ, LC_ALL="C", PYTHONIOENCODING="ascii")
    done = subprocess.run([sys.executable, "-m", "academie.cli.app", "play", "blason", "--record",
                           str(tmp_path / "m.json")], env=env, input="é\nquit\n".encode(), capture_output=True)
    assert b"Traceback" not in done.stderr, done.stderr.decode("ascii", "replace")
    assert done.returncode == 0
    assert b"is not a legal action now" in done.stdout and b"Match stopped." in done.stdout


@pytest.mark.parametrize("columns", ["0", "-5", "abc", "99999999"])
@pytest.mark.parametrize("args", [["games", "blason"], ["--help"], ["rules", "blason"]])
def test_a_columns_value_out_of_reason_still_draws_readable_tables(columns, args):
    result = runner.invoke(app, args, env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output[-500:]
    assert 1000 < len(result.output) < 200_000
    assert "lason" in result.output or "Usage" in result.output


def test_ctrl_c_while_the_command_line_loads_exits_130_without_a_traceback(monkeypatch):
    import builtins
    import sys

    from academie.cli import entry

    real = builtins.__import__

    def interrupted(name, *args, **kwargs):
        if name == "academie.cli.app":
            raise KeyboardInterrupt  # Ctrl-C in the second typer, rich and the games take to load
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", interrupted)
    monkeypatch.setattr(sys, "argv", ["academie", "games"])
    with pytest.raises(SystemExit) as done:
        entry.main()
    assert done.value.code == 130
    monkeypatch.setattr(builtins, "__import__", real)
    with pytest.raises(SystemExit) as done:
        entry.main()  # loaded, it runs the command
    assert done.value.code == 0


def test_the_academie_command_is_the_entry_point():
    import tomllib
    from pathlib import Path

    scripts = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"academie": "academie.cli.entry:main"}
