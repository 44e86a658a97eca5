"""At 80 columns the long lines break where a reader expects: the options line a match opens
with breaks between two options (the ``·`` ends the line, it never opens the next) and never
inside a ``name=value``; ``academie games`` breaks an option's allowed values after a comma,
indented, never inside a value nor after a bare ``allowed:``; the players line never parts a
name from its bot, the Blason's legend a square's number from its name, the standings a player
from his counters."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

from academie.cli.app import app
from academie.cli.narrate import options_line, players_line
from academie.games import GAMES, get_game

runner = CliRunner()


def printed(renderable, width: int = 80) -> list[str]:
    stream = io.StringIO()
    Console(file=stream, width=width, color_system=None, highlight=False).print(renderable)
    return [line.rstrip() for line in stream.getvalue().rstrip("\n").split("\n")]


def whole(piece: str, lines: list[str]) -> bool:
    return any(piece in line for line in lines)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_options_line_breaks_between_options(game_id):
    game = get_game(game_id)
    options = game.parse_options({})
    lines = printed(options_line(game, options))
    assert len(lines) > 1 or len(lines[0]) <= 80
    assert all(len(line) <= 80 for line in lines)
    assert lines[0].startswith("Options: ")
    for line in lines[1:]:
        assert line.startswith("  ") and not line.lstrip().startswith("·"), lines
    for doc in game.describe_options():
        value = getattr(options, doc.name)
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        assert whole(f"{doc.name}={shown}", lines), (doc.name, lines)
    assert " ".join(" ".join(lines).split()) == options_line(game, options).plain  # nothing lost
    assert printed(options_line(game, options), width=1000) == [options_line(game, options).plain]


def test_the_players_line_keeps_each_player_with_his_bot():
    names = [("Anne", "ismcts:iterations=50"), ("Bastien", "heuristic"), ("Camille", "random"), ("Denis", "random")]
    lines = printed(players_line(get_game("guimbarde"), names, 1))
    assert lines == ["Guimbarde — Anne (ismcts:iterations=50), Bastien (heuristic), Camille (random),",
                     "  Denis (random). Seed 1."]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_games_wraps_the_allowed_values_at_their_commas(game_id):
    # on a terminal (TTY_COMPATIBLE: rich draws as for one): off a terminal each line is whole
    result = runner.invoke(app, ["games", game_id], env={"COLUMNS": "80", "TTY_COMPATIBLE": "1", "TERM": "dumb"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines)
    for doc in get_game(game_id).describe_options():
        (start,) = [k for k, line in enumerate(lines) if line.startswith(f"  -o {doc.name}=")]
        last = doc.allowed.split(", ")[-1]
        end = next(k for k in range(start, len(lines)) if lines[k].rstrip().endswith(last))
        block = lines[start:end + 1]  # the option's line, as wrapped
        assert all(line.startswith("      ") for line in block[1:]), block  # indented as the doc
        assert not any(line.rstrip().endswith("allowed:") for line in block), block
        for value in doc.allowed.split(", "):
            assert whole(value, block), (value, block)  # each value whole on one line
        text = " ".join(" ".join(block).split())
        assert text.endswith("] allowed: " + " ".join(doc.allowed.split())), block
        assert f"[{doc.provenance}]" in text or f"[{doc.provenance}: " in text, block  # a later source named


def test_the_blason_legend_keeps_each_square_with_its_name():
    from academie.presentation.render.blason import describe_deal

    game = get_game("blason")
    state = game.new_initial_state(4)
    view = state.public_view()
    lines = printed(describe_deal(view, ["Anne", "Bastien", "Camille", "Denis"]))
    assert lines[0] == "── The race begins."
    assert all(len(line) <= 80 for line in lines) and len(lines) > 3
    for square in view.board.values():
        if square.effect != "none" or square.number in (12, 26):
            assert whole(f"{square.number} {square.name}", lines), (square.number, lines)
    assert all(line.startswith("  ") for line in lines[2:])


@pytest.mark.parametrize("game_id, players", [("guimbarde", 8), ("trente-et-un", 9)])
def test_the_standings_keep_each_player_whole(game_id, players):
    from academie.cli.narrate import standings
    from academie.presentation.render import RENDERERS

    names = ["Anne", "Bastien", "Camille", "Denis", "Élise", "François", "Gaspard", "Hélène", "Isidore"][:players]
    state = get_game(game_id).new_initial_state(players)
    lines = printed(standings(state, RENDERERS[game_id], names))
    assert lines[0].startswith("Standings so far: ") and len(lines) > 1
    assert all(len(line) <= 80 for line in lines)
    for line in lines[1:]:
        assert (line.startswith("  ") or line.startswith("On the table")) and not line.lstrip().startswith("·"), lines
    for name in names:
        assert any(line.split(name)[1].split(" ·")[0].strip() for line in lines if name in line)
    text = " ".join(" ".join(lines).split())
    assert all(f"{name} " in text for name in names)
