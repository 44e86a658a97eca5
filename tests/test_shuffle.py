"""determinize's shuffles draw exactly what ``random.Random.shuffle`` draws: same samples from
the same seed, faster."""

from __future__ import annotations

import random

import pytest

from academie.core.state import _INLINE_SHUFFLE, _shuffler, redistribute


@pytest.mark.parametrize("n", [0, 1, 2, 5, 13, 31, 52])
def test_the_shuffler_gives_what_random_shuffle_gives(n):
    for seed in range(20):
        a, b = random.Random(seed), random.Random(seed)
        x, y = list(range(n)), list(range(n))
        shuffle = _shuffler(b, n)
        for _ in range(5):
            a.shuffle(x)
            shuffle(y)
            assert x == y
        assert a.getstate() == b.getstate()


def test_the_inline_shuffle_is_used_here_and_never_for_another_generator():
    assert _INLINE_SHUFFLE  # CPython 3.11 to 3.13

    class Other(random.Random):
        pass

    rng = Other(1)
    assert _shuffler(rng, 10) == rng.shuffle


def test_redistribute_keeps_the_voids_as_before():
    """The same cards, slots and seeds give the same redistribution as the plain loop did."""
    for seed in range(50):
        rng = random.Random(seed)
        hands = [[rng.randrange(52) for _ in range(5)] for _ in range(3)]
        pile = [rng.randrange(52) for _ in range(4)]
        slots = [(s, i) for s in range(3) for i in range(5)] + [(None, i) for i in range(4)]
        voids = {0: {0}, 1: {1, 2}, 2: set()}

        def fits(s, c):
            return c // 13 not in voids[s]

        mine_h, mine_p = [h.copy() for h in hands], pile.copy()
        redistribute(mine_h, mine_p, slots, fits, random.Random(seed))
        # the reference: the loop with random.Random.shuffle
        ref = random.Random(seed)
        cards = [pile[i] if s is None else hands[s][i] for s, i in slots]
        for _ in range(200):
            ref.shuffle(cards)
            if all(s is None or fits(s, c) for (s, _), c in zip(slots, cards)):
                break
        for (s, i), c in zip(slots, cards):
            if s is None:
                pile[i] = c
            else:
                hands[s][i] = c
        assert (mine_h, mine_p) == (hands, pile)
