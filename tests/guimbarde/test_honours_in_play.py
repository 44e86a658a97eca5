"""The grand mariage on the table and the fou (source 004 règles 4, 5; REFERENCE.md §5 rules 17,
18; G10, G11, G12). Four players, dealer 0 (seat 3 leads), diamonds trumps (7♦ turned)."""

import pytest

from tests.guimbarde.support import deal, paid, play, play_out, total, trick_payments

TABLE = ["7S 7H KC 8S 9S", "9D AC 10H JH AH", "QH 8D 7C 8C 9H", "KH 9C 10C JC 8H"]


def table_payments(state):
    return sorted((s, t, a) for s, t, a, r in trick_payments(state) if "grand mariage on the table" in r)


def test_grand_mariage_on_the_table_roi_taken_by_guimbarde_one_from_each():
    # [004] règle 4 «Quand on fait le grand mariage sur la table, c'est-à-dire, lorsque le roi de
    # cœur est levé par la guimbarde… ce mariage ne vaut qu'un jeton» (G12: from each other player)
    state, chance = deal(TABLE, "7D")
    play(state, chance, "KH")
    assert state.legal_action_strings() == ["QH"]  # a trump lead: head it
    play(state, chance, "QH 9D 7S")
    assert state.tricks_won == [0, 0, 1, 0]
    assert table_payments(state) == [(0, 2, 1), (1, 2, 1), (3, 2, 1)]
    assert state.statistics()["grand_mariage_table"] == 1


def test_option_grand_mariage_table_payers_king_player_only():
    # G12 «Option: only from the K♥ player»
    state, chance = deal(TABLE, "7D", grand_mariage_table_payers="king_player")
    play(state, chance, "KH QH 9D 7S")
    assert table_payments(state) == [(3, 2, 1)]


def test_fou_is_paid_one_counter_by_each_other_player_at_the_end():
    # [004] règle 5 «On paye un jeton pour le fou» (G10, G11: settled at the end of the deal)
    hands = ["AC KC 7D 8D 9D", "AS 10S 9C 10C JC", "7S 8S 9S 7C 8C", "KH QH JD 9H 8H"]
    state, chance = deal(hands, "AD")
    assert paid(state, "«On paye un jeton pour le fou»") == []  # nothing before the end
    play_out(state, chance)
    assert sorted(paid(state, "«On paye un jeton pour le fou»")) == [(0, 3, 1), (1, 3, 1), (2, 3, 1)]
    assert total(state) == 200


@pytest.mark.parametrize("honour", ["KH", "QH"])
def test_fou_taken_by_the_roi_or_guimbarde_pays_one_to_the_taker_and_gets_nothing(honour):
    # [004] règle 5 «si ce fou s'embarque dans le jeu, et qu'il soit pris par le roi ou par la
    # dame de cœur, il ne gagne rien; au contraire, il paye un jeton à celui qui l'emporte»
    hands = ["7S 7H KC 8S 9S", "9D AC 10H JH AH", f"{honour} 8D 7C 8C 9H", "JD 9C 10C JC 8H"]
    state, chance = deal(hands, "7D")
    boxes = paid(state, "«on les tire à proportion»")
    assert [p for p in boxes if p[0] == "fou"] == [("fou", 3, 4)]  # G11: the box is his anyway
    play(state, chance, "JD")
    assert state.legal_action_strings() == [honour]
    play(state, chance, f"{honour} 9D 7S")
    assert paid(state, "the fou taken") == [(3, 2, 1)]
    assert state.statistics()["fou_captured"] == 1
    play_out(state, chance)
    assert paid(state, "«On paye un jeton pour le fou»") == []


def test_fou_winning_its_trick_is_still_paid_at_the_end():
    # the fou led and not taken (no K♥ or Q♥ in the trick): «On paye un jeton pour le fou»
    hands = ["7S 7H KC 8S 9S", "9D AC 10H JH AH", "10D 8D 7C 8C 9H", "JD 9C 10C JC 8H"]
    state, chance = deal(hands, "7D")
    play(state, chance, "JD 10D 9D 7S")
    assert state.tricks_won == [0, 0, 0, 1]
    assert paid(state, "the fou taken") == []
    play_out(state, chance)
    assert sorted(paid(state, "«On paye un jeton pour le fou»")) == [(0, 3, 1), (1, 3, 1), (2, 3, 1)]
