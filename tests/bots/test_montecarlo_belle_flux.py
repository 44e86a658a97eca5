"""Belle-Flux's ``montecarlo`` bot (``hard`` there): the trente-un's request valued by playouts
over beliefs from play, with stacked deals (Encyclopédie méthodique, « il demande qu'on ajoute
une carte » / « il déclare qu'il s'y tient »)."""

from __future__ import annotations

import numpy as np
import pytest

from academie import fast
from academie.bots import make_bot
from academie.bots.montecarlo import MonteCarloBelleFlux
from academie.bots.hints import hints
from academie.bots.levels import level_spec
from academie.core.errors import UnknownBotError
from academie.fast.belle_flux import POTS, from_state
from academie.fast.belle_flux_search import world_values
from academie.games.belle_flux import ASK, STAND
from tests.helpers import bft_deck, bft_state, play

GAME = "belle-flux-trente-un"
# Dealer 0, three players: the requests go 2, 1, 0. Seat 1: 2♣ 3♦ + 4♥ = 9; seat 0: 5♣ 6♦ + 7♠ = 18.
OTHERS_HIDDEN, OTHERS_UP = ["5C 6D", "2C 3D"], ["7S", "4H"]


def at_request(hidden: str, up: str, **options):
    """The state at seat 2's first request, seat 2 holding ``hidden`` and ``up``."""
    state, chance = bft_state([bft_deck([*OTHERS_HIDDEN, hidden], [*OTHERS_UP, up])], players=3, deals=3, **options)
    assert state.current_player() == 2
    return state, chance


def kernel_world(state):
    return from_state(state, fast.PARAMS[GAME](state.options, state.num_players))


def test_at_thirty_asking_always_goes_over_and_standing_is_worth_more():
    # K♠ Q♠ + 10♥ = 30: any card (2 to 11 points) takes the hand over 31 (« il ne faut pas l'outre-passer »)
    state, _ = at_request("KS QS", "10H")
    world = kernel_world(state)
    basket = int(world[POTS + 2])
    assert basket == 3  # one jeton from each of the three players
    sa, sb, sa2, sb2 = world_values(world, 2, 400, 7, 25, 28, 0.0, fast.randbelow_variant())
    assert sa == 0.0 and sa2 == 0.0  # over 31: never the basket (the deal's own counters, carry 0)
    assert 0.5 * 400 * basket < sb <= 400 * basket  # standing at 30 wins it more often than not
    assert sb2 == pytest.approx(sb * basket)  # each playout wins the whole basket or nothing
    bot = make_bot("montecarlo", GAME, 1)
    assert bot.choose(state.view(2), state.legal_actions()) == STAND
    assert bot.last_values[STAND] > bot.last_values[ASK]


def test_a_basket_nobody_wins_counts_the_seats_share_with_carry_share():
    state, _ = at_request("KS QS", "10H")
    world = kernel_world(state)
    variant = fast.randbelow_variant()
    own = world_values(world, 2, 400, 7, 25, 28, 0.0, variant)
    shared = world_values(world, 2, 400, 7, 25, 28, 1 / 3, variant)
    # asking busts seat 2: it gets a third of the basket when both others go over 31 as well
    assert own[0] == 0.0 and 0.0 < shared[0] < 400 * 3 / 3
    assert shared[0] == pytest.approx(round(shared[0]))  # a whole number of thirds of 3 jetons
    assert shared[1] >= own[1]


def test_first_to_speak_at_twenty_two_asks():
    # 10♠ 5♦ + 7♣ = 22, two players still to ask after it: standing rarely keeps the basket
    state, _ = at_request("10S 5D", "7C")
    bot = make_bot("montecarlo", GAME, 1)
    found = bot.estimates(state.view(2), 5.0, 3)
    assert found[ASK][0] > found[STAND][0] + found[ASK][1]
    assert bot.choose(state.view(2), state.legal_actions()) == ASK


def test_the_same_view_gives_the_same_choice_and_values():
    # the others' hidden cards swapped between seats 0 and 1: seat 2 sees the same
    a, _ = at_request("10S 5D", "9C")
    b, _ = bft_state([bft_deck(["2C 3D", "5C 6D", "10S 5D"], [*OTHERS_UP, "9C"])], players=3, deals=3)
    assert a.view(2) == b.view(2) and a.hidden != b.hidden
    bots = [make_bot("montecarlo", GAME, 11), make_bot("montecarlo", GAME, 11)]
    choices = [bot.choose(s.view(2), s.legal_actions()) for bot, s in zip(bots, (a, b))]
    assert choices[0] == choices[1]
    assert bots[0].last_values == bots[1].last_values


def test_a_seat_that_stood_is_believed_to_hold_a_high_point():
    # two players, dealer 0: seat 1 speaks first and stands on 2♣ 3♦ + 4♥ = 9 (the model asks
    # there but for its mistakes); the worlds where seat 1 holds 20 or less should weigh little
    state, chance = bft_state([bft_deck(["5C 6D", "2C 3D"], ["7S", "4H"])], players=2, deals=3)
    assert state.current_player() == 1
    play(state, chance, "stand")
    assert state.current_player() == 0
    bot = MonteCarloBelleFlux(5, particles=200)
    bot.belief.update(state.view(0))
    low = [w._point(1) <= 20 for w in bot.belief.worlds]
    weighted = sum(w for x, w in zip(low, bot.belief.weights) if x)
    assert sum(low) / len(low) > 0.1  # a uniform draw gives seat 1 a low point often
    assert weighted < sum(low) / len(low) / 5  # the beliefs do not


def test_the_budget_holds_and_at_least_one_world_is_played_out():
    state, _ = at_request("10S 5D", "9C")
    bot = MonteCarloBelleFlux(2, seconds=1e-6)
    assert bot.choose(state.view(2), state.legal_actions()) in (ASK, STAND)
    assert bot.last_worlds == 1


def test_hints_give_both_requests_best_first_from_the_bots_values():
    state, _ = at_request("KS QS", "10H")
    found = hints(state.view(2), state.legal_actions(), GAME, seconds=1.5, describe=state.action_to_string)
    assert [h.action for h in found] == [STAND, ASK]
    assert found[1].mean == 0.0 or found[1].mean < found[0].mean - found[0].half
    assert all(h.unit == "counters" and h.worlds >= 1 for h in found)


def test_hard_is_montecarlo_at_belle_flux_and_its_parameters_are_checked():
    assert level_spec(GAME, "hard") == "montecarlo"
    assert isinstance(make_bot("hard", GAME, 1), MonteCarloBelleFlux)
    with pytest.raises(UnknownBotError, match="low .29. is above high .26."):
        make_bot("montecarlo:low=29:high=26", GAME)
    with pytest.raises(UnknownBotError, match="one of share, none"):
        make_bot("montecarlo:carry=all", GAME)
    with pytest.raises(UnknownBotError, match="samples must be an integer from 1"):
        make_bot("heuristic:samples=0", GAME)
    assert make_bot("heuristic:samples=80:opponent_stands_at=26", GAME, 1).samples == 80


def test_kernel_values_are_reproducible_for_a_seed():
    state, _ = at_request("10S 5D", "9C")
    world = kernel_world(state)
    first = world_values(world.copy(), 2, 50, 9, 25, 28, 1 / 3, fast.randbelow_variant())
    again = world_values(world, 2, 50, 9, 25, 28, 1 / 3, fast.randbelow_variant())
    assert first == again
    assert np.array_equal(world, kernel_world(state))  # the world itself is left as it was
