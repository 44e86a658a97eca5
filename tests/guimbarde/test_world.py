"""The worlds of the play built at once (academie.games.guimbarde.sampling.world) are those of
the generic sampler's replay: the same seed gives the same world, and each is consistent."""

import random
from collections import Counter

import pytest

from academie.core import sampling as S
from academie.core.sampling import replay
from academie.games.guimbarde import GAME


def positions(count: int, seed: int = 0) -> list:
    """Seeded positions in the play of the cards, 3 to 6 players, at every trick."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.choice([3, 4, 5, 6])
        state = GAME.new_initial_state(num_players=n)
        steps, k = rng.randrange(n * 5), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
            elif k == steps:
                break
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                k += 1
        if not state.is_terminal():
            out.append(state)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_built_world_is_the_replayed_world(seed):
    built = 0
    for state in positions(40, seed):
        seat = state.current_player()
        view = state.view(seat)
        drawer = S._sampler_of(view)
        assert drawer.builds
        for j in range(3):
            a = drawer._replayed(view, random.Random(j))
            rng = random.Random(j)
            b = drawer.draw(view, rng)
            assert list(a.history) == list(b.history)
            assert (a.hands, a.stock, a.traces) == (b.hands, b.stock, b.traces)
            assert b.view(seat) == view
            again = replay(drawer.base, list(b.history)[len(drawer.base.history):])
            assert again is not None and again.view(seat) == view
            assert (again.hands, again.stock, again.traces) == (b.hands, b.stock, b.traces)
            built += 1
    assert built == 120


def test_frequencies_match_the_replay_on_the_last_trick():
    # Four players at the last trick: few worlds, each drawn as often as the replay draws it.
    state = next(s for s in positions(400, 7) if s.trick_number == 4 and s.num_players == 4)
    seat = state.current_player()
    view = state.view(seat)
    drawer = S._sampler_of(view)
    key = lambda w: tuple(tuple(sorted(h)) for h in w.hands)  # noqa: E731
    rng_a, rng_b = random.Random(1), random.Random(1)
    replayed = Counter(key(drawer._replayed(view, rng_a)) for _ in range(300))
    built = Counter(key(drawer.draw(view, rng_b)) for _ in range(300))
    assert replayed == built
    assert len(built) > 1
