"""Marriages made in play (source 004 règles 1, 2, 3, 6, 7; REFERENCE.md §5 rules 13–16, 19, 20;
G8, G9, G13).

Four players, dealer 0: seat 3 leads, then seats 2, 1, 0. Diamonds are trumps (7♦ turned)."""


from tests.guimbarde.support import deal, legal, play, refused, trick_payments


def payments(state):
    return sorted((s, t, a) for s, t, a, _ in trick_payments(state))


def test_marriage_in_play_winner_takes_one_from_each_but_the_queen_player():
    # [004] règle 1 «S'il arrive un mariage en jouant, celui qui le gagne tire un jeton de chaque
    # joueur, hors de celui qui a jeté la dame»; «la dame… tombe sur son roi»
    hands = ["8S 7H KC 8D 9D", "7S AC 10H JH AH", "QS 9S 7C 8C 9H", "KS 9C 10C JC 8H"]
    state, chance = deal(hands, "7D")
    before = list(state.match.counters)
    play(state, chance, "KS QS 7S 8S")
    assert state.tricks_won == [0, 0, 0, 1]
    assert payments(state) == [(0, 3, 1), (1, 3, 1)]
    assert all("règle 1" in r for *_, r in trick_payments(state))
    assert [a - b for a, b in zip(state.match.counters, before)] == [-1, -1, 0, 2]
    assert state.statistics()["marriages_in_play"] == 1


def test_rule7_next_player_holding_the_queen_must_play_it():
    # [004] règle 7 «Celui qui ayant la dame d'un roi qui vient d'être joué, doit jouer
    # immédiatement après, est obligé de la mettre pour faire le mariage»
    hands = ["8S 7H KC 8D 9D", "7S AC 10H JH AH", "QS 9S 7C 8C 9H", "KS 9C 10C JC 8H"]
    state, chance = deal(hands, "7D")
    play(state, chance, "KS")
    assert legal(state) == ["QS"]
    err = refused(state, "9S")
    assert err.legal == ("QS",) and "marriage" in str(err)


def test_rule6_king_and_queen_not_immediately_one_on_the_other_make_no_marriage():
    # [004] règle 6 «il faut que le roi et la dame de la même couleur tombent immédiatement l'un
    # sur l'autre, sinon le mariage n'a pas lieu»
    hands = ["8S 7H KC 8D 9D", "QS 7S AC JH AH", "9S 7C 8C 9H 10H", "KS 9C 10C JC 8H"]
    state, chance = deal(hands, "7D")
    play(state, chance, "KS 9S")
    assert legal(state) == ["7S", "QS"]  # not the next player: free to keep his queen
    play(state, chance, "QS 8S")
    assert state.tricks_won == [0, 0, 0, 1]
    assert payments(state) == []
    assert state.statistics()["marriages_in_play"] == 0


def test_rule2_marriage_won_by_trumping_pays_one_from_king_and_queen_players():
    # [004] règle 2 «Celui qui gagne un mariage par triomphe, ne gagne qu'un jeton de ceux qui
    # ont jeté le roi et la dame»
    hands = ["7S 7H KC 9D 10D", "8D AC 10H JH AH", "QS 9S 7C 8C 9H", "KS 9C 10C JC 8H"]
    state, chance = deal(hands, "7D")
    play(state, chance, "KS QS")
    assert legal(state) == ["8D"]  # void in spades: must trump
    play(state, chance, "8D 7S")
    assert state.tricks_won == [0, 1, 0, 0]
    assert payments(state) == [(2, 1, 1), (3, 1, 1)]
    assert all("règle 2" in r for *_, r in trick_payments(state))


def test_rule3_marriage_may_not_be_cut_with_the_roi_when_another_trump_is_held():
    # [004] règle 3 «Il n'est pas permis de couper un mariage avec le roi de cœur, ni avec la dame»
    hands = ["7S 7H KC 9D 10D", "8D KH AC JH AH", "QS 9S 7C 8C 9H", "KS 9C 10C JC 8H"]
    state, chance = deal(hands, "7D")
    play(state, chance, "KS QS")
    assert legal(state) == ["8D"]
    refused(state, "KH")
    # without a marriage in the trick the K♥ may cut as any trump
    hands = ["7S 7H KC 9D 10D", "8D KH AC JH AH", "9S 7C 8C 9H 10H", "KS 9C 10C JC 8H"]
    state, chance = deal(hands, "7D")
    play(state, chance, "KS 9S")
    assert legal(state) == ["8D", "KH"]


def test_rule3_only_forbidden_trumps_left_may_cut_and_the_marriage_pays_nothing():
    # G8 «unless that card is the only legal card, in which case it may be played (and the
    # marriage pays nothing)»: seat 1 has only the Q♥, K♥ and fou left when K♣ Q♣ fall
    hands = ["AS 7C 8C 9H 10H", "7S 8S QH KH JD", "9S 10S QC 7H 8H", "KS JS KC 9D 10D"]
    state, chance = deal(hands, "7D")
    play(state, chance, "KS 9S 7S AS  JS 10S 8S 9H  KC QC")
    assert legal(state) == ["JD", "KH", "QH"]
    play(state, chance, "JD 7C")
    assert state.tricks_won == [0, 1, 0, 2]
    assert payments(state) == []
    assert state.statistics()["marriages_in_play"] == 1


RULE3_KD = ["7S 7H KC 9D 10D", "KD JD AC JH AH", "QS 9S 7C 8C 9H", "KS 9C 10C JC 8H"]


def test_rule3_default_reads_the_fou_so_the_king_of_diamonds_may_cut():
    # G8 «"ni avec le roi de carreau"… very probably a copying error for valet de carreau»
    state, chance = deal(RULE3_KD, "7D")
    play(state, chance, "KS QS")
    assert legal(state) == ["KD"]
    refused(state, "JD")
    play(state, chance, "KD 7S")
    assert payments(state) == [(2, 1, 1), (3, 1, 1)]  # règle 2


def test_option_rule3_card_king_of_diamonds_literal_reading():
    # [004] règle 3 «…ni avec le roi de carreau» read literally: the K♦ may not cut, the fou may
    state, chance = deal(RULE3_KD, "7D", rule3_card="king_of_diamonds")
    play(state, chance, "KS QS")
    assert legal(state) == ["JD"]
    refused(state, "KD")
    play(state, chance, "JD 7S")
    assert payments(state) == [(2, 1, 1), (3, 1, 1)]  # règle 2


def test_rule3_forbidden_roi_as_only_trump_need_not_cut_the_marriage():
    # [004] règle 3 «Il n'est pas permis de couper un mariage avec le roi de cœur»: seat 1, void
    # in spades, holds the K♥ as his only trump and four hearts/clubs; the engine forces K♥
    hands = ["7S 7H KC 9D 10D", "KH AC 10H JH AH", "QS 9S 7C 8C 9H", "KS 9C 10C JC 8H"]
    state, chance = deal(hands, "7D")
    play(state, chance, "KS QS")
    assert legal(state) == ["10H", "AC", "AH", "JH"]


def test_option_rule3_king_of_diamonds_may_be_discarded_when_not_trump():
    # [004] règle 3 forbids to «couper» with the K♦: spades trumps, K♣ Q♣ fall, seat 1 has no
    # club and no trump; throwing the K♦ (a plain card) cuts nothing
    hands = ["7C AC 8S 9S 10S", "KD 7D 8D 9H 10H", "QC 10C JC 8H JH", "KC 8C 9C AH 7H"]
    state, chance = deal(hands, "7S", rule3_card="king_of_diamonds")
    play(state, chance, "KC QC")
    assert legal(state) == ["10H", "7D", "8D", "9H", "KD"]


def test_marriage_falling_on_a_roi_lead_is_won_by_trump():
    # [004] règle 2 «Celui qui gagne un mariage par triomphe, ne gagne qu'un jeton de ceux qui
    # ont jeté le roi et la dame»; règle 3 only forbids to «couper» a marriage with the K♥, and
    # here the K♥ was led before the K♠ Q♠ fell on it
    hands = ["8D 7S 7H KC 9D", "QS AC 10H JH AH", "KS 9S 7C 8C 9H", "KH 9C 10C JC 8H"]
    state, chance = deal(hands, "7D")
    play(state, chance, "KH KS QS 8D")
    assert state.tricks_won == [0, 0, 0, 1]
    assert payments(state) != []


def test_rule7_queen_of_trumps_must_fall_on_her_king_even_when_able_to_head():
    # [004] règle 7 «est obligé de la mettre pour faire le mariage; autrement il payerait un jeton
    # à chacun pour avoir rompu le mariage»: spades trumps, K♠ led, seat 2 holds Q♠ and the fou
    hands = ["9S 7H KC 8D 9D", "8S AC 10H JH AH", "QS JD 7C 8C 9H", "KS 9C 10C JC 8H"]
    state, chance = deal(hands, "7S")
    play(state, chance, "KS")
    assert legal(state) == ["QS"]
