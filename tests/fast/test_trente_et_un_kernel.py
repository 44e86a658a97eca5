"""The compiled Trente et un (academie.fast) against the pure engine, the reference: thousands of
rounds in lockstep through both (the same legal actions, stock and pile in the same order, the
same lives and eliminations at every step; the same returns and statistics), and seeded random
matches that replay the pure engine's exactly."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.analysis.simulate import simulate  # noqa: E402
from academie.bots import make_bot  # noqa: E402
from academie.core.chance import SeededChance  # noqa: E402
from academie.core.runner import play_match  # noqa: E402
from academie.fast import trente_et_un as T  # noqa: E402
from academie.games import get_game  # noqa: E402

from tests.fast.support import assert_seeded_matches_replay_the_pure_engine  # noqa: E402

GAME = get_game("trente-et-un")
VARIANTS = [
    {},
    {"bus": "none", "brelan": "30.5", "knocker_tie": "safe", "no_knock_first_round": True,
     "forbid_same_discard": True},
    {"stock_exhausted": "end_round", "all_out": "eliminate", "dealt_thirty_one": "all_safe",
     "thirty_one_after_knock": "knocker_loses_2", "direction": "counterclockwise", "lives": 1,
     "brelan": "30", "knocker_tie": "lose1"},
]


def lockstep(players: int, options: dict, seed: int, knock_rarely: bool, check_arrays: bool = False) -> dict:
    """One match through both engines with the same actions (random; a knock only one time in
    ten when ``knock_rarely``, so that stocks run out and are reshuffled). With ``check_arrays``
    the kernel's array equals ``from_state`` of the pure state every few steps."""
    opts = GAME.parse_options(options)
    pure = GAME.new_initial_state(players, opts)
    params = fast.trente_et_un_params(opts, players)
    s = T.new_state(params)
    rng = random.Random(seed)
    steps = 0
    while not pure.is_terminal():
        legal = pure.legal_actions()
        assert T.legal_actions(s) == legal, f"step {steps}: legal actions differ"
        assert [int(c) for c in s[T.STOCK_CARDS: T.STOCK_CARDS + s[T.STOCK_N]]] == pure.stock
        assert [int(c) for c in s[T.PILE_CARDS: T.PILE_CARDS + s[T.PILE_N]]] == pure.pile
        m = pure.match
        assert [int(v) for v in s[T.LIVES: T.LIVES + players]] == m.lives
        assert [bool(v) for v in s[T.OUT: T.OUT + players]] == m.eliminated
        assert (int(s[T.DEALER]), int(s[T.DEALNO]), int(s[T.TURN])) == (m.dealer, m.deal_number, pure.turn)
        choices = [a for a in legal if a != T.KNOCK] if knock_rarely and rng.random() < 0.9 else legal
        action = (choices or legal)[rng.randrange(len(choices or legal))]
        pure.apply_action(action)
        T.apply(s, action)
        steps += 1
        if check_arrays and steps % 3 == 0 and not pure.is_terminal():
            np.testing.assert_array_equal(T.compared(T.from_state(pure, params)), T.compared(s),
                                          err_msg=f"step {steps}: the arrays differ")
    assert int(s[T.PHASE]) == T.OVER and T.legal_actions(s) == []
    stats = pure.statistics()
    assert [int(s[T.STATS + i]) for i in range(4)] == [stats[k] for k in T.STAT_NAMES]
    assert (None if s[T.WINNER] < 0 else int(s[T.WINNER])) == stats["winner"]
    return stats


@pytest.mark.parametrize("options", VARIANTS)
def test_lockstep_thousands_of_rounds(options: dict) -> None:
    """2 to 9 players, every option the kernel implements: knocks, 31s (dealt too), empty
    stocks reshuffled or ending the round, void rounds, eliminations, all the same."""
    totals = dict.fromkeys(T.STAT_NAMES, 0)
    m = 0
    while totals["rounds"] < 1000:  # matches of 2 to 9 players until a thousand rounds
        stats = lockstep(2 + m % 8, options, m, knock_rarely=m % 2 == 1, check_arrays=m < 12)
        for k in T.STAT_NAMES:
            totals[k] += stats[k]
        m += 1
    assert totals["knocks"] and totals["thirty_ones"]
    if not options:
        assert totals["void_rounds"]


@pytest.mark.parametrize("options", [{}, {"dealt_thirty_one": "all_safe"}])
def test_dealt_thirty_ones_and_reshuffles_in_lockstep(options: dict) -> None:
    """Deals stacked so that one or two players are dealt a 31 (ace, king, queen of a suit), and
    knocks rare enough that stocks run out and are reshuffled: still the same."""
    opts = GAME.parse_options(options)
    dealt = reshuffles = 0
    for m in range(12):
        pure = GAME.new_initial_state(4, opts)
        s = T.new_state(fast.trente_et_un_params(opts, 4))
        rng = random.Random(700 + m)
        wanted: dict[int, list[int]] = {}
        while not pure.is_terminal():
            legal = pure.legal_actions()
            assert T.legal_actions(s) == legal
            if pure.phase == "deal":
                if len(pure.stock) == 52:  # a new deal: one or two seats to be dealt a 31
                    suits = rng.sample(range(4), 2)
                    seats = rng.sample(range(4), rng.choice((0, 1, 2)))
                    wanted = {seat: [13 * suit + r for r in (12, 11, 10)] for seat, suit in zip(seats, suits)}
                mine = [c for c in wanted.get(pure.deal_queue[-1], []) if c in legal]
                others = [c for c in legal if all(c not in w for w in wanted.values())]
                pool = mine or others or legal
                action = pool[rng.randrange(len(pool))]
            else:
                no_knock = [a for a in legal if a != T.KNOCK]
                pool = no_knock if no_knock and rng.random() < 0.98 else legal
                action = pool[rng.randrange(len(pool))]
            before = len(pure.stock)
            pure.apply_action(action)
            T.apply(s, action)
            reshuffles += len(pure.stock) > before and pure.phase != "deal"
            assert [int(c) for c in s[T.STOCK_CARDS: T.STOCK_CARDS + s[T.STOCK_N]]] == pure.stock
            assert [int(v) for v in s[T.LIVES: T.LIVES + 4]] == pure.match.lives
        assert pure.returns() == ([0.0] * 4 if s[T.WINNER] < 0 else
                                  [1.0 if x == s[T.WINNER] else -1 / 3 for x in range(4)])
        dealt += sum(1 for r in pure.results if r.ending == "dealt_thirty_one")
    assert dealt > 5 and reshuffles > 5


@pytest.mark.parametrize("players", [2, 4, 9])
def test_seeded_random_matches_replay_the_pure_engine(players: int) -> None:
    assert_seeded_matches_replay_the_pure_engine(GAME, players, 3, 80)


def test_simulate_report_is_the_same_with_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate with random bots uses the kernel (from the game's MIN_MATCHES matches, not below)
    and reports exactly what the pure engine reports."""
    least = fast.MIN_MATCHES["trente-et-un"]
    assert fast.random_matches(GAME, GAME.parse_options({"brelan": "30.5"}), 3, ["random"] * 3, least) is not None
    assert fast.random_matches(GAME, GAME.parse_options({"brelan": "30.5"}), 3, ["random"] * 3, least - 1) is None
    with_kernel = simulate(GAME, ["random"] * 3, fast.MIN_MATCHES["trente-et-un"], seed=9, options={"brelan": "30.5"}).to_json()
    monkeypatch.setattr(fast, "available", lambda: False)
    assert simulate(GAME, ["random"] * 3, fast.MIN_MATCHES["trente-et-un"], seed=9, options={"brelan": "30.5"}).to_json() == with_kernel


def test_refuses_the_31_shown_on_draw() -> None:
    opts = GAME.parse_options({"thirty_one_check": "on_draw"})
    assert "thirty_one_check" in fast.unsupported_reason(GAME, opts, 4)
    assert fast.random_matches(GAME, opts, 4, ["random"] * 4, 10_000) is None


def test_rollout_plays_to_the_end_of_the_round_as_python_would() -> None:
    """rollout(from_state(pure), seed): the round ends, and each seat's change of standing
    (lives, plus one while in) is that of the same random choices made with Python's generator."""
    rng = random.Random(10)
    for trial in range(40):
        players = 2 + trial % 8
        opts = GAME.parse_options({})
        params = fast.trente_et_un_params(opts, players)
        pure = GAME.new_initial_state(players, opts)
        for _ in range(rng.randrange(5, 120)):
            if pure.is_terminal():
                break
            legal = pure.legal_actions()
            pure.apply_action(legal[rng.randrange(len(legal))])
        if pure.is_terminal():
            continue

        def standing() -> list[int]:
            return [lives + (not out) for lives, out in zip(pure.match.lives, pure.match.eliminated)]

        s = T.from_state(pure, params)
        rounds, before = pure.stats["rounds"], standing()
        won = T.rollout(s, 4000 + trial, fast.randbelow_variant())
        replay = random.Random(4000 + trial)
        while pure.stats["rounds"] == rounds and not pure.is_terminal():
            legal = pure.legal_actions()
            pure.apply_action(legal[replay.randrange(len(legal))])
        assert [int(v) for v in won] == [a - b for a, b in zip(standing(), before)]
