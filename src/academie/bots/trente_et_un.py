"""A Trente et un bot that follows the play advice of the rules sheet.

Source: « Règles de Trente et un » (``[003]``), « Bien jouer »:
* «Choisissez tôt une couleur, en général celle où vous avez déjà un as ou deux figures, et
  laissez partir les autres cartes.» — the bot picks a target suit and keeps it.
* «Surveillez la défausse : un joueur qui ramasse un pique collectionne les piques, et garder les
  gros piques loin de lui ne vous coûte rien.» — it tracks the suits others take from the pile and
  does not discard high cards of those suits when another discard is as good.
* «Frapper sur un total moyen pour couper l'élan d'un autre vaut souvent mieux que d'attendre une
  carte qui ne viendra pas.» — it knocks on a medium total when another player is collecting, and
  its knocking threshold falls as the round goes on.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from academie.bots.spec import Param
from academie.games.trente_et_un import DISCARD, KNOCK, PILE, STOCK, TrenteEtUnView
from academie.games.trente_et_un.rules import POINTS, best_three, hand_value, suit_totals

KNOCK_BY = 20
"""The default ``knock_by`` of the bots (rounds): from then on they knock on any total."""


def rounds_over(view: TrenteEtUnView) -> float:
    """Rounds of the deal over: turns taken over the players still in."""
    players = view.num_players - sum(view.eliminated)
    return view.turns_taken / max(players, 1)


def knock_due(view: TrenteEtUnView, legal: Sequence[int], knock_by: int) -> bool:
    """True when ``knock_by`` rounds of the deal are over and a knock is legal: a bot then knocks on
    any total, so that a deal between bots always ends, since the sheet ends a round only on a
    knock or a 31 (« Au lieu de piocher, vous pouvez frapper »; the bound is our proposal)."""
    return KNOCK in legal and rounds_over(view) >= knock_by


class HeuristicTrenteEtUn:
    """Heuristic player of Trente et un (see the module docstring for the advice it follows).

    Parameters (points; a bot spec such as ``heuristic:knock_floor=32:cut_at=32``):
    ``knock_at`` the total it knocks on at the start of a round (the threshold then falls by 1.5
    a round), ``knock_floor`` the lowest total it ever knocks on, ``cut_at`` the medium total it
    knocks on to cut a collector's run. A hand is worth 31 at most, so 32 means never: with
    ``knock_floor`` and ``cut_at`` at 32 the bot does not knock in a deal's first ``knock_by`` rounds and
    waits for the others' knocks or a 31 (our proposal, not the sheet's advice). The defaults
    follow the sheet's advice; against three bots that follow it, that patient bot wins more
    matches (README, « Strength »). ``knock_by`` (rounds, default 20): once that many rounds of the
    deal are over (turns taken over the players still in), the bot knocks on any total, so that a deal between bots always ends — two patient bots
    left alone, each keeping the cards the other needs for 31, would otherwise draw and throw
    forever, since the sheet ends a round only on a knock or a 31 (our proposal; deals between
    bots that follow the sheet end long before).
    """

    name = "heuristic"
    PARAMS = {
        "knock_at": Param("float", 27, "the total it knocks on at the start of a round, in points (32: never)",
                          low=0, high=32),
        "knock_floor": Param("float", 21, "the lowest total it ever knocks on, in points (32: never)", low=0, high=32),
        "cut_at": Param("float", 22, "the total it knocks on to cut a collector's run, in points (32: never)",
                        low=0, high=32),
        "knock_by": Param("int", KNOCK_BY, "the rounds of a deal after which it knocks on any total", low=1,
                          high=1000),
    }

    def __init__(
        self, seed: int | None = None, knock_at: float = 27, knock_floor: float = 21, cut_at: float = 22,
        knock_by: int = KNOCK_BY,
    ) -> None:
        self.rng = random.Random(seed)
        self.knock_at, self.knock_floor, self.cut_at, self.knock_by = knock_at, knock_floor, cut_at, knock_by

    # --- helpers ---------------------------------------------------------------------------
    @staticmethod
    def target_suit(cards: Sequence[int]) -> int:
        """The suit to collect: most points, an ace or two figures counting extra."""

        points, aces, figures = [0.0] * 4, [0] * 4, [0] * 4  # per suit, the cards taken in order
        for c in cards:
            suit, rank = divmod(c, 13)
            points[suit] += POINTS[c]
            aces[suit] += rank == 12
            figures[suit] += rank >= 8
        scores = [points[s] + 2 * aces[s] + (2 if figures[s] >= 2 else 0) for s in range(4)]
        return max(range(4), key=scores.__getitem__)

    @staticmethod
    def collected_suits(view: TrenteEtUnView) -> dict[int, float]:
        """Suit → points others are seen to collect (cards they took from the pile)."""
        seen: dict[int, float] = {}
        for seat, cards in enumerate(view.known):
            if seat == view.seat or view.eliminated[seat]:
                continue
            for c in cards:
                seen[c // 13] = seen.get(c // 13, 0) + POINTS[c]
        return seen

    def _threshold(self, view: TrenteEtUnView) -> float:
        return max(self.knock_floor, self.knock_at - 1.5 * rounds_over(view))

    # --- decisions ---------------------------------------------------------------------------
    def choose(self, view: TrenteEtUnView, legal: Sequence[int]) -> int:
        if view.phase == "discard":
            return self._discard(view, legal)
        hand, brelan = view.hand, view.brelan
        value = hand_value(hand, brelan)
        if KNOCK in legal:
            collector = max(self.collected_suits(view).values(), default=0)
            if value >= self._threshold(view) or (collector >= 18 and value >= self.cut_at):
                return KNOCK
            if knock_due(view, legal, self.knock_by):  # a deal between bots ends (our proposal)
                return KNOCK
        up = view.up_card
        if PILE in legal and up is not None:
            with_up, discard = best_three((*hand, up), brelan)
            target = self.target_suit(hand)
            if discard != up and (with_up > value + 1 or (up // 13 == target and with_up > value)):
                # Take the card only to keep it: when the discard that would follow (the same
                # scores, the collectors' suits counted) is that card itself, the turn would
                # change nothing, and two bots doing so would pass one card to and fro forever.
                scores = self._scores((*hand, up), brelan, self.collected_suits(view), (*hand, up))
                if any(scores[c] > scores[up] for c in hand):
                    return PILE
        return STOCK if STOCK in legal else PILE

    def probabilities(self, view: TrenteEtUnView, legal: Sequence[int]) -> dict[int, float]:
        """The chance of each action :meth:`choose` may return for ``view``: 1 for the one it
        takes, or equal shares among the discards its scores tie (its random tie-break)."""
        if view.phase != "discard":
            return {self.choose(view, legal): 1.0}
        scores = self._discard_scores(view, legal)
        top = max(scores.values())
        best = [a for a, v in scores.items() if v >= top - 1e-9]
        return {a: 1.0 / len(best) for a in best}

    def _discard_scores(self, view: TrenteEtUnView, legal: Sequence[int]) -> dict[int, float]:
        scores = self._scores(view.hand, view.brelan, self.collected_suits(view), [a - DISCARD for a in legal])
        return {a: scores[a - DISCARD] for a in legal}

    def _scores(self, hand: Sequence[int], brelan: float | None, collected: dict[int, float],
                cards: Sequence[int]) -> dict[int, float]:
        """Card of ``cards`` → how good discarding it from ``hand`` is: the points kept, a
        little for the target suit, less for a card of a suit another seat collects."""
        target = self.target_suit(hand)

        def score(card: int) -> float:
            rest = [c for c in hand if c != card]
            totals = suit_totals(rest)
            kept = hand_value(rest, brelan)
            # Keep the chosen suit's cards; feed no collector.
            penalty = 0.4 * POINTS[card] if card // 13 in collected else 0.0
            return kept + 0.05 * totals[target] - penalty

        return {c: score(c) for c in cards}

    def _discard(self, view: TrenteEtUnView, legal: Sequence[int]) -> int:
        scores = self._discard_scores(view, legal)
        return max(legal, key=lambda a: scores[a] + 0.001 * self.rng.random())
