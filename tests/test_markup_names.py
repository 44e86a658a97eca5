"""Players' names are printed as written, never read as rich markup: « [/] » is a name that a
record or a person may give, not a closing tag (it used to end a replay in a MarkupError)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from academie.cli.app import app
from academie.core.record import GameRecord
from academie.games import GAMES

runner = CliRunner()

NAMES = ["[/]", "[bold]x[/]", "[red]", "Anne"]
SHORT = {"trente-et-un": "lives=1", "blason": "dice=2d6"}  # a short match; the others: one deal


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_replay_prints_markup_names_as_written(tmp_path, game_id):
    game = GAMES[game_id]
    n = max(game.info.min_players, 4) if game.info.max_players >= 4 else game.info.min_players
    path = tmp_path / "demo.json"
    made = runner.invoke(app, ["play", game_id, "--demo", "--seed", "4", "--players", str(n),
                               "-o", SHORT.get(game_id, "deals=1"),
                               "--record", str(path)])
    assert made.exit_code == 0, made.output
    record = GameRecord.load(path)
    for seat, player in enumerate(record.players):
        player.name = NAMES[seat % len(NAMES)]
    marked = tmp_path / "marked.json"
    record.save(marked)
    result = runner.invoke(app, ["replay", str(marked)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "[bold]x[/]" in result.output and "[/]" in result.output
    assert "Traceback" not in result.output
