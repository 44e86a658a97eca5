"""Scenario tests: five players — hands of nine (the dealer ten), a talon of two or seven, the
écart limited to the talon cards, nine tricks (source 001; REFERENCE.md §2 rules 1, 6, R2, R4)."""

from tests.helpers import play
from tests.reversis.support import FIVE, cards, dealt, entries, run, start

# Talon of seven: hands of eight, the dealer nine (dealer 0, order 4, 3, 2, 1, 0).
LARGE = ["2S 3S 4S 5S 6S 7S 8S 9S JS",
         "QS KS AS 2H 3H 4H 5H 6H",
         "7H 8H 9H JH QH KH AH 2D",
         "3D 4D 5D 6D 7D 8D 9D JD",
         "QD KD AD 2C 3C 4C 5C 6C"]
LARGE_TALON = "7C 8C 9C JC QC KC AC"


def test_five_players_play_nine_tricks_and_settle_the_talon():
    # [001] «on peut être quatre ou cinq personnes» — «deux… si l'on est cinq, qui restent au
    # talon»: 9 cards each, the dealer 10 and discards one; the talon ends with three.
    state = run(FIVE)
    result = state.results[-1]
    assert result.tricks == (2, 3, 1, 2, 1) and sum(result.tricks) == 9
    assert result.points == (3, 16, 0, 9, 3)
    assert result.talon == cards("JH AS AC") and result.talon_value == 12
    assert (result.talon_winner, result.talon_payers) == (2, (1,))
    assert entries(state, "pool ante") == [(4, "poule", 2), (3, "poule", 2), (2, "poule", 2), (1, "poule", 2),
                                           (0, "poule", 2)]
    assert state.match.counters == [98, 86, 110, 98, 98]
    assert state.match.pots == {"poule": 10}


def test_with_five_players_the_premier_is_seat_four_and_play_goes_right():
    # [001] «Le premier en cartes doit toujours commencer par jouer du cœur» (R5: seat 4 when 0 deals)
    state, chance = start(FIVE)
    play(state, chance, "pass pass AC")
    assert state.current_player() == 4
    assert state.legal_action_strings() == ["2H", "7H", "KH"]
    play(state, chance, "2H")
    assert state.current_player() == 3


def test_with_a_talon_of_seven_each_non_dealer_exchanges_with_his_own_card():
    # [001] «deux ou sept» — R4: «non-dealer i may exchange with original talon card i»: four
    # non-dealers, four of the seven cards; the other three stay.
    state, chance = dealt(LARGE, LARGE_TALON, players=5, talon_five="large")
    for seat, card, taken in ((4, "2C", "7C"), (3, "3D", "8C"), (2, "2D", "9C"), (1, "QS", "JC")):
        assert state.current_player() == seat
        play(state, chance, card)
        assert state.view(seat).my_taken == cards(taken)[0]
    assert state.current_player() == 0
    play(state, chance, "2S")
    assert state.talon == list(cards("QC KC AC 2C 3D 2D QS 2S"))
    assert state.view(0).hand_sizes == (8, 8, 8, 8, 8)
