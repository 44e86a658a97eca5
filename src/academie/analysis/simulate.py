"""Simulate many matches between bots and report win rates with confidence intervals.

>>> from academie.games import get_game
>>> report = simulate(get_game("trente-et-un"), ["heuristic", "random"], matches=20, seed=1)
>>> report.matches, sum(s.wins for s in report.seats) + report.no_winner
(20, 20)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from academie.bots import make_bot
from academie.core.chance import SeededChance
from academie.core.game import Game
from academie.core.runner import play_match


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
    """The rate ``wins / trials`` and its 95% Wilson interval (scipy's ``binomtest``)."""
    if trials == 0:
        return WinRate(label, 0, 0, 0.0, 0.0, 1.0)
    from scipy.stats import binomtest  # imported here: scipy takes a second to load

    ci = binomtest(wins, trials).proportion_ci(confidence_level=0.95, method="wilson")
    return WinRate(label, wins, trials, wins / trials, float(ci.low), float(ci.high))


@dataclass
class SimulationReport:
    """The outcome of :func:`simulate`.

    ``seats``: one :class:`WinRate` per seat (label ``seat N (bot)``); ``bots``: one per bot
    name, over all the seats it held (trials = matches × seats held); ``means``: each numeric
    figure of the game's ``statistics()`` averaged per match; ``no_winner``: matches that ended
    with nobody left.
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

    def to_json(self) -> dict:
        return asdict(self)


def simulate(
    game: Game,
    bot_names: Sequence[str],
    matches: int,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Play ``matches`` matches of ``game`` with ``bot_names[seat]`` in each seat.

    The seed fixes every deal and every bot's choices, so a report is reproducible.
    Raises the game's option and player-count errors, and
    :class:`~academie.core.errors.UnknownBotError`.
    """
    n = len(bot_names)
    game.check_players(n)
    opts = game.parse_options(options)
    for name in set(bot_names):
        make_bot(name, game.info.id)  # fail fast on an unknown bot
    master = random.Random(seed)
    wins = [0] * n
    totals: dict[str, float] = {}
    no_winner = 0
    for m in range(matches):
        state = game.new_initial_state(n, opts)
        bots = [make_bot(name, game.info.id, master.getrandbits(32)) for name in bot_names]
        play_match(state, SeededChance(master.getrandbits(32)), bots)
        returns = state.returns()
        best = max(returns)
        if best > 0:
            wins[returns.index(best)] += 1
        else:
            no_winner += 1
        for key, value in state.statistics().items():
            if isinstance(value, (int, float)) and not isinstance(value, bool) and key != "winner":
                totals[key] = totals.get(key, 0.0) + value
        if progress is not None:
            progress(m + 1)
    seats = [win_rate(f"seat {s} ({bot_names[s]})", wins[s], matches) for s in range(n)]
    per_bot = []
    for name in dict.fromkeys(bot_names):
        held = [s for s in range(n) if bot_names[s] == name]
        per_bot.append(win_rate(name, sum(wins[s] for s in held), matches * len(held)))
    return SimulationReport(
        game=game.info.id,
        players=n,
        bots=per_bot,
        seats=seats,
        matches=matches,
        seed=seed,
        options=opts.model_dump(),
        means={k: v / matches for k, v in totals.items()} if matches else {},
        no_winner=no_winner,
    )
