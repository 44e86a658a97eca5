"""A game: its identity, player range, options, and the factory of its initial state.

Modelled on OpenSpiel's ``Game``: module-level constants describe the game once (here a
:class:`GameInfo`), and the game makes :class:`~academie.core.state.State` objects.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from academie.core.errors import PlayerCountError, UnknownGameError
from academie.core.options import GameOptions, OptionDoc, describe_options, parse_options

if TYPE_CHECKING:
    from academie.core.state import State


@dataclass(frozen=True)
class GameInfo:
    """What a game is, once: id (``'trente-et-un'``), name, version (bumped whenever behaviour
    changes, and written in every record), player range, the source files its rules come from,
    and a one-line summary. A game whose sources stop short is a *reconstruction*: ``reconstructed``
    lists the rules no source gives (ours, each tagged in the code and its options), and the
    command line says so wherever it lists the game."""

    id: str
    name: str
    version: int
    min_players: int
    max_players: int
    default_players: int
    sources: tuple[str, ...]
    summary: str
    reconstructed: tuple[str, ...] = ()


class Game(ABC):
    """A registered game. Subclasses set :attr:`info` and :attr:`options_model`."""

    info: ClassVar[GameInfo]
    options_model: ClassVar[type[GameOptions]]

    def parse_options(self, given: Mapping[str, Any] | None = None) -> GameOptions:
        """Validate options (values or strings). Raises :class:`~academie.core.errors.OptionError`."""
        return parse_options(self.options_model, given)

    def describe_options(self) -> list[OptionDoc]:
        """The options with defaults, allowed values, provenance and documentation."""
        return describe_options(self.options_model)

    def check_players(self, num_players: int) -> None:
        """Raise :class:`~academie.core.errors.PlayerCountError` outside the player range."""
        lo, hi = self.info.min_players, self.info.max_players
        if not isinstance(num_players, int) or not lo <= num_players <= hi:
            raise PlayerCountError(
                f"{self.info.name} is played by {lo} to {hi} players, not {num_players!r}"
            )

    def new_initial_state(
        self,
        num_players: int | None = None,
        options: Mapping[str, Any] | GameOptions | None = None,
    ) -> State:
        """The state at the start of a match (usually a chance node: the first deal).

        Raises :class:`PlayerCountError` or :class:`~academie.core.errors.OptionError`.
        """
        n = self.info.default_players if num_players is None else num_players
        self.check_players(n)
        opts = options if isinstance(options, self.options_model) else self.parse_options(options)  # type: ignore[arg-type]
        return self._new_state(n, opts)

    @abstractmethod
    def _new_state(self, num_players: int, options: Any) -> State:
        """Build the initial state; arguments are already validated."""


_REGISTRY: dict[str, Game] = {}
"""The games by id, filled by :mod:`academie.games` when it is imported: the engine core knows no
game, what it needs of them (the sampler's replay of a trail) it finds here."""


def register_game(game: Game) -> Game:
    """Make ``game`` known to the engine core under its id; returns it."""
    _REGISTRY[game.info.id] = game
    return game


def load_plugins(group: str) -> None:
    """Import the modules that packages declare under the entry-point ``group``
    (``academie.games``, ``academie.bots``: pyproject's ``[project.entry-points]``), so that a
    registry of the core is filled even when its caller imported none of them: the standard
    plugin mechanism, through which the core finds the games and bots without importing them."""
    from importlib.metadata import entry_points

    for point in entry_points(group=group):
        point.load()


def registered_game(game_id: str) -> Game:
    """The game registered as ``game_id`` (the ``academie.games`` plugins loaded first when
    none is). Raises :class:`~academie.core.errors.UnknownGameError` listing the registered
    games."""
    if not _REGISTRY:
        load_plugins("academie.games")
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {game_id!r}; the games are: {', '.join(sorted(_REGISTRY))}"
        ) from None
