"""The plots read right: a line against the number of players breaks where the pack changes
(the Guimbarde's 32 cards to 52, the Guinguette's 36 to 52), a legend covers no data, a series
orders of magnitude below the others gets a logarithmic axis (a second 31 dealt), and what does
not vary over a simulation (the Guimbarde's 8 deals) gets no histogram but a word."""

from __future__ import annotations

import math

import pytest

from academie.analysis import plots
from academie.analysis.simulate import simulate
from academie.analysis.topics import analyse
from academie.games import get_game

pytest.importorskip("matplotlib")

EXACT = ["trente-et-un", "belle-flux-trente-un", "blason", "reversis", "guimbarde", "guinguette"]


@pytest.fixture
def figures(monkeypatch):
    """The figures drawn, by file name, as they are when saved (drawn, so that boxes are known;
    ``fig.renderer``: the renderer that drew them). They are drawn, not written: the files are
    ``tests/analysis/test_output.py``'s (a PNG and an SVG written cost twice the drawing)."""
    kept: dict[str, object] = {}

    def keep(fig, directory, name):
        fig.canvas.draw()
        fig.renderer = fig.canvas.get_renderer()
        kept[name] = fig
        return [directory / f"{name}.png"]

    monkeypatch.setattr(plots, "_save", keep)
    yield kept
    for fig in kept.values():
        plots._pyplot().close(fig)


def lines(ax):
    """Each series' line by its label (errorbar draws them: the label is its container's)."""
    return {c.get_label(): c.lines[0] for c in ax.containers if c.lines[0] is not None}


@pytest.mark.parametrize("game, topic, packs", [("guimbarde", "boxes", (5, 6, "32", "52")),
                                                 ("guinguette", "baskets", (4, 5, "36", "52"))])
def test_a_line_breaks_where_the_pack_changes(game, topic, packs, figures, tmp_path):
    last, first, before, after = packs
    plots.plot_tables(analyse(game, topic), tmp_path)
    (fig,) = figures.values()
    ax = fig.axes[0]
    for label, line in lines(ax).items():
        xs, ys = list(line.get_xdata()), list(line.get_ydata())
        gap = xs.index((last + first) / 2)
        assert xs[gap - 1] == last and xs[gap + 1] == first and math.isnan(ys[gap]), label
        assert sum(math.isnan(y) for y in ys) == 1, label  # one gap, and every value drawn
    rules = [line for line in ax.get_lines() if line.get_linestyle() == ":"]
    assert [list(rule.get_xdata()) for rule in rules] == [[(last + first) / 2] * 2]
    assert {t.get_text() for t in ax.texts} == {f"{before} cards", f"{after} cards"}


@pytest.mark.parametrize("game", EXACT)
def test_no_legend_covers_the_data(game, figures, tmp_path):
    plots.plot_tables(analyse(game), tmp_path)
    legends = 0
    for name, fig in figures.items():
        renderer = fig.renderer
        for ax in fig.axes:
            legend = ax.get_legend()
            if legend is None:
                continue
            legends += 1
            box, area = legend.get_window_extent(renderer), ax.get_window_extent(renderer)
            assert not box.overlaps(area), name
            for other in fig.axes:  # nor the next panel
                assert not box.overlaps(other.get_window_extent(renderer)), name
    assert legends >= (0 if game == "reversis" else 1)


def test_a_series_far_below_the_others_gets_a_log_axis(figures, tmp_path):
    plots.plot_tables(analyse("trente-et-un", "thirty-one"), tmp_path)
    ax = figures["trente-et-un-thirty-one"].axes[0]
    assert ax.get_yscale() == "log" and "log scale" in ax.get_ylabel()
    two = lines(ax)["two or more"]
    low, high = ax.get_ylim()
    assert low < min(two.get_ydata()) and max(two.get_ydata()) < high
    # it rises over an order of magnitude on the axis, instead of lying flat on zero
    assert math.log10(max(two.get_ydata()) / min(two.get_ydata())) > 1
    assert math.log10(max(two.get_ydata()) / min(two.get_ydata())) / math.log10(high / low) > 0.2
    assert "a given player (the same for every number of players)" in lines(ax)
    figures.clear()
    plots.plot_tables(analyse("blason", "finish"), tmp_path)  # series of one size: linear
    assert [ax.get_yscale() for ax in figures["blason-finish"].axes] == ["linear", "linear"]


def test_a_figure_the_same_in_every_match_gets_no_histogram(figures, tmp_path):
    from academie.presentation.labels import figure_labels

    report, kept = None, {}

    def on_match(line):
        for key, value in line["statistics"].items():
            if isinstance(value, (int, float)) and not isinstance(value, bool) and key != "winner":
                kept.setdefault(key, []).append(float(value))

    report = simulate(get_game("guimbarde"), ["heuristic", "random", "random", "random"], 6, seed=1,
                      on_match=on_match)
    assert set(kept["deals"]) == {8.0}  # every match is 8 deals
    written = plots.plot_simulation(report, kept, tmp_path, figure_labels(report.game, kept, report.options))
    assert "simulate-deals" not in figures and not (tmp_path / "simulate-deals.png").exists()
    assert tmp_path / "simulate-seats.png" in written
    varied = [key for key, values in kept.items() if len(set(values)) > 1]
    assert varied and all(f"simulate-{key}" in figures for key in varied)
    caption = " ".join(t.get_text() for t in figures["simulate-seats"].texts)
    assert "The same in every match, so not drawn: deals 8" in " ".join(caption.split())


def test_the_darkest_squares_of_the_board_are_written_in_white(figures, tmp_path):
    plots.plot_tables(analyse("blason", "squares"), tmp_path)
    ax = figures["blason-squares"].axes[0]
    (last,) = [t for t in ax.texts if t.get_text() == "63"]
    first = next(t for t in ax.texts if t.get_text() == "1")
    assert last.get_color() == "white" and first.get_color() == "black"


def test_a_line_hidden_under_its_twin_is_named_in_the_legend(figures, tmp_path):
    plots.plot_tables(analyse("belle-flux-trente-un", "belle"), tmp_path)
    ax = figures["belle-flux-trente-un-belle"].axes[0]
    labels = list(lines(ax))
    assert labels == ["one highest card", "tie for the highest", "belle carried (= tie for the highest, drawn over it)"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == labels
