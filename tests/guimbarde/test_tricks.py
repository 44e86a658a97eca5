"""The trick contest in the point box (source 004; REFERENCE.md §5 rules 9, 12; G5, G6)."""

from tests.guimbarde.support import deal, paid, play, total

# Three players, dealer 0 (order 2, 1, 0), clubs trumps, no club and no honour dealt.
# Seat 2 wins tricks 1 and 2, seat 1 tricks 3, 4 and 5.
LATE = ["9S 10S 8D 10D AD", "7S 8S AH 10H 9H", "KS JS 7H 8H 7D"]
LATE_PLAY = "KS 7S 9S  JS 8S 10S  7H AH 8D  10H 10D 8H  9H AD 7D"


def won_tricks(state):
    return paid(state, "«pour celui qui lèvera le plus de mains»")


def test_tricks_most_tricks_take_the_point_box():
    # [004] «on met chacun un jeton dans la même boite pour celui qui lèvera le plus de mains»
    state, chance = deal(LATE, "7C")
    assert state.announcements == [("point", 1, "3 cards")]  # hearts, eldest of the tie
    assert state.match.pots["point"] == 3
    play(state, chance, LATE_PLAY)
    result = state.results[-1]
    assert result.tricks == (0, 3, 2)
    assert result.trick_winner == 1
    assert won_tricks(state) == [("point", 1, 3)]
    assert state.match.counters == [44, 50, 44]
    assert dict(result.boxes) == {"point": 0, "mariage": 3, "fou": 3, "roi": 3, "guimbarde": 3}
    assert state.is_terminal() and state.returns() == [-6.0, 0.0, -6.0]


def test_option_first_to_two_the_first_player_to_win_two_tricks():
    # G5: Parlett «won by the first player (if any) to win two tricks» — seat 2 made his two first
    state, chance = deal(LATE, "7C", trick_box="first_to_two")
    play(state, chance, LATE_PLAY)
    assert state.results[-1].trick_winner == 2
    assert won_tricks(state) == [("point", 2, 3)]
    assert state.match.counters == [44, 47, 47]


def test_tricks_tie_goes_to_the_first_to_make_that_number():
    # [004] «si deux joueurs avaient fait deux mains chacun, celui qui les aurait faites le
    # premier gagnerait» — seat 1 makes tricks 1 and 2, seat 2 (the eldest) tricks 3 and 4
    hands = ["9S 10S 9D 10D AD", "KS JS 7H 8H 7D", "7S 8S AH 10H 8D"]
    state, chance = deal(hands, "7C")
    play(state, chance, "7S KS 9S  JS 10S 8S  7H 9D AH  10H 8H 10D  8D 7D AD")
    result = state.results[-1]
    assert result.tricks == (1, 2, 2)
    assert result.trick_winner == 1
    assert won_tricks(state) == [("point", 1, 3)]


# Five players, dealer 0 (order 4, 3, 2, 1, 0), clubs trumps: nobody has a point, each wins one
# trick; the fou, roi and guimbarde are not dealt.
ONE_EACH = ["10S 10H 9D 8C QS", "9S 9H 8D KC JS", "8S 8H AD 7C QD", "7S AH 7D 10C JH", "KS 7H 10D 9C AS"]
ONE_EACH_PLAY = ("KS 7S 8S 9S 10S  7H AH 8H 9H 10H  7D AD 8D 9D 10D  7C KC 8C 9C 10C"
                 "  JS QS AS JH QD")
# The next deal (dealer 4, order 3, 2, 1, 0, 4): seat 3 alone has a point (three spades).
NEXT = (["KS AH 10D 7C 8C", "AS 10H JH 9C 9D", "10S JS 8H 9H 8D", "7S 8S 9S 7H 7D", "QS AD JC 10C QD"], "KD", 4)


def test_tricks_nobody_with_two_the_stake_stays_as_next_deals_point():
    # [004] «Il faut au moins faire deux mains pour l'emporter; car, si les joueurs n'en font que
    # chacun une, le fond de mise demeure dans la boite, pour servir de point au coup suivant»
    state, chance = deal(ONE_EACH, "JC", later=[NEXT])
    assert state.announcements == []
    play(state, chance, ONE_EACH_PLAY)
    first = state.results[0]
    assert first.tricks == (1, 1, 1, 1, 1)
    assert first.trick_winner is None
    assert dict(first.boxes) == {"point": 10, "mariage": 5, "fou": 5, "roi": 5, "guimbarde": 5}
    assert first.counters == (44, 44, 44, 44, 44)
    assert state.statistics()["tricks_carried"] == 1 and state.statistics()["point_carried"] == 1
    # next deal: the point (seat 3) takes the carried stakes with the new ones
    assert state.announcements == [("point", 3, "3 cards")]
    assert paid(state, "«le plus haut l'emporte»", deal=1) == [("point", 3, 15)]
    assert state.match.pots == {"point": 5, "mariage": 10, "fou": 10, "roi": 10, "guimbarde": 10}
    assert total(state) == 250
