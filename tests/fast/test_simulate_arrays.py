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


@pytest.mark.parametrize("gid, players", [("reversis", 4), ("trente-et-un", 3), ("guimbarde", 4),
                                          ("guinguette", 5)])
def test_matches_are_counted_from_arrays_not_match_objects(monkeypatch, gid, players):
    """The kernel's matches reach the report as arrays: no :class:`~academie.fast.FastMatch`
    per match (the one ``fast.prepare`` plays first aside), the same report as the pure engine's."""
    from academie.analysis.simulate import simulate
    from academie.games import get_game

    made = []
    real = fast.FastMatch.__init__

    def counted(self, *args):
        made.append(1)
        real(self, *args)

    monkeypatch.setattr(fast.FastMatch, "__init__", counted)
    game, matches = get_game(gid), fast.MIN_MATCHES[gid]
    with_kernel = simulate(game, ["random"] * players, matches, seed=3, workers=1).to_json()
    assert len(made) <= 1
    monkeypatch.setattr(fast, "available", lambda: False)
    assert simulate(game, ["random"] * players, matches, seed=3, workers=1).to_json() == with_kernel


def test_generators_seeded_side_by_side_are_python_s():
    """``mt_seed_rows`` seeds each row as ``random.Random(seed)`` does, 32- and 64-bit seeds
    mixed: the words, then the same draws."""
    import random

    import numpy as np

    from academie.fast.mt import MT_SIZE, mt_next, mt_seed_rows

    rng = random.Random(8)
    keys = [0, 1, 2**32 - 1, 2**32, 2**63 - 1] + [rng.getrandbits(32) for _ in range(4)] + [rng.getrandbits(63)]
    rows = np.zeros((len(keys), MT_SIZE), dtype=np.int64)
    mt_seed_rows(rows, np.array(keys, dtype=np.int64))
    for row, key in zip(rows, keys):
        py = random.Random(key)
        assert [mt_next(row) for _ in range(700)] == [py.getrandbits(32) for _ in range(700)], key


@pytest.mark.parametrize("gid, names", [("reversis", ["heuristic", "random", "random", "random"]),
                                        ("guimbarde", ["random", "heuristic", "random"]),
                                        ("belle-flux-trente-un", ["random", "random", "heuristic"]),
                                        ("guinguette", ["heuristic", "random", "random", "heuristic"])])
def test_each_match_s_line_is_the_pure_engine_s(monkeypatch, gid, names):
    """``on_match`` (``--jsonl``, ``--plot``) gets from the kernel's arrays the lines the pure
    engine gives: seeds, returns, statistics, match by match, at two workers."""
    from academie.analysis.simulate import simulate
    from academie.games import get_game

    game, matches = get_game(gid), fast.MIN_MATCHES[gid]
    lines: dict[str, list] = {"kernel": [], "pure": []}
    simulate(game, names, matches, seed=12, workers=2, on_match=lines["kernel"].append)
    monkeypatch.setattr(fast, "available", lambda: False)
    simulate(game, names, matches, seed=12, workers=2, on_match=lines["pure"].append)
    assert len(lines["kernel"]) == matches and lines["kernel"] == lines["pure"]
