"""The compiled heuristic Reversis bot (academie.fast.reversis.heuristic_action) against the pure
one (academie.bots.reversis.HeuristicReversis), the reference: the same choice at every decision
of thousands of deals played through both engines in lockstep, and seeded matches with the
heuristic bot in any seats that replay the pure engine's (the bot draws nothing: no tie is
broken at random), so that ``simulate`` plays them with the kernel."""

from __future__ import annotations


import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.bots import make_bot  # noqa: E402
from academie.fast import reversis as K  # noqa: E402
from academie.games import get_game  # noqa: E402

from tests.fast.support import (  # noqa: E402
    assert_bot_matches_replay_the_pure_engine,
    assert_simulate_plays_the_bots_with_the_kernel,
)
from tests.fast.test_reversis_kernel import Policy  # noqa: E402

GAME = get_game("reversis")


def lockstep_decisions(players: int, options: dict, policy: Policy, heuristic_share: float) -> tuple[int, int]:
    """One match through both engines: at each decision the pure heuristic bot's choice and the
    kernel's must agree; the action applied is that choice (``heuristic_share`` of the time) or
    the policy's. Returns (decisions compared, deals)."""
    opts = GAME.parse_options(options)
    params = fast.reversis_params(opts, players)
    pure = GAME.new_initial_state(players, opts)
    ledger = np.zeros((0, 5), dtype=np.int64)
    s = K.new_state(params, ledger)
    bot = make_bot("heuristic", "reversis", 0)
    compared = 0
    while not pure.is_terminal():
        legal = pure.legal_actions()
        if pure.is_chance_node():
            action = policy.chance(pure, legal)
        else:
            want = bot.choose(pure.view(pure.current_player()), legal)
            got = int(K.heuristic_action(s))
            assert got == want, f"decision {compared}: kernel {got}, pure {want} among {legal} ({pure.phase})"
            compared += 1
            action = want if policy.rng.random() < heuristic_share else policy.player(pure, legal)
        pure.apply_action(action)
        K.apply(s, ledger, action)
    return compared, pure.statistics()["deals"]


@pytest.mark.parametrize("players", [4, 5])
def test_the_same_choice_at_every_decision_of_thousands_of_deals(players: int) -> None:
    """1,600 deals per player count, the cards dealt at random, to a reversis hunter, or hearts
    to the dealer; the heuristic bot plays some of the cards, the policy the rest."""
    decisions = deals = 0
    for m in range(200):
        kind = ("random", "random", "reversis", "hearts")[m % 4]
        made, played = lockstep_decisions(players, {}, Policy(kind, 7000 * players + m), (0.0, 0.5, 1.0)[m % 3])
        decisions += made
        deals += played
    assert deals == 1600 and decisions >= 1600 * 40  # every card played, and the écart


@pytest.mark.parametrize("options", [{"deck": "52", "deals": 3}, {"talon_five": "large", "direction": "clockwise",
                                                                   "packet": 4, "deals": 3}])
def test_the_same_choice_with_other_decks_and_directions(options: dict) -> None:
    for players in (4, 5):
        for m in range(10):
            lockstep_decisions(players, options, Policy(("random", "reversis", "hearts")[m % 3], m), 0.5)


@pytest.mark.parametrize("names", [["heuristic", "random", "random", "random"],
                                   ["random", "random", "heuristic", "random", "heuristic"],
                                   ["heuristic"] * 4])
def test_seeded_matches_with_heuristic_seats_replay_the_pure_engine(names: list[str]) -> None:
    assert_bot_matches_replay_the_pure_engine(GAME, names, 21, 40)


def test_simulate_plays_the_heuristic_bot_with_the_kernel(monkeypatch) -> None:
    """With a heuristic seat ``simulate`` plays its matches in the kernel (before, in the pure
    engine only), and reports what the pure engine reports."""
    assert_simulate_plays_the_bots_with_the_kernel(monkeypatch, GAME, ["heuristic", "random", "random", "random"], 9)


def test_bots_the_kernel_does_not_play_are_refused_by_name() -> None:
    opts = GAME.parse_options({})
    assert fast.random_matches(GAME, opts, 4, ["heuristic", "ismcts", "random", "random"], 1000) is None
    assert fast.random_matches(GAME, opts, 4, ["heuristic", "random", "random", "random"], 1000) is not None
    with pytest.raises(ValueError, match=r"plays random, heuristic bots, one per seat \(got ismcts"):
        fast.RandomMatches(GAME, opts, 4, ["ismcts", "random", "random", "random"])
    belle = get_game("belle-flux-trente-un")  # a compiled heuristic bot, no compiled ISMCTS bot
    assert fast.random_matches(belle, belle.parse_options({}), 3, ["heuristic", "ismcts", "random"], 10_000) is None
    assert fast.random_matches(belle, belle.parse_options({}), 3, ["heuristic", "random", "random"], 10_000) is not None
    trente = get_game("trente-et-un")
    assert fast.random_matches(trente, trente.parse_options({}), 3, ["heuristic", "random", "random"], 10_000) is not None
    blason = get_game("blason")  # no kernel
    assert fast.random_matches(blason, blason.parse_options({}), 4, ["random"] * 4, 10_000) is None
