"""The README's OpenSpiel and PettingZoo examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def snippets(section: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", body, re.S)


@pytest.mark.parametrize("section,module", [("OpenSpiel", "pyspiel"), ("PettingZoo", "pettingzoo")])
def test_readme_example_runs(section, module, capsys):
    pytest.importorskip(module)
    found = snippets(section)
    assert found, f"no python example under ## {section}"
    for code in found:
        exec(compile(code, f"README ## {section}", "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out
    assert out.strip()
    if section == "OpenSpiel":
        assert "[0:52] hand (52): the viewer's cards" in out
    else:
        # the match is over: the last deal's result and the standings (no turn past the last trick)
        assert "End of deal 1" in out and "End of the match" in out and "player_0" in out
        assert "(none yet)" not in out
