"""The compiled heuristic Guimbarde bot (academie.fast.guimbarde.heuristic_action) against the pure
one (academie.bots.guimbarde.HeuristicGuimbarde), the reference: the same choice at every decision
of thousands of deals played through both engines in lockstep, under several readings of the
rules, and seeded matches with heuristic seats that replay the pure engine's (the bot draws
nothing), so that ``simulate`` plays them with the kernel."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.bots import make_bot  # noqa: E402
from academie.fast import guimbarde as K  # noqa: E402
from academie.games import get_game  # noqa: E402

from tests.fast.support import (  # noqa: E402
    assert_bot_matches_replay_the_pure_engine,
    assert_simulate_plays_the_bots_with_the_kernel,
)

GAME = get_game("guimbarde")


def lockstep_decisions(players: int, options: dict, seed: int, heuristic_share: float) -> tuple[int, int]:
    """One match through both engines, the cards dealt at random: at each decision the pure
    heuristic bot's choice and the kernel's must agree; the action applied is that choice
    (``heuristic_share`` of the time) or a random legal one. Returns (decisions, deals)."""
    rng = random.Random(seed)
    opts = GAME.parse_options(options)
    params = fast.guimbarde_params(opts, players)
    pure = GAME.new_initial_state(players, opts)
    ledger = np.zeros((0, 5), dtype=np.int64)
    s = K.new_state(params, ledger)
    bot = make_bot("heuristic", "guimbarde", 0)
    compared = 0
    while not pure.is_terminal():
        legal = pure.legal_actions()
        if pure.is_chance_node():
            action = legal[rng.randrange(len(legal))]
        else:
            want = bot.choose(pure.view(pure.current_player()), legal)
            got = int(K.heuristic_action(s))
            assert got == want, f"decision {compared}: kernel {got}, pure {want} among {legal}, trick {pure.trick}"
            compared += 1
            action = want if rng.random() < heuristic_share else legal[rng.randrange(len(legal))]
        pure.apply_action(action)
        K.apply(s, ledger, action)
    return compared, pure.statistics()["deals"]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 8])
def test_the_same_choice_at_every_decision_of_thousands_of_deals(players: int) -> None:
    decisions = deals = 0
    for m in range(60):
        made, played = lockstep_decisions(players, {}, 500 * players + m, (0.0, 0.6, 1.0)[m % 3])
        decisions += made
        deals += played
    assert deals >= 400 and decisions == deals * 5 * players  # five tricks a deal, a card each


@pytest.mark.parametrize("options", [
    {"follow_rules": "parlett_free", "deals": 4},
    {"overtrump": True, "honours_keep_suit_in_play": True, "rule3_card": "king_of_diamonds", "deals": 4},
    {"discard_marriages": True, "rule7_grand_mariage": True, "point_tiebreak": "value", "deals": 4},
])
def test_the_same_choice_under_other_readings(options: dict) -> None:
    for players in (4, 6):
        for m in range(12):
            lockstep_decisions(players, options, m, 0.6)


@pytest.mark.parametrize("names", [["heuristic", "random", "random", "random"],
                                   ["random", "heuristic", "random", "heuristic", "random"],
                                   ["heuristic"] * 3])
def test_seeded_matches_with_heuristic_seats_replay_the_pure_engine(names: list[str]) -> None:
    assert_bot_matches_replay_the_pure_engine(GAME, names, 31, 40)


def test_simulate_plays_the_heuristic_bot_with_the_kernel(monkeypatch) -> None:
    assert_simulate_plays_the_bots_with_the_kernel(monkeypatch, GAME, ["heuristic", "random", "random", "random"], 4)
