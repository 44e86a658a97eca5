"""The agreements of the Guinguette: what its cut-off source leaves open.

Source: Larousse, *Grand dictionnaire universel*, Supplément, art. « Guinguette » (``[004]``),
which stops mid-sentence; a later description (``[Guinguette-later]``, a 19th-century games
manual's text as given by adpoker.fr) adds the deal, the cotillon, the wine measures and « remuer
le cotillon » and is itself cut off at « renvier le cotillon ». Tags ``GU1``… name readings in our
catalogue of the sources' ambiguities. Most of the game is **our reconstruction**: each option
whose provenance is "our proposal" says which analogy (Guimbarde, Belle-Flux, Poque, Nain Jaune,
Brelan's renvi) it follows.
"""

from typing import Literal

from academie.core.options import GameOptions, Provenance, option


class GuinguetteOptions(GameOptions):
    """Options of the Guinguette; each default is the reading played (its provenance says whose).
    Amounts in counters (jetons)."""

    counters: int = option(
        30, ge=30, le=40, doc="Counters each player takes: « Chacun prend une prise de trente à"
        " quarante jetons d'une valeur déterminée » (what happens when they run out: option"
        " ``out_of_counters``, GU14).",
        provenance=Provenance.SOURCE, ref="GU1")
    deals: int = option(
        8, ge=1, le=10_000, doc="Deals in the match. OUR RECONSTRUCTION: neither source says when a"
        " match ends; a fixed number of deals, as we play the Guimbarde and Belle-Flux.",
        provenance=Provenance.PROPOSAL, ref="GU2")
    guinguette_stake: int = option(
        1, ge=1, le=10, doc="Counters each player puts in the guinguette basket every deal (one or"
        " more by agreement, says the later source).", provenance=Provenance.LATER, ref="GU3")
    basket_stake: int = option(
        1, ge=0, le=10, doc="Counters each player puts in the cabaret and cotillon baskets every"
        " deal. OUR RECONSTRUCTION: the later source says these baskets hold the stakes for their"
        " chance, not how much; one each, as at the Guimbarde (« met un jeton dans chaque boite »)"
        " and Belle-Flux (a stake in each basket every deal).",
        provenance=Provenance.PROPOSAL, ref="GU4")
    guinguette_when: Literal["showdown", "deal"] = option(
        "showdown", doc="When the holder of the guinguette (Q♦) takes its basket. OUR"
        " RECONSTRUCTION: 'showdown', whoever holds it when the hands are shown, since [Adpoker] « remuer le"
        " cotillon » can bring it in or send it away (Nain Jaune: the basket of a card goes to the"
        " one who has it at the end); or 'deal', shown and taken at once after the deal, as the"
        " Guimbarde's honour boxes (« de les étaler sur la table avant que de les tirer »).",
        provenance=Provenance.PROPOSAL, ref="GU5")
    discard: Literal["aside", "into_cotillon"] = option(
        "aside", doc="Where the card given up to [Adpoker] « remuer le cotillon » goes: 'aside', face down"
        " out of the deal (into the middle of the table, not in the stock); or 'into_cotillon',"
        " into the stock before it is shuffled, so that it may come back. OUR RECONSTRUCTION (the"
        " later source: into the middle, then the stock is shuffled and cut).",
        provenance=Provenance.PROPOSAL, ref="GU6")
    renvi_cotillon: Literal["stir_again", "raise", "off"] = option(
        "stir_again", doc="[Adpoker] « Renvier le cotillon » (the later source is cut off there: having"
        " stirred it and waited for the others to speak, whether they stirred it or not…). OUR RECONSTRUCTION: 'stir_again',"
        " once every player has spoken, each who stirred may stir once more at twice the fee (a"
        " renvi doubles a stake); 'raise', each who stirred may put the fee again in the cotillon"
        " basket as a raise that the others in the cotillon must hold or give up their claim to"
        " it (Brelan's renvi: hold or leave); 'off', no renvi.",
        provenance=Provenance.PROPOSAL, ref="GU7")
    cotillon_award: Literal["total", "suit_point"] = option(
        "total", doc="Who takes the cotillon basket. OUR RECONSTRUCTION: the source's « les as ne"
        " valent qu'un point » implies a count of points, and neither the guinguette nor the"
        " cabaret uses one: 'total', the highest count of the four cards (ace 1, figures 10,"
        " others their number, as at Nain Jaune); 'suit_point', the highest count in one suit"
        " (the point of the Guimbarde and of piquet).", provenance=Provenance.PROPOSAL, ref="GU8")
    cotillon_contest: Literal["all", "stirrers"] = option(
        "all", doc="Who may claim the cotillon basket. OUR RECONSTRUCTION: 'all' players; or only"
        " 'stirrers', those who paid to stir it this deal (the basket carries when nobody did).",
        provenance=Provenance.PROPOSAL, ref="GU9")
    ties: Literal["eldest", "carry"] = option(
        "eldest", doc="Equal best tierces (cabaret) or counts (cotillon). OUR RECONSTRUCTION:"
        " 'eldest', the one nearest the dealer's right wins, as at the Guimbarde (« à point égal,"
        " celui qui a la main gagne le point »); 'carry', nobody wins and the basket stays for"
        " the next deal, as at Belle-Flux ([000] « aucun d'eux ne tire le panier »).",
        provenance=Provenance.PROPOSAL, ref="GU10")
    tierce_suits: Literal["any", "same"] = option(
        "any", doc="The cabaret's tierce (« une tierce au valet, au dix, au neuf »): 'any', three"
        " cards in sequence of any suits; or 'same', of one suit, as the piquet's tierce — the period"
        " meaning of a tierce. OUR RECONSTRUCTION, against that meaning and for play balance only:"
        " neither source names a suit; with four cards a tierce of one suit comes"
        " in less than one hand in a hundred (`academie analyse guinguette`), which would leave"
        " idle the cabaret, its basket and the three raises the later source names; of any suits,"
        " in about one hand in ten.", provenance=Provenance.PROPOSAL, ref="GU13")
    ace_tierce: Literal["gap", "bridge"] = option(
        "gap", doc="With 36 cards (2 to 5 taken out) the ace is next to nothing: 'gap', A-6-7 is"
        " no tierce (A-2-3 is, with 52 cards: « les as… sont les moindres cartes du jeu »);"
        " 'bridge', A-6-7 is a tierce, the cards next in the pack as it is played. OUR"
        " RECONSTRUCTION.", provenance=Provenance.PROPOSAL, ref="GU11")
    out_of_counters: Literal["end", "debt"] = option(
        "end", doc="When a player runs out of counters. OUR RECONSTRUCTION (neither source says):"
        " 'end', nobody pays more than he holds — he may stir, renvi, raise or hold a raise only"
        " with the counters it costs (short of a raise to hold, he drops), and the match ends"
        " before a deal in which a player cannot pay his three stakes, as Belle-Flux ends when a"
        " player cannot stake ([000] « les mises dont les joueurs sont convenus »); 'debt', counters may"
        " go below zero and every move stays open, as we play the Guimbarde and the Blason (a debt"
        " settled after the match).", provenance=Provenance.PROPOSAL, ref="GU14")
