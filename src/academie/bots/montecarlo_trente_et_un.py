"""Trente et un's ``montecarlo`` (``hard`` there): each legal move valued by compiled playouts over
beliefs from play, the patient heuristic's move kept unless another beats it.

A flat Monte Carlo search (Ginsberg's determinized play; Bertsekas' rollout algorithm, which
improves on the policy it plays out with when its estimates are sharp enough): at each decision
between two moves or more, the seat's beliefs are brought up to date, then every legal move is
played in each of their worlds, ``playouts`` times, and the round played out by the kernel's
compiled heuristic bots (:func:`academie.fast.trente_et_un.heuristic_rollout`), the seat itself
as ``own`` (by default the patient heuristic, ``heuristic/knock_floor=32/cut_at=32``). Every move
of one world and one playout is played out from the same seeds (common random numbers), so that
the moves are compared on the same cards.

The beliefs, ``infer``:

- ``chains`` (the default): :class:`academie.bots.trente_et_un_beliefs.ChainBeliefs`, the
  others' unseen cards and their way of play (the sheet's early knocker or the patient player)
  drawn by a compiled particle filter and moved by Metropolis-Hastings steps under the chance of
  the whole deal's moves; in the playouts each other seat plays the heuristic of its type in the
  world, so that the model of the others is not one fixed bot;
- ``particles``: :class:`academie.bots.particles.Particles`, the generic beliefs of every card
  game (the exact sampler's worlds weighted by the others' moves under the sheet's heuristic); the
  others then play ``others`` in the playouts. Over 500 matches against the patient heuristic it
  lost a sixth of the matches (docs/bots.md): its worlds hold hands weaker than the others'.

A move's value is, with ``value=match`` (the default), the seat's chance of winning the match
from the lives left at the round's end (:func:`academie.bots.match_values.match_values`: a life is
worth more to a seat about to go out), with ``value=deal`` the seat's lives gained less the
others' mean. The move of the best mean is played when it beats the own policy's move by more
than ``margin`` standard errors of their paired difference (over the worlds) and by more than
:data:`FLOOR`; else the own policy's move (a search whose estimates are noisy then plays no worse
than its policy). As the game's bots do, it knocks on any total once
:data:`academie.bots.trente_et_un.KNOCK_BY` rounds of the deal are over (« Au lieu de piocher, vous
pouvez frapper »), so that a deal between bots ends (from the ``knock_by`` of ``own``).

Without the compiled kernels (``academie[fast]``), or with options they do not play (``-o
thirty_one_check=on_draw``), or when no assignment of the others' cards explains their moves under
the model, a move is the own policy's, the patient heuristic's (``fallbacks`` counts them).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from academie.bots.spec import Param
from academie.core.errors import UnknownBotError

GAME = "trente-et-un"

FLOOR = 0.002
"""The least gain (a chance of winning the match, or lives with ``value=deal``) by which a move must
beat the own policy's to be played instead: below it a difference is noise, whatever its
standard error says (a few worlds that all agree have a standard error of nearly nothing)."""


class MonteCarloTrenteEtUn:
    """See the module docstring. ``seconds`` bounds a move (the beliefs' update and the playouts;
    at least one world is played out). Without the compiled kernels (``academie[fast]``) or
    with options they do not play, or when no world of the view can be drawn, the move is the
    own policy's; ``fallbacks`` counts those moves. ``last_values``: the last search's action →
    value; ``last_worlds``: its worlds played out. Raises
    :class:`~academie.core.errors.UnknownBotError` for an ``own`` or ``others`` that is not a
    heuristic spec."""

    name = "montecarlo"

    def __init__(self, seed: int | None = None, particles: int = 48, playouts: int = 16, infer: str = "chains",
                 steps: int = 200, types: str = "mixed", own: str = "heuristic/knock_floor=32/cut_at=32",
                 others: str = "heuristic", value: str = "match", margin: float = 2.0, mistake: float = 0.02,
                 seconds: float = 0.9) -> None:
        from academie.bots.ismcts import _own_factory
        from academie.bots.particles import OpponentModel, Particles
        from academie.bots.trente_et_un_beliefs import ChainBeliefs

        self.rng = random.Random(seed)
        self.playouts, self.value, self.margin, self.seconds = playouts, value, margin, seconds
        self.infer = infer
        self.own_spec = _heuristic_spec("own", own, _own_factory)
        factory = _own_factory(GAME, own, "montecarlo")
        self.own = factory(self.rng.getrandbits(32))
        self.others_spec = _heuristic_spec("others", others, _own_factory)
        if infer == "chains":
            self.belief: Any = ChainBeliefs(particles, mistake, steps, types, self.rng.getrandbits(32))
        else:
            self.belief = Particles(OpponentModel(GAME, mistake, self.rng.getrandbits(32)), particles,
                                    rng=random.Random(self.rng.getrandbits(32)))
        self.fallbacks = 0
        self.last_values: dict[int, float] = {}
        self.last_worlds = 0
        self._kernel: tuple[Any, Any, int, Any] | None = None  # (options, params, variant, knobs)

    def choose(self, view: Any, legal: Sequence[int]) -> int:
        from academie.bots.trente_et_un import KNOCK, KNOCK_BY, knock_due

        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        if knock_due(view, legal, getattr(self.own, "knock_by", KNOCK_BY)):
            return KNOCK
        mine = self.own.choose(view, legal)
        found = self._values(view, legal, self.rng.getrandbits(32), time.perf_counter() + self.seconds)
        if found is None:
            self.fallbacks += 1
            return mine
        values, self.last_worlds = found  # action -> per-world values (the worlds weigh the same)
        means = {a: float(np.mean(x)) for a, x in values.items()}
        self.last_values = means
        best = max(legal, key=lambda a: (means[a], a == mine))
        if best == mine:
            return mine
        diffs = values[best] - values[mine]
        mean = float(np.mean(diffs))
        se = float(np.std(diffs)) / math.sqrt(len(diffs))
        return best if mean > self.margin * se and mean > FLOOR else mine

    def estimates(self, view: Any, seconds: float, seed: int) -> dict[int, tuple[float, float, int]] | None:
        """For the hints: ``{action: (mean, half, worlds)}``, each legal move's mean of the seat's
        lives gained by the round's end (a life lost is −1), half its 95% interval (1.96 standard
        errors over the worlds), and the worlds played out, within ``seconds``. None without the
        kernels, with options they do not play, or when no chain explains the others' moves. With
        ``infer=particles``, raises :class:`~academie.core.errors.SamplingError` when no world can
        be drawn."""
        found = self._values(view, None, seed, time.perf_counter() + seconds, lives=True)
        if found is None:
            return None
        values, worlds = found
        return {a: (float(np.mean(x)), 1.96 * float(np.std(x)) / math.sqrt(len(x)), worlds) for a, x in values.items()}

    def warm(self, view: Any, legal: Sequence[int]) -> None:
        """Call the kernels a move calls, unhurried (:func:`academie.fast.prepare`)."""
        self._values(view, list(legal), 0, time.perf_counter())

    # --- the playouts -----------------------------------------------------------------------
    def _values(self, view: Any, legal: list[int] | None, seed: int, deadline: float,
                lives: bool = False) -> tuple[dict[int, np.ndarray], int] | None:
        """``({action: values, one per world}, worlds)``: each world's mean over its playouts of
        the move's value (``value``; with ``lives`` the seat's lives gained), or None when the
        kernels do not play the match or no world explains the trace (with ``infer=particles``
        a :class:`~academie.core.errors.SamplingError` is then raised by the hints' call)."""
        from academie import fast
        from academie.core.errors import SamplingError

        from academie.games import get_game

        if not fast.available() or not fast.supports(get_game(GAME), view_options(view), view.num_players):
            return None
        kernel = self._kernel_for(view)
        options, params, variant, _ = kernel
        if legal is None:
            legal = _legal(view)
        if self.infer == "chains":
            start = time.perf_counter()
            budget = max(deadline - start, 0.0)
            if not self.belief.update(view, params, start + 0.5 * budget):
                return None
            standings = self._chain_playouts(view, legal, seed, deadline)
        else:
            try:
                standings = self._particle_playouts(view, legal, seed, deadline)
            except SamplingError:
                if lives:
                    raise
                return None
        base = np.array([view.lives[s] + (not view.eliminated[s]) for s in range(view.num_players)])
        me = view.seat
        worlds = standings.shape[0]
        if lives:
            per = standings[:, :, :, me] - base[me]
        elif self.value == "match":
            per = self._match(standings, options)[..., me]
        else:
            gains = standings - base
            per = gains[..., me] - (gains.sum(axis=-1) - gains[..., me]) / (view.num_players - 1)
        means = per.mean(axis=1)  # (worlds, actions)
        return {a: means[:, j] for j, a in enumerate(legal)}, worlds

    def _chain_playouts(self, view: Any, legal: list[int], seed: int, deadline: float) -> np.ndarray:
        """Standings after the playouts of the chains' worlds, shape ``(worlds, playouts,
        actions, players)``: the chains in order while the clock allows (at least one; the chains
        are in no order of weight: they weigh the same)."""
        from academie.fast import trente_et_un_beliefs as B

        _, _, variant, _ = self._kernel
        belief = self.belief
        actions = np.array(legal, dtype=np.int64)
        rows = []
        rng = random.Random(seed)
        step = max(1, belief.count // 8)
        bounds = [0, 1, *range(1 + step, belief.count, step), belief.count]  # one world first, then eighths
        for first, last in zip(bounds, bounds[1:]):
            if first >= last:
                continue
            live = np.arange(first, last, dtype=np.int64)
            rows.append(B.playout_standings(belief.parts, live, belief.types, belief.knobs, self._own_row, view.seat,
                                            actions, self.playouts, rng.getrandbits(32), variant))
            if time.perf_counter() >= deadline:
                break
        return np.concatenate(rows)

    def _particle_playouts(self, view: Any, legal: list[int], seed: int, deadline: float) -> np.ndarray:
        """Standings after the playouts of the generic particles' worlds, the heaviest first
        while the clock allows, each world repeated in proportion to its weight (a world of
        weight w stands for round(w · worlds) rows, at least one for the heaviest)."""
        from academie.bots.ismcts import standings
        from academie.fast import trente_et_un as K

        self.belief.update(view, deadline)
        worlds, weights = self.belief.worlds, self.belief.weights
        _, params, variant, knobs = self._kernel
        order = sorted(range(len(worlds)), key=lambda k: -weights[k])
        rng = random.Random(seed)
        rows, kept = [], []
        for k in order:
            if weights[k] <= 0.0 or (rows and time.perf_counter() >= deadline):
                break
            world = worlds[k]
            base = standings(world)
            array = K.from_state(world, params)
            out = np.zeros((self.playouts, len(legal), len(base)), dtype=np.int64)
            for r in range(self.playouts):
                chance_seed, policy_seed = rng.getrandbits(32), rng.getrandbits(32)
                for j, action in enumerate(legal):
                    won = K.heuristic_rollout(array.copy(), chance_seed, policy_seed, knobs, variant, action)
                    out[r, j] = [int(base[s]) + int(won[s]) for s in range(len(base))]
            rows.append(out)
            kept.append(weights[k])
        mass = sum(kept)
        reps = [max(1, round(w / mass * len(worlds))) if i == 0 else round(w / mass * len(worlds))
                for i, w in enumerate(kept)]
        return np.concatenate([np.repeat(r[None], n, axis=0) for r, n in zip(rows, reps) if n > 0])

    def _match(self, standings: np.ndarray, options: Any) -> np.ndarray:
        """Each row of standings as each seat's chance of winning the match (the distinct rows
        valued once)."""
        from academie.bots.match_values import match_values

        cached = getattr(self, "_values_cache", None)
        if cached is None or cached[0] != options:
            cached = (options, lru_cache(maxsize=4096)(match_values(GAME, options)))
            self._values_cache = cached
        values = cached[1]
        n = standings.shape[-1]
        flat = standings.reshape(-1, n)
        rows, inverse = np.unique(flat, axis=0, return_inverse=True)
        table = np.array([values(tuple(float(x) for x in row)) for row in rows])
        return table[inverse.reshape(-1)].reshape(standings.shape)

    def _kernel_for(self, view: Any) -> tuple[Any, Any, int, Any]:
        """(options, params, variant, knobs) of the compiled playouts for the view's match; the
        knobs (for ``infer=particles``) put ``others`` in every seat but the seat's, ``own``."""
        from academie import fast
        from academie.bots.ismcts import heuristic_knobs
        from academie.fast import trente_et_un as K

        options = view_options(view)
        if self._kernel is None or self._kernel[0] != options:
            n = view.num_players
            self._own_row = np.array(heuristic_knobs(K, self.own_spec[1]), dtype=np.float64)
            rows = np.array([heuristic_knobs(K, self.others_spec[1])] * n, dtype=np.float64)
            self._kernel = (options, fast.PARAMS[GAME](options, n), fast.randbelow_variant(), rows)
        knobs = self._kernel[3].copy()
        knobs[view.seat] = self._own_row
        return (*self._kernel[:3], knobs)


def view_options(view: Any) -> Any:
    """The match's validated options, read from what a seat's view carries (its trail's)."""
    return _options(view.trail.options)


@lru_cache(maxsize=64)
def _options(frozen: Any) -> Any:
    from academie.games import get_game

    return get_game(GAME).parse_options(dict(frozen))


def _legal(view: Any) -> list[int]:
    from academie.core.sampling import sample

    return sample(view, random.Random(0)).legal_actions()


def _heuristic_spec(label: str, text: str, own_factory: Any) -> tuple[str, dict[str, Any]]:
    """``(name, params)`` of ``own=``/``others=`` ``text``; raises UnknownBotError when it is not a
    heuristic spec."""
    name = text.split("/")[0].strip()
    if name != "heuristic":
        raise UnknownBotError(f"montecarlo: {label}={text}: the playouts play a heuristic spec (heuristic or "
                              f"heuristic/… with its parameters joined by '/', e.g. "
                              f"heuristic/knock_floor=32/cut_at=32), not {name or 'nothing'}")
    return own_factory(GAME, text, f"montecarlo: {label}").spec


MonteCarloTrenteEtUn.PARAMS = {
    "particles": Param("int", 48, "worlds of the beliefs (chains, or particles)", low=1, high=10_000),
    "playouts": Param("int", 16, "playouts of each move in each world (the same seeds for every move)", low=1,
                      high=100_000),
    "infer": Param("choice", "chains", "the beliefs: chains moved by the whole deal's moves (chains), or the "
                   "generic weighted worlds (particles)", choices=("chains", "particles")),
    "steps": Param("int", 200, "with infer=chains, the Metropolis-Hastings moves of each chain at each decision",
                   low=0, high=100_000),
    "types": Param("choice", "mixed", "with infer=chains, the models of the others: the sheet's heuristic and the "
                   "patient one, the seat's type drawn by the chains (mixed), or only one of them",
                   choices=("mixed", "sheet", "patient")),
    "own": Param("spec", "heuristic/knock_floor=32/cut_at=32", "the seat's own policy in the playouts, and the "
                 "move kept unless another beats it (a heuristic spec)"),
    "others": Param("spec", "heuristic", "with infer=particles, the other seats' policy in the playouts (a "
                    "heuristic spec; heuristic/knock_floor=32/cut_at=32: patient players)"),
    "value": Param("choice", "match", "a round's end valued by the chance of winning the match (match) or by the "
                   "lives gained less the others' mean (deal)", choices=("match", "deal")),
    "margin": Param("float", 2.0, "standard errors by which a move must beat the own policy's move", low=0,
                    high=100),
    "mistake": Param("float", 0.02, "the chance the model of the others (their heuristic) plays a uniform move",
                     low=0, high=1),
    "seconds": Param("float", 0.9, "time budget a move, beliefs included (seconds)", low=0, low_open=True,
                     high=3600),
}
