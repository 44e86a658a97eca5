"""Bots: players that see only their seat's view and the legal actions, never the full state.

>>> bot = make_bot("random", "trente-et-un", seed=1)
>>> bot.choose(None, [52, 53, 54]) in (52, 53, 54)
True
>>> make_bot("genius", "trente-et-un")
Traceback (most recent call last):
...
academie.core.errors.UnknownBotError: unknown bot 'genius' for trente-et-un; the bots are: easy, hard, heuristic, ismcts, medium, montecarlo, random
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from academie.bots import spec as _spec
from academie.bots import ismcts as _ismcts
from academie.bots.ismcts import ismcts_factory
from academie.bots.levels import NAMES as LEVEL_NAMES
from academie.bots.levels import level_factory
from academie.bots.montecarlo import MONTECARLO
from academie.bots.roster import Bot, RandomBot
from academie.bots.roster import own_bots as _registry
from academie.bots.spec import parse_spec
from academie.core.errors import UnknownBotError
from academie.core.record import register_bots


_ADDED: dict[str, dict[str, Callable[..., Bot]]] = {}
"""The bots :func:`register_bot` added, per game."""


def register_bot(game_id: str, name: str, factory: Callable[..., Bot]) -> None:
    """Seat a bot of one's own by ``name`` at ``game_id``: from then on :func:`make_bot` (and so
    the tournaments and simulations of :mod:`academie.analysis` in this process, and in the
    worker processes it forks) makes it with ``factory(seed, **params)`` (the factory's
    ``PARAMS``, if any, declare its parameters as the game's own bots do). The bot sees its
    seat's view and the legal actions only, as every bot. Registering a name again replaces
    the factory. Raises :class:`~academie.core.errors.UnknownGameError` for an unknown game,
    ``ValueError`` for a name the game's own bots have, or that is not a lower-case word
    (letters, digits, ``-``, ``_``). E.g. ``register_bot("trente-et-un", "trained", lambda
    seed=None: PolicyBot(weights))``, then ``tournament(game, ["trained", "random"], ...)``
    (``examples/train_trente_et_un.py``)."""
    import re

    from academie.games import get_game

    get_game(game_id)
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_-]{0,39}", name):
        raise ValueError(f"a bot's name is a lower-case word (letters, digits, - and _), not {name!r:.60}")
    own = dict(_registry().get(game_id, {"random": RandomBot}))
    if name in own or name in ("ismcts", "montecarlo") or name in LEVEL_NAMES:
        raise ValueError(f"{game_id} has a bot {name!r} of its own: give yours another name")
    _ADDED.setdefault(game_id, {})[name] = factory


def _bots_of(game_id: str) -> dict[str, Callable[..., Bot]]:
    """Name → factory ``factory(seed, **params)`` of every bot of ``game_id``: the game's own
    bots in :func:`_registry`, those :func:`register_bot` added, and ``ismcts`` and the levels
    ``easy``, ``medium``, ``hard`` (:mod:`academie.bots.levels`) for every game with decisions (see :func:`has_decisions`),
    whatever the game."""
    bots = dict(_registry().get(game_id, {"random": RandomBot}))
    bots.update(_ADDED.get(game_id, {}))
    if game_id in MONTECARLO:
        bots["montecarlo"] = MONTECARLO[game_id]
    if has_decisions(game_id):
        bots["ismcts"] = ismcts_factory(game_id)
        if "heuristic" in bots:
            for level in LEVEL_NAMES:
                bots[level] = level_factory(game_id, level, dict(bots))
    return bots


@lru_cache(maxsize=None)
def has_decisions(game_id: str) -> bool:
    """Whether a player of ``game_id`` ever chooses between two actions: found by playing one
    seeded match (first legal action, seeded chance) until such a choice, at most
    10,000 actions; a game whose every turn has one action (the Blason's throws) has none.
    An unknown game has none."""
    from academie.games import GAMES

    game = GAMES.get(game_id)
    if game is None:
        return False
    state, rng = game.new_initial_state(), random.Random(0)
    for _ in range(10_000):
        if state.is_terminal():
            return False
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            return True
        state.apply_action(legal[0], trusted=True)
    return False


def bot_names(game_id: str) -> list[str]:
    """The bots available for ``game_id`` (``random`` for every game)."""
    return sorted(_bots_of(game_id))


def bot_parameters(game_id: str, name: str) -> dict[str, Any]:
    """The parameters bot ``name`` of ``game_id`` takes (name → :class:`academie.bots.spec.Param`;
    empty for a bot that takes none, ``random`` and the levels; raises ``KeyError`` for no such bot)."""
    return dict(getattr(_bots_of(game_id)[name], "PARAMS", None) or {})


def make_bot(spec: str, game_id: str, seed: int | None = None) -> Bot:
    """A new bot for ``game_id`` from ``spec``: a bot name (``'heuristic'``) or a name with
    parameters after colons (``'ismcts:iterations=500:rollout=heuristic'``, see
    :mod:`academie.bots.spec`). Raises :class:`UnknownBotError` naming the bots, the bot's
    parameters or a parameter's legal values."""
    bots = _bots_of(game_id)
    parsed = parse_spec(spec, game_id, bots)
    return bots[parsed.name](seed, **parsed.params)


def bot_spec(spec: str, game_id: str) -> str:
    """The canonical text of bot ``spec`` for ``game_id`` (what records keep as the player's
    kind). Raises :class:`UnknownBotError` as :func:`make_bot` does.

    >>> bot_spec(" heuristic ", "reversis")
    'heuristic'
    """
    return parse_spec(spec, game_id, _bots_of(game_id)).text


register_bots(bot_names, bot_spec)  # records may name the bots
_ismcts.set_searches(_bots_of)  # fast.prepare warms the kernels of the searches, hard's among them
_spec.default_bots = _bots_of  # a spec read without its bots is read against the game's
