"""The compiled heuristic Guinguette bot (academie.fast.guinguette.heuristic_action) against the
pure one (academie.bots.guinguette.HeuristicGuinguette), the reference: the same choice at every
decision of thousands of deals played through both engines in lockstep, under several readings
of the reconstruction, and seeded matches with heuristic seats that replay the pure engine's (the
bot draws nothing), so that ``simulate`` plays them with the kernel."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.bots import make_bot  # noqa: E402
from academie.fast import guinguette as K  # noqa: E402
from academie.games import get_game  # noqa: E402

from tests.fast.support import (  # noqa: E402
    assert_bot_matches_replay_the_pure_engine,
    assert_simulate_plays_the_bots_with_the_kernel,
)

GAME = get_game("guinguette")


def lockstep_decisions(players: int, options: dict, seed: int, heuristic_share: float) -> tuple[int, int]:
    """One match through both engines, the cards dealt and drawn at random: at each decision the
    pure heuristic bot's choice and the kernel's must agree; the action applied is that choice
    (``heuristic_share`` of the time) or a random legal one. Returns (decisions, deals)."""
    rng = random.Random(seed)
    opts = GAME.parse_options(options)
    pure = GAME.new_initial_state(players, opts)
    ledger = np.zeros((0, 5), dtype=np.int64)
    s = K.new_state(fast.guinguette_params(opts, players), ledger)
    bot = make_bot("heuristic", "guinguette", 0)
    compared = 0
    while not pure.is_terminal():
        legal = pure.legal_actions()
        if pure.is_chance_node():
            action = pure.sample_chance(rng)
        else:
            want = bot.choose(pure.view(pure.current_player()), legal)
            got = int(K.heuristic_action(s))
            assert got == want, f"decision {compared}: kernel {got}, pure {want} among {legal}"
            compared += 1
            action = want if rng.random() < heuristic_share else legal[rng.randrange(len(legal))]
        pure.apply_action(action)
        K.apply(s, ledger, action)
    return compared, pure.statistics()["deals"]


@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_the_same_choice_at_every_decision_of_thousands_of_deals(players: int) -> None:
    decisions = deals = 0
    for m in range(150):
        made, played = lockstep_decisions(players, {}, 500 * players + m, (0.0, 0.6, 1.0)[m % 3])
        decisions += made
        deals += played
    assert deals >= 400 and decisions >= deals * players  # each speaks at least once a deal


@pytest.mark.parametrize("options", [
    {"renvi_cotillon": "raise", "tierce_suits": "same", "deals": 6},
    {"guinguette_when": "deal", "discard": "into_cotillon", "ace_tierce": "bridge", "out_of_counters": "debt"},
    {"renvi_cotillon": "off", "cotillon_award": "suit_point", "cotillon_contest": "stirrers", "ties": "carry"},
])
def test_the_same_choice_under_other_readings(options: dict) -> None:
    for players in (4, 6):
        for m in range(40):
            lockstep_decisions(players, options, m, 0.6)


@pytest.mark.parametrize("names", [["heuristic", "random", "random", "random"],
                                   ["random", "heuristic", "random", "heuristic", "random"],
                                   ["heuristic"] * 3])
def test_seeded_matches_with_heuristic_seats_replay_the_pure_engine(names: list[str]) -> None:
    assert_bot_matches_replay_the_pure_engine(GAME, names, 31, 100, actions=True)


def test_simulate_plays_the_heuristic_bot_with_the_kernel(monkeypatch) -> None:
    assert_simulate_plays_the_bots_with_the_kernel(monkeypatch, GAME, ["heuristic", "random", "random", "random"], 4)


@pytest.mark.parametrize("options", [
    {},
    {"renvi_cotillon": "raise", "tierce_suits": "same", "guinguette_when": "deal", "discard": "into_cotillon"},
    {"renvi_cotillon": "off", "cotillon_award": "suit_point", "cotillon_contest": "stirrers", "ties": "carry",
     "ace_tierce": "bridge", "out_of_counters": "debt"},
])
def test_heuristic_rollout_gives_the_pure_playouts_deal_results(options: dict) -> None:
    """heuristic_rollout(from_state(pure)) from seeded positions of a thousand deals per reading
    (3 to 8 players, a random number of random actions into a deal, half the playouts after one
    more action given as ``first``): the same counters won, the same number of actions and the
    same state at the end as the pure playout of :class:`~academie.bots.ismcts.ISMCTSBot` with
    the heuristic bot in every seat, seeded alike."""
    from academie.bots.ismcts import ISMCTSBot, _SeatBots
    from academie.bots.roster import own_bots

    opts = GAME.parse_options(options)
    factory = own_bots()["guinguette"]["heuristic"]
    bot = ISMCTSBot("guinguette", 0, rollout="heuristic")
    variant = fast.randbelow_variant()
    deals = actions = 0
    for seed in range(1000):
        rng = random.Random(seed)
        players = 3 + seed % 6
        params = fast.guinguette_params(opts, players)
        pure = GAME.new_initial_state(players, opts)
        for _ in range(rng.randrange(0, 40)):
            if pure.is_terminal() or pure.match.deal_number > 0:
                break
            legal = pure.legal_actions()
            pure.apply_action(pure.sample_chance(rng) if pure.is_chance_node() else legal[rng.randrange(len(legal))])
        if pure.is_terminal():
            continue
        first = -1
        if rng.random() < 0.5:
            legal = pure.legal_actions()
            first = legal[rng.randrange(len(legal))]
        chance_seed, policy_seed = rng.getrandbits(32), rng.getrandbits(32)
        s = K.from_state(pure, params)
        won = K.heuristic_rollout(s, chance_seed, policy_seed, np.zeros((players, 0)), variant, first)
        before, deal = list(pure.match.counters), pure.match.deal_number
        if first >= 0:
            pure.apply_action(first)
        applied = []
        apply = pure.apply_action
        pure.apply_action = lambda action, trusted=False: (applied.append(action), apply(action, trusted=trusted))
        if not pure.is_terminal() and pure.match.deal_number == deal:
            bot._playout(pure, deal, random.Random(chance_seed), _SeatBots(factory, policy_seed))
        assert pure.match.deal_number == deal + 1, f"seed {seed}: the deal did not end"
        end = pure.results[-1].counters
        assert [int(won[k]) for k in range(players)] == [end[k] - before[k] for k in range(players)], f"seed {seed}"
        assert int(won[players]) == len(applied), f"seed {seed}"
        np.testing.assert_array_equal(K.compared(s), K.compared(K.from_state(pure, params)), err_msg=f"seed {seed}")
        deals += 1
        actions += len(applied)
    assert deals >= 950 and actions >= 20 * deals
