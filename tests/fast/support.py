"""Checks shared by the compiled kernels' tests."""

from __future__ import annotations

import random
from typing import Any

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


def assert_bot_matches_replay_the_pure_engine(game: Game, names: list[str], seed: int, count: int,
                                              actions: bool = False) -> None:
    """The kernel's matches with the bots ``names`` (``fast.RandomMatches(...).play_seeds``)
    equal the pure engine's for the same seeds (each match's drawn in turn from
    ``random.Random(seed)``: one per seat's bot, then the chance's): the same returns and
    statistics, match by match, and with ``actions`` the same number of actions."""
    players = len(names)
    master = random.Random(seed)
    seeds = [[master.getrandbits(32) for _ in range(players + 1)] for _ in range(count)]
    played = fast.RandomMatches(game, game.parse_options({}), players, names).play_seeds(seeds)
    for m, (row, match) in enumerate(zip(seeds, played)):
        state = game.new_initial_state(players)
        play_match(state, SeededChance(row[players]), [make_bot(n, game.info.id, x) for n, x in zip(names, row)])
        kernel, pure = (match.returns(), match.statistics()), (state.returns(), state.statistics())
        if actions:
            kernel, pure = (*kernel, match.actions), (*pure, len(state.history))
        assert kernel == pure, f"match {m}"


def assert_simulate_plays_the_bots_with_the_kernel(monkeypatch: Any, game: Game, names: list[str], seed: int) -> None:
    """``simulate`` with the bots ``names`` plays its matches in the kernel (every match goes
    through ``RandomMatches.play_arrays``) and reports what the pure engine reports for the same
    seed, figure for figure."""
    from academie.analysis.simulate import simulate

    calls: list[Any] = []
    real = fast.RandomMatches.play_arrays

    def counted(self: Any, seeds: Any) -> Any:
        calls.extend(seeds)
        return real(self, seeds)

    monkeypatch.setattr(fast.RandomMatches, "play_arrays", counted)
    matches = fast.MIN_MATCHES[game.info.id]
    with_kernel = simulate(game, names, matches, seed=seed, workers=1).to_json()
    assert len(calls) >= matches
    monkeypatch.setattr(fast, "available", lambda: False)
    assert simulate(game, names, matches, seed=seed, workers=1).to_json() == with_kernel
