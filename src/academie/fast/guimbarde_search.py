"""The ISMCTS search of :class:`academie.bots.ismcts.ISMCTSBot` at the Guimbarde, compiled: the
whole iteration loop in the play of the cards, over the kernel's state arrays
(:mod:`academie.fast.guimbarde`).

After Cowling, Powley & Whitehouse, « Information Set Monte Carlo Tree Search » (2012), as the
Python bot searches with random playouts (``rollout=random``, ``infer=none``, ``others=search``,
``depth=0``, ``paired=no``): each iteration draws a world of the seat's view as
:func:`academie.games.guimbarde.sampling.world` builds it (the proposals and checks of
:mod:`academie.fast.guimbarde_worlds`), descends the tree by UCB1 with availability counts,
expands one untried action drawn as the bot draws it (``rng.randrange`` over the untried ones,
in the order of the legal actions), plays out by the kernel's
:func:`~academie.fast.guimbarde.rollout` loop seeded with ``rng.getrandbits(32)``, and backs up
each seat's reward (:mod:`academie.fast.tree`). Every number is drawn from the bot's own
``random.Random`` through :mod:`academie.fast.pyrandom`: with the same seed the compiled search
draws the same worlds, the same expansions and the same playouts as the Python tree with compiled
playouts, and leaves the generator in the same state (``tests/fast/test_guimbarde_search.py``
checks it in lockstep). With ``infer=particles``, :func:`run_particles` searches the beliefs'
worlds instead, each iteration drawing one by weight as the Python tree does.

:func:`search` runs ``iterations`` from a given one so that the caller may read the clock
between runs. A world it cannot draw compiled (a component dealt by rejection refused every
shuffle, or no world in :data:`academie.core.sampling.MAX_TRIES` proposals) stops the search
with a code: the caller then searches in Python from the generator's state before the search.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from academie.fast import guimbarde as K
from academie.fast.guimbarde_worlds import Proposer, _propose
from academie.fast.mt import MT_SIZE, mt_seed
from academie.fast.pyrandom import njit, py_choice, py_word
from academie.fast.tree import ACTION, CHANCE, EXHAUSTED, OK, RESUMED, Tree, back_up, particle_rows, runs, step

__all__ = ["CHANCE", "EXHAUSTED", "OK", "RESUMED", "position", "run", "run_particles", "search"]


@njit(cache=True)
def _draw_world(s, v, code, out, tmp, room, recipient, fixed, played, married, order, head, plays, origin, probe,
                max_tries):
    """One world of the view into ``s``: OK, else RESUMED or EXHAUSTED."""
    for _ in range(max_tries):
        status = _propose(v, code, out, tmp, room, recipient, fixed, played, married, order, head, plays, origin, s,
                          probe)
        if status == 1:
            return OK
        if status >= 2:
            return RESUMED
    return EXHAUSTED


@njit(cache=True)
def search(origin, v, code, out, tmp, room, recipient, fixed, played, married, order, head, plays, max_tries,
           root_legal, c, variant, worlds, pool, nodes, totals, ctl, lohi, start, stop, particles, cum):
    """Iterations ``start`` to ``stop - 1`` of the search (see the module's doc), the tree
    ``nodes``/``totals``, ``ctl`` and ``lohi`` (:mod:`academie.fast.tree`) carried from one call
    to the next. With ``cum`` not empty, each world is a row of ``particles`` (the beliefs'
    worlds as kernel arrays) drawn by :func:`py_choice` over ``cum`` (their cumulated weights),
    as :meth:`academie.bots.particles.Particles.draw` draws one, and the proposals' arrays are
    not read. Returns ``(code, iterations done)``."""
    n = origin[K.NPL]
    s = np.empty_like(origin)
    probe = origin.copy()
    ledger = np.zeros((0, 5), dtype=np.int64)
    mt = np.zeros(MT_SIZE, dtype=np.int64)
    legal = np.empty(64, dtype=np.int64)
    untried = np.empty(64, dtype=np.int64)
    path = np.empty(64, dtype=np.int64)
    end = np.empty(n, dtype=np.int64)
    rewards = np.empty(n, dtype=np.float64)
    for it in range(start, stop):
        if worlds > 0 and ctl[1] >= worlds:
            row = it % worlds
            for i in range(s.shape[0]):
                s[i] = pool[row, i]
        else:
            if cum.shape[0] > 0:
                row = py_choice(v, cum)
                for i in range(s.shape[0]):
                    s[i] = particles[row, i]
            else:
                code_ = _draw_world(s, v, code, out, tmp, room, recipient, fixed, played, married, order, head, plays,
                                    origin, probe, max_tries)
                if code_ != OK:
                    return code_, it
            if worlds > 0:
                for i in range(s.shape[0]):
                    pool[ctl[1], i] = s[i]
                ctl[1] += 1
        if it == 0:
            for seat in range(n):
                ctl[2 + seat] = s[K.COUNTERS + seat]
        deal = s[K.DEALNO]
        node = 0
        first = True
        plen = 0
        lo, span = lohi[2], lohi[3]
        while True:
            if s[K.PHASE] == K.OVER or s[K.DEALNO] != deal:
                break
            if s[K.PHASE] == K.DEALING:
                return CHANCE, it
            player = s[K.TURN]
            count = 0
            if first:
                for k in range(root_legal.shape[0]):
                    legal[k] = root_legal[k]
                count = root_legal.shape[0]
                first = False
            else:
                bits = K._playable(s, player)
                while bits:
                    card = K.popcount((bits & -bits) - 1)
                    legal[count] = K.PLAY + card
                    count += 1
                    bits &= bits - 1
            ch, expanded = step(nodes, totals, ctl, v, node, legal, count, untried, player, c, lo, span)
            node = ch
            path[plen] = ch
            plen += 1
            K.apply(s, ledger, nodes[ch, ACTION])
            if expanded:
                break
        if s[K.PHASE] == K.OVER or s[K.DEALNO] != deal:
            for seat in range(n):
                end[seat] = s[K.END_COUNTERS + seat]
        else:  # a playout: K.rollout's loop, seeded with rng.getrandbits(32)
            mt_seed(mt, py_word(v))
            for seat in range(n):
                end[seat] = s[K.COUNTERS + seat]
            start_deal = s[K.DEALNO]
            while s[K.PHASE] != K.OVER and s[K.DEALNO] == start_deal:
                K._random_step(s, ledger, mt, variant)
            if s[K.DEALNO] != start_deal:  # (the rollout counts nothing when the match ended in the deal)
                for seat in range(n):
                    end[seat] = s[K.END_COUNTERS + seat]
        back_up(nodes, totals, ctl, lohi, path, plen, end, n, rewards)
    return OK, stop


def position(view: Any, kernel_for: Any, deadline: float | None = None) -> Proposer | None:
    """The compiled search's position for ``view`` (a Guimbarde seat's view): its
    :class:`~academie.fast.guimbarde_worlds.Proposer` (kept in the sampler's memo), or None when
    :func:`academie.fast.guimbarde_worlds.proposer` gives none. Raises what
    :func:`academie.core.sampling.sample` raises making the sampler (``deadline``: a
    :func:`time.perf_counter` reading)."""
    from academie.fast.guimbarde_worlds import proposer

    return proposer(view, kernel_for, deadline)


def run(position: Proposer, rng: random.Random, legal: list[int], me: int, iterations: int, c: float,
        worlds: int, clock: Any = None) -> tuple[int, dict[int, tuple[int, float]], tuple[float, float]] | None:
    """The search from ``position`` with ``rng`` (a plain ``random.Random``, advanced as the Python
    search advances it): ``(iterations done, {root action: (visits, total)}, (lower bound,
    span))``, or None when it cannot be done compiled (``rng`` then left as it was given).
    ``clock``: called between runs of iterations, true to stop (the time per move)."""
    from academie.core.sampling import MAX_TRIES
    from academie.fast.pyrandom import state_of

    v = state_of(rng)
    if v is None:
        return None
    saved = rng.getstate()
    p = position
    tree = Tree(iterations, p.origin.shape[0], worlds)
    root_legal = np.array(legal, dtype=np.int64)

    def part(start: int, stop: int) -> tuple[int, int]:
        return search(p.origin, v, p.code, p.out, p.tmp, p.room, p.recipient, p.fixed, p.played, p.married, p.order,
                      p.head, p.plays, MAX_TRIES, root_legal, c, p.variant, worlds, tree.pool, tree.nodes,
                      tree.totals, tree.ctl, tree.lohi, start, stop, _NO_PARTICLES, _NO_WEIGHTS)

    done = runs(part, iterations, clock)
    if done is None:
        rng.setstate(saved)
        return None
    return tree.result(done)


_NO_PARTICLES = np.zeros((0, 1), dtype=np.int64)
_NO_WEIGHTS = np.zeros(0, dtype=np.float64)


def run_particles(belief: Any, rng: random.Random, legal: list[int], me: int, iterations: int, c: float,
                  worlds: int, kernel_for: Any, clock: Any = None
                  ) -> tuple[int, dict[int, tuple[int, float]], tuple[float, float]] | None:
    """The search of :func:`run` over ``belief``'s worlds (an updated
    :class:`academie.bots.particles.Particles`: ``worlds`` the states, ``weights`` their
    normalised weights) instead of the sampler's: each iteration draws one by weight from ``rng``
    as :meth:`~academie.bots.particles.Particles.draw` does (``rng.choices`` over the weights),
    so that for the same seed the Python tree with ``infer=particles`` and compiled playouts
    makes the same choices. The same result as :func:`run`; None (``rng`` as given) when the
    worlds are not all in the play of the cards of one deal, ``kernel_for(world)`` gives no
    kernel, or ``rng`` cannot be drawn from compiled."""
    from academie.fast.pyrandom import state_of

    found = particle_rows(belief, kernel_for, K)
    v = state_of(rng)
    if found is None or v is None:
        return None
    particles, cum, variant = found
    origin = particles[0]
    tree = Tree(iterations, origin.shape[0], worlds)
    root_legal = np.array(legal, dtype=np.int64)
    none = np.zeros(1, dtype=np.int64)
    no_plays = np.zeros((0, 12), dtype=np.int64)
    saved = rng.getstate()

    def part(start: int, stop: int) -> tuple[int, int]:
        return search(origin, v, none, none, none, none, none, none, none, none, none, none, no_plays, 1, root_legal,
                      c, variant, worlds, tree.pool, tree.nodes, tree.totals, tree.ctl, tree.lohi, start, stop,
                      particles, cum)

    done = runs(part, iterations, clock)
    if done is None:
        rng.setstate(saved)
        return None
    return tree.result(done)
