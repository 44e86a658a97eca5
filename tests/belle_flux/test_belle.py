"""Scenario tests: the belle, the highest up card (source 000; REFERENCE.md §1 rules 6-8, B1, B2)."""

import pytest

from academie.core.ledger import Entry
from tests.belle_flux.support import NEUTRAL_HIDDEN
from tests.helpers import bft_deck, bft_state, play

# Two players, dealer 0: seat 1 is served first. Hidden cards of two suits each: never a flux.
HIDDEN2 = ["2S 3H", "4D 5C"]


def belle_of(up0, up1, **options):
    state, _ = bft_state([bft_deck(HIDDEN2, [up0, up1])], players=2, deals=1, **options)
    return state.belle_winner


@pytest.mark.parametrize("higher, lower", [
    ("KD", "QS"), ("QD", "JS"), ("JD", "AS"), ("AD", "10S"), ("10D", "9S"), ("3D", "2C"),
    ("KD", "AS"),
])
def test_belle_order_king_queen_jack_ace_ten(higher, lower):
    # [000] «la plus haute carte est le roi, & successivement la dame, le valet, l'as, le dix,
    # &c.» (B1: the ace between the jack and the ten)
    assert belle_of(higher, lower) == 0
    assert belle_of(lower, higher) == 1


def test_highest_up_card_wins_the_belle_basket():
    # [000] «Le joueur qui a ainsi la plus haute carte découverte, sans qu'il y ait de
    # concurrence, gagne ce que contient le panier de la belle.»
    deck = bft_deck(NEUTRAL_HIDDEN, ["QC", "KD", "5H"])
    state, _ = bft_state([deck], players=3)
    assert state.belle_winner == 1
    assert state.match.pots["belle"] == 0
    assert state.match.counters[1] == 27 + 3
    assert Entry(0, "belle", 1, 3, "belle [000] «la plus haute carte découverte»") in \
        state.match.ledger.entries


def test_a_tie_below_the_highest_card_does_not_matter():
    # [000] «deux joueurs aient chacun une carte de même ordre, qui soit la plus haute»
    deck = bft_deck(NEUTRAL_HIDDEN, ["5C", "KD", "5H"])
    state, _ = bft_state([deck], players=3)
    assert state.belle_winner == 1


def test_tie_for_the_highest_card_carries_the_basket_and_the_next_stake_doubles_it():
    # [000] «aucun d'eux ne tire le panier : il reste pour 1e coup suivant ; & comme on ajoute
    # une nouvelle mise à la première, le panier donne au second coup, un produit double»
    decks = [bft_deck(NEUTRAL_HIDDEN, ["KC", "KD", "5H"]),
             bft_deck(NEUTRAL_HIDDEN, ["QC", "7D", "5H"], dealer=2)]
    state, chance = bft_state(decks, players=3, deals=2)
    assert state.belle_winner is None
    assert state.match.pots["belle"] == 3
    play(state, chance, "stand stand stand")
    assert state.results[0].belle is None
    assert state.results[0].baskets["belle"] == 3
    # deal 2: the belle basket holds 3 + 3 and seat 0's Q♣ takes the double basket
    assert state.belle_winner == 0
    assert state.match.pots["belle"] == 0
    assert state.match.ledger.entries[-1] == Entry(
        1, "belle", 0, 6, "belle [000] «la plus haute carte découverte»")


@pytest.mark.parametrize("up, eldest", [
    (["KC", "KD", "5H"], 1),   # seats 1 and 0 tie: seat 1 is nearer the dealer's right
    (["KC", "5H", "KD"], 2),   # seats 2 and 0 tie: seat 2 is the dealer's right
    (["KC", "KH", "KD"], 2),
])
def test_tie_rule_eldest_wins_gives_the_belle_to_the_eldest(up, eldest):
    # B2 (German tradition): ties in belle and flux are won by the Vorhand.
    state, _ = bft_state([bft_deck(NEUTRAL_HIDDEN, up)], players=3, tie_rule="eldest_wins")
    assert state.belle_winner == eldest
    assert state.match.pots["belle"] == 0
    assert state.match.counters[eldest] == 27 + 3


def test_tie_rule_eldest_wins_follows_the_clockwise_direction():
    # B2 with direction=clockwise: order 1, 2, 0 — seat 1 is eldest.
    deck = bft_deck(NEUTRAL_HIDDEN, ["KC", "KD", "KH"], step=1)
    state, _ = bft_state([deck], players=3, tie_rule="eldest_wins", direction="clockwise")
    assert state.belle_winner == 1


def test_belle_order_ace_high_puts_the_ace_above_the_king():
    # option belle_order=ace_high (variant, against B1 «le roi, & successivement… l'as»)
    assert belle_of("AD", "KS") == 1
    assert belle_of("AD", "KS", belle_order="ace_high") == 0
    assert belle_of("JD", "AS", belle_order="ace_high") == 1
    assert belle_of("AD", "AS", belle_order="ace_high") is None
