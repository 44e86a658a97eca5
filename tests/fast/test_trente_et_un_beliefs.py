"""Trente et un's compiled beliefs (academie.fast.trente_et_un_beliefs, academie.bots.trente_et_un_beliefs):
the model's chances in lockstep with the pure heuristic's, the deal replayed from the hidden cards,
chains that hold only what the seat's view and the model allow (« Piochez la carte du dessus du
talon ou celle du dessus de la défausse, puis défaussez-en une »; « Au lieu de piocher, vous pouvez
frapper »)."""

from __future__ import annotations

import math
import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from academie import fast  # noqa: E402
from academie.bots import make_bot  # noqa: E402
from academie.bots.ismcts import heuristic_knobs  # noqa: E402
from academie.bots.trente_et_un import HeuristicTrenteEtUn  # noqa: E402
from academie.bots.trente_et_un_beliefs import ChainBeliefs  # noqa: E402
from academie.cards import parse_card  # noqa: E402
from academie.core.chance import SeededChance  # noqa: E402
from academie.core.runner import advance_chance  # noqa: E402
from academie.fast import trente_et_un as K  # noqa: E402
from academie.fast import trente_et_un_beliefs as B  # noqa: E402
from academie.fast.mt import new_generator  # noqa: E402
from academie.games import get_game  # noqa: E402
from academie.games.trente_et_un.rules import hand_value  # noqa: E402
from tests.helpers import play, t31_deck, t31_state  # noqa: E402

GAME = get_game("trente-et-un")
PATIENT = {"knock_floor": 32.0, "cut_at": 32.0}


def cards(mask: int) -> list[int]:
    return [c for c in range(52) if (mask >> c) & 1]


def positions(players: int, seed: int, count: int):
    """``count`` seeded states at a decision of a match of heuristic bots, with their kernel arrays."""
    rng = random.Random(seed)
    state = GAME.new_initial_state(players)
    chance = SeededChance(seed)
    bots = [make_bot("heuristic", "trente-et-un", seed + k) for k in range(players)]
    params = fast.PARAMS["trente-et-un"](state.options, players)
    out = []
    while len(out) < count and not state.is_terminal():
        advance_chance(state, chance)
        if state.is_terminal():
            break
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) > 1:
            out.append((state.clone(), K.from_state(state, params)))
        move = bots[seat].choose(state.view(seat), legal) if rng.random() < 0.8 else rng.choice(legal)
        state.apply_action(move)
    return out


@pytest.mark.parametrize("params", [{}, PATIENT, {"knock_at": 24.0, "cut_at": 20.0}])
def test_the_models_chances_are_the_pure_heuristics(params):
    bot = HeuristicTrenteEtUn(0, **params)
    knob = np.array(heuristic_knobs(K, params), dtype=np.float64)
    compared = 0
    for seed in range(6):
        for state, array in positions(4, seed, 80):
            view, legal = state.view(state.current_player()), state.legal_actions()
            pure = bot.probabilities(view, legal)
            for action in legal:
                got = B.model_chance(array, action, knob, 0.0, new_generator(1))
                assert got == pytest.approx(pure.get(action, 0.0), abs=1e-12), (view.phase, action, pure)
                # softened: a uniform move a tenth of the time
                soft = B.model_chance(array, action, knob, 0.1, new_generator(1))
                assert soft == pytest.approx(0.9 * pure.get(action, 0.0) + 0.1 / len(legal))
                compared += 1
    assert compared > 1000


def true_slots(state, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """The seat's trace of the deal encoded, and each unseen entry's true card (read from the
    trace of the seat that drew it)."""
    deal = state.view(seat).trail.deal
    entries = B.encode(deal)
    slots = np.full(entries.shape[0], -1, dtype=np.int64)
    for pos, entry in enumerate(deal):
        if len(entry) == 2 and entry[1] == B.HIDDEN:
            slots[pos] = state.traces[entry[0]][pos][1]
    return entries, slots


def base_of(state) -> np.ndarray:
    view = state.view(0)
    params = fast.PARAMS["trente-et-un"](state.options, state.num_players)
    return B.deal_start(params, np.array(view.lives), np.array(view.eliminated, dtype=np.int64), view.dealer,
                        view.deal_number)


def test_the_deal_replayed_from_its_true_hidden_cards_is_the_deal_itself_and_a_wrong_card_is_ruled_out():
    checked = 0
    for seed in range(8):
        state = GAME.new_initial_state(4)
        chance = SeededChance(seed)
        bots = [make_bot("heuristic", "trente-et-un", k) for k in range(4)]
        for _ in range(14):
            advance_chance(state, chance)
            if state.is_terminal() or state.match.deal_number > 0:
                break
            seat = state.current_player()
            state.apply_action(bots[seat].choose(state.view(seat), state.legal_actions()))
        advance_chance(state, chance)
        if state.is_terminal() or state.match.deal_number > 0:
            continue
        entries, slots = true_slots(state, 1)
        knobs = np.array([heuristic_knobs(K, {})])
        out = np.zeros(K.SIZE, dtype=np.int64)
        ll = B.replay(base_of(state), entries, slots, np.zeros(4, dtype=np.int64), knobs, 1, 0.0, out)
        # the heuristic bots played every move: under the exact model (no mistake) the trace is possible,
        # its chance below 1 only where the heuristic's discard scores tie (a share of them each)
        assert math.isfinite(ll) and ll <= 0.0 and (ll == 0.0 or ll <= math.log(0.5) + 1e-12)
        truth = K.from_state(state, fast.PARAMS["trente-et-un"](state.options, 4))
        for seat in range(4):
            assert out[K.HANDS + seat] == truth[K.HANDS + seat]
        assert out[K.STOCK_MASK] == truth[K.STOCK_MASK] and out[K.TURN] == truth[K.TURN]
        # a card of seat 1's own hand cannot be another's: ruled out
        hidden = [p for p in range(len(slots)) if slots[p] >= 0]
        wrong = slots.copy()
        wrong[hidden[0]] = state.hands[1][0]
        assert B.replay(base_of(state), entries, wrong, np.zeros(4, dtype=np.int64), knobs, 1, 0.0, out) == -math.inf
        checked += 1
    assert checked >= 4


def knocked_at_once():
    # dealer 0, three players: seat 1 (A♥ K♥ 7♥, 28) knocks at its first turn as the sheet's heuristic
    # does (« Frapper… », 27 at a round's start); seat 2 then decides, seat 0 holds 2♠ 3♦ 4♣.
    state, chance = t31_state([t31_deck(["2S 3D 4C", "AH KH 7H", "9S 5D 6C"], "8C")], 3)
    assert state.current_player() == 1
    return play(state, chance, ["knock"]), chance


def test_with_a_model_that_never_errs_every_chain_holds_a_knock_the_model_makes():
    state, _ = knocked_at_once()
    view = state.view(2)
    assert view.knocker == 1 and state.current_player() == 2
    belief = ChainBeliefs(count=32, mistake=0.0, steps=50, types="sheet", seed=3)
    params = fast.PARAMS["trente-et-un"](state.options, 3)
    assert belief.update(view, params)
    values = [hand_value(cards(part[K.HANDS + 1]), None) for part in belief.parts]
    # worlds where the knock is not the model's move (a total under 27) weigh 0: no chain holds one
    assert min(values) >= 27
    # and every chain shows the seat what it sees: its hand, the pile, the stock's size
    for part in belief.parts:
        assert sorted(cards(part[K.HANDS + 2])) == sorted(view.hand)
        assert part[K.PILE_N] == len(view.pile) and part[K.STOCK_N] == 52 - 10
        assert part[K.KNOCKER] == 1 and part[K.TURN] == 2


def test_a_uniform_model_leaves_the_knockers_hand_free():
    state, _ = knocked_at_once()
    belief = ChainBeliefs(count=32, mistake=1.0, steps=50, types="sheet", seed=3)
    assert belief.update(state.view(2), fast.PARAMS["trente-et-un"](state.options, 3))
    values = [hand_value(cards(part[K.HANDS + 1]), None) for part in belief.parts]
    assert min(values) < 27  # a knock tells nothing when the model's moves are uniform


def test_a_card_another_seat_throws_after_taking_the_pile_was_in_his_hand_in_every_chain():
    # seat 1 takes the up card 8♣ and throws the 2♦, which it was dealt: every chain deals it the 2♦
    state, chance = t31_state([t31_deck(["2S 3S 4S", "8H 7C 2D", "9S 5D 6C"], "8C")], 3)
    state = play(state, chance, ["pile", "2D"])
    view = state.view(2)
    belief = ChainBeliefs(count=16, mistake=0.05, steps=20, seed=1)
    assert belief.update(view, fast.PARAMS["trente-et-un"](state.options, 3))
    two = parse_card("2D")
    for slots, part in zip(belief.slots, belief.parts):
        dealt = {int(slots[p]) for p, entry in enumerate(view.trail.deal) if entry[0] == 1 and len(entry) == 2
                 and entry[1] == B.HIDDEN and p < 10}
        assert two in dealt
        assert (part[K.HANDS + 1] >> parse_card("8C")) & 1  # the pile's card, kept


def test_the_same_views_give_the_same_chains_and_the_others_hands_come_closer_to_the_truth():
    state = GAME.new_initial_state(4)
    chance = SeededChance(5)
    bots = [make_bot("heuristic", "trente-et-un", 20 + k) for k in range(4)]
    first, second = ChainBeliefs(count=24, seed=9), ChainBeliefs(count=24, seed=9)
    params = fast.PARAMS["trente-et-un"](state.options, 4)
    truths, beliefs, uniform = [], [], []
    for _ in range(400):
        advance_chance(state, chance)
        if state.is_terminal():
            break
        seat = state.current_player()
        view = state.view(seat)
        if seat == 1 and view.phase == "draw":
            assert first.update(view, params) and second.update(view, params)
            assert np.array_equal(first.parts, second.parts) and np.array_equal(first.types, second.types)
            unseen = 52 - len(view.hand) - len(view.pile) - sum(len(view.known[o]) for o in range(4) if o != 1)
            for other in (0, 2, 3):
                if state.match.eliminated[other]:
                    continue
                for card in set(state.hands[other]) - set(view.known[other]):
                    truths.append(card)
                    beliefs.append(np.mean([(p[K.HANDS + other] >> card) & 1 for p in first.parts]))
                    uniform.append((3 - len(view.known[other])) / unseen)
        state.apply_action(bots[seat].choose(view, state.legal_actions()))
    assert len(truths) > 100
    # the chains give the true holder of a hidden card more chance than a uniform deal of the unseen cards
    assert np.mean(beliefs) > 1.2 * np.mean(uniform)


def test_after_the_stock_is_made_again_from_the_pile_every_update_still_finds_chains():
    # Nine players leave a stock of 24 cards, soon made again from the pile (« la défausse…
    # devient le nouveau talon », option stock_exhausted): a card thrown away, put back in the
    # stock and drawn unseen by another, then thrown by him, is his to throw, not a card he
    # must have been dealt.
    checked = 0
    for seed in range(3):
        state = GAME.new_initial_state(9)
        chance = SeededChance(seed)
        bots = [make_bot("heuristic:knock_floor=32:cut_at=32", "trente-et-un", 40 + k) for k in range(9)]
        belief = ChainBeliefs(count=16, steps=10, seed=seed)
        params = fast.PARAMS["trente-et-un"](state.options, 9)
        after = 0
        while not state.is_terminal() and after < 12:
            advance_chance(state, chance)
            if state.is_terminal():
                break
            seat = state.current_player()
            view = state.view(seat)
            if seat == 0 and view.phase == "draw" and any(kind == "reshuffle" for kind, _, _ in view.log):
                assert belief.update(view, params), f"seed {seed}: no chain after a reshuffle"
                after += 1
                checked += 1
            state.apply_action(bots[seat].choose(view, state.legal_actions()))
    assert checked >= 12
