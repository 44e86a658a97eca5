"""Beliefs from play at Trente et un: chains of hidden cards, moved by the others' play.

The mechanism of :mod:`academie.bots.particles` — worlds of the seat's view weighted by the
chance of the others' moves under a model of their play, carried from move to move — made for a
game where the others draw unseen cards all deal long (« Piochez la carte du dessus du talon »):
there a world drawn uniformly explains their discards so rarely that the weights degenerate, and
the worlds left hold hands far weaker than the others' (a player who has collected a suit for
five rounds holds more than three cards drawn at random). Here:

- each *chain* is one assignment of the cards the seat did not see (the others' hands as dealt,
  each card they drew unseen) and of each other seat's *type* (the parameters of the heuristic
  that models it, :data:`TYPES`: the sheet's early knocker, or the patient player who waits);
- a new stretch of the deal's trace is played in every chain by the compiled filter
  (:func:`academie.fast.trente_et_un_beliefs.advance`): an unseen card drawn in proportion to
  its chance times the model's chance of what its drawer then did (its discard), the cards the
  trace later shows in a seat's discard kept for that seat; the chains are then resampled by
  their weights;
- then each chain takes ``steps`` Metropolis-Hastings moves
  (:func:`~academie.fast.trente_et_un_beliefs.move`): an unseen card swapped with another's or
  with the stock's, or a seat's type changed, accepted by the ratio of the chance of the whole
  trace of the deal under the model (the deal replayed from its start, compiled; never the
  match's): the chains then hold hands as likely as the others' moves make them, not as the
  proposals drew them.

A seat's type is carried from deal to deal (its share among the chains at the end of a deal,
mixed one fifth with the uniform, is the next deal's prior). Only the seat's view goes in.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import numpy as np

TYPES = {
    "mixed": ({}, {"knock_floor": 32.0, "cut_at": 32.0}),
    "sheet": ({},),
    "patient": ({"knock_floor": 32.0, "cut_at": 32.0},),
}
"""The models of the other seats' play, by name: the heuristic's parameters of each type (the
sheet's advice, « Frapper sur un total moyen… vaut souvent mieux »; or the patient player, who
does not knock in a deal's first rounds). ``mixed``, both: each chain says which type each seat
is, and the moves tell them apart."""

BRANCH = 8
"""Copies of each chain the filter carries along a new stretch of the trace, one chain then kept
of every ``BRANCH`` by weight: the others' moves choose among eight draws of their unseen cards."""

FRESH = 16
"""The copies of each chain when the set is drawn anew from the deal's start (the whole stretch of
the deal so far then chooses among them)."""

CARRY = 0.8
"""The weight of a seat's type shares at a deal's end in the next deal's prior (the rest
uniform): a player's way of play is kept from deal to deal, but never for certain."""


class ChainBeliefs:
    """A seat's beliefs at Trente et un (see the module docstring): ``count`` chains, a model
    that plays the heuristic of the chain's type for each other seat but, with probability
    ``mistake`` (0 to 1), a uniform legal move; ``steps`` moves of each chain at each update
    (fewer when ``deadline`` comes); ``types`` a key of :data:`TYPES`; ``seed`` seeds every draw
    (the same views in the same order give the same beliefs).

    After :meth:`update`: ``parts`` (shape ``(count, kernel state)``: each chain's state of the
    deal, as the compiled kernel plays it), ``types`` (shape ``(count, players)``: the row of
    ``knobs`` modelling each seat), every chain weighing the same. ``rebuilt`` counts the sets
    drawn anew, ``accepted`` and ``proposed`` the moves. Raises ValueError for a count below 1
    or a mistake out of 0…1, KeyError for unknown types."""

    def __init__(self, count: int = 48, mistake: float = 0.02, steps: int = 200, types: str = "mixed",
                 seed: int | None = None) -> None:
        from academie.bots.ismcts import heuristic_knobs
        from academie.fast import trente_et_un as K
        from academie.fast.mt import new_generator

        if count < 1:
            raise ValueError(f"count must be 1 or more, not {count!r}")
        if not 0.0 <= mistake <= 1.0:
            raise ValueError(f"mistake must be a number from 0 to 1, not {mistake!r}")
        self.count, self.mistake, self.steps = count, mistake, steps
        self.knobs = np.array([heuristic_knobs(K, params) for params in TYPES[types]], dtype=np.float64)
        self.rng = random.Random(seed)
        self.mt = new_generator(self.rng.getrandbits(32))
        self.key: Any = None
        self.prior: np.ndarray | None = None
        self.done = 0  # the entries of the deal's trace the chains have played
        self.deal = -1  # the deal they are of
        self.rebuilt = self.accepted = self.proposed = 0

    # --- the update -------------------------------------------------------------------------
    def update(self, view: Any, params: np.ndarray, deadline: float | None = None) -> bool:
        """Bring the chains to ``view`` (a seat's view; ``params``: the kernel's parameters of its
        match, :func:`academie.fast.trente_et_un_params`). ``deadline``, a
        :func:`time.perf_counter` reading, stops the moves (the filter's stretch is always
        played). False when no assignment of the unseen cards explains the trace under the model
        (the chains then hold nothing)."""
        from academie.fast import trente_et_un_beliefs as B

        entries = B.encode(view.trail.deal)
        size = entries.shape[0]
        key, old = (view.seat, view.num_players, view.trail.past), self.key
        if key != old or view.deal_number != self.deal or size < self.done:
            later = old is not None and old[:2] == key[:2] and len(key[2]) > len(old[2]) \
                and tuple(key[2][:len(old[2])]) == tuple(old[2])  # a later deal of the same match
            self._start(view, params, size, "shares" if later and self.done else ("keep" if later else "reset"))
        if self.slots.shape[1] < size:
            grown = np.full((self.count, size), -1, dtype=np.int64)
            grown[:, :self.slots.shape[1]] = self.slots
            self.slots = grown
        ahead = B.lookahead(entries, view.num_players)
        logw = self._branch(entries, ahead, self.done, size, view.seat, FRESH if self.done == 0 else BRANCH)
        if np.all(logw == -math.inf):  # every chain ruled out: drawn anew along the whole deal
            self._start(view, params, size, "keep")
            logw = self._branch(entries, ahead, 0, size, view.seat, FRESH)
            if np.all(logw == -math.inf):
                self.done = 0
                self.key = None
                return False
        self.done = size
        top = logw.max()
        weights = np.exp(logw - top)
        picks = B.systematic(weights / weights.sum(), self.rng.random(), self.count)
        self.parts, self.types, self.slots = self.parts[picks].copy(), self.types[picks].copy(), self.slots[picks].copy()
        self._move(entries, view.seat, deadline)
        return True

    def _branch(self, entries: np.ndarray, ahead: tuple, start: int, stop: int, me: int, copies: int) -> np.ndarray:
        """Each chain copied ``copies`` times and the copies carried along ``entries[start:stop]``
        by the filter (their unseen cards drawn apart): the log-weights of the copies."""
        from academie.fast import trente_et_un_beliefs as B

        self.parts = np.repeat(self.parts, copies, axis=0)
        self.types = np.repeat(self.types, copies, axis=0)
        self.slots = np.repeat(self.slots, copies, axis=0)
        logw = np.zeros(self.parts.shape[0])
        B.advance(self.parts, logw, self.types, self.knobs, entries, *ahead, start, stop, me, self.mistake, self.mt,
                  self.slots)
        return logw

    def _start(self, view: Any, params: np.ndarray, size: int, prior: str) -> None:
        """Chains drawn anew at the deal's start; the types' prior from the chains' shares
        (``shares``: a later deal of the match), kept (``keep``) or uniform (``reset``)."""
        from academie.fast import trente_et_un_beliefs as B

        n = view.num_players
        uniform = np.full((n, len(self.knobs)), 1.0 / len(self.knobs))
        if prior == "shares":
            self.prior = CARRY * self.type_shares() + (1.0 - CARRY) * uniform
        elif prior == "reset" or self.prior is None or self.prior.shape[0] != n:
            self.prior = uniform
        self.key = (view.seat, view.num_players, view.trail.past)
        self.deal = view.deal_number
        self.base = B.deal_start(params, np.array(view.lives, dtype=np.int64),
                                 np.array(view.eliminated, dtype=np.int64), view.dealer, view.deal_number)
        self.parts = np.tile(self.base, (self.count, 1))
        self.slots = np.full((self.count, size), -1, dtype=np.int64)
        cumulative = np.cumsum(self.prior, axis=1)
        draws = np.array([[self.rng.random() for _ in range(n)] for _ in range(self.count)])
        self.types = np.array([[min(int(np.searchsorted(cumulative[s], draws[k, s], side="right")), len(self.knobs) - 1)
                                for s in range(n)] for k in range(self.count)], dtype=np.int64)
        self.done = 0
        self.rebuilt += 1

    def _move(self, entries: np.ndarray, me: int, deadline: float | None) -> None:
        """``steps`` Metropolis-Hastings moves of every chain, in eighths, stopping at ``deadline``
        after an eighth."""
        from academie.fast import trente_et_un_beliefs as B

        if self.steps <= 0:
            return
        loglik = np.zeros(self.count)
        scratch = np.zeros(self.parts.shape[1], dtype=np.int64)
        for k in range(self.count):
            loglik[k] = B.replay(self.base, entries, self.slots[k], self.types[k], self.knobs, me, self.mistake,
                                 scratch)
        logprior = np.log(self.prior + 1e-12)
        left, chunk = self.steps, max(1, self.steps // 8)
        while left > 0:
            step = min(chunk, left)
            self.accepted += B.move(self.base, entries, self.slots, self.types, loglik, self.parts, self.knobs,
                                    logprior, me, self.mistake, step, self.mt)
            self.proposed += self.count * step
            left -= step
            if deadline is not None and time.perf_counter() >= deadline:
                break

    # --- what they say ----------------------------------------------------------------------
    def type_shares(self) -> np.ndarray:
        """Shape ``(players, types)``: the share of the chains that model each seat by each type."""
        n = self.types.shape[1]
        out = np.zeros((n, len(self.knobs)))
        for seat in range(n):
            out[seat] = np.bincount(self.types[:, seat], minlength=len(self.knobs)) / self.count
        return out
