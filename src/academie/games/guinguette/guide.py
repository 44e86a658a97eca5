"""The Guinguette in our own words, each rule with its citation: what ``academie rules guinguette``
prints (the options come from :class:`GuinguetteOptions`). A rule no source gives begins « Our
reconstruction » and names its reading (GU…)."""

from __future__ import annotations

from academie.core.guide import Guide, Rule

HOW_TO_WIN: tuple[str, str, str] = (
    "Hold on to the Q♦: whoever has it at the showdown takes the guinguette basket.",
    "Stir the cotillon (2 jetons) to complete a low tierce; raise the cabaret only with a good one.",
    "Drop out of a raised cabaret without a tierce; high cards still count for the cotillon basket.",
)

GUIDE = Guide(
    aim=(
        Rule("Take the three baskets — the guinguette, the cabaret and the cotillon — more often than"
             " you feed them. The match is scored in counters won or lost. THIS GAME IS A"
             " RECONSTRUCTION: the sources stop mid-article; what they do not say is marked Our"
             " reconstruction below.",
             "004", "La guinguette est la dame de carreau. Le cabaret est composé d'une tierce"),
    ),
    deal=(
        Rule("Three to eight players.",
             "004", "On peut y jouer depuis trois jusqu'à huit personnes"),
        Rule("52 cards; with three or four players, 36: the small cards are taken out up to the fives."
             " That these are the 2s, 3s, 4s and 5s is our inference (52 − 36 = 16 cards, four ranks;"
             " the aces stay, the lowest cards).",
             "004", "en ôtant les petites jusqu'aux cinq"),
        Rule("Aces count one and are the lowest cards (the king the highest, says the later"
             " description).",
             "004", "les as ne valent qu'un point, et sont les moindres cartes du jeu"),
        Rule("Each player starts with 30 to 40 counters.",
             "004", "Chacun prend une prise de trente à quarante jetons", option="counters"),
        Rule("Each deal every player puts counters in the guinguette basket (one by default).",
             "Adpoker", reading="GU3", option="guinguette_stake"),
        Rule("Our reconstruction: each also puts one counter in the cabaret basket and one in the"
             " cotillon basket, as each player stakes every box at the Guimbarde.",
             reading="GU4", option="basket_stake"),
        Rule("Four cards each, two at a time, from the dealer's right; the rest is the cotillon (the"
             " stock). Seat 0 deals first; the eldest sits on the dealer's right, and the deal passes"
             " to the right (our reconstruction).",
             "Adpoker", "fait donner par son voisin de gauche", reading="GU2"),
    ),
    turn=(
        Rule("Stirring the cotillon: from the eldest, each player once either stays or gives up one"
             " card face down, puts two counters in the cotillon basket and takes the first card of"
             " the shuffled stock without showing it. The order of speaking is our reconstruction.",
             "Adpoker", "je remue le cotillon", reading="GU6", option="discard"),
        Rule("Our reconstruction of [Adpoker] « renvier le cotillon » (the later source is cut off there):"
             " once everyone has spoken, each who stirred may stir again at twice the fee; or raise"
             " the cotillon basket by two, the others holding or giving up their claim; or not at"
             " all.",
             reading="GU7", option="renvi_cotillon"),
        Rule("The cabaret's raises: a demi-septier puts one counter more in the cabaret basket, a"
             " chopine two, a pinte four.",
             "Adpoker", reading="GU12"),
        Rule("Our reconstruction, after Brelan's renvi: from the eldest each may raise the cabaret"
             " once; after a raise each other player still in must hold (put as much) or drop out"
             " of the cabaret; with nothing to hold he passes. A player who drops keeps his claim"
             " to the two other baskets.",
             reading="GU12"),
        Rule("Our reconstruction: with the option 'deal' the holder of the Q♦ shows it after the"
             " deal and takes the guinguette basket at once, as the Guimbarde's boxes; a card shown"
             " may not be given up.",
             reading="GU5", option="guinguette_when"),
    ),
    scoring=(
        Rule("The guinguette is the Q♦. Our reconstruction: whoever holds it at the showdown takes"
             " the guinguette basket (the basket of a card goes to its holder, as at the Guimbarde"
             " and Nain Jaune); if it lies in the stock the basket stays.",
             "004", "La guinguette est la dame de carreau", reading="GU5"),
        Rule("The cabaret is a tierce, three cards in sequence: the source names the tierces to the"
             " jack, the ten, the nine and breaks off; that kings and queens make none, and how the"
             " cabaret is raised, come from the later description. Our reconstruction, against the period meaning"
             " of a tierce (three of one suit, as at piquet: option tierce_suits=same): of any suits,"
             " for play balance (four cards from 36 hold a tierce of one suit in 0.9 % of hands, 516 of"
             " 58,905, of any suits in 11.1 %, 6,528: of one suit the cabaret's raises would stay"
             " idle).",
             "004", "une tierce au valet, au dix, au neuf", reading="GU11, GU13",
             option="tierce_suits, ace_tierce"),
        Rule("Our reconstruction: the best tierce among the players still in the cabaret takes its"
             " basket; if all but one dropped, he takes it; with no tierce it stays.",
             reading="GU12"),
        Rule("Our reconstruction: the cotillon basket goes to the highest count (ace 1, figures 10,"
             " others their number), since the source counts the ace one point.",
             "004", "les as ne valent qu'un point", reading="GU8, GU9",
             option="cotillon_award, cotillon_contest"),
        Rule("Our reconstruction: between equal best the eldest wins (as the Guimbarde's point), or"
             " nobody and the basket stays (as at Belle-Flux). A basket nobody wins stays for the"
             " next deal.",
             reading="GU10", option="ties"),
    ),
    end=(
        Rule("Our reconstruction: the match lasts an agreed number of deals (8 here); each player's"
             " result is the counters he won or lost. Baskets left at the end belong to nobody.",
             reading="GU2", option="deals"),
        Rule("Our reconstruction: nobody pays more than he holds. A player may stir, stir again,"
             " raise or hold a raise only with the counters it costs; short of a raise to hold, he"
             " drops. The match ends before a deal in which a player cannot pay his stakes, as"
             " Belle-Flux ends when a player cannot stake (option 'debt': counters may go below"
             " zero instead, as we play the Guimbarde).",
             reading="GU14", option="out_of_counters"),
    ),
    how_to_win=HOW_TO_WIN,
)
