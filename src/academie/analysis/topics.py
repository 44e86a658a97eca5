"""The topics of ``academie analyse GAME [TOPIC]``: which tables each game's analysis gives.

:func:`analyse` validates the game, the topic and the options (the game's own option model), and
returns the tables. Exact topics compute in a second or two; ``check`` (every game with a deal)
and Blason's ``seats`` are simulated with the engine (``samples``, ``seed``).

>>> [t.key for t in analyse("trente-et-un", "thirty-one")]
['trente-et-un/thirty-one']
>>> analyse("blason", "dealing")
Traceback (most recent call last):
...
academie.analysis.topics.TopicError: blason has no topic 'dealing'; its topics are: race, finish, squares, options, seats
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from academie.analysis.tables import Table
from academie.core.errors import AcademieError
from academie.games import get_game


class TopicError(AcademieError, ValueError):
    """An analysis topic the game does not have, or a number of players or samples out of range."""


@dataclass(frozen=True)
class Topic:
    """A topic: its help line, the table keys it shows (None: all the game's exact tables), and
    whether it is simulated (then it takes ``players``, ``samples`` and ``seed``)."""

    help: str
    keys: tuple[str, ...] | None = None
    simulated: bool = False


MODULES = {"trente-et-un": "trente_et_un", "belle-flux-trente-un": "belle_flux", "blason": "blason",
           "reversis": "reversis", "guimbarde": "guimbarde", "guinguette": "guinguette"}
"""Game id → its module in :mod:`academie.analysis.exact` (imported only when asked for)."""


def _exact(game_id: str) -> Callable[[dict], list[Table]]:
    import importlib

    return importlib.import_module(f"academie.analysis.exact.{MODULES[game_id]}").tables  # type: ignore[no-any-return]


CHECK = Topic("exact figures beside the engine's simulated rates (95% intervals)", simulated=True)

TOPICS: dict[str, dict[str, Topic]] = {
    "trente-et-un": {
        "values": Topic("the value of a dealt hand under each brelan setting", ("values", "mean")),
        "thirty-one": Topic("a 31 dealt, for 2 to 9 players", ("thirty-one",)),
        "check": CHECK,
    },
    "belle-flux-trente-un": {
        "belle": Topic("the belle won outright or carried, 2 to 12 players", ("belle",)),
        "flux": Topic("at least one flux, a tie for the best, the basket carried, 2 to 12 players", ("flux",)),
        "trente-un": Topic("the first three cards' trente-un point, P(31), P(over 31)", ("trente-un", "trente-un-summary")),
        "check": CHECK,
    },
    "blason": {
        "race": Topic("one token's race: expectations, the named squares, the options compared",
                      ("summary", "named", "options")),
        "finish": Topic("the distribution of throws and turns to reach 63", ("finish",)),
        "squares": Topic("the probability of landing on each square (the board's heat map)", ("squares",)),
        "options": Topic("the race under each option: 2d6 or d12, casques, exact finish", ("options",)),
        "seats": Topic("win by seat: 2 players exact (the engine's states as a chain), 2 to 4 simulated",
                       simulated=True),
    },
    "reversis": {
        "quinola": Topic("the quinola held, unguarded, in the talon", ("quinola", "aces")),
        "hearts": Topic("hearts in a hand", ("hearts",)),
        "talon": Topic("the value of the talon", ("talon",)),
        "check": CHECK,
    },
    "guimbarde": {
        "boxes": Topic("each box won at the deal, 3 to 8 players", ("boxes",)),
        "point": Topic("a player's point length", ("point",)),
        "trumps": Topic("trumps in a hand", ("trumps",)),
        "check": CHECK,
    },
    "guinguette": {
        "baskets": Topic("the guinguette dealt, a tierce dealt, 3 to 8 players", ("baskets",)),
        "tierces": Topic("a player's best tierce, of any suits or of one", ("tierces",)),
        "counts": Topic("a player's count (ace 1, figures 10)", ("counts",)),
    },
}
"""Game id → topic → :class:`Topic`. With no topic, ``analyse`` gives every exact table."""

MAX_SAMPLES = 1_000_000


def analyse(game: str, topic: str | None = None, options: Mapping[str, Any] | None = None,
            players: int | None = None, samples: int | None = None, seed: int | None = None) -> list[Table]:
    """The tables of ``game``'s ``topic`` (every exact table when None) for ``options`` (the
    game's options, validated by its model: :class:`~academie.core.errors.OptionError`).
    ``players`` picks the number of players of a simulated topic (default: each of Blason's 2–4,
    the game's default for ``check``) and of Reversis' tables (the quinola's rows for that
    number, hearts and talon), and is unused elsewhere; ``samples`` (2,000 if None) those of a
    simulated topic. Raises :class:`TopicError` for an unknown topic, a bad ``players`` or
    ``samples``, and :class:`~academie.core.errors.UnknownGameError`."""
    g = get_game(game)
    gid = g.info.id
    topics = TOPICS[gid] if gid in TOPICS else {}
    if topic is not None and topic not in topics:
        raise TopicError(f"{gid} has no topic {topic!r}; its topics are: {', '.join(topics) or 'none'}")
    if players is not None:
        g.check_players(players)
    chosen = topics.get(topic) if topic else None
    samples = 2000 if samples is None else samples
    if not 1 <= samples <= MAX_SAMPLES:
        raise TopicError(f"samples must be from 1 to {MAX_SAMPLES:,}, not {samples:,}")
    given = dict(options or {})
    opts = g.parse_options(given).model_dump()
    if chosen is not None and chosen.simulated:
        if topic == "seats":
            from academie.analysis.exact import blason_race
            from academie.analysis.exact.blason import seats

            counts = [players] if players is not None else [2, 3, 4]
            exact = [blason_race.table(given)] if 2 in counts else []
            return exact + [seats(opts, n, samples, seed) for n in counts]
        from academie.analysis.montecarlo import check

        return [check(gid, players or g.info.default_players, given, samples, seed)]
    if gid == "reversis":
        opts["players"] = players or 4
    tables = _exact(gid)(opts)
    if chosen is not None:
        tables = [t for t in tables if t.key.split("/", 1)[1] in chosen.keys]  # type: ignore[operator]
    if players is not None:  # Reversis: a table listing every number of players keeps the one given
        tables = [replace(t, rows=[r for r in t.rows if r[t.columns.index("players")] == players])
                  if "players" in t.columns else t for t in tables]
    return keep_given(tables, given, opts, f"{gid} {topic}" if topic else gid)


def _filter_column(table: Table, key: str) -> str | None:
    """The column of ``table`` whose cells are values of option ``key`` (its rows then filter
    by the value given), or None."""
    column = table.extra.get("filters", {}).get(key, key)
    return column if column in table.columns else None


def keep_given(tables: list[Table], given: Mapping[str, Any], opts: Mapping[str, Any], what: str) -> list[Table]:
    """The exact ``tables`` narrowed to the options the user gave: a table listing several values
    of an option (a column of them, e.g. Reversis' ``deck``, or one column per value, e.g.
    ``brelan=off``) keeps the value given; an option that neither changes a table (it is not among
    its ``options``) nor picks its rows raises :class:`TopicError` naming the options that apply."""
    for key in given:
        value = str(opts[key])
        applies = False
        for i, table in enumerate(tables):
            column = _filter_column(table, key)
            per_value = [c for c in table.columns if c.startswith(f"{key}=")]
            if column is not None:
                at = table.columns.index(column)
                rows = [row for row in table.rows if str(row[at]) == value]
                tables[i] = table = replace(table, rows=rows, options={**table.options, key: opts[key]})
                applies = True
            elif per_value:
                drop = {table.columns.index(c) for c in per_value if c != f"{key}={value}"}
                tables[i] = table = replace(
                    table, columns=[c for j, c in enumerate(table.columns) if j not in drop],
                    rows=[[c for j, c in enumerate(row) if j not in drop] for row in table.rows],
                    options={**table.options, key: opts[key]})
                applies = True
            elif key in table.options:
                applies = True
        if not applies:
            usable = sorted({k for t in tables for k in t.options}
                            | {k for t in tables for k in opts if _filter_column(t, k)}
                            | {c.split("=", 1)[0] for t in tables for c in t.columns if "=" in c and c.split("=", 1)[0] in opts})
            raise TopicError(f"option {key!r} does not change the tables of `analyse {what}`; the options"
                             f" that do: {', '.join(usable) or 'none (these tables hold for every option)'}")
    return tables
