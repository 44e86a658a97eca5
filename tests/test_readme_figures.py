"""The documentation's bot figures (README.md and docs/**/*.md) are what the commands beside them
print today: ``benchmarks/figures.py`` recomputes each one (``make figures`` rewrites them) and
``--check`` fails on any that differ."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "figures.py"


def load_figures():
    spec = importlib.util.spec_from_file_location("readme_figures", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_readme_figure_is_what_its_command_prints_today(capsys):
    figures = load_figures()
    text = "\n".join(path.read_text(encoding="utf-8") for path in figures.pages())
    for spec in figures.FIGURES:
        assert f"<!-- figures:{spec.key} -->`{spec.command()}`: " in text
    assert figures.main(["--check"]) == 0, capsys.readouterr().err
