"""Players, pack and deal (source 004 « Figures des boites », REFERENCE.md §5 rules 1–3, G14, G15)."""

import pytest

from academie.cards import parse_cards
from academie.core.errors import PlayerCountError, StackedDeckError
from academie.games import get_game
from tests.guimbarde.support import deal
from tests.helpers import guimbarde_deck, guimbarde_state

GAME = get_game("guimbarde")


def test_two_and_nine_players_are_refused():
    # G15 / rule 3 (Parlett): 3–5 players with 32 cards, 6–8 with 52
    for n in (2, 9):
        with pytest.raises(PlayerCountError, match="3 to 8"):
            GAME.new_initial_state(n)


def test_three_players_use_32_cards_dealt_three_then_two_from_dealers_right():
    # [004] «donne à chaque joueur cinq cartes, par trois et deux : après quoi, il tourne la
    # carte de dessus le talon, et c'est la triomphe»; G14: eldest = dealer's right
    hands = ["7S 8S 9S 10S JS", "7H 8H 9H 10H JH", "7C 8C 9C 10C JC"]
    state, _ = deal(hands, "AC")
    assert len(state.deck) == 32 and min(c % 13 for c in state.deck) == 5  # 7 to A
    deck = guimbarde_deck(hands, "AC")
    # seat 2 (the dealer's right) gets the first three cards, the dealer the last packet
    assert deck[:3] == ["7C", "8C", "9C"] and deck[6:9] == ["7S", "8S", "9S"]
    assert deck[9:11] == ["10C", "JC"] and deck[15] == "AC"
    for seat in range(3):
        assert state.hands[seat] == parse_cards(hands[seat])
    assert state.turned == parse_cards("AC")[0] and state.trump == 3  # clubs
    assert len(state.stock) == 32 - 15 - 1
    assert state.current_player() == 2  # «Le premier à jouer» = seat dealer-1


def test_five_players_use_32_cards():
    # G15 «With 32 cards max 5 players (25 + 1)»
    hands = ["7S 8S 9S 10S JS", "7H 8H 9H 10H JH", "7C 8C 9C 10C JC", "7D 8D 9D 10D QD", "QS KS AS AH AC"]
    state, _ = deal(hands, "KD")
    assert len(state.deck) == 32
    assert len(state.stock) == 32 - 25 - 1
    assert state.current_player() == 4


def test_eight_players_use_52_cards():
    # G15: «6-8 with all 52»; ranking K Q J A 10 9 8 7 (6 5 4 3 2)
    hands = ["2S 3S 4S 5S 6S", "2H 3H 4H 5H 6H", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D",
             "7S 8S 9S 10S JS", "7H 8H 9H 10H JH", "7C 8C 9C 10C JC", "7D 8D 9D 10D QD"]
    state, _ = deal(hands, "AS")
    assert len(state.deck) == 52
    assert state.hands[0] == parse_cards("2S 3S 4S 5S 6S")
    assert len(state.stock) == 52 - 40 - 1
    assert state.current_player() == 7


def test_six_players_use_52_cards():
    # G15: «3-5 players with 32 cards, 6-8 with all 52»
    state = GAME.new_initial_state(6)
    assert len(state.deck) == 52 and len(state.stock) == 52


def test_a_six_cannot_be_dealt_with_four_players():
    # G15: 3–5 players play with the piquet pack (no 2–6)
    with pytest.raises(StackedDeckError, match="6S"):
        guimbarde_state([["6S"]], players=4)


def test_a_false_pack_is_refused():
    # règle 11 «Lorsque le jeu est faux, le coup où il est découvert faux ne vaut pas»: a stacked
    # deck with a card missing or doubled is an error, never dealt.
    from academie.cards import card_code, pack
    from academie.core.errors import StackedDeckError
    from tests.helpers import guimbarde_state

    codes = [card_code(c) for c in pack(32)]
    with pytest.raises(StackedDeckError, match=r"misdeal: .* 31 cards, the pack 32: missing AC"):
        guimbarde_state([codes[:31]], players=4, seed=1)
    with pytest.raises(StackedDeckError, match=r"twice 7S"):
        guimbarde_state([codes[:31] + ["7S"]], players=4, seed=1)
