"""The compiled Reversis (academie.fast) against the pure engine, the reference: thousands of
deals played in lockstep through both, with the same legal actions at every step and the same
returns, ledgers (payment by payment, each with its rule) and statistics; seeded random matches
that replay the pure engine's exactly; simulate's report the same with and without the kernel."""

from __future__ import annotations

import random
from collections import Counter

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.analysis import simulate as simulate_module  # noqa: E402
from academie.bots import make_bot  # noqa: E402
from academie.cards import HEARTS  # noqa: E402
from academie.core.chance import SeededChance  # noqa: E402
from academie.core.runner import play_match  # noqa: E402
from academie.fast import reversis as K  # noqa: E402
from academie.games import get_game  # noqa: E402

GAME = get_game("reversis")
LEDGER_CAP = 4096


def _highest(legal: list[int]) -> int:
    return max(legal, key=lambda a: (a % 100) % 13 if a != K.PASS else -1)


def _lowest(legal: list[int]) -> int:
    return min(legal, key=lambda a: (a % 100) % 13 if a != K.PASS else 99)


HIGH = {12, 11, 10}  # ace, king, queen


class Policy:
    """Chooses every action of a lockstep match, chance outcomes included.

    ``kind``: ``random``; ``reversis`` (in each deal one seat is dealt aces, kings and queens
    first, keeps them in the écart and plays its highest card, the others their lowest: reversis
    happen); ``hearts`` (the dealer is dealt hearts first: a dealer holding only hearts must put
    one in the écart, the quinola when he can)."""

    def __init__(self, kind: str, seed: int) -> None:
        self.kind, self.rng = kind, random.Random(seed)
        self.first = self.rng.randrange(5)

    def hunter(self, pure) -> int:
        return (self.first + pure.match.deal_number) % pure.num_players

    def _pick(self, preferred: list[int], rest: list[int]) -> int:
        pick = preferred or rest
        return pick[self.rng.randrange(len(pick))]

    def chance(self, pure, legal: list[int]) -> int:
        seat = pure.deal_queue[-1]
        if self.kind == "hearts":
            hearts = [c for c in legal if c // 13 == HEARTS]
            others = [c for c in legal if c // 13 != HEARTS]
            return self._pick(hearts, others) if seat == pure.match.dealer else self._pick(others, hearts)
        if self.kind == "reversis":
            high = [c for c in legal if c % 13 in HIGH]
            low = [c for c in legal if c % 13 not in HIGH]
            return self._pick(high, low) if seat == self.hunter(pure) else self._pick(low, high)
        return legal[self.rng.randrange(len(legal))]

    def player(self, pure, legal: list[int]) -> int:
        if self.kind == "hearts" and K.ECART + K.QUINOLA in legal:
            return K.ECART + K.QUINOLA
        if self.kind == "reversis" and pure.turn == self.hunter(pure):
            if pure.phase == "ecart":
                return K.PASS if K.PASS in legal else _lowest(legal)
            return _highest(legal)
        if self.kind == "reversis" and pure.phase == "play":
            return _lowest(legal)
        return legal[self.rng.randrange(len(legal))]


def lockstep(players: int, options: dict, policy: Policy, check_arrays: bool = False) -> tuple[list, int]:
    """Play one match through both engines with the same actions; returns the kernel's ledger
    rows and the number of deals."""
    opts = GAME.parse_options(options)
    params = fast.reversis_params(opts, players)
    pure = GAME.new_initial_state(players, opts)
    ledger = np.zeros((LEDGER_CAP, 5), dtype=np.int64)
    s = K.new_state(params, ledger)
    steps = 0
    while not pure.is_terminal():
        legal = pure.legal_actions()
        assert K.legal_actions(s) == legal, f"step {steps}: legal actions differ"
        assert int(s[K.TURN]) == pure.turn and int(s[K.DEALNO]) == pure.match.deal_number
        action = policy.chance(pure, legal) if pure.is_chance_node() else policy.player(pure, legal)
        pure.apply_action(action)
        K.apply(s, ledger, action)
        steps += 1
        if check_arrays and steps % 7 == 0:
            np.testing.assert_array_equal(K.compared(K.from_state(pure, params)), K.compared(s),
                                          err_msg=f"step {steps}: the arrays differ")
    assert int(s[K.PHASE]) == K.OVER and K.legal_actions(s) == []
    returns = [int(s[K.COUNTERS + seat]) - opts.counters for seat in range(players)]
    assert returns == pure.returns()
    assert int(s[K.POOL]) == pure.match.pots["poule"]
    rows = [tuple(int(v) for v in row) for row in ledger[: int(s[K.LEDGER_N])]]
    assert int(s[K.LEDGER_N]) <= LEDGER_CAP
    assert rows == K.ledger_rows(pure.match.ledger.entries)
    stats = fast._statistics(_stat_row(s, players), players)
    assert stats == pure.statistics()
    return rows, pure.statistics()["deals"]


def _stat_row(s, players: int) -> list[int]:
    row = [int(s[K.STATS + i]) for i in range(len(K.STAT_NAMES))]
    for j in range(len(K.PER_SEAT_NAMES)):
        row += [int(s[K.PER_SEAT + 5 * j + seat]) for seat in range(players)]
    return row


@pytest.mark.parametrize("players", [4, 5])
def test_lockstep_thousands_of_deals_every_rule(players: int) -> None:
    """Over 1,600 deals per player count (random play, a reversis hunter, dealers dealt only
    hearts), both engines agree at every step, and every rule of the kernel pays at least once
    (per rule, and per account in the ledgers)."""
    rules: Counter[int] = Counter()
    deals = 0
    for m in range(200):
        kind = ("random", "random", "reversis", "hearts")[m % 4]
        rows, played = lockstep(players, {}, Policy(kind, 1000 * players + m), check_arrays=m < 12)
        rules.update(row[4] for row in rows)
        deals += played
    assert deals == 1600
    assert set(rules) == set(K.RULES), f"rules never paid: {set(K.RULES) - set(rules)}"


@pytest.mark.parametrize("options", [
    {"deck": "52", "deals": 3},
    {"talon_five": "large", "direction": "clockwise", "packet": 4, "deals": 3},
    {"pool_ante": 0, "ace_fee": 0, "quinola_force_fee": 7, "reversis_fee": 3, "marque": 2, "deals": 4},
])
def test_lockstep_other_amounts_and_decks(options: dict) -> None:
    """The options the kernel implements besides the defaults: deck, talon, packet, direction,
    amounts (a pool ante of 0: bêtes of nothing, no ante)."""
    for players in (4, 5):
        for m in range(12):
            lockstep(players, options, Policy(("random", "reversis", "hearts")[m % 3], m))


def _pure_match(players: int, seeds: list[int], options: dict | None = None):
    state = GAME.new_initial_state(players, GAME.parse_options(options))
    bots = [make_bot("random", "reversis", seed) for seed in seeds[:players]]
    play_match(state, SeededChance(seeds[players]), bots)
    return state


@pytest.mark.parametrize("players", [4, 5])
def test_seeded_random_matches_replay_the_pure_engine(players: int) -> None:
    """play_random_matches(seed) plays the matches simulate(seed) plays with random bots: the
    same returns and statistics, match by match."""
    returns, stats = fast.play_random_matches(GAME, {}, players, 11, 60)
    master = random.Random(11)
    for m in range(60):
        seeds = [master.getrandbits(32) for _ in range(players + 1)]
        pure = _pure_match(players, seeds)
        assert (returns[m], stats[m]) == (pure.returns(), pure.statistics()), f"match {m}"


def test_simulate_report_is_the_same_with_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """simulate with random bots uses the kernel (at least MIN_MATCHES matches) and reports
    exactly what the pure engine reports; with an ISMCTS bot it keeps the pure engine."""
    calls = []
    real = fast.RandomMatches.play_arrays

    def counted(self, seeds):
        calls.extend(seeds)  # one row of seeds per match
        return real(self, seeds)

    monkeypatch.setattr(fast.RandomMatches, "play_arrays", counted)
    matches = fast.MIN_MATCHES["reversis"]
    with_kernel = simulate_module.simulate(GAME, ["random"] * 4, matches, seed=5).to_json()
    assert len(calls) == matches + 1  # and the match fast.prepare plays first, to compile the kernel
    monkeypatch.setattr(fast, "available", lambda: False)
    pure = simulate_module.simulate(GAME, ["random"] * 4, matches, seed=5).to_json()
    assert with_kernel == pure
    assert fast.random_matches(GAME, GAME.parse_options({}), 4, ["random", "ismcts", "random", "random"]) is None


def test_refuses_options_it_does_not_implement() -> None:
    """Any other reading is refused by name; the pure engine plays it."""
    for options, word in [({"betes": "with_pool"}, "betes"), ({"ruleset": "later"}, "ruleset"),
                          ({"quinola_force": True}, "quinola_force"), ({"led_ace": "exempt"}, "led_ace"),
                          ({"talon_tie": "nearest_left"}, "talon_tie")]:
        opts = GAME.parse_options(options)
        assert not fast.supports(GAME, opts, 4)
        assert word in fast.unsupported_reason(GAME, opts, 4)
        with pytest.raises(ValueError, match=word):
            fast.play_random_matches(GAME, options, 4, 1, 1)
        assert fast.random_matches(GAME, opts, 4, ["random"] * 4, 10_000) is None
    assert "blason" in fast.unsupported_reason(get_game("blason"), get_game("blason").parse_options({}), 4)


def test_rollout_plays_to_the_end_of_the_deal_as_python_would() -> None:
    """rollout(array, seed) from a pure state converted by from_state: the deal ends, counters
    are conserved, and the counters won are those of the same random choices made with
    Python's generator in the pure engine."""
    params = fast.reversis_params(GAME.parse_options({}), 4)
    rng = random.Random(3)
    for trial in range(40):
        pure = GAME.new_initial_state(4)
        for _ in range(rng.randrange(60, 300)):  # somewhere in deal 1 to 3
            legal = pure.legal_actions()
            pure.apply_action(legal[rng.randrange(len(legal))])
        s = K.from_state(pure, params)
        total = int(s[K.COUNTERS:K.COUNTERS + 4].sum() + s[K.POOL] + s[K.BETE_POTS:].sum())
        deal, before = pure.match.deal_number, list(pure.match.counters)
        won = K.rollout(s, 1000 + trial, fast.randbelow_variant())
        assert int(s[K.DEALNO]) == deal + 1
        assert int(s[K.COUNTERS:K.COUNTERS + 4].sum() + s[K.POOL] + s[K.BETE_POTS:].sum()) == total
        replay = random.Random(1000 + trial)
        while pure.match.deal_number == deal:
            legal = pure.legal_actions()
            pure.apply_action(legal[replay.randrange(len(legal))])
        assert [int(v) for v in won] == [a - b for a, b in zip(pure.results[-1].counters, before)]
