"""Belle, Flux et Trente-un in our own words, each rule with its citation: what ``academie rules
belle-flux-trente-un`` prints (the options come from :class:`BelleFluxOptions`)."""

from __future__ import annotations

from academie.core.guide import Guide, Rule

HOW_TO_WIN: tuple[str, str, str] = (
    "The belle and the flux are dealt, not played: your only choice is at the trente-un, to ask or to stand.",
    "Ask freely at 20 or less: no card can take you over 31 (an ace counts 11).",
    "Stand at 28 to 30, or lower when the up cards and the cards asked for show the others are weak.",
)

GUIDE = Guide(
    aim=(
        Rule("Win the three baskets as often as you can: the belle (the highest up card), the flux"
             " (the best three cards of one suit) and the trente-un (31, or nearest below). The"
             " match is scored in counters won or lost.",
             "000", "On a trois paniers, destinés à recevoir les mises"),
    ),
    deal=(
        Rule("Two to twelve players, the whole 52-card pack.",
             "000", "on emploie 52 cartes, c'est-à-dire, le jeu entier"),
        Rule("Every deal each player stakes in each of the three baskets; a basket nobody won keeps"
             " its counters and gets the new stakes, so its next winner takes double.",
             "000", "comme on ajoute une nouvelle mise à la première, le panier donne au second coup,"
             " un produit double", reading="B9", option="stake"),
        Rule("Starting on the dealer's right, two cards face down to each player (the two together),"
             " then a third face up to each.",
             "000", "donne en premier lieu en commençant par la droite, deux cartes couvertes à chaque"
             " joueur. Il en distribue ensuite une troisième qu'il découvre", option="direction"),
        Rule("Seat 0 deals first; the deal passes to the right, to the first player served.",
             reading="B10", option="direction"),
    ),
    turn=(
        Rule("The belle and the flux are judged as soon as the cards are dealt: nobody plays for"
             " them.",
             "000", "Lorsque la belle est jugée, on passe à l'examen du flux"),
        Rule("For the trente-un, in deal order each player asks for one more card or stands. When"
             " everyone who asked has his card, a new round of requests begins, until nobody asks."
             " A player who stood is asked no more.",
             "000", "on recommence un nouveau tour pour donner carte encore à ceux qui veulent en"
             " ajouter à leur jeu", reading="B7, B12", option="stand_is_final"),
        Rule("Cards asked for are dealt face down: only their holder sees them.",
             reading="1(c)", option="extra_cards"),
        Rule("A player over 31 can only stand: he cannot win the trente-un.",
             "000", "il ne faut pas l'outre-passer"),
        Rule("A player who holds 31, with his first three cards or after asking, declares it: nobody"
             " gets another card and the hands are compared at once.",
             "000", "il empêche qu'on ne donne de nouvelles cartes aux autres joueurs", reading="B8"),
        Rule("When the stock runs out the hands are compared.",
             reading="B11", option="stock_exhausted"),
    ),
    scoring=(
        Rule("The belle: the highest up card wins the belle basket, in the order K Q J A 10 9 … 2.",
             "000", "la plus haute carte est le roi, & successivement la dame, le valet, l'as, le dix",
             reading="B1", option="belle_order"),
        Rule("The flux: three cards of one suit, ace 11, figures 10, the others their number; the"
             " best flux wins the flux basket (A K Q, 31, beats K Q J, 30). Every flux is shown"
             " when the flux is judged, the winner's and the others'.",
             "000", "un flux composé d'un as, d'un roi & d'une dame, vaudroit trente-un points"),
        Rule("The trente-un: every card counts (ace 11, figures 10); 31, or the nearest below it,"
             " wins the trente-un basket; over 31 cannot win.",
             "000", "celui qui a trente-un, ou qui, sans outre-passer ce point, en approche de plus"
             " près, gagne", reading="B6", option="trente_un_count"),
        Rule("A tie for the best belle, flux or trente-un: nobody wins that basket and it stays for"
             " the next deal. Only a tie for the best counts.",
             "000", "aucun d'eux ne tire le panier",
             reading="B2, B3", option="tie_rule"),
        Rule("No flux dealt, or everyone over 31: that basket stays for the next deal.",
             reading="B4, B5", option="all_bust"),
        Rule("A flux basket left over receives the new stakes too, so its winner takes both deals' stakes (the"
             " source also allows agreeing to leave it as it is: option flux_carry_adds_stake=false).",
             "000", "à cause de la nouvelle mise qu'on y ajoute, il donne un double produit",
             option="flux_carry_adds_stake"),
    ),
    end=(
        Rule("The match lasts an agreed number of deals (10 here; with none agreed, until a player"
             " cannot stake, 10,000 deals at most); it also ends as soon as a player cannot stake in"
             " all three baskets.",
             "000", "On fixe la durée de la partie à un certain espace de temps, ou à un nombre"
             " quelconque de coups", option="deals, counters"),
        Rule("Each player's result is the counters he won or lost; counters left in the baskets"
             " belong to nobody.",
             reading="1(c)", option="counters"),
    ),
    how_to_win=HOW_TO_WIN,
)
