"""The PettingZoo parallel wrapper of the batch API: PettingZoo's parallel API test; in lockstep
with the single-game PettingZoo adapter dealt the same cards (every agent's observation and mask
equal at every step, the same agent to act, the same counters won over each match) and with the
batch API's own observations; bad input changes nothing."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("pettingzoo")

from pettingzoo.test import parallel_api_test  # noqa: E402

from academie import vector  # noqa: E402
from academie.adapters.pettingzoo import AcademieEnv  # noqa: E402
from academie.core.errors import IllegalActionError, OptionError, UnknownGameError  # noqa: E402
from academie.vector.pettingzoo_env import parallel_env  # noqa: E402


@pytest.mark.parametrize("num_players,options", [(4, {"deals": 1}), (5, {"deals": 2, "deck": "52"}), (4, {})])
def test_pettingzoo_parallel_api_test(num_players, options):
    env = parallel_env("reversis", num_players=num_players, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a live agent missing from a dict, or a dead one in it, fails
        parallel_api_test(env, num_cycles=1000)


class Stacked(AcademieEnv):
    """The single-game adapter, each deal dealt the cards the parallel wrapper's kernel dealt."""

    def __init__(self, twin, num_players: int, **options) -> None:
        super().__init__("reversis", num_players, **options)
        self.twin = twin

    def _advance(self) -> None:
        state, cards, k = self.state_, self.twin.vector.deal_cards[0], 0
        while state.is_chance_node():
            state.apply_action(int(cards[k]), trusted=True)
            k += 1
            self._note()


def _same_tables(par, observations, infos, aec) -> None:
    for agent in par.possible_agents:
        mine, theirs = observations[agent], aec.observe(agent)
        np.testing.assert_array_equal(mine["observation"], theirs["observation"])
        np.testing.assert_array_equal(mine["action_mask"], theirs["action_mask"])
        assert mine["observation"].dtype == np.float32 and mine["action_mask"].dtype == np.int8
        assert infos[agent]["to_act"] == (agent == aec.agent_selection and not aec.terminations[agent])


@pytest.mark.parametrize("num_players,options,matches", [
    (4, {"deals": 2}, 6),
    (5, {"deals": 1, "talon_five": "large", "direction": "clockwise"}, 4),
    (4, {"deals": 3, "deck": "52", "pool_ante": 0, "reversis_fee": 3}, 2),
])
def test_lockstep_with_the_single_game_adapter(num_players, options, matches):
    par = parallel_env("reversis", num_players=num_players, **options)
    aec = Stacked(par, num_players, **options)
    rng = np.random.default_rng(num_players)
    steps = ended_deals = 0
    for match in range(matches):
        observations, infos = par.reset(seed=100 + match)
        aec.reset(seed=0)
        _same_tables(par, observations, infos, aec)
        won = dict.fromkeys(par.possible_agents, 0.0)
        paid = dict.fromkeys(par.possible_agents, 0.0)
        while par.agents:
            agent = aec.agent_selection
            legal = np.flatnonzero(observations[agent]["action_mask"])
            action = int(legal[0] if rng.random() < 0.2 else rng.choice(legal))
            # the others' actions are ignored, whatever they are
            actions = {a: (action if a == agent else [None, 0, 999][steps % 3]) for a in par.agents}
            observations, rewards, terminations, truncations, infos = par.step(actions)
            deal = aec.state_.match.deal_number
            aec.step(action)
            ended_deals += aec.state_.match.deal_number != deal
            steps += 1
            for a in par.possible_agents:
                won[a] += rewards[a]
                paid[a] += aec.rewards[a]
            assert set(terminations) == set(aec.possible_agents) and not any(truncations.values())
            assert all(t == aec.terminations[a] for a, t in terminations.items())
            _same_tables(par, observations, infos, aec)
        assert not aec.agents or all(aec.terminations.values())
        returns = aec.state_.returns()
        assert [won[a] for a in par.possible_agents] == pytest.approx(list(returns))
        assert [paid[a] for a in par.possible_agents] == pytest.approx(list(returns))
        assert observations["player_0"]["observation"][-52 * num_players:].sum() > 0  # the last deal's cards played
    assert steps > matches * 40 and ended_deals >= matches


def test_the_acting_agents_observation_is_the_batch_apis():
    par = parallel_env("reversis", deals=1)
    raw = vector.make("reversis", num_envs=1, seed=5, options={"deals": 1})
    observations, infos = par.reset(seed=5)
    obs, mask, player = raw.reset()
    for _ in range(60):
        agent = f"player_{int(player[0])}"
        assert infos[agent]["to_act"]
        np.testing.assert_array_equal(observations[agent]["observation"][: raw.observation_size], obs[0])
        np.testing.assert_array_equal(observations[agent]["action_mask"], mask[0].astype(np.int8))
        views = raw.views()  # every seat's observation tensor: the acting seat's is the step's
        assert views.shape == (1, 4, 463)
        np.testing.assert_array_equal(views[0, int(player[0])], obs[0])
        for seat, a in enumerate(par.possible_agents):
            np.testing.assert_array_equal(views[0, seat], observations[a]["observation"][:463])
        action = raw.random_actions()
        obs, mask, rewards, done, player = raw.step(action)
        observations, reward, terminations, _, infos = par.step({agent: int(action[0])})
        assert [reward[a] for a in par.possible_agents] == rewards[0].tolist()
        if done[0]:
            assert all(terminations.values()) and par.agents == []
            break
    else:
        raise AssertionError("a match of one deal lasts fewer than 60 decisions")


def test_same_seed_same_match_and_bad_input_changes_nothing():
    def play(env, seed):
        observations, _ = env.reset(seed=seed)
        rng, out = np.random.default_rng(0), []
        for _ in range(30):
            agent = next(a for a in env.agents if observations[a]["action_mask"].any())
            action = int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
            observations, rewards, *_ = env.step({agent: np.int64(action)})
            out.append((action, observations[agent]["observation"].copy(), rewards[agent]))
        return out

    env = parallel_env("reversis", deals=2)
    a, b, c = play(env, 3), play(env, 3), play(env, 4)
    assert all(x[0] == y[0] and np.array_equal(x[1], y[1]) for x, y in zip(a, b))
    assert any(x[0] != y[0] for x, y in zip(a, c))
    observations, infos = env.reset(seed=1, options={"anything": 1})  # options are the constructor's
    before = {k: v["observation"].copy() for k, v in observations.items()}
    agent = next(a for a in env.agents if infos[a]["to_act"])
    illegal = int(np.flatnonzero(observations[agent]["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step({agent: illegal})
    for wrong in (None, 1.0, True, "52"):
        with pytest.raises(IllegalActionError, match="action id"):
            env.step({agent: wrong})
    with pytest.raises(IllegalActionError, match="holds no action of"):
        env.step({a: 0 for a in env.agents if a != agent})
    views = env.vector.views(information=True)[0]
    assert all(np.array_equal(views[int(k[-1])], v) for k, v in before.items())
    with pytest.raises(RuntimeError, match="reset"):
        parallel_env("reversis").step({})
    with pytest.raises(OptionError, match="seed"):
        env.reset(seed=-1)
    with pytest.raises(UnknownGameError):
        parallel_env("guimbarde")
    with pytest.raises(OptionError):
        parallel_env("reversis", deals="2")


def test_a_finished_match_stays_over_without_autoreset():
    env = vector.make("reversis", num_envs=3, seed=2, options={"deals": 1}, autoreset=False)
    env.reset()
    for _ in range(400):
        obs, mask, rewards, done, player = env.step(env.random_actions())
        if done.any():
            break
    ended = int(np.flatnonzero(done)[0])
    assert player[ended] == -1 and not mask[ended].any() and env.random_actions()[ended] == -1
    final = env.views(information=True)[ended].copy()
    assert final[:, :52].sum() == 0  # the hands are empty
    actions = env.random_actions()
    actions[ended] = 200
    with pytest.raises(IllegalActionError, match=f"match {ended}: action 200 is not legal for seat -1"):
        env.step(actions)
    np.testing.assert_array_equal(env.views(information=True)[ended], final)
    obs, mask, player = env.reset()
    assert (player >= 0).all() and mask.any(axis=1).all()


def test_a_step_without_the_acting_agent_and_another_game_are_refused_clearly() -> None:
    env = parallel_env("reversis", num_players=4, deals=1)
    observations, infos = env.reset(seed=3)
    agent = next(a for a in env.agents if infos[a]["to_act"])
    with pytest.raises(IllegalActionError, match=f"{agent} is to act, and actions holds no action of {agent}"):
        env.step({})
    with pytest.raises(UnknownGameError, match="parallel_env steps 'reversis' only"):
        parallel_env("trente-et-un")
