"""Readings the source leaves open, each an option (source 004 règles 6, 7, 9; REFERENCE.md §5
G1, G10, G13).

Four players, dealer 0: seat 3 leads, then seats 2, 1, 0. Diamonds are trumps (7♦ turned)."""

from tests.guimbarde.support import deal, legal, paid, play, play_out, refused, trick_payments

# Seat 3 leads a club; seat 2 (void) trumps with the 9♦; seat 1 (void) holds the 8♦ and 10♦.
OVERTRUMP = ["8C 9C 10C JC AC", "8D 10D AS 7S JH", "9D 7H 8H 9H 10H", "7C 8S 9S 10S JS"]


def test_overtrump_is_required_by_default():
    # G1: « comme à la triomphe »: « monter » on a trump too (règle 9 « pouvant forcer »)
    state, chance = deal(OVERTRUMP, "7D")
    play(state, chance, "7C")
    assert legal(state) == ["9D"]  # void in clubs: must trump
    play(state, chance, "9D")
    assert legal(state) == ["10D"]
    err = refused(state, "8D")
    assert "overtrump" in str(err)


def test_option_overtrump_false_any_trump_will_do():
    # G1 option ``no_overtrump``: a void player must still trump (« couper »), not overtrump
    state, chance = deal(OVERTRUMP, "7D", overtrump=False)
    play(state, chance, "7C 9D")
    assert legal(state) == ["10D", "8D"]
    err = refused(state, "AS")
    assert "must trump" in str(err) and "overtrump" not in str(err)
    play(state, chance, "8D 8C")
    assert state.tricks_won == [0, 0, 1, 0]


# Seat 3 leads the 7♣; seat 2, void in clubs and trumps, throws the K♠; seat 1, void too,
# holds the Q♠; seat 0 takes the trick with the A♣.
DISCARDS = ["8C 9C 10C JC AC", "QS JS AS JH AH", "KS 7H 8H 9H 10H", "7C 7S 8S 9S 10S"]


def test_king_and_queen_thrown_as_discards_make_a_marriage_by_default():
    # [004] «lorsqu'on joue un roi… et que la dame de l'une de ces couleurs, tombe sur son roi,
    # c'est un mariage»; règle 7 «est obligé de la mettre»
    state, chance = deal(DISCARDS, "7D")
    play(state, chance, "7C KS")
    assert legal(state) == ["QS"]
    play(state, chance, "QS AC")
    assert state.tricks_won == [1, 0, 0, 0]
    # règle 1: the trick's winner takes one from each but the queen's player
    assert sorted((s, t, a) for s, t, a, _ in trick_payments(state)) == [(2, 0, 1), (3, 0, 1)]
    assert state.statistics()["marriages_in_play"] == 1


def test_option_discard_marriages_false_discards_make_none():
    state, chance = deal(DISCARDS, "7D", discard_marriages=False)
    play(state, chance, "7C KS")
    assert legal(state) == ["AH", "AS", "JH", "JS", "QS"]  # not bound to throw his queen
    play(state, chance, "QS AC")
    assert state.tricks_won == [1, 0, 0, 0]
    assert trick_payments(state) == []
    assert state.statistics()["marriages_in_play"] == 0


def test_option_discard_marriages_false_keeps_a_marriage_of_the_suit_led():
    # a king led and its queen following suit are « un roi » played, whatever the option
    hands = ["8S 7H KC 8D 9D", "7S AC 10H JH AH", "QS 9S 7C 8C 9H", "KS 9C 10C JC 8H"]
    state, chance = deal(hands, "7D", discard_marriages=False)
    play(state, chance, "KS")
    assert legal(state) == ["QS"]
    play(state, chance, "QS 7S 8S")
    assert sorted((s, t, a) for s, t, a, _ in trick_payments(state)) == [(0, 3, 1), (1, 3, 1)]


# Parlett's free play: seat 3 leads the K♥; seat 2 holds the Q♥ and the 8♦, both trumps.
GRAND = ["10C JC AC 10H JH", "JS AS 7H 8H 9H", "QH 8D 7C 8C 9C", "KH 7S 8S 9S 10S"]


def test_rule7_does_not_bind_the_guimbarde_by_default():
    # rule 7 speaks of the marriages in play of « un roi de carreau, de trèfle ou de pique »;
    # the grand mariage on the table is the K♥ « levé par la guimbarde » (rule 4), at any time
    state, chance = deal(GRAND, "7D", follow_rules="parlett_free")
    play(state, chance, "KH")
    assert legal(state) == ["8D", "QH"]
    play(state, chance, "8D 7H 10C")
    assert state.tricks_won == [0, 0, 0, 1]


def test_option_rule7_grand_mariage_binds_the_guimbarde():
    state, chance = deal(GRAND, "7D", follow_rules="parlett_free", rule7_grand_mariage=True)
    play(state, chance, "KH")
    assert legal(state) == ["QH"]
    err = refused(state, "8D")
    assert "marriage" in str(err)
    play(state, chance, "QH 7H 10C")
    assert state.tricks_won == [0, 0, 1, 0]
    # rule 4: the grand mariage on the table, one counter from each other player
    assert sorted(paid(state, "grand mariage on the table")) == [(0, 2, 1), (1, 2, 1), (3, 2, 1)]


def test_marriage_in_hand_is_paid_at_the_end_of_the_deal_with_the_fou():
    # G10 « settled at the end of the deal »: the K♠ Q♠ of seat 2 and the fou of seat 3
    hands = ["7S 8S 7H 8H 7D", "9S 10S 9H 10H 8D", "KS QS JH AH 9D", "7C 8C 10D AD JD"]
    state, chance = deal(hands, "9C")
    assert ("mariage en main", 2, "KS QS") in state.announcements
    assert paid(state, "marriage in hand") == [] and paid(state, "the fou [004]") == []
    start = len(state.match.ledger.entries)
    play_out(state, chance)
    reasons = [e.reason for e in state.match.ledger.entries[start:]]
    hand = [i for i, r in enumerate(reasons) if "marriage in hand" in r]
    fou = [i for i, r in enumerate(reasons) if "«On paye un jeton pour le fou»" in r]
    assert len(hand) == 3 and len(fou) == 3 and max(hand) < min(fou)
    assert sorted(paid(state, "marriage in hand")) == [(0, 2, 1), (1, 2, 1), (3, 2, 1)]
