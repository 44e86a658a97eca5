"""The generators of :mod:`academie.vector`'s compiled loops: one splitmix64 state per match
(a ``uint64`` array, one entry a match), so that each match draws the same numbers on one core
or among numba's threads."""

from __future__ import annotations

import numpy as np

from academie.fast.jit import njit  # numba's, or stand-ins without the extra

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)


@njit(cache=True, _nrt=False)
def _next(rng, i):
    """splitmix64: the next 64 bits of match ``i``'s generator."""
    z = rng[i] + _GOLDEN
    rng[i] = z
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True, _nrt=False)
def _below(rng, i, n):
    """A number in ``[0, n)`` (``n`` below 2**32), from the high 32 bits."""
    return np.int64(((_next(rng, i) >> _S32) * np.uint64(n)) >> _S32)


@njit(cache=True, _nrt=False)
def seed_all(rng, seed):
    """Each match's generator from ``seed``: match ``i`` starts at splitmix64 of ``seed`` and ``i``."""
    for i in range(rng.shape[0]):
        rng[i] = np.uint64(seed) * _GOLDEN + np.uint64(i)
        rng[i] = _next(rng, i)
