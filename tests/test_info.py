"""What the command line tells about the games: `academie rules GAME`, `academie games GAME`,
`--version`, the help screens, and the bibliography the package cites instead of files it does not
ship (issue 8, section 3)."""

from __future__ import annotations

import importlib
import json
import re
from importlib import metadata
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from academie.cli.app import app
from academie.core.guide import Guide, guide_of
from academie.games import GAMES
from academie.sources import LATER_SOURCES, SOURCES, bibliography, source

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "academie"


def flat(text: str) -> str:
    """The output with every run of whitespace made one space (rich wraps long lines)."""
    return " ".join(text.split())


def commands() -> dict[str, object]:
    return dict(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_rules_give_the_aim_the_sections_a_citation_and_every_option(game_id):
    result = runner.invoke(app, ["rules", game_id])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    guide = guide_of(GAMES[game_id])
    assert flat(guide.aim[0].text) in out
    for title in ("The aim", guide.deal_title, "A turn", "Scoring", "The end of a match", "How to win"):
        assert title in out
    siglum = next(s.siglum for s in SOURCES.values() if game_id in (s.game, *s.also))
    assert re.search(rf"\[{siglum}\] « [^»]+ »", out), "a rule cites its source's French words"
    assert flat(bibliography(siglum)) in out  # the siglum is explained by its bibliographic name
    for option in GAMES[game_id].describe_options():
        assert f"-o {option.name}=" in out
    for line in guide.how_to_win:
        assert flat(line) in out


def test_rules_of_trente_et_un_read_as_the_code_plays():
    out = flat(runner.invoke(app, ["rules", "trente-et-un"]).output)
    assert "[003] « Le dernier en lice gagne »" in out
    assert "[003] « Celui qui a frappé et se révèle avoir le total le plus bas en perd deux »" in out
    assert "-o knocker_tie=lose2 [our proposal]" in out
    assert "our reading: options brelan, no_knock_first_round" in out
    assert "T9" not in out and "reading T" not in out  # our catalogue's tags are defined nowhere a reader looks


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_guide_rule_is_cited_and_names_real_options(game_id):
    game = GAMES[game_id]
    guide = guide_of(game)
    assert isinstance(guide, Guide)
    names = {o.name for o in game.describe_options()}
    mentioned = set()
    for rule in guide.rules():
        assert rule.text.strip()
        assert rule.source or rule.reading, f"uncited rule: {rule.text}"
        if rule.source:
            source(rule.source)  # a known siglum
        if rule.words:
            assert rule.source, f"French words without a source: {rule.words}"
        for name in filter(None, (n.strip() for n in rule.option.split(","))):
            assert name in names, f"{game_id}: rule names unknown option {name!r}"
            mentioned.add(name)
    assert mentioned == names, f"options the rules text never mentions: {sorted(names - mentioned)}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_how_to_win_is_three_short_lines_exported_beside_the_game(game_id):
    package = type(GAMES[game_id]).__module__
    how = importlib.import_module(f"{package}.guide").HOW_TO_WIN
    assert isinstance(how, tuple) and len(how) == 3
    assert all(isinstance(line, str) and 0 < len(line) <= 120 for line in how)
    assert guide_of(GAMES[game_id]).how_to_win == how


def test_rules_json_and_unknown_game():
    data = json.loads(runner.invoke(app, ["rules", "reversis", "--json"]).output)
    assert data["id"] == "reversis"
    assert data["sources"]["001"] == bibliography("001")
    assert data["sections"][0]["title"] == "The aim"
    assert data["sections"][0]["rules"][0]["citation"].startswith("[001] « ")
    result = runner.invoke(app, ["rules", "scat"])
    assert result.exit_code == 2
    assert "unknown game 'scat'; the games are: " + ", ".join(sorted(GAMES)) in flat(result.output)


def test_games_shows_one_game_or_names_the_ids():
    result = runner.invoke(app, ["games", "blason"])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert out.startswith("blason — Jeu du Blason")
    assert "-o dice=2d6" in out and "trente-et-un" not in out and "knocker_tie" not in out
    assert "Lacombe, Encyclopédie méthodique, Dictionnaire des jeux mathématiques" in out
    data = json.loads(runner.invoke(app, ["games", "blason", "--json"]).output)
    assert data["id"] == "blason" and data["sources"] == [bibliography("002")]
    result = runner.invoke(app, ["games", "goose"])
    assert result.exit_code == 2
    assert "unknown game 'goose'; the games are: " + ", ".join(sorted(GAMES)) in flat(result.output)
    every = json.loads(runner.invoke(app, ["games", "--json"]).output)
    assert [g["id"] for g in every] == list(GAMES)


def test_game_info_sources_are_bibliographic_names():
    for game in GAMES.values():
        assert game.info.sources
        for name in game.info.sources:
            # the game's own texts, and a later one where most of the game comes from it (the
            # Guinguette's later description)
            assert name in {s.title for s in (*SOURCES.values(), *LATER_SOURCES.values())}
            assert ".txt" not in name
        assert any(name in {s.title for s in SOURCES.values()} for name in game.info.sources)


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"academie {metadata.version('academie')}"


def test_no_command_shows_a_value_for_a_flag_in_its_help():
    for name in ["", *commands()]:
        args = [name, "--help"] if name else ["--help"]
        result = runner.invoke(app, args, env={"COLUMNS": "200"})
        assert result.exit_code == 0, (name, result.output)
        assert "<bool>" not in result.output, name
        assert "--help" in result.output
    play_help = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output
    assert re.search(r"--demo(\s+--no-demo)?\s+Bots only", play_help)  # no value between
    assert "<int>" in play_help  # options that take a value still show it
    assert "--version" in runner.invoke(app, ["--help"], env={"COLUMNS": "200"}).output


def test_every_game_argument_lists_the_game_ids_in_help():
    taking_a_game = [n for n, c in commands().items() if any(p.name == "game" for p in c.params)]  # type: ignore[attr-defined]
    assert {"play", "simulate", "rules", "games"} <= set(taking_a_game)
    for name in taking_a_game:
        out = flat(runner.invoke(app, [name, "--help"], env={"COLUMNS": "200"}).output)
        assert "The game: " + ", ".join(GAMES) in out, name


def package_files() -> list[Path]:
    return ([p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
            + [ROOT / "README.md", ROOT / "mkdocs.yml"] + sorted((ROOT / "docs").rglob("*.md")))


def test_the_package_points_to_no_file_it_does_not_ship():
    # what `grep -rn "shared/\|REFERENCE.md" src README.md docs` checks, over the package and the docs
    offending = []
    for path in package_files():  # a compiled catalog (.mo) read as the text its bytes hold
        for number, line in enumerate(path.read_bytes().decode("utf-8", errors="replace").splitlines(), 1):
            if "shared/" in line or "REFERENCE.md" in line or re.search(r"\b00\d_[0-9a-f]{16}\.txt", line):
                offending.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offending, "\n".join(offending)


def test_every_siglum_the_code_cites_is_in_the_bibliography():
    cited = set()
    for path in PACKAGE.rglob("*.py"):
        cited |= set(re.findall(r"\[(\d{3})\] ?«", path.read_text(encoding="utf-8")))
    assert cited == set(SOURCES)
    assert bibliography("001").startswith("Diderot & d'Alembert, Encyclopédie")
    assert "Reversis" in bibliography("001")
    assert "Belle, Flux et Trente-un" in bibliography("000") and "1792" in bibliography("000")
    assert "Lacombe" in bibliography("002") and "Blason" in bibliography("002")
    assert "Règles de Trente et un" in bibliography("003")
    assert "Larousse" in bibliography("004") and "Guimbarde" in bibliography("004")
    assert set(SOURCES).isdisjoint(LATER_SOURCES)


@pytest.mark.parametrize("args", [["rules", "belle-flux-trente-un"], ["rules", "reversis"], ["games"], ["games", "blason"]])
def test_rules_and_games_print_whole_lines_off_a_terminal(args):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "academie.cli.app", *args], capture_output=True,
                          env={**__import__("os").environ, "COLUMNS": "80", "PYTHONIOENCODING": "utf-8"})
    out = done.stdout.decode()
    assert done.returncode == 0 and out
    assert all(line == line.rstrip() for line in out.splitlines())  # no padding at the ends
    assert max(len(line) for line in out.splitlines()) > 120  # a long rule or doc is one line
    if args == ["rules", "belle-flux-trente-un"]:
        assert "donner carte encore à ceux qui veulent" in out  # grep finds a quotation
