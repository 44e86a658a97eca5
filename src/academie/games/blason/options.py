"""The agreements of the Jeu du Blason: the ambiguities of its source.

Source: Lacombe, *Dictionnaire des jeux mathématiques*, 1798, art. « Blason (jeu du) » (``[002]``);
tags ``L1``… name readings in our catalogue of the sources' ambiguities.
"""

import re
from typing import Literal

from pydantic import field_validator

from academie.core.options import GameOptions, Provenance, option

SPECIAL = (1, 6, 12, 19, 26, 30, 41, 49, 58)
"""Squares the source names (1 is where 58 sends back); a casque or couronne cannot stand on them."""


class BlasonOptions(GameOptions):
    """Options of the Jeu du Blason; each default is the reading played (its provenance says whose)."""

    dice: Literal["2d6", "d12"] = option(
        "2d6",
        doc="« deux dez communs ou un cochonnet »: two dice (2–12), or the cochonnet, a"
        " twelve-faced die numbered 1 to 12.",
        provenance=Provenance.SOURCE,
        ref="L2",
    )
    casque_squares: str = option(
        "9,18,27,36,45,54",
        doc="The squares of the casques and couronnes, separated by commas or spaces (not in the source: every"
        " ninth square as the Goose's geese; the 13-goose layout is"
        " 5,9,14,18,23,27,32,36,45,50,54,59).",
        provenance=Provenance.PROPOSAL,
        ref="L1",
        allowed="one or more squares from 2 to 62 but 6, 12, 19, 26, 30, 41, 49, 58",
    )
    price: int = option(
        1, ge=0, le=1000,
        doc="The « prix convenu » paid into the pot at each square that asks for it, in counters.",
        provenance=Provenance.SOURCE, ref="L8",
    )
    mois_romains: int = option(
        1, ge=0, le=1000,
        doc="The « mois romains » paid at square 41, in counters (the amount is not given).",
        provenance=Provenance.PROPOSAL, ref="L8",
    )
    entry: int = option(
        1, ge=0, le=1000,
        doc="Counters each player puts in the pot at the start (« dont on doit mettre un chacun à"
        " l'entrée du jeu »).",
        provenance=Provenance.SOURCE, ref="3(a)4",
    )
    counters: int = option(
        20, ge=0, le=100_000,
        doc="Counters each player brings (not in the source); a player who runs out owes the pot"
        " (his counters go below zero).",
        provenance=Provenance.PROPOSAL, ref="L8",
    )
    meeting_destination: Literal["mover_origin", "swap"] = option(
        "mover_origin",
        doc="A player met (« rencontré ») goes to the square the mover started his turn from"
        " (« ira prendre la place de son compagnon »); 'swap': to the square the mover landed on"
        " before a jump, when he jumped; the met player then stands there without its effect, even"
        " on a casque.",
        provenance=Provenance.LATER,
        ref="L4",
    )
    rest_reading: Literal["miss_two_turns", "others_throw_twice"] = option(
        "miss_two_turns",
        doc="19 and 49 (« pendant que les autres joueront deux fois », « jusqu'à ce que les autres"
        " joueurs aient joué chacun deux coups »): 'miss_two_turns' counts the turns he loses:"
        " his next two turns are passed over, so between his throw onto the square and his next"
        " one every other player throws three times (with two players, the other throws three"
        " times in a row); 'others_throw_twice' counts the others' throws: he misses one turn,"
        " so every other player throws exactly twice (with two players, twice in a row) before"
        " he throws again. The default because « se reposera … deux fois » says the resting"
        " player rests twice, and the two squares use one measure; 'others_throw_twice' is the"
        " closer reading of « aient joué chacun deux coups » taken alone.",
        provenance=Provenance.PROPOSAL,
        ref="L7",
    )
    displaced_keeps_wait: bool = option(
        False,
        doc="A player met while resting on 19 or 49 keeps his remaining wait (default: the move"
        " cancels it).",
        provenance=Provenance.PROPOSAL,
        ref="L5",
    )
    restart_square: Literal["square_1", "start"] = option(
        "square_1",
        doc="Square 58 sends back to square 1 (« recommencera au chiffre 1 »), or off the board"
        " to the start.",
        provenance=Provenance.SOURCE,
        ref="L9",
    )
    exact_finish: Literal["bounce", "stop"] = option(
        "bounce",
        doc="A throw past 63 moves back by the excess (« rétrogradera autant de points qu'il a de"
        " plus »); 'stop' lets any throw reaching 63 win (for children).",
        provenance=Provenance.SOURCE,
        ref="3(c)",
    )

    @field_validator("casque_squares")
    @classmethod
    def _check_casques(cls, text: str) -> str:
        try:
            squares = sorted({int(p) for p in re.split(r"[,\s]+", text.strip()) if p})
        except ValueError:
            raise ValueError("casque_squares must be square numbers separated by commas") from None
        if not squares:
            raise ValueError("casque_squares needs at least one square (« On ne pourra rester sur les casques »)")
        bad = [n for n in squares if not 1 <= n <= 62 or n in SPECIAL]
        if bad:
            raise ValueError(
                f"squares {bad} cannot hold a casque: use 1–62 except the named squares {list(SPECIAL)}"
            )
        return ",".join(str(n) for n in squares)

    @property
    def casques(self) -> tuple[int, ...]:
        """The casque and couronne squares as numbers."""
        return tuple(int(p) for p in self.casque_squares.split(",") if p)
