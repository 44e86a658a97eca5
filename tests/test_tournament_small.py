"""What a new user of ``academie tournament`` met: intervals from few boards, the matches a bot
took part in, a folder for the records, the timing note and progress, long bot specs."""

from __future__ import annotations

import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from academie.analysis.tournament import (
    COUNTERS,
    BotResult,
    Estimate,
    PairResult,
    Rating,
    TournamentResult,
    estimate,
    tournament,
)
from academie.cli.app import app
from academie.cli.tournament import BoardsWarning
from academie.presentation.standings import print_result
from academie.games import get_game

runner = CliRunner()


def test_ten_boards_all_won_give_a_wide_interval_not_a_certainty():
    result = runner.invoke(app, ["tournament", "trente-et-un", "--bots", "heuristic,random", "--matches", "10",
                                 "--seed", "1", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    heuristic = next(b for b in data["bots"] if b["bot"] == "heuristic")
    assert heuristic["score"]["mean"] == 1.0
    assert 0.6 < heuristic["score"]["low"] < 0.7 and heuristic["score"]["high"] == 1.0  # not [100%, 100%]
    pair = next(p for p in data["pairs"] if p["bot"] == "heuristic")
    assert pair["difference"]["mean"] == 1.0 and pair["difference"]["low"] < 0.5
    table = runner.invoke(app, ["tournament", "trente-et-un", "--bots", "heuristic,random", "--matches", "10",
                                "--seed", "1", "--workers", "1"], terminal_width=120).output
    assert "[100.0%, 100.0%]" not in table and "[64.7%, 100.0%]" in table


def test_bounded_estimate_and_too_few_boards():
    e = estimate([1.0] * 10, (0.0, 1.0))
    assert (e.mean, round(e.low, 3), e.high, e.note) == (1.0, 0.647, 1.0, "")
    few = estimate([1.0, 0.0, 1.0], (0.0, 1.0))
    assert (few.low, few.high, few.note) == (None, None, "too few")
    flat = estimate([3.0] * 6)  # counters, all the same: no interval, said so
    assert (flat.mean, flat.low, flat.high, flat.note) == (3.0, None, None, "no spread")
    # many boards: the four added values change next to nothing
    values = [0.0, 1.0] * 500
    wide = estimate(values, (0.0, 1.0))
    assert 0.468 < wide.low < 0.47 and 0.53 < wide.high < 0.532


def test_too_few_boards_say_so_in_the_table():
    result = runner.invoke(app, ["tournament", "trente-et-un", "--bots", "heuristic,random", "--matches", "2",
                                 "--seed", "1", "--workers", "1"], terminal_width=120)
    assert result.exit_code == 0, result.output
    assert result.output.count("too few boards") == 3  # two bots, one pair


def test_a_bot_in_several_seats_counts_each_match_once():
    result = tournament(get_game("blason"), ["random", "random"], matches=10, seed=1)
    assert result.matches == 20 and [b.matches for b in result.bots] == [20]
    assert result.bots[0].seats == [20, 20]  # each seat of every match
    result = tournament(get_game("reversis"), ["heuristic", "random", "random", "random"], deals=2, seed=1)
    assert result.matches == 8 and [b.matches for b in result.bots] == [8, 8]
    assert [b.deals for b in result.bots] == [8, 8] and result.bots[1].seats == [6, 6, 6, 6]
    # more bots than seats: a bot plays only the matches of the lineups it is in
    result = tournament(get_game("trente-et-un"), ["heuristic", "random", "heuristic"], players=2, matches=1, seed=3)
    assert result.matches == 6 and [b.matches for b in result.bots] == [6, 4]


def test_the_header_and_the_rows_agree_on_matches():
    result = runner.invoke(app, ["tournament", "blason", "--bots", "random,random", "--matches", "10", "--seed", "1",
                                 "--workers", "1"], terminal_width=120)
    assert result.exit_code == 0, result.output
    assert "= 20 matches" in result.output
    row = next(line for line in result.output.splitlines() if line.startswith("│ random"))
    assert row.rstrip("│ ").endswith("20")


def test_records_need_an_existing_parent_folder(tmp_path):
    target = tmp_path / "missing" / "records"
    result = runner.invoke(app, ["tournament", "trente-et-un", "--matches", "1", "--seed", "1", "--workers", "1",
                                 "--records", str(target)])
    assert result.exit_code == 2
    assert "does not exist; create it first" in result.output and not (tmp_path / "missing").exists()
    # the folder itself is made when its parent exists
    result = runner.invoke(app, ["tournament", "trente-et-un", "--matches", "1", "--seed", "1", "--workers", "1",
                                 "--records", str(tmp_path / "records")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "records").iterdir())[0] == "board-000001-seating-01.json"


def test_progress_counts_every_board_and_the_note_goes_through_the_bar():
    calls: list[int] = []
    tournament(get_game("trente-et-un"), ["random", "random"], matches=6, seed=1, workers=2, progress=calls.append)
    assert calls == [0, 1, 2, 3, 4, 5, 6]
    said: list[str] = []
    ticks = iter([0.0, 0.0, 30.0, 32.0, 60.0, 62.0])
    warn = BoardsWarning(1000, clock=lambda: next(ticks), say=said.append, workers=2)
    warn(0)
    warn(1)  # the first board took 30 s (kernels compiled): not counted
    warn(2)  # 2 s after it, the other worker's first board: too soon to tell (they end together)
    assert said == []
    warn(16)  # 15 boards in the 30 s after the first: 2 s each, 984 to go, more than a minute
    warn(17)
    assert len(said) == 1 and said[0].startswith("1,000 boards at 2 s each: about 33 minutes to go")


def test_a_slow_first_board_does_not_delay_the_note():
    """One worker whose first board took 40 s (a loaded machine, kernels compiled): the time per
    board is known a second and a board later, not 40 s later."""
    said: list[str] = []
    ticks = iter([0.0, 0.0, 40.0, 40.5, 41.0, 41.5])
    warn = BoardsWarning(1000, clock=lambda: next(ticks), say=said.append)
    for done in (0, 1, 2):
        warn(done)
    assert said == []  # half a second after the first board: too soon
    warn(3)
    warn(4)
    assert said == ["1,000 boards at 0.5 s each: about 8 minutes to go; Ctrl-C stops and prints the result over "
                    "the boards finished so far."]


def test_a_long_tournament_without_a_terminal_says_how_far_it_is_at_each_tenth():
    said: list[str] = []
    ticks = iter([0.0, 0.0, 10.0, 20.0, 100.0, 110.0, 200.0])
    warn = BoardsWarning(100, clock=lambda: next(ticks), say=said.append, lines=True)
    for done in (0, 1, 2, 10, 11, 20):
        warn(done)
    assert said[0] == ("100 boards at 10 s each: about 16 minutes to go; Ctrl-C stops and prints the result over "
                       "the boards finished so far.")
    assert said[1:] == ["10 of 100 boards played (10%), about 2 minutes so far, about 15 minutes to go",
                        "20 of 100 boards played (20%), about 3 minutes so far, about 13 minutes to go"]
    quiet: list[str] = []
    ticks = iter([0.0, 0.0, 10.0, 20.0, 100.0])
    warn = BoardsWarning(100, clock=lambda: next(ticks), say=quiet.append)  # a terminal: the bar shows it
    for done in (0, 1, 2, 10):
        warn(done)
    assert len(quiet) == 1
    short: list[str] = []
    ticks = iter([0.0, 0.0, 1.0, 2.0, 3.0])
    warn = BoardsWarning(10, clock=lambda: next(ticks), say=short.append, lines=True)  # 10 s in all: nothing said
    for done in (0, 1, 2, 3):
        warn(done)
    assert short == []


def _result(spec: str) -> TournamentResult:
    e = Estimate(1.25, 0.5, 2.0)
    bots = [BotResult(b, e, Estimate(0.5, 0.4, 0.6), e, Rating(25.0, 2.0, 19.0), 100, 100, [50, 50])
            for b in (spec, "heuristic")]
    return TournamentResult(
        game="reversis", players=2, entries=[spec, "heuristic"], seed=1, options={}, metric=COUNTERS,
        decks=True, duplicate=True, deals_per_match=1, seatings=2, requested=50, boards=50, matches=100,
        deals=100, bots=bots, pairs=[PairResult(spec, "heuristic", e), PairResult("heuristic", spec, e)],
    )


def test_a_long_bot_spec_prints_whole_at_80_columns():
    spec = "ismcts:iterations=100"
    console = Console(width=80, record=True, color_system=None)
    print_result(_result(spec), console)
    text = console.export_text()
    assert sum(spec in line for line in text.splitlines()) == 2  # its row, and the pairwise row
    assert max(len(line) for line in text.splitlines() if line[:1] in "┏┃┡│└") <= 80


def test_a_spec_too_long_for_80_columns_folds_and_no_figure_is_cut():
    spec = "ismcts:iterations=30:worlds=3:infer=mcmc:moves=3:rollout=heuristic"
    console = Console(width=80, record=True, color_system=None)
    print_result(_result(spec), console)
    lines = [line for line in console.export_text().splitlines() if line[:1] in "┏┃┡│└"]
    assert max(len(line) for line in lines) <= 80
    first_cells = "".join(line.split("│")[1].strip() for line in lines if line.startswith("│"))
    assert first_cells.count(spec) == 2  # folded, whole, in both tables
    text = "\n".join(lines)
    assert text.count("[+0.50, +2.00]") == 3 and text.count("25.0 ± 2.0") == 2 and "…" not in text


@pytest.mark.parametrize("game, size, entries", [
    ("reversis", ["--deals", "2"], ["heuristic", "random", "random", "random"]),
    ("blason", ["--matches", "2"], ["random", "random"]),
    ("trente-et-un", ["--matches", "2"], ["heuristic", "random"]),
])
def test_default_bots_fill_the_smallest_table(game, size, entries):
    result = runner.invoke(app, ["tournament", game, *size, "--seed", "1", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["entries"] == entries
