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

    try:
        check_output_folder(directory, option, "plots")  # first: refused without loading matplotlib
    except OptionError as exc:
        raise PlotError(str(exc)) from None
    _pyplot()


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


SMALL = 20
"""A panel's y axis is logarithmic when its smallest series peaks below 1/SMALL of its largest:
on a linear scale that series would lie flat on zero."""


def _pack_changes(table: Table) -> list[int]:
    """The rows after which the pack changes (the ``cards`` column: the Guimbarde's 32 cards up
    to five players, 52 from six), where a line against the number of players is broken."""
    if "cards" not in table.columns or table.plot != "lines":
        return []
    cards = table.column("cards")
    return [k for k in range(len(cards) - 1) if cards[k] != cards[k + 1]]


def _broken(xs: Sequence[Any], ys: Sequence[Any], changes: Sequence[int]) -> tuple[list[Any], list[Any]]:
    """``xs`` and ``ys`` with a point at NaN after each row of ``changes``: the line stops there.

    >>> _broken([3, 4, 5, 6], [0.1, 0.2, 0.3, 0.4], [1])
    ([3, 4, 4.5, 5, 6], [0.1, 0.2, nan, 0.3, 0.4])
    """
    out_x, out_y = [], []
    for k, (x, y) in enumerate(zip(xs, ys)):
        out_x.append(x)
        out_y.append(y)
        if k in changes:
            out_x.append((x + xs[k + 1]) / 2)
            out_y.append(float("nan"))
    return out_x, out_y


def _log_wanted(series: Sequence[Sequence[float | None]]) -> bool:
    """Whether a panel's series span orders of magnitude (:data:`SMALL`), every one above zero
    somewhere.

    >>> _log_wanted([[0.002, 0.01], [1e-6, 4e-5]]), _log_wanted([[0.2, 0.9], [0.1, 0.3]])
    (True, False)
    """
    peaks = [max((v for v in values if v is not None), default=0.0) for values in series]
    return len(peaks) > 1 and min(peaks) > 0 and min(peaks) * SMALL < max(peaks)


def _constant(values: Sequence[Any]) -> bool:
    """Every value the same (and more than one of them)."""
    return len(values) > 1 and all(v == values[0] for v in values)


def _mark_packs(ax: Any, xs: Sequence[Any], cards: Sequence[Any], changes: Sequence[int]) -> None:
    """A dotted rule where the pack changes, and each pack named above its stretch of x."""
    for k in changes:
        ax.axvline((xs[k] + xs[k + 1]) / 2, color="grey", linestyle=":", linewidth=1)
    for first, last in zip([0] + [k + 1 for k in changes], [*changes, len(xs) - 1]):
        ax.text((xs[first] + xs[last]) / 2, 1.01, f"{cards[first]} cards", transform=ax.get_xaxis_transform(),
                ha="center", va="bottom", fontsize=8, color="dimgrey")


def _legend_outside(ax: Any) -> None:
    """The legend to the right of the axes, where it covers no line."""
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0)


def plot_table(table: Table, directory: Path) -> list[Path]:
    """Draw ``table`` (if it has a plot kind) into ``directory``; returns the files written.

    Lines against the number of players break where the pack changes (a dotted rule, each
    pack named); a panel whose series span orders of magnitude has a logarithmic y axis; a
    series the same at every x, or the same as another (drawn over it), says so in the
    legend; legends stand outside the axes."""
    if table.plot is None:
        return []
    plt = _pyplot()
    if table.plot == "board":
        return _board(table, directory)
    xs = table.column(table.x) if table.x else list(range(len(table.rows)))
    panels = table.extra.get("panels") or [_numeric_columns(table)]
    changes = _pack_changes(table)
    fig, axes = plt.subplots(1, len(panels), figsize=(8 * len(panels) ** 0.8, 4.5), squeeze=False,
                             layout="constrained")
    for ax, columns in zip(axes[0], panels):
        if table.plot == "bar":
            width = 0.8 / max(1, len(columns))
            for i, name in enumerate(columns):
                cells = table.column(name)
                pos = [k + (i - (len(columns) - 1) / 2) * width for k in range(len(xs))]
                ax.bar(pos, [decimal(c) for c in cells], width, label=name, yerr=_errors(cells), capsize=3)
            ax.set_xticks(range(len(xs)), [str(x) for x in xs], rotation=90 if len(xs) > 20 else 0)
        else:
            values = {name: [decimal(c) for c in table.column(name)] for name in columns}
            log = _log_wanted(list(values.values()))
            for name in columns:
                cells = table.column(name)
                ys = [None if log and v is not None and v <= 0 else v for v in values[name]]  # 0: none on a log axis
                errors = _errors(cells)
                if changes:
                    px, ys = _broken(xs, [float("nan") if v is None else v for v in ys], changes)
                    if errors is not None:
                        errors = [_broken(xs, side, changes)[1] for side in errors]
                else:
                    px = xs
                every = "number of players" if table.x == "players" else table.x
                label = f"{name} (the same for every {every})" if _constant(values[name]) and table.x else name
                twin = next((other for other in columns[:columns.index(name)] if values[other] == values[name]), None)
                if twin is not None:  # drawn over it: the legend says where the other went
                    label += f" (= {twin}, drawn over it)"
                ax.errorbar(px, [float("nan") if v is None else v for v in ys], yerr=errors,
                            marker="o" if len(xs) < 20 else None, ms=4, label=label, capsize=3)
            if log:
                ax.set_yscale("log")
            if len(xs) < 20:
                ax.set_xticks(xs)
            if changes:
                _mark_packs(ax, xs, table.column("cards"), changes)
        ax.set_xlabel(table.x or "")
        ax.set_ylabel("probability" + (" (log scale)" if ax.get_yscale() == "log" else ""))
        ax.grid(alpha=0.3)
        if len(columns) > 1:
            _legend_outside(ax)
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
        ink = "white" if probs[square] > 0.75 else "black"  # the text stays legible on the darkest squares
        ax.text(c, r - 0.25, str(square), ha="center", va="center", fontsize=9, weight="bold", color=ink)
        ax.text(c, r + 0.05, textwrap.fill(names[square], 14), ha="center", va="center", fontsize=5.5, color=ink)
        ax.text(c, r + 0.35, f"{probs[square]:.2f}", ha="center", va="center", fontsize=7, color=ink)
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
    bar per value; a figure the same in every match (the Guimbarde's 8 deals) gets no
    histogram, its value is told under the win rates. ``labels``: figure key → name shown."""
    plt = _pyplot()
    directory = Path(directory)
    caption = f"{report.game}, {report.players} players, {report.matches:,} matches, seed {report.seed}; " \
              f"{options_text(report.options)}"
    names = {key: (labels or {}).get(key, key.replace("_", " ")) for key in figures}
    constant = {key: values[0] for key, values in figures.items() if values and min(values) == max(values)}
    same = "; ".join(f"{names[key]} {value:g}" for key, value in constant.items())
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
    seats_caption = caption + (f". The same in every match, so not drawn: {same}." if same else "")
    fig.text(0.01, -0.02, textwrap.fill(seats_caption, 110), fontsize=7, va="top")
    paths = _save(fig, directory, "simulate-seats")
    for key, values in figures.items():
        if not values or key in constant:
            continue
        fig, ax = plt.subplots(figsize=(7, 4))
        whole = all(float(v).is_integer() for v in values)
        if whole and max(values) - min(values) <= 60:
            low, high = int(min(values)), int(max(values))
            ax.hist(values, bins=[k - 0.5 for k in range(low, high + 2)], color="tab:green", rwidth=0.9)
        else:
            ax.hist(values, bins=40, color="tab:green")
        name = names[key]
        ax.set_title(f"{name}: {len(values):,} matches (simulated)")
        ax.set_xlabel(name)
        ax.set_ylabel("matches")
        fig.text(0.01, -0.02, textwrap.fill(caption, 100), fontsize=7, va="top")
        paths += _save(fig, directory, f"simulate-{key}")
    return paths
