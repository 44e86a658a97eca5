"""Reversis in our own words, each rule with its citation: what ``academie rules reversis`` prints
(the options come from :class:`ReversisOptions`)."""

from __future__ import annotations

from academie.core.guide import Guide, Rule

HOW_TO_WIN: tuple[str, str, str] = (
    "Take few tricks and few honours (A K Q J): the talon goes to the fewest points.",
    "Throw the quinola (J♥) and your aces on a renounce; never let the quinola be forced on a heart lead.",
    "Play under the card led; when a trick is lost anyway, take it with your highest card, then lead low.",
)

GUIDE = Guide(
    aim=(
        Rule("The reverse of the usual games: take as few tricks, and as few counting cards, as you"
             " can. Throw the quinola (J♥) on a renounce to win the pool; or take every trick, the"
             " reversis. The match is scored in counters won or lost.",
             "001", "c'est celui qui en fait le moins"),
    ),
    deal=(
        Rule("Four or five players; 48 cards, the tens taken out.",
             "001", "Il y a quarante-huit cartes dans le jeu, les dix n'y étant pas ordinairement",
             reading="R2", option="deck"),
        Rule("When the pool (poule) is empty, each player puts two counters in it (our reading of [001]"
             " §32, which says so of refreshing the pool; the source gives no opening ante).",
             "001", "chacun remet deux jettons", reading="R9", option="pool_ante"),
        Rule("The dealer deals by threes from his right, giving himself one card more than the"
             " others; three cards stay in the talon with four players, two (or seven) with five."
             " With four players and 48 cards: 11 cards each, 12 for the dealer.",
             "001", "trois à trois, excepté trois, lorsque l'on joue quatre, & deux ou sept, si l'on"
             " est cinq", reading="R1, R2, R3", option="talon_five, packet"),
        Rule("The écart: in turn from the premier en cartes (the dealer's right), each player may"
             " put one card under the talon and take his own talon card in exchange, or decline and"
             " look at the card he would have taken.",
             "001", "il est libre de voir au talon celle qu'on auroit prise", reading="R4"),
        Rule("The dealer takes nothing from the talon but must put one card onto it.",
             "001", "n'en prend jamais au talon. Mais il est obligé d'y mettre"),
        Rule("What goes in the écart lies face down under the talon: only the player who put it"
             " there knows it. The others learn what the talon holds — a quinola put in the écart"
             " too — when it is shown to be paid, at the end of the deal.",
             "001", "que l'on met dessous le talon"),
        Rule("No heart may go in the écart, except a lone K♥ or Q♥; a dealer dealt only hearts"
             " must still put one there, any he chooses.",
             "001", "personne n'en peut écarter", reading="R12, R21", option="quinola_force, first_two"),
        Rule("Seat 0 deals first; the deal and the play go to the right.",
             reading="R5", option="direction"),
    ),
    turn=(
        Rule("The premier en cartes leads the first trick, with a heart if he has one; the winner"
             " of a trick leads the next.",
             "001", "Le premier en cartes doit toujours commencer par jouer du cœur s'il en a"),
        Rule("No trumps, cards in their natural order (ace high); you must follow suit if you can.",
             "001", "ce jeu n'a point de triomphe, & on est obligé de donner une carte de la couleur"
             " qu'on joue"),
        Rule("Following suit, you may win or lose the trick as you please.",
             "001", "peut la prendre ou la gagner à son gré"),
        Rule("In the first two tricks the quinola must go on its holder's first renounce.",
             "001", "il l'est toujours dans les deux premiers tours", reading="R12",
             option="first_two"),
        Rule("A revoke or a card played out of turn is refused: those faults cannot happen here.",
             "001", "Celui qui renonce, fait la bête"),
    ),
    scoring=(
        Rule("The quinola thrown on a renounce: the trick's winner pays its holder two marques, and"
             " the holder wins the pool; but while bêtes from earlier deals are on the table he wins"
             " the largest bête instead, and the pool waits.",
             "001", "celui qui s'en défait, gagne le jeu", reading="R9, R14, R19",
             option="quinola_marques, marque, betes"),
        Rule("The quinola given on a heart lead, or led: its holder makes a bête equal to the pool,"
             " which stays on the table for a later deal. If it was forced (his last heart), he"
             " pays the forcer four counters and each other player pays the forcer one.",
             "001", "fait la bête de ce qu'il y a sur le jeu", reading="R10, R11",
             option="quinola_force_fee, quinola_force_payers, forcer"),
        Rule("Bêtes are won one at a time, the largest first, each alone, never with the pool.",
             "001", "Il n'y a que les bêtes de renonce qui se payent avec une autre ou avec la poule",
             reading="R9, R19", option="betes"),
        Rule("When the quinola was put in the écart or forced (played as its holder's only playable"
             " card) and nobody won the pool, each player adds two counters to it; a quinola led or"
             " given on hearts by choice does not refresh it.",
             "001", "chacun remet deux jettons pour la rafraîchir", reading="R18",
             option="refresh, pool_ante"),
        Rule("An ace thrown on a renounce wins the agreed fee from the trick's winner; an ace forced"
             " out (its holder's last card of the suit led) pays it to the leader, who forced it;"
             " the ace of hearts counts double. An ace led is neither: it wins and pays nothing"
             " for itself.",
             "001", "On gagne le double pour l'as de cœur", reading="R11, R13, R22",
             option="ace_fee, led_ace, ruleset"),
        Rule("The talon goes to the player with fewest points in his tricks (A4 K3 Q2 J1); a player"
             " with no trick beats everyone; on a tie, fewer tricks (the later sources), then the"
             " dealer and the players on his left. With option talon_tie 'nearest_left', the"
             " source's literal reading: a tie goes to the dealer and his left, whatever the tricks.",
             "001", "celui qui n'a point de levée, l'emporte sur lui", reading="R6, R7",
             option="trick_points, talon_tie"),
        Rule("The talon is worth A5 K4 Q3 J2 of its cards, paid by the player with most points.",
             "001", "cinq pour les as, quatre pour les rois, trois pour les dames, & deux pour les"
             " valets", reading="R8", option="talon_payer"),
        Rule("The reversis: a player who takes every trick wins the pool, two counters from each"
             " player and every counter he paid in that deal (a bête he made included); the"
             " quinola thrown on a renounce loses its rights. He pays no talon, and nobody pays it"
             " in his place.",
             "001", "une remise de tous les jettons que celui qui fait le reversis, a pu payer dans"
             " le coup", reading="R20", option="reversis_fee, reversis_talon"),
        Rule("With option ruleset 'later' the 1785 rules apply instead: the ace of diamonds pays"
             " double, the talon counts A4 K3 Q2 J1 with the ace of diamonds 5, the quinola 4 and"
             " 4 more, and a reversis undertaken then broken pays its breaker.",
             "Almanach", reading="R7, R13, R15", option="ruleset, broken_fee"),
    ),
    end=(
        Rule("The match lasts an agreed number of deals (8 here); each player's result is the"
             " counters he won or lost. The pool and the bêtes left at the end belong to nobody.",
             reading="R9", option="deals, counters"),
    ),
    how_to_win=HOW_TO_WIN,
)
