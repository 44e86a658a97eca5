"""The command line, driven as a user would: games, play through standard input, simulate,
replay, and the errors for bad input."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from academie.cards import CARD_CODES
from academie.cli.app import app
from academie.core.record import GameRecord

runner = CliRunner()

# A move script that works whatever the cards: an unknown word (refused and re-asked), knock if
# legal, else take the pile; then every card code until one is in the hand to discard.
MOVES = "\n".join((["huh", "k", "p"] + list(CARD_CODES)) * 400) + "\n"


def test_games_lists_every_option_with_default_and_provenance():
    result = runner.invoke(app, ["games"], terminal_width=200)
    assert result.exit_code == 0
    for word in ("trente-et-un", "2–9 players", "knocker_tie", "lose2", "our proposal", "brelan"):
        assert word in result.output
    data = json.loads(runner.invoke(app, ["games", "--json"]).output)
    options = {o["name"]: o for o in data[0]["options"]}
    assert options["lives"]["default"] == 3 and "ref" not in options["lives"]  # no reading tag shown


def test_play_a_whole_match_through_standard_input_then_replay_it(tmp_path):
    path = tmp_path / "match.json"
    result = runner.invoke(
        app, ["play", "trente-et-un", "--seed", "3", "--players", "3", "--record", str(path)], input=MOVES
    )
    assert result.exit_code == 0, result.output
    assert "Your hand:" in result.output
    assert "Seed 3." not in result.output.splitlines()[0]  # the seed would reveal every card
    assert "You draw" in result.output or "You take" in result.output or "You knock" in result.output
    assert "is not a legal action now" in result.output  # "huh" was refused and re-asked
    assert "the last player in and" in result.output
    record = GameRecord.load(path)
    assert record.complete and record.seed == 3
    assert [p.kind for p in record.players] == ["human", "heuristic", "heuristic"]

    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert "the last player in and" in replayed.output
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).output)
    assert data["complete"] is True
    assert data["returns"] == record.result["returns"]
    assert len(data["deals"]) == record.result["statistics"]["rounds"]


def test_play_saves_the_record_when_input_ends_early_or_on_quit(tmp_path):
    path = tmp_path / "early.json"
    result = runner.invoke(app, ["play", "trente-et-un", "--seed", "5", "--record", str(path)], input="s\n")
    assert result.exit_code == 1
    assert "Input ended" in result.output
    assert GameRecord.load(path).complete is False
    quit_path = tmp_path / "quit.json"
    result = runner.invoke(app, ["play", "trente-et-un", "--seed", "5", "--record", str(quit_path)], input="quit\n")
    assert result.exit_code == 0
    assert "Match stopped" in result.output and quit_path.exists()


def test_play_saves_the_record_on_ctrl_c(tmp_path):
    from rich.console import Console

    from academie.cli.play import PlaySession
    from academie.games import get_game

    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    path = tmp_path / "ctrlc.json"
    session = PlaySession(
        get_game("trente-et-un"), 4, 0, ["heuristic"] * 3, 8, {}, path, Console(file=open("/dev/null", "w")),
        read_line=interrupt,
    )
    assert session.run() == 130
    saved = GameRecord.load(path)
    assert saved.complete is False and saved.seed == 8


def test_demo_match_plays_to_the_end(tmp_path):
    result = runner.invoke(
        app, ["play", "trente-et-un", "--demo", "--seed", "2", "--record", str(tmp_path / "d.json")]
    )
    assert result.exit_code == 0, result.output
    assert "the last player in and" in result.output


def test_simulate_json_is_reproducible_and_the_heuristic_beats_random():
    args = ["simulate", "trente-et-un", "--matches", "60", "--players", "4",
            "--bots", "heuristic,random,random,random", "--seed", "1", "--json"]
    first = json.loads(runner.invoke(app, args).output)
    second = json.loads(runner.invoke(app, args).output)
    assert first == second
    heuristic = first["bots"][0]
    assert heuristic["label"] == "heuristic" and heuristic["rate"] > 0.5
    assert heuristic["low"] <= heuristic["rate"] <= heuristic["high"]
    assert first["means"]["rounds"] > 0


def test_simulate_prints_tables():
    result = runner.invoke(app, ["simulate", "trente-et-un", "--matches", "10", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Win rate by seat" in result.output and "95% CI" in result.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "scat"], "unknown game 'scat'; the games are: belle-flux-trente-un, blason, guimbarde, guinguette, reversis, trente-et-un"),
        (["play", "trente-et-un", "-o", "lives=0"], "bad value '0' for option 'lives'"),
        (["play", "trente-et-un", "-o", "colour=red"], "unknown option 'colour'"),
        (["play", "trente-et-un", "-o", "lives"], "must be written key=value"),
        (["play", "trente-et-un", "-o", "lives=2", "-o", "lives=4"], "'lives' is given twice"),
        (["play", "trente-et-un", "--players", "12"], "2 to 9 players"),
        (["play", "trente-et-un", "--seat", "7"], "--seat must be from 0 to 3"),
        (["play", "trente-et-un", "--opponents", "genius"], "unknown bot 'genius'"),
        (["simulate", "trente-et-un", "--bots", "random,random,random", "--players", "4"], "needs one bot name or 4"),
        (["replay", "missing.json"], "cannot read record"),
        (["play", "trente-et-un", "--record", "."], "is a folder"),
        (["play", "trente-et-un", "--record", "/proc/no/x.json"], "the folder '/proc/no' does not exist"),
        (["play", "trente-et-un", "--record", "/proc/x.json"], "cannot write there"),
        (["play", "trente-et-un", "--demo", "--seat", "1"], "takes no --seat"),
        (["simulate", "trente-et-un", "--bots", "heuristic,,random"], "empty bot name"),
    ],
)
def test_bad_input_gives_a_clear_error(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_replay_of_a_bad_record_names_the_action(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({
        "game": "trente-et-un", "game_version": 1, "num_players": 2,
        "players": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "human"}],
        "seed": 1, "actions": ["stock", "ZZ"],
    }))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "actions[1] = 'ZZ'" in result.output and "legal:" in result.output


@pytest.mark.parametrize(
    "game, moves, extra",
    [
        ("belle-flux-trente-un", "a\ns\n" * 300, ["-o", "deals=3", "--players", "4"]),
        ("blason", "\n" * 2000, ["--players", "3"]),
        ("guimbarde", "\n".join(list(CARD_CODES) * 300) + "\n", ["-o", "deals=2", "--players", "8"]),
        ("reversis", "\n".join((["pass"] + list(CARD_CODES)) * 400) + "\n", ["-o", "deals=2", "--players", "5"]),
    ],
)
def test_other_games_play_through_stdin_and_replay(game, moves, extra, tmp_path):
    path = tmp_path / f"{game}.json"
    result = runner.invoke(app, ["play", game, "--seed", "7", "--record", str(path), *extra], input=moves)
    assert result.exit_code == 0, result.output
    record = GameRecord.load(path)
    assert record.complete and record.actions
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).output)
    assert data["returns"] == record.result["returns"]
    assert data["ledger"], "counter games record every movement"
    assert sum(data["returns"]) + sum(data["match"]["pots"].values()) == 0


def test_blason_simulation_reports_seat_order_length_pot_and_squares():
    data = json.loads(runner.invoke(
        app, ["simulate", "blason", "--matches", "40", "--players", "3", "--seed", "4", "--json"]
    ).output)
    assert [s["label"] for s in data["seats"]] == ["seat 0 (random)", "seat 1 (random)", "seat 2 (random)"]
    figures = {f["name"]: f for f in data["figures"]}
    assert figures["turns"]["median"] <= figures["turns"]["p95"]
    assert figures["pot"]["mean"] >= 3  # at least the three entries
    assert figures["rounds"]["mean"] >= 1
    assert "square_30" in figures and "square_58" in figures


def test_belle_flux_simulation_reports_counters_won_per_bot():
    data = json.loads(runner.invoke(
        app, ["simulate", "belle-flux-trente-un", "--matches", "20", "--players", "4",
              "--bots", "heuristic,random,random,random", "--seed", "2", "--json"]
    ).output)
    bots = {r["label"]: r for r in data["bot_returns"]}
    assert set(bots) == {"heuristic", "random"}
    assert bots["heuristic"]["low"] <= bots["heuristic"]["mean"] <= bots["heuristic"]["high"]
    assert {f["name"] for f in data["figures"]} >= {"deals", "belle_carried", "flux_carried", "trente_un_carried"}


# --- the terminal: pacing, ASCII, the prompt ------------------------------------------------------
def test_a_person_out_of_the_match_still_presses_enter_after_each_deal(tmp_path):
    result = runner.invoke(app, ["play", "trente-et-un", "--seed", "1", "--players", "3", "-o", "lives=1",
                                 "--record", str(tmp_path / "out.json")], input=MOVES)
    assert result.exit_code == 0, result.output
    after = result.output.split("You are eliminated.")[1]
    assert after.count("Press Enter for the next deal") == after.count("End of deal") >= 2


def test_delay_pauses_before_each_bot_move_and_a_negative_delay_is_refused(tmp_path, monkeypatch):
    from academie.cli import play as play_module

    naps: list[float] = []
    monkeypatch.setattr(play_module.time, "sleep", naps.append)
    result = runner.invoke(app, ["play", "blason", "--demo", "--players", "2", "--seed", "3", "--delay", "0.25",
                                 "--record", str(tmp_path / "d.json")])
    assert result.exit_code == 0, result.output
    throws = len(GameRecord.load(tmp_path / "d.json").actions)
    assert naps == [0.25] * throws
    bad = runner.invoke(app, ["play", "blason", "--delay", "-1", "--record", str(tmp_path / "x.json")])
    assert bad.exit_code == 2 and "--delay must be a number of seconds from 0 to 60, not -1.0" in bad.output
    naps.clear()
    runner.invoke(app, ["play", "blason", "--demo", "--seed", "3", "--record", str(tmp_path / "e.json")])
    assert naps == []  # no terminal: no delay by default


def test_auto_throws_for_the_person_until_the_race_is_over(tmp_path):
    path = tmp_path / "auto.json"
    result = runner.invoke(app, ["play", "blason", "--seed", "5", "--players", "3", "--record", str(path)],
                           input="auto\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Your move") == 1
    record = GameRecord.load(path)
    assert record.complete and record.actions.count("throw") > 3


def test_a_terminal_that_cannot_print_suits_gets_an_ascii_table(tmp_path):
    import os
    import subprocess
    import sys

    env = dict(os.environ, LC_ALL="C", PYTHONIOENCODING="latin-1", COLUMNS="100")
    done = subprocess.run(
        [sys.executable, "-m", "academie.cli.app", "play", "trente-et-un", "--demo", "--seed", "2",
         "--record", str(tmp_path / "a.json")], env=env, capture_output=True,
    )
    assert done.returncode == 0, done.stderr.decode("latin-1")
    text = done.stdout.decode("ascii")  # nothing but ASCII
    assert "Traceback" not in text and "+----" in text and "| place | player" in text
    assert re.search(r"Deal 1: Anne deals; the up card is (10|[2-9AKQJ])[SHDC]\.", text)


def test_ascii_forces_the_ascii_table_also_in_replay(tmp_path):
    from academie.presentation.render import glyphs

    path = tmp_path / "b.json"
    try:
        played = runner.invoke(app, ["play", "belle-flux-trente-un", "--ascii", "--seed", "4", "--record", str(path)],
                               input="a\n" * 3 + "quit\n")
        assert played.exit_code == 0, played.output
        played.output.encode("ascii")
        assert re.search(r"^\+-+ Belle, Flux et Trente-un -+\+$", played.output, re.M)  # the panel, in ASCII
        assert re.search(r"\| You +\d+ jetons +up (10|[2-9AKQJ])[SHDC]", played.output)
        told = runner.invoke(app, ["replay", "--ascii", str(path)])
        assert told.exit_code == 0
        told.output.encode("ascii")
        assert "-- Deal 1:" in told.output
    finally:
        glyphs.set_ascii(False)


def test_arrow_keys_are_not_read_as_a_move(tmp_path):
    result = runner.invoke(app, ["play", "trente-et-un", "--seed", "3", "--record", str(tmp_path / "k.json")],
                           input="\x1b[A\x1b[D\nquit\n")
    assert result.exit_code == 0
    assert "\x1b" not in result.output and "is not a legal action" not in result.output
    assert "Legal moves: stock, pile, knock" in result.output


def test_legal_moves_are_listed_in_the_order_the_hand_is_shown(tmp_path):
    result = runner.invoke(app, ["play", "guimbarde", "--seed", "3", "--players", "3",
                                 "--record", str(tmp_path / "g.json")], input="zz\nquit\n", env={"COLUMNS": "200"})
    hand = re.search(r"Your hand: (.*?)\s*│", result.output).group(1)
    moves = re.search(r"Your move \((.*?)\): ", result.output).group(1).split(", ")
    shown = [c.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C") for c in hand.split()]
    assert moves == [c for c in shown if c in moves] and len(moves) >= 1
    assert f"; legal: {', '.join(moves)}\n" in result.output  # the error lists them so too
    assert "Your move (" + ", ".join(moves) + "): zz\n" in result.output  # piped answers are echoed


def test_an_error_line_wraps_between_words(tmp_path):
    import io

    from rich.console import Console

    from academie.cli.play import PlaySession
    from academie.games import get_game

    buf = io.StringIO()
    answers = iter(["7S", "quit"])
    session = PlaySession(get_game("guimbarde"), 3, 0, ["heuristic"] * 2, 3, {}, tmp_path / "w.json",
                          Console(file=buf, width=40, color_system=None), read_line=lambda prompt: next(answers))
    session.run()
    out = buf.getvalue()
    start = out.index("'7S'")
    error = out[start:out.index("Match stopped")]
    words = error.split()
    assert all(len(line) <= 40 for line in error.splitlines())
    assert " ".join(words).startswith("'7S' is not")
    assert all(w.strip(",;()") for w in words)
    # No word is cut: every line ends where a word ends in the single-line message.
    message = " ".join(words)
    for line in error.splitlines():
        if line.strip():
            assert (" " + line.strip() + " ") in (" " + message + " ")


def test_help_adds_three_lines_on_how_to_win(tmp_path):
    from academie.games.reversis.guide import HOW_TO_WIN

    result = runner.invoke(app, ["play", "reversis", "--seed", "2", "--record", str(tmp_path / "h.json")],
                           input="help\nquit\n", env={"COLUMNS": "300"})
    assert result.output.count("How to win:") == 2  # at the start and on help
    for line in HOW_TO_WIN:
        assert f"• {line}" in result.output


@pytest.mark.parametrize("args", [
    ["replay", "{record}"],
    ["replay", "{record}", "--json"],
    ["simulate", "guimbarde", "--matches", "3", "--seed", "1"],
    ["simulate", "reversis", "--matches", "2", "--seed", "1", "--json"],
    ["play", "trente-et-un", "--record", "{record}"],  # an error: the file exists
])
def test_every_command_prints_on_a_latin_1_terminal(args, tmp_path):
    import os
    import subprocess
    import sys

    record = tmp_path / "g.json"
    assert runner.invoke(app, ["play", "guimbarde", "--demo", "--seed", "3", "-o", "deals=1",
                               "--record", str(record)]).exit_code == 0
    env = dict(os.environ, LC_ALL="C", PYTHONIOENCODING="latin-1")
    done = subprocess.run([sys.executable, "-m", "academie.cli.app", *(a.format(record=record) for a in args)],
                          env=env, capture_output=True)
    assert b"Traceback" not in done.stderr, done.stderr.decode("latin-1")
    assert done.returncode == (2 if args[0] == "play" else 0)
    if args[0] == "play":
        assert b"the file already exists" in done.stderr
