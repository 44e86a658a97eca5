"""Beliefs about the hidden cards that follow the other players' decisions: a Markov chain
over the worlds of a view (Metropolis–Hastings), for :class:`academie.bots.ismcts.ISMCTSBot`
with ``infer=mcmc``.

The exact sampler (:func:`academie.core.sampling.sample`) gives every world consistent with a
seat's view the same chance. Real players do not deal themselves uniform hands: they keep their
best cards, so what they did says more than what they let be seen. Take as the model of each
other seat the game's heuristic bot, which plays its move but for a *mistake* now and then
(:data:`academie.bots.ismcts.MISTAKE`); a world's *likelihood* is then the chance of the other
seats' decisions of the deal in it (:meth:`~academie.bots.ismcts.ISMCTSBot.likelihood`), and
the belief about the hidden cards is the posterior, in proportion to it.

Resampling from uniform proposals (``infer=heuristic``) finds few worlds the posterior favours
when the other seats have made many decisions. The chain walks instead: from a world, a move
takes one hidden card dealt in the deal (a chance outcome the seat saw as hidden) and puts in its
place another card the seat has not seen — swapping the two when that card was dealt hidden
too, else taking it from those never dealt. The new history is replayed from the deal's start;
a move is refused when an action is no longer legal or the seat's view is no longer the real
one (the world is then not in the information set), and otherwise accepted with probability
``min(1, L(new) / L(old))``. Moves are symmetric (a hidden position and a card, each chosen
uniformly from sets the moves do not change), so the chain's stationary distribution is the
posterior over the consistent worlds reached this way. A decision's chance is asked of its
model once per information state (the deciding seat's trace then): a move changes the cards of
one or two seats, and the others' decisions, seen through the same traces, keep their chances.

The chain reads only the State contract and the view's trail: the trace's ``(who, action)``
pairs are the deal's actions in order (as every game's sampler reads them), an action the seat
saw as :data:`~academie.core.sampling.HIDDEN` at a chance node is a hidden card.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from academie.core.sampling import HIDDEN, deal_start, sample


BURN_IN = 3
"""Steps walked before the first world, in multiples of ``moves``."""


MOVE_CHANCE: Callable[[Any, Any, Sequence[int], int], float] | None = None
"""``chance_of(model, view, legal, action)``: the chance that ``model`` plays ``action`` from
``view``. Set by :mod:`academie.bots.ismcts` (``_chance_of``, with its ``MISTAKE``), which stands
on this module and hands its move model down."""


class WorldChain:
    """A Metropolis–Hastings chain over the worlds of ``view`` (a seat's view), started from an
    exact sample, weighted by ``models`` (one heuristic bot per seat, see the module docstring).

    The chain first walks ``BURN_IN * moves`` steps; :meth:`world` walks ``moves`` more and returns
    a copy of the world reached. Raises :class:`~academie.core.errors.SamplingError` as
    :func:`~academie.core.sampling.sample` does. ``accepted`` and
    ``proposed`` count the moves (for diagnosis).
    """

    def __init__(self, view: Any, models: Any, rng: random.Random, moves: int = 10,
                 chance_of: Callable[[Any, Any, Sequence[int], int], float] | None = None) -> None:
        self.view, self.models, self.rng, self.moves = view, models, rng, moves
        self._chance_of = MOVE_CHANCE if chance_of is None else chance_of
        cache = view.__dict__.get("_sampling")
        self.base = cache.base if cache is not None else deal_start(view.trail)
        self.me = view.trail.seat
        self.start = len(self.base.history)
        self.accepted = self.proposed = 0
        self.terms: dict[tuple, float] = {}  # (seat, action, its trace then) -> log of the decision's chance
        first = sample(view, rng)
        actions = list(first.history[self.start:])
        scored = self._score(actions)
        if scored is None:  # a game whose sample does not replay so: the chain stays where it is
            self.actions, self.state, self.log_weight = actions, first, 0.0
            self.hidden: list[int] = []
            self.pool: list[int] = []
            return
        self.state, self.log_weight = scored
        self.actions = actions
        trace = [e for e in view.trail.deal if len(e) == 2]
        chance = self._chance_positions(actions)
        self.hidden = [k for k in chance if k < len(trace) and trace[k][1] == HIDDEN]
        dealt = {actions[k] for k in chance}
        deck = {a for a, _ in self.base.chance_outcomes()} if self.base.is_chance_node() else set()
        # the cards a move may bring in: those dealt hidden and those never dealt (a set the
        # moves do not change); ordered, so that a seed gives the same chain
        self.pool = sorted({actions[k] for k in self.hidden} | (deck - dealt))
        for _ in range(BURN_IN * moves):  # away from the uniform sample it started from
            self.step()

    def _chance_positions(self, actions: Sequence[int]) -> list[int]:
        state = self.base.clone()
        out = []
        for k, action in enumerate(actions):
            if state.is_chance_node():
                out.append(k)
            state.apply_action(action, trusted=True)
        return out

    def _score(self, actions: Sequence[int]) -> tuple[Any, float] | None:
        """The world ``actions`` make from the deal's start and the log of its likelihood, or
        None when an action is illegal or the seat's view of it is not the real one."""
        state = self.base.clone()
        me, models, chance_of, terms = self.me, self.models, self._chance_of, self.terms
        log_weight = 0.0
        for action in actions:
            if not state.is_chance_node():
                seat = state.current_player()
                legal = state.legal_actions()
                if action not in legal:
                    return None
                if seat != me and len(legal) > 1:
                    # the seat's trace is all it knew of the deal: the same trace, the same view
                    # and the same chance (kept, not asked of the model again)
                    traces = getattr(state, "traces", None)  # (read anew: a game may replace the list)
                    key = (seat, action, tuple(traces[seat])) if traces is not None else None
                    term = terms.get(key) if key is not None else None
                    if term is None:
                        term = math.log(chance_of(models[seat], state.view(seat), legal, action))
                        if key is not None:
                            terms[key] = term
                    log_weight += term
            elif not state.is_legal(action):
                return None
            state.apply_action(action, trusted=True)
        if state.view(me) != self.view:
            return None
        return state, log_weight

    def step(self) -> bool:
        """One move of the chain; True when it was accepted."""
        if not self.hidden or len(self.pool) < 2:
            return False
        rng = self.rng
        k = self.hidden[rng.randrange(len(self.hidden))]
        card = self.pool[rng.randrange(len(self.pool))]
        old = self.actions[k]
        if card == old:
            return False
        self.proposed += 1
        actions = self.actions.copy()
        actions[k] = card
        for j in self.hidden:  # dealt hidden elsewhere: the two cards change places
            if j != k and actions[j] == card:
                actions[j] = old
                break
        scored = self._score(actions)
        if scored is None:
            return False
        state, log_weight = scored
        if log_weight < self.log_weight and rng.random() >= math.exp(log_weight - self.log_weight):
            return False
        self.actions, self.state, self.log_weight = actions, state, log_weight
        self.accepted += 1
        return True

    def world(self) -> Any:
        """A copy of the world after ``moves`` more steps of the chain."""
        for _ in range(self.moves):
            self.step()
        return self.state.clone()


def extends(old: Sequence[Any], new: Sequence[Any]) -> bool:
    """Whether trace ``new`` may follow trace ``old`` in one deal: ``old`` is its start, but for
    cards the seat saw later (an entry :data:`~academie.core.sampling.HIDDEN` in ``old`` shown in
    ``new``: the talon's card it took at Reversis)."""
    if len(new) < len(old):
        return False
    for x, y in zip(old, new):
        if x != y and not (len(x) == 2 and len(y) == 2 and x[0] == y[0] and x[1] == HIDDEN):
            return False
    return True
