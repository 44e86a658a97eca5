"""The compiled Guimbarde (academie.fast) against the pure engine, the reference: thousands of
deals in lockstep through both (the same legal cards at every step — following, heading,
trumping, marriages, rule 3 — and the same returns, ledger payment by payment with its rule, and
statistics), and seeded random matches that replay the pure engine's exactly."""

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
from academie.fast import guimbarde as G  # noqa: E402
from academie.games import get_game  # noqa: E402

from tests.fast.support import assert_seeded_matches_replay_the_pure_engine  # noqa: E402

GAME = get_game("guimbarde")
VARIANTS = [
    {},
    {"follow_rules": "parlett_free", "rule7_grand_mariage": True, "point_tiebreak": "value",
     "trick_box": "first_to_two"},
    {"overtrump": False, "honours_keep_suit_in_play": True, "rule3_card": "king_of_diamonds",
     "discard_marriages": False, "hand_marriages": "announcement", "grand_mariage_table_payers": "king_player",
     "deals": 5, "counters": 9},
]


def lockstep(players: int, options: dict, seed: int, check_arrays: bool = False) -> list:
    """One match through both engines with the same random actions; returns the ledger rows.
    With ``check_arrays`` the kernel's array equals ``from_state`` of the pure state every few
    steps."""
    opts = GAME.parse_options(options)
    pure = GAME.new_initial_state(players, opts)
    ledger = np.zeros((20_000, 5), dtype=np.int64)
    params = fast.guimbarde_params(opts, players)
    s = G.new_state(params, ledger)
    rng = random.Random(seed)
    steps = 0
    while not pure.is_terminal():
        legal = pure.legal_actions()
        assert G.legal_actions(s) == legal, f"step {steps}: legal actions differ"
        assert int(s[G.TURN]) == pure.turn or pure.is_chance_node()
        action = legal[rng.randrange(len(legal))]
        pure.apply_action(action)
        G.apply(s, ledger, action)
        steps += 1
        if check_arrays and steps % 5 == 0:
            np.testing.assert_array_equal(G.compared(G.from_state(pure, params)), G.compared(s),
                                          err_msg=f"step {steps}: the arrays differ")
    assert int(s[G.PHASE]) == G.OVER
    assert [int(s[G.COUNTERS + x]) - opts.counters for x in range(players)] == pure.returns()
    assert [int(s[G.STATS + i]) for i in range(6)] == [pure.statistics()[k] for k in G.STAT_NAMES]
    assert [int(v) for v in s[G.POTS:G.POTS + 5]] == [pure.match.pots[b] for b in G.BOXES]
    rows = [tuple(int(v) for v in row) for row in ledger[: int(s[G.LEDGER_N])]]
    assert rows == G.ledger_rows(pure.match.ledger.entries)
    return rows


@pytest.mark.parametrize("options", VARIANTS)
def test_lockstep_thousands_of_deals(options: dict) -> None:
    """3 to 8 players (32 and 52 cards), every option; over the default run every rule pays."""
    rules: Counter[int] = Counter()
    deals = 0
    m = 0
    while deals < 1000:
        rows = lockstep(3 + m % 6, options, m, check_arrays=m < 12)
        rules.update(row[4] for row in rows)
        deals += len({row[0] for row in rows})
        m += 1
    if not options:
        assert set(rules) == set(G.RULES), f"rules never paid: {set(G.RULES) - set(rules)}"


@pytest.mark.parametrize("players", [3, 4, 8])
def test_seeded_random_matches_replay_the_pure_engine(players: int) -> None:
    assert_seeded_matches_replay_the_pure_engine(GAME, players, 6, 80)


def test_simulate_report_is_the_same_with_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate with random bots uses the kernel (from the game's MIN_MATCHES matches, not below)
    and reports exactly what the pure engine reports."""
    least = fast.MIN_MATCHES["guimbarde"]
    assert fast.random_matches(GAME, GAME.parse_options({}), 4, ["random"] * 4, least) is not None
    assert fast.random_matches(GAME, GAME.parse_options({}), 4, ["random"] * 4, least - 1) is None
    with_kernel = simulate(GAME, ["random"] * 4, fast.MIN_MATCHES["guimbarde"], seed=2).to_json()
    monkeypatch.setattr(fast, "available", lambda: False)
    assert simulate(GAME, ["random"] * 4, fast.MIN_MATCHES["guimbarde"], seed=2).to_json() == with_kernel


def test_rollout_plays_to_the_end_of_the_deal_as_python_would() -> None:
    """rollout(from_state(pure), seed): the deal ends, counters and boxes are conserved, and the
    counters won are those of the same random choices made with Python's generator."""
    rng = random.Random(8)
    for trial in range(30):
        players = 3 + trial % 6
        opts = GAME.parse_options({})
        params = fast.guimbarde_params(opts, players)
        pure = GAME.new_initial_state(players, opts)
        for _ in range(rng.randrange(20, 150)):
            if pure.is_terminal():
                break
            legal = pure.legal_actions()
            pure.apply_action(legal[rng.randrange(len(legal))])
        if pure.is_terminal():
            continue
        s = G.from_state(pure, params)
        total = int(s[G.COUNTERS:G.COUNTERS + players].sum() + s[G.POTS:G.POTS + 5].sum())
        deal, before = pure.match.deal_number, list(pure.match.counters)
        won = G.rollout(s, 2000 + trial, fast.randbelow_variant())
        assert int(s[G.COUNTERS:G.COUNTERS + players].sum() + s[G.POTS:G.POTS + 5].sum()) == total
        replay = random.Random(2000 + trial)
        while pure.match.deal_number == deal and not pure.is_terminal():
            legal = pure.legal_actions()
            pure.apply_action(legal[replay.randrange(len(legal))])
        assert [int(v) for v in won] == [a - b for a, b in zip(pure.results[-1].counters, before)]
