"""The move of one token at the Jeu du Blason, as a pure function of the board and the throw.

Source: Lacombe, *Dictionnaire des jeux mathématiques*, 1798, art. « Blason (jeu du) » (``[002]``
in :mod:`academie.sources`). Meetings and the wait on 30 involve the other players and stay in the
state (:mod:`academie.games.blason.state`); everything a lone token does is here, so that the state
and the analysis (:mod:`academie.analysis.exact.blason`) play the same rule.

>>> from academie.games.blason.board import make_board
>>> board = make_board((9, 18, 27, 36, 45, 54))
>>> token_move(board, 0, 9, first=True, price=1).dest          # « du premier coup neuf »: to 26
26
>>> step = token_move(board, 0, 6, first=True, price=1)        # 6: pays and goes to 12
>>> step.landed, step.dest, step.payment[0]
(6, 12, 1)
>>> token_move(board, 60, 7, first=False, price=1).landed      # past 63: back by the excess
59
>>> token_move(board, 60, 7, first=False, price=1, exact_finish="stop").dest
63
>>> token_move(board, 17, 2, first=False, price=1).rest        # 19: two turns passed over
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from academie.games.blason.board import GOAL, OFFICERS, Square

FIRST_NINE = 9
"""[002] «celui qui amènera du premier coup neuf… passera à 26» (L3: any nine, whatever the dice)."""


@dataclass(frozen=True)
class TokenMove:
    """What one throw does to a lone token.

    ``landed``: the square the throw reaches (9 for a first nine, after the bounce past 63);
    ``dest``: where the token ends, after the square's effect; ``effect``: ``first_nine`` or the
    landed square's effect (``none``, ``jump``, ``rest``…); ``payment``: (counters, ledger reason)
    paid into the pot, or None; ``rest``: turns the player will miss (19, 49); ``events``: what
    happened, in words.
    """

    landed: int
    dest: int
    effect: str
    payment: tuple[int, str] | None
    rest: int
    events: tuple[str, ...]


def turns_missed(square: Square, rest_reading: str = "miss_two_turns") -> int:
    """The turns a player stopping on ``square`` misses (19 and 49; 0 elsewhere): its two
    turns passed over, or one under ``rest_reading='others_throw_twice'`` (L7)."""
    if square.effect not in ("rest", "indies"):
        return 0
    return square.turns if rest_reading == "miss_two_turns" else square.turns - 1


def token_move(
    board: Mapping[int, Square],
    origin: int,
    total: int,
    first: bool,
    price: int,
    mois_romains: int = 1,
    exact_finish: str = "bounce",
    rest_reading: str = "miss_two_turns",
) -> TokenMove:
    """The move of a token from ``origin`` (0: off the board) by a throw of ``total``.

    ``first``: the player's very first throw (L11); ``price``, ``mois_romains``: counters (L8);
    ``exact_finish`` and ``rest_reading``: the options of the same names (3(c), L7).
    """
    if first and total == FIRST_NINE:
        # [002] «celui qui amènera du premier coup neuf, mettra au jeu le prix convenu, & passera
        # à 26 chez les officiers du souverain» (L3: any nine)
        return TokenMove(FIRST_NINE, OFFICERS, "first_nine",
                         (price, "first throw of nine [002] «du premier coup neuf»"), 0,
                         ("first throw of nine: to 26",))
    events: list[str] = []
    landed = origin + total
    if landed > GOAL:
        # [002] «rétrogradera autant de points qu'il a de plus» (option exact_finish)
        landed = GOAL - (landed - GOAL) if exact_finish == "bounce" else GOAL
        events.append(f"past 63: back to {landed}" if exact_finish == "bounce" else "past 63: it counts as 63")
    square = board[landed]
    dest, payment, rest = landed, None, 0
    if square.effect in ("jump", "casque", "restart"):
        # 6 → 12; casques and couronnes → 26 (« passera ou rétrogradera »); 58 → 1.
        payment = (price, f"square {landed}, {square.name} {square.source}")
        events.append(f"{square.name}: pays and goes to {square.target}")
        dest = square.target  # type: ignore[assignment]
    elif square.effect in ("rest", "indies"):
        # 19: «pendant que les autres joueront deux fois»; 49: «jusqu'à ce que les autres joueurs
        # aient joué chacun deux coups» — both the same wait (L7): two turns passed over (the
        # others throw three times), or one (the others throw twice).
        payment = (price, f"square {landed}, {square.name} {square.source}")
        rest = turns_missed(square, rest_reading)
        events.append(f"{square.name}: pays and misses {rest} turn{'s' if rest > 1 else ''}")
    elif square.effect == "pay_mois_romains":
        payment = (mois_romains, f"square 41, mois romains {square.source}")
        events.append("pays the mois romains")
    return TokenMove(landed, dest, square.effect, payment, rest, tuple(events))
