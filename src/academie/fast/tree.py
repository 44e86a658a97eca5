"""The search tree the compiled ISMCTS searches share (:mod:`academie.fast.reversis_search`,
:mod:`academie.fast.guimbarde_search`): one tree in preallocated arrays, its descent by UCB1
with availability counts, the expansion of an untried action and the backing up of the rewards,
as :meth:`academie.bots.ismcts.ISMCTSBot._iterate` does them (after Cowling, Powley &
Whitehouse, « Information Set Monte Carlo Tree Search », 2012), every number drawn from the
bot's own ``random.Random`` through :mod:`academie.fast.pyrandom`.

The tree holds one row per node (the root row 0): ``nodes[i]`` is ``(first child, next
sibling, action, visits, availability, player)``, ``totals[i]`` the sum of the rewards of the
player who chose its action. ``ctl[0]`` counts the nodes used, ``ctl[1]`` the worlds pooled,
``ctl[2 + seat]`` each seat's standing in the first world (the rewards' base); ``lohi`` holds
the smallest and largest rewards so far, then the lower bound and span UCB maps them with.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from academie.fast.pyrandom import njit, py_below

FIRST, NEXT, ACTION, VISITS, AVAIL, PLAYER = range(6)
"""The columns of a node's row in the tree's ``nodes`` array."""

OK, RESUMED, EXHAUSTED, CHANCE = 0, 1, 2, 3
"""A compiled search's codes: every iteration run; a world needs the pure draw (a component
dealt by rejection refused every shuffle); no world in ``MAX_TRIES`` proposals; a chance node in
the tree (none in the play of the cards: the search is not for this position)."""


@njit(cache=True)
def _child(nodes, node, action):
    ch = nodes[node, FIRST]
    while ch >= 0:
        if nodes[ch, ACTION] == action:
            return ch
        ch = nodes[ch, NEXT]
    return -1


@njit(cache=True)
def step(nodes, totals, ctl, v, node, legal, count, untried, player, c, lo, span):
    """One step down from ``node`` among the ``count`` actions of ``legal`` (in the order of the
    legal actions): each tried one's availability counted, then an untried one drawn
    (``rng.randrange`` over them) and expanded as a child of ``player``, else the tried one of
    the best UCB1 value. Returns ``(child, expanded)``."""
    nu = 0
    for k in range(count):
        ch = _child(nodes, node, legal[k])
        if ch < 0:
            untried[nu] = legal[k]
            nu += 1
        else:
            nodes[ch, AVAIL] += 1
    if nu > 0:
        action = untried[py_below(v, nu)]
        ch = ctl[0]
        ctl[0] += 1
        nodes[ch, FIRST] = -1
        nodes[ch, NEXT] = nodes[node, FIRST]
        nodes[node, FIRST] = ch
        nodes[ch, ACTION] = action
        nodes[ch, VISITS] = 0
        nodes[ch, AVAIL] = 1
        nodes[ch, PLAYER] = player
        totals[ch] = 0.0
        return ch, True
    best, best_value = -1, -np.inf
    for k in range(count):
        ch = _child(nodes, node, legal[k])
        mean = totals[ch] / nodes[ch, VISITS]
        value = (mean - lo) / span + c * np.sqrt(np.log(nodes[ch, AVAIL]) / nodes[ch, VISITS])
        if value > best_value:
            best, best_value = ch, value
    return best, False


@njit(cache=True)
def back_up(nodes, totals, ctl, lohi, path, plen, end, n, rewards):
    """Each seat's reward for a playout ending at standings ``end`` (its gain from ``ctl[2:]``
    less the others' mean gain) added to the ``plen`` nodes of ``path``, and ``lohi`` updated."""
    total = 0
    for seat in range(n):
        end[seat] -= ctl[2 + seat]
        total += end[seat]
    for seat in range(n):
        rewards[seat] = end[seat] - (total - end[seat]) / (n - 1)
    for k in range(plen):
        nodes[path[k], VISITS] += 1
        totals[path[k]] += rewards[nodes[path[k], PLAYER]]
    for seat in range(n):
        if rewards[seat] < lohi[0]:
            lohi[0] = rewards[seat]
        if rewards[seat] > lohi[1]:
            lohi[1] = rewards[seat]
    lohi[2] = lohi[0]
    lohi[3] = (lohi[1] - lohi[0]) if lohi[1] != lohi[0] else 1.0


class Tree:
    """A tree for ``iterations`` iterations (``width``: the length of a world's array, ``worlds``
    the pool's size, 0 for none): the arrays of the module's doc and the pool of worlds."""

    def __init__(self, iterations: int, width: int, worlds: int) -> None:
        self.nodes = np.empty((iterations + 1, 6), dtype=np.int64)
        self.nodes[0] = (-1, -1, -1, 0, 0, -1)
        self.totals = np.zeros(iterations + 1, dtype=np.float64)
        self.ctl = np.zeros(2 + 16, dtype=np.int64)
        self.ctl[0] = 1
        self.lohi = np.array([np.inf, -np.inf, 0.0, 1.0])
        self.pool = np.empty((min(worlds, iterations) if worlds else 0, width), dtype=np.int64)

    def result(self, done: int) -> tuple[int, dict[int, tuple[int, float]], tuple[float, float]]:
        """``(iterations done, {root action: (visits, total)}, (lower bound, span))``."""
        nodes, totals = self.nodes, self.totals
        stats = {}
        ch = nodes[0, FIRST]
        while ch >= 0:
            stats[int(nodes[ch, ACTION])] = (int(nodes[ch, VISITS]), float(totals[ch]))
            ch = nodes[ch, NEXT]
        return done, stats, (float(self.lohi[2]), float(self.lohi[3]))


def runs(search: Callable[[int, int], tuple[int, int]], iterations: int, clock: Any) -> int | None:
    """Call ``search(start, stop)`` (giving ``(code, iterations done)``) over runs of 64 to 1,024
    iterations until ``iterations`` are done or ``clock()`` is true between two runs. Returns
    the iterations done, or None when a run stopped with a code other than :data:`OK`."""
    done, chunk = 0, 64
    while done < iterations:
        code, done = search(done, min(iterations, done + chunk))
        if code != OK:
            return None
        if clock is not None and clock():
            break
        chunk = min(chunk * 2, 1024)
    return done


def particle_rows(belief: Any, kernel_for: Any, kernel: Any) -> tuple[np.ndarray, np.ndarray, int] | None:
    """``belief``'s worlds (an updated :class:`academie.bots.particles.Particles`) as rows of the
    ``kernel`` module's arrays, their cumulated weights (float64, as ``itertools.accumulate``
    sums them for ``rng.choices``) and the kernel's variant; None when there is none, the weights
    do not match the worlds or sum to 0, the worlds are not all in the play of the cards of one
    deal, or ``kernel_for(world)`` gives no kernel."""
    from itertools import accumulate

    states, weights = belief.worlds, belief.weights
    if not states or len(weights) != len(states):
        return None
    found = kernel_for(states[0])
    if found is None:
        return None
    params, variant = found[1], found[3]
    particles = np.stack([kernel.from_state(world, params) for world in states])
    if ((particles[:, kernel.PHASE] != kernel.PLAYING).any()
            or (particles[:, kernel.DEALNO] != particles[0, kernel.DEALNO]).any()):
        return None
    cum = np.array(list(accumulate(weights)), dtype=np.float64)
    if not cum[-1] > 0:
        return None
    return particles, cum, variant
