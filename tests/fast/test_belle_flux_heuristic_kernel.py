"""The compiled heuristic Belle, Flux et Trente-un bot (academie.fast.belle_flux.heuristic_action)
against the pure one (academie.bots.belle_flux.HeuristicBelleFlux), the reference: the same choice
at every decision of thousands of deals played through both engines in lockstep, its samples'
shuffles drawn from a generator seeded as the pure bot's (the same draws, the generators left in
the same place), under several readings of the rules (the cards asked for face up among them);
and seeded matches with heuristic seats that replay the pure engine's, so that ``simulate``
plays them with the kernel."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.bots import make_bot  # noqa: E402
from academie.fast import belle_flux as B  # noqa: E402
from academie.fast.mt import mt_next, new_generator  # noqa: E402
from academie.games import get_game  # noqa: E402

from tests.fast.support import (  # noqa: E402
    assert_bot_matches_replay_the_pure_engine,
    assert_simulate_plays_the_bots_with_the_kernel,
)

GAME = get_game("belle-flux-trente-un")
VARIANTS = [
    {"extra_cards": "face_up", "stand_is_final": False, "trente_un_count": "one_suit", "direction": "clockwise"},
    {"extra_cards": "face_up", "stock_exhausted": "whole_rounds", "all_bust": "nearest_wins",
     "tie_rule": "eldest_wins", "deals": 20},
]


def lockstep_decisions(players: int, options: dict, seed: int, heuristic_share: float) -> tuple[int, int, int, int]:
    """One match through both engines, the cards dealt at random: at each decision the pure
    heuristic bot's choice and the kernel's must agree, the kernel's bot drawing from a generator
    seeded as the pure bot's; the action applied is that choice (``heuristic_share`` of the
    time) or a random legal one. Returns (decisions, decisions sampled, of them asks, deals)."""
    rng = random.Random(seed)
    opts = GAME.parse_options(options)
    params = fast.belle_flux_params(opts, players)
    pure = GAME.new_initial_state(players, opts)
    ledger = np.zeros((0, 5), dtype=np.int64)
    s = B.new_state(params, ledger)
    bot = make_bot("heuristic", GAME.info.id, seed)
    mt = new_generator(seed)
    variant = fast.randbelow_variant()
    compared = sampled = asks = 0
    while not pure.is_terminal():
        legal = pure.legal_actions()
        if pure.is_chance_node():
            action = legal[rng.randrange(len(legal))]
        else:
            view = pure.view(pure.current_player())
            want = bot.choose(view, legal)
            got = int(B.heuristic_action(s, mt, variant))
            assert got == want, f"decision {compared}: kernel {got}, pure {want} among {legal}, point {view.point}"
            compared += 1
            if B.ASK in legal and view.point > B.NO_RISK:
                sampled, asks = sampled + 1, asks + (want == B.ASK)
            action = want if rng.random() < heuristic_share else legal[rng.randrange(len(legal))]
        pure.apply_action(action)
        B.apply(s, ledger, action)
    assert int(mt_next(mt)) == bot.rng.getrandbits(32)  # the same draws: both generators in one place
    return compared, sampled, asks, pure.statistics()["deals"]


@pytest.mark.parametrize("players", [2, 3, 5, 8, 12])
def test_the_same_choice_at_every_decision_of_thousands_of_deals(players: int) -> None:
    decisions = sampled = asks = deals = 0
    for m in range(30):
        made, drawn, asked, played = lockstep_decisions(players, {}, 500 * players + m, (0.0, 0.7, 1.0)[m % 3])
        decisions, sampled, asks, deals = decisions + made, sampled + drawn, asks + asked, deals + played
    assert deals == 300 and sampled >= 500 and decisions > sampled and 0 < asks < sampled


@pytest.mark.parametrize("options", VARIANTS)
def test_the_same_choice_under_other_readings(options: dict) -> None:
    deals = sampled = asks = 0
    for players in (3, 6):
        for m in range(15):
            _, drawn, asked, played = lockstep_decisions(players, options, m, 0.7)
            deals, sampled, asks = deals + played, sampled + drawn, asks + asked
    assert deals >= 300 and sampled >= 1000 and 0 < asks < sampled


@pytest.mark.parametrize("names", [["heuristic", "random", "random"],
                                   ["random", "heuristic", "random", "heuristic", "random"],
                                   ["heuristic"] * 4])
def test_seeded_matches_with_heuristic_seats_replay_the_pure_engine(names: list[str]) -> None:
    assert_bot_matches_replay_the_pure_engine(GAME, names, 31, 40, actions=True)


def test_simulate_plays_the_heuristic_bot_with_the_kernel(monkeypatch) -> None:
    assert_simulate_plays_the_bots_with_the_kernel(monkeypatch, GAME, ["heuristic", "random", "random"], 4)


def test_the_compiled_shuffle_is_python_s() -> None:
    """``mt_shuffle`` shuffles as ``random.Random(seed).shuffle`` does (the running interpreter's
    draws), 0 to 60 items, a slice of a longer array left alone outside it, and leaves the
    generator where Python's is; under the other reading of the bits asked for, as a swap with
    ``mt_randbelow(i + 1)`` from the last place down."""
    from academie.fast.mt import mt_randbelow, mt_shuffle

    variant = fast.randbelow_variant()
    for count in range(61):
        for seed in (0, count, 2**40 + count):
            items = np.arange(70, dtype=np.int64)
            mt = new_generator(seed)
            for _ in range(8):  # each shuffle of the last one's order, past a twist of the words (624)
                mt_shuffle(mt, items, 5, count, variant)
            py, rng = list(range(5, 5 + count)), random.Random(seed)
            for _ in range(8):
                rng.shuffle(py)
            assert items[5: 5 + count].tolist() == py and items[:5].tolist() == [0, 1, 2, 3, 4]
            assert items[5 + count:].tolist() == list(range(5 + count, 70))
            assert int(mt_next(mt)) == rng.getrandbits(32)
            other = 1 - variant
            items, mt, ref, ref_mt = np.arange(count, dtype=np.int64), new_generator(seed), list(range(count)), \
                new_generator(seed)
            mt_shuffle(mt, items, 0, count, other)
            for i in range(count - 1, 0, -1):
                j = int(mt_randbelow(ref_mt, i + 1, other))
                ref[i], ref[j] = ref[j], ref[i]
            assert items.tolist() == ref and int(mt_next(mt)) == int(mt_next(ref_mt))
