"""Scenario tests: the flux, three cards of one suit (source 000; REFERENCE.md §1 rules 9-11,
B2, B3, B4)."""

from academie.core.ledger import Entry
from tests.belle_flux.support import NEUTRAL_HIDDEN, NEUTRAL_UP
from tests.helpers import bft_deck, bft_state, play

FLUX_WON = "flux [000] «trois cartes de la même couleur»"


def test_three_cards_of_one_suit_win_the_flux_basket():
    # [000] «l'examen du flux, qui consiste à avoir trois cartes de la même couleur»
    deck = bft_deck(["2S 7C", "5H 9H", "4C 9D"], ["KD", "2H", "5S"])
    state, _ = bft_state([deck], players=3)
    assert state.fluxes == {1: 16}
    assert state.flux_winner == 1
    assert state.match.pots["flux"] == 0
    assert Entry(0, "flux", 1, 3, FLUX_WON) in state.match.ledger.entries
    assert state.match.counters == [27 + 3, 27 + 3, 27]  # K♦ took the belle


def test_flux_counts_the_ace_eleven_and_each_figure_ten():
    # [000] «c'est l'as qui a la prééminence. On le compte pour onze points, & chaque figure
    # pour dix» — A♦ 4♦ 5♦ = 20 beats K♠ 4♠ 5♠ = 19
    deck = bft_deck(["AD 4D", "KS 4S", "2C 3H"], ["5D", "5S", "7C"])
    state, _ = bft_state([deck], players=3)
    assert state.fluxes == {0: 20, 1: 19}
    assert state.flux_winner == 0


def test_every_figure_counts_ten_so_jack_and_king_fluxes_tie():
    # [000] «chaque figure pour dix» — J♦ 4♦ 5♦ = K♠ 4♠ 5♠ = 19: a tie, the basket stays
    deck = bft_deck(["JD 4D", "KS 4S", "2C 3H"], ["5D", "5S", "7C"])
    state, _ = bft_state([deck], players=3)
    assert state.fluxes == {0: 19, 1: 19}
    assert state.flux_winner is None
    assert state.match.pots["flux"] == 3


def test_worked_example_ace_king_queen_31_beats_king_queen_jack_30():
    # [000] «un flux composé d'un as, d'un roi & d'une dame, vaudroit trente-un points, &
    # l'emporteroit sur le roi, la dame & le valet, qui n'en vaudroient que trente»
    deck = bft_deck(["AH KH", "QS JS", "2C 3D"], ["QH", "KS", "5H"])
    state, _ = bft_state([deck], players=3, deals=1)
    result = state.results[-1]
    assert result.fluxes == {0: 31, 1: 30}
    assert result.flux == 0
    assert result.belle == 1  # K♠ up beats Q♥ up
    # A♥ K♥ Q♥ is also 31 at the trente-un: declared at once, the deal ends
    assert result.declared == 0 and result.trente_un == 0
    assert state.match.counters == [27 + 3 + 3, 27 + 3, 27]
    assert state.match.pots == {"belle": 0, "flux": 0, "trente-un": 0}


def test_tie_for_the_best_flux_carries_and_the_new_stake_doubles_it():
    # [000] «Si deux joueurs ont chacun un flux, & que le point de l'un soit égal à celui de
    # l'autre, on suit la même règle que pour la belle… il donne un double produit»
    decks = [bft_deck(["9H 8H", "9S 8S", "4C 7D"], ["2H", "2S", "KD"]),
             bft_deck(["2S 7H", "3D 8S", "10C 9C"], ["KD", "9H", "QC"], dealer=2)]
    state, chance = bft_state(decks, players=3, deals=2)
    assert state.fluxes == {0: 19, 1: 19}
    assert state.flux_winner is None
    assert state.match.pots["flux"] == 3
    play(state, chance, "stand stand stand")
    assert state.results[0].flux is None and state.results[0].baskets["flux"] == 3
    # deal 2: seat 2's 10♣ 9♣ Q♣ (29) takes 3 + 3
    assert state.fluxes == {2: 29}
    assert state.flux_winner == 2
    assert Entry(1, "flux", 2, 6, FLUX_WON) in state.match.ledger.entries


def test_a_tie_between_lower_fluxes_does_not_matter():
    # B3: only a tie for the best value counts («qui soit la plus haute», as for the belle)
    deck = bft_deck(["9H 8H", "9S 8S", "10C 9C"], ["2H", "2S", "6C"])
    state, _ = bft_state([deck], players=3)
    assert state.fluxes == {0: 19, 1: 19, 2: 25}
    assert state.flux_winner == 2


def test_no_flux_leaves_the_basket_for_the_next_deal():
    # B4 (seed silent; German Wikipedia: the stakes remain for the next game)
    decks = [bft_deck(NEUTRAL_HIDDEN, NEUTRAL_UP, dealer=d) for d in (0, 2)]
    state, chance = bft_state(decks, players=3, deals=2)
    assert state.fluxes == {} and state.flux_winner is None
    assert state.match.pots["flux"] == 3
    play(state, chance, "stand stand stand")
    assert state.match.pots["flux"] == 6


def test_flux_carry_adds_stake_false_leaves_the_basket_without_a_new_stake():
    # [000] «On peut, au surplus, convenir de le laisser pour le coup suivant sans y rien
    # ajouter.» — deal 1: no flux (3 stay); deal 2: no flux stake, seat 2's flux takes 3;
    # deal 3: the empty flux basket is staked again.
    decks = [bft_deck(NEUTRAL_HIDDEN, NEUTRAL_UP),
             bft_deck(["2S 7H", "3D 8S", "10C 9C"], ["KD", "9H", "QC"], dealer=2),
             bft_deck(NEUTRAL_HIDDEN, NEUTRAL_UP, dealer=1)]
    state, chance = bft_state(decks, players=3, deals=3, flux_carry_adds_stake=False)
    play(state, chance, "stand stand stand")
    deal2 = [e for e in state.match.ledger.entries if e.deal == 1]
    assert [e.target for e in deal2[:6]] == ["belle", "trente-un"] * 3
    assert not any(e.target == "flux" and isinstance(e.source, int) for e in deal2)
    assert state.flux_winner == 2
    assert Entry(1, "flux", 2, 3, FLUX_WON) in deal2
    play(state, chance, "stand stand stand")
    deal3 = [e for e in state.match.ledger.entries if e.deal == 2]
    assert [e.target for e in deal3[:9]] == ["belle", "flux", "trente-un"] * 3
    assert state.match.pots["flux"] == 3


def test_tie_rule_eldest_wins_gives_a_tied_flux_to_the_eldest():
    # B2 (German tradition): the tied player nearest the dealer's right (order 2, 1, 0) wins.
    deck = bft_deck(["9H 8H", "9S 8S", "4C 7D"], ["2H", "2S", "KD"])
    state, _ = bft_state([deck], players=3, tie_rule="eldest_wins")
    assert state.flux_winner == 1
    assert state.match.pots["flux"] == 0
