"""Scenario tests: resting on 19 and in the Indies on 49 (source 002, « Loix du jeu » 2, 5;
REFERENCE 3(a)8, 11, L5, L7, option displaced_keeps_wait)."""

from tests.helpers import blason_state, throw


def throwers(state, chance, times):
    """The seats that throw, one after another, over ``times`` throws."""
    seats = []
    for _ in range(times):
        seats.append(state.current_player())
        throw(state, chance)
    return seats


def test_19_pays_and_misses_two_turns_while_the_others_throw_l7():
    # [002] «Qui viendra au quarré 19 … se reposera, pendant que les autres joueront deux fois,
    # & payera le prix convenu pour renouveller ses titres, & jouera ensuite à son rang.»
    # L7: he misses his next two turns. Seat 0: 7, 19; seats 1 and 2 walk on 2, 4, 7, 10 / 3, 5, 8, 11.
    state, chance = blason_state("7 2 3 12 2 2 3 3 3 3 2", players=3)
    throw(state, chance, 4)
    assert state.position == [19, 2, 3]
    assert state.rest == [2, 0, 0]
    assert state.match.counters == [18, 19, 19]
    assert state.match.ledger.entries[-1].reason.startswith("square 19")
    # the rest of this round, then two rounds without seat 0, then seat 0 at his rank
    assert throwers(state, chance, 7) == [1, 2, 1, 2, 1, 2, 0]
    assert state.position == [21, 10, 11]
    assert state.rest == [0, 0, 0]
    assert chance.positions == [11]  # a turn missed consumes no dice
    assert state.statistics()["square_19"] == 1


def test_49_pays_for_the_indies_and_misses_two_turns_l7():
    # [002] «Qui arrivera au quarté 49 … payera le prix convenu pour avoir permission de passer
    # aux Indes, où il demeurera jusqu'à ce que les autres joueurs aient joué chacun deux coups.»
    # Seat 0: first nine → 26, 37, 49; seat 1: 2, 5, 8, 11, 14; seat 2: 3, 7, 10, 13, 16.
    state, chance = blason_state("9 2 3 11 3 4 12 3 3 3 3 3 3 2", players=3)
    throw(state, chance, 7)
    assert state.position == [49, 5, 7]
    assert state.rest == [2, 0, 0]
    assert state.match.counters == [17, 19, 19]
    assert state.match.ledger.entries[-1].reason.startswith("square 49")
    assert throwers(state, chance, 7) == [1, 2, 1, 2, 1, 2, 0]
    assert state.position == [51, 14, 16]


def test_met_player_resting_on_19_moves_and_his_wait_is_cancelled_l5():
    # L5: «the displaced player moves (rule 6) and his waiting penalty is cancelled; the
    # arriving player starts his own wait.» Seat 0: 7, 19; seat 1: 8, 19 (meets seat 0).
    state, chance = blason_state("7 8 12 11 2 3 4", players=2)
    throw(state, chance, 4)
    assert state.position == [8, 19]
    assert state.rest == [0, 2]
    # seat 0: entry, 19, met; seat 1: entry, 19
    assert state.match.counters == [17, 18]
    assert state.match.pots["pot"] == 5
    assert throwers(state, chance, 3) == [0, 0, 0]  # seat 1 rests two turns
    assert state.position == [17, 19]
    assert state.current_player() == 1


def test_met_player_keeps_his_wait_with_displaced_keeps_wait():
    # L5 option displaced_keeps_wait: the met player moves but still misses his turns.
    # Seat 0: 7, 19; seat 1: 8, 19 (meets seat 0, who goes to 8); seat 2: 2 and on.
    state, chance = blason_state("7 8 2 12 11 2 3 3 3 2", players=3, displaced_keeps_wait=True)
    throw(state, chance, 5)
    assert state.position == [8, 19, 2]
    assert state.rest == [2, 2, 0]
    assert throwers(state, chance, 5) == [2, 2, 2, 0, 1]
    assert state.position == [11, 21, 10]


def test_met_player_wait_cancelled_by_default_three_players():
    # L5 default, same race as above: seat 0 plays at once, only seat 1 rests.
    state, chance = blason_state("7 8 2 12 11 2 2 3 3 3 2 2", players=3)
    throw(state, chance, 5)
    assert state.rest == [0, 2, 0]
    assert throwers(state, chance, 7) == [2, 0, 2, 0, 2, 0, 1]
    assert state.position == [15, 21, 10]


def test_19_with_the_others_throwing_exactly_twice_option():
    # L7 option rest_reading='others_throw_twice': « pendant que les autres joueront deux fois »
    # read literally — seats 1 and 2 throw twice each, then seat 0 again.
    state, chance = blason_state("7 2 3 12 2 2 3 3 2", players=3, rest_reading="others_throw_twice")
    throw(state, chance, 4)
    assert state.position == [19, 2, 3] and state.rest == [1, 0, 0]
    assert throwers(state, chance, 5) == [1, 2, 1, 2, 0]
    assert state.position == [21, 7, 8]


def test_two_players_19_miss_two_turns_the_other_throws_three_times_in_a_row():
    # L7 default: seat 0 (7, 19) loses his next two turns; seat 1 throws 2, then 5, 8, 10 in a row
    state, chance = blason_state("7 2 12 3 3 2 2", players=2)
    throw(state, chance, 3)
    assert state.position == [19, 2] and state.rest == [2, 0]
    assert throwers(state, chance, 4) == [1, 1, 1, 0]
    assert state.position == [21, 10]


def test_two_players_19_others_throw_twice_the_other_throws_twice_in_a_row():
    # L7 option: « pendant que les autres joueront deux fois » — seat 1 throws exactly twice
    state, chance = blason_state("7 2 12 3 3 2", players=2, rest_reading="others_throw_twice")
    throw(state, chance, 3)
    assert state.position == [19, 2] and state.rest == [1, 0]
    assert throwers(state, chance, 3) == [1, 1, 0]
    assert state.position == [21, 8]


def test_two_players_49_under_each_rest_reading():
    # [002] «jusqu'à ce que les autres joueurs aient joué chacun deux coups»: seat 0 first nine
    # → 26, 37, 49; seat 1: 2, 5, then 8, 10 (and 12 under the default)
    state, chance = blason_state("9 2 11 3 12 3 2 2 2", players=2)
    throw(state, chance, 5)
    assert state.position == [49, 5] and state.rest == [2, 0]
    assert throwers(state, chance, 4) == [1, 1, 1, 0]
    assert state.position == [51, 12]
    state, chance = blason_state("9 2 11 3 12 3 2 2", players=2, rest_reading="others_throw_twice")
    throw(state, chance, 5)
    assert state.position == [49, 5] and state.rest == [1, 0]
    assert throwers(state, chance, 3) == [1, 1, 0]
    assert state.position == [51, 10]
