"""The adapters say the same thing twice the same way: OpenSpiel's information-state string and
observation string number the deal alike; PettingZoo's ansi render of a finished match shows
the last deal's result and the standings, not a turn one past the last trick."""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from academie.adapters import openspiel as osp  # noqa: E402
from academie.adapters.pettingzoo import env  # noqa: E402
from tests.adapters.support import GAME_IDS, short_options  # noqa: E402


def first_decision(game_id: str, **options: object) -> pyspiel.State:
    game = pyspiel.load_game(osp.short_name(game_id), {**short_options(game_id), **options})
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probs)[0])
    return state


def test_the_guinguette_information_and_observation_strings_agree_on_the_deal():
    state = first_decision("guinguette")
    seat = state.current_player()
    info = json.loads(state.information_state_string(seat))
    seen = json.loads(state.observation_string(seat))
    assert info["deal"] == seen["deal"] == 1
    assert "deal_number" not in info and "deal_number=0" not in state.information_state_string(seat)
    assert {k: v for k, v in info.items() if k in seen} == seen


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_information_string_holds_the_observation_and_what_the_seat_remembers(game_id):
    state = first_decision(game_id)
    seat = state.current_player()
    info = json.loads(state.information_state_string(seat))
    seen = json.loads(state.observation_string(seat))
    assert {k: v for k, v in info.items() if k in seen} == seen
    assert "deal_number" not in info


def finished(game_id: str, seed: int):
    e = env(game_id, render_mode="ansi", deals=1)
    e.reset(seed=seed)
    rng = random.Random(seed)
    for agent in e.agent_iter():
        _, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        e.step(rng.choice(e.state_.legal_actions()))
    assert e.state_.is_terminal()
    return e


def test_the_render_of_a_finished_reversis_deal_shows_its_result():
    e = finished("reversis", 2)
    text = e.render()
    result = e.state_.finished_results()[-1]
    assert "End of deal 1" in text and "End of the match" in text and "Match over after 1 deal." in text
    assert "trick 12" not in text and "(none yet)" not in text
    assert sum(result.tricks) == 11 and "Talon:" in text and "Quinola:" in text
    for seat, name in enumerate(e.possible_agents):
        assert name in text
    assert f"{result.counters[0]:,}" in text


def test_the_render_during_a_deal_still_draws_the_table():
    e = env("reversis", render_mode="ansi", deals=1)
    e.reset(seed=2)
    assert "Deal 1 · trick 1" in e.render() and "End of the match" not in e.render()
