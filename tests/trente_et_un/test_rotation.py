"""Scenario tests: the deal passes left, eliminated seats are skipped, and the direction option
(source 003, « Joueurs et cartes », « Votre tour »)."""

from academie.cards import parse_cards
from tests.helpers import play, t31_deck, t31_state

HANDS = ["7S 8S 2D", "KH 9H 4C", "2S 3D 5C"]
OTHER = ["KS QS 2H", "AD 9D 3S", "2C 3H 5D"]


def test_deal_passes_left_after_each_round():
    # [003] «La donne passe à gauche après chaque tour.» / «Le joueur à gauche du donneur
    # commence.»
    decks = [
        t31_deck(HANDS, up="6C", dealer=0),
        t31_deck(OTHER, up="7C", dealer=1),
        t31_deck(HANDS, up="6C", dealer=2),
    ]
    state, chance = t31_state(decks, players=3)
    assert (state.match.dealer, state.current_player()) == (0, 1)
    play(state, chance, "knock pile 6C pile 6C")
    # deal 2: dealer 1, dealt from seat 2, who plays first
    assert (state.match.dealer, state.current_player()) == (1, 2)
    assert sorted(state.hands[2]) == sorted(parse_cards("2C 3H 5D"))
    play(state, chance, "knock pile 7C pile 7C")
    assert (state.match.dealer, state.current_player()) == (2, 0)
    assert [r.dealer for r in state.results] == [0, 1]


def test_deal_and_turns_skip_eliminated_seats():
    # [003] «La donne passe à gauche» — to the next seat still in the match.
    # Deal 1: seat 1 knocks on 5 and is alone lowest: two lives lost with one, out.
    deal1 = t31_deck(["7S 8S 2D", "2H 3H 4C", "7D 8D 2S"], up="6C")
    # Deal 2: seat 1 would deal but is out, so seat 2 deals: cards go to 0 then 2.
    deal2 = t31_deck(
        ["KS QS 2H", "AD 9D 3S"], up="7C", dealer=1
    )  # dealing order: hands[0], hands[1]
    state, chance = t31_state([deal1, deal2], players=3, lives=1)
    play(state, chance, "knock pile 6C pile 6C")
    assert state.match.eliminated == [False, True, False]
    assert state.match.dealer == 2
    assert state.hands[1] == []
    assert sorted(state.hands[0]) == sorted(parse_cards("KS QS 2H"))
    assert sorted(state.hands[2]) == sorted(parse_cards("AD 9D 3S"))
    assert len(state.stock) == 52 - 7
    order = []
    for _ in range(3):
        order.append(state.current_player())
        play(state, chance, "pile 7C")
    assert order == [0, 2, 0]


def test_counterclockwise_reverses_deal_and_turn_order():
    # [003] «La donne passe à gauche»; option direction='counterclockwise' reverses it
    # (deal, turns and the passing of the deal).
    deck = t31_deck(HANDS, up="6C", step=-1)  # dealer 0 deals 2, 1, 0
    deal2 = t31_deck(OTHER, up="7C", dealer=2, step=-1)  # dealer 2 deals 1, 0, 2
    state, chance = t31_state([deck, deal2], players=3, direction="counterclockwise")
    assert sorted(state.hands[2]) == sorted(parse_cards("2S 3D 5C"))
    assert sorted(state.hands[1]) == sorted(parse_cards("KH 9H 4C"))
    order = [state.current_player()]
    play(state, chance, "knock")
    order.append(state.current_player())
    play(state, chance, "pile 6C")
    order.append(state.current_player())
    assert order == [2, 1, 0]
    play(state, chance, "pile 6C")
    assert state.results[0].knocker == 2
    assert state.results[0].lives_lost == {2: 2}  # knocker on 5, alone lowest
    assert (state.match.dealer, state.current_player()) == (2, 1)
    assert sorted(state.hands[1]) == sorted(parse_cards("AD 9D 3S"))
