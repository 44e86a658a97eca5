"""The agreements of the Guimbarde: ambiguities G1–G15 of REFERENCE.md §5.

Source: ``004_170a2d5c0ce8e850.txt`` (first part, « Figures des boites »); tags ``G1``… refer to
``shared/rules/REFERENCE.md`` §5(b).
"""

from typing import Literal

from academie.core.options import GameOptions, Provenance, option


class GuimbardeOptions(GameOptions):
    """Options of the Guimbarde, with the defaults REFERENCE.md gives. Amounts in counters."""

    follow_rules: Literal["triomphe", "parlett_free"] = option(
        "triomphe", doc="« le jeu se continue comme à la triomphe »: follow suit, head the trick if"
        " able, trump when void (overtrumping if able); or only follow suit (Parlett).",
        provenance=Provenance.SOURCE, ref="G1")
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
    grand_mariage_table_payers: Literal["all", "king_player"] = option(
        "all", doc="The grand mariage made on the table (K♥ taken by the guimbarde): one counter from"
        " each other player, or from the K♥'s player only.", provenance=Provenance.PROPOSAL, ref="G12")
    deals: int = option(8, ge=1, le=10_000, doc="Deals in the match (not in the source).",
                        provenance=Provenance.PROPOSAL, ref="G6")
    counters: int = option(50, ge=5, le=1_000_000, doc="Counters each player brings (not in the source;"
                           " they may go below zero: a debt).", provenance=Provenance.PROPOSAL, ref="G6")
