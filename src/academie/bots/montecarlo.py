"""``montecarlo``: each legal move valued by compiled playouts over beliefs from play, at
Belle-Flux (:class:`MonteCarloBelleFlux`, ``hard`` there) and at Trente et un
(:class:`~academie.bots.montecarlo_trente_et_un.MonteCarloTrenteEtUn`, ``hard`` there too, in
its own module; :data:`MONTECARLO` names them per game).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from academie.bots.belle_flux import NO_RISK, HeuristicBelleFlux
from academie.bots.montecarlo_trente_et_un import MonteCarloTrenteEtUn
from academie.bots.spec import Param
from academie.core.errors import UnknownBotError
from academie.games.belle_flux import ASK, STAND, BelleFluxView


class MonteCarloBelleFlux:
    """Belle-Flux: the trente-un's request decided by playouts over beliefs from play (``hard``'s bot).

    At each request where asking can take the hand over 31 (above :data:`NO_RISK`), the seat's
    beliefs (:class:`academie.bots.particles.Particles`: ``particles`` worlds of its view, each
    weighted by the chance of the others' requests and stands under the model of their play —
    the heuristic, a uniform move ``mistake`` of the time) are brought up to date, then each
    world is played out ``playouts`` times asking and standing on the same stock order, every
    seat then asking until its point reaches a threshold drawn from ``low`` to ``high``
    (:func:`academie.fast.belle_flux_search.world_values`); the move of the higher weighted mean
    is played. The thresholds' default, 23 to 29 points (our proposal), stands 1 time in 7 at 23
    and always at 29, as the heuristic bot stood over 1,500 deals of four (12% at 22, 35% at 25,
    65% at 27, 90% at 28, 99% at 29) — a model of the table, not the heuristic itself; in the
    Encyclopédie méthodique a player holding « 28, 29 ou 30 points, il n'en prend ordinairement
    point de nouvelles » (``low=28:high=30``). A move's value is what the seat wins of the
    trente-un basket (counters), and, with ``carry=share``, a ``1/players`` share of a basket
    nobody wins that stays for a later deal while the match goes on (« il reste pour le coup
    suivant »; our proposal: a deal's own counters only with ``carry=none``). The belle and the flux are judged before the first
    request: nothing the seat does changes them.

    ``seconds`` bounds a move (the beliefs' update and the playouts; at least one world is
    played out). With options the kernel does not play (:func:`academie.fast.supports`), or when
    no world of the view can be drawn, the move is the heuristic's (:class:`HeuristicBelleFlux`,
    seeded from the bot's generator); ``fallbacks`` counts them. ``last_values``: the last
    search's ``{ASK: value, STAND: value}`` (counters) and ``last_worlds`` its worlds played out.
    """

    name = "montecarlo"

    def __init__(self, seed: int | None = None, particles: int = 32, playouts: int = 64, low: int = 23,
                 high: int = 29, mistake: float = 0.1, carry: str = "share", seconds: float = 0.9) -> None:
        from academie.bots.particles import OpponentModel, Particles

        if low > high:
            raise UnknownBotError(f"montecarlo: low ({low}) is above high ({high}); the thresholds are drawn from "
                                  f"low to high")
        self.rng = random.Random(seed)
        self.playouts, self.low, self.high, self.carry, self.seconds = playouts, low, high, carry, seconds
        self.belief = Particles(OpponentModel("belle-flux-trente-un", mistake, self.rng.getrandbits(32)), particles,
                                rng=random.Random(self.rng.getrandbits(32)))
        self.fallbacks = 0
        self.last_values: dict[int, float] = {}
        self.last_worlds = 0
        self._kernel: tuple[Any, Any, int] | None = None  # (options, params, variant)

    def choose(self, view: BelleFluxView, legal: Sequence[int]) -> int:
        from academie.core.errors import SamplingError

        if ASK not in legal:
            return STAND
        if (view.point or 0) <= NO_RISK:
            return ASK
        seed = self.rng.getrandbits(32)
        try:
            found = self.estimates(view, self.seconds, seed)
        except SamplingError:
            found = None
        if found is None:
            self.fallbacks += 1
            return HeuristicBelleFlux(seed).choose(view, legal)
        return ASK if found[ASK][0] > found[STAND][0] else STAND

    def estimates(self, view: BelleFluxView, seconds: float, seed: int) -> dict[int, tuple[float, float, int]] | None:
        """``{ASK: (mean, half, worlds), STAND: (...)}`` at the seat's request in ``view``: each
        move's weighted mean value (counters, as the class docstring says), half its 95%
        interval (1.96 standard errors, the worlds' spread and the playouts' within them), and
        the worlds played out, within ``seconds`` (the beliefs' update counted); the playouts
        seeded by ``seed``. None when the kernel does not play the match's options. Raises
        :class:`~academie.core.errors.SamplingError` when no world of the view can be drawn."""
        from academie.fast.belle_flux import from_state
        from academie.fast.belle_flux_search import world_values

        deadline = time.perf_counter() + seconds
        self.belief.update(view, deadline)
        kernel = self._kernel_for(self.belief.worlds[0].options, view.num_players)
        if kernel is None:
            return None
        _options, params, variant = kernel
        carry = 1.0 / view.num_players if self.carry == "share" else 0.0
        weights = self.belief.weights
        order = sorted(range(len(weights)), key=lambda k: -weights[k])
        rows: list[tuple[float, float, float, float, float]] = []  # weight, then ask's and stand's mean and variance
        r = self.playouts
        for k in order:  # the heaviest worlds first, while the clock allows
            if weights[k] <= 0.0 or (rows and time.perf_counter() >= deadline):
                break
            world = from_state(self.belief.worlds[k], params)
            sa, sb, sa2, sb2 = world_values(world, view.seat, r, (seed + k) & 0xFFFFFFFF, self.low, self.high,
                                            carry, variant)
            ma, mb = sa / r, sb / r
            rows.append((weights[k], ma, max(sa2 / r - ma * ma, 0.0), mb, max(sb2 / r - mb * mb, 0.0)))
        mass = sum(row[0] for row in rows)
        out = {}
        for action, col in ((ASK, 1), (STAND, 3)):
            mean = sum(row[0] * row[col] for row in rows) / mass
            var = sum((row[0] / mass) ** 2 * ((row[col] - mean) ** 2 + row[col + 1] / r) for row in rows)
            out[action] = (mean, 1.96 * math.sqrt(var), len(rows))
        self.last_values, self.last_worlds = {a: v[0] for a, v in out.items()}, len(rows)
        return out

    def warm(self, view: BelleFluxView, legal: Sequence[int]) -> None:
        """Call the kernels a move calls, unhurried (:func:`academie.fast.prepare`, before the
        first move of a run): the playouts of a few worlds at a request where asking is legal."""
        if ASK in legal:
            self.estimates(view, 0.0, 0)

    def _kernel_for(self, options: Any, players: int) -> tuple[Any, Any, int] | None:
        """The kernel's parameters for the match's options, or None when it does not play them."""
        from academie import fast
        from academie.games.belle_flux import GAME

        if self._kernel is None or self._kernel[0] != options:
            if not fast.supports(GAME, options, players):
                return None
            self._kernel = (options, fast.PARAMS["belle-flux-trente-un"](options, players),
                            fast.randbelow_variant())
        return self._kernel


MonteCarloBelleFlux.PARAMS = {
    "particles": Param("int", 32, "worlds of the beliefs", low=1, high=10_000),
    "playouts": Param("int", 64, "playouts of each world, asking and standing on the same stock", low=1,
                      high=100_000),
    "low": Param("int", 23, "the lowest point at which a seat of the playouts stands (points)", low=0, high=31),
    "high": Param("int", 29, "the highest point at which a seat of the playouts stands (points)", low=0, high=31),
    "mistake": Param("float", 0.1, "the chance the model of the others (their heuristic) plays a uniform move",
                     low=0, high=1),
    "carry": Param("choice", "share", "a basket nobody wins: the seat's share of it for later deals (share) or "
                   "nothing (none)", choices=("share", "none")),
    "seconds": Param("float", 0.9, "time budget a move, beliefs included (seconds)", low=0, low_open=True,
                     high=3600),
}


MONTECARLO = {"belle-flux-trente-un": MonteCarloBelleFlux, "trente-et-un": MonteCarloTrenteEtUn}
"""Game id → its ``montecarlo`` bot (:mod:`academie.bots` seats it by that name)."""
