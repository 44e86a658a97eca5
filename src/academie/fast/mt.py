"""Python's own random generator (MT19937, as CPython's ``random.Random``) compiled with numba,
so that a compiled playout draws exactly the numbers the pure engine draws from the same seed.

A generator is an ``int64`` array of :data:`MT_SIZE` (the 624 words, then the position).
:func:`mt_seed` seeds it as ``random.Random(seed)`` does for a non-negative integer below 2**64;
:func:`mt_randbelow` is ``Random.randrange(n)`` (``_randbelow_with_getrandbits``). ``variant`` says
how many bits CPython asks for: 0 for ``n.bit_length()`` (CPython 3.11 among others), 1 for
``(n - 1).bit_length()``; :func:`academie.fast.randbelow_variant` finds it by asking the running
interpreter.
"""

from __future__ import annotations

import numpy as np
try:
    from numba import njit
except ImportError:  # without the extra the module still imports (academie.fast.available() is False)
    def njit(*args, **kwargs):
        return lambda f: f

MT_N = 624
MT_M = 397
MT_SIZE = MT_N + 1
_MASK = 0xFFFFFFFF
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_MATRIX = 0x9908B0DF


def _init_19650218() -> np.ndarray:
    words = [19650218]
    for i in range(1, MT_N):
        prev = words[-1]
        words.append((1812433253 * (prev ^ (prev >> 30)) + i) & _MASK)
    return np.array(words, dtype=np.int64)


_INIT = _init_19650218()
"""The words ``init_genrand(19650218)`` gives, with which ``init_by_array`` starts (the same
for every seed: copied rather than computed at each seeding)."""


@njit(cache=True, _nrt=False)
def mt_seed(mt, seed):
    """Seed ``mt`` as ``random.Random(seed)`` does (``init_by_array`` over the 32-bit words of
    ``seed``, 0 <= seed < 2**63): from the words of ``init_genrand(19650218)``, ``MT_N`` steps
    mixing in the key (one word, or two alternately), then ``MT_N - 1`` steps; each pass goes
    round the words from the second, wrapping once (the word before the first is the last)."""
    low = seed & _MASK
    high = (seed >> 32) & _MASK
    two = 1 if high != 0 else 0  # keylen 2: the key's words alternate
    for i in range(MT_N):
        mt[i] = _INIT[i]
    j = 0
    for i in range(1, MT_N):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK)) + (high if j else low) + j) & _MASK
        j ^= two
    mt[0] = mt[MT_N - 1]
    prev = mt[0]
    mt[1] = ((mt[1] ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK)) + (high if j else low) + j) & _MASK
    for i in range(2, MT_N):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK)) - i) & _MASK
    mt[0] = mt[MT_N - 1]
    prev = mt[0]
    mt[1] = ((mt[1] ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK)) - 1) & _MASK
    mt[0] = 0x80000000
    mt[MT_N] = MT_N


@njit(cache=True, _nrt=False)
def _twist(mt):
    for kk in range(MT_N - MT_M):
        y = (mt[kk] & _UPPER) | (mt[kk + 1] & _LOWER)
        mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ (_MATRIX * (y & 1))
    for kk in range(MT_N - MT_M, MT_N - 1):
        y = (mt[kk] & _UPPER) | (mt[kk + 1] & _LOWER)
        mt[kk] = mt[kk + MT_M - MT_N] ^ (y >> 1) ^ (_MATRIX * (y & 1))
    y = (mt[MT_N - 1] & _UPPER) | (mt[0] & _LOWER)
    mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ (_MATRIX * (y & 1))
    mt[MT_N] = 0


@njit(cache=True, _nrt=False)
def mt_next(mt):
    """The next 32-bit word (``genrand_uint32``)."""
    if mt[MT_N] >= MT_N:
        _twist(mt)
    y = mt[mt[MT_N]]
    mt[MT_N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _MASK


@njit(cache=True, _nrt=False)
def _bit_length(n):
    k = 0
    while n > 0:
        k += 1
        n >>= 1
    return k


@njit(cache=True, _nrt=False)
def mt_randbelow(mt, n, variant):
    """``Random.randrange(n)`` for 1 <= n < 2**32."""
    k = _bit_length(n - 1 if variant == 1 else n)
    if k == 0:
        return 0
    r = mt_next(mt) >> (32 - k)
    while r >= n:
        r = mt_next(mt) >> (32 - k)
    return r


def new_generator(seed: int) -> np.ndarray:
    """A generator seeded with ``seed`` (0 <= seed < 2**63)."""
    mt = np.zeros(MT_SIZE, dtype=np.int64)
    mt_seed(mt, seed)
    return mt


@njit(cache=True, _nrt=False)
def mt_seed_rows(mt, keys):
    """Seed each row ``r`` of ``mt`` (``len(keys)`` generators, :data:`MT_SIZE` wide) as
    :func:`mt_seed` seeds it with ``keys[r]``: the same words, the rows' steps interleaved, so
    that the processor runs the generators' chains of steps side by side (each step of one
    generator waits for its previous step; the generators do not wait for each other) — about
    three times :func:`mt_seed`'s rate for a match's generators."""
    rows = len(keys)
    for r in range(rows):
        for i in range(MT_N):
            mt[r, i] = _INIT[i]
    for i in range(1, MT_N):
        j = (i - 1) & 1  # the key's word when it has two (its words alternate from the first)
        for r in range(rows):
            seed = keys[r]
            high = (seed >> 32) & _MASK
            jj = j if high != 0 else 0
            prev = mt[r, i - 1]
            mt[r, i] = ((mt[r, i] ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK))
                        + (high if jj else seed & _MASK) + jj) & _MASK
    for r in range(rows):
        seed = keys[r]
        high = (seed >> 32) & _MASK
        jj = 1 if high != 0 else 0  # MT_N - 1 words mixed in: an odd number, the second word next
        mt[r, 0] = mt[r, MT_N - 1]
        prev = mt[r, 0]
        mt[r, 1] = ((mt[r, 1] ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK))
                    + (high if jj else seed & _MASK) + jj) & _MASK
    for i in range(2, MT_N):
        for r in range(rows):
            prev = mt[r, i - 1]
            mt[r, i] = ((mt[r, i] ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK)) - i) & _MASK
    for r in range(rows):
        mt[r, 0] = mt[r, MT_N - 1]
        prev = mt[r, 0]
        mt[r, 1] = ((mt[r, 1] ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK)) - 1) & _MASK
        mt[r, 0] = 0x80000000
        mt[r, MT_N] = MT_N


@njit(cache=True, _nrt=False)
def mt_random(mt):
    """``Random.random()`` (``genrand_res53``): a float in [0, 1) from two words, 27 and 26
    bits."""
    a = mt_next(mt) >> 5
    b = mt_next(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True, _nrt=False)
def _tempered(y):
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _MASK


@njit(cache=True, _nrt=False)
def mt_shuffle(mt, items, start, count, variant):
    """``Random.shuffle`` of ``items[start: start + count]`` in place: from the last place down
    to the second, a swap with a place drawn below it or at it (``_randbelow(i + 1)``). The
    words :func:`mt_randbelow` would draw, with the generator's place held in a local and the
    bits asked for followed as ``i`` falls rather than counted at each draw."""
    if count < 2:
        return
    k = _bit_length(count - 1 if variant == 1 else count)
    low = 1 << (k - 1)  # the bits asked for fall to k - 1 when the bound falls under this
    pos = mt[MT_N]
    for i in range(count - 1, 0, -1):
        n = i + 1
        if (i if variant == 1 else n) < low:
            k -= 1
            low >>= 1
        shift = 32 - k
        while True:
            if pos >= MT_N:
                _twist(mt)
                pos = 0
            j = _tempered(mt[pos]) >> shift
            pos += 1
            if j < n:
                break
        t = items[start + i]
        items[start + i] = items[start + j]
        items[start + j] = t
    mt[MT_N] = pos
