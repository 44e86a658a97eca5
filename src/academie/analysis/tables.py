"""The tables of ``academie analyse``: exact or simulated figures that name their options.

A :class:`Table` holds rows of cells; a probability is a :class:`fractions.Fraction` when exact, an
:class:`Estimate` (mean, 95% interval, samples) when simulated, a float when computed in floating
point (a Markov chain solved numerically). :meth:`Table.to_json` and :func:`to_csv` give each
exact probability both as a fraction and as a decimal.

>>> from fractions import Fraction
>>> t = Table("demo", "A demo", {"players": 2}, "exact", ["value", "P"], [[31, Fraction(1, 3)]])
>>> t.to_json()["rows"]
[{'value': 31, 'P': {'fraction': '1/3', 'decimal': 0.3333333333333333}}]
>>> print(to_csv([t]).strip())
table,options,method,value,P,P (fraction)
demo,players=2,exact,31,0.3333333333333333,1/3
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

EXACT = "exact"
"""Counted over every deal (enumeration or dynamic programming), as fractions."""
CHAIN = "exact (Markov chain, solved in floating point)"
"""An absorbing Markov chain solved with numpy: exact up to rounding (about 1e-12)."""
SIMULATED = "simulated"
"""Monte Carlo with the engine: each figure with its 95% interval and the number of samples."""


@dataclass(frozen=True)
class Estimate:
    """A simulated figure: ``value`` (a rate or a mean), its 95% interval, over ``samples``."""

    value: float
    low: float
    high: float
    samples: int

    def to_json(self) -> dict[str, float | int]:
        return {"value": self.value, "low": self.low, "high": self.high, "samples": self.samples}


def rate(hits: int, samples: int) -> Estimate:
    """``hits / samples`` with its 95% Wilson interval (scipy's ``binomtest``)."""
    from academie.analysis.simulate import win_rate

    r = win_rate("", hits, samples)
    return Estimate(r.rate, r.low, r.high, samples)


def mean(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its 95% Student-t interval."""
    from academie.analysis.simulate import mean_return

    r = mean_return("", values)
    return Estimate(r.mean, r.low, r.high, len(values))


@dataclass
class Table:
    """One table: ``key`` (``game/topic/name``), a title, the ``options`` its figures hold for,
    the ``method`` (:data:`EXACT`, :data:`CHAIN` or :data:`SIMULATED`), column names and rows.

    ``plot``: how :mod:`academie.analysis.plots` draws it (``bar``, ``lines``, ``board`` or None),
    ``x`` the column of its x axis; ``samples`` and ``seed`` for a simulated table; ``note``: a
    sentence shown under the table.
    """

    key: str
    title: str
    options: dict[str, Any]
    method: str
    columns: list[str]
    rows: list[list[Any]]
    plot: str | None = None
    x: str | None = None
    samples: int | None = None
    seed: int | None = None
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def column(self, name: str) -> list[Any]:
        """The cells of column ``name``."""
        i = self.columns.index(name)
        return [row[i] for row in self.rows]

    def to_json(self) -> dict[str, Any]:
        """The table as JSON-ready data; fractions as ``{"fraction": "a/b", "decimal": x}``."""
        data: dict[str, Any] = {
            "key": self.key, "title": self.title, "options": self.options, "method": self.method,
            "columns": self.columns,
            "rows": [{c: cell_json(v) for c, v in zip(self.columns, row)} for row in self.rows],
        }
        if self.samples is not None:
            data["samples"], data["seed"] = self.samples, self.seed
        if self.note:
            data["note"] = self.note
        return data


def cell_json(value: Any) -> Any:
    """A cell as JSON: a fraction with its decimal, an estimate with its interval."""
    if isinstance(value, Fraction):
        return {"fraction": f"{value.numerator}/{value.denominator}", "decimal": float(value)}
    if isinstance(value, Estimate):
        return value.to_json()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def decimal(value: Any) -> float | None:
    """A probability or figure as a float (an estimate's value), None for a blank cell."""
    if isinstance(value, Estimate):
        return value.value
    if value is None or isinstance(value, str):
        return None
    return float(value)


def option_value(value: Any) -> str:
    """An option's value as the command line writes it: yes/no as ``true``/``false``.

    >>> option_value(False), option_value("2d6"), option_value(3)
    ('false', '2d6', '3')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options_text(options: dict[str, Any]) -> str:
    """``{'dice': '2d6', 'players': 3, 'exact': False}`` → ``'dice=2d6, players=3, exact=false'``
    (yes/no as the command line writes them)."""
    return ", ".join(f"{k}={option_value(v)}" for k, v in options.items())


def to_csv(tables: Sequence[Table]) -> str:
    """Every table's rows as CSV, one header per table: ``table, options, method`` then the
    columns; an exact fraction gets a second column ``<name> (fraction)``, an estimate the
    columns ``<name> low``, ``<name> high`` and ``samples``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for table in tables:
        kinds = []
        for i, _ in enumerate(table.columns):
            cells = [row[i] for row in table.rows]
            kinds.append("fraction" if any(isinstance(c, Fraction) for c in cells)
                         else "estimate" if any(isinstance(c, Estimate) for c in cells) else "plain")
        header = ["table", "options", "method"]
        for name, kind in zip(table.columns, kinds):
            header += [name] + ([f"{name} (fraction)"] if kind == "fraction" else
                                [f"{name} low", f"{name} high", f"{name} samples"] if kind == "estimate" else [])
        writer.writerow(header)
        for row in table.rows:
            line = [table.key, options_text(table.options), table.method]
            for cell, kind in zip(row, kinds):
                if kind == "fraction":
                    line += [float(cell), f"{cell.numerator}/{cell.denominator}"] if isinstance(cell, Fraction) \
                        else [cell, ""]
                elif kind == "estimate":
                    line += [cell.value, cell.low, cell.high, cell.samples] if isinstance(cell, Estimate) \
                        else [cell, "", "", ""]
                else:
                    line.append(cell)
            writer.writerow(line)
    return out.getvalue()
