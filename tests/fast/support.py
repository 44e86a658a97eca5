"""Checks shared by the compiled kernels' tests."""

from __future__ import annotations

import random

from academie import fast
from academie.bots import make_bot
from academie.core.chance import SeededChance
from academie.core.game import Game
from academie.core.runner import play_match


def assert_seeded_matches_replay_the_pure_engine(game: Game, players: int, seed: int, count: int) -> None:
    """``fast.play_random_matches(seed)`` plays the matches ``simulate(seed)`` plays with random
    bots: each match's seeds drawn in turn from ``random.Random(seed)``, the same returns and
    statistics, match by match."""
    returns, stats = fast.play_random_matches(game, {}, players, seed, count)
    master = random.Random(seed)
    for m in range(count):
        seeds = [master.getrandbits(32) for _ in range(players + 1)]
        state = game.new_initial_state(players)
        play_match(state, SeededChance(seeds[players]), [make_bot("random", game.info.id, x) for x in seeds[:players]])
        assert (returns[m], stats[m]) == (state.returns(), state.statistics()), f"match {m}"
