"""``montecarlo``: each legal move valued by compiled playouts over beliefs from play, at
Belle-Flux (:class:`MonteCarloBelleFlux`, ``hard`` there) and at Trente et un
(:class:`MonteCarloTrenteEtUn`; :data:`MONTECARLO` names them per game).

At Trente et un:

A flat Monte Carlo search (Ginsberg's determinized play; Bertsekas' rollout algorithm, which
improves on the policy it plays out with when its estimates are sharp enough): at each decision
between two moves or more, the seat's beliefs (:class:`academie.bots.particles.Particles`, its
view's worlds weighted by the others' moves under the model of their play) are brought up to
date, then every legal move is played in each world, ``playouts`` times, and the round played out
by the kernel's compiled heuristic bots (:func:`academie.fast.trente_et_un.heuristic_rollout`):
the others as ``others`` (by default the game's heuristic), the seat itself as ``own`` (by
default the patient heuristic, ``heuristic/knock_floor=32/cut_at=32``). Every move of one world
and one playout is played out from the same seeds (common random numbers), so that the moves
are compared on the same cards.

A move's value is, with ``value=match`` (the default), the seat's chance of winning the match
from the lives left at the round's end (:func:`academie.bots.match_values.match_values`: a life is
worth more to a seat about to go out), with ``value=deal`` the seat's lives gained less the
others' mean. The move of the best weighted mean is played when it beats the own policy's move by
more than ``margin`` standard errors of their paired difference; else the own policy's move (a
search whose estimates are noisy then plays no worse than its policy). As the game's bots do, it
knocks on any total once :data:`academie.bots.trente_et_un.KNOCK_BY` rounds of the deal are over
(« Au lieu de piocher, vous pouvez frapper »), so that a deal between bots ends.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from academie.bots.belle_flux import NO_RISK, HeuristicBelleFlux
from academie.bots.spec import Param
from academie.core.errors import UnknownBotError
from academie.games.belle_flux import ASK, STAND, BelleFluxView

GAME = "trente-et-un"


class MonteCarloTrenteEtUn:
    """See the module docstring. ``seconds`` bounds a move (the beliefs' update and the playouts;
    at least one world is played out). Without the compiled kernels (``academie[fast]``) or
    with options they do not play, or when no world of the view can be drawn, the move is the
    own policy's; ``fallbacks`` counts those moves. ``last_values``: the last search's action →
    value; ``last_worlds``: its worlds played out."""

    name = "montecarlo"

    def __init__(self, seed: int | None = None, particles: int = 24, playouts: int = 8,
                 own: str = "heuristic/knock_floor=32/cut_at=32", others: str = "heuristic", value: str = "match",
                 margin: float = 1.0, mistake: float = 0.1, seconds: float = 0.9) -> None:
        from academie.bots.ismcts import _own_factory
        from academie.bots.particles import OpponentModel, Particles

        self.rng = random.Random(seed)
        self.playouts, self.value, self.margin, self.seconds = playouts, value, margin, seconds
        factory = _own_factory(GAME, own)
        self.own_spec = factory.spec  # (name, params)
        if self.own_spec[0] != "heuristic":
            raise UnknownBotError(f"montecarlo: own={own}: the playouts play a heuristic spec (heuristic or "
                                  f"heuristic/… with its parameters), not {self.own_spec[0]}")
        self.own = factory(self.rng.getrandbits(32))
        self.others_spec = _own_factory(GAME, others).spec
        if self.others_spec[0] != "heuristic":
            raise UnknownBotError(f"montecarlo: others={others}: the playouts play a heuristic spec (heuristic or "
                                  f"heuristic/… with its parameters), not {self.others_spec[0]}")
        self.belief = Particles(OpponentModel(GAME, mistake, self.rng.getrandbits(32)), particles,
                                rng=random.Random(self.rng.getrandbits(32)))
        self.fallbacks = 0
        self.last_values: dict[int, float] = {}
        self.last_worlds = 0
        self._kernel: tuple[Any, Any, int, Any] | None = None  # (options, params, variant, knobs)

    def choose(self, view: Any, legal: Sequence[int]) -> int:
        from academie.bots.trente_et_un import KNOCK, KNOCK_BY, knock_due
        from academie.core.errors import SamplingError

        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        if knock_due(view, legal, KNOCK_BY):
            return KNOCK
        mine = self.own.choose(view, legal)
        seed = self.rng.getrandbits(32)
        try:
            found = self._sample(view, legal, seed, time.perf_counter() + self.seconds)
        except SamplingError:
            found = None
        if found is None:
            self.fallbacks += 1
            return mine
        rows, self.last_worlds = found
        values = self._valued(rows, view)
        means = {a: sum(w * x for w, x in zip(weights, xs)) for a, (weights, xs) in values.items()}
        self.last_values = means
        best = max(legal, key=lambda a: (means[a], a == mine))
        if best == mine:
            return mine
        weights = values[best][0]
        diffs = [x - y for x, y in zip(values[best][1], values[mine][1])]
        mean = means[best] - means[mine]
        se = math.sqrt(sum((w * (d - mean)) ** 2 for w, d in zip(weights, diffs)))
        return best if mean > self.margin * se else mine

    def estimates(self, view: Any, seconds: float, seed: int) -> dict[int, tuple[float, float, int]] | None:
        """For the hints: ``{action: (mean, half, worlds)}``, each legal move's weighted mean of
        the seat's lives gained by the round's end (a life lost is −1), half its 95% interval
        (1.96 standard errors), and the worlds played out, within ``seconds``. None without the
        kernels. Raises :class:`~academie.core.errors.SamplingError` when no world can be drawn."""
        found = self._sample(view, None, seed, time.perf_counter() + seconds)
        if found is None:
            return None
        rows, worlds = found
        me, out = view.seat, {}
        for action, samples in rows.items():
            weights = [w for w, _, _ in samples]
            xs = [after[me] - base[me] for _, base, after in samples]
            mean = sum(w * x for w, x in zip(weights, xs))
            se = math.sqrt(sum((w * (x - mean)) ** 2 for w, x in zip(weights, xs)))
            out[action] = (mean, 1.96 * se, worlds)
        return out

    def warm(self, view: Any, legal: Sequence[int]) -> None:
        """Call the kernels a move calls, unhurried (:func:`academie.fast.prepare`)."""
        self._sample(view, list(legal), 0, time.perf_counter())

    # --- the playouts -----------------------------------------------------------------------
    def _sample(self, view: Any, legal: list[int] | None, seed: int,
                deadline: float) -> tuple[dict[int, list[tuple[float, list[float], list[float]]]], int] | None:
        """``({action: [(weight, standings before, standings after)]}, worlds)`` over the beliefs'
        worlds (the heaviest first, while the clock allows), the weights summing to 1 for each
        action; None when no kernel plays the match."""
        from academie.bots.ismcts import standings

        self.belief.update(view, deadline)
        worlds, weights = self.belief.worlds, self.belief.weights
        kernel = self._kernel_for(worlds[0])
        if kernel is None:
            return None
        _options, params, variant, knobs = kernel
        from academie.fast import trente_et_un as K

        if legal is None:
            legal = worlds[0].legal_actions()
        order = sorted(range(len(worlds)), key=lambda k: -weights[k])
        rng = random.Random(seed)
        raw: dict[int, list[tuple[float, list[float], list[float]]]] = {a: [] for a in legal}
        done = 0
        for k in order:
            if weights[k] <= 0.0 or (done and time.perf_counter() >= deadline):
                break
            world = worlds[k]
            base = standings(world)
            array = K.from_state(world, params)
            for _ in range(self.playouts):
                chance_seed, policy_seed = rng.getrandbits(32), rng.getrandbits(32)
                for action in legal:
                    won = K.heuristic_rollout(array.copy(), chance_seed, policy_seed, knobs, variant, action)
                    raw[action].append((weights[k], base, [base[s] + float(won[s]) for s in range(len(base))]))
            done += 1
        for samples in raw.values():
            mass = sum(w for w, _, _ in samples)
            samples[:] = [(w / mass, b, a) for w, b, a in samples]
        return raw, done

    def _valued(self, rows: dict[int, list[tuple[float, list[float], list[float]]]],
                view: Any) -> dict[int, tuple[list[float], list[float]]]:
        """Action → (weights, values) of its samples, valued as ``value`` says."""
        me = view.seat
        if self.value == "match":
            values = self._match_values()
            return {a: ([w for w, _, _ in s], [values(tuple(after))[me] for _, _, after in s]) for a, s in rows.items()}
        out = {}
        for action, samples in rows.items():
            xs = []
            for _, base, after in samples:
                gains = [x - y for x, y in zip(after, base)]
                xs.append(gains[me] - (sum(gains) - gains[me]) / (len(gains) - 1))
            out[action] = ([w for w, _, _ in samples], xs)
        return out

    def _match_values(self) -> Any:
        from functools import lru_cache

        from academie.bots.match_values import match_values

        options = self._kernel[0] if self._kernel is not None else None
        cached = getattr(self, "_values_cache", None)
        if cached is None or cached[0] != options:
            cached = (options, lru_cache(maxsize=4096)(match_values(GAME, options)))
            self._values_cache = cached
        return cached[1]

    def _kernel_for(self, world: Any) -> tuple[Any, Any, int, Any] | None:
        """(options, params, variant, knobs) of the compiled playouts for ``world``'s match, or None."""
        from academie import fast

        options = world.options
        if self._kernel is None or self._kernel[0] != options:
            import numpy as np

            from academie.bots.ismcts import heuristic_knobs
            from academie.fast import trente_et_un as K

            if not fast.available() or not fast.supports(world.game, options, world.num_players):
                return None
            n = world.num_players
            rows = [heuristic_knobs(K, self.others_spec[1])] * n
            self._own_row = heuristic_knobs(K, self.own_spec[1])  # (every heuristic parameter is a knob)
            self._kernel = (options, fast.PARAMS[GAME](options, n), fast.randbelow_variant(),
                            np.array(rows, dtype=np.float64))
        knobs = self._kernel[3].copy()
        knobs[world.current_player()] = self._own_row
        return (*self._kernel[:3], knobs)


MonteCarloTrenteEtUn.PARAMS = {
    "particles": Param("int", 24, "worlds of the beliefs", low=1, high=10_000),
    "playouts": Param("int", 8, "playouts of each move in each world (the same seeds for every move)", low=1,
                      high=100_000),
    "own": Param("spec", "heuristic/knock_floor=32/cut_at=32", "the seat's own policy in the playouts, and the "
                 "move kept unless another beats it (a heuristic spec)"),
    "others": Param("spec", "heuristic", "the other seats' policy in the playouts (a heuristic spec; "
                    "heuristic/knock_floor=32/cut_at=32: patient players)"),
    "value": Param("choice", "match", "a round's end valued by the chance of winning the match (match) or by the "
                   "lives gained less the others' mean (deal)", choices=("match", "deal")),
    "margin": Param("float", 1.0, "standard errors by which a move must beat the own policy's move", low=0,
                    high=100),
    "mistake": Param("float", 0.1, "the chance the model of the others (their heuristic) plays a uniform move",
                     low=0, high=1),
    "seconds": Param("float", 0.9, "time budget a move, beliefs included (seconds)", low=0, low_open=True,
                     high=3600),
}


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
