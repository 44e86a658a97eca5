"""Match-level values of a deal's end: what a deal's outcome is worth for the match, for the
search bot's ``value=match`` (:class:`academie.bots.ismcts.ISMCTSBot`).

A search that counts each deal by itself values every life alike: its own first or last, the
leader's, or the last one of a player about to go out. The match is won by the last player left
in (« Le dernier en lice gagne », the rules sheet « Règles de Trente et un »), so what a life is
worth depends on how many each seat holds: from lives 2, 4 and 1, the leader's losing one raises
the first seat's chances ten times more than the third seat's going out. With ``value=match`` a
deal's end is valued by each seat's chance of winning the match from the lives then left
(:func:`win_chances`), in a model of the later deals that is our proposal, not the sheet's: in
every later deal one of the players still in, each as likely as the others, loses one life, and
a player on the bus (« dans le bus », the option ``bus``) holds one life more than his count. The
model knows nothing of the players' play; it measures how far each seat stands from the end.

In the games of counters (Reversis, the Guimbarde, Belle, Flux et Trente-un, the Guinguette) a
deal's counters are already its value for the match: what lies in a pot, a box or a bête at the
deal's end is won in a later deal by a seat the deal does not choose, equally likely each in
this model, and a share equal for every seat changes no seat's reward (a reward is a seat's gain
less the others' mean). There ``value=match`` is not offered.

>>> [round(p, 3) for p in win_chances([3, 3])]
[0.5, 0.5]
>>> [round(p, 3) for p in win_chances([1, 3])]
[0.125, 0.875]
>>> win_chances([2, 0, 0])
[1.0, 0.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

LIVES_GAMES = ("trente-et-un",)
"""The games whose match is won by lives, where ``value=match`` is offered."""


@lru_cache(maxsize=200_000)
def _chances(lives: tuple[int, ...]) -> tuple[float, ...]:
    """:func:`win_chances` for ``lives`` sorted from the most to the fewest."""
    alive = [k for k, n in enumerate(lives) if n > 0]
    if len(alive) <= 1:
        return tuple(1.0 if k in alive else 0.0 for k in range(len(lives)))
    out = [0.0] * len(lives)
    for j in alive:
        after = list(lives)
        after[j] -= 1
        order = sorted(range(len(after)), key=lambda k: -after[k])  # stable: equal counts keep their order
        chances = _chances(tuple(after[k] for k in order))
        for position, k in enumerate(order):
            out[k] += chances[position] / len(alive)
    return tuple(out)


def win_chances(lives: Sequence[int]) -> list[float]:
    """Each seat's chance of winning the match, in the model of the module's text, when the seats
    hold ``lives`` (lives left, a bus counted as one; 0: out). Shape: one probability per seat,
    summing to 1 (0 for everyone when nobody is left). Raises ValueError for a negative count."""
    if any(n < 0 for n in lives):
        raise ValueError(f"lives must be 0 or more, not {list(lives)}")
    if not any(lives):
        return [0.0] * len(lives)
    order = sorted(range(len(lives)), key=lambda k: -lives[k])
    chances = _chances(tuple(int(lives[k]) for k in order))
    out = [0.0] * len(lives)
    for position, k in enumerate(order):
        out[k] = chances[position]
    return out


def match_values(game_id: str, options: Any) -> Callable[[Sequence[float]], list[float]]:
    """The map from the search's standings (per seat: lives + 1 while not eliminated, see
    :func:`academie.bots.ismcts.standings`) to each seat's chance of winning the match, at
    ``game_id`` played with ``options``. Raises ValueError for a game not of lives
    (:data:`LIVES_GAMES`)."""
    if game_id not in LIVES_GAMES:
        raise ValueError(f"match values are for the games of lives ({', '.join(LIVES_GAMES)}), not {game_id}")
    bus = getattr(options, "bus", "none") != "none"

    def values(standing: Sequence[float]) -> list[float]:
        # with the bus, a standing is the lives left, the bus one of them; without it, one less
        lives = [int(s) if bus else max(int(s) - 1, 0) for s in standing]
        return win_chances(lives)

    return values
