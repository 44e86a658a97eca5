"""Trente et un's ``montecarlo`` bot: each move valued by compiled heuristic playouts over beliefs
from play, the patient policy's move kept unless beaten (« Règles de Trente et un »: « Au lieu de
piocher, vous pouvez frapper »)."""

from __future__ import annotations

import pytest

from academie.bots import make_bot
from academie.bots.montecarlo import MonteCarloTrenteEtUn
from academie.core.errors import UnknownBotError
from academie.games.trente_et_un import KNOCK, PILE, STOCK  # noqa: F401
from academie.core.runner import advance_chance
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
    bot = make_bot("montecarlo:playouts=64:seconds=60", GAME, 1)
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
    # (a budget the clock never meets, even on a busy machine: the moves end on their worlds)
    bots = [make_bot("montecarlo:seconds=60", GAME, 4), make_bot("montecarlo:seconds=60", GAME, 4)]
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


def test_others_sets_the_other_seats_policy_in_the_playouts_of_the_generic_particles():
    from academie.bots.ismcts import heuristic_knobs
    from academie.fast import trente_et_un as K

    state = thirty_in_hearts()
    view = state.view(1)
    patient = make_bot("montecarlo:infer=particles:others=heuristic/knock_floor=32/cut_at=32", GAME, 1)
    sheet = make_bot("montecarlo:infer=particles", GAME, 1)
    for bot in (patient, sheet):
        bot.estimates(view, 5.0, 3)
    rows = patient._kernel_for(view)[3]
    assert list(rows[0]) == list(heuristic_knobs(K, {"knock_floor": 32.0, "cut_at": 32.0}))
    assert list(rows[1]) == list(heuristic_knobs(K, patient.own_spec[1]))
    assert list(sheet._kernel_for(view)[3][0]) == list(heuristic_knobs(K, {}))


def test_others_and_own_must_be_heuristic_specs_and_their_errors_name_the_parameter():
    with pytest.raises(UnknownBotError, match="montecarlo: others=random: the playouts play a heuristic spec"):
        make_bot("montecarlo:others=random", GAME)
    with pytest.raises(UnknownBotError, match=r"montecarlo: others=heuristic/knock_at=abc: .*knock_at must be a number"):
        make_bot("montecarlo:others=heuristic/knock_at=abc", GAME)
    with pytest.raises(UnknownBotError, match="one of chains, particles"):
        make_bot("montecarlo:infer=mcmc", GAME)


def test_after_a_knock_the_chains_believe_the_knocker_strong():
    # seat 1 knocks at once with A♥ K♥ 7♥ (28); seat 2, holding 9♠ 5♦ 6♣ (9), has one turn left.
    # Its beliefs hold a strong hand for the knocker (the sheet's model knocks from 27; a uniform
    # deal of three cards is worth 27 or more about one time in twenty-five).
    from academie.fast import trente_et_un as K
    from academie.games.trente_et_un.rules import hand_value

    state, chance = t31_state([t31_deck(["2S 3D 4C", "AH KH 7H", "9S 5D 6C"], "8C")], 3)
    state.apply_string("knock")
    advance_chance(state, chance)
    view = state.view(2)
    bot = make_bot("montecarlo", GAME, 5)
    lives = bot.estimates(view, 10.0, 1)
    assert set(lives) == set(state.legal_actions()) == {STOCK, PILE}
    for mean, half, worlds in lives.values():
        assert -1.0 <= mean <= 0.0 and 0 <= half < 0.3 and worlds == 48
    held = [hand_value([c for c in range(52) if (part[K.HANDS + 1] >> c) & 1], None) for part in bot.belief.parts]
    assert sum(v >= 27 for v in held) / len(held) > 0.3  # (about one uniform deal in fifty)
    shares = bot.belief.type_shares()
    assert shares.shape == (3, 2) and abs(shares[1].sum() - 1.0) < 1e-9
    assert shares[1][0] > 0.6  # a knock at 28 in the first round: the sheet's knocker, not the patient one
