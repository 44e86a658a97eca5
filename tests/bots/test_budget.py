"""The ISMCTS bot's time budget is always in force, the sampler's time counted, and a deal whose
worlds cannot be drawn is paid for once, not at every later decision."""

from __future__ import annotations

import random
import time
from collections import OrderedDict

import pytest

from academie.bots import make_bot
from academie.core import sampling
from academie.core.errors import SamplingError
from academie.games import get_game


def decisions(game_id: str, seed: int, players: int = 4, deals: int = 1):
    """The states at every decision of a match of heuristic bots, over its first ``deals`` deals
    (one option ``deals`` more, so that the match goes on)."""
    game = get_game(game_id)
    options = {"deals": deals + 1} if "deals" in type(game.options_model()).model_fields else {}
    state = game.new_initial_state(players, options) if options else game.new_initial_state(players)
    rng = random.Random(seed)
    bots = [make_bot("heuristic", game_id, seed + k) for k in range(players)]
    out = []
    while not state.is_terminal() and state.match.deal_number < deals:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
            continue
        seat, legal = state.current_player(), state.legal_actions()
        out.append(state.clone())
        state.apply_action(bots[seat].choose(state.view(seat), legal), trusted=True)
    return out


def test_the_default_budget_bounds_a_move():
    state = [s for s in decisions("guimbarde", 3) if len(s.legal_actions()) > 2][1]
    seat = state.current_player()
    bot = make_bot("ismcts:iterations=1000000:rollout=heuristic", "guimbarde", 1)
    assert bot.seconds == 1.0  # in force without being asked for
    start = time.perf_counter()
    move = bot.choose(state.view(seat), state.legal_actions())
    assert time.perf_counter() - start < 3  # 1 s, loose for a busy machine
    assert move in state.legal_actions() and 1 <= bot.last_iterations < 1_000_000


@pytest.mark.parametrize("spec", ["ismcts:seconds=0.3", "ismcts:seconds=0.3:rollout=heuristic:paired=yes"])
def test_the_budget_counts_the_samplers_time(monkeypatch, spec):
    """A sampler that finds no world (each proposal refused, 1 ms each: 50 s for its 50,000
    tries) stops at the bot's deadline; the move is then the policy's."""
    state = [s for s in decisions("reversis", 2) if len(s.legal_actions()) > 2][2]
    seat, legal = state.current_player(), state.legal_actions()
    view = state.view(seat)
    monkeypatch.setattr(sampling, "_CURRENT", OrderedDict())

    def refuse(*args, **kwargs):
        time.sleep(0.001)
        return None

    monkeypatch.setattr(type(state), "_sample_deal", refuse)
    monkeypatch.setattr(type(state), "_sample_world", lambda *a, **k: refuse())
    bot = make_bot(spec, "reversis", 1)
    start = time.perf_counter()
    move = bot.choose(view, legal)
    assert time.perf_counter() - start < 2.5
    assert move in legal and bot.fallbacks == 1


def test_a_search_stopped_while_drawing_a_world_plays_what_it_found(monkeypatch):
    state = [s for s in decisions("guimbarde", 5) if len(s.legal_actions()) > 2][1]
    seat, legal = state.current_player(), state.legal_actions()
    real, calls = sampling.sample, []

    def slow_after_three(view, rng, deadline=None):
        calls.append(deadline)
        if len(calls) > 3:
            raise sampling.SamplingTimeout("the time ran out")
        return real(view, rng, deadline)

    monkeypatch.setattr(sampling, "sample", slow_after_three)
    bot = make_bot("ismcts:iterations=100:seconds=60:rollout=heuristic", "guimbarde", 2)
    assert bot.choose(state.view(seat), legal) in legal
    assert bot.last_iterations == 3 and bot.fallbacks == 0
    assert all(d is not None for d in calls)  # the sampler is given the deadline


def test_a_deal_whose_worlds_fail_is_not_sampled_again_until_the_next_deal(monkeypatch):
    states = decisions("reversis", 4, deals=2)
    seat = 1
    first = [s for s in states if s.current_player() == seat and s.match.deal_number == 0
             and len(s.legal_actions()) > 1][:3]
    second = [s for s in states if s.current_player() == seat and s.match.deal_number == 1
              and len(s.legal_actions()) > 1][:1]
    calls = []

    def refuse(view, rng, deadline=None):
        calls.append(view)
        raise SamplingError("no world consistent with the view turned up in 50000 proposals")

    monkeypatch.setattr(sampling, "sample", refuse)
    bot = make_bot("ismcts:iterations=20", "reversis", 3)
    for s in first:
        assert bot.choose(s.view(seat), s.legal_actions()) in s.legal_actions()
    assert len(calls) == 1 and bot.fallbacks == 3  # paid once for the deal
    bot.choose(second[0].view(seat), second[0].legal_actions())
    assert len(calls) == 2 and bot.fallbacks == 4  # a new deal is sampled anew


def test_a_finished_deal_that_cannot_be_rebuilt_is_remembered(monkeypatch):
    states = decisions("reversis", 6, deals=2)
    later = [s for s in states if s.match.deal_number == 1][:2]
    seat = 2
    monkeypatch.setattr(sampling, "_STARTS", OrderedDict())
    monkeypatch.setattr(sampling, "_CURRENT", OrderedDict())
    monkeypatch.setattr(sampling, "_FAILED", OrderedDict())
    monkeypatch.setattr(sampling, "MAX_TRIES", 300)
    proposals = []

    def refuse(self, *args, **kwargs):
        proposals.append(1)
        return None

    monkeypatch.setattr(type(later[0]), "_sample_deal", refuse)
    with pytest.raises(SamplingError, match="deal 1 of the trail could not be rebuilt"):
        sampling.sample(later[0].view(seat), random.Random(0))
    assert len(proposals) == 300
    with pytest.raises(SamplingError, match="deal 1 of the trail could not be rebuilt"):
        sampling.sample(later[1].view(seat), random.Random(1))  # a later view of the same match
    assert len(proposals) == 300  # not paid again
