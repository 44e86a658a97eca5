"""The five boxes and the chances shown before play (source 004; REFERENCE.md §5 rules 1, 5–9,
13–14, 17; G6, G7, G10)."""

from academie.cards import parse_cards
from academie.games.guimbarde import BOXES
from tests.guimbarde.support import deal, paid, play_out, total


def taken(state, deal=0):
    """(box, seat, amount) for every box taken during deal ``deal`` (before play)."""
    return [(e.source, e.target, e.amount) for e in state.match.ledger.entries
            if e.deal == deal and isinstance(e.source, str) and "tricks" not in e.reason]


# Four players, dealer 0 (order 3, 2, 1, 0): no J♦, K♥ or Q♥ dealt, no suit of three, no
# king and queen of a suit in one hand.
NEUTRAL = ["7S 8S 7H 8H 7D", "9S 10S 9H 10H 8D", "JS AS JH AH 9D", "7C 8C 10D AD KS"]

# The source's example: seat 3 holds K♥ Q♥ J♦ with two other hearts (four hearts: the best point).
EXAMPLE = ["AC KC 7D 8D 9D", "AS 10S 9C 10C JC", "7S 8S 9S 7C 8C", "KH QH JD 9H 8H"]


def test_stakes_one_counter_in_each_of_the_five_boxes():
    # [004] «Chacun des joueurs met un jeton dans chaque boite»
    state, _ = deal(NEUTRAL, "9C")
    assert BOXES == ("point", "mariage", "fou", "roi", "guimbarde")
    stakes = paid(state, "«met un jeton dans chaque boite»")
    assert sorted(stakes) == sorted((s, b, 1) for s in range(4) for b in BOXES)
    # nobody can claim anything; the point box also holds the trick stake (1 each)
    assert state.announcements == []
    assert state.match.pots == {"point": 8, "mariage": 4, "fou": 4, "roi": 4, "guimbarde": 4}
    assert state.match.counters == [44, 44, 44, 44]
    assert total(state) == 200


def test_worked_example_king_queen_fou_and_hearts_take_all_five_boxes():
    # [004] «s'il avait le roi, la dame de cœur, le valet de carreau, et un ou deux autres cœurs
    # pour faire le point, il tirerait pour ses cœurs… la boîte du point; pour le valet de
    # carreau, la boite du fou; pour le roi de cœur, celle du roi; et pour la dame, celle de la
    # guimbarde ; et enfin pour ces deux derniers ensemble, celle du mariage»
    state, _ = deal(EXAMPLE, "AD")
    assert state.announcements == [
        ("fou", 3, "JD"), ("roi", 3, "KH"), ("guimbarde", 3, "QH"), ("mariage", 3, "KH QH"),
        ("point", 3, "4 cards"),
    ]
    assert sorted(taken(state)) == sorted((box, 3, 4) for box in BOXES)
    # «en observant de les étaler sur la table avant que de les tirer»
    assert state.public_view().shown[3] == tuple(sorted(parse_cards("KH QH JD")))
    # five boxes of 4, minus stakes (5 + 1); rule 4's 2 from each player come at the end (G10)
    assert state.match.counters == [44, 44, 44, 50 - 6 + 20]
    assert state.match.pots == {"point": 4, "mariage": 0, "fou": 0, "roi": 0, "guimbarde": 0}


def test_grand_mariage_in_hand_receives_two_counters_from_each_player():
    # [004] règle 4 «Qui a le grand mariage en main… reçoit deux jetons de chaque joueur, en
    # jouant les cartes, outre les boites qu'il a gagnées» (G10: shown before the first lead,
    # settled at the end of the deal)
    state, chance = deal(["7S 8S 9S 7C 8C", "AS 10S 9C 10C JC", "KH QH JD 9H 8H"], "AD")
    assert ("mariage", 2, "KH QH") in state.announcements
    assert paid(state, "grand mariage in hand") == []
    assert state.match.counters == [50 - 6, 50 - 6, 50 - 6 + 15]
    play_out(state, chance)
    assert sorted(paid(state, "grand mariage in hand")) == [(0, 2, 2), (1, 2, 2)]


def test_option_hand_marriages_announcement_pays_when_shown():
    # G10 option: the marriages in hand are paid as soon as they are shown
    state, _ = deal(["7S 8S 9S 7C 8C", "AS 10S 9C 10C JC", "KH QH JD 9H 8H"], "AD",
                    hand_marriages="announcement")
    assert sorted(paid(state, "grand mariage in hand")) == [(0, 2, 2), (1, 2, 2)]
    assert state.match.counters == [50 - 6 - 2, 50 - 6 - 2, 50 - 6 + 15 + 4]


def test_boxes_go_to_their_separate_holders_and_the_mariage_box_stays():
    # [004] «lorsqu'on a quelqu'un de ces avantages séparément, on les tire à proportion»
    hands = ["JD AS 8H 9H JC", "KH JS 8D 9D AC", "QH 10S 9C 10C 7D", "7S 8S 9S 7C 8C"]
    state, _ = deal(hands, "10D")
    assert state.announcements == [("fou", 0, "JD"), ("roi", 1, "KH"), ("guimbarde", 2, "QH"),
                                   ("point", 3, "3 cards")]
    assert state.match.pots == {"point": 4, "mariage": 4, "fou": 0, "roi": 0, "guimbarde": 0}
    assert state.match.counters == [48, 48, 48, 48]


def test_small_marriage_in_hand_is_paid_one_counter_by_everybody():
    # [004] «ainsi que lorsque le roi et la dame se trouvent tous deux dans une même main»;
    # règle 1 «si on a ce mariage en main, personne n'est excepté de payer ce jeton»
    hands = ["7S 8S 7H 8H 7D", "9S 10S 9H 10H 8D", "KS QS JH AH 9D", "7C 8C 10D AD JS"]
    state, _ = deal(hands, "9C")
    assert ("mariage en main", 2, "KS QS") in state.announcements
    assert set(state.public_view().shown[2]) == {state.hands[2][0], state.hands[2][1]}
    assert state.match.counters == [44, 44, 44, 44]  # G10: not yet paid
    state, _ = deal(hands, "9C", hand_marriages="announcement")
    assert sorted(paid(state, "marriage in hand")) == [(0, 2, 1), (1, 2, 1), (3, 2, 1)]
    assert state.match.counters == [43, 43, 47, 43]


def test_boxes_not_won_carry_over_fou_turned_up_and_honours_undealt():
    # G7: «Honour cards not dealt (in stock or turned up). Nobody claims that box; carries
    # forward»; the turned fou belongs to nobody
    later = (["7S 8S 7H 8H 7D", "JD KH QH 9S 10S", "JS AS 9H 10H 8D", "7C 8C 10D AD KS"], "9C", 3)
    state, chance = deal(NEUTRAL, "JD", later=[later])
    assert state.turned == parse_cards("JD")[0] and state.trump == 2  # diamonds are trumps
    assert state.announcements == []
    play_out(state, chance)
    first = dict(state.results[0].boxes)
    assert (first["mariage"], first["fou"], first["roi"], first["guimbarde"]) == (4, 4, 4, 4)
    # deal 2: four more in each box, the holder of J♦ K♥ Q♥ (seat 1) takes 8 from each
    honours = ("fou", "roi", "guimbarde", "mariage")
    assert sorted(taken(state, deal=1)) == sorted((box, 1, 8) for box in honours)
    assert state.match.pots["fou"] == state.match.pots["roi"] == 0
    assert total(state) == 200
