"""Following « comme à la triomphe » (source 004; REFERENCE.md §5 rule 11, rule 21 (8, 9); G1, G3).

Four players, dealer 0: seat 3 leads, then seats 2, 1, 0. Clubs are trumps (7♣ turned)."""

from tests.guimbarde.support import deal, legal, play, refused

FILL1 = "8D 9D 10D AD JH"  # seat 1 filler: no spades, no clubs
FILL0 = "AS QS 8H 9H 10H"


def test_follow_suit_is_compulsory_and_other_cards_are_refused():
    # G1 «les autres joueurs sont obligés de fournir, s'ils en ont»; règle 8 «Celui qui renonce»
    state, chance = deal([FILL0, FILL1, "7S 8C AH 7H 10C", "9S 10S JS KS 7D"], "7C")
    play(state, chance, "9S")
    assert legal(state) == ["7S"]
    err = refused(state, "AH")
    assert err.legal == ("7S",) and "legal: 7S" in str(err)
    assert "you must follow suit" in str(err)
    assert "you must follow suit" in str(refused(state, "8C"))  # no trumping while he holds a spade
    assert "not in your hand" in str(refused(state, "9S"))


def test_follow_must_head_the_trick_if_able():
    # G1 «de monter, s'ils en ont de plus hautes»; règle 9 «pouvant forcer… ne le fait pas»
    state, chance = deal([FILL0, FILL1, "7S JS 8C AH 7H", "9S 10S KS 7D 8S"], "7C")
    play(state, chance, "9S")
    assert legal(state) == ["JS"]
    assert "you must head the trick" in str(refused(state, "7S"))


def test_follow_void_must_trump():
    # G1 «ou de couper, s'ils ont des triomphes sans avoir la couleur jouée»; règle 9
    state, chance = deal([FILL0, FILL1, "8C JD AH 7H QD", "9S 10S KS 7D 8S"], "7C")
    play(state, chance, "9S")
    assert legal(state) == ["8C", "JD"]  # the fou is a trump
    refused(state, "AH")


def test_follow_void_must_overtrump_if_able():
    # G1 «overtrumping when the trick is already trumped — required if able»
    state, chance = deal([FILL0, "10C 8C AH 8D 9D", "9C 7H JH QD KD", "9S 10S KS 7D 8S"], "7C")
    play(state, chance, "9S 9C")
    assert legal(state) == ["10C"]
    refused(state, "8C")


def test_follow_void_unable_to_overtrump_plays_any_card():
    # G1 «… else any card»
    state, chance = deal([FILL0, "8C AH 7H 8D 9D", "JC 10D JH QD KD", "9S 10S KS 7D 8S"], "7C")
    play(state, chance, "9S JC")
    assert legal(state) == ["7H", "8C", "8D", "9D", "AH"]


def test_follow_suit_after_the_trick_is_trumped_need_not_head():
    # G1 «fournir… monter» — heading is only asked while the suit led is winning: once the trick
    # is trumped, any card of the suit
    state, chance = deal(["AS QS 8H 9H KD", "10S 7S AH 8D 9D", "9C 10H JH QD 10D", "9S 8S KS 7D JS"], "7C")
    play(state, chance, "9S 9C")
    assert legal(state) == ["10S", "7S"]


def test_follow_trump_led_must_follow_and_head_in_trumps():
    # G1 «fournir… monter» on a trump lead
    state, chance = deal([FILL0, "8D 9D 10D AD QD", "8C 10C AH 7H JH", "9C 9S 10S KS 7D"], "7C")
    play(state, chance, "9C")
    assert legal(state) == ["10C"]


def test_follow_honours_are_trumps_only_not_hearts_or_diamonds():
    # G3 «in trick play they are trumps only: hearts led does not oblige you to play K♥/Q♥»
    state, chance = deal(["QS 8H 10H AD KD", "QH AS 8D 9D 10D", "KH 7H 8C JS KS", "9H 9S 10S 7D 8S"], "7C")
    play(state, chance, "9H")
    assert legal(state) == ["7H"]  # the K♥ does not count as a heart
    refused(state, "KH")
    play(state, chance, "7H")
    assert legal(state) == ["QH"]  # void in hearts: must trump, and the Q♥ is a trump


def test_follow_honours_are_trumps_only_the_fou_is_not_a_diamond():
    # G3 default: the fou neither follows nor heads diamonds
    state, chance = deal(["AS 10D 8H KD AD", "AH 9H 10H 7H JH", "JD 8D AC QS 7S", "7D 9S 10S KS 8S"], "7C")
    play(state, chance, "7D")
    assert legal(state) == ["8D"]


def test_option_honours_keep_suit_in_play_the_fou_follows_diamonds():
    # G3 «Option honours_keep_suit_in_play»: the fou also counts as a diamond for following
    state, chance = deal(["AS 10D 8H KD AD", "AH 9H 10H 7H JH", "JD 8D AC QS 7S", "7D 9S 10S KS 8S"], "7C",
                         honours_keep_suit_in_play=True)
    play(state, chance, "7D")
    assert legal(state) == ["8D", "JD"]


def test_option_honours_keep_suit_in_play_the_roi_alone_follows_hearts():
    # G3 option: a player whose only « heart » is the K♥ must play it on a heart lead
    hands = ["QS 8H 10H AD KD", "QH AS 8D 9D 10D", "KH 8C JS KS 7S", "9H 9S 10S 7D 8S"]
    state, chance = deal(hands, "7C", honours_keep_suit_in_play=True)
    play(state, chance, "9H")
    assert legal(state) == ["KH"]
    state, chance = deal(hands, "7C")
    play(state, chance, "9H")
    assert legal(state) == ["8C", "KH"]  # default: void in hearts, any trump


def test_option_parlett_free_follow_suit_only():
    # G1 «Parlett's summary says "must follow suit if possible, otherwise may play any card"»
    hands = [FILL0, "8C AH 7H 8D 9D", "7S JS 9C 10D JH", "9S 10S KS 7D 8S"]
    state, chance = deal(hands, "7C", follow_rules="parlett_free")
    play(state, chance, "9S")
    assert legal(state) == ["7S", "JS"]  # no need to head
    play(state, chance, "7S")
    assert legal(state) == ["7H", "8C", "8D", "9D", "AH"]  # void: no need to trump
    refused(state, "QS")
