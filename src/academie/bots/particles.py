"""Beliefs from play: weighted worlds carried from move to move, for every card game.

After Policy-Based Inference (Rebstock, Solinas, Buro & Sturtevant, « Policy Based Inference in
Trick-Taking Card Games », IEEE CoG 2019): a seat's belief about the hidden cards is a set of
*particles*, worlds its view allows (whole states, drawn by the exact sampler
:func:`academie.core.sampling.sample`), each with a weight, the probability of every decision the
other seats made in the deal under an :class:`OpponentModel` (the game's heuristic bot, softened
by a mistake rate). Worlds the others' moves make unlikely weigh little; with a model that never
errs (``mistake=0``), the worlds where the model would have played otherwise weigh 0.

The set is kept from one decision of the seat to the next (:meth:`Particles.update`): each
world is carried forward along the actions the seat saw since — its own, the others' (the
model's chance of each multiplies the weight), the chance outcomes (a card it did not see is
drawn in the world with the world's own chances, which leaves the weight as it is) — and a world
where an action is not legal, or where the seat would not have seen what it saw, gets weight 0.
When the weights' effective size (``1 / sum(w²)``, the weights summing to 1) falls under
``resample`` times the number of particles, the set is resampled (systematic resampling: each
world copied in proportion to its weight, the weights then equal). The deal's start is replayed
only when the set is new (a new deal, every world ruled out, or a card the seat had not seen
shown to it since, as the talon's card it takes at Reversis): ``count`` exact samples are then
weighted by the whole deal's decisions so far.

Only the seat's view goes in: the worlds are drawn from it, the actions are read from its trace
(``view.trail.deal``: the ``(who, action)`` pairs of the deal in order, a card it did not see as
:data:`~academie.core.sampling.HIDDEN`, a card put face down by another as the game masks it),
and a world is kept only when the seat's trace in it is the trace it has.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from academie.core.sampling import HIDDEN, deal_start, sample

NEG = -math.inf


MODEL_PARAMS = {"belle-flux-trente-un": {"samples": 12}}
"""The heuristic's parameters in the model, per game: at Belle-Flux the heuristic weighs standing
against asking over 40 sampled deals a decision; the model, asked at every decision of every
world, takes 12 (three times cheaper), and softens the choice by :data:`TEMPERATURE`."""

TEMPERATURE = 0.1
"""At Belle-Flux: the model asks with probability ``1 / (1 + exp(-(ask - stand) / TEMPERATURE))``,
``ask`` and ``stand`` the heuristic's estimated chances of winning the deal each way (an estimate
over a few sampled deals is noisy: a hard choice on it would rule out worlds by chance)."""


def _belle_flux_probabilities(bot: Any, view: Any, legal: Sequence[int]) -> dict[int, float]:
    from academie.bots.belle_flux import NO_RISK
    from academie.games.belle_flux import ASK, STAND

    if ASK not in legal:
        return {STAND: 1.0}
    if (view.point or 0) <= NO_RISK:
        return {ASK: 1.0}
    stand, ask = bot.win_chances(view)
    x = max(-50.0, min(50.0, (ask - stand) / TEMPERATURE))
    p_ask = 1.0 / (1.0 + math.exp(-x))
    return {ASK: p_ask, STAND: 1.0 - p_ask}


SOFT_CHOICES = {"belle-flux-trente-un": _belle_flux_probabilities}
"""Per game, ``probabilities(bot, view, legal)``: the model's chances from the heuristic's own
estimates, where its bot has no ``probabilities`` of its own."""


class OpponentModel:
    """How another seat plays, as a probability over its legal moves: the game's heuristic bot
    (one per seat, seeded from ``seed``, with :data:`MODEL_PARAMS`) plays its move but for a
    *mistake*, with probability ``mistake`` (0 to 1), a uniform choice among the legal moves.
    A game without a heuristic bot gets uniform choices (every world then weighs the same).
    Raises ValueError for a mistake out of 0…1."""

    def __init__(self, game_id: str, mistake: float = 0.1, seed: int = 0) -> None:
        from academie.bots.roster import own_bots

        if not 0.0 <= mistake <= 1.0:
            raise ValueError(f"mistake must be a number from 0 to 1, not {mistake!r}")
        factory = own_bots().get(game_id, {}).get("heuristic")
        params = MODEL_PARAMS.get(game_id, {})
        self.factory = None if factory is None else (lambda seed: factory(seed, **params))
        self.mistake, self.rng = mistake, random.Random(seed)
        self.bots: dict[int, Any] = {}
        self.soft = SOFT_CHOICES.get(game_id)

    def chance(self, seat: int, view: Any, legal: Sequence[int], action: int) -> float:
        """The chance that ``seat``, seeing ``view``, plays ``action`` of ``legal`` (0 to 1)."""
        if self.factory is None:
            return 1.0 / len(legal)
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = self.factory(self.rng.getrandbits(32))
        probabilities = getattr(bot, "probabilities", None)
        if self.soft is not None:
            p = self.soft(bot, view, legal).get(action, 0.0)
        elif probabilities is not None:
            p = probabilities(view, legal).get(action, 0.0)
        else:
            p = 1.0 if bot.choose(view, legal) == action else 0.0
        return (1.0 - self.mistake) * p + self.mistake / len(legal)


class Particles:
    """A seat's weighted worlds (see the module docstring). ``model``: an :class:`OpponentModel`;
    ``count``: the worlds drawn when the set is new; ``resample``: the fraction of ``count``
    under which the effective size sends the set to resampling (0: never); ``rng`` draws every
    choice (the same views in the same order and the same seed give the same beliefs).

    After :meth:`update`, ``worlds`` are the states (each the seat's view of it equal to the
    view) and ``weights`` their normalised weights; ``rebuilt`` counts the times the set was
    drawn anew, ``resampled`` the resamplings."""

    def __init__(self, model: OpponentModel, count: int = 64, resample: float = 0.5,
                 rng: random.Random | None = None) -> None:
        if count < 1:
            raise ValueError(f"count must be an integer of 1 or more, not {count!r}")
        self.model, self.count, self.threshold = model, count, resample
        self.rng = rng if rng is not None else random.Random(0)
        self.worlds: list[Any] = []
        self.log_weights: list[float] = []
        self.weights: list[float] = []
        self.seat: int | None = None
        self.past: Any = None
        self.trace: tuple[Any, ...] = ()
        self.rebuilt = self.resampled = 0
        self._terms: dict[tuple, float] = {}  # (seat, action, its trace then) -> log of the model's chance

    # --- the update ---------------------------------------------------------------------------
    def update(self, view: Any, deadline: float | None = None) -> None:
        """Bring the belief to ``view`` (a seat's view, later in the same deal than the last one,
        or any view: a view of another deal, seat or match draws the set anew). Raises
        :class:`~academie.core.errors.SamplingError` when the exact sampler draws no world
        (:class:`~academie.core.sampling.SamplingTimeout` past ``deadline``, a
        :func:`time.perf_counter` reading, when no world is left: past the deadline, a set
        refreshed in part keeps the worlds it has, fewer than ``count``)."""
        trail = view.trail
        if not self.worlds or not self._same_deal(trail):
            self._start(view)
            self._refill(view, deadline)
            return
        if trail.deal == self.trace:
            return
        target = trail.deal
        if any(x != y for x, y in zip(self.trace, target)):  # a card it had not seen shown since
            self._start(view)                                # (the talon's at Reversis): drawn anew
            self._refill(view, deadline)
            return
        for k, world in enumerate(self.worlds):
            if self.log_weights[k] == NEG:
                continue
            gained = self._advance(world, target)
            self.log_weights[k] = NEG if gained is None else self.log_weights[k] + gained
        self.trace = target
        self._refill(view, deadline)

    def _start(self, view: Any) -> None:
        trail = view.trail
        self.seat, self.past, self.trace = trail.seat, trail.past, trail.deal
        self._terms = {}
        self.worlds, self.log_weights = [], []
        self.rebuilt += 1

    def _refill(self, view: Any, deadline: float | None) -> None:
        """Replace the worlds ruled out (and, when the effective size is under ``resample`` times
        ``count``, the lightest worlds, those under a tenth of the mean weight) by new exact
        samples weighted by the deal so far; then normalise."""
        from academie.core.sampling import SamplingTimeout

        keep = [(w, lw) for w, lw in zip(self.worlds, self.log_weights) if lw != NEG]
        if keep and self.threshold > 0:
            self._set(keep)
            if self.effective_size() < self.threshold * self.count:
                light = 0.1 / len(keep)
                keep = [(w, lw) for (w, lw), x in zip(keep, self.weights) if x >= light]
                self.resampled += 1
        try:
            while len(keep) < self.count:
                if deadline is not None and keep and any(lw != NEG for _, lw in keep) \
                        and time.perf_counter() >= deadline:
                    break  # the time is up: the worlds it has
                keep.append(self.weigh(view, sample(view, self.rng, deadline)))
            for _ in range(self.EXTRA * self.count):  # none explains the moves yet: a few more draws
                if any(lw != NEG for _, lw in keep):
                    break
                world, lw = self.weigh(view, sample(view, self.rng, deadline))
                if lw != NEG:
                    keep[0] = (world, lw)
        except SamplingTimeout:
            if not keep:
                raise
        self.explained = any(lw != NEG for _, lw in keep)
        if not self.explained:  # no world explains the moves: the model erred more than it says
            keep = [(w, 0.0) for w, _ in keep]
        self._set(keep)

    EXTRA = 4
    """When no world drawn explains the others' moves, up to this many times ``count`` more are
    drawn to find one."""
    explained = True
    """Whether some world has a weight above 0 under the model (else, after :meth:`update`, every
    world weighs the same: the others played as the model says they never do)."""

    def _set(self, pairs: list[tuple[Any, float]]) -> None:
        self.worlds = [w for w, _ in pairs]
        self.log_weights = [lw for _, lw in pairs]
        top = max(self.log_weights)
        raw = [math.exp(lw - top) if lw != NEG else 0.0 for lw in self.log_weights]
        total = sum(raw)
        self.weights = [r / total for r in raw]

    def _same_deal(self, trail: Any) -> bool:
        from academie.bots.belief import extends

        return (trail.seat == self.seat and (trail.past is self.past or trail.past == self.past)
                and extends(self.trace, trail.deal))

    def _advance(self, world: Any, target: Sequence[Any]) -> float | None:
        """Carry ``world`` (changed in place) along the actions of trace ``target`` it has not
        played; the log of the model's chance of the other seats' decisions on the way, or None
        when the world is ruled out."""
        me, model, terms, rng = self.seat, self.model, self._terms, self.rng
        deal = world.match.deal_number
        gained = 0.0
        trace = world.traces[me]
        while len(trace) < len(target):
            p = len(trace)
            entry = target[p]
            if len(entry) != 2 or world.is_terminal() or world.match.deal_number != deal:
                return None  # a card shown that the world did not show, or the deal over there
            action = entry[1]
            if world.is_chance_node():
                if action == HIDDEN:
                    action = world.sample_chance(rng)
                elif not world.is_legal(action):
                    return None
            else:
                seat = world.current_player()
                legal = world.legal_actions()
                if seat != me and len(legal) > 1:
                    if action not in legal:  # masked (a card put face down): the moves that show so
                        action, term = self._masked(world, legal, p, entry)
                        if action is None:
                            return None
                    else:
                        term = self._term(world, seat, legal, action, terms, model)
                    if term == NEG:
                        return None
                    gained += term
                elif action not in legal:
                    return None
            world.apply_action(action, trusted=True)
            trace = world.traces[me]  # (read anew: a game may replace the list)
            if len(trace) > len(target) or any(trace[k] != target[k] for k in range(p, len(trace))):
                return None
        if tuple(trace) != tuple(target):  # a card seen since, not the world's
            return None
        return gained

    @staticmethod
    def _term(world: Any, seat: int, legal: Sequence[int], action: int, terms: dict, model: OpponentModel) -> float:
        traces = getattr(world, "traces", None)
        key = (seat, action, tuple(traces[seat])) if traces is not None else None
        term = terms.get(key) if key is not None else None
        if term is None:
            p = model.chance(seat, world.view(seat), legal, action)
            term = math.log(p) if p > 0 else NEG
            if key is not None:
                terms[key] = term
        return term

    def _masked(self, world: Any, legal: Sequence[int], p: int, entry: Any) -> tuple[int | None, float]:
        """A move of ``legal`` the seat would have seen as ``entry`` (trace position ``p``), drawn
        in proportion to the model's chances, and the log of their sum; (None, -inf) if none."""
        me, seat = self.seat, world.current_player()
        view = world.view(seat)
        fits, chances = [], []
        for action in legal:
            trial = world.clone()
            trial.apply_action(action, trusted=True)
            trace = trial.traces[me]
            if len(trace) > p and trace[p] == entry:
                fits.append(action)
                chances.append(self.model.chance(seat, view, legal, action))
        total = sum(chances)
        if not fits or total <= 0:
            return None, NEG
        return self.rng.choices(fits, chances)[0], math.log(total)

    def weigh(self, view: Any, world: Any, rechoose: bool = True) -> tuple[Any, float]:
        """``world`` (a sample of ``view``) replayed from the deal's start, with the log of the
        model's chance of every decision of the other seats in its current deal (-inf when the
        model rules one out). A move the seat saw masked (a card put face down) is drawn anew
        from the model among the moves it would have seen so, its chance the sum of theirs: the
        sampler draws such moves uniformly, the model does not. Returns the world so replayed
        (``world`` itself when nothing was masked) and its log-weight; when the moves drawn anew
        make the rest of the deal impossible, the world as drawn (``rechoose=False``: each masked
        move weighed by the model's chance of it)."""
        cache = view.__dict__.get("_sampling")
        base = cache.base if cache is not None else deal_start(view.trail)
        start = len(base.history)
        state = base.clone()
        me, total, target = self.seat, 0.0, view.trail.deal
        changed = False
        for action in world.history[start:]:
            if not state.is_chance_node():
                seat = state.current_player()
                legal = state.legal_actions()
                if action not in legal:
                    return self.weigh(view, world, False) if changed else (world, NEG)
                if seat != me and len(legal) > 1:
                    p = len(state.traces[me])
                    entry = target[p] if p < len(target) else None
                    if rechoose and entry is not None and len(entry) == 2 and entry[1] != action:  # seen masked
                        chosen, term = self._masked(state, legal, p, entry)
                        if chosen is None:
                            return self.weigh(view, world, False)
                        changed = changed or chosen != action
                        action = chosen
                    else:
                        term = self._term(state, seat, legal, action, self._terms, self.model)
                    total += term
                    if total == NEG:
                        return world, NEG
            elif not state.is_legal(action):
                return self.weigh(view, world, False) if changed else (world, NEG)
            state.apply_action(action, trusted=True)
        if not changed:
            return world, total
        if tuple(state.traces[me]) != tuple(target):
            return self.weigh(view, world, False)
        return state, total

    def log_likelihood(self, view: Any, world: Any) -> float:
        """The log-weight of :meth:`weigh`."""
        return self.weigh(view, world)[1]

    def effective_size(self) -> float:
        """``1 / sum(w²)`` of the normalised weights: how many equal worlds they are worth."""
        return 1.0 / sum(w * w for w in self.weights)

    def draw(self, rng: random.Random) -> Any:
        """A copy of one world, drawn in proportion to the weights."""
        k = rng.choices(range(len(self.worlds)), self.weights)[0]
        return self.worlds[k].clone()

    def where(self, holder: Any) -> dict[Any, dict[Any, float]]:
        """For each card, the weight of each place it lies in over the worlds: ``holder(world)``
        gives card → place of one world; the result maps card → place → probability."""
        out: dict[Any, dict[Any, float]] = {}
        for world, w in zip(self.worlds, self.weights):
            if w <= 0:
                continue
            for card, place in holder(world).items():
                places = out.setdefault(card, {})
                places[place] = places.get(place, 0.0) + w
        return out
