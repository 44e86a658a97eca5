"""Scenario tests: a stake in each basket every deal, the ledger, conservation of counters
(source 000; REFERENCE.md §1 rule 3, B9)."""

from academie.core.ledger import Entry
from tests.belle_flux.support import NEUTRAL_HIDDEN, NEUTRAL_UP, total
from tests.helpers import bft_deck, bft_state, play

STAKE = "stake for the {} [000] «les mises dont les joueurs sont convenus»"


def stakes(deal, order, amount=1):
    return [Entry(deal, s, b, amount, STAKE.format(b)) for s in order
            for b in ("belle", "flux", "trente-un")]


def test_each_player_stakes_each_of_the_three_baskets():
    # [000] «On a trois paniers, destinés à recevoir les mises dont les joueurs sont convenus»
    deck = bft_deck(NEUTRAL_HIDDEN, NEUTRAL_UP)
    state, chance = bft_state([deck], players=3, deals=1)
    entries = state.match.ledger.entries
    # staked in deal order (2, 1, 0), then the belle (K♣, seat 0) is paid at once
    assert entries[:9] == stakes(0, [2, 1, 0])
    assert entries[9] == Entry(0, "belle", 0, 3, "belle [000] «la plus haute carte découverte»")
    assert len(entries) == 10  # no flux: nothing paid from the flux basket
    assert state.match.pots == {"belle": 0, "flux": 3, "trente-un": 3}
    assert state.match.counters == [30, 27, 27]
    play(state, chance, "stand stand stand")
    # seat 1 (20) is nearest 31
    assert state.match.ledger.entries[10] == Entry(
        0, "trente-un", 1, 3,
        "trente-un [000] «celui qui a trente-un, ou qui… en approche de plus près»")
    assert state.match.counters == [30, 30, 27]
    assert state.match.pots == {"belle": 0, "flux": 3, "trente-un": 0}


def test_a_new_stake_every_deal_and_option_stake():
    # B9: «comme on ajoute une nouvelle mise à la première» — every deal, every basket.
    decks = [bft_deck(NEUTRAL_HIDDEN, NEUTRAL_UP, dealer=d) for d in (0, 2)]
    state, chance = bft_state(decks, players=3, deals=2, stake=2)
    assert state.match.counters == [30 - 6 + 6, 24, 24]
    play(state, chance, "stand stand stand")
    deal2 = [e for e in state.match.ledger.entries if e.deal == 1]
    assert deal2[:9] == stakes(1, [1, 0, 2], amount=2)
    # the flux basket held 6 from deal 1 and got 6 more
    assert state.match.pots["flux"] == 12
    assert state.match.pots["belle"] == 0  # K♣ again: seat 0 took 6


def test_counters_and_baskets_are_conserved_and_the_ledger_explains_them():
    # [000] «les mises… aux joueurs qui viennent à gagner ces chances»: nothing created or lost.
    decks = [bft_deck(NEUTRAL_HIDDEN, NEUTRAL_UP, dealer=d) for d in (0, 2, 1)]
    state, chance = bft_state(decks, players=3, deals=3)
    for _ in range(9):
        assert total(state) == 90
        play(state, chance, "stand")
    assert state.is_terminal()
    assert total(state) == 90
    ledger = state.match.ledger
    for seat in range(3):
        assert ledger.net(seat) == state.match.counters[seat] - 30
    for basket, amount in state.match.pots.items():
        assert ledger.net(basket) == amount
    assert state.match.pots == {"belle": 0, "flux": 9, "trente-un": 0}
    # DealResult records the baskets and the counters after each deal
    assert [r.baskets["flux"] for r in state.results] == [3, 6, 9]
    assert state.results[-1].counters == tuple(state.match.counters)
