"""Simulate many matches between bots and report win rates with confidence intervals.

>>> from academie.games import get_game
>>> report = simulate(get_game("trente-et-un"), ["heuristic", "random"], matches=20, seed=1)
>>> report.matches, sum(s.wins for s in report.seats) + report.no_winner
(20, 20)

Interrupted (Ctrl-C), :func:`simulate` raises :class:`SimulationInterrupted`, which holds the
report over the matches finished so far (``partial`` is true): the same report as a simulation
of that many matches with the same seed.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from academie.analysis.parallel import CountingGuard, check_backend, default_workers, map_chunks
from academie.bots import bot_spec, make_bot
from academie.core.chance import SeededChance
from academie.core.errors import OptionError
from academie.core.game import Game
from academie.core.runner import play_match
from academie.outputs import check_output_folder, quoted


@dataclass(frozen=True)
class WinRate:
    """Wins out of trials, with the 95% Wilson score interval of the rate."""

    label: str
    wins: int
    trials: int
    rate: float
    low: float
    high: float


def win_rate(label: str, wins: int, trials: int) -> WinRate:
    """The rate ``wins / trials`` and its 95% Wilson interval: the figures of scipy's
    ``binomtest(wins, trials).proportion_ci(0.95, method="wilson")``, computed as it computes
    them (Newcombe's formula, the same operations in the same order) without importing
    ``scipy.stats`` (a second of every ``simulate``'s start; ``scipy.special`` is a fraction).

    >>> r = win_rate("x", 3, 10)
    >>> round(r.low, 4), round(r.high, 4)
    (0.1078, 0.6032)
    """
    if trials == 0:
        return WinRate(label, 0, 0, 0.0, 0.0, 1.0)
    from scipy.special import ndtri  # imported here: scipy takes a moment to load

    k, n = int(wins), int(trials)
    p = k / n
    z = ndtri(0.5 + 0.5 * 0.95)
    denom = 2 * (n + z**2)
    center = (2 * n * p + z**2) / denom
    q = 1 - p
    delta = z / denom * math.sqrt(4 * n * p * q + z**2)
    low = 0.0 if k == 0 else center - delta
    high = 1.0 if k == n else center + delta
    return WinRate(label, wins, trials, wins / trials, float(low), float(high))


MIN_SAMPLE = 5
"""Fewer values than this give a mean no interval: it says "too few" instead."""


@dataclass(frozen=True)
class MeanReturn:
    """The mean return per match (counters for counter games, ±1 shares for elimination
    games), with its 95% Student-t interval. ``note`` is ``""`` when ``low``–``high`` is an
    interval; otherwise it says why there is none (``"too few"``: fewer than
    :data:`MIN_SAMPLE` values; ``"no spread"``: every value the same, which a small sample
    does not make certain), and ``low`` = ``high`` = ``mean`` are no interval."""

    label: str
    mean: float
    low: float
    high: float
    note: str = ""


def mean_return(label: str, values: Sequence[float]) -> MeanReturn:
    """Mean of ``values`` and its 95% confidence interval (scipy's Student t); no interval
    (see :class:`MeanReturn`'s ``note``) for fewer than :data:`MIN_SAMPLE` values or values
    that are all the same.

    >>> mean_return("x", [-0.5, -0.5]).note, mean_return("x", [1.0] * 6).note
    ('too few', 'no spread')
    >>> third = mean_return("x", [-1 / 3] * 20)
    >>> third.note, third.low == third.high == third.mean == -1 / 3
    ('no spread', True)
    """
    import numpy as np
    from scipy.special import stdtrit

    arr = np.asarray(values, dtype=float)
    mean = float(arr.mean()) if arr.size else 0.0
    if arr.size < MIN_SAMPLE:
        return MeanReturn(label, mean, mean, mean, "too few")
    if bool((arr == arr[0]).all()):  # (not std() == 0: the mean of equal thirds is off in the last bit)
        return MeanReturn(label, float(arr[0]), float(arr[0]), float(arr[0]), "no spread")
    # scipy's stats.t.interval(0.95, n - 1, loc=mean, scale=stats.sem(arr)), as it computes it
    # (each end the t quantile times the scale plus the mean), without importing scipy.stats.
    n = arr.size
    scale = np.float64(np.std(arr, ddof=1) / n**0.5)
    df = np.asarray(n - 1)
    low = stdtrit(df, (1.0 - 0.95) / 2) * scale + np.float64(mean)
    high = stdtrit(df, (1.0 + 0.95) / 2) * scale + np.float64(mean)
    return MeanReturn(label, mean, float(low), float(high))


@dataclass(frozen=True)
class Figure:
    """One match figure (``statistics()`` key) over the matches: mean, median, 95th percentile."""

    name: str
    mean: float
    median: float
    p95: float


@dataclass
class SimulationReport:
    """The outcome of :func:`simulate`.

    ``seats``: one :class:`WinRate` per seat (label ``seat N (bot)``); ``bots``: one per bot
    name, over all the seats it held (trials = matches × seats held); ``seat_returns`` and
    ``bot_returns``: mean return per match with its interval; ``bot_returns_per_deal``: the same
    per deal, for games that count their deals; ``bot_figures``: bot → figure → mean per match
    and per seat held, from the game's ``per_seat`` statistics; ``figures``: each numeric figure
    of the game's ``statistics()`` over the matches; ``means``: the same, means only;
    ``no_winner``: matches that ended with nobody ahead (no winner, or a tie for the best return);
    ``partial``: the simulation was interrupted, and the report covers only the ``matches``
    finished out of the ``requested``.
    """

    game: str
    players: int
    bots: list[WinRate]
    seats: list[WinRate]
    matches: int
    seed: int | None
    options: dict[str, Any]
    means: dict[str, float] = field(default_factory=dict)
    no_winner: int = 0
    seat_returns: list[MeanReturn] = field(default_factory=list)
    bot_returns: list[MeanReturn] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    bot_returns_per_deal: list[MeanReturn] = field(default_factory=list)
    bot_figures: dict[str, dict[str, float]] = field(default_factory=dict)
    partial: bool = False
    requested: int = 0

    def to_json(self) -> dict:
        return asdict(self)


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`simulate`; ``report`` covers the matches finished before it (``None``
    when none was)."""

    def __init__(self, report: SimulationReport | None) -> None:
        super().__init__("simulation interrupted")
        self.report = report


def simulate(
    game: Game,
    bot_names: Sequence[str],
    matches: int,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int | None = 1,
    backend: str = "local",
    address: str | None = None,
    on_match: Callable[[dict[str, Any]], None] | None = None,
    records: bool = False,
    on_compile: Callable[[str, float], None] | None = None,
) -> SimulationReport:
    """Play ``matches`` matches of ``game`` with ``bot_names[seat]`` in each seat.

    The seed fixes every deal and every bot's choices, so a report is reproducible: each
    match's seeds (one per seat's bot, then the chance's) are drawn in match order from one
    ``random.Random(seed)``, whoever plays the match. ``workers`` processes play the matches
    (``None``: every core); ``backend="ray"`` plays them on the Ray cluster at ``address`` (see
    :func:`academie.analysis.parallel.map_matches`). The report is the same for every number of
    workers and every backend; fewer than :data:`POOL_MIN` matches are played in this process.
    Raises the game's option and player-count errors,
    :class:`~academie.core.errors.UnknownBotError` and
    :class:`~academie.analysis.parallel.BackendError`. ``progress(0)`` is called when the first
    match starts, then ``progress(k)`` when ``k`` matches have finished (once per chunk
    of matches, as each comes back). On Ctrl-C, :class:`SimulationInterrupted`
    with the report over the matches finished in order. Memory grows by a few dozen bytes a
    match (the figures are kept to give their medians).

    ``on_match(line)`` is called for every match in match order, with ``line`` =
    ``{"match": k, "seeds": [each seat's bot's, then the chance's], "seed": the chance's,
    "returns": [...], "statistics": {...}}`` (``k`` = 1 for the first match); with ``records`` the line also holds ``"record"``,
    the match's :class:`~academie.core.record.GameRecord` (played by the pure engine, so that
    its actions are known; ``seed`` replays its deals).

    The compiled kernels the matches call (``academie[fast]``: random bots' matches, ISMCTS
    playouts) are compiled, or loaded from numba's cache, in this process before any worker
    starts (:func:`academie.fast.prepare`), so that they are compiled once, not by every worker;
    ``on_compile(name, seconds)`` is called just before a compile really happens.
    """
    n = len(bot_names)
    game.check_players(n)
    opts = game.parse_options(options)
    for name in set(bot_names):
        make_bot(name, game.info.id)  # fail fast on an unknown bot
    check_backend(backend, workers, address)
    import numpy  # noqa: F401  (loaded before the first match, so that a report after Ctrl-C
    import scipy.special  # noqa: F401  needs no slow import, itself open to a second Ctrl-C)

    master = random.Random(seed)
    seeds = (match_seeds(master, n) for _ in range(matches))
    tally = _Tally(game, list(bot_names), seed, opts.model_dump(), matches)
    # Random bots on a game with a compiled kernel (academie[fast] installed): the same matches.
    from academie.fast import random_matches

    specs = [bot_spec(name, game.info.id) for name in bot_names]  # " heuristic " is "heuristic"
    fast = None if records else random_matches(game, opts, n, specs, matches)
    from academie.fast import prepare

    prepare(game, opts, n, specs, matches=fast is not None, on_compile=on_compile)
    if workers is None and backend == "local":
        workers = default_workers()
    if backend == "local" and matches < POOL_MIN:
        workers = 1
    keep = "records" if records else "lines" if on_match is not None else ""
    spec = MatchSpec(game, tuple(bot_names), opts, fast is not None, keep)
    size = partial(chunk_size, matches, fast=fast is not None)
    with map_chunks(partial(play_chunk, spec), seeds, workers, backend, address, size) as outcomes, \
            CountingGuard() as guard:
        try:
            if progress is not None:
                progress(0)  # the matches start (after the imports and the workers' start)
            for counts in outcomes:
                with guard.counting():  # a chunk counted (and written) wholly or not at all
                    tally.merge(counts, on_match)
                if progress is not None:
                    progress(tally.done)
        except KeyboardInterrupt:
            with guard.counting(then_raise=False):
                for counts in outcomes.ready():  # finished by the workers, next in order
                    tally.merge(counts, on_match)
                report = tally.report() if tally.done else None
            raise SimulationInterrupted(report) from None
    return tally.report()


RECORD_FILES = {"match-*.json": "a simulation", "board-*.json": "a tournament"}
"""The records ``simulate`` and ``tournament`` save in a folder, and which run saves each."""


def check_records_folder(folder: str | Path, pattern: str, option: str = "--records") -> None:
    """Raise :class:`~academie.core.errors.OptionError`, changing nothing, when ``folder``
    cannot take a run's records (``pattern``: the names of this run's, ``match-*.json``):
    :func:`check_output_folder`'s refusals, or it already holds the records of a simulation or a
    tournament (:data:`RECORD_FILES`), which the new ones would overwrite or be mixed with.
    """
    check_output_folder(folder, option)
    shown = quoted(folder)
    try:
        path = Path(folder)
        if path.is_dir():
            for kind in sorted(RECORD_FILES, key=lambda k: k != pattern):  # this run's first
                if next(path.glob(kind), None) is not None:
                    run = "an earlier run" if kind == pattern else RECORD_FILES[kind]
                    raise OptionError(
                        f"{option} {shown} already holds records ({kind}) of {run}: give a new or empty folder"
                    )
    except OSError as exc:  # a folder that may not be read
        raise OptionError(f"{option} {shown}: {exc.strerror or exc}") from None


POOL_MIN = 64
"""Fewer matches than this are played in this process whatever the number of workers: starting
the pool would take longer than they do."""


def match_seeds(master: random.Random, n: int) -> list[int]:
    """One match's seeds, drawn from the master generator: each seat's bot's, then the chance's.

    >>> master = random.Random(1)
    >>> match_seeds(random.Random(1), 2) == [master.getrandbits(32) for _ in range(3)]
    True
    """
    return [master.getrandbits(32) for _ in range(n + 1)]


def chunk_size(matches: int, workers: int, fast: bool = False) -> int:
    """Matches per chunk handed to a worker: about sixteen chunks per worker, so that progress
    and Ctrl-C come often, but no more than 32 matches of the pure engine (a few seconds at
    most; one at a time in this process) and at least 256 for a compiled kernel (whose matches
    take microseconds).

    >>> chunk_size(100_000, 2, False), chunk_size(100_000, 2, True), chunk_size(100, 2, False)
    (32, 3125, 4)
    >>> chunk_size(100_000, 1, False)
    1
    """
    even = -(-matches // (workers * 16))
    if fast:
        return max(256, even)
    return 1 if workers == 1 else max(1, min(32, even))


@dataclass(frozen=True)
class MatchSpec:
    """What a worker needs to play a simulation's matches: the game, the bots, the validated
    options, and whether a compiled kernel plays them (random bots, ``academie[fast]``)."""

    game: Game
    bot_names: tuple[str, ...]
    options: Any
    fast: bool
    keep: str = ""
    """``""``: counts only; ``"lines"``: each match's seeds, returns and figures too;
    ``"records"``: and its game record."""


def play_chunk(spec: MatchSpec, chunk: list[list[int]]) -> Counts:
    """Play one match per seeds of ``chunk`` (as :func:`simulate` plays it) and count them in
    order: a worker's task."""
    game, names, n = spec.game, spec.bot_names, len(spec.bot_names)
    counts = Counts(n)
    if spec.fast:
        from academie.fast import RandomMatches

        specs = [bot_spec(name, game.info.id) for name in names]
        played = RandomMatches(game, spec.options, n, specs).play_arrays(chunk)
        lines = None
        if spec.keep:
            lines = [_line(spec, seeds, [float(v) for v in played.returns[m]], played.statistics(m))
                     for m, seeds in enumerate(chunk)]
        counts.add_arrays(played, lines)
        return counts
    for match in chunk:
        state = game.new_initial_state(n, spec.options)
        bots = [make_bot(name, game.info.id, seed) for name, seed in zip(names, match)]
        actions: list[str] | None = None
        if spec.keep == "records":
            actions = []
            play_match(state, SeededChance(match[n]), bots, actions=actions)
        else:
            play_match(state, SeededChance(match[n]), bots)
        line = _line(spec, match, state.returns(), state.statistics(), actions)
        counts.add(state.returns(), state.statistics(), line)
    return counts


def _line(spec: MatchSpec, seeds: list[int], returns: list[float], stats: dict[str, Any],
          actions: list[str] | None = None) -> dict[str, Any] | None:
    """One match's line for ``on_match`` (None when the simulation keeps no lines)."""
    if not spec.keep:
        return None
    n = len(spec.bot_names)
    line: dict[str, Any] = {"seeds": list(seeds), "seed": seeds[n], "returns": list(returns), "statistics": stats}
    if actions is not None:
        from academie.core.record import MAX_NAME, GameRecord, PlayerRecord

        def seat(s: int, name: str) -> str:  # a spec may be longer than a name: cut, the kind keeps it
            text = f"seat {s} ({name})"
            return text if len(text) <= MAX_NAME else text[: MAX_NAME - 2] + "…)"

        line["record"] = GameRecord(
            game=spec.game.info.id, game_version=spec.game.info.version, num_players=n,
            options=spec.options.model_dump(),
            players=[PlayerRecord(name=seat(s, name), kind=name) for s, name in enumerate(spec.bot_names)],
            seed=seeds[n], actions=actions, complete=True,
            result={"returns": list(returns), "statistics": stats},
        )
    return line


class Counts:
    """What a report keeps of finished matches: wins, returns and figures. A worker counts the
    matches of its chunk; :meth:`merge` adds a chunk's counts after those of the chunks before it,
    which gives exactly the counts of the matches added one by one in match order (the arrays are
    appended in order; the per-seat totals are sums of counts, exact in any grouping)."""

    def __init__(self, n: int) -> None:
        self.done = 0
        self.wins = [0] * n
        self.no_winner = 0
        self.figures: dict[str, array] = {}
        self.returns_by_seat = [array("d") for _ in range(n)]
        self.per_deal = [array("d") for _ in range(n)]
        self.seat_figures: dict[str, list[float]] = {}
        self.lines: list[dict[str, Any]] = []  # each match's line, when the simulation keeps them

    def add(self, returns: list[float], stats: dict[str, Any], line: dict[str, Any] | None = None) -> None:
        """Count one finished match, from its returns and statistics (and keep its ``line``)."""
        if line is not None:
            self.lines.append(line)
        n = len(self.wins)
        best = max(returns)
        deals = stats.get("deals")
        for key, values in (stats.get("per_seat") or {}).items():
            totals = self.seat_figures.setdefault(key, [0.0] * n)
            for seat, value in enumerate(values):
                totals[seat] += value
        for seat, value in enumerate(returns):
            self.returns_by_seat[seat].append(value)
            if deals:
                self.per_deal[seat].append(value / deals)
        if best > 0 and returns.count(best) == 1:
            self.wins[returns.index(best)] += 1
        else:
            self.no_winner += 1
        for key, value in stats.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool) and key != "winner":
                self.figures.setdefault(key, array("d")).append(float(value))
        self.done += 1

    def add_arrays(self, played: Any, lines: list[dict[str, Any]] | None = None) -> None:
        """Count finished matches kept in arrays (an :class:`academie.fast.MatchArrays`: returns
        of shape ``(matches, players)``, figures, ``per_seat`` figures), in row order, with numpy:
        the same counts as :meth:`add` for each match in turn (and keep their ``lines``)."""
        import numpy as np

        if lines is not None:
            self.lines.extend(lines)
        returns = np.ascontiguousarray(played.returns, dtype=np.float64)
        count, n = returns.shape
        if count == 0:
            return
        for key, values in played.per_seat.items():  # whole counts: their float sums are exact
            totals = self.seat_figures.setdefault(key, [0.0] * n)
            sums = values.sum(axis=0)
            for seat in range(n):
                totals[seat] += float(sums[seat])
        deals = played.figures.get("deals")
        per_deal = None
        if deals is not None:
            counted = deals != 0
            per_deal = returns[counted] / deals[counted].astype(np.float64)[:, None]
        for seat in range(n):
            self.returns_by_seat[seat].frombytes(np.ascontiguousarray(returns[:, seat]).tobytes())
            if per_deal is not None:
                self.per_deal[seat].frombytes(np.ascontiguousarray(per_deal[:, seat]).tobytes())
        best = returns.max(axis=1)
        single = (best > 0) & ((returns == best[:, None]).sum(axis=1) == 1)
        won = np.bincount(returns.argmax(axis=1)[single], minlength=n)
        for seat in range(n):
            self.wins[seat] += int(won[seat])
        self.no_winner += int(count - single.sum())
        for key, values in played.figures.items():
            if key != "winner":
                self.figures.setdefault(key, array("d")).frombytes(values.astype(np.float64).tobytes())
        self.done += count

    def merge(self, other: Counts, on_match: Callable[[dict[str, Any]], None] | None = None) -> None:
        """Count ``other``'s matches after these; ``on_match(line)`` for each of its lines, in
        order, numbered from 1 after these."""
        n = len(self.wins)
        if on_match is not None:
            for k, line in enumerate(other.lines):
                on_match({"match": self.done + k + 1, **line})
        for key, values in other.seat_figures.items():
            totals = self.seat_figures.setdefault(key, [0.0] * n)
            for seat, value in enumerate(values):
                totals[seat] += value
        for seat in range(n):
            self.returns_by_seat[seat].extend(other.returns_by_seat[seat])
            self.per_deal[seat].extend(other.per_deal[seat])
            self.wins[seat] += other.wins[seat]
        self.no_winner += other.no_winner
        for key, values in other.figures.items():
            self.figures.setdefault(key, array("d")).extend(values)
        self.done += other.done


def figure(name: str, values: Sequence[float]) -> Figure:
    """A figure's mean, median and 95th percentile; for whole counts (every value whole) the
    percentiles are values taken by the matches (the least value with at least that share of
    matches at or below it), never a half-way number.

    >>> figure("deals", [1, 2, 3, 4])
    Figure(name='deals', mean=2.5, median=2.0, p95=4.0)
    """
    import numpy as np

    arr = np.asarray(values, dtype=float)
    method = "inverted_cdf" if arr.size and bool(np.all(arr == np.round(arr))) else "linear"
    return Figure(name, float(arr.mean()), float(np.percentile(arr, 50, method=method)),
                  float(np.percentile(arr, 95, method=method)))


class _Tally(Counts):
    """The counts of :func:`simulate`'s finished matches, and the report it makes of them."""

    def __init__(self, game: Game, bot_names: list[str], seed: int | None, options: dict, requested: int) -> None:
        super().__init__(len(bot_names))
        self.game, self.bot_names, self.seed, self.options, self.requested = game, bot_names, seed, options, requested

    def report(self) -> SimulationReport:
        """The report over the matches counted so far."""
        game, bot_names, matches = self.game, self.bot_names, self.done
        n = len(bot_names)
        wins, returns_by_seat, per_deal, seat_figures = self.wins, self.returns_by_seat, self.per_deal, self.seat_figures
        seats = [win_rate(f"seat {s} ({bot_names[s]})", wins[s], matches) for s in range(n)]
        per_bot = []
        for name in dict.fromkeys(bot_names):
            held = [s for s in range(n) if bot_names[s] == name]
            per_bot.append(win_rate(name, sum(wins[s] for s in held), matches * len(held)))
        figs = [figure(key, v) for key, v in self.figures.items()]

        def pooled(rows: list[array], name: str) -> array:
            out = array("d")
            for s in range(n):
                if bot_names[s] == name:
                    out.extend(rows[s])
            return out

        return SimulationReport(
            game=game.info.id,
            players=n,
            bots=per_bot,
            seats=seats,
            matches=matches,
            seed=self.seed,
            options=self.options,
            means={f.name: f.mean for f in figs},
            no_winner=self.no_winner,
            seat_returns=[mean_return(f"seat {s} ({bot_names[s]})", returns_by_seat[s]) for s in range(n)],
            bot_returns=[mean_return(name, pooled(returns_by_seat, name)) for name in dict.fromkeys(bot_names)],
            figures=figs,
            bot_returns_per_deal=[
                mean_return(name, pooled(per_deal, name)) for name in dict.fromkeys(bot_names)
            ] if any(per_deal) else [],
            bot_figures={
                name: {
                    key: sum(totals[s] for s in range(n) if bot_names[s] == name)
                    / (matches * bot_names.count(name))
                    for key, totals in seat_figures.items()
                }
                for name in dict.fromkeys(bot_names)
            } if seat_figures and matches else {},
            partial=matches < self.requested,
            requested=self.requested,
        )
