"""The bots each game has of its own (a random bot for every game, a heuristic bot for most):
what :mod:`academie.bots` offers besides ISMCTS, and the playout bots ISMCTS draws on."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol


class Bot(Protocol):
    """A player: picks one of ``legal`` (action ids) from what ``view`` shows. A bot with a
    class attribute ``uses_view = False`` never looks at it: drivers may pass ``None`` and save
    building the view."""

    name: str

    def choose(self, view: Any, legal: Sequence[int]) -> int:
        """The action to play."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"
    uses_view = False  # the view is never read: play_match passes None

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[int]) -> int:
        return legal[self.rng.randrange(len(legal))]


def own_bots() -> dict[str, dict[str, Callable[..., Bot]]]:
    from academie.bots.belle_flux import HeuristicBelleFlux
    from academie.bots.guimbarde import HeuristicGuimbarde
    from academie.bots.guinguette import HeuristicGuinguette
    from academie.bots.reversis import HeuristicReversis
    from academie.bots.trente_et_un import HeuristicTrenteEtUn

    return {
        "trente-et-un": {"random": RandomBot, "heuristic": HeuristicTrenteEtUn},
        "belle-flux-trente-un": {"random": RandomBot, "heuristic": HeuristicBelleFlux},
        "reversis": {"random": RandomBot, "heuristic": HeuristicReversis},
        "guimbarde": {"random": RandomBot, "heuristic": HeuristicGuimbarde},
        "guinguette": {"random": RandomBot, "heuristic": HeuristicGuinguette},
    }
