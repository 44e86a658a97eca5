"""The compiled proposals of Reversis worlds (academie.fast.reversis_worlds, assign, pyrandom) in
lockstep with the pure sampler: for the same view and the same ``random.Random`` state, the same
worlds (history, hands, talon, écart, quinola) and the generator left in the same state."""

from __future__ import annotations

import random

import numpy as np
import pytest

from academie import fast
from academie.core import sampling as core_sampling
from academie.core.sampling import Assignment, below, shuffle
from academie.games import get_game
from academie.games.reversis import sampling as reversis_sampling

pytestmark = pytest.mark.skipif(not fast.available(), reason="academie[fast] (numba) is not installed")

GAME = get_game("reversis")


@pytest.fixture(autouse=True)
def compiled_at_once(monkeypatch):
    """The compiled proposals from the first world (a process turns to them after
    ``COMPILED_AFTER`` worlds)."""
    monkeypatch.setattr(reversis_sampling, "COMPILED_AFTER", 0)
OPTION_SETS = [
    {},
    {"quinola_force": True},
    {"first_two": "deals"},
    {"ruleset": "later"},
    {"deck": "52"},
    {"talon_five": "large", "direction": "clockwise", "packet": 4},
    {"led_ace": "exempt", "first_two": "deals", "quinola_force": True},
]


def test_draws_through_the_view_continue_the_generator_stream():
    from academie.fast.pyrandom import py_below, py_getrandbits, py_shuffle, state_of

    a, b = random.Random(11), random.Random(11)
    view = state_of(a)
    assert view is not None and state_of(a) is view  # kept while the generator lives
    for k in range(3000):  # across several refills of the 624 words
        n = (1, 2, 3, 12, 52, 1000, 2**31 - 1, 2**32, 2**33 + 5, 2**62 - 3)[k % 10]
        assert py_below(view, n) == below(b, n)
        assert a.getrandbits(32) == b.getrandbits(32)
        assert py_getrandbits(view, 40 + k % 20) == b.getrandbits(40 + k % 20)
    for n in (0, 1, 2, 17, 48):
        x, y = np.arange(n, dtype=np.int64), list(range(n))
        py_shuffle(view, x, n)
        shuffle(b, y)
        assert x.tolist() == y
    assert a.getstate() == b.getstate()


def test_no_view_of_another_generator_class():
    from academie.fast.pyrandom import state_of

    class Mine(random.Random):
        pass

    assert state_of(Mine(1)) is None
    assert state_of(random.SystemRandom()) is None


def test_compiled_assignments_draw_what_the_pure_draw_draws():
    from academie.fast import assign

    rng = random.Random(5)
    compiled = 0
    for case in range(300):
        places = rng.randrange(2, 7)
        caps = [rng.randrange(0, 6) for _ in range(places)]
        cards = list(range(sum(caps)))
        allowed = {(c, p): rng.random() < (0.5 if case % 3 else 0.9) for c in cards for p in range(places)}
        problem = Assignment(cards, caps, lambda c, p: allowed[c, p])
        code = assign.program(problem)
        if code is None:
            continue
        compiled += 1
        n, most = assign.layout(code)
        out = np.zeros(n * (most + 1), dtype=np.int64)
        tmp, room = np.zeros(max(len(cards), 1), dtype=np.int64), np.zeros(n, dtype=np.int64)
        for seed in range(20):
            pure, compiled_rng = random.Random(seed), random.Random(seed)
            want = problem.draw(pure, order=False)
            from academie.fast.pyrandom import state_of

            assign.draw(state_of(compiled_rng), code, out, tmp, room)
            assert [out[n + p * most:n + p * most + out[p]].tolist() for p in range(n)] == want
            assert pure.getstate() == compiled_rng.getstate()
    assert compiled > 150


def _positions(players: int, options: dict, seed: int, every: int):
    """States of a random match at about one decision in ``every`` of the play of the cards
    (and a few in the écart), each a clone."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(players, GAME.parse_options(dict(options, deals=3)))
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
            continue
        if state.phase == "play" and rng.randrange(every) == 0 or state.phase == "ecart" and rng.randrange(40) == 0:
            yield state.clone()
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))], trusted=True)


def _samples(position, seed: int) -> list:
    """Three worlds drawn in a row from ``random.Random(seed)`` on a clone of ``position`` with
    the samplers' caches emptied (the pure draw of a component dealt by rejection turns to
    counting after too many refusals: a sampler's draws depend on those it made before), and
    the generator's state after them."""
    position = position.clone()
    core_sampling._CURRENT.clear()
    rng = random.Random(seed)
    seat = position.current_player()
    out = []
    for _ in range(3):
        w = position.determinize(seat, rng)
        out.append((list(w.history), [list(h) for h in w.hands], list(w.talon), list(w.original_talon),
                    list(w.ecart_card), list(w.taken), list(w.peeked), w.quinola, w.quinola_forced))
    out.append(rng.getstate())
    return out


@pytest.mark.parametrize("players", [4, 5])
def test_lockstep_thousands_of_positions(players: int, monkeypatch):
    """Over 600 positions per player count over the option sets (three deals of random
    matches: their finished deals in the trail too): three worlds drawn in a row by each path
    from the same seed are the same, and so is the generator's state after them. Most positions
    are drawn by the compiled proposals, and some of their proposals are refused."""
    from academie.fast.reversis_worlds import Proposer

    proposals = {True: 0, False: 0}
    layout = Proposer.layout

    def counted(self, state):
        got = layout(self, state)
        proposals[got is not None] += 1
        return got

    monkeypatch.setattr(Proposer, "layout", counted)
    positions = compiled = 0
    for k, options in enumerate(OPTION_SETS):
        for m in range(3):
            for position in _positions(players, options, 100 * players + 10 * k + m, 4):
                seed = positions
                drawn = _samples(position, seed)
                with monkeypatch.context() as pure:
                    pure.setattr(reversis_sampling, "_generator", lambda rng: None)
                    assert _samples(position, seed) == drawn
                positions += 1
                d = core_sampling._CURRENT[core_sampling.trail_of(position, position.current_player())].memo.get("reversis")
                compiled += d is not None and d.get("fast") is not None
    assert positions >= 600
    assert compiled >= 0.9 * positions
    assert proposals[False] >= 0.05 * proposals[True] > 0


def test_lockstep_when_a_rejection_refuses_every_shuffle(monkeypatch):
    """With a single shuffle allowed to a component dealt by rejection, the compiled draw often
    stops there and the pure draw goes on (it counts that component from then on): still the
    same worlds and the same generator's state."""
    from academie.fast.reversis_worlds import Resumed

    monkeypatch.setattr(core_sampling, "SHUFFLES", 1)
    stops = []
    init = Resumed.__init__

    def counted(self, component, dealt):
        stops.append(component)
        init(self, component, dealt)

    monkeypatch.setattr(Resumed, "__init__", counted)
    positions = 0
    for m in range(4):
        for position in _positions(5, {}, 900 + m, 5):
            drawn = _samples(position, positions)
            with monkeypatch.context() as pure:
                pure.setattr(reversis_sampling, "_generator", lambda rng: None)
                assert _samples(position, positions) == drawn
            positions += 1
    assert positions >= 100 and len(stops) >= 10


def test_turning_to_the_compiled_proposals_midway_draws_the_same_worlds(monkeypatch):
    """A process draws its first COMPILED_AFTER worlds by the pure proposals, then turns to the
    compiled ones, in the middle of a position's draws: the worlds are those of the pure draw."""
    positions = 0
    for m in range(3):
        for position in _positions(4, {}, 700 + m, 6):
            monkeypatch.setattr(reversis_sampling, "_drawn", 0)
            monkeypatch.setattr(reversis_sampling, "COMPILED_AFTER", 1 + positions % 2)
            drawn = _samples(position, positions)
            with monkeypatch.context() as pure:
                pure.setattr(reversis_sampling, "_generator", lambda rng: None)
                assert _samples(position, positions) == drawn
            positions += 1
    assert positions >= 20
