"""The order of the cards (source 004; REFERENCE.md §5 rule 10; G2)."""

import pytest

from academie.cards import parse_card
from academie.games.guimbarde.rules import strength, trick_winner
from tests.guimbarde.support import deal, legal, play


def trick(*codes):
    return [(seat, parse_card(c)) for seat, c in enumerate(codes)]


@pytest.mark.parametrize("trump", ["S", "H", "D", "C"])
def test_card_order_guimbarde_roi_fou_above_every_trump_whatever_the_suit(trump):
    # [004] «La guimbarde est toujours la principale triomphe du jeu, en quelle couleur que soit
    # la triomphe ; le roi de cœur en est la seconde, et le valet de carreau la troisième, qui ne
    # change jamais»
    suit = "SHDC".index(trump)
    king = "AH" if trump == "H" else f"K{trump}"  # the best ordinary trump (K♥ is the roi)
    assert trick_winner(trick(king, "JD", "KH", "QH"), suit) == 3
    assert trick_winner(trick(king, "JD", "KH"), suit) == 2
    assert trick_winner(trick(king, "JD"), suit) == 1
    queen, king, fou = (strength(parse_card(c), suit) for c in ("QH", "KH", "JD"))
    assert queen > king > fou


def test_card_order_aces_between_jacks_and_tens():
    # [004] «les as sont inférieurs aux valets, et supérieurs aux autres cartes, comme dix, neuf»
    clubs = 3
    assert trick_winner(trick("10S", "AS"), clubs) == 1
    assert trick_winner(trick("10S", "AS", "JS"), clubs) == 2
    assert trick_winner(trick("AS", "QS", "JS"), clubs) == 1
    assert trick_winner(trick("10C", "AC", "JC", "KC"), clubs) == 3  # the same in trumps
    assert trick_winner(trick("AS", "7C"), clubs) == 1  # any trump beats the led suit


def test_card_order_in_play_ace_must_be_headed_by_the_jack():
    # G1 «monter, s'ils en ont de plus hautes»: over the 10♠ the A♠ heads, over the A♠ the J♠
    hands = ["KS 8S 9D 10D AD", "JS 7S 8D 9H 10H", "AS 9S 7H 8H AH", "10S 9C 10C JC 7D"]
    state, chance = deal(hands, "7C")
    play(state, chance, "10S")
    assert legal(state) == ["AS"]
    play(state, chance, "AS")
    assert legal(state) == ["JS"]
    play(state, chance, "JS")
    assert legal(state) == ["KS"]
    play(state, chance, "KS")
    assert state.tricks_won == [1, 0, 0, 0]


def test_card_order_in_play_guimbarde_takes_roi_takes_fou_takes_king_of_trumps():
    # [004] «la guimbarde… principale triomphe… le roi de cœur… la seconde… le valet de
    # carreau la troisième»: K♣ (trumps) led; each must head the trump trick
    hands = ["QH AC 7S 8S 9S", "KH 9C 7H 8H 9H", "JD 8C 7D 8D 9D", "KC 10C JC 10S JS"]
    state, chance = deal(hands, "7C")
    play(state, chance, "KC")
    assert legal(state) == ["JD"]
    play(state, chance, "JD")
    assert legal(state) == ["KH"]
    play(state, chance, "KH")
    assert legal(state) == ["QH"]
    play(state, chance, "QH")
    assert state.tricks_won == [1, 0, 0, 0]
    assert state.current_player() == 0  # the winner leads
