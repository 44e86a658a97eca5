"""Scenario tests: what each seat may see — its own face-down cards, every up card, the fluxes
once judged, the cards asked for (source 000 «cartes couvertes»; option extra_cards, B13)."""

import json

import pytest

from academie.core.chance import StackedChance
from tests.belle_flux.support import card, cards
from tests.helpers import BFT, bft_deck, bft_state, play

# Dealer 0, order 2, 1, 0. Seat 1 holds a heart flux 5♥ 9♥ 2♥ = 16.
HIDDEN = ["8S 7C", "5H 9H", "2C 3D"]
UP = ["QD", "2H", "5S"]
DECK = bft_deck(HIDDEN, UP, extra="6S")


def shown(view):
    return json.dumps(view.to_json())


def test_a_seat_sees_its_own_face_down_cards_and_every_up_card_only():
    # [000] «Cartes couvertes. Ce sont les cartes qu'on distribue aux joueurs sans les montrer»
    deck = bft_deck(["8S 7C", "10S 9C", "2C 3D"], ["QD", "9H", "5H"])
    state, _ = bft_state([deck], players=3)
    assert state.view(0).hidden == cards("8S 7C")
    assert state.view(2).hidden == cards("2C 3D")
    assert state.public_view().hidden == ()
    for seat in range(3):
        assert state.view(seat).up == cards("QD 9H 5H")
    for viewer in range(3):
        text = shown(state.view(viewer))
        for other, hand in enumerate(["8S 7C", "10S 9C", "2C 3D"]):
            for code in hand.split():
                assert (f'"{code}"' in text) == (other == viewer), (viewer, code)
    assert '"10S"' not in shown(state.public_view())
    assert state.view(0).point == 25 and state.public_view().point is None


def test_fluxes_are_shown_once_judged_not_before():
    # [000] «Lorsque la belle est jugée, on passe à l'examen du flux» — the flux is shown.
    state = BFT.new_initial_state(3, {})
    chance = StackedChance([DECK])
    for _ in range(8):  # six face-down cards and two up cards: seat 0's up card still to come
        state.apply_action(chance.choose(state))
    assert state.view(0).fluxes == () and state.view(0).flux_hands == ()
    assert state.view(0).belle is None
    state.apply_action(chance.choose(state))
    view = state.view(0)
    assert view.fluxes == ((1, 16),)
    assert view.flux_hands == ((1, cards("5H 9H 2H")),)
    assert view.flux == 1 and view.belle == 0
    assert state.view(2).flux_hands == ((1, cards("5H 9H 2H")),)
    # seat 0 and seat 2 hold no flux: their face-down cards stay hidden
    assert '"8S"' not in shown(state.view(2)) and '"2C"' not in shown(state.view(0))


def test_every_flux_is_shown_at_the_judging_the_losers_too():
    # [000] «on passe à l'examen du flux»: seat 1's flux of 16 loses to seat 0's 29, both shown
    state, _ = bft_state([bft_deck(["9S 10S", "5H 9H", "2C 3D"], ["KS", "2H", "4C"])], players=3)
    assert state.flux_winner == 0
    for view in (state.view(2), state.public_view()):
        assert view.fluxes == ((0, 29), (1, 16))
        assert view.flux_hands == ((0, cards("9S 10S KS")), (1, cards("5H 9H 2H")))
    assert '"2C"' not in shown(state.view(1))  # no flux: seat 2's cards stay hidden


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_extra_cards_face_down_are_seen_only_by_their_holder(viewer):
    # option extra_cards=face_down (default): the others see that a card was given, not which.
    state, chance = bft_state([DECK], players=3)
    play(state, chance, "ask")
    view = state.public_view() if viewer is None else state.view(viewer)
    assert view.extra[2] == ()
    assert view.extra_counts == (0, 0, 1)
    assert ("card", 2, None) in view.log
    assert '"6S"' not in shown(view)
    assert state.view(2).extra[2] == cards("6S")
    assert state.view(2).point == 16


def test_extra_cards_face_up_are_seen_by_all():
    # option extra_cards=face_up
    state, chance = bft_state([DECK], players=3, extra_cards="face_up")
    play(state, chance, "ask")
    for view in (state.view(0), state.view(1), state.public_view()):
        assert view.extra[2] == cards("6S")
        assert ("card", 2, card("6S")) in view.log
        assert view.face_up_extras is True


def test_the_hands_are_shown_to_all_after_the_showdown():
    # [000] «on accuse le jeu» — every hand is shown at the end of the deal.
    state, chance = bft_state([DECK, bft_deck(HIDDEN, UP, dealer=2)], players=3, deals=2)
    play(state, chance, "ask stand stand stand")
    last = state.view(0).last_result
    assert last.hands[2] == cards("2C 3D 5S 6S")
    assert last.points == {2: 16, 1: 16, 0: 25}
    assert last.trente_un == 0
