"""The documentation's OpenSpiel and PettingZoo examples run as written: the worked examples of
docs/adapters.md and the short one of README.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
ADAPTERS = ROOT / "docs" / "adapters.md"


def snippets(path: Path, section: str) -> list[str]:
    text = path.read_text(encoding="utf-8")
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", body, re.S)


def run(path: Path, section: str, capsys) -> str:
    found = snippets(path, section)
    assert found, f"no python example under ## {section} in {path.name}"
    for code in found:
        exec(compile(code, f"{path.name} ## {section}", "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out
    assert out.strip()
    return out


@pytest.mark.parametrize("section,module", [("OpenSpiel", "pyspiel"), ("PettingZoo", "pettingzoo"),
                                            ("Batches: `academie.vector`", "numba")])
def test_docs_example_runs(section, module, capsys):
    pytest.importorskip(module)
    if section.startswith("Batches"):
        pytest.importorskip("pettingzoo")  # the parallel wrapper's example
    out = run(ADAPTERS, section, capsys)
    if section.startswith("Batches"):
        assert out.strip().splitlines() == ["(1024, 463) (1024, 252) (1024, 4)", "(1024, 452) (1024, 116) (1024, 4)",
                                            "(671,) True True"]
    elif section == "OpenSpiel":
        assert "[0:52] hand (52): the viewer's cards" in out
    else:
        # the match is over: the last deal's result and the standings (no turn past the last trick)
        assert "End of deal 1" in out and "End of the match" in out and "player_0" in out
        assert "(none yet)" not in out


def test_readme_example_runs(capsys):
    pytest.importorskip("pyspiel")
    out = run(README, "OpenSpiel and PettingZoo", capsys)
    assert out.split()[0] == "4"
