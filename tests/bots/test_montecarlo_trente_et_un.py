"""Trente et un's ``montecarlo`` bot: each move valued by compiled heuristic playouts over beliefs
from play, the patient policy's move kept unless beaten (« Règles de Trente et un »: « Au lieu de
piocher, vous pouvez frapper »)."""

from __future__ import annotations

import pytest

from academie.bots import make_bot
from academie.bots.montecarlo import MonteCarloTrenteEtUn
from academie.core.errors import UnknownBotError
from academie.games.trente_et_un import KNOCK, PILE, STOCK  # noqa: F401
from tests.helpers import t31_deck, t31_state

GAME = "trente-et-un"


def thirty_in_hearts(**options):
    # dealer 0, seat 1 first: A♥ K♥ 9♥ = 30 against 7♠ 8♦ 2♣ (8) and 2♠ 3♦ 4♣ (4); the up card 5♠
    state, chance = t31_state([t31_deck(["7S 8D 2C", "AH KH 9H", "2S 3D 4C"], "5S")], 3, **options)
    assert state.current_player() == 1
    return state


def test_with_thirty_a_knock_keeps_the_lives_but_waiting_is_worth_more_for_the_match():
    state = thirty_in_hearts()
    view, legal = state.view(1), state.legal_actions()
    assert KNOCK in legal
    bot = make_bot("montecarlo:playouts=64", GAME, 1)
    lives = bot.estimates(view, 30.0, 5)
    # knocking on 30: the others have one turn each to beat it, so the seat nearly never loses a life
    assert lives[KNOCK][0] > -0.05 and lives[KNOCK][0] > lives[STOCK][0] and lives[KNOCK][0] > lives[PILE][0]
    move = bot.choose(view, legal)
    # but a round that goes on costs the others more lives than the knock's one loser: for the
    # match (value=match) the knock is worth less, and the bot keeps drawing
    assert bot.last_values[KNOCK] < bot.last_values[STOCK] and move != KNOCK
    assert 0.0 < bot.last_values[KNOCK] < 1.0  # (the chance of winning the match)


def test_the_same_view_gives_the_same_choice_and_values():
    a = thirty_in_hearts()
    b, _ = t31_state([t31_deck(["2S 8D 2C", "AH KH 9H", "7S 3D 4C"], "5S")], 3)
    assert a.view(1) == b.view(1) and a.hands != b.hands
    bots = [make_bot("montecarlo", GAME, 4), make_bot("montecarlo", GAME, 4)]
    choices = [bot.choose(s.view(1), s.legal_actions()) for bot, s in zip(bots, (a, b))]
    assert choices[0] == choices[1] and bots[0].last_values == bots[1].last_values


def test_value_deal_counts_lives_and_a_tiny_budget_plays_one_world():
    state = thirty_in_hearts()
    bot = MonteCarloTrenteEtUn(2, value="deal", seconds=1e-6)
    assert bot.choose(state.view(1), state.legal_actions()) in state.legal_actions()
    assert bot.last_worlds == 1
    found = bot.estimates(state.view(1), 5.0, 3)
    assert set(found) == set(state.legal_actions())
    knock = found[KNOCK]
    assert -2.0 <= knock[0] <= 0.0 and knock[1] >= 0 and knock[2] >= 1  # lives gained: at most 0


def test_its_parameters_are_checked():
    with pytest.raises(UnknownBotError, match="own=random: the playouts play a heuristic spec"):
        make_bot("montecarlo:own=random", GAME)
    with pytest.raises(UnknownBotError, match="one of match, deal"):
        make_bot("montecarlo:value=life", GAME)
    assert make_bot("montecarlo:own=heuristic/knock_at=29", GAME, 1).own_spec == ("heuristic", {"knock_at": 29.0})


def test_others_sets_the_other_seats_policy_in_the_playouts():
    from academie.bots.ismcts import heuristic_knobs
    from academie.fast import trente_et_un as K

    state = thirty_in_hearts()
    patient = make_bot("montecarlo:others=heuristic/knock_floor=32/cut_at=32", GAME, 1)
    sheet = make_bot("montecarlo", GAME, 1)
    for bot in (patient, sheet):
        bot.estimates(state.view(1), 5.0, 3)
    rows = patient._kernel_for(state)[3]
    assert list(rows[0]) == list(heuristic_knobs(K, {"knock_floor": 32.0, "cut_at": 32.0}))
    assert list(rows[1]) == list(heuristic_knobs(K, patient.own_spec[1]))
    assert list(sheet._kernel_for(state)[3][0]) == list(heuristic_knobs(K, {}))
    assert list(rows[0]) != list(heuristic_knobs(K, {}))
    with pytest.raises(UnknownBotError, match="others=random: the playouts play a heuristic spec"):
        make_bot("montecarlo:others=random", GAME)
