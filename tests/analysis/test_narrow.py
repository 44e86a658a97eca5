"""``academie analyse`` on an 80-column screen or a pipe (every number whole), the options and
flags it is given (applied, filtered to, or refused; --seed/--samples noted unused on exact
topics), and yes/no options written as the command line writes them."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from academie.analysis.plots import _caption
from academie.analysis.tables import options_text
from academie.analysis.topics import TopicError, analyse
from academie.presentation.tables import rich_table
from academie.cli.app import app

runner = CliRunner()
NARROW = {"COLUMNS": "80"}


def shown(args: list[str]) -> str:
    result = runner.invoke(app, ["analyse", *args], env=NARROW, terminal_width=80)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("args", [["guinguette"], ["reversis", "quinola"], ["reversis"], ["guimbarde"],
                                  ["belle-flux-trente-un"], ["trente-et-un"]])
def test_every_table_fits_80_columns_with_no_number_cut(args):
    out = shown(args)
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_the_guinguette_tables_show_whole_numbers_and_headers():
    out = shown(["guinguette"])
    # the tierce table, 12 columns wide, is turned on its side with four-digit decimals
    assert "│ to the jack │ 0.03097 │ 0.002241 │  0.01052 │  0.000724 │" in out
    assert "│ cards       │      36 │       36 │       52 │        52 │" in out
    assert "0.110823 =" in out and "128/1155" in out  # the baskets table keeps its fractions


def test_the_reversis_quinola_table_narrows_its_decimals():
    out = shown(["reversis", "quinola"])
    assert "│ 48   │       4 │ player │    11 │   0.2292 │   0.01125 │ 0.04583 │   0.04909 │" in out
    assert "unguarded" in out and "unguarde" not in out.replace("unguarded", "")


def test_a_wide_screen_keeps_the_fractions():
    table = analyse("reversis", "quinola")[0]
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(rich_table(table, 200))
    assert "0.229167 = 11/48" in console.export_text()


def test_an_option_that_a_table_lists_filters_its_rows():
    (quinola, aces) = analyse("reversis", "quinola", {"deck": "52"})
    assert quinola.column("deck") == ["52"] * 4 and quinola.options["deck"] == "52"
    assert aces.options["deck"] == "52"
    out = shown(["reversis", "quinola", "-o", "deck=52"])
    assert "│ 48 " not in out and "talon_five=default, deck=52" in out
    (tops,) = analyse("guinguette", "tierces", {"tierce_suits": "same"})
    assert tops.column("suits") == ["same", "same"]
    values, mean, _ = analyse("trente-et-un", None, {"brelan": "30"})
    assert values.columns == ["value", "brelan=30"] and mean.column("brelan") == ["30"]


@pytest.mark.parametrize("args, words", [
    (["guimbarde", "boxes", "-o", "deals=3"],
     "option 'deals' does not change the tables of `analyse guimbarde boxes`; the options that do: point_tiebreak"),
    (["guinguette", "counts", "-o", "ties=carry"], "option 'ties' does not change the tables"),
])
def test_an_option_that_changes_nothing_is_refused(args, words):
    result = runner.invoke(app, ["analyse", *args], terminal_width=200)
    assert result.exit_code == 2 and words in " ".join(result.output.split())
    with pytest.raises(TopicError, match="the options that do: ace_tierce, tierce_suits"):
        analyse("guinguette", None, {"deals": 3})


def test_seed_and_samples_on_an_exact_topic_are_noted_unused():
    result = runner.invoke(app, ["analyse", "guimbarde", "boxes", "--seed", "5"], terminal_width=200)
    assert result.exit_code == 0
    assert "note: --seed unused: `analyse guimbarde boxes` is exact" in result.stderr
    result = runner.invoke(app, ["analyse", "trente-et-un", "values", "--samples", "5"], terminal_width=200)
    assert "note: --samples unused" in result.stderr
    result = runner.invoke(app, ["analyse", "trente-et-un", "check", "--samples", "20", "--seed", "3"],
                           terminal_width=200)
    assert result.exit_code == 0 and "unused" not in result.stderr


def test_players_narrows_the_reversis_quinola_and_is_noted_unused_where_it_changes_nothing():
    (quinola, aces) = analyse("reversis", "quinola", players=5)
    at = quinola.columns.index("players")
    assert {row[at] for row in quinola.rows} == {5} and len(quinola.rows) == 4  # 48 and 52 cards, player and dealer
    assert aces.options["players"] == 5
    result = runner.invoke(app, ["analyse", "guimbarde", "boxes", "--players", "5"], terminal_width=200)
    assert result.exit_code == 0 and "note: --players unused: `analyse guimbarde boxes` is exact" in result.stderr
    result = runner.invoke(app, ["analyse", "reversis", "hearts", "--players", "5"], terminal_width=200)
    assert result.exit_code == 0 and "unused" not in result.stderr


def test_yes_no_options_are_written_true_and_false():
    assert options_text({"exact": False, "dice": "2d6", "on": True}) == "exact=false, dice=2d6, on=true"
    (table,) = analyse("trente-et-un", "check", samples=10, seed=1)
    assert "forbid_same_discard=false" in _caption(table) and "False" not in _caption(table)
    out = runner.invoke(app, ["analyse", "trente-et-un", "check", "--samples", "10", "--seed", "1"],
                        terminal_width=200).stdout
    assert "no_knock_first_round=false" in out and "False" not in out
