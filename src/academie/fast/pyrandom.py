"""Compiled code drawing from a ``random.Random`` itself: the very words its next calls would give,
its state advanced as theirs would advance it.

CPython keeps a generator's Mersenne Twister in the object (``_randommodule.c``: after the
object's header, ``int index`` then ``uint32_t state[624]``). :func:`state_of` gives those 625
words as a numpy ``uint32`` array over the object's own memory (``[0]`` the index, ``[1:]`` the
state), so that a compiled function (:func:`py_getrandbits`, :func:`py_below`, :func:`py_shuffle`)
draws exactly what ``rng.getrandbits`` and :func:`academie.core.sampling.below` /
:func:`~academie.core.sampling.shuffle` would, and leaves ``rng`` where they would leave it. The
layout is found and checked once (against ``getstate()`` and a run of draws); on another
interpreter, or for a subclass of ``random.Random``, :func:`state_of` gives None and callers keep
the pure Python draws.
"""

from __future__ import annotations

import ctypes
import random
import weakref

import numpy as np

from academie.fast.mt import _bit_length  # the compiled int.bit_length, shared with the kernels' generator

from academie.fast.jit import njit  # numba's, or stand-ins without the extra

_N = 624
_M = 397
WORDS = _N + 1
"""Words of a generator's view: the index, then the 624 words of state."""


@njit(cache=True, _nrt=False)
def _twist(v):
    # v[1 + k] is state word k (genrand_uint32's refill, as CPython's)
    for kk in range(_N):
        y = (np.int64(v[1 + kk]) & 0x80000000) | (np.int64(v[1 + (kk + 1) % _N]) & 0x7FFFFFFF)
        x = np.int64(v[1 + (kk + _M) % _N]) ^ (y >> 1)
        if y & 1:
            x ^= 0x9908B0DF
        v[1 + kk] = np.uint32(x & 0xFFFFFFFF)
    v[0] = 0


@njit(cache=True, _nrt=False)
def py_word(v):
    """The generator's next 32-bit word (``genrand_uint32``), as an int64."""
    if v[0] >= _N:
        _twist(v)
    i = np.int64(v[0])
    y = np.int64(v[1 + i])
    v[0] = np.uint32(i + 1)
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & 0xFFFFFFFF


@njit(cache=True, _nrt=False)
def py_getrandbits(v, k):
    """``rng.getrandbits(k)`` for 1 <= k <= 63 (the first word the low bits)."""
    if k <= 32:
        return py_word(v) >> (32 - k)
    low = py_word(v)
    return low | ((py_word(v) >> (64 - k)) << 32)


@njit(cache=True, _nrt=False)
def py_below(v, n):
    """:func:`academie.core.sampling.below`: ``rng.randrange(n)`` for 1 <= n < 2**63."""
    k = _bit_length(n)
    r = py_getrandbits(v, k)
    while r >= n:
        r = py_getrandbits(v, k)
    return r


@njit(cache=True, _nrt=False)
def py_random(v):
    """``rng.random()``: a float in [0, 1) from two words (53 bits), as CPython's ``random_random``."""
    a = py_word(v) >> 5
    b = py_word(v) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True, _nrt=False)
def py_choice(v, cum):
    """``rng.choices(range(n), weights)[0]`` given ``cum``, the ``n`` cumulated weights as
    ``itertools.accumulate`` sums them (float64; their last above 0): ``bisect_right`` of
    ``random() * total`` in ``cum[:n - 1]``. An index whose weight is 0 is never drawn."""
    n = cum.shape[0]
    x = py_random(v) * (cum[n - 1] + 0.0)
    lo, hi = 0, n - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if x < cum[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


@njit(cache=True, _nrt=False)
def py_shuffle(v, x, n):
    """:func:`academie.core.sampling.shuffle` of ``x[:n]`` in place."""
    for i in range(n - 1, 0, -1):
        k = _bit_length(i + 1)
        j = py_word(v) >> (32 - k)
        while j > i:
            j = py_word(v) >> (32 - k)
        t = x[i]
        x[i] = x[j]
        x[j] = t


_OFFSET: list[int | None] = []  # the byte offset of ``index`` in the object, once found (None: not usable)
_VIEWS: dict[int, tuple[weakref.ref, np.ndarray]] = {}


def _words_at(rng: random.Random, offset: int) -> np.ndarray:
    buffer = (ctypes.c_uint32 * WORDS).from_address(id(rng) + offset)
    return np.frombuffer(buffer, dtype=np.uint32)


def _find_offset() -> int | None:
    from academie.core.state import _INLINE_SHUFFLE

    if not _INLINE_SHUFFLE:  # the sampler's own draws are not these
        return None
    probe = random.Random(20240601)
    probe.getrandbits(32 * 700)  # an index past the first refill
    state = probe.getstate()[1]
    want = np.array((state[-1], *state[:-1]), dtype=np.uint32)
    for offset in range(8, 72, 4):
        try:
            if np.array_equal(_words_at(probe, offset), want):
                break
        except (ValueError, OverflowError):  # pragma: no cover
            return None
    else:
        return None
    # draws through the view and through the object must follow each other as one stream
    a, b = random.Random(7), random.Random(7)
    view = _words_at(a, offset)
    for n in (1, 2, 3, 5, 7, 13, 52, 1000, 2**31 + 11, 2**40 + 3, 2**62 + 1):
        for _ in range(300):
            if py_below(view, n) != b.randrange(n) or a.getrandbits(32) != b.getrandbits(32):
                return None
    x = np.arange(40, dtype=np.int64)
    y = list(range(40))
    py_shuffle(view, x, 40)
    b.shuffle(y)
    if x.tolist() != y or a.getstate() != b.getstate():
        return None
    return offset


def state_of(rng: random.Random) -> np.ndarray | None:
    """``rng``'s index and state as a writable ``uint32`` array of :data:`WORDS` over its own
    memory (kept while ``rng`` lives), or None when ``rng`` is not a plain ``random.Random`` or
    the interpreter keeps it otherwise."""
    if type(rng) is not random.Random:
        return None
    known = _VIEWS.get(id(rng))
    if known is not None and known[0]() is rng:
        return known[1]
    if not _OFFSET:
        _OFFSET.append(_find_offset())
    offset = _OFFSET[0]
    if offset is None:
        return None
    if len(_VIEWS) >= 256:
        for key in [k for k, (ref, _) in _VIEWS.items() if ref() is None]:
            del _VIEWS[key]
        if len(_VIEWS) >= 256:
            _VIEWS.clear()
    view = _words_at(rng, offset)
    _VIEWS[id(rng)] = (weakref.ref(rng), view)
    return view
