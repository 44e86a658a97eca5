"""Plots of the analysis tables and of simulations, with matplotlib (Agg backend): each figure is
written as PNG and SVG.

:func:`plot_tables` draws each table that has a plot kind: ``bar`` (a distribution, or rates by
seat with their 95% intervals), ``lines`` (probabilities against the number of players, or a
distribution over throws) and ``board`` (the Blason board as a heat map of landing probabilities,
each square with its number and name). :func:`plot_simulation` draws a simulation's win rate by
seat with its intervals and a histogram of each match figure. Needs ``academie[analysis]``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from academie.analysis.tables import Estimate, Table, decimal, options_text
from academie.core.errors import AcademieError


class PlotError(AcademieError, RuntimeError):
    """matplotlib is missing, or the plot directory cannot be written."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:  # pragma: no cover - the extra is installed in tests
        raise PlotError("plots need matplotlib: pip install 'academie[analysis]'") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # SVG text stays text: square names searchable
    matplotlib.rcParams["svg.hashsalt"] = "academie"  # the same SVG for the same figures
    import matplotlib.pyplot as plt

    return plt


def check_plot_folder(directory: str | Path, option: str = "--plot") -> None:
    """Raise :class:`PlotError`, changing nothing, when the plots could not be written to
    ``directory``: matplotlib is missing, or
    :func:`~academie.outputs.check_output_folder` refuses the folder (a file, a missing parent
    folder: no folder is made but ``directory`` itself; a folder where no file can be written).
    Called before a run, so that nothing is computed for plots that cannot be saved."""
    from academie.core.errors import OptionError
    from academie.outputs import check_output_folder

    _pyplot()
    try:
        check_output_folder(directory, option, "plots")
    except OptionError as exc:
        raise PlotError(str(exc)) from None


def _save(fig: Any, directory: Path, name: str) -> list[Path]:
    paths = []
    try:
        directory.mkdir(exist_ok=True)
        for ext in ("png", "svg"):
            path = directory / f"{name}.{ext}"
            fig.savefig(path, dpi=120, bbox_inches="tight", metadata={"Date": None} if ext == "svg" else None)
            paths.append(path)
    except OSError as exc:  # (checked before the run: gone or changed since)
        raise PlotError(f"cannot write plots to {str(directory)!r}: {exc.strerror or exc}") from None
    finally:
        _pyplot().close(fig)
    return paths


def _caption(table: Table) -> str:
    words = f"{table.method}; {options_text(table.options)}"
    if table.samples is not None:
        words += f"; {table.samples:,} samples, seed {table.seed}"
    return textwrap.fill(words, 110)


def _numeric_columns(table: Table) -> list[str]:
    return [c for c in table.columns if c != table.x and all(
        not isinstance(v, str) and v is not None for v in table.column(c)) and c not in ("cards", "mean")]


def _errors(cells: Sequence[Any]) -> Any:
    if not all(isinstance(c, Estimate) for c in cells):
        return None
    return [[c.value - c.low for c in cells], [c.high - c.value for c in cells]]


def plot_table(table: Table, directory: Path) -> list[Path]:
    """Draw ``table`` (if it has a plot kind) into ``directory``; returns the files written."""
    if table.plot is None:
        return []
    plt = _pyplot()
    if table.plot == "board":
        return _board(table, directory)
    xs = table.column(table.x) if table.x else list(range(len(table.rows)))
    panels = table.extra.get("panels") or [_numeric_columns(table)]
    fig, axes = plt.subplots(1, len(panels), figsize=(8 * len(panels) ** 0.8, 4.5), squeeze=False)
    for ax, columns in zip(axes[0], panels):
        if table.plot == "bar":
            width = 0.8 / max(1, len(columns))
            for i, name in enumerate(columns):
                cells = table.column(name)
                pos = [k + (i - (len(columns) - 1) / 2) * width for k in range(len(xs))]
                ax.bar(pos, [decimal(c) for c in cells], width, label=name, yerr=_errors(cells), capsize=3)
            ax.set_xticks(range(len(xs)), [str(x) for x in xs], rotation=90 if len(xs) > 20 else 0)
        else:
            for name in columns:
                cells = table.column(name)
                ax.errorbar(xs, [decimal(c) for c in cells], yerr=_errors(cells), marker="o" if len(xs) < 20 else None,
                            ms=4, label=name, capsize=3)
            if len(xs) < 20:
                ax.set_xticks(xs)
        ax.set_xlabel(table.x or "")
        ax.set_ylabel("probability")
        ax.grid(alpha=0.3)
        if len(columns) > 1:
            ax.legend(fontsize=8)
    fig.suptitle(table.title)
    fig.text(0.01, -0.02, _caption(table), fontsize=7, va="top")
    return _save(fig, directory, table.key.replace("/", "-"))


def _board(table: Table, directory: Path) -> list[Path]:
    """The 63 squares as a 9 × 7 spiral-less grid read like a book, coloured by the probability of
    landing on each at least once, with its number and name."""
    plt = _pyplot()
    cols, rows = 9, 7
    fig, ax = plt.subplots(figsize=(14, 9))
    probs = {r[0]: r[2] for r in table.rows}
    names = {r[0]: r[1] for r in table.rows}
    import numpy as np

    grid = np.full((rows, cols), np.nan)
    for square, p in probs.items():
        r, c = divmod(square - 1, cols)
        grid[r, c if r % 2 == 0 else cols - 1 - c] = p  # boustrophedon: the race snakes on
    image = ax.imshow(grid, cmap="YlOrRd", vmin=0, vmax=1)
    for square in probs:
        r, c = divmod(square - 1, cols)
        c = c if r % 2 == 0 else cols - 1 - c
        ax.text(c, r - 0.25, str(square), ha="center", va="center", fontsize=9, weight="bold")
        ax.text(c, r + 0.05, textwrap.fill(names[square], 14), ha="center", va="center", fontsize=5.5)
        ax.text(c, r + 0.35, f"{probs[square]:.2f}", ha="center", va="center", fontsize=7)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title("Jeu du Blason: probability that one token lands on each square at least once")
    fig.colorbar(image, ax=ax, fraction=0.03, label="P(land at least once)")
    fig.text(0.01, 0.02, _caption(table), fontsize=7)
    return _save(fig, directory, table.key.replace("/", "-"))


def plot_tables(tables: Sequence[Table], directory: str | Path) -> list[Path]:
    """Draw every table that has a plot kind into ``directory`` (PNG and SVG each)."""
    out: list[Path] = []
    for table in tables:
        out += plot_table(table, Path(directory))
    return out


def plot_simulation(report: Any, figures: Mapping[str, Sequence[float]], directory: str | Path,
                    labels: Mapping[str, str] | None = None) -> list[Path]:
    """A simulation's plots: the win rate by seat with 95% intervals (``simulate-seats``) and a
    histogram of each match figure over the matches (``simulate-<figure>``); whole counts get one
    bar per value. ``labels``: figure key → name shown."""
    plt = _pyplot()
    directory = Path(directory)
    caption = f"{report.game}, {report.players} players, {report.matches:,} matches, seed {report.seed}; " \
              f"{options_text(report.options)}"
    seats = report.seats
    # horizontal bars: a seat's label (its bot's whole spec) reads on one line, never over the next
    fig, ax = plt.subplots(figsize=(8, 1.6 + 0.55 * len(seats)))
    ax.barh([s.label for s in seats], [s.rate for s in seats],
            xerr=[[s.rate - s.low for s in seats], [s.high - s.rate for s in seats]], capsize=4, color="tab:blue")
    ax.invert_yaxis()  # seat 0 on top
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% CI)")
    ax.set_title(f"Win rate by seat (simulated, {report.matches:,} matches)")
    ax.grid(alpha=0.3, axis="x")
    fig.text(0.01, -0.02, textwrap.fill(caption, 110), fontsize=7, va="top")
    paths = _save(fig, directory, "simulate-seats")
    for key, values in figures.items():
        if not values:
            continue
        fig, ax = plt.subplots(figsize=(7, 4))
        whole = all(float(v).is_integer() for v in values)
        if whole and max(values) - min(values) <= 60:
            low, high = int(min(values)), int(max(values))
            ax.hist(values, bins=[k - 0.5 for k in range(low, high + 2)], color="tab:green", rwidth=0.9)
        else:
            ax.hist(values, bins=40, color="tab:green")
        name = (labels or {}).get(key, key.replace("_", " "))
        ax.set_title(f"{name}: {len(values):,} matches (simulated)")
        ax.set_xlabel(name)
        ax.set_ylabel("matches")
        fig.text(0.01, -0.02, textwrap.fill(caption, 100), fontsize=7, va="top")
        paths += _save(fig, directory, f"simulate-{key}")
    return paths
