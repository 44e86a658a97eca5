"""The Jeu du Blason in our own words, each rule with its citation: what ``academie rules blason``
prints (the options come from :class:`BlasonOptions`)."""

from __future__ import annotations

from academie.core.guide import Guide, Rule

HOW_TO_WIN: tuple[str, str, str] = (
    "The Blason is a race of pure luck: your only move is to throw the dice (Enter).",
    "Each special square costs a counter, paid into the pot that the winner takes whole.",
    "Land exactly on 63: a throw that goes past moves you back by the excess.",
)

GUIDE = Guide(
    deal_title="Setting up",
    aim=(
        Rule("Be the first to land exactly on square 63, and take the whole pot.",
             "002", "Qui arrivera à 63, qui est le terme du jeu, gagnera la partie & tirera tous les"
             " jettons"),
    ),
    deal=(
        Rule("A board of 63 squares, as at the Game of the Goose; any number of players (2 to 12"
             " here), each with his own token, all starting off the board.",
             "002", "tant de personnes que l'on voudra", reading="L13"),
        Rule("Each player puts one counter in the pot at the start.",
             "002", "dont on doit mettre un chacun à l'entrée du jeu", option="entry"),
        Rule("Two ordinary dice, or the cochonnet, a twelve-faced die numbered 1 to 12.",
             "002", "avec deux dez communs ou un cochonnet", reading="L2", option="dice"),
    ),
    turn=(
        Rule("In turn, from seat 0, each player throws once and moves his token forward by the total.",
             "002", "chacun une fois & à son tour"),
        Rule("A first throw of nine, whatever the dice: pay and go to 26, the officers of the"
             " sovereign.",
             "002", "celui qui amènera du premier coup neuf", reading="L3, L11"),
        Rule("Square 6: pay and go to 12, then play on in turn.",
             "002", "Celui qui fera six"),
        Rule("Square 19: pay and rest while the others play twice. Read as missing your next two"
             " turns: the others then throw three times each before you throw again (with two"
             " players, the other throws three times in a row). With option rest_reading"
             " 'others_throw_twice' you miss one turn, so each other player throws exactly twice.",
             "002", "se reposera, pendant que les autres joueront deux fois", reading="L7",
             option="rest_reading"),
        Rule("Square 30: stay there until another player arrives on 30; he takes your place, you go"
             " to the square he came from, and you both pay.",
             "002", "y demeurera jusqu'à ce que quelqu'un des joueurs arrive au même chiffre",
             reading="L6"),
        Rule("Square 41: pay the mois romains.",
             "002", "payera les mois romains au jeu", option="mois_romains"),
        Rule("Square 49: pay, and wait until the others have each played two throws; read as"
             " square 19 under each option.",
             "002", "jusqu'à ce que les autres joueurs aient joué chacun deux coups", reading="L7",
             option="rest_reading"),
        Rule("Square 58: pay and start again from square 1.",
             "002", "recommencera au chiffre 1", reading="L9", option="restart_square"),
        Rule("The casques and couronnes: pay and go forward or back to 26. The source does not say"
             " which squares they are: every ninth square by default (9, 18, 27, 36, 45, 54).",
             "002", "On ne pourra rester sur les casques ni sur les couronnes", reading="L1",
             option="casque_squares"),
        Rule("A player whose square another reaches is met: he pays and goes to the square the"
             " mover started his turn from (a waiting player met loses his wait).",
             "002", "Celui qui sera rencontré d'un autre payera le prix convenu, & ira prendre la"
             " place de son compagnon", reading="L4, L5",
             option="meeting_destination, displaced_keeps_wait"),
        Rule("Only the square finally reached has its effect, once: 12, 26 and 1 have none.",
             reading="L10"),
        Rule("A throw past 63 moves the token back by the excess.",
             "002", "rétrogradera autant de points qu'il a de plus", option="exact_finish"),
    ),
    scoring=(
        Rule("Every payment is the agreed price, one counter, into the pot.",
             "002", "payer autant de jettons que les rançons, les sorties & les contributions"
             " ordonnées vous obligeront", reading="L8", option="price"),
        Rule("A player who has run out of counters still pays: he owes the pot.",
             reading="L8", option="counters"),
    ),
    end=(
        Rule("The first player on 63 exactly wins the race and the pot; a match is one race, and"
             " each player's result is the counters he won or paid.",
             "002", "gagnera la partie & tirera tous les jettons"),
    ),
    how_to_win=HOW_TO_WIN,
)
