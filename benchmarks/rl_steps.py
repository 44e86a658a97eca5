"""Steps per second of the research adapters, with random agents, in one run, interleaved.

Four measures, each in short rounds taken in turn (so that the machine's load falls on all
alike):

* ``rl_environment`` Reversis: OpenSpiel's ``rl_environment.Environment("python_academie_reversis")``
  (academie's adapter, a whole match of the game's default options, information-state tensors
  of every player at every step, as the environment builds them), one OpenSpiel
  ``RandomAgent`` per player, the loop of OpenSpiel's examples (the player to act steps; at
  the end every agent sees the last time step);
* ``rl_environment`` Hearts: the same loop over OpenSpiel's ``hearts`` (C++);
* PettingZoo ``env("reversis")`` and ``env("trente-et-un")``: ``agent_iter`` with
  ``env.last()`` and a masked random action (``action_space(agent).sample(mask)``; ``None``
  for an agent done).

A step is one call of the environment's ``step``. Times are this process's CPU time
(``time.process_time``); each figure is the median over the rounds. The ratios printed:
Reversis to Hearts through ``rl_environment`` (target ≥ 1) and each PettingZoo figure to
10,000 steps/s (target ≥ 1).

Run: ``.venv/bin/python benchmarks/rl_steps.py [--rounds 4] [--round-seconds 2.5] [--all-games]``
(``--all-games``: PettingZoo figures for every other game of the registry too) (OpenSpiel
and PettingZoo: ``pip install 'academie[openspiel,pettingzoo]'``).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

CLOCK = time.process_time
PETTINGZOO_TARGET = 10_000.0


def rl_environment_loop(game_name: str, seed: int) -> Callable[[float], float]:
    """A measure: steps/s of ``rl_environment`` over ``game_name`` with random agents, for a
    given number of CPU seconds (the episode goes on from one round to the next)."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent

    import academie.adapters.openspiel  # noqa: F401  (registers the games)

    env = rl_environment.Environment(game_name, chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed))
    n = env.num_players
    actions = env.action_spec()["num_actions"]
    np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    agents = [random_agent.RandomAgent(player_id=p, num_actions=actions) for p in range(n)]
    box = [env.reset()]

    def measure(seconds: float) -> float:
        steps, t0 = 0, CLOCK()
        time_step = box[0]
        while True:
            if time_step.last():
                for agent in agents:
                    agent.step(time_step)
                time_step = env.reset()
                if CLOCK() - t0 >= seconds:
                    break
                continue
            player = time_step.observations["current_player"]
            output = agents[player].step(time_step)
            time_step = env.step([output.action])
            steps += 1
            if steps % 64 == 0 and CLOCK() - t0 >= seconds:
                break
        box[0] = time_step
        return steps / (CLOCK() - t0)

    return measure


def pettingzoo_loop(game_id: str, seed: int) -> Callable[[float], float]:
    """A measure: steps/s of PettingZoo ``env(game_id)`` with masked random actions."""
    from academie.adapters.pettingzoo import env as make

    env = make(game_id)
    env.reset(seed=seed)
    for agent in env.possible_agents:
        env.action_space(agent).seed(seed)

    def measure(seconds: float) -> float:
        steps, t0 = 0, CLOCK()
        while True:
            if not env.agents:
                env.reset()
            agent = env.agent_selection
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                action = None
            else:
                action = env.action_space(agent).sample(observation["action_mask"])
            env.step(action)
            steps += 1
            if steps % 64 == 0 and CLOCK() - t0 >= seconds:
                break
        return steps / (CLOCK() - t0)

    return measure


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4, help="rounds of each measure (default 4)")
    parser.add_argument("--round-seconds", type=float, default=2.5, help="CPU seconds per measure and round (default 2.5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--all-games", action="store_true",
                        help="also PettingZoo env(game) for every other game of the registry")
    args = parser.parse_args(argv)
    measures = {
        "rl_environment python_academie_reversis": rl_environment_loop("python_academie_reversis", args.seed),
        "rl_environment hearts (C++)": rl_environment_loop("hearts", args.seed),
        'PettingZoo env("reversis")': pettingzoo_loop("reversis", args.seed),
        'PettingZoo env("trente-et-un")': pettingzoo_loop("trente-et-un", args.seed),
    }
    if args.all_games:
        from academie.games import GAMES

        for game_id in sorted(set(GAMES) - {"reversis", "trente-et-un"}):
            measures[f'PettingZoo env("{game_id}")'] = pettingzoo_loop(game_id, args.seed)
    figures: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(args.rounds):
        for name, measure in measures.items():
            figures[name].append(measure(args.round_seconds))
    width = max(map(len, figures))
    median = {name: statistics.median(values) for name, values in figures.items()}
    print(f"steps/s, median of {args.rounds} rounds of {args.round_seconds:g} CPU s (range in brackets)")
    for name, values in figures.items():
        print(f"  {name:<{width}}  {median[name]:>9,.0f}  [{min(values):,.0f}–{max(values):,.0f}]")
    names = list(figures)
    print(f"  Reversis / Hearts through rl_environment: {median[names[0]] / median[names[1]]:.2f}× (target ≥ 1)")
    for name in names[2:]:
        print(f"  {name} / {PETTINGZOO_TARGET:,.0f}: {median[name] / PETTINGZOO_TARGET:.2f}× (target ≥ 1)")


if __name__ == "__main__":
    main()
