"""The Trente et un heuristic bot: the sheet's advice (« Règles de Trente et un », « Bien jouer »)
and the turns it must never take."""

from __future__ import annotations

import random

from academie.bots import make_bot
from academie.bots.trente_et_un import HeuristicTrenteEtUn
from academie.games.trente_et_un import DISCARD, KNOCK, PILE, STOCK
from tests.helpers import T31, play, t31_deck, t31_state


def two_collected_suits():
    """Two players, seat 1 first. Seat 1 takes 7♦ from the pile, seat 0 draws 8♠ and throws it,
    seat 1 takes it and throws 2♠: seat 0, holding 5♠ Q♠ 10♦ (15 points), sees 2♠ on the pile
    while seat 1 is seen collecting spades and diamonds."""
    state, chance = t31_state([t31_deck(["5S QS 10D", "2S 9H 3C"], "7D", draws="8S")], 2)
    play(state, chance, ["pile", "9H", "stock", "8S", "pile", "2S"])
    return state


def test_the_heuristic_takes_no_card_from_the_pile_that_it_would_throw_back():
    state = two_collected_suits()
    view, legal = state.view(0), state.legal_actions()
    assert state.current_player() == 0 and view.up_card == 0 and PILE in legal  # 0 is 2♠
    # Taken, 2♠ would make 17 in spades; but the discard that follows would throw 2♠ back (10♦ and
    # the spades feed seat 1): the turn would change nothing, so the bot draws from the stock.
    assert HeuristicTrenteEtUn(0).choose(view, legal) == STOCK
    held = view.hand + (view.up_card,)
    scores = HeuristicTrenteEtUn(0)._scores(held, view.brelan, HeuristicTrenteEtUn.collected_suits(view), held)
    assert max(scores, key=scores.get) == 0


def test_a_card_the_heuristic_takes_from_the_pile_it_keeps():
    """Over random matches (two default bots, two patient ones that wait 20 rounds to knock): every card a
    bot takes from the pile stays in its hand at the discard that follows. Before this rule a
    bot could take a card and throw it back, and two bots doing so passed one card to and fro
    forever (a deal that never ends, met in a search's playouts)."""
    specs = ["heuristic", "heuristic:knock_floor=32:cut_at=32"] * 2
    takes = 0
    for seed in range(40):
        state, rng = T31.new_initial_state(4), random.Random(seed)
        bots = [make_bot(spec, "trente-et-un", seed * 4 + k) for k, spec in enumerate(specs)]
        taken = None
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng), trusted=True)
                continue
            seat = state.current_player()
            view = state.view(seat)
            action = bots[seat].choose(view, state.legal_actions())
            if action == PILE:
                taken, takes = view.up_card, takes + 1
            elif taken is not None:
                assert action != DISCARD + taken, f"seed {seed}: {seat} threw back the card it took"
                taken = None
            state.apply_action(action, trusted=True)
    assert takes > 500


def test_after_knock_by_rounds_the_heuristic_knocks_on_any_total():
    state = two_collected_suits()  # seat 0 holds 15 points after three turns of two players
    view, legal = state.view(0), state.legal_actions()
    assert view.turns_taken == 3 and view.hand_value == 15 and KNOCK in legal
    assert make_bot("heuristic:knock_floor=32:cut_at=32", "trente-et-un", 0).choose(view, legal) == STOCK
    assert make_bot("heuristic:knock_floor=32:cut_at=32:knock_by=2", "trente-et-un", 0).choose(view, legal) == STOCK
    assert make_bot("heuristic:knock_floor=32:cut_at=32:knock_by=1", "trente-et-un", 0).choose(view, legal) == KNOCK


def test_two_patient_bots_left_alone_end_their_deals():
    """Each patient bot may keep the cards the other needs for 31 (A♠ Q♠ 9♠ against K♠ J♠ 10♠,
    met in a match): ``knock_by`` ends such a deal."""
    state, chance = t31_state([t31_deck(["AS QS 9S", "KS JS 10S"], "2H")], 2)
    patient = [make_bot("heuristic:knock_floor=32:cut_at=32", "trente-et-un", k) for k in (0, 1)]
    rng, knocked_at = random.Random(3), None
    while not state.is_terminal() and state.match.deal_number == 0:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
            continue
        seat = state.current_player()
        action = patient[seat].choose(state.view(seat), state.legal_actions())
        if action == KNOCK:
            knocked_at = state.turns_taken
        state.apply_action(action, trusted=True)
    assert state.results[0].ending == "knock" and knocked_at == 40  # 20 rounds of two players over
