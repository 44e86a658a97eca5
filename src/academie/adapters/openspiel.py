"""Every game as an OpenSpiel game (``pip install 'academie[openspiel]'``).

Importing this module registers each game of :data:`academie.games.GAMES` with
``pyspiel.register_game`` as a Python game named ``python_academie_<id with underscores>``
(``python_academie_reversis``, ``python_academie_belle_flux_trente_un`` …)::

    import pyspiel
    import academie.adapters.openspiel  # registers the games
    game = pyspiel.load_game("python_academie_reversis", {"players": 4, "deals": 1})

Parameters: ``players`` (the number of seats, within the game's range; default the game's
default) and every option of the game under its own name, in its JSON type (``deals=1``,
``deck="52"``, ``quinola_force=True``); unknown or bad values raise ``pyspiel.SpielError`` /
:class:`~academie.core.errors.OptionError` naming the option and what is legal.

What the OpenSpiel game is, for every game:

* sequential, explicit stochastic chance (each card dealt or drawn, each throw, with its
  probability from the game's ``chance_outcomes``), imperfect information (the Jeu du Blason
  is a special case with nothing hidden), general sum, terminal rewards;
* actions are the game's own ids (``num_distinct_actions`` = ``max_chance_outcomes`` =
  :func:`~academie.adapters.common.action_space`: Trente et un 116, Belle-Flux 54, Blason 113,
  Reversis 252, Guimbarde 152); ``action_to_string`` is the game's notation (``KH``, ``knock``);
* returns are the game's :meth:`~academie.core.state.State.returns` at the end of the match:
  counters won (+) or lost (−) over the match in the counter games (Belle-Flux, Blason,
  Reversis, Guimbarde), +1 for the winner and −1/(n−1) for the others at Trente et un (lives,
  no counters). A whole match can be long: pass a short one as options (``deals=1``;
  Trente et un ``lives=1``). The utility range is ±:data:`UTILITY_BOUND` and
  ``max_game_length`` :data:`MAX_GAME_LENGTH`: caps, since counters may go into debt and a
  Trente et un deal may reshuffle its stock without end;
* observations come from the views only, never the state: ``observation_tensor`` /
  ``observation_string`` from :meth:`~academie.core.state.State.view` now (the string is its
  ``to_json()``), ``information_state_tensor`` / ``information_state_string`` add what the
  seat remembers of the deal (the string is the view's ``to_json()`` with the fields it leaves
  out, as JSON: :func:`information_string`; deals counted from 1 in both); an observer with
  ``private_info=NONE`` reads the public view. Layouts, per game: :mod:`academie.adapters.tensors`
  (Trente et un 216+59n / 268+163n floats, Belle-Flux 62+164n / 62+166n, Blason 17+69n /
  18+69n, Reversis 219+61n / 219+113n, Guimbarde 117+110n / 117+162n; a game without a layout
  of its own gets the generic one); ``observation_layout(game)`` prints one;
* ``resample_from_infostate(player, sampler)`` is the game's
  :meth:`~academie.core.state.State.determinize` (seeded from ``sampler``), and
  :func:`resampler` gives it to ``ISMCTSBot.set_resampler``;
* serialisation (``state.serialize()``, ``pyspiel.serialize_game_and_state``, pickle) goes
  through a game record (:func:`~academie.adapters.common.to_record`): the pickled attribute
  is the record's JSON, and deserialising replays it.
"""

from __future__ import annotations

import dataclasses
import json
import random
import typing
from typing import Any

import numpy as np
import pyspiel

from academie.adapters.common import action_space, from_record, to_record
from academie.adapters.tensors import Context, Layout, describe, layouts
from academie.core.game import Game
from academie.core.record import GameRecord
from academie.core.state import State

PREFIX = "python_academie_"
UTILITY_BOUND = 1e9
"""The utility range's bound: returns lie in ``[-UTILITY_BOUND, UTILITY_BOUND]`` (a cap)."""
MAX_GAME_LENGTH = 1_000_000
"""``max_game_length``: a cap on the players' moves of a match, not a bound of the rules."""

_REGISTERED: dict[str, str] = {}  # game id -> OpenSpiel short name
_CREATORS: dict[str, type] = {}  # game id -> its AcademieGame subclass


def short_name(game_id: str) -> str:
    """The OpenSpiel name of game ``game_id``: ``python_academie_`` and the id with
    underscores (``trente-et-un`` → ``python_academie_trente_et_un``)."""
    return PREFIX + game_id.replace("-", "_")


def _literal(game: Game, name: str) -> tuple[Any, ...]:
    field = game.options_model.model_fields.get(name)
    annotation = field.annotation if field is not None else None
    return typing.get_args(annotation) if typing.get_origin(annotation) is typing.Literal else ()


def _to_params(game: Game, num_players: int, options: Any) -> dict[str, Any]:
    """OpenSpiel parameters of a table: ``players`` and every option, written so that a game
    string reads them back (a choice of digit strings such as ``deck`` '48'/'52' as an int;
    commas in a list option such as ``casque_squares`` as spaces, when the option reads both)."""
    params: dict[str, Any] = {"players": num_players}
    for name, value in options.model_dump(mode="json").items():
        if isinstance(value, str):
            choices = _literal(game, name)
            if choices and all(isinstance(c, str) and c.isdigit() for c in choices):
                value = int(value)
            elif "," in value and game.parse_options({name: value.replace(",", " ")}) == options:
                value = value.replace(",", " ")
        params[name] = value
    return params


def _to_options(game: Game, params: dict[str, Any]) -> dict[str, Any]:
    """The options of OpenSpiel ``params`` (without ``players``): ints back to digit strings
    for a choice of strings."""
    options = {}
    for name, value in params.items():
        if isinstance(value, int) and not isinstance(value, bool) and any(isinstance(c, str) for c in _literal(game, name)):
            value = str(value)
        options[name] = value
    return options


def _defaults(game: Game) -> dict[str, Any]:
    return _to_params(game, game.info.default_players, game.parse_options({}))


def _game_type(game: Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game.info.id),
        long_name=f"academie {game.info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.info.max_players,
        min_num_players=game.info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game),
    )


class _Box:
    """Holds the academie state in the OpenSpiel state's attributes: OpenSpiel's clone deep
    copies it (the game's own :meth:`~academie.core.state.State.clone`) and its serialisation
    pickles it (as the JSON of its game record, replayed when read back)."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_unbox, (to_record(self.state).dumps(),))


def _unbox(record_json: str) -> _Box:
    return _Box(from_record(record_json))


class AcademieGame(pyspiel.Game):
    """An academie game as an OpenSpiel game (made by ``pyspiel.load_game``)."""

    _academie_game: Game  # set on each game's subclass (see :func:`register`)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = self._academie_game
        n = int(params.pop("players", game.info.default_players))
        game.check_players(n)
        self.academie_game = game
        self.academie_options = game.parse_options(_to_options(game, params))
        self.academie_players = n
        self.layouts = layouts(game, n, self.academie_options)
        size = action_space(game)
        info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=size,
            num_players=n,
            min_utility=-UTILITY_BOUND,
            max_utility=UTILITY_BOUND,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(game), info, _to_params(game, n, self.academie_options))

    def new_initial_state(self, *args: Any) -> AcademieState:
        """The state at the start of a match (a chance node: the first deal)."""
        return AcademieState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """An observer reading views (see :class:`ViewObserver`)."""
        if isinstance(iig_obs_type, dict):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        return ViewObserver(self, iig_obs_type, params)

    def state_from_record(self, record: GameRecord | str) -> AcademieState:
        """The OpenSpiel state of a record made by :meth:`AcademieState.to_record` (its
        history is the record's actions and outcomes)."""
        inner = from_record(record)
        state = AcademieState(self)
        for action in inner.history:
            state.apply_action(action)
        return state


class AcademieState(pyspiel.State):
    """An OpenSpiel state wrapping an academie :class:`~academie.core.state.State`
    (``academie_state``); every call goes through the state contract."""

    def __init__(self, game: AcademieGame) -> None:
        super().__init__(game)
        self._box = _Box(game.academie_game.new_initial_state(game.academie_players, game.academie_options))

    @property
    def academie_state(self) -> State:
        """The wrapped state (for interfaces; bots get views)."""
        return self._box.state

    def current_player(self) -> int:
        return self._box.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._box.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted(self._box.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self._box.state.apply_action(int(action))  # checked: an action from outside

    def _action_to_string(self, player: int, action: int) -> str:
        return self._box.state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self._box.state.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self._box.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> AcademieState:
        """A state of ``player_id``'s information set: the game's ``determinize``, with a
        random generator seeded from ``probability_sampler()`` (a number in [0, 1))."""
        seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else random.getrandbits(53)
        other = self.clone()
        other._box = _Box(self._box.state.determinize(player_id, random.Random(seed)))
        return other

    def to_record(self) -> GameRecord:
        """The game record of this state (:func:`~academie.adapters.common.to_record`)."""
        return to_record(self._box.state)

    def __str__(self) -> str:
        """Every seat's view as JSON, one line each (the whole state, for debugging)."""
        state = self._box.state
        lines = [f"{state.game.info.id}: to act {state.current_player()}, {len(state.history)} actions"]
        lines += [json.dumps(state.view(s).to_json(), ensure_ascii=False, sort_keys=True)
                  for s in range(state.num_players)]
        return "\n".join(lines)


class ViewObserver:
    """OpenSpiel's Python observer over views.

    ``perfect_recall`` picks the information-state layout, else the observation layout;
    ``private_info`` ``SINGLE_PLAYER`` reads ``view(player)``, ``NONE`` the public view;
    ``ALL_PLAYERS`` is refused (a view holds one seat's information). ``tensor`` is the flat
    vector, ``dict`` its named pieces (see :mod:`academie.adapters.tensors`).
    """

    def __init__(self, game: AcademieGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {dict(params)}")
        recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        private = iig_obs_type.private_info if iig_obs_type is not None else pyspiel.PrivateInfoType.SINGLE_PLAYER
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("a view holds one seat's information: private_info ALL_PLAYERS is not supported")
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.recall = recall
        self.num_players = game.academie_players
        self.layout: Layout = game.layouts.information if recall else game.layouts.observation
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.views_of(self.tensor)

    def _view(self, state: AcademieState, player: int) -> Any:
        inner = state.academie_state
        return inner.public_view() if self.public else inner.view(player)

    def set_from(self, state: AcademieState, player: int) -> None:
        context = Context(self.num_players, None if self.public else player)
        self.layout.encode_into(self._view(state, player), context, self.tensor)

    def string_from(self, state: AcademieState, player: int) -> str:
        view = self._view(state, player)
        if self.recall:
            return information_string(view)
        return json.dumps(view.to_json(), ensure_ascii=False, sort_keys=True)


def information_string(view: Any) -> str:
    """The information-state string of a view: its ``to_json()`` (the observation string's
    fields, deals counted from 1 as everywhere a player reads them) plus each field the JSON
    leaves out (what the seat remembers of the deal: the moves, the cards played…), as JSON.
    The view's ``deal_number`` (counted from 0) is the JSON's ``deal``, never given twice."""
    data = view.to_json()
    for field in dataclasses.fields(view):
        if field.repr and field.name not in data and field.name != "deal_number":
            data[field.name] = getattr(view, field.name)
    return json.dumps(data, ensure_ascii=False, sort_keys=True, default=repr)


def resampler(state: AcademieState, player: int) -> AcademieState:
    """For ``ISMCTSBot.set_resampler``: a determinization of ``player``'s information set."""
    return state.resample_from_infostate(player, np.random.random)


def observation_layout(game_name: str, params: dict[str, Any] | None = None, *, information: bool = False) -> str:
    """The slots of a loaded game's observation (or information-state) tensor, one line per
    piece: ``[start:end] name (shape): meaning``."""
    game = pyspiel.load_game(game_name, params or {})
    return describe(game.layouts.information if information else game.layouts.observation)


def register(game: Game) -> str:
    """Register ``game`` with OpenSpiel (once); returns its OpenSpiel name. The creator is a
    subclass of :class:`AcademieGame` made for the game and kept here (OpenSpiel's registry
    outlives the interpreter: a class referenced by this module is safe to keep there)."""
    name = short_name(game.info.id)
    if game.info.id not in _REGISTERED:
        if name not in pyspiel.registered_names():
            creator = type(f"AcademieGame_{name}", (AcademieGame,), {"_academie_game": game})
            _CREATORS[game.info.id] = creator
            pyspiel.register_game(_game_type(game), creator)
        _REGISTERED[game.info.id] = name
    return name


def register_all() -> dict[str, str]:
    """Register every game of the registry; returns game id → OpenSpiel name."""
    from academie.games import GAMES

    for game in GAMES.values():
        register(game)
    return dict(_REGISTERED)


register_all()
