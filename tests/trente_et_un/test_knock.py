"""Scenario tests: knocking (source 003, « Frapper »; REFERENCE T10)."""

import pytest

from academie.cards import parse_cards
from academie.core.errors import IllegalActionError
from academie.games.trente_et_un.state import DRAW
from tests.helpers import play, t31_deck, t31_state

HANDS4 = ["7S 8S 2D", "KH 9H 4C", "2S 3D 5C", "JD QD 3H"]
NEXT4 = t31_deck(["2H 3H 4H", "5H 6H 7H", "8H 10H JH", "2C 3C 4D"], up="9C", dealer=1)


def test_knock_replaces_the_draw():
    # [003] «Au lieu de piocher, vous pouvez frapper.»
    deck = t31_deck(HANDS4, up="6C")
    state, chance = t31_state([deck], players=4)
    assert state.legal_action_strings() == ["stock", "pile", "knock"]
    stock, pile = len(state.stock), list(state.pile)
    play(state, chance, "knock")
    assert sorted(state.hands[1]) == sorted(parse_cards("KH 9H 4C"))  # no card drawn
    assert (len(state.stock), state.pile) == (stock, pile)
    assert state.knocker == 1
    assert (state.current_player(), state.phase) == (2, DRAW)


def test_knock_is_not_legal_once_a_card_is_drawn():
    # [003] «Au lieu de piocher, vous pouvez frapper» — not after drawing.
    deck = t31_deck(HANDS4, up="6C")
    state, chance = t31_state([deck], players=4)
    play(state, chance, "pile")
    with pytest.raises(IllegalActionError, match="discard"):
        state.apply_string("knock")


def test_every_other_player_gets_exactly_one_more_turn_then_hands_are_shown():
    # [003] «Cela donne à tous les autres exactement un tour de plus, après quoi toutes les
    # mains sont montrées.» / «celui qui a frappé ne joue plus»
    deck = t31_deck(HANDS4, up="6C")
    state, chance = t31_state([deck, NEXT4], players=4)
    play(state, chance, "knock")
    seen = []
    for _ in range(3):
        assert state.results == []
        seen.append(state.current_player())
        play(state, chance, "pile 6C")
    assert seen == [2, 3, 0]  # the knocker (1) never plays again
    result = state.results[0]
    assert (result.ending, result.knocker) == ("knock", 1)
    assert sorted(result.hands) == [0, 1, 2, 3]  # all hands are shown
    # the next deal has begun, dealt by seat 1
    assert (state.match.deal_number, state.match.dealer, state.current_player()) == (
        1,
        1,
        2,
    )


def test_knocker_is_compared_on_the_hand_he_knocked_with():
    # [003] «la main sur laquelle vous frappez est celle avec laquelle vous êtes comparé»
    deck = t31_deck(HANDS4, up="6C")
    state, chance = t31_state([deck], players=4)
    play(state, chance, "knock pile 6C pile 6C pile 6C")
    result = state.results[0]
    assert sorted(result.hands[1]) == sorted(parse_cards("KH 9H 4C"))
    assert result.values[1] == 19


def test_only_one_knock_per_round():
    # [003] «Un seul joueur peut frapper par tour»
    deck = t31_deck(HANDS4, up="6C")
    state, chance = t31_state([deck], players=4)
    play(state, chance, "knock")
    assert state.legal_action_strings() == ["stock", "pile"]
    before = state.view(2)
    history = list(state.history)
    with pytest.raises(IllegalActionError) as err:
        state.apply_string("knock")
    assert "already knocked" in str(err.value)
    assert "legal: stock, pile" in str(err.value)
    assert err.value.legal == ("stock", "pile")
    assert state.view(2) == before
    assert state.history == history
    assert state.knocker == 1


def test_knock_allowed_on_the_very_first_turn_by_default():
    # T10 option off: the sheet only says «Certaines interdisent de frapper au tout premier tour»
    deck = t31_deck(HANDS4, up="6C")
    state, chance = t31_state([deck], players=4, no_knock_first_round=False)
    assert "knock" in state.legal_action_strings()
    play(state, chance, "knock")
    assert state.knocker == 1


def test_no_knock_first_round_until_every_player_has_had_a_turn():
    # [003] «Certaines interdisent de frapper au tout premier tour.» (T10: nobody may knock
    # until every player has had one turn)
    deck = t31_deck(HANDS4, up="6C")
    state, chance = t31_state([deck], players=4, no_knock_first_round=True)
    for seat in (1, 2, 3, 0):
        assert state.current_player() == seat
        assert state.legal_action_strings() == ["stock", "pile"]
        before = state.view(seat)
        with pytest.raises(IllegalActionError, match="no_knock_first_round"):
            state.apply_string("knock")
        assert state.view(seat) == before
        play(state, chance, "pile 6C")
    # seat 1 begins the second go-round: now it may knock
    assert state.current_player() == 1
    assert state.legal_action_strings() == ["stock", "pile", "knock"]
    play(state, chance, "knock")
    assert state.knocker == 1
