"""A Guinguette bot: keep the guinguette, stir for a low tierce, raise the cabaret only with one.

The Guinguette is a reconstruction (:mod:`academie.games.guinguette`); this bot plays the rules as
we rebuilt them. It never gives up the Q♦ (its holder takes the guinguette basket). It stays with a
tierce; otherwise it stirs the cotillon (« je remue le cotillon », two counters) when its hand holds
two cards of a suit one or two ranks apart below the queen (a tierce to draw), giving up the card
that helps least, or when its count is low; it stirs again (the renvi) only for such a draw. It
raises the cabaret by a pinte with a tierce to the jack, a chopine to the ten or nine, a
demi-septier with a lower one (over another's raise, only with a tierce to the ten or the jack);
it holds a raise with a tierce and drops without one. At a raise
of the cotillon (``renvi_cotillon`` 'raise') it raises with a count of 30 or more and holds
with 24 or more.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from academie.games.guinguette import (
    CHOPINE, DEMI_SEPTIER, DROP, GUINGUETTE, HOLD, PASS, PINTE, RENVI, STAY, STIR, GuinguetteView,
)
from academie.games.guinguette.rules import ORDER, POINTS, count, tierce


class HeuristicGuinguette:
    """Heuristic player of the Guinguette (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: GuinguetteView, legal: Sequence[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        hand = list(view.hand)
        if STAY in legal:
            return self._stir(view, hand, legal)
        top = tierce(hand, view.pack_size, *view.tierce_rule)
        if RENVI in legal or (HOLD in legal and view.phase == "cotillon"):
            points = count(hand)
            if RENVI in legal and points >= 30:
                return RENVI
            if HOLD in legal:
                return HOLD if points >= 24 else DROP
            return PASS
        if top:
            if view.raised and view.seat in view.raised:
                return HOLD if HOLD in legal else PASS
            want = PINTE if top >= 11 else CHOPINE if top >= 9 else DEMI_SEPTIER
            if want in legal and (HOLD not in legal or top >= 10):  # re-raise only a strong tierce
                return want
            return HOLD if HOLD in legal else PASS
        if HOLD in legal:
            return DROP
        return PASS

    @staticmethod
    def _helps(card: int, hand: Sequence[int], suited: bool) -> int:
        """How much ``card`` helps toward a tierce: the cards near it below the queen (of its
        suit, when a tierce must be of one suit)."""
        if card == GUINGUETTE:
            return 100
        rank = ORDER[card]
        if rank >= 12:
            return 0
        return sum(1 for c in hand if c != card and (not suited or c // 13 == card // 13) and ORDER[c] < 12
                   and 0 < abs(ORDER[c] - rank) <= 2)

    def _stir(self, view: GuinguetteView, hand: list[int], legal: Sequence[int]) -> int:
        if tierce(hand, view.pack_size, *view.tierce_rule):
            return STAY
        helps = {c: self._helps(c, hand, view.tierce_rule[1]) for c in hand}
        draw = any(h >= 1 for c, h in helps.items() if c != GUINGUETTE)
        again = view.phase == "renvi"
        if not draw and (again or count(hand) >= 24):
            return STAY
        cards = [a - STIR for a in legal if a >= STIR and a - STIR != GUINGUETTE]
        if not cards:
            return STAY
        worst = min(cards, key=lambda c: (helps[c], POINTS[c], c))
        return STIR + worst
