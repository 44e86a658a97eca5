"""Levels for people: ``easy``, ``medium`` and ``hard``, named bots of every game with decisions.

Each level is a spec of the bots already there (:data:`LEVELS`, per game where it differs), so
that a record or a table naming a level rebuilds the same player:

- ``easy``: the game's heuristic, but one move in three (:data:`EASY_MISTAKE`) a uniform choice
  among the legal moves (:class:`Careless`); a beginner's slips.
- ``medium``: the game's heuristic bot, after its source's advice.
- ``hard``: the ISMCTS search on beliefs from play (``infer=particles``: the worlds weighted by
  the others' moves, :mod:`academie.bots.particles`), under a budget of 0.9 s a move, the
  worlds' drawing and the beliefs' update counted; its playouts are random (the compiled
  kernels), not the heuristic it is measured against. At Trente et un ``montecarlo``
  (:class:`academie.bots.montecarlo_trente_et_un.MonteCarloTrenteEtUn`): each legal move valued
  by compiled playouts over chains of the others' unseen cards and ways of play, moved by the
  chance of their moves (:mod:`academie.bots.trente_et_un_beliefs`), the patient heuristic's move
  kept unless another beats it by two standard errors. At Reversis and at the
  Guimbarde, where the search runs compiled in the play of the cards
  (:func:`academie.fast.reversis_search.run`, :func:`academie.fast.guimbarde_search.run`), over
  a pool of 64 uniform worlds of the view, no beliefs: 6,000 iterations at Reversis, 20,000 at
  the Guimbarde, which end a move before the clock does on a 2-core machine
  (``benchmarks/hard_move_split.py``; at the Guimbarde at 4 seats, while at 6 to 8 seats the
  positions past the compiled sampler are searched by the Python tree under the clock), so
  that a seed gives the same moves. At Reversis these
  worlds beat the same search over 64 particles by 1.76 counters a deal [0.37, 3.15] in a
  duplicate tournament of 100 boards against searching opponents (the particles' model of the
  others is the heuristic); at the Guimbarde 20,000 iterations over them beat today's ``ismcts``
  spec over 2,000 boards (+0.06 [+0.01, +0.11]), which 6,000 over 48 particles did not (+0.04
  [−0.01, +0.09]; docs/bots.md). At Belle-Flux, whose one decision is the trente-un's request
  (ask or stand), ``montecarlo`` (:class:`academie.bots.montecarlo.MonteCarloBelleFlux`): both
  moves valued by compiled playouts over the same particles, on the same stock orders.

:func:`level_factory` makes a level's bot; its ``name`` is the level's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

EASY_MISTAKE = 1 / 3
"""The chance that ``easy`` plays a uniform move instead of the heuristic's."""

HARD = ("ismcts", {"iterations": 2000, "seconds": 0.9, "infer": "particles", "particles": 48})
"""``hard`` where :data:`LEVELS` gives no spec of its own: a bot's name and its parameters."""

LEVELS: dict[str, dict[str, tuple[str, dict[str, Any]]]] = {
    "trente-et-un": {  # (each move valued by compiled playouts over chains moved by the others' play)
        "hard": ("montecarlo", {}),
    },
    "reversis": {  # (uniform worlds, compiled: 6,000 iterations end a move before the clock; beat the particles)
        "hard": ("ismcts", {"iterations": 6000, "seconds": 0.9, "worlds": 64}),
    },
    "guimbarde": {  # (uniform worlds, compiled: 20,000 iterations end a move before the clock; beat the particles)
        "hard": ("ismcts", {"iterations": 20000, "seconds": 0.9, "worlds": 64}),
    },
    "belle-flux-trente-un": {  # (the one decision, ask or stand, valued by compiled playouts over the particles)
        "hard": ("montecarlo", {}),
    },
}
"""Per game, the levels whose spec differs from the default (``easy`` and ``medium``: the
heuristic; ``hard``: :data:`HARD`)."""

NAMES = ("easy", "medium", "hard")


def level_spec(game_id: str, level: str) -> str:
    """The spec of ``level`` at ``game_id``, as text (``easy`` is the heuristic with
    :data:`EASY_MISTAKE`: ``'heuristic'`` then). Raises ValueError for another level."""
    name, params = _level(game_id, level)
    return ":".join([name, *(f"{k}={v}" for k, v in params.items())])


def _level(game_id: str, level: str) -> tuple[str, dict[str, Any]]:
    default = {"easy": ("heuristic", {}), "medium": ("heuristic", {}), "hard": HARD}
    if level not in default:
        raise ValueError(f"unknown level {level!r}; the levels are: {', '.join(NAMES)}")
    return LEVELS.get(game_id, {}).get(level, default[level])


class Careless:
    """``bot``'s move, but with probability ``mistake`` a uniform choice among the legal moves
    (seeded by ``seed``). ``name``: what it is called."""

    def __init__(self, bot: Any, mistake: float, seed: int | None, name: str = "easy") -> None:
        self.bot, self.mistake, self.rng, self.name = bot, mistake, random.Random(seed), name

    def choose(self, view: Any, legal: Sequence[int]) -> int:
        if len(legal) > 1 and self.rng.random() < self.mistake:
            return legal[self.rng.randrange(len(legal))]
        return self.bot.choose(view, legal)


def level_factory(game_id: str, level: str, bots: dict[str, Callable[..., Any]]) -> Callable[..., Any]:
    """``factory(seed)`` of ``level``'s bot at ``game_id``, from ``bots`` (name → factory, the
    game's registry without the levels). The factory takes no parameters."""
    name, params = _level(game_id, level)
    factory = bots[name]
    factory(0, **params)  # (a level's parameters are checked when the registry is made)

    def make(seed: int | None = None) -> Any:
        if level == "easy":
            inner = random.Random(seed)
            return Careless(factory(inner.getrandbits(32), **params), EASY_MISTAKE, inner.getrandbits(32))
        bot = factory(seed, **params)
        try:
            bot.name = level
        except AttributeError:  # (a bot whose name cannot be set keeps its own)
            pass
        return bot

    make.level_spec = level_spec(game_id, level)  # type: ignore[attr-defined]
    make.__doc__ = f"{level}: {level_spec(game_id, level)}" + (f" with one move in {round(1 / EASY_MISTAKE)} uniform"
                                              if level == "easy" else "")
    return make
