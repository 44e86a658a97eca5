"""Bots: players that see only their seat's view and the legal actions, never the full state.

>>> bot = make_bot("random", "trente-et-un", seed=1)
>>> bot.choose(None, [52, 53, 54]) in (52, 53, 54)
True
>>> make_bot("genius", "trente-et-un")
Traceback (most recent call last):
...
academie.core.errors.UnknownBotError: unknown bot 'genius' for trente-et-un; the bots are: heuristic, random
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from academie.core.errors import UnknownBotError


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


def _registry() -> dict[str, dict[str, Callable[[int | None], Bot]]]:
    from academie.bots.belle_flux import HeuristicBelleFlux
    from academie.bots.guimbarde import HeuristicGuimbarde
    from academie.bots.reversis import HeuristicReversis
    from academie.bots.trente_et_un import HeuristicTrenteEtUn

    return {
        "trente-et-un": {"random": RandomBot, "heuristic": HeuristicTrenteEtUn},
        "belle-flux-trente-un": {"random": RandomBot, "heuristic": HeuristicBelleFlux},
        "reversis": {"random": RandomBot, "heuristic": HeuristicReversis},
        "guimbarde": {"random": RandomBot, "heuristic": HeuristicGuimbarde},
    }


def bot_names(game_id: str) -> list[str]:
    """The bots available for ``game_id`` (``random`` for every game)."""
    return sorted(_registry().get(game_id, {"random": RandomBot}))


def make_bot(name: str, game_id: str, seed: int | None = None) -> Bot:
    """A new bot ``name`` for ``game_id``. Raises :class:`UnknownBotError` listing the bots."""
    bots = _registry().get(game_id, {"random": RandomBot})
    if name not in bots:
        raise UnknownBotError(
            f"unknown bot {name!r} for {game_id}; the bots are: {', '.join(sorted(bots))}"
        )
    return bots[name](seed)
