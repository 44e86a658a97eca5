"""Trente et un in our own words, each rule with its citation: what ``academie rules
trente-et-un`` prints (the options come from :class:`TrenteEtUnOptions`)."""

from __future__ import annotations

from academie.core.guide import Guide, Rule

HOW_TO_WIN: tuple[str, str, str] = (
    "Pick one suit early (one where you hold an ace or two figures) and let the other cards go.",
    "Watch the discard pile: don't feed the suit another player is collecting.",
    "Knock while your total is unlikely to be the lowest: a medium total knocked early often beats waiting for 31.",
)

GUIDE = Guide(
    aim=(
        Rule("Be the last player left in. Each round the lowest hand loses a life; a player with no"
             " life left is on the bus, and his next loss puts him out.",
             "003", "Le dernier en lice gagne"),
    ),
    deal=(
        Rule("Two to nine players, one ordinary 52-card pack.",
             "003", "De deux à neuf joueurs avec un jeu ordinaire de 52 cartes"),
        Rule("Everyone starts with three lives.",
             "003", "On joue d'ordinaire avec trois vies chacun", reading="T11", option="lives"),
        Rule("Three cards each, one at a time from the dealer's left; the next card is turned up to"
             " start the discard pile, and the rest is the stock.",
             "003", "Trois cartes chacun. Une carte est retournée pour lancer la pile de défausse"),
        Rule("Seat 0 deals first; the deal passes to the left (clockwise) after each round.",
             "003", "La donne passe à gauche après chaque tour", option="direction"),
        Rule("A player dealt 31 shows it at once: the round ends and every other player loses a life"
             " (if several are dealt 31, the first in turn order shows).",
             "003", "montrez-les aussitôt", reading="T3", option="dealt_thirty_one"),
    ),
    turn=(
        Rule("The player on the dealer's left begins; turns go round to the left.",
             "003", "Le joueur à gauche du donneur commence"),
        Rule("On your turn take the top card of the stock or of the discard pile, then discard one"
             " card: you always hold exactly three.",
             "003", "Piochez la carte du dessus du talon ou celle du dessus de la défausse, puis"
             " défaussez-en une"),
        Rule("Instead of drawing you may knock, once per round for the whole table: every other"
             " player has exactly one more turn, then all hands are shown. The knocker plays no"
             " more and is judged on the hand he knocked with.",
             "003", "Un seul joueur peut frapper par tour, et celui qui a frappé ne joue plus"),
        Rule("Three cards of one suit totalling exactly 31 are shown at once, when the hand is back"
             " to three cards: the round stops there.",
             "003", "Le tour s'arrête et tous les autres perdent une vie", reading="T4",
             option="thirty_one_check"),
        Rule("You may discard the card you just took from the pile: the sheet does not forbid it.",
             reading="T8", option="forbid_same_discard"),
        Rule("When the stock is empty, the discard pile but its top card becomes the new stock.",
             reading="T7", option="stock_exhausted"),
    ),
    scoring=(
        Rule("Aces count 11, figures 10, other cards their number.",
             "003", "Les as valent 11, les figures 10, et les cartes numérotées leur chiffre"),
        Rule("A hand is worth its best suit and nothing else: K♥ 9♥ 4♣ is 19, three tens of"
             " different suits only 10.",
             "003", "Votre main vaut sa meilleure couleur et rien d'autre"),
        Rule("A 31 shown: every other player loses a life, the knocker too if someone has knocked.",
             "003", "tous les autres perdent une vie", reading="T2", option="thirty_one_after_knock"),
        Rule("After a knock the lowest total loses a life; players tied for lowest each lose one.",
             "003", "Le total le plus bas perd une vie"),
        Rule("A knocker who alone has the lowest total loses two lives (tied for lowest, two as"
             " well by default).",
             "003", "Celui qui a frappé et se révèle avoir le total le plus bas en perd deux",
             reading="T1", option="knocker_tie"),
        Rule("House rules, off unless agreed: three of a kind worth 30½; no knocking until everyone"
             " has played once.",
             "003", "Mettez-vous d'accord sur les deux avant de commencer", reading="T9, T10",
             option="brelan, no_knock_first_round"),
    ),
    end=(
        Rule("A player who has lost his three lives is on the bus: he plays on, and the next life he"
             " loses puts him out (two lives lost at once are taken one by one).",
             "003", "Perdez trois vies et vous êtes dans le bus", reading="T5", option="bus"),
        Rule("A round that would put every remaining player out does not count: it is dealt again"
             " by the same dealer.",
             reading="T6", option="all_out"),
        Rule("The last player in wins the match.", "003", "Le dernier en lice gagne"),
    ),
    how_to_win=HOW_TO_WIN,
)
