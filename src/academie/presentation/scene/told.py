"""The narration's sentences as phrases to translate: a line of the log (the terminal's words,
:mod:`academie.presentation.narration` and the games' renderers) read back into its message id
and parameters, so that a French page tells the moves, the payments and their rules, the deals'
headers and results in French. A line matching none stays as it was told.

A sentence is read in parts: the payment (« who pays whom, how much »), then its rule after
« — » (:data:`REASONS`) and the sources cited in brackets (:func:`cited`). The sources' own French
words (« … ») are kept as they are: they are masked before a line is read and put back after.

>>> told_phrase("Anne plays Q♥ — Bastien takes the trick.")
Phrase(text='{name} plays {card} — {other} takes the trick.', params=(('name', 'Anne'), ('card', 'Q♥'), ('other', 'Bastien')), plural=None)
>>> told_phrase("Anne hums a tune") is None
True
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from academie.presentation.scene import N_, Phrase, Pn

NAME, CARD, NUM = r"(?P<name>[^—:;]+?)", r"(?P<card>(?:10|[2-9JQKA])[♠♥♦♣])", r"(?P<n>[−+]?\d+)"
AMT = r"(?P<amt>−?\d+ jetons?)"
WHY = r" — (?P<why>.+?)(?P<cites>(?: \((?:[^()]|\([^()]*\))*\))*)"
Q = r"(?P<q>⟦\d+⟧)"
CARDS = r"(?P<cards>(?:(?:10|[2-9JQKA])[♠♥♦♣] ?)+)"


def _table(pairs: Any) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile("^" + p.format(NAME=NAME, CARD=CARD, N=NUM, AMT=AMT, WHY=WHY, Q=Q, CARDS=CARDS) + "$"), m)
                 for p, m in pairs)


TOLD = _table((
    (r"{NAME} plays {CARD} — (?P<other>[^—:;]+?) takes the trick\.", N_("{name} plays {card} — {other} takes the trick.")),
    (r"{NAME} plays {CARD}\.", N_("{name} plays {card}.")),
    (r"{NAME} discards {CARD}\.", N_("{name} discards {card}.")),
    (r"{NAME} takes {CARD} from the pile\.", N_("{name} takes {card} from the pile.")),
    (r"{NAME} draws from the stock\.", N_("{name} draws from the stock.")),
    (r"{NAME} draws {CARD} from the stock\.", N_("{name} draws {card} from the stock.")),
    (r"{NAME} knocks!", N_("{name} knocks!")),
    (r"{NAME} shows 31!", N_("{name} shows 31!")),
    (r"{NAME} was dealt 31!", N_("{name} was dealt 31!")),
    (r"{NAME} stands\.", N_("{name} stands.")),
    (r"{NAME} stays\.", N_("{name} stays.")),
    (r"{NAME} passes\.", N_("{name} passes.")),
    (r"{NAME} asks for a card\.", N_("{name} asks for a card.")),
    (r"{NAME} asks for a card and receives {CARD}\.", N_("{name} asks for a card and receives {card}.")),
    (r"{NAME} exchanges a card with the talon\.", N_("{name} exchanges a card with the talon.")),
    (r"{NAME} exchanges {CARD} with the talon and takes (?P<other>(?:10|[2-9JQKA])[♠♥♦♣])\.",
     N_("{name} exchanges {card} with the talon and takes {other}.")),
    (r"{NAME} discards one card onto the talon\.", N_("{name} discards one card onto the talon.")),
    (r"{NAME} discards {CARD} onto the talon\.", N_("{name} discards {card} onto the talon.")),
    (r"{NAME} keeps his cards\.", N_("{name} keeps his cards.")),
    (r"{NAME} keeps the hand\.", N_("{name} keeps the hand.")),
    (r"{NAME} keeps the hand; the talon card (?P<other>[^—:;]+?) would have taken is {CARD}\.",
     N_("{name} keeps the hand; the talon card {other} would have taken is {card}.")),
    (r"{NAME} stirs the cotillon again \(a card given up face down, one taken unseen\)\.",
     N_("{name} stirs the cotillon again (a card given up face down, one taken unseen).")),
    (r"{NAME} stirs the cotillon again: {CARD} given up\.", N_("{name} stirs the cotillon again: {card} given up.")),
    (r"{NAME} stirs the cotillon again: {CARD} given up, (?P<other>(?:10|[2-9JQKA])[♠♥♦♣]) taken\.",
     N_("{name} stirs the cotillon again: {card} given up, {other} taken.")),
    (r"{NAME} stirs the cotillon \(a card given up face down, one taken unseen\)\.",
     N_("{name} stirs the cotillon (a card given up face down, one taken unseen).")),
    (r"{NAME} stirs the cotillon: {CARD} given up\.", N_("{name} stirs the cotillon: {card} given up.")),
    (r"{NAME} stirs the cotillon: {CARD} given up, (?P<other>(?:10|[2-9JQKA])[♠♥♦♣]) taken\.",
     N_("{name} stirs the cotillon: {card} given up, {other} taken.")),
    (r"{NAME} drops out of the cabaret\.", N_("{name} drops out of the cabaret.")),
    (r"{NAME} drops out of the (?P<what>cotillon|guinguette)\.", N_("{name} drops out of the {what}.")),
    (r"{NAME} holds the raise \({AMT}\)\.", N_("{name} holds the raise ({amt}).")),
    (r"{NAME} raises the cotillon \({Q}, {N}\)\.", N_("{name} raises the cotillon ({q}, {n}).")),
    (r"{NAME} holds the (?P<p>\d+) and raises the cabaret by (?P<measure>a [a-z-]+) \({N}\)\.",
     N_("{name} holds the {p} and raises the cabaret by {measure} ({n}).")),
    (r"{NAME} raises the cabaret by (?P<measure>a [a-z-]+) \({N}\)\.", N_("{name} raises the cabaret by {measure} ({n}).")),
    (r"{NAME} throws {N}: from the start to (?P<b>\d+)\.", N_("{name} throws {n}: from the start to {b}.")),
    (r"{NAME} throws {N}: from (?P<a>\d+) to (?P<b>\d+)\.", N_("{name} throws {n}: from {a} to {b}.")),
    (r"{NAME} throws {N}: from the start via (?P<a>\d+) to (?P<b>\d+)\.", N_("{name} throws {n}: from the start via {a} to {b}.")),
    (r"{NAME} throws {N}: from (?P<a>\d+) via (?P<c>\d+) to (?P<b>\d+)\.", N_("{name} throws {n}: from {a} via {c} to {b}.")),
    (r"{NAME} throws {N}: from (?P<a>\d+), (?P<c>\d+) to go: past 63 and back to (?P<b>\d+)\.",
     N_("{name} throws {n}: from {a}, {c} to go: past 63 and back to {b}.")),
    (r"{NAME} throws {N}: from (?P<a>\d+), (?P<c>\d+) to go, and past 63 counts as 63\.",
     N_("{name} throws {n}: from {a}, {c} to go, and past 63 counts as 63.")),
    (r"(?P<throw>[^—]+? throws \d+: [^—]+?) — (?P<events>[^—]+)\.", N_("{throw} — {events}.")),
    (r"{NAME} rests \((?P<a>\d+) of (?P<b>\d+)\)\.", N_("{name} rests ({a} of {b}).")),
    (r"{NAME} reaches 63 and takes the pot: {AMT}\.", N_("{name} reaches 63 and takes the pot: {amt}.")),
    (r"End of deal {N}", N_("End of deal {n}")),
    (r"End of the match", N_("End of the match")),
    (r"End of the race", N_("End of the race")),
    (r"The race is not over\.", N_("The race is not over.")),
    (r"Dealer: {NAME}\.", N_("Dealer: {name}.")),
    (r"Hands shown after {NAME} knocked\.", N_("Hands shown after {name} knocked.")),
    (r"{NAME} is eliminated\.", N_("{name} is eliminated.")),
    (r"{NAME} is the last player in and wins the match\.", N_("{name} is the last player in and wins the match.")),
    (r"Deal {N}: (?P<name>[^;.]+?) deals\. Pool (?P<p>\d+)\.", N_("Deal {n}: {name} deals. Pool {p}.")),
    (r"Deal {N}: (?P<name>[^;.]+?) deals\.", N_("Deal {n}: {name} deals.")),
    (r"Deal {N}: (?P<name>[^;.]+?) deals; the up card is {CARD}\.", N_("Deal {n}: {name} deals; the up card is {card}.")),
    (r"Deal {N}: (?P<name>[^;.]+?) deals four cards each, two at a time \((?P<p>\d+) cards\)\.",
     N_("Deal {n}: {name} deals four cards each, two at a time ({p} cards).")),
    (r"Deal {N}: (?P<name>[^;.]+?) deals four cards each, two at a time \((?P<p>\d+) cards\)\. (?P<other>[^;.]+?)"
     r" shows the guinguette {CARD}\.",
     N_("Deal {n}: {name} deals four cards each, two at a time ({p} cards). {other} shows the guinguette {card}.")),
    (r"Deal {N}: (?P<name>[^;.]+?) deals; turned {CARD}, trumps (?P<suit>[♠♥♦♣] \w+ \(\w+\))\. Announced: (?P<ann>.+?)\."
     r" No point announced: the point box stays\.",
     N_("Deal {n}: {name} deals; turned {card}, trumps {suit}. Announced: {ann}. No point announced: the point box stays.")),
    (r"Deal {N}: (?P<name>[^;.]+?) deals; turned {CARD}, trumps (?P<suit>[♠♥♦♣] \w+ \(\w+\))\. Announced: (?P<ann>.+?)\.",
     N_("Deal {n}: {name} deals; turned {card}, trumps {suit}. Announced: {ann}.")),
    (r"Deal {N}: (?P<name>[^;.]+?) deals\. Up cards: (?P<ups>[^.]+)\. (?P<bf>[^.]+)\.",
     N_("Deal {n}: {name} deals. Up cards: {ups}. {bf}.")),
    (r"The race begins\.", N_("The race begins.")),
    (r"Squares: (?P<squares>.+)\. Others show the heraldry of their section \((?P<sections>[^;]+); a reconstruction\)\.",
     N_("Squares: {squares}. Others show the heraldry of their section ({sections}; a reconstruction).")),
    (r"Match over after 1 deal\.", N_("Match over after 1 deal.")),
    (r"Match over after {N} deals\.", N_("Match over after {n} deals.")),
    (r"Baskets now: (?P<rest>[^—]+)", N_("Baskets now: {rest}")),
    (r"Boxes now: (?P<rest>[^—]+)", N_("Boxes now: {rest}")),
    (r"Trente-un: nobody \(everyone over 31, the basket stays\)", N_("Trente-un: nobody (everyone over 31, the basket stays)")),
    (r"Trente-un: {NAME} \(declared 31\)", N_("Trente-un: {name} (declared 31)")),
    (r"Trente-un: {NAME} \(declared 31\); (?P<other>[^;]+?) declared 31", N_("Trente-un: {name} (declared 31); {other} declared 31")),
    (r"(?P<what>Belle|Flux|Trente-un): nobody \((?P<why>[^,]+), the basket stays\)", N_("{what}: nobody ({why}, the basket stays)")),
    (r"(?P<what>Belle|Flux|Trente-un): nobody: (?P<who>.+?) tie (?P<at>.+?) \(the basket stays, (?P<src>.+)\)",
     N_("{what}: nobody: {who} tie {at} (the basket stays, {src})")),
    (r"(?P<what>Belle|Flux|Trente-un): nobody: (?P<who>.+?) tie (?P<at>.+?) \(the basket stays, (?P<src>.+)\); (?P<other>[^;]+?)"
     r" declared 31", N_("{what}: nobody: {who} tie {at} (the basket stays, {src}); {other} declared 31")),
    (r"Belle: {NAME}", N_("Belle: {name}")),
    (r"Flux: {NAME}", N_("Flux: {name}")),
    (r"Trente-un: {NAME}", N_("Trente-un: {name}")),
    (r"Left in the baskets: (?P<rest>[^—]+)\.", N_("Left in the baskets: {rest}.")),
    (r"Left in the (?P<where>baskets|boxes|pots) \(it belongs to nobody\): (?P<rest>[^—]+)\.", N_("Left in the {where} (it belongs to nobody): {rest}.")),
    (r"The (?P<where>baskets|boxes|pots) are empty\.", N_("The {where} are empty.")),
    (r"Left on the game \(it belongs to nobody\): (?P<game>.+)\.", N_("Left on the game (it belongs to nobody): {game}.")),
    (r"No deal won it before the match ended, so the players hold that much less than they brought\.",
     N_("No deal won it before the match ended, so the players hold that much less than they brought.")),
    (r"Nothing is left on the game\.", N_("Nothing is left on the game.")),
    (r"Pool carries; on the game: (?P<game>.+)\.", N_("Pool carries; on the game: {game}.")),
    (r"Pool carries; nothing is left on the game\.", N_("Pool carries; nothing is left on the game.")),
    (r"Pool won by {NAME}; on the game: (?P<game>.+)\.", N_("Pool won by {name}; on the game: {game}.")),
    (r"Pool won by {NAME}; nothing is left on the game\.", N_("Pool won by {name}; nothing is left on the game.")),
    (r"Quinola: thrown on a renounce by {NAME}\.", N_("Quinola: thrown on a renounce by {name}.")),
    (r"Quinola: forced or led: a bête\.", N_("Quinola: forced or led: a bête.")),
    (r"Quinola: put in the écart\.", N_("Quinola: put in the écart.")),
    (r"Quinola: stayed in the talon\.", N_("Quinola: stayed in the talon.")),
    (r"{NAME} makes the reversis!", N_("{name} makes the reversis!")),
    (r"No point announced: the point box stays\.", N_("No point announced: the point box stays.")),
    (r"Hands shown\.", N_("Hands shown.")),
    (r"The stock is exhausted: hands shown\.", N_("The stock is exhausted: hands shown.")),
    (r"Nobody is left: the match has no winner\.", N_("Nobody is left: the match has no winner.")),
    (r"{NAME} waits on 30, at the chancellerie, until another player comes\.",
     N_("{name} waits on 30, at the chancellerie, until another player comes.")),
    (r"{NAME} rests\.", N_("{name} rests.")),
    (r"Talon: {CARDS} worth {N}, won by {NAME}, paid by (?P<who>.+)", N_("Talon: {cards} worth {n}, won by {name}, paid by {who}")),
    (r"Talon: {CARDS} worth {N}, won by {NAME}, unpaid", N_("Talon: {cards} worth {n}, won by {name}, unpaid")),
    (r"Announced: (?P<ann>.+)\.", N_("Announced: {ann}.")),
    (r"Tricks contest: nobody \(the box stays\)\.", N_("Tricks contest: nobody (the box stays).")),
    (r"Tricks contest: (?P<who>.+)\.", N_("Tricks contest: {who}.")),
    (r"The (?P<basket>\w+) basket: nobody \(it stays\) — (?P<why>.+)\.", N_("The {basket} basket: nobody (it stays) — {why}.")),
    (r"The (?P<basket>\w+) basket: {NAME} — (?P<why>.+)\.", N_("The {basket} basket: {name} — {why}.")),
    (r"{NAME} cannot pay the stakes of another deal: the match ends \(our reconstruction, (?P<tag>\w+), option (?P<opt>[\w ]+)\)\.",
     N_("{name} cannot pay the stakes of another deal: the match ends (our reconstruction, {tag}, option {opt}).")),
    (r"Everyone left would be out \(would lose: (?P<lose>[^()]+)\): the round is void, no life is lost, and it is dealt again\.",
     N_("Everyone left would be out (would lose: {lose}): the round is void, no life is lost, and it is dealt again.")),
    (r"No life is lost: the round is void{WHY}", N_("No life is lost: the round is void — {why}{cites}")),
    (r"{NAME} loses {N} (?:life|lives){WHY}", None),  # plural: see PLURALS
    (r"{NAME} loses no life{WHY}", N_("{name} loses no life — {why}{cites}")),
    (r"{NAME} goes on the bus, out at the next loss{WHY}", N_("{name} goes on the bus, out at the next loss — {why}{cites}")),
    (r"{NAME} is out of the match{WHY}", N_("{name} is out of the match — {why}{cites}")),
    (r"{NAME} pays {AMT} to each other player{WHY}", N_("{name} pays {amt} to each other player — {why}{cites}")),
    (r"{NAME} pays {AMT} to each of (?P<who>[^—]+?){WHY}", N_("{name} pays {amt} to each of {who} — {why}{cites}")),
    (r"Each other player pays {AMT} to (?P<other>[^—]+?){WHY}", N_("Each other player pays {amt} to {other} — {why}{cites}")),
    (r"(?P<who>[^—]+? and [^—]+?) pay {AMT} each to (?P<other>[^—]+?){WHY}", N_("{who} pay {amt} each to {other} — {why}{cites}")),
    (r"Each player puts {AMT} into (?P<pot>[^—]+?){WHY}", N_("Each player puts {amt} into {pot} — {why}{cites}")),
    (r"(?P<who>[^—]+? and [^—]+?) put {AMT} each into (?P<pot>[^—]+?){WHY}", N_("{who} put {amt} each into {pot} — {why}{cites}")),
    (r"{NAME} puts {AMT} into (?P<pot>[^—]+?){WHY}", N_("{name} puts {amt} into {pot} — {why}{cites}")),
    (r"{NAME} takes {AMT} from (?P<pot>[^—]+?){WHY}", N_("{name} takes {amt} from {pot} — {why}{cites}")),
    (r"{NAME} pays {AMT} to (?P<other>[^—]+?){WHY}", N_("{name} pays {amt} to {other} — {why}{cites}")),
))
"""Each sentence: its pattern (names, cards and numbers as groups) and its message id."""

LOSES = Pn("{name} loses {n} life — {why}{cites}", "{name} loses {n} lives — {why}{cites}")
"""The one sentence with a plural: its message ids (parameter ``n`` chooses)."""

THROWS = _table((
    (r"{NAME} throws {N}: from the start to (?P<b>\d+)", N_("{name} throws {n}: from the start to {b}")),
    (r"{NAME} throws {N}: from (?P<a>\d+) to (?P<b>\d+)", N_("{name} throws {n}: from {a} to {b}")),
    (r"{NAME} throws {N}: from the start via (?P<a>\d+) to (?P<b>\d+)", N_("{name} throws {n}: from the start via {a} to {b}")),
    (r"{NAME} throws {N}: from (?P<a>\d+) via (?P<c>\d+) to (?P<b>\d+)", N_("{name} throws {n}: from {a} via {c} to {b}")),
    (r"{NAME} throws {N}: from (?P<a>\d+) via (?P<c>\d+) to the start", N_("{name} throws {n}: from {a} via {c} to the start")),
    (r"{NAME} throws {N}: from (?P<a>\d+), (?P<c>\d+) to go: past 63 and back to (?P<b>\d+)",
     N_("{name} throws {n}: from {a}, {c} to go: past 63 and back to {b}")),
    (r"{NAME} throws {N}: from (?P<a>\d+), (?P<c>\d+) to go, and past 63 counts as 63",
     N_("{name} throws {n}: from {a}, {c} to go, and past 63 counts as 63")),
))
"""A throw of the Blason's dice followed by what it made happen (:data:`EVENTS`)."""

EVENTS = ((": pays and goes to ", N_(": pays and goes to ")), (": pays and misses ", N_(": pays and misses ")),
          (" turns", N_(" turns")), (" turn", N_(" turn")), ("pays the mois romains", N_("pays the mois romains")),
          ("waits at the chancellerie", N_("waits at the chancellerie")), ("frees ", N_("frees ")),
          (" from the chancellerie", N_(" from the chancellerie")), (" (back to ", N_(" (back to ")),
          ("both pay", N_("both pay")),
          ("meets ", N_("meets ")), (", who pays and goes to ", N_(", who pays and goes to ")),
          (", who pays and goes to the start", N_(", who pays and goes to the start")),
          (": pays and goes to the start", N_(": pays and goes to the start")),
          ("first throw of nine: to ", N_("first throw of nine: to ")))
"""The words of what a throw of the Blason made happen (« casque: pays and goes to 26 »)."""

POTS = _table((
    (r"the pool \(poule\)", N_("the pool (poule)")),
    (r"the pot", N_("the pot")),
    (r"bête (?P<n>\d+)", N_("bête {n}")),
    (r"the (?P<name>[\w-]+) box", N_("the {name} box")),
    (r"the (?P<name>[\w-]+) basket", N_("the {name} basket")),
    (r"each of the (?P<names>[\w ,-]+) boxes", N_("each of the {names} boxes")),
    (r"each of the (?P<names>[\w ,-]+) baskets", N_("each of the {names} baskets")),
))
"""The pots, boxes and baskets a payment names."""

WORDS = _table(tuple((re.escape(w), w) for w in (
    N_("a demi-septier"), N_("a chopine"), N_("a pinte"), N_("baskets"), N_("boxes"), N_("pots"),
    N_("out of counters"), N_("knocker tie"), N_("dealt thirty one"), N_("bus"), N_("all out"), N_("renvi cotillon"),
    N_("talon tie"), N_("lose2"), N_("safe"), N_("lose1"))))
"""Single words a sentence names: the cabaret's measures, the pots, the options cited."""

SQUARES = ((" (pay, go to ", N_(" (pay, go to ")), (" (pay, back to ", N_(" (pay, back to ")),
           (" (pay, miss ", N_(" (pay, miss ")), (" (wait for another player)", N_(" (wait for another player)")),
           (" (pay the mois romains)", N_(" (pay the mois romains)")), (" (the end)", N_(" (the end)")),
           ("start)", N_("start)")))
"""The words of the Blason's legend of squares (what each named square does)."""

SUITS = _table(((r"♠ spades \(pique\)", N_("♠ spades (pique)")), (r"♥ hearts \(cœur\)", N_("♥ hearts (cœur)")),
                (r"♦ diamonds \(carreau\)", N_("♦ diamonds (carreau)")), (r"♣ clubs \(trèfle\)", N_("♣ clubs (trèfle)"))))
"""A suit named in a sentence: its symbol, English name and the sources' French name."""

REASONS = _table((
    (r"{CARD} forced out", N_("{card} forced out")),
    (r"{CARD} on a renounce", N_("{card} on a renounce")),
    (r"quinola forced", N_("quinola forced")),
    (r"quinola on a renounce", N_("quinola on a renounce")),
    (r"the talon", N_("the talon")),
    (r"the quinola's bête", N_("the quinola's bête")),
    (r"the pool", N_("the pool")),
    (r"pool ante", N_("pool ante")),
    (r"the pool refreshed", N_("the pool refreshed")),
    (r"bête (?P<n>\d+) lifted", N_("bête {n} lifted")),
    (r"reversis", N_("reversis")),
    (r"broken reversis", N_("broken reversis")),
    (r"(?P<what>.+)'s bête", N_("{what}'s bête")),
    (r"stake", N_("stake")),
    (r"stake for the tricks", N_("stake for the tricks")),
    (r"stake in the (?P<name>\w+) basket", N_("stake in the {name} basket")),
    (r"entry", N_("entry")),
    (r"belle", N_("belle")), (r"flux", N_("flux")), (r"trente-un", N_("trente-un")),
    (r"the (?P<name>[\w-]+) box", N_("the {name} box")),
    (r"the tricks", N_("the tricks")),
    (r"the fou", N_("the fou")),
    (r"the fou taken", N_("the fou taken")),
    (r"marriage in hand", N_("marriage in hand")),
    (r"marriage in play", N_("marriage in play")),
    (r"marriage won by trumping", N_("marriage won by trumping")),
    (r"grand mariage in hand", N_("grand mariage in hand")),
    (r"grand mariage on the table", N_("grand mariage on the table")),
    (r"grand mariage in play", N_("grand mariage in play")),
    (r"the pot to the winner", N_("the pot to the winner")),
    (r"first throw of nine", N_("first throw of nine")),
    (r"met by another", N_("met by another")),
    (r"square (?P<n>\d+), (?P<square>[^(),]+)", N_("square {n}, {square}")),
    (r"(?P<measure>a [a-z-]+), a raise of the cabaret", N_("{measure}, a raise of the cabaret")),
    (r"holding the raise on the (?P<name>\w+) basket", N_("holding the raise on the {name} basket")),
    (r"{Q}", N_("{q}")),
    (r"{Q}: a second stir at twice the fee", N_("{q}: a second stir at twice the fee")),
    (r"{Q}: a raise the others hold or leave", N_("{q}: a raise the others hold or leave")),
    (r"the (?P<name>\w+) basket to the best tierce", N_("the {name} basket to the best tierce")),
    (r"the (?P<name>\w+) basket to the last one in", N_("the {name} basket to the last one in")),
    (r"the (?P<name>\w+) basket to the best count", N_("the {name} basket to the best count")),
    (r"the (?P<name>\w+) basket to the {CARD}", N_("the {name} basket to the {card}")),
    (r"the (?P<name>\w+) basket to its holder", N_("the {name} basket to its holder")),
    (r"the (?P<name>\w+) basket to the {CARD}, shown at the deal", N_("the {name} basket to the {card}, shown at the deal")),
    (r"the only claimant", N_("the only claimant")),
    (r"the knocker, when another shows 31", N_("the knocker, when another shows 31")),
    (r"equal best: nobody takes it", N_("equal best: nobody takes it")),
    (r"the {CARD} shown at the deal", N_("the {card} shown at the deal")),
    (r"the {CARD} was not dealt", N_("the {card} was not dealt")),
    (r"no life left, option bus: none", N_("no life left, option bus: none")),
    (r"the knocker tied for the lowest total is safe, option knocker tie: safe",
     N_("the knocker tied for the lowest total is safe, option knocker tie: safe")),
    (r"the best", N_("the best")),
    (r"the best, the eldest of equals", N_("the best, the eldest of equals")),
    (r"the others dropped", N_("the others dropped")),
    (r"holds the {CARD}", N_("holds the {card}")),
    (r"nobody holds the {CARD}", N_("nobody holds the {card}")),
    (r"no tierce wins \(nobody has one\)", N_("no tierce wins (nobody has one)")),
    (r"no life left", N_("no life left")),
    (r"every player left would be out: the round is void and dealt again, no life lost",
     N_("every player left would be out: the round is void and dealt again, no life lost")),
    (r"a loss on the bus", N_("a loss on the bus")),
    (r"the lowest total", N_("the lowest total")),
    (r"tied for the lowest total", N_("tied for the lowest total")),
    (r"the knocker has the lowest total", N_("the knocker has the lowest total")),
    (r"the knocker tied for the lowest total, option knocker tie: (?P<opt>\w+)",
     N_("the knocker tied for the lowest total, option knocker tie: {opt}")),
    (r"the knocker tied for the lowest total", N_("the knocker tied for the lowest total")),
    (r"a 31 shown", N_("a 31 shown")),
    (r"a 31 dealt and shown, option dealt thirty one", N_("a 31 dealt and shown, option dealt thirty one")),
    (r"tie", N_("tie")), (r"no flux", N_("no flux")),
))
"""The rules a payment or a loss is made by, as the games write them (:mod:`academie.games`)."""

SOURCE_WORDS = ((", rule ", N_(", rule ")), (" (a modern rules sheet)", N_(" (a modern rules sheet)")),
                ("our reconstruction", N_("our reconstruction")), ("Later description", N_("Later description")),
                ("a reconstruction", N_("a reconstruction")), ("option all out: replay", N_("option all out: replay")),
                ("option thirty one after knock", N_("option thirty one after knock")), ("a later variant", N_("a later variant")))
"""The English words of a source's citation (the sources' own names stay as they are)."""

SMALL = ((" and ", N_(" and ")), ("none", N_("none")), (" cards)", N_(" cards)")), (" card)", N_(" card)")),
         (" in the pool (poule)", N_(" in the pool (poule)")), (" in bête ", N_(" in bête ")),
         ("belle to ", N_("belle to ")), ("flux to ", N_("flux to ")), ("belle stays", N_("belle stays")),
         ("flux stays", N_("flux stays")), ("(tie)", N_("(tie)")), ("(no flux)", N_("(no flux)")), ("(tie: ", N_("(tie: ")),
         ("with ", N_("with ")), ("at ", N_("at ")), (" more bêtes holding ", N_(" more bêtes holding ")),
         (" more bête holding ", N_(" more bête holding ")), (", and ", N_(", and ")))
"""Words inside a list (« Anne and Denis », « point (3 cards) », « 4 in bête 1 »), replaced in place."""

CELLS = (("tierce to the jack", N_("tierce to the jack")), ("tierce to the ace", N_("tierce to the ace")),
         ("tierce to the ", N_("tierce to the ")), ("(dropped)", N_("(dropped)")), ("(over)", N_("(over)")),
         ("out in deal ", N_("out in deal ")), ("on the bus", N_("on the bus")), ("start", N_("start")),
         (" lives", N_(" lives")), (" life", N_(" life")), ("out", N_("out")))
"""The words of a table's cells (« tierce to the jack (dropped) », « 2 lives »), replaced in place."""


def cell_phrase(text: str) -> Phrase | str:
    """A table's cell with its words (:data:`CELLS`) to translate."""
    return _words(text, CELLS)


_QUOTE = re.compile(r"«[^«»]*»")
_TOKEN = re.compile(r"⟦(\d+)⟧")
_CITE = re.compile(r"\((?:[^()]|\([^()]*\))*\)")


@functools.lru_cache(maxsize=None)
def _alternation(table: tuple[tuple[str, str], ...]) -> re.Pattern[str]:
    words = sorted((w for w, _ in table), key=len, reverse=True)
    return re.compile("|".join(("(?<!\\w)" if w[:1].isalpha() else "") + re.escape(w) for w in words))


def _words(text: str, table: tuple[tuple[str, str], ...]) -> Phrase | str:
    """A list's or a citation's ``text`` with the words of ``table`` in it as phrases to translate
    (a raw phrase: its text is no message id), or ``text`` itself when it holds none."""
    parts, params, k = [], [], 0
    pattern = _alternation(table)
    last = 0
    for m in pattern.finditer(text):
        parts.append(text[last:m.start()].replace("{", "{{").replace("}", "}}"))
        parts.append(f"{{w{k}}}")
        params.append((f"w{k}", Phrase(m[0])))
        k += 1
        last = m.end()
    if not params:
        return text
    parts.append(text[last:].replace("{", "{{").replace("}", "}}"))
    return Phrase("".join(parts), tuple(params), raw=True)


def cited(text: str) -> Phrase | str | None:
    """The sources cited in brackets after a rule (`` (Larousse, rule 5: ⟦0⟧)``), their English
    words (*rule*, *our reconstruction*) to translate; None if ``text`` is not only citations."""
    if _CITE.sub("", text).strip():
        return None
    return _words(text, SOURCE_WORDS)


def _read(table: tuple[tuple[re.Pattern[str], str | None], ...], text: str) -> Phrase | None:
    for pattern, message in table:
        m = pattern.match(text)
        if not m:
            continue
        params = []
        for key, value in m.groupdict().items():
            value = value if value is not None else ""
            if key == "why":
                sub = _read(REASONS, value)
            elif key == "pot":
                sub = _read(POTS, value)
            elif key == "cites":
                sub = cited(value)
            elif key == "src":
                sub = _words(value, SOURCE_WORDS)
            elif key in ("measure", "where", "opt"):
                sub = _read(WORDS, value)
            elif key == "throw":
                sub = _read(THROWS, value)
            elif key == "events":
                sub = _words(value, EVENTS)
            elif key == "lose":
                sub = _words(value, CELLS)
            elif key == "squares":
                sub = _words(value, SQUARES)
            elif key == "suit":
                sub = _read(SUITS, value)
            elif key in ("who", "other", "ann", "ups", "bf", "rest", "game", "at", "names"):
                sub = _words(value, SMALL)
            else:
                sub = value
            if sub is None:
                break
            params.append((key, sub))
        else:
            if message is None:  # a plural
                return Phrase(LOSES.text, tuple(params), LOSES.plural)
            return Phrase(message, tuple(params))
    return None


def told_phrase(line: str) -> Phrase | None:
    """The phrase a line of the log tells (its message id and parameters), or None; the French
    quotations « … » it holds are parameters, kept as they are."""
    quotes: list[str] = []

    def mask(m: re.Match[str]) -> str:
        quotes.append(m[0])
        return f"⟦{len(quotes) - 1}⟧"

    phrase = _read(TOLD, _QUOTE.sub(mask, line))
    if phrase is None or not quotes:
        return phrase
    return _unmask(phrase, quotes)


def _unmask(phrase: Phrase, quotes: list[str]) -> Phrase:
    back: Callable[[str], str] = lambda s: _TOKEN.sub(lambda m: quotes[int(m[1])], s)  # noqa: E731
    params = tuple((k, _unmask(v, quotes) if isinstance(v, Phrase) else back(v) if isinstance(v, str) else v)
                   for k, v in phrase.params)
    text = back(phrase.text) if phrase.raw else phrase.text
    return Phrase(text, params, phrase.plural, phrase.raw)
