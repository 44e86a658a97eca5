"""The documentation site: its rules pages are what ``docs/generate.py`` writes from the guides
today, it builds with MkDocs with every warning an error (broken links and anchors included), and
every command its pages show names a real command, game and option."""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from academie.games import GAMES, get_game

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GENERATOR = DOCS / "generate.py"
COMMANDS = {"games", "rules", "play", "simulate", "tournament", "replay", "analyse", "serve", "source"}


def load_generator():
    spec = importlib.util.spec_from_file_location("docs_generate", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def test_every_rules_page_is_what_the_generator_writes_from_the_guides_today(capsys):
    generate = load_generator()
    for game in GAMES:
        text = generate.page_path(game).read_text(encoding="utf-8")
        assert text.startswith(generate.generated(game)), f"docs/rules/{game}.md is stale: run docs/generate.py --write"
    assert generate.main(["--check"]) == 0, capsys.readouterr().err


def test_every_rules_page_holds_every_rule_and_option_of_its_game():
    generate = load_generator()
    for game in GAMES:
        text = generate.page_path(game).read_text(encoding="utf-8")
        g = get_game(game)
        for o in g.describe_options():
            assert f"| `{o.name}` |" in text, (game, o.name)
        assert f"academie rules {game}" in text
        assert "rules and readings" in text.split(generate.END, 1)[1], game  # the prose kept


def test_every_page_is_in_the_navigation_and_the_readme_links_every_rules_page():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for path in DOCS.rglob("*.md"):
        assert f" {path.relative_to(DOCS).as_posix()}" in nav, path
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        assert f"(docs/rules/{game}.md)" in readme, game
    for link in re.findall(r"\]\((docs/[^)#]+)", readme):
        assert (ROOT / link).exists(), link


def shown_commands() -> list[tuple[str, str]]:
    """(page, line) for every ``academie …`` line of a ``sh`` block or inline code of a page."""
    found = []
    for path in pages():
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"```sh\n(.*?)```", text, re.S):
            for line in block.splitlines():
                line = line.split("#", 1)[0].strip()
                if line.startswith("academie "):
                    found.append((path.name, line))
        for code in re.findall(r"`(academie (?:simulate|tournament|play|analyse) [^`]+)`", text):
            found.append((path.name, code))
    return found


def test_every_command_the_pages_show_names_a_real_command_game_and_option():
    shown = shown_commands()
    assert len(shown) > 40
    for page, line in shown:
        words = shlex.split(line.replace("…", "x").replace("[--json]", "--json"))
        command = words[1]
        assert command in COMMANDS | {"--version"}, (page, line)
        if command in {"games", "rules", "play", "simulate", "tournament", "analyse", "source"} and len(words) > 2 \
                and not words[2].startswith("-") and words[2] != "GAME":
            assert words[2] in GAMES, (page, line)
            names = {o.name for o in get_game(words[2]).describe_options()}
            for flag, value in zip(words, words[1:]):
                if flag == "-o":
                    assert value.split("=", 1)[0] in names, (page, line)


def test_the_site_builds_with_warnings_as_errors(tmp_path):
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None:
        pytest.skip("mkdocs and mkdocs-material are not installed (pip install -e '.[docs]'; make test installs them)")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--config-file", str(ROOT / "mkdocs.yml"),
         "--site-dir", str(tmp_path / "site")],
        capture_output=True, text=True, cwd=ROOT, env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "site" / "rules" / "reversis" / "index.html").exists()
