"""A Reversis bot that follows the advice of the Encyclopédie's article.

Source: Diderot & d'Alembert, *Encyclopédie*, art. « Reversis » (``[001]``):
* «Il faut toujours fournir, si l'on peut, des cartes au-dessous de celle qu'on a jouée, puisque
  pour gagner le talon, il faut ne point faire de main» — play under the card that is winning.
* Get rid of the quinola and the aces on a renounce («Lorsque le valet de cœur… est jetté en
  renonce, celui qui s'en défait, gagne le jeu»; «Quand on jette un as en renonce… on gagne»),
  then the highest cards; keep the low ones.
* «Quand celui qui a dans son jeu une haute & une basse carte, fait la main, il doit prendre de sa
  haute… & jouer ensuite la basse pour mettre son compagnon en jeu» — when it must win a trick it
  wins with its highest card of the suit, and it leads its lowest card.
* In the écart it gives away its highest card that is not a heart.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from academie.games.reversis import ECART, PASS, PLAY, QUINOLA, ReversisView
from academie.games.reversis.rules import RANK


def _strength(card: int) -> int:
    return RANK[card]


class HeuristicReversis:
    """Heuristic player of Reversis (see the module docstring for the advice it follows)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: ReversisView, legal: Sequence[int]) -> int:
        if view.phase == "ecart":
            return self._ecart(legal)
        cards = [a - PLAY for a in legal]
        if not view.trick:
            return PLAY + self._lead(cards)
        led = view.trick[0][1] // 13
        following = [c for c in cards if c // 13 == led]
        if following:
            return PLAY + self._follow(view, following, led)
        return PLAY + self._renounce(cards)

    def _ecart(self, legal: Sequence[int]) -> int:
        cards = [a - ECART for a in legal if a != PASS]
        if not cards:
            return PASS
        best = max(cards, key=_strength)
        if PASS in legal and _strength(best) < 9:  # nothing above a jack: keep the hand
            return PASS
        return ECART + best

    @staticmethod
    def _lead(cards: list[int]) -> int:
        # Lead low; never lead the quinola (« ou qui le joue lui-même… fait la bête »).
        safe = [c for c in cards if c != QUINOLA] or cards
        return min(safe, key=lambda c: (_strength(c), c // 13 == 1))

    @staticmethod
    def _follow(view: ReversisView, cards: list[int], led: int) -> int:
        winning = max((c for _, c in view.trick if c // 13 == led), key=_strength)
        safe = [c for c in cards if c != QUINOLA] or cards
        under = [c for c in safe if _strength(c) < _strength(winning)]
        if under:
            return max(under, key=_strength)  # « fournir… des cartes au-dessous »
        return max(safe, key=_strength)  # the trick is ours anyway: take it with the highest

    @staticmethod
    def _renounce(cards: list[int]) -> int:
        if QUINOLA in cards:
            return QUINOLA
        aces = [c for c in cards if c % 13 == 12]
        if aces:
            return max(aces, key=lambda c: c // 13 == 1)  # the ace of hearts pays double
        return max(cards, key=_strength)
