"""Scenario test: two players equal in points for the talon, one with fewer tricks, the other
nearer the dealer's left ([001] «Lorsque deux joueurs sont égaux, le plus près de celui qui a fait
à gauche, gagne le talon»; option talon_tie, reading R6). A stacked deck, each card played named."""

from tests.helpers import play, reversis_state

# Dealt by seat 0 (the dealer's left is seat 1, then 2, then 3). At the end seats 2 and 3 both
# have 3 points in their tricks; seat 2 took three tricks, seat 3 two.
STACK = ("4D 6S QC JH KH 8D AD 8C KC 5C 5S 9D JS 9H 7C 6D 3H JC 9C 2C 8H 2H AH 7S 3C 7H 2D 4S 9S QH"
         " JD AS KS 5D 5H 4C 2S 6C KD 4H 3D 7D 3S 6H 8S QD AC QS").split()
MOVES = ("pass pass pass 3S 7H 3H 8H 2H KS 5S 2S 4S AS 7S 6S 9S 3D 5D 2D 6D 4H 7D 5H 9H JS JH JD 8S"
         " 4D 8D AD 9D 2C 4C 3C JC QH 8C 6H 6C KH 9C AH 7C 5C QC KD KC")


def settle(**options):
    state, chance = reversis_state([STACK], players=4, seed=None, deals=1, **options)
    play(state, chance, MOVES)
    return state.results[-1]


def test_by_default_the_fewer_tricks_wins_between_equal_points():
    r = settle()
    assert (r.points, r.tricks) == ((7, 19, 3, 3), (1, 5, 3, 2))
    assert r.talon_winner == 3


def test_the_literal_reading_gives_it_to_the_nearest_on_the_dealers_left():
    r = settle(talon_tie="nearest_left")
    assert (r.points, r.tricks) == ((7, 19, 3, 3), (1, 5, 3, 2))
    assert r.talon_winner == 2


def test_the_literal_reading_still_puts_a_player_with_no_trick_first():
    # «mais celui qui n'a point de levée, l'emporte sur lui»: the order of the key, checked on
    # the state's own talon rule with the tricks of this deal and seat 3's taken away.
    state, chance = reversis_state([STACK], players=4, seed=None, deals=1, talon_tie="nearest_left")
    play(state, chance, MOVES)
    state.trick_count[3] = 0
    state.tricks[3] = ()
    assert state._talon(None)[0] == 3
