"""The board of the Jeu du Blason as data: square number → name → effect.

Source: ``[002]``, Lacombe, *Dictionnaire des jeux mathématiques*, 1798, art. « BLASON (jeu du)
Par M. de Fer, géographe ». The source names ten squares and the casques and
couronnes; no image of de Fer's board survives in the sources found, so the other squares carry
the name of the part of heraldry they teach, in the order the source's introduction gives
(« émaux & métaux, fourures, traits ou partitions… supports & autres ornemens… armes des
rois… ordres de chevalerie »): that section naming is a reconstruction, marked as such.
A ruleset swaps the table (for instance the casque squares, reading L1), not the code.

>>> board = make_board((9, 18, 27, 36, 45, 54))
>>> board[6].effect, board[6].target, board[30].name
('jump', 12, 'marques de la chancellerie')
>>> board[18].effect, board[18].target
('casque', 26)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

GOAL = 63
"""[002] «pareillement divisé en 63 cases»; «Qui arrivera à 63, qui est le terme du jeu, gagnera»."""
OFFICERS = 26
"""[002] «passera à 26 chez les officiers du souverain»."""


@dataclass(frozen=True)
class Square:
    """One square: its number, name, effect and the source of both.

    ``effect``: ``none``, ``jump`` (pay, go to ``target``), ``rest`` (pay, miss ``turns``
    turns), ``well`` (wait until another player arrives), ``pay_mois_romains``, ``indies`` (pay,
    miss ``turns`` turns), ``restart`` (pay, go back to ``target``), ``casque`` (pay, go forward
    or back to ``target``), ``goal``. ``reconstructed``: the name is not in the source.
    """

    number: int
    name: str
    effect: str = "none"
    target: int | None = None
    turns: int = 0
    source: str = ""
    reconstructed: bool = False


# Sections of the board by the order of the source's introduction (reconstruction).
_SECTIONS: tuple[tuple[int, int, str], ...] = (
    (1, 5, "émaux, métaux et fourrures"),
    (6, 18, "partitions et pièces"),
    (19, 25, "formes d'écus"),
    (26, 40, "ornements et marques extérieures"),
    (41, 57, "armes des souverains et républiques"),
    (58, 62, "ordres de chevalerie"),
)

_NAMED: dict[int, Square] = {
    6: Square(6, "armes partagées", "jump", 12,
              source="[002] «Celui qui fera six… payera le prix convenu, & passera au chiffre 12»"),
    12: Square(12, "gironné", source="[002] «au chiffre 12 où il y a un gironné»"),
    19: Square(19, "écus à l'antique", "rest", turns=2,
               source="[002] «se reposera, pendant que les autres joueront deux fois, & payera»"),
    26: Square(26, "officiers du souverain", source="[002] «passera à 26 chez les officiers du souverain»"),
    30: Square(30, "marques de la chancellerie", "well",
               source="[002] «y demeurera jusqu'à ce que quelqu'un des joueurs arrive au même chiffre»"),
    41: Square(41, "armes de l'Empereur", "pay_mois_romains",
               source="[002] «Qui arrivera à 41, aux armes de l'empereur, payera les mois romains»"),
    49: Square(49, "armes du roi d'Espagne", "indies", turns=2,
               source="[002] «payera… pour avoir permission de passer aux Indes, où il demeurera»"),
    58: Square(58, "Templiers et Croissant", "restart", 1,
               source="[002] «payera le prix convenu, & recommencera au chiffre 1, lesdits ordres étant abolis»"),
    63: Square(63, "terme du jeu", "goal", source="[002] «Qui arrivera à 63… gagnera la partie»"),
}


def make_board(casques: Iterable[int], restart_to: int = 1) -> dict[int, Square]:
    """The 63 squares, with casques and couronnes on ``casques`` (alternately, a
    reconstruction) sending to 26, and square 58 sending back to ``restart_to``."""
    board: dict[int, Square] = {}
    for low, high, section in _SECTIONS:
        for n in range(low, high + 1):
            board[n] = Square(n, section, reconstructed=True)
    board.update(_NAMED)
    board[58] = Square(58, board[58].name, "restart", restart_to, source=board[58].source)
    for i, n in enumerate(sorted(casques)):
        board[n] = Square(
            n, "casque" if i % 2 == 0 else "couronne", "casque", OFFICERS,
            source="[002] «On ne pourra rester sur les casques ni sur les couronnes… passera ou"
            " rétrogradera au nombre 26»",
            reconstructed=True,
        )
    return board
