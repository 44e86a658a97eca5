"""The command line, driven as a user would: games, play through standard input, simulate,
replay, and the errors for bad input."""

from __future__ import annotations

import json

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
    for word in ("trente-et-un", "2–9 players", "knocker_tie", "lose2", "our proposal", "T1", "brelan"):
        assert word in result.output
    data = json.loads(runner.invoke(app, ["games", "--json"]).output)
    options = {o["name"]: o for o in data[0]["options"]}
    assert options["lives"]["default"] == 3 and options["lives"]["ref"] == "T11"


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
        (["play", "scat"], "unknown game 'scat'; the games are: belle-flux-trente-un, blason, guimbarde, reversis, trente-et-un"),
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
