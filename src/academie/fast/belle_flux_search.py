"""The trente-un's one decision searched, compiled: asking for a card (« il demande qu'on ajoute
une carte ») against standing (« il déclare qu'il s'y tient »), valued over weighted worlds by
playouts, for :class:`academie.bots.belle_flux.MonteCarloBelleFlux`.

A flat Monte Carlo search (after Ginsberg's determinized play, and Bertsekas' rollout
algorithm: one decision evaluated by playing a fixed policy out): for each world (a kernel array
of :mod:`academie.fast.belle_flux`, drawn from the seat's beliefs) and each playout, the stock
is shuffled once and both moves are played out on that same stock order, every seat then
asking until its point reaches a threshold drawn for it from ``low`` to ``high`` (the model of
the others' and of the seat's own later choices), so that the two values differ by what the
move does, not by the cards (common random numbers). A move's value is what the seat wins of
the trente-un basket in the deal, in counters, plus — when nobody wins it and the match goes
on — ``carry`` times the basket, its share of a basket that stays for a later deal
(« il reste pour le coup suivant »).
"""

from __future__ import annotations

import numpy as np

from academie.fast.belle_flux import (ASK, COUNTERS, DEALNO, END_COUNTERS, EXTRA, NPL, OVER, PHASE, POTS, STAND,
                                      STATS, STOCK, TURN, apply, legal_mask, point)
from academie.fast.jit import njit
from academie.fast.mt import MT_SIZE, mt_randbelow, mt_seed

__all__ = ["world_values"]

ASK_BIT = 1 << ASK


@njit(cache=True, _nrt=False)
def _play_out(s, ledger, seat, first, order, thresholds, carry):
    """Play ``first`` then the thresholds' policy from ``s`` (in place) to the deal's end, the
    cards asked for taken from ``order`` in turn; the seat's value (counters)."""
    deal, before = s[DEALNO], s[COUNTERS + seat]
    pot, carried = s[POTS + 2], s[STATS + 3]
    apply(s, ledger, first)
    pos = 0
    while s[PHASE] != OVER and s[DEALNO] == deal:
        if s[PHASE] == EXTRA:
            apply(s, ledger, order[pos])
            pos += 1
        else:
            turn = s[TURN]
            if legal_mask(s) & ASK_BIT and point(s, turn) < thresholds[turn]:
                apply(s, ledger, ASK)
            else:
                apply(s, ledger, STAND)
    value = float(s[END_COUNTERS + seat] - before)
    if s[STATS + 3] > carried and s[PHASE] != OVER:
        value += carry * pot
    return value


@njit(cache=True)
def world_values(world, seat, playouts, seed, low, high, carry, variant):
    """``(ask, stand, ask², stand²)``: the sums over ``playouts`` of the seat's value (counters)
    asking and standing from ``world`` (a kernel array at the seat's request), and of their
    squares. ``seed`` seeds the stock's shuffles and the thresholds (integers from ``low`` to
    ``high``, points, one per seat a playout); ``variant``: :func:`academie.fast.randbelow_variant`."""
    n = world[NPL]
    mt = np.zeros(MT_SIZE, dtype=np.int64)
    mt_seed(mt, seed)
    s = np.empty_like(world)
    ledger = np.zeros((0, 5), dtype=np.int64)
    order = np.empty(52, dtype=np.int64)
    thresholds = np.empty(n, dtype=np.int64)
    stock = world[STOCK]
    k = 0
    for c in range(52):
        if stock >> c & 1:
            order[k] = c
            k += 1
    can_ask = legal_mask(world) & ASK_BIT != 0  # (else asking is valued as standing)
    ask = stand = ask2 = stand2 = 0.0
    for _ in range(playouts):
        for i in range(k - 1, 0, -1):  # Fisher–Yates over the stock
            j = mt_randbelow(mt, i + 1, variant)
            order[i], order[j] = order[j], order[i]
        for p in range(n):
            thresholds[p] = low + mt_randbelow(mt, high - low + 1, variant)
        s[:] = world
        b = _play_out(s, ledger, seat, STAND, order, thresholds, carry)
        a = b
        if can_ask:
            s[:] = world
            a = _play_out(s, ledger, seat, ASK, order, thresholds, carry)
        ask += a
        stand += b
        ask2 += a * a
        stand2 += b * b
    return ask, stand, ask2, stand2
