"""The compiled Guinguette (academie.fast) against the pure engine, the reference: thousands of
deals in lockstep through both (the same legal actions at every step — the deal and the draws
from the stock in its order, the stirring and its renvi, the raises held or left, running out of
counters — and the same returns, ledger payment by payment with its rule, and statistics), under
every reading of the reconstruction, and seeded random matches that replay the pure engine's
exactly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.fast import guinguette as K  # noqa: E402
from academie.games import get_game  # noqa: E402

from tests.fast.support import assert_seeded_matches_replay_the_pure_engine  # noqa: E402

GAME = get_game("guinguette")
VARIANTS = [
    {},
    {"guinguette_when": "deal", "discard": "into_cotillon", "renvi_cotillon": "raise", "cotillon_award": "suit_point",
     "ties": "carry", "tierce_suits": "same", "ace_tierce": "bridge"},
    {"renvi_cotillon": "off", "cotillon_contest": "stirrers", "out_of_counters": "debt", "deals": 12,
     "guinguette_stake": 2, "basket_stake": 0, "counters": 40},
    {"renvi_cotillon": "raise", "cotillon_contest": "stirrers", "ace_tierce": "bridge", "basket_stake": 3,
     "deals": 20},
]


def lockstep(players: int, options: dict, seed: int, check_arrays: bool = False) -> list:
    """One match through both engines, the chance drawn as the pure engine draws it (by its
    place in the stock) and the players' actions at random; returns the ledger rows. With
    ``check_arrays`` the kernel's array equals ``from_state`` of the pure state every few steps."""
    opts = GAME.parse_options(options)
    pure = GAME.new_initial_state(players, opts)
    ledger = np.zeros((20_000, 5), dtype=np.int64)
    params = fast.guinguette_params(opts, players)
    s = K.new_state(params, ledger)
    rng = random.Random(seed)
    steps = 0
    while not pure.is_terminal():
        legal = pure.legal_actions()
        assert K.legal_actions(s) == legal, f"step {steps}: legal actions differ"
        if pure.is_chance_node():
            assert K.stock(s) == pure.stock, f"step {steps}: the stocks differ"
            action = pure.sample_chance(rng)
        else:
            assert int(s[K.TURN]) == pure.turn, f"step {steps}: the seats to speak differ"
            action = legal[rng.randrange(len(legal))]
        pure.apply_action(action)
        K.apply(s, ledger, action)
        steps += 1
        if check_arrays and steps % 3 == 0:
            np.testing.assert_array_equal(K.compared(K.from_state(pure, params)), K.compared(s),
                                          err_msg=f"step {steps}: the arrays differ")
    if check_arrays:
        np.testing.assert_array_equal(K.compared(K.from_state(pure, params)), K.compared(s))
    assert int(s[K.PHASE]) == K.OVER
    assert [int(s[K.COUNTERS + x]) - opts.counters for x in range(players)] == pure.returns()
    assert [int(s[K.STATS + i]) for i in range(9)] == [pure.statistics()[k] for k in K.STAT_NAMES]
    assert [int(v) for v in s[K.POTS:K.POTS + 3]] == [pure.match.pots[b] for b in K.BASKETS]
    rows = [tuple(int(v) for v in row) for row in ledger[: int(s[K.LEDGER_N])]]
    assert rows == K.ledger_rows(pure.match.ledger.entries)
    return rows


@pytest.mark.parametrize("options", VARIANTS)
def test_lockstep_thousands_of_deals(options: dict) -> None:
    """3 to 8 players (36 and 52 cards), every reading; over the default run and the second
    every rule of the kernel pays."""
    rules: Counter[int] = Counter()
    deals = 0
    m = 0
    while deals < 1500:
        rows = lockstep(3 + m % 6, options, m, check_arrays=m < 12)
        rules.update(row[4] for row in rows)
        deals += len({row[0] for row in rows})
        m += 1
    if options is VARIANTS[0]:
        assert set(rules) == set(K.RULES) - {K.RULE_RENVI}, f"rules never paid: {set(K.RULES) - set(rules)}"
    if options is VARIANTS[1]:
        assert K.RULE_RENVI in rules and K.RULE_STIR_AGAIN not in rules


@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_seeded_random_matches_replay_the_pure_engine(players: int) -> None:
    assert_seeded_matches_replay_the_pure_engine(GAME, players, 6, 150)


def test_the_kernel_plays_every_option() -> None:
    """Every option of the Guinguette is one the kernel plays (none is refused)."""
    assert fast.FREE_OPTIONS["guinguette"] == frozenset(type(GAME.parse_options({})).model_fields)
    assert fast.supports(GAME, GAME.parse_options(VARIANTS[1]), 8)
    assert fast.unsupported_reason(GAME, GAME.parse_options({}), 9) is not None


def test_simulate_report_is_the_same_with_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate with random bots uses the kernel (from the game's MIN_MATCHES matches, not below)
    and reports exactly what the pure engine reports."""
    from academie.analysis.simulate import simulate

    least = fast.MIN_MATCHES["guinguette"]
    assert fast.random_matches(GAME, GAME.parse_options({}), 4, ["random"] * 4, least) is not None
    assert fast.random_matches(GAME, GAME.parse_options({}), 4, ["random"] * 4, least - 1) is None
    with_kernel = simulate(GAME, ["random"] * 5, least, seed=2).to_json()
    monkeypatch.setattr(fast, "available", lambda: False)
    assert simulate(GAME, ["random"] * 5, least, seed=2).to_json() == with_kernel


@pytest.mark.parametrize("options", VARIANTS)
def test_rollout_plays_to_the_end_of_the_deal_as_python_would(options: dict) -> None:
    """rollout(from_state(pure), seed) from seeded positions in the first deals: the deal ends,
    counters and baskets are conserved, and the counters won are those of the same random
    choices made with Python's generator (the chance by its place in the stock, as the pure
    engine draws it; a decision among the legal actions in their order)."""
    rng = random.Random(8)
    opts = GAME.parse_options(options)
    played = 0
    for trial in range(40):
        players = 3 + trial % 6
        params = fast.guinguette_params(opts, players)
        pure = GAME.new_initial_state(players, opts)
        for _ in range(rng.randrange(0, 80)):
            if pure.is_terminal():
                break
            legal = pure.legal_actions()
            pure.apply_action(pure.sample_chance(rng) if pure.is_chance_node() else legal[rng.randrange(len(legal))])
        if pure.is_terminal():
            continue
        s = K.from_state(pure, params)
        total = int(s[K.COUNTERS:K.COUNTERS + players].sum() + s[K.POTS:K.POTS + 3].sum())
        deal, before = pure.match.deal_number, list(pure.match.counters)
        won = K.rollout(s, 2000 + trial, fast.randbelow_variant())
        assert int(s[K.COUNTERS:K.COUNTERS + players].sum() + s[K.POTS:K.POTS + 3].sum()) == total
        replay = random.Random(2000 + trial)
        while pure.match.deal_number == deal and not pure.is_terminal():
            legal = pure.legal_actions()
            pure.apply_action(pure.sample_chance(replay) if pure.is_chance_node()
                              else legal[replay.randrange(len(legal))])
        assert [int(v) for v in won] == [a - b for a, b in zip(pure.results[-1].counters, before)], f"trial {trial}"
        np.testing.assert_array_equal(K.compared(s), K.compared(K.from_state(pure, params)))
        played += 1
    assert played >= 30
