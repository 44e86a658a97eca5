"""The levels against OpenSpiel's own ISMCTS bot, seat for seat on the same deals.

OpenSpiel's Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` plays through our OpenSpiel
adapter (:mod:`academie.adapters.openspiel`) as a bot of its own, ``openspiel-ismcts``,
registered with :func:`academie.bots.register_bot`: like every bot it gets its seat's view and
the legal actions only. At each decision it draws one world of the view
(:func:`academie.core.sampling.sample`), wraps it in the adapter's state and lets OpenSpiel's bot
search from it with the adapter's resampler (``set_resampler``: each of its worlds is drawn
from the seat's view again), its random rollouts to the end of the match (OpenSpiel's
``RandomRolloutEvaluator``), UCT constant 0.7 and the most visited move. Its parameters:
``iterations`` (default 100).

A duplicate tournament (:func:`academie.analysis.tournament.tournament`) then plays it in every
seat against the levels on the same deals; the result prints each pair's difference per deal
with its 95% interval, and the seconds a move each bot took.

Run: ``.venv/bin/python benchmarks/levels_vs_openspiel.py reversis --bots hard,medium,openspiel-ismcts
--deals 40 [--iterations 100] [--seed 2026]`` (``--matches N`` for boards of whole matches, as at
Trente et un) (OpenSpiel: ``pip install 'academie[bench]'``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

NAME = "openspiel-ismcts"
SPENT: dict[str, list[float]] = defaultdict(list)
"""Seconds a move, per bot spec (this process's moves: run with one worker)."""


class OpenSpielISMCTS:
    """OpenSpiel's Python ISMCTS bot over the adapter, from a seat's view (see the module's text)."""

    def __init__(self, game_id: str, options: dict[str, Any], seed: int | None = None, iterations: int = 100) -> None:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts

        import academie.adapters.openspiel as osp

        self.game_id, self.options, self.iterations = game_id, options, iterations
        self.rng = random.Random(seed)
        self.np_rng = np.random.RandomState(self.rng.getrandbits(32))
        from academie.games import get_game

        self.osp, self.pyspiel, self.ismcts, self.mcts = osp, pyspiel, ismcts, mcts
        self.game_name = osp.register(get_game(game_id))
        self.games: dict[int, Any] = {}

    def _game(self, num_players: int) -> Any:
        if num_players not in self.games:
            params = {"players": num_players, **self.options}
            self.games[num_players] = self.pyspiel.load_game(self.game_name, params)
        return self.games[num_players]

    def choose(self, view: Any, legal: list[int]) -> int:
        from academie.core.sampling import sample

        if len(legal) == 1:
            return legal[0]
        world = sample(view, self.rng)
        game = self._game(world.num_players)
        state = game.new_initial_state()
        state._box = self.osp._Box(world)
        evaluator = self.mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.np_rng)
        bot = self.ismcts.ISMCTSBot(game, evaluator, 0.7, self.iterations, random_state=self.np_rng,
                                    final_policy_type=self.ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        bot.set_resampler(self.osp.resampler)
        action = int(bot.step(state))
        return action if action in legal else legal[0]


class Timed:
    """A bot whose moves are timed into :data:`SPENT` under ``label``."""

    def __init__(self, bot: Any, label: str) -> None:
        self.bot, self.label = bot, label

    def choose(self, view: Any, legal: list[int]) -> int:
        start = time.perf_counter()
        move = self.bot.choose(view, legal)
        if len(legal) > 1:
            SPENT[self.label].append(time.perf_counter() - start)
        return move


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bots", default=f"hard,medium,{NAME}", help=f"bot specs, {NAME} among them")
    parser.add_argument("--deals", type=int, default=None, help="boards of deals (default 40)")
    parser.add_argument("--matches", type=int, default=None, help="boards of whole matches, instead of --deals")
    parser.add_argument("--iterations", type=int, default=100, help=f"{NAME}'s iterations a move (default 100)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    try:
        import open_spiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed: pip install 'academie[bench]'", file=sys.stderr)
        return 2
    from academie import bots as bots_module
    from academie.analysis import tournament as tournament_module
    from academie.cli.terminal import make_console
    from academie.core.errors import AcademieError
    from academie.games import get_game
    from academie.presentation.standings import print_result

    try:
        game = get_game(args.game)
    except AcademieError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    real = tournament_module.make_bot
    specs = args.bots.split(",")

    def factory(seed: int | None = None) -> OpenSpielISMCTS:
        return OpenSpielISMCTS(args.game, {}, seed, args.iterations)

    bots_module.register_bot(args.game, NAME, factory)

    def timed_make(spec: str, game_id: str, seed: int | None = None, *rest: Any, **kw: Any) -> Any:
        return Timed(real(spec, game_id, seed, *rest, **kw), spec)

    tournament_module.make_bot = timed_make  # every bot's moves timed (one worker: this process)
    try:
        boards = {"matches": args.matches} if args.matches else {"deals": args.deals or 40}
        result = tournament_module.tournament(game, specs, seed=args.seed, workers=1, **boards)
    except AcademieError as exc:  # a wrong game, bot or board count: one line, as the command says it
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        tournament_module.make_bot = real
    print_result(result, make_console())
    print("\nSeconds a move (decisions with two legal moves or more): median, longest")
    for label, spent in SPENT.items():
        print(f"  {label}: {statistics.median(spent):.3f} s, {max(spent):.3f} s over {len(spent)} moves")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
