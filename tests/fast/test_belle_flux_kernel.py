"""The compiled Belle, Flux et Trente-un (academie.fast) against the pure engine, the reference:
thousands of deals in lockstep through both (the same legal actions at every step; the same
returns, ledger — every stake and basket won — and statistics), and seeded random matches that
replay the pure engine's exactly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.analysis.simulate import simulate  # noqa: E402
from academie.bots import make_bot  # noqa: E402
from academie.core.chance import SeededChance  # noqa: E402
from academie.core.runner import play_match  # noqa: E402
from academie.fast import belle_flux as B  # noqa: E402
from academie.games import get_game  # noqa: E402

from tests.fast.support import assert_seeded_matches_replay_the_pure_engine  # noqa: E402

GAME = get_game("belle-flux-trente-un")
VARIANTS = [
    {},
    {"tie_rule": "eldest_wins", "flux_carry_adds_stake": False, "belle_order": "ace_high", "deals": 0,
     "counters": 12},
    {"trente_un_count": "one_suit", "stand_is_final": False, "extra_cards": "face_up", "all_bust": "nearest_wins",
     "stock_exhausted": "whole_rounds", "direction": "clockwise", "stake": 2, "deals": 30},
]


def lockstep(players: int, options: dict, seed: int, asks: float, check_arrays: bool = False) -> list:
    """One match through both engines with the same actions (chance at random; a player asks
    with probability ``asks`` when he may). Returns the kernel's ledger rows. With
    ``check_arrays`` the kernel's array equals ``from_state`` of the pure state every few steps."""
    opts = GAME.parse_options(options)
    pure = GAME.new_initial_state(players, opts)
    ledger = np.zeros((20_000, 5), dtype=np.int64)
    params = fast.belle_flux_params(opts, players)
    s = B.new_state(params, ledger)
    rng = random.Random(seed)
    steps = 0
    while not pure.is_terminal():
        legal = pure.legal_actions()
        assert B.legal_actions(s) == legal, f"step {steps}: legal actions differ"
        if pure.is_chance_node():
            action = legal[rng.randrange(len(legal))]
        else:
            assert int(s[B.TURN]) == pure.turn
            action = B.ASK if B.ASK in legal and rng.random() < asks else B.STAND
        pure.apply_action(action)
        B.apply(s, ledger, action)
        steps += 1
        if check_arrays and steps % 3 == 0 and not pure.is_terminal():
            np.testing.assert_array_equal(B.compared(B.from_state(pure, params)), B.compared(s),
                                          err_msg=f"step {steps}: the arrays differ")
    assert int(s[B.PHASE]) == B.OVER
    assert [int(s[B.COUNTERS + x]) - opts.counters for x in range(players)] == pure.returns()
    assert [int(s[B.STATS + i]) for i in range(6)] == [pure.statistics()[k] for k in B.STAT_NAMES]
    assert [int(v) for v in s[B.POTS:B.POTS + 3]] == [pure.match.pots[b] for b in B.BASKETS]
    rows = [tuple(int(v) for v in row) for row in ledger[: int(s[B.LEDGER_N])]]
    assert rows == B.ledger_rows(pure.match.ledger.entries)
    return rows


@pytest.mark.parametrize("options", VARIANTS)
def test_lockstep_thousands_of_deals(options: dict) -> None:
    """2 to 12 players, every option: every stake and basket won, payment by payment."""
    rules: Counter[int] = Counter()
    deals = 0
    m = 0
    while deals < 1000:
        rows = lockstep(2 + m % 11, options, m, asks=(0.3, 0.6, 0.9)[m % 3], check_arrays=m < 12)
        rules.update(row[4] for row in rows)
        deals += len({row[0] for row in rows})
        m += 1
    assert set(rules) == set(range(6)) or options.get("flux_carry_adds_stake") is False


@pytest.mark.parametrize("players", [2, 5, 12])
def test_seeded_random_matches_replay_the_pure_engine(players: int) -> None:
    assert_seeded_matches_replay_the_pure_engine(GAME, players, 5, 80)


def test_simulate_report_is_the_same_with_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate with random bots uses the kernel (from the game's MIN_MATCHES matches, not below)
    and reports exactly what the pure engine reports."""
    least = fast.MIN_MATCHES["belle-flux-trente-un"]
    assert fast.random_matches(GAME, GAME.parse_options({}), 5, ["random"] * 5, least) is not None
    assert fast.random_matches(GAME, GAME.parse_options({}), 5, ["random"] * 5, least - 1) is None
    with_kernel = simulate(GAME, ["random"] * 5, fast.MIN_MATCHES["belle-flux-trente-un"], seed=4).to_json()
    monkeypatch.setattr(fast, "available", lambda: False)
    assert simulate(GAME, ["random"] * 5, fast.MIN_MATCHES["belle-flux-trente-un"], seed=4).to_json() == with_kernel


def test_rollout_plays_to_the_end_of_the_deal_as_python_would() -> None:
    """rollout(from_state(pure), seed): the deal ends, counters and baskets are conserved, and
    the counters won are those of the same random choices made with Python's generator."""
    rng = random.Random(9)
    for trial in range(30):
        players = 2 + trial % 11
        opts = GAME.parse_options({})
        params = fast.belle_flux_params(opts, players)
        pure = GAME.new_initial_state(players, opts)
        for _ in range(rng.randrange(10, 150)):
            if pure.is_terminal():
                break
            legal = pure.legal_actions()
            pure.apply_action(legal[rng.randrange(len(legal))])
        if pure.is_terminal():
            continue
        s = B.from_state(pure, params)
        total = int(s[B.COUNTERS:B.COUNTERS + players].sum() + s[B.POTS:B.POTS + 3].sum())
        deal, before = pure.match.deal_number, list(pure.match.counters)
        won = B.rollout(s, 3000 + trial, fast.randbelow_variant())
        assert int(s[B.COUNTERS:B.COUNTERS + players].sum() + s[B.POTS:B.POTS + 3].sum()) == total
        replay = random.Random(3000 + trial)
        while pure.match.deal_number == deal and not pure.is_terminal():
            legal = pure.legal_actions()
            pure.apply_action(legal[replay.randrange(len(legal))])
        assert [int(v) for v in won] == [a - b for a, b in zip(pure.results[-1].counters, before)]
