"""The compiled heuristic Trente et un bot (academie.fast.trente_et_un.heuristic_action) against the
pure one (academie.bots.trente_et_un.HeuristicTrenteEtUn), the reference: the same choice at every
decision of thousands of deals played through both engines in lockstep, its tie-breaks drawn from
a generator seeded as the pure bot's (the same draws, the generators left in the same place),
under several readings of the rules; and seeded matches with heuristic seats that replay the pure
engine's, so that ``simulate`` plays them with the kernel."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.bots import make_bot  # noqa: E402
from academie.fast import trente_et_un as T  # noqa: E402
from academie.fast.mt import mt_next, new_generator  # noqa: E402
from academie.games import get_game  # noqa: E402

from tests.fast.support import (  # noqa: E402
    assert_bot_matches_replay_the_pure_engine,
    assert_simulate_plays_the_bots_with_the_kernel,
)

GAME = get_game("trente-et-un")
VARIANTS = [
    {"bus": "none", "brelan": "30.5", "knocker_tie": "safe", "no_knock_first_round": True,
     "forbid_same_discard": True},
    {"stock_exhausted": "end_round", "all_out": "eliminate", "dealt_thirty_one": "all_safe",
     "thirty_one_after_knock": "knocker_loses_2", "direction": "counterclockwise", "lives": 1, "brelan": "30"},
]


def lockstep_decisions(players: int, options: dict, seed: int, heuristic_share: float) -> tuple[int, int, int]:
    """One match through both engines, the cards dealt at random: at each decision the pure
    heuristic bot's choice and the kernel's must agree, the kernel's bot drawing from a generator
    seeded as the pure bot's; the action applied is that choice (``heuristic_share`` of the
    time) or a random legal one. Returns (decisions, discards, rounds)."""
    rng = random.Random(seed)
    opts = GAME.parse_options(options)
    params = fast.trente_et_un_params(opts, players)
    pure = GAME.new_initial_state(players, opts)
    s = T.new_state(params)
    bot = make_bot("heuristic", "trente-et-un", seed)
    mt = new_generator(seed)
    compared = discards = 0
    while not pure.is_terminal():
        legal = pure.legal_actions()
        if pure.is_chance_node():
            action = legal[rng.randrange(len(legal))]
        else:
            view = pure.view(pure.current_player())
            want = bot.choose(view, legal)
            got = int(T.heuristic_action(s, mt))
            assert got == want, f"decision {compared}: kernel {got}, pure {want} among {legal}, hand {view.hand}"
            compared += 1
            discards += view.phase == "discard"
            action = want if rng.random() < heuristic_share else legal[rng.randrange(len(legal))]
        pure.apply_action(action)
        T.apply(s, action)
    assert int(mt_next(mt)) == bot.rng.getrandbits(32)  # the same draws: both generators in one place
    return compared, discards, pure.statistics()["rounds"]


@pytest.mark.parametrize("players", [2, 3, 4, 6, 9])
def test_the_same_choice_at_every_decision_of_thousands_of_deals(players: int) -> None:
    decisions = discards = rounds = 0
    for m in range(100):
        made, thrown, played = lockstep_decisions(players, {}, 700 * players + m, (0.0, 0.7, 1.0)[m % 3])
        decisions, discards, rounds = decisions + made, discards + thrown, rounds + played
    assert rounds >= 400 and discards >= 1000 and decisions > discards


@pytest.mark.parametrize("options", VARIANTS)
def test_the_same_choice_under_other_readings(options: dict) -> None:
    rounds = 0
    for players in (3, 5):
        for m in range(40):
            rounds += lockstep_decisions(players, options, m, 0.7)[2]
    assert rounds >= 200


@pytest.mark.parametrize("names", [["heuristic", "random", "random"],
                                   ["random", "heuristic", "random", "heuristic", "random"],
                                   ["heuristic"] * 4])
def test_seeded_matches_with_heuristic_seats_replay_the_pure_engine(names: list[str]) -> None:
    assert_bot_matches_replay_the_pure_engine(GAME, names, 31, 60, actions=True)


def test_simulate_plays_the_heuristic_bot_with_the_kernel(monkeypatch) -> None:
    assert_simulate_plays_the_bots_with_the_kernel(monkeypatch, GAME, ["heuristic", "random", "random"], 4)
