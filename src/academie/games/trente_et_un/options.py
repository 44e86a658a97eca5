"""The agreements of Trente et un: every ambiguity of the rules sheet and both house rules.

Source: « Règles de Trente et un », a modern rules sheet (``[003]``); tags ``T1``… name readings
in our catalogue of the sources' ambiguities.
"""

from __future__ import annotations

from typing import Literal

from academie.core.options import GameOptions, Provenance, option


class TrenteEtUnOptions(GameOptions):
    """Options of Trente et un; each default is the reading played (its provenance says whose)."""

    lives: int = option(
        3,
        ge=1,
        le=9,
        doc="Lives each player starts with, before the bus (« trois vies chacun »; 4 elsewhere).",
        provenance=Provenance.SOURCE,
        ref="T11",
    )
    bus: Literal["until_next_loss", "none"] = option(
        "until_next_loss",
        doc="With no life left a player is on the bus (« dans le bus »): he plays on and the next"
        " life he loses eliminates him (lives lost two at once are taken one by one); 'none'"
        " eliminates him as soon as his last life is gone.",
        provenance=Provenance.LATER,
        ref="T5",
    )
    brelan: Literal["off", "30.5", "30"] = option(
        "off",
        doc="House rule: three of a kind (brelan) is worth 30½ (« un brelan pour 30½ »), or 30"
        " (a later variant); 'off' counts it by its best suit only.",
        provenance=Provenance.SOURCE,
        ref="T9",
    )
    no_knock_first_round: bool = option(
        False,
        doc="House rule: nobody may knock (frapper) until every player has had one turn"
        " (« interdisent de frapper au tout premier tour »).",
        provenance=Provenance.SOURCE,
        ref="T10",
    )
    knocker_tie: Literal["lose2", "safe", "lose1"] = option(
        "lose2",
        doc="A knocker tied for the lowest total loses two lives (our reading of the sheet:"
        " « en perd deux » prevails over « chacun d'eux perd une vie », because it is the rule"
        " about the knocker, and a knock that only ties the lowest total should not cost less than"
        " one that is lowest alone), is safe (knocker wins ties, later write-ups), or loses one"
        " like the others ('lose1': the tie sentence read as the more specific rule, since it names"
        " the tie).",
        provenance=Provenance.PROPOSAL,
        ref="T1",
    )
    thirty_one_after_knock: Literal["others_lose_1", "knocker_loses_2"] = option(
        "others_lose_1",
        doc="A 31 shown after a knock: every other player loses one life, the knocker included"
        " (the sheet's rule « tous les autres perdent une vie »); or the knocker loses two and the"
        " others one (a later variant).",
        provenance=Provenance.SOURCE,
        ref="T2",
    )
    thirty_one_check: Literal["after_discard", "on_draw"] = option(
        "after_discard",
        doc="When a 31 is shown: once the hand is back to three cards, after the discard"
        " (« Vous avez toujours exactement trois cartes »); or as soon as a draw gives three"
        " cards of 31 among four, the fourth being discarded at once.",
        provenance=Provenance.PROPOSAL,
        ref="T4",
    )
    dealt_thirty_one: Literal["first_shows", "all_safe"] = option(
        "first_shows",
        doc="Several players dealt 31: the first in turn order shows and all others lose one"
        " life, a second holder included; or every holder of 31 is safe.",
        provenance=Provenance.PROPOSAL,
        ref="T3",
    )
    all_out: Literal["replay", "eliminate"] = option(
        "replay",
        doc="A round that would eliminate every remaining player: it is void and replayed with"
        " lives unchanged; or they are all out and the match has no winner.",
        provenance=Provenance.PROPOSAL,
        ref="T6",
    )
    stock_exhausted: Literal["reshuffle", "end_round"] = option(
        "reshuffle",
        doc="When the stock (talon) is empty: the discard pile but its top card is shuffled into"
        " a new stock; or the round ends and hands are compared.",
        provenance=Provenance.LATER,
        ref="T7",
    )
    forbid_same_discard: bool = option(
        False,
        doc="Discarding the card just taken from the discard pile is allowed (the sheet does not"
        " forbid it: « Piochez… puis défaussez-en une »); true: it is forbidden, as in many later"
        " write-ups.",
        provenance=Provenance.SOURCE,
        ref="T8",
    )
    direction: Literal["clockwise", "counterclockwise"] = option(
        "clockwise",
        doc="Direction of play and of the deal (« la donne passe à gauche »: clockwise).",
        provenance=Provenance.SOURCE,
        ref="4(a)1",
    )
