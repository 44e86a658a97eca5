"""A Belle, Flux et Trente-un bot that stands where its chance of the trente-un basket is best.

The belle and the flux are pure chance; the only decision is at the trente-un: ask for a card
(« il demande qu'on ajoute une carte ») or stand (« il déclare qu'il s'y tient »). The source
says players usually stand on 28, 29 or 30 « dans la crainte d'outre-passer 31 »; this bot
instead estimates, from what its view shows (its own cards, every up card, the cards shown, who
has stood), the probability of winning the basket if it stands now and if it asks once more,
by sampling the cards it cannot see, and picks the better.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from academie.bots.spec import Param
from academie.cards import pack
from academie.games.belle_flux import ASK, STAND, BelleFluxView
from academie.games.belle_flux.rules import POINTS, THIRTY_ONE

ZERO = 52
"""Stands for a card that could not be drawn (the stock ran out): worth no point."""
POINTS_OR_ZERO = (*POINTS, 0.0)

NO_RISK = THIRTY_ONE - 11
"""At 20 or less no card can take a hand over 31 (the ace is worth 11): always ask."""


class HeuristicBelleFlux:
    """Samples ``samples`` deals of the unseen cards per decision; opponents who have not stood
    are modelled as asking until they reach ``opponent_stands_at`` points."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, samples: int = 40, opponent_stands_at: int = 27) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.opponent_stands_at = opponent_stands_at

    def choose(self, view: BelleFluxView, legal: Sequence[int]) -> int:
        if ASK not in legal:
            return STAND
        point = view.point or 0
        if point <= NO_RISK:
            return ASK
        stand, ask = self.win_chances(view)
        return ASK if ask > stand else STAND

    def win_chances(self, view: BelleFluxView) -> tuple[float, float]:
        """(P(win | stand now), P(win | ask one card then stand)), estimated by sampling."""
        me = view.seat
        assert me is not None
        seen = set(view.hidden) | {c for c in view.up if c is not None}
        for cards in view.extra:
            seen.update(cards)
        shown = dict(view.flux_hands)
        for cards in shown.values():
            seen.update(cards)
        unseen = [c for c in pack(52) if c not in seen]
        my_point = view.point or 0
        others = [s for s in range(view.num_players) if s != me]
        wins_stand = wins_ask = 0
        for _ in range(self.samples):
            self.rng.shuffle(unseen)
            # With many players the unseen cards may run out: a card not there is worth 0.
            pool = itertools.chain(unseen, itertools.repeat(ZERO))
            best_other = 0
            for s in others:
                if s in shown:
                    known = list(shown[s]) + list(view.extra[s])
                    hidden = view.extra_counts[s] - len(view.extra[s])
                else:
                    known = [c for c in (view.up[s],) if c is not None] + list(view.extra[s])
                    hidden = 2 + view.extra_counts[s] - len(view.extra[s])
                point = sum(POINTS[c] for c in known) + sum(POINTS_OR_ZERO[next(pool)] for _ in range(hidden))
                if not view.stood[s]:
                    for _ in range(12):  # asks until it stands (a hand cannot take more)
                        if point >= self.opponent_stands_at:
                            break
                        point += POINTS_OR_ZERO[next(pool)]
                if point <= THIRTY_ONE:
                    best_other = max(best_other, int(point))
            wins_stand += my_point > best_other
            drawn = my_point + POINTS_OR_ZERO[next(pool)]
            wins_ask += drawn <= THIRTY_ONE and drawn > best_other
        return wins_stand / self.samples, wins_ask / self.samples


HeuristicBelleFlux.PARAMS = {
    "samples": Param("int", 40, "deals of the unseen cards sampled a decision", low=1, high=100_000),
    "opponent_stands_at": Param("int", 27, "the point at which the bot expects a seat that has not stood to stand "
                                "(points)", low=0, high=31),
}
