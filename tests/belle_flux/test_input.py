"""Scenario tests: bad input is refused with the legal actions named, and the state is left
unchanged (source 000 «il demande qu'on ajoute une carte… il déclare qu'il s'y tient»)."""

import pytest

from academie.core.errors import IllegalActionError, OptionError
from tests.belle_flux.support import card, refused
from tests.helpers import BFT, bft_deck, bft_state, play

# Seat 2 (first to speak) holds A♠ A♥ 10♣ = 32, over; seat 1 10♠ 9♣ 9♥ = 28; seat 0 8♠ 7♣ Q♦ = 25.
DECK = bft_deck(["8S 7C", "10S 9C", "AS AH"], ["QD", "9H", "10C"])


def test_an_unknown_word_is_refused_with_the_legal_actions():
    # [000] «il demande qu'on ajoute une carte» or «il déclare qu'il s'y tient» — nothing else.
    state, chance = bft_state([DECK], players=3)
    play(state, chance, "stand")
    for word in ("hello", "", "double", "7C"):
        err = refused(state, word)
        assert err.legal == ("ask", "stand")
        assert "legal: ask, stand" in str(err)


def test_asking_when_over_31_is_refused():
    # [000] «il ne faut pas l'outre-passer, car un point de plus empêche qu'on puisse concourir»
    state, _ = bft_state([DECK], players=3)
    for word in ("ask", "carte", "a"):
        err = refused(state, word)
        assert err.legal == ("stand",)
        assert "over 31" in str(err)


def test_an_action_number_that_is_not_legal_is_refused():
    # a card id is no decision of a player
    state, _ = bft_state([DECK], players=3)
    before = list(state.history)
    with pytest.raises(IllegalActionError, match="legal: stand"):
        state.apply_action(card("2S"))
    with pytest.raises(IllegalActionError, match="legal: stand"):
        state.apply_action(999)
    assert state.history == before and state.current_player() == 2


def test_the_aliases_of_ask_and_stand_are_read():
    # «ask/a/carte… stand/s/tiens» (string_to_action)
    state, chance = bft_state([DECK], players=3)
    play(state, chance, "tiens carte s")
    assert [k for k, _, _ in state.log if k != "up"] == ["stand", "ask", "card", "stand"]


def test_a_card_not_in_the_stock_or_a_bad_code_is_refused_at_a_chance_node():
    # [000] «on emploie 52 cartes» — the card asked for comes from the stock
    state, _ = bft_state([DECK], players=3)
    state.apply_string("stand")
    state.apply_string("ask")  # seat 1 waits for its card
    assert state.is_chance_node()
    for text in ("11H", "AS"):  # no such card; the A♠ is in seat 2's hand
        err = refused(state, text)
        assert len(err.legal) == 52 - 9


def test_no_action_is_legal_once_the_match_is_over():
    # [000] «On fixe la durée de la partie… à un nombre quelconque de coups»
    state, chance = bft_state([DECK], players=3, deals=1)
    play(state, chance, "stand stand stand")
    assert state.is_terminal()
    err = refused(state, "stand")
    assert err.legal == ()
    assert "over" in str(err)


@pytest.mark.parametrize("options", [
    {"stake": 0}, {"tie_rule": "random"}, {"belle_order": "queen_high"}, {"direction": "left"},
    {"all_bust": "split"}, {"stock_exhausted": "reshuffle"}, {"extra_cards": "half"},
    {"trente_un_count": "best"}, {"deals": -1}, {"basket": 3},
])
def test_bad_options_are_refused(options):
    # «Lorsque le prix & la durée de la partie sont réglés» — only agreed values.
    with pytest.raises(OptionError):
        BFT.new_initial_state(3, options)


def test_counters_must_cover_one_stake_in_each_basket():
    # [000] «On a trois paniers»: a player must be able to stake in all three at the first deal.
    from academie.core.errors import OptionError
    from tests.helpers import BFT

    with pytest.raises(OptionError, match=r"bad options: counters \(5\) must cover .* = 6\)"):
        BFT.new_initial_state(3, {"counters": 5, "stake": 2})
    assert BFT.new_initial_state(3, {"counters": 6, "stake": 2}).match.pots["belle"] == 6
