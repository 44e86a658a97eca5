"""The point: three to five cards of one suit (source 004; REFERENCE.md §5 rules 4, 8, 9; G4, G6)."""


from tests.guimbarde.support import deal, paid


def point_taker(state):
    return [a for a in state.announcements if a[0] == "point"]


def test_point_longest_suit_wins_over_the_eldest():
    # [004] «Le point c'est trois, quatre ou cinq cartes d'une même couleur; le plus haut point
    # emporte le plus bas»
    hands = ["JS AH JH 9D 10D", "7C 8C 9C 10C 7D", "AS 10S 9H 10H 8D", "7S 8S 9S 7H 8H"]
    state, _ = deal(hands, "AD")
    assert point_taker(state) == [("point", 1, "4 cards")]
    assert paid(state, "«le plus haut l'emporte»") == [("point", 1, 4)]
    # «Quand le point est levé, on met chacun un jeton dans la même boite»
    assert sorted(paid(state, "stake for the tricks")) == [(s, "point", 1) for s in range(4)]
    assert state.match.pots["point"] == 4
    assert state.match.counters == [44, 48, 44, 44]


TIE = ["JS AH JH 10D AD", "KC AC JC 7D 8D", "AS 10S 9H 10H 9D", "7S 8S 9S 7H 8H"]


def test_point_tie_goes_to_the_eldest():
    # [004] «à point égal, celui qui a la main gagne le point» — seat 3 (low spades, eldest)
    # beats seat 1 (K A J of clubs)
    state, _ = deal(TIE, "7C")
    assert point_taker(state) == [("point", 3, "3 cards")]


def test_point_tie_option_value_goes_to_the_higher_cards():
    # G4: option «point_value_tiebreak» (piquet-style value count)
    state, _ = deal(TIE, "7C", point_tiebreak="value")
    assert point_taker(state) == [("point", 1, "3 cards")]


def test_point_tie_option_value_still_goes_to_the_eldest_when_values_are_equal():
    # G4 + [004] «à point égal, celui qui a la main gagne le point»: seat 3 has 7 8 10 of spades,
    # seat 1 7 8 10 of clubs (same count, same values)
    hands = ["JS AH JH 10D AD", "7C 8C 10C 7D 8D", "AS 9S 9H 10H 9D", "7S 8S 10S 7H 8H"]
    state, _ = deal(hands, "JC", point_tiebreak="value")
    assert point_taker(state) == [("point", 3, "3 cards")]


def test_point_tie_option_value_counts_piquet_values():
    # G4: «Option point_value_tiebreak (piquet-style value count)»; options.py: «the higher count
    # of card values first (piquet style)». Seat 2: A 10 9 of spades = 30; seat 1: K J 7 of
    # clubs = 27 at piquet (the engine counts 14 + 12 + 7 = 33 and gives it to seat 1)
    hands = ["JS AH 8H AD 8C", "KC JC 7C 9H 9D", "AS 10S 9S 7H 8D", "7S 8S 10H JH 10D"]
    state, _ = deal(hands, "7D", point_tiebreak="value")
    assert point_taker(state) == [("point", 2, "3 cards")]


def test_point_roi_and_guimbarde_count_as_hearts():
    # [004] «il tirerait pour ses cœurs» (the K♥ and Q♥ of the example make his point)
    hands = ["JS AS JH 10D AD", "7C 8C 7D 8D AC", "KH 9H 8H 9S 9D", "7S 8S 10C 7H 10H"]
    state, _ = deal(hands, "KD")
    assert point_taker(state) == [("point", 2, "3 cards")]


def test_point_fewer_than_three_cards_leaves_the_box():
    # G6: «unclaimed boxes carry»; [004] «Le point c'est trois, quatre ou cinq cartes»
    hands = ["7S 8S 7H 8H 7D", "9S 10S 9H 10H 8D", "JS AS JH AH 9D", "7C 8C 10D AD KS"]
    state, _ = deal(hands, "9C")
    assert point_taker(state) == []
    assert paid(state, "«le plus haut l'emporte»") == []
    assert state.match.pots["point"] == 4 + 4  # the point stake stays, the trick stake joins it
    assert state.statistics()["point_carried"] == 1
