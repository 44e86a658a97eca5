"""Scenario tests: the first throw of nine (source 002, « Ordre du jeu »; REFERENCE 3(a)5,
L3, L11)."""

from tests.helpers import blason_state, throw


def test_first_throw_of_nine_pays_and_goes_to_26():
    # [002] «celui qui amènera du premier coup neuf, mettra au jeu le prix convenu, & passera à
    # 26 chez les officiers du souverain»
    state, chance = blason_state("9", players=2)
    throw(state, chance)
    assert state.position == [26, 0]
    assert state.match.counters == [18, 19]
    assert state.match.pots["pot"] == 3
    entry = state.match.ledger.entries[-1]
    assert (entry.source, entry.target, entry.amount) == (0, "pot", 1)
    assert "first throw of nine" in entry.reason
    move = state.public_view().moves[-1]
    assert (move.seat, move.total, move.origin, move.landed, move.dest) == (0, 9, 0, 9, 26)
    assert state.statistics()["first_nine"] == 1
    assert state.current_player() == 1


def test_first_nine_is_each_players_own_first_throw():
    # [002] «celui qui amènera du premier coup neuf» — seat 1's first throw, after seat 0's.
    state, chance = blason_state("4 9", players=2)
    throw(state, chance, 2)
    assert state.position == [4, 26]
    assert state.match.counters == [19, 18]


def test_first_nine_holds_whatever_the_casques_l3():
    # L3: any first nine goes to 26, even where 9 is not a casque (custom board).
    state, chance = blason_state("9", players=2, casque_squares="5,14")
    throw(state, chance)
    assert state.position == [26, 0]
    assert state.match.counters == [18, 19]


def test_first_nine_with_the_cochonnet_l3():
    # L3: «avec deux dez communs ou un cochonnet» — a nine of the cochonnet counts too.
    state, chance = blason_state("9", players=2, dice="d12")
    throw(state, chance)
    assert state.position == [26, 0]
    assert state.match.counters == [18, 19]


def test_a_later_nine_is_an_ordinary_throw():
    # [002] «du premier coup neuf» — only the first throw: 2 + 9 = 11, an ordinary square.
    state, chance = blason_state("2 3 9", players=2)
    throw(state, chance, 3)
    assert state.position == [11, 3]
    assert state.match.counters == [19, 19]
    assert state.public_view().moves[-1].events == ()


def test_no_first_nine_again_after_58_l11():
    # L11: the rule is only for the player's very first throw, not after «recommencera au
    # chiffre 1». Seat 0: 9 → 26, 38, 48, 58 → 1, then 9 → 10; seat 1: 2, 4, 7, 11.
    state, chance = blason_state("9 2 12 2 10 3 10 4 9", players=2)
    throw(state, chance, 7)
    assert state.position == [1, 7]
    entries = len(state.match.ledger.entries)
    throw(state, chance, 2)
    assert state.position == [10, 11]
    assert state.match.counters == [17, 19]  # entry, first nine, 58: nothing for the 9
    assert len(state.match.ledger.entries) == entries
    move = state.public_view().moves[-1]
    assert (move.origin, move.landed, move.dest) == (1, 10, 10)


def test_no_first_nine_again_after_restarting_off_the_board_l11():
    # L11 with restart_square=start and a board where 9 is no casque: back at 0, a 9 lands on 9.
    state, chance = blason_state("9 2 12 2 10 3 10 4 9", players=2,
                                 restart_square="start", casque_squares="5,14")
    throw(state, chance, 7)
    assert state.position == [0, 7]
    throw(state, chance, 2)
    assert state.position == [9, 11]
    assert state.match.counters == [17, 19]
