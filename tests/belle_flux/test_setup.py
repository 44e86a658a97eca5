"""Scenario tests: players, pack, the deal from the dealer's right, who deals next
(source 000; REFERENCE.md §1 rules 1, 2, 5; B10, B12)."""

import pytest

from academie.cards import CARD_CODES
from academie.core.errors import PlayerCountError
from tests.belle_flux.support import (
    NEUTRAL_HIDDEN,
    NEUTRAL_UP,
    TWELVE_HIDDEN,
    TWELVE_UP,
    card,
    cards,
)
from tests.helpers import BFT, bft_deck, bft_state, play


@pytest.mark.parametrize("players", range(2, 13))
def test_two_to_twelve_players_are_dealt_three_cards_each(players):
    # [000] «rien n'empêche que le nombre des joueurs ne s'étende depuis deux jusqu'à dix ou
    # douze personnes»
    deck = bft_deck(TWELVE_HIDDEN[:players], TWELVE_UP[:players])
    state, _ = bft_state([deck], players=players)
    for s in range(players):
        assert tuple(state.hidden[s]) == cards(TWELVE_HIDDEN[s])
        assert state.up[s] == card(TWELVE_UP[s])
    assert len(state.stock) == 52 - 3 * players
    # the first to speak is the dealer's right: seat players-1
    assert state.current_player() == players - 1
    assert state.legal_action_strings() == ["ask", "stand"]


@pytest.mark.parametrize("players", [0, 1, 13, 20])
def test_fewer_than_two_or_more_than_twelve_players_are_refused(players):
    # [000] «depuis deux jusqu'à dix ou douze personnes»
    with pytest.raises(PlayerCountError, match="2 to 12 players"):
        BFT.new_initial_state(players)


def test_twelve_players_use_thirty_six_cards_of_the_whole_pack():
    # [000] «on emploie 52 cartes, c'est-à-dire, le jeu entier» — 12 × 3 = 36 dealt, 16 left
    deck = bft_deck(TWELVE_HIDDEN, TWELVE_UP)
    state, _ = bft_state([deck], players=12)
    assert len(state.stock) == 16
    assert sorted(state.all_cards()) == list(range(52))
    assert sorted(state.stock) == sorted(cards("JS QS KS AS JH QH KH AH JD QD KD AD JC QC KC AC"))


def test_deal_two_face_down_to_each_from_the_dealers_right_then_one_face_up():
    # [000] «donne en premier lieu en commençant par la droite, deux cartes couvertes à chaque
    # joueur. Il en distribue ensuite une troisième qu'il découvre.»
    # Raw pack order (no helper): seat 2 (dealer 0's right) gets the first two, then seat 1,
    # then the dealer; then the up cards in the same order.
    order = ["6D", "7D", "4H", "5H", "2S", "3S", "JC", "QC", "KC"]
    deck = order + [c for c in CARD_CODES if c not in order]
    state, _ = bft_state([deck], players=3)
    assert state.hidden == [list(cards("2S 3S")), list(cards("4H 5H")), list(cards("6D 7D"))]
    assert state.up == list(cards("KC QC JC"))
    assert state.history[:9] == list(cards(" ".join(order)))
    # the up cards are turned in deal order and are public
    assert [e for e in state.public_view().log if e[0] == "up"] == [
        ("up", 2, card("JC")), ("up", 1, card("QC")), ("up", 0, card("KC"))]
    assert state.public_view().up == cards("KC QC JC")


def test_first_deal_by_seat_zero_then_the_deal_passes_to_the_right():
    # B10: «la donne circule… par la droite» — dealer 0, then 2, then 1 (counter-clockwise).
    decks = [bft_deck(NEUTRAL_HIDDEN, NEUTRAL_UP, dealer=d) for d in (0, 2, 1)]
    state, chance = bft_state(decks, players=3, deals=3)
    assert state.match.dealer == 0 and state.current_player() == 2
    play(state, chance, "stand stand stand")
    assert state.match.dealer == 2 and state.match.deal_number == 1
    # B12 «selon son rang»: the new dealer's right (seat 1) speaks first, the dealer last
    assert state.current_player() == 1
    assert tuple(state.hidden[1]) == cards("3D 8S")  # the stacked deck for dealer 2 fits
    play(state, chance, "stand stand")
    assert state.current_player() == 2
    play(state, chance, "stand")
    assert state.match.dealer == 1 and state.current_player() == 0
    play(state, chance, "stand stand stand")
    assert state.is_terminal()
    assert [r.dealer for r in state.results] == [0, 2, 1]


def test_direction_clockwise_deals_from_the_left_and_passes_the_deal_left():
    # option direction=clockwise (B10/B12): order dealer+1, dealer+2 … dealer.
    decks = [bft_deck(NEUTRAL_HIDDEN, NEUTRAL_UP, dealer=d, step=1) for d in (0, 1)]
    state, chance = bft_state(decks, players=3, deals=2, direction="clockwise")
    assert state.history[:2] == list(cards("3D 8S"))  # seat 1 is served first
    assert state.current_player() == 1
    play(state, chance, "stand")
    assert state.current_player() == 2
    play(state, chance, "stand stand")
    assert state.match.dealer == 1
    assert state.current_player() == 2
    assert tuple(state.hidden[2]) == cards("4C 9D")
