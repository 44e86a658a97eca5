"""Reversis worlds built at once in the play of the cards (academie.games.reversis.sampling.world):
a world writes its history only when it is first read, each other seat's cards dealt in an order
drawn from a seed the sample drew. The history must still be the one the world was drawn with,
whatever was played on the world (or on a clone of it) before it was read, replay to the world,
and deal each hand in a uniformly random order; the faster draws of core.sampling must draw what
``random.Random`` draws.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from academie.core.chance import SeededChance
from academie.core.sampling import below, replay, sample, shuffle
from academie.games import get_game
from academie.games.reversis.state import PLAY

GAME = get_game("reversis")


def in_play(seed: int, players: int = 4, tricks: int = 3):
    """A deal in the play of the cards after ``tricks`` tricks and a card or two."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(players)
    chance = SeededChance(seed)
    while state.phase != "play" or state.trick_number < tricks:
        state.apply_action(chance.choose(state) if state.is_chance_node() else rng.choice(state.legal_actions()))
    for _ in range(seed % 3):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def play_out(state, rng: random.Random) -> None:
    deal = state.match.deal_number
    while state.match.deal_number == deal and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()), trusted=True)


def test_a_world_keeps_its_history_when_played_on_before_it_is_read():
    for seed in range(6):
        state = in_play(seed, 4 + seed % 2)
        seat = state.current_player()
        world = state.determinize(seat, random.Random(seed))
        assert "history" not in world.__dict__  # not written yet
        clone = world.clone()
        play_out(world, random.Random(1))
        play_out(clone, random.Random(2))
        drawn = state.determinize(seat, random.Random(seed)).history  # the same view and seed
        start = len(state.history)
        assert len(drawn) == start
        assert world.history[:start] == clone.history[:start] == drawn
        for played in (world, clone):  # the history replays, every action checked, to the world
            again = GAME.new_initial_state(state.num_players, state.options)
            for action in played.history:
                again.apply_action(action)
            assert [again.view(s) for s in range(state.num_players)] == [played.view(s) for s in range(state.num_players)]
            assert again.returns() == played.returns()


def test_a_world_read_at_once_is_what_its_history_makes():
    for seed in range(6, 12):
        state = in_play(seed, tricks=seed % 8)
        seat = state.current_player()
        view = state.view(seat)
        for k in range(4):
            world = sample(view, random.Random(k))
            again = replay(GAME.new_initial_state(state.num_players, state.options), world.history)
            assert again is not None
            assert [again.view(s) for s in range(state.num_players)] == [world.view(s) for s in range(state.num_players)]
            assert (again.talon, again.original_talon, again.quinola, again.quinola_forced) == \
                (world.talon, world.original_talon, world.quinola, world.quinola_forced)


def test_each_hidden_hand_is_dealt_in_a_uniform_order():
    """The first card another seat played lies at each of its deal's slots equally often (when
    it was dealt to it: in some worlds it is the talon card the seat took)."""
    state = in_play(3, tricks=2)
    seat = state.current_player()
    view = state.view(seat)
    other = next(who for who, _ in state.played if who != seat)
    card = next(c for who, c in state.played if who == other)
    start = len(state.history) - len(state.traces[seat])  # the deal's first action
    recipients = list(reversed(GAME.new_initial_state(state.num_players).deal_queue))
    slots = [start + i for i, r in enumerate(recipients) if r == other]
    rng = random.Random(5)
    where: Counter = Counter()
    for _ in range(40 * len(slots)):
        history = sample(view, rng).history
        assert PLAY + card in history
        dealt = [history[p] for p in slots]
        if card in dealt:
            where[dealt.index(card)] += 1
    assert sum(where.values()) > 30 * len(slots)
    assert chisquare([where[i] for i in range(len(slots))]).pvalue > 0.001


@pytest.mark.parametrize("n", [1, 2, 5, 13, 20, 52])
def test_the_sampler_draws_what_random_draws(n):
    for seed in range(10):
        a, b = random.Random(seed), random.Random(seed)
        x, y = list(range(n)), list(range(n))
        for _ in range(3):
            a.shuffle(x)
            shuffle(b, y)
            assert x == y
            assert a.randrange(n) == below(b, n)
        assert a.getstate() == b.getstate()


def test_the_compiled_reversis_converts_a_world_as_the_state_its_history_makes():
    """from_state of a world built at once (history not yet written) is from_state of the state
    its history replays to."""
    pytest.importorskip("numba")
    from academie import fast
    from academie.fast import reversis as K

    for seed in range(4):
        state = in_play(seed, 4 + seed % 2, tricks=1 + 2 * seed)
        params = fast.reversis_params(state.options, state.num_players)
        world = state.determinize(state.current_player(), random.Random(seed))
        array = K.from_state(world, params)
        again = replay(GAME.new_initial_state(state.num_players, state.options), world.history)
        assert (K.compared(array) == K.compared(K.from_state(again, params))).all()


def test_a_sample_in_the_deal_replays_to_the_seats_view_before_every_seat_has_a_card():
    state = GAME.new_initial_state(4)
    chance = SeededChance(1)
    for dealt in range(8):
        for seat in range(4):
            world = state.determinize(seat, random.Random(dealt))
            again = replay(GAME.new_initial_state(4), world.history)
            assert again is not None and again.view(seat) == state.view(seat)
        state.apply_action(chance.choose(state))


def test_a_few_samples_in_a_fresh_process_do_not_load_the_compiled_proposals():
    """The first sample of a view in the play took one to two seconds: the compiled proposals
    were loaded (numba's import and its cached functions) for a single world. A process turns
    to them only after COMPILED_AFTER worlds."""
    import subprocess
    import sys

    script = (
        "import random, sys\n"
        "from tests.reversis.test_sampled_worlds import in_play\n"
        "state = in_play(3)\n"
        "for k in range(20):\n"
        "    state.determinize(k % 4, random.Random(k))\n"
        "print('numba' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("options", [{"deck": "52"}, {"talon_five": "large", "packet": 4}, {}])
def test_a_finished_deal_is_rebuilt_from_the_talon_turned_over_without_rejecting_orders(options, monkeypatch):
    """The talon turned over at the end of a deal (« Le talon se paye sur la valeur des cartes
    qu'il contient ») shows its cards in order: the cards nobody took as dealt, then the écart
    cards as put. A finished deal's talon and écart places are therefore known one by one, and
    every seat's finished deal is rebuilt in a proposal or two, not hundreds (the talon's orders
    were rejected one by one before), with its trace and result the real ones."""
    from academie.core import sampling as core_sampling

    replays = []
    real_replay = core_sampling.replay
    monkeypatch.setattr(core_sampling, "replay", lambda state, actions: replays.append(1) or real_replay(state, actions))
    rng = random.Random(7)
    state = GAME.new_initial_state(5, GAME.parse_options(dict(options, deals=3)))
    chance = SeededChance(7)
    while state.match.deal_number < 1 or state.phase != "play":
        state.apply_action(chance.choose(state) if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert [r.talon for r in state.finished_results()][0]  # a talon was turned over
    for seat in range(5):
        trail = core_sampling.trail_of(state, seat)
        core_sampling._STARTS.clear()
        replays.clear()
        start = core_sampling.deal_start(trail)
        assert len(replays) <= 3, (seat, len(replays))
        assert start.past_traces[seat][0] == trail.past[0]
        assert start.finished_results()[0] == state.finished_results()[0]
