"""The Guimbarde in our own words, each rule with its citation: what ``academie rules guimbarde``
prints (the options come from :class:`GuimbardeOptions`)."""

from __future__ import annotations

from academie.core.guide import Guide, Rule

HOW_TO_WIN: tuple[str, str, str] = (
    "The boxes go with the cards dealt; in play aim for two tricks or more (the point box) and for marriages.",
    "Keep the guimbarde (Q♥) and the roi (K♥) for the last tricks, or to take a marriage or a fou.",
    "Hold your fou (J♦) back while the Q♥ and K♥ are unseen: taken by them, it pays instead of earning.",
)

GUIDE = Guide(
    aim=(
        Rule("Take the five boxes (the point, the mariage, the fou, the roi, the guimbarde), win the"
             " tricks, and collect for marriages. The match is scored in counters won or lost.",
             "004", "Le Fou. Le Roi. La Guimbarde"),
    ),
    deal=(
        Rule("Three to eight players: 32 cards (K Q J A 10 9 8 7) up to five players, all 52 from"
             " six.",
             "Parlett", reading="G15"),
        Rule("Every deal each player puts one counter in each of the five boxes.",
             "004", "Chacun des joueurs met un jeton dans chaque boite"),
        Rule("Five cards each, by three then two, from the dealer's right; the next card is turned"
             " up and its suit is trumps. Seat 0 deals first; the deal and the play go to the right.",
             "004", "donne à chaque joueur cinq cartes, par trois et deux", reading="G14"),
        Rule("Before play the holders show their cards and take the boxes: the fou (J♦), the roi"
             " (K♥), the guimbarde (Q♥), and the mariage (K♥ and Q♥ in one hand).",
             "004", "de les étaler sur la table avant que de les tirer"),
        Rule("The point: most cards of one suit, three to five, the K♥ and Q♥ counting as hearts;"
             " equal points go to the eldest (nearest the dealer's right). The best takes the point"
             " box.",
             "004", "à point égal, celui qui a la main gagne le point", reading="G4",
             option="point_tiebreak"),
        Rule("Then each player puts one more counter in the point box, for the tricks.",
             "004", "on met chacun un jeton dans la même boite pour celui qui lèvera le plus de mains"),
        Rule("A box nobody can claim (no point, an honour not dealt or turned up) stays for the next"
             " deal.",
             reading="G6, G7"),
    ),
    turn=(
        Rule("The eldest leads any card; the winner of a trick leads the next.",
             "004", "Le premier à jouer, commence à jouer par la carte qu'il veut"),
        Rule("Play as at La Triomphe: follow suit and head the trick if you can; void in the suit"
             " led, trump, overtrumping if you can.",
             "004", "le jeu se continue comme à la triomphe", reading="G1",
             option="follow_rules, overtrump"),
        Rule("The guimbarde (Q♥), the roi (K♥) and the fou (J♦) are always the three highest trumps,"
             " whatever the trump suit; in play they are trumps only. Then K Q J A 10 9 …: aces"
             " between jacks and tens.",
             "004", "La guimbarde est toujours la principale triomphe du jeu", reading="G2, G3",
             option="honours_keep_suit_in_play"),
        Rule("Rule 7: the next player holding the queen of a king of ♦ ♣ ♠ just played must play"
             " her on him, making the marriage.",
             "004", "est obligé de la mettre pour faire le mariage", reading="G13",
             option="rule7_grand_mariage"),
        Rule("Rule 3: a marriage may not be trumped with the K♥, the Q♥ or the fou, unless no other"
             " card may be played.",
             "004", "Il n'est pas permis de couper un mariage avec le roi de cœur", reading="G8",
             option="rule3_card"),
        Rule("Revoking, failing to head or trump, and playing out of turn (rules 8, 9, 12) are"
             " refused: those faults cannot happen here.",
             "004", "Celui qui renonce paye un jeton à chaque joueur"),
    ),
    scoring=(
        Rule("The grand mariage in hand (K♥ Q♥): two counters from each player; another king and"
             " queen in one hand: one from each. They are shown before play and paid at the end of"
             " the deal.",
             "004", "reçoit deux jetons de chaque joueur", reading="G10", option="hand_marriages"),
        Rule("A marriage in play (a king of ♦ ♣ ♠, then its queen played on him at once, even as"
             " discards): the trick's winner takes one counter from each player but the queen's.",
             "004", "tire un jeton de chaque joueur, hors de celui qui a jeté la dame",
             reading="G9, G13", option="discard_marriages"),
        Rule("A marriage won by trumping: one counter only, from each of the king's and the queen's"
             " players.",
             "004", "ne gagne qu'un jeton de ceux qui ont jeté le roi et la dame"),
        Rule("The grand mariage on the table (the K♥ taken by the Q♥): one counter from each player.",
             "004", "ce mariage ne vaut qu'un jeton", reading="G12",
             option="grand_mariage_table_payers"),
        Rule("The fou: every other player pays its holder one counter at the end of the deal; but a"
             " fou taken by the K♥ or the Q♥ earns nothing and pays its taker one counter.",
             "004", "il ne gagne rien; au contraire, il paye un jeton à celui qui l'emporte",
             reading="G11"),
        Rule("The tricks: the most tricks, at least two, take the point box; between equal counts"
             " the first to make them wins; if nobody has two, the box stays for the next deal.",
             "004", "Il faut au moins faire deux mains pour l'emporter", reading="G5",
             option="trick_box"),
    ),
    end=(
        Rule("The match lasts an agreed number of deals (8 here); each player's result is the"
             " counters he won or lost. Boxes left at the end belong to nobody.",
             reading="G6", option="deals, counters"),
    ),
    how_to_win=HOW_TO_WIN,
)
