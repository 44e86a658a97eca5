"""The match through every interface: deals and returns (GU2), the terminal (play, demo, resume,
replay), records and simulate."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from academie.cli.app import app
from academie.core.chance import SeededChance
from academie.core.record import GameRecord
from academie.core.runner import advance_chance
from tests.guinguette.support import GUINGUETTE, deal, play

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
HANDS = ["QD 6H 7H 8H", "AS 6S JC KC", "9D 10D JD KH", "7S 8S 9S 10S"]


def test_the_match_lasts_its_deals_and_returns_the_counters_won_or_lost():
    # GU2 (ours): a fixed number of deals; baskets left at the end belong to nobody
    state, chance = deal(HANDS)
    assert state.returns() == [0.0] * 4
    play(state, chance, ["stay"] * 4 + ["pass"] * 4)
    assert state.is_terminal() and len(state.results) == 1
    assert state.returns() == [float(c - 30) for c in state.match.counters]
    assert sum(state.returns()) == -sum(state.match.pots.values())
    assert tuple(state.match.counters) == state.results[-1].counters


@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_counters_and_cards_are_conserved_and_the_ledger_explains_them(players):
    state = GUINGUETTE.new_initial_state(players, {"deals": 5, "renvi_cotillon": "raise"})
    chance, rng = SeededChance(players), random.Random(players)
    cards = sorted(state.all_cards())
    advance_chance(state, chance)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        advance_chance(state, chance)
        assert state.match.total() == 30 * players and sorted(state.all_cards()) == cards
    ledger = state.match.ledger
    assert [30 + ledger.net(s) for s in range(players)] == state.match.counters
    assert {b: ledger.net(b) for b in state.match.pots} == state.match.pots


def test_a_demo_match_plays_to_its_end_in_the_terminal(tmp_path):
    path = tmp_path / "demo.json"
    result = runner.invoke(app, ["play", "guinguette", "--demo", "--seed", "1", "--record", str(path)], env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.output
    # GU14: Camille cannot stake a fifth deal (before, he played all 8 deals into a debt)
    assert "── Deal 4:" in out and "End of the match" in out and "Match over after 4 deals." in out
    assert "stirs the cotillon" in out and "The cotillon basket:" in out
    assert "(Larousse: « les as ne valent qu'un point »)" in out  # payments cite their rule
    record = GameRecord.load(path)
    assert record.complete and record.game == "guinguette"
    told = runner.invoke(app, ["replay", str(path)], env=WIDE)
    assert told.exit_code == 0 and "End of the match" in told.output
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).output)
    assert data["returns"] == record.result["returns"]


def test_a_person_plays_through_standard_input(tmp_path):
    path = tmp_path / "p.json"
    moves = "\n".join(["zz", "stay", "pinte", "hold", "drop", "pass", "stay", "hold"] * 200) + "\n"
    result = runner.invoke(app, ["play", "guinguette", "--seed", "4", "--players", "3", "-o", "deals=2",
                                 "--record", str(path)], input=moves, env=WIDE)
    assert result.exit_code == 0, result.output
    assert "'zz' is not a legal action now (not a card code (KH, 9S, TS) nor a move word)" in result.output
    assert "Your hand:" in result.output and "Guinguette (a reconstruction)" in result.output
    record = GameRecord.load(path)
    assert record.complete
    assert runner.invoke(app, ["replay", str(path)]).exit_code == 0


def test_a_card_the_person_gives_up_is_named_to_him_only(tmp_path):
    path = tmp_path / "s.json"
    result = runner.invoke(app, ["play", "guinguette", "--seed", "4", "--players", "3", "-o", "deals=1",
                                 "--record", str(path)], input="?\nquit\n", env=WIDE)
    legal = result.output.split("Legal moves: ")[1].splitlines()[0].split(", ")
    card = legal[1]
    result = runner.invoke(app, ["play", "guinguette", "--seed", "4", "--players", "3", "-o", "deals=1",
                                 "--record", str(path), "--force"], input=f"{card}\nquit\n", env=WIDE)
    line = next(x for x in result.output.splitlines() if x.startswith("You stir the cotillon"))
    assert "given up" in line and "taken" in line
    told = runner.invoke(app, ["replay", str(path)], env=WIDE).output
    line = next(x for x in told.splitlines() if "You stir" in x or "stirs the cotillon" in x)
    assert "given up face down" in line


def test_simulate_reports_the_figures_of_the_game():
    result = runner.invoke(app, ["simulate", "guinguette", "--matches", "20", "--players", "4",
                                 "--bots", "heuristic,random,random,random", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # GU14: a match ends before its 8th deal when a player cannot stake (random bots soon cannot)
    assert data["means"]["stirs"] > 0 and 1 < data["means"]["deals"] < 8


def test_games_and_rules_say_it_is_a_reconstruction():
    out = " ".join(runner.invoke(app, ["games", "guinguette"]).output.split())
    assert "A RECONSTRUCTION" in out and "renvier le cotillon" in out and "[our proposal]" in out
    assert "GU7" not in out  # the working notes' tags are shown nowhere
    out = " ".join(runner.invoke(app, ["rules", "guinguette"]).output.split())
    assert "A RECONSTRUCTION" in out and "[Adpoker] « je remue le cotillon »" in out
    assert "[004] « La guinguette est la dame de carreau »" in out
    data = json.loads(runner.invoke(app, ["games", "guinguette", "--json"]).output)
    from academie.edition.view import untagged

    assert data["reconstructed"] == [untagged(r) for r in GUINGUETTE.info.reconstructed] and len(data["reconstructed"]) >= 5
    assert json.loads(runner.invoke(app, ["games", "guimbarde", "--json"]).output)["reconstructed"] == []
