"""``academie simulate`` with random bots on a game with a compiled kernel: the report, text and
JSON, is the one the per-match path gave before the matches were counted in arrays
(``simulate_reports.json``, captured from that path for several games, bot line-ups, seeds and
numbers of workers), and no match is wrapped in a Python object on the way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("numba")

from typer.testing import CliRunner  # noqa: E402

from academie import fast  # noqa: E402
from academie.cli.app import app  # noqa: E402

REPORTS = json.loads((Path(__file__).parent / "simulate_reports.json").read_text(encoding="utf-8"))
runner = CliRunner()


@pytest.mark.parametrize("case", sorted(REPORTS))
def test_the_report_is_the_one_captured_figure_for_figure(case):
    want = REPORTS[case]
    text = runner.invoke(app, want["args"])
    as_json = runner.invoke(app, [*want["args"], "--json"])
    assert text.exit_code == 0 and as_json.exit_code == 0, text.output + as_json.output
    assert text.stdout == want["text"]
    assert json.loads(as_json.stdout) == want["json"]
