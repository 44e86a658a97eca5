"""The agreements of the Guimbarde: the ambiguities of its source.

Source: Larousse, *Grand dictionnaire universel*, Supplément, art. « Guimbarde » (``[004]``); tags
``G1``… name readings in our catalogue of the sources' ambiguities.
"""

from typing import Literal

from academie.core.options import GameOptions, Provenance, option


class GuimbardeOptions(GameOptions):
    """Options of the Guimbarde; each default is the reading played (its provenance says whose).
    Amounts in counters."""

    follow_rules: Literal["triomphe", "parlett_free"] = option(
        "triomphe", doc="« le jeu se continue comme à la triomphe »: follow suit, head the trick if"
        " able, trump when void (overtrumping if able); or only follow suit (Parlett).",
        provenance=Provenance.SOURCE, ref="G1")
    overtrump: bool = option(
        True, doc="With ``follow_rules`` ``triomphe``: a player void in the suit led, on a trick"
        " already trumped, must overtrump when he can (« forcer » on a trump, rule 9), else play"
        " any card; false: he must still trump when he can (« couper »), with any trump.",
        provenance=Provenance.PROPOSAL, ref="G1")
    honours_keep_suit_in_play: bool = option(
        False, doc="In trick play the guimbarde, the roi and the fou are trumps only; true: they also"
        " count as a heart or a diamond for following suit.", provenance=Provenance.PROPOSAL, ref="G3")
    point_tiebreak: Literal["eldest", "value"] = option(
        "eldest", doc="Equal points (cards of one suit): « celui qui a la main gagne le point »; or"
        " the higher count of card values first (piquet style).", provenance=Provenance.SOURCE, ref="G4")
    trick_box: Literal["most_tricks", "first_to_two"] = option(
        "most_tricks", doc="The trick contest: most tricks, at least two (« celui qui lèvera le plus"
        " de mains »), a tie going to the first to reach that number; or the first to win two"
        " (Parlett).", provenance=Provenance.SOURCE, ref="G5")
    rule3_card: Literal["fou", "king_of_diamonds"] = option(
        "fou", doc="Rule 3 « ni avec le roi de carreau »: read as the fou (J♦, a copying slip for the"
        " third permanent trump), or literally the K♦.", provenance=Provenance.PROPOSAL, ref="G8")
    discard_marriages: bool = option(
        True, doc="A king and its queen thrown one on the other as discards (neither of the suit"
        " led nor trumps) make a marriage in play, and the next player must complete it (rule 6"
        " asks only that they « tombent immédiatement l'un sur l'autre »); false: only a king"
        " led, following suit or trumping does.", provenance=Provenance.SOURCE, ref="G13")
    rule7_grand_mariage: bool = option(
        False, doc="Rule 7 (« est obligé de la mettre pour faire le mariage ») binds only the"
        " queens of ♦ ♣ ♠, the marriages in play the source lists (« un roi de carreau, de trèfle"
        " ou de pique »): the grand mariage on the table is the K♥ taken by the guimbarde, at"
        " once or not (rule 4); true: the next player holding the Q♥ must also play it on the"
        " K♥ (this matters only with ``parlett_free`` or without ``overtrump``: otherwise heading"
        " the trick forces the Q♥ anyway).", provenance=Provenance.PROPOSAL, ref="G13")
    hand_marriages: Literal["end_of_deal", "announcement"] = option(
        "end_of_deal", doc="Marriages held in hand (the grand mariage, 2 from each player; another,"
        " 1 from each) are shown before the first lead and paid at the end of the deal, with the"
        " fou (« en jouant les cartes »); or paid at once when shown. The fou is always paid at"
        " the end (rule 5 may cancel it).", provenance=Provenance.PROPOSAL, ref="G10")
    grand_mariage_table_payers: Literal["all", "king_player"] = option(
        "all", doc="The grand mariage made on the table (K♥ taken by the guimbarde): one counter from"
        " each other player, or from the K♥'s player only.", provenance=Provenance.PROPOSAL, ref="G12")
    deals: int = option(8, ge=1, le=10_000, doc="Deals in the match (not in the source).",
                        provenance=Provenance.PROPOSAL, ref="G6")
    counters: int = option(50, ge=5, le=1_000_000, doc="Counters each player brings (not in the source;"
                           " they may go below zero: a debt).", provenance=Provenance.PROPOSAL, ref="G6")
