"""A Guimbarde bot after the source and Parlett: play to make two tricks or more.

Source: Larousse supplement, art. « Guimbarde » (``[004]``): «chacun pour soi, en tâchant, autant que possible, de faire
deux mains ou davantage»; the marriages pay the one who wins them (règles 1, 2). The bot keeps the
guimbarde and the roi to win the tricks and marriages they can take (it plays them only to win a
trick with a marriage or the last tricks), leads trumps when it holds three or more, completes a
marriage whenever rule 7 lets it (the engine obliges it anyway), takes a fou played by another with
the roi or the guimbarde (règle 5) and keeps its own fou back while they are unseen, and otherwise
wins a trick as cheaply as it can or throws its lowest card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from academie.games.guimbarde import FOU, GUIMBARDE, PLAY, ROI, GuimbardeView
from academie.games.guimbarde.rules import is_trump, strength, trick_winner


class HeuristicGuimbarde:
    """Heuristic player of the Guimbarde (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, lead_trumps_with: int = 3, keep_honours: bool = True) -> None:
        self.rng = random.Random(seed)
        self.lead_trumps_with = lead_trumps_with
        self.keep_honours = keep_honours

    def choose(self, view: GuimbardeView, legal: Sequence[int]) -> int:
        cards = [a - PLAY for a in legal]
        if len(cards) == 1:
            return legal[0]
        trump = view.trump
        # Rule 5: a fou taken by the roi or the guimbarde pays its taker: take it when we can.
        if any(c == FOU for _, c in view.trick):
            takers = [c for c in cards if c in (GUIMBARDE, ROI)]
            if takers:
                return PLAY + takers[0]
        # Keep the fou out of reach of the roi and the guimbarde still unseen.
        seen = {c for k, _, c in view.log if k == "play"} | set(view.hand)
        if FOU in cards and not {GUIMBARDE, ROI} <= seen:
            cards = [c for c in cards if c != FOU] or cards
            legal = [PLAY + c for c in cards]
        if not view.trick:
            trumps = [c for c in cards if is_trump(c, trump)]
            if len(trumps) >= self.lead_trumps_with:  # strong in trumps: lead them
                return PLAY + max(trumps, key=lambda c: strength(c, trump))
            plain = [c for c in cards if not is_trump(c, trump)] or cards
            return PLAY + max(plain, key=lambda c: strength(c, trump))
        winning = trick_winner(view.trick, trump)
        best = next(c for s, c in view.trick if s == winning)
        beaters = [c for c in cards if self._wins(view, c, best)]
        late = view.trick_number >= 3
        keep = {GUIMBARDE, ROI} if self.keep_honours and not late else set()
        cheap = [c for c in beaters if c not in keep] or (beaters if late or self._marriage(view) else [])
        if cheap:
            return PLAY + min(cheap, key=lambda c: strength(c, trump))
        return PLAY + min(cards, key=lambda c: (c in (GUIMBARDE, ROI), strength(c, trump)))

    @staticmethod
    def _wins(view: GuimbardeView, card: int, best: int) -> bool:
        trump = view.trump
        led = view.trick[0][1]
        if is_trump(card, trump):
            return not is_trump(best, trump) or strength(card, trump) > strength(best, trump)
        return (not is_trump(best, trump) and card // 13 == led // 13 and not is_trump(led, trump)
                and strength(card, trump) > strength(best, trump))

    @staticmethod
    def _marriage(view: GuimbardeView) -> bool:
        cards = [c for _, c in view.trick]
        return any(k % 13 == 11 and q == k - 1 for k, q in zip(cards, cards[1:]))
