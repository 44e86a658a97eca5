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
* observations hold the seat's view only: ``observation_tensor`` /
  ``observation_string`` are :meth:`~academie.core.state.State.view` now (the string is its
  ``to_json()``; the tensor is written in place, from the state's fields for Reversis,
  Trente et un, Belle-Flux, the Guimbarde and the Blason, equal slot for slot to the view's: :mod:`academie.adapters.tensors.fast`;
  ``state.information_state_tensor(player)`` and ``observation_tensor(player)`` answer from
  those buffers, as lists of floats), ``information_state_tensor`` / ``information_state_string`` add what the
  seat remembers of the deal (the string is the view's ``to_json()`` with the fields it leaves
  out, as JSON: :func:`information_string`; deals counted from 1 in both); an observer with
  ``private_info=NONE`` reads the public view. Layouts, per game: :mod:`academie.adapters.tensors`
  (Trente et un 216+59n / 268+163n floats, Belle-Flux 62+164n / 62+166n, Blason 17+69n /
  18+69n, Reversis 219+61n / 219+113n, Guimbarde 117+110n / 117+162n; a game without a layout
  of its own gets the generic one); ``observation_layout(game)`` prints one;
* ``resample_from_infostate(player, sampler)`` is the game's
  :meth:`~academie.core.state.State.determinize` (seeded from ``sampler``), and
  :func:`resampler` gives it to ``ISMCTSBot.set_resampler``;
* serialisation is the state's game record (:func:`~academie.adapters.common.to_record`), as
  JSON: ``state.serialize()`` writes it, ``game.deserialize_state(text)`` reads it back —
  never a pickle — and checks it all on the way in (:func:`read_state`): the record is the one
  its own replay writes (every action and chance outcome legal, the decks, the result), of this
  table (game, players, options). It also reads OpenSpiel's own serialisation of a Python
  state (``history=…``, ``move_number=…``, ``__dict__=…``, the form
  ``pyspiel.serialize_game_and_state`` writes): the ``__dict__`` line is read as the record it
  carries, by an unpickler that knows no class nor function (anything else is refused), and
  ``history`` and ``move_number`` must be those of the record's replay. Anything malformed
  raises :class:`~academie.core.errors.StateStringError` (a ``ValueError``) naming what is
  wrong. ``pyspiel.deserialize_game_and_state`` and ``pickle.loads`` of a state are OpenSpiel's
  reading (C++): it unpickles the ``__dict__`` line itself, as for every Python game, so read
  that way only strings you wrote; what it sets is still checked (the record replayed, then its
  history and move number against OpenSpiel's), with the same error.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import io
import json
import pickle
import random
import re
import typing
from typing import Any

import numpy as np
import pyspiel

from academie.adapters.common import action_space, from_record, to_record
from academie.adapters.tensors import Context, Layout, describe, layouts
from academie.adapters.tensors.fast import Buffers, tensors
from academie.core.errors import RecordError, StateStringError
from academie.core.game import Game
from academie.core.record import MAX_RECORD_BYTES, GameRecord
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
    copies it (the game's own :meth:`~academie.core.state.State.clone`) and its own
    serialisation pickles it (as the JSON of its game record, checked and replayed when read
    back: :class:`_Unread`)."""

    __slots__ = ("state", "buffers")

    def __init__(self, state: State) -> None:
        self.state = state
        self.buffers = Buffers()  # the state's tensors, per seat (a clone starts its own)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_unbox, (to_record(self.state).dumps(),))


class _Unread:
    """A record read back by OpenSpiel's own deserialisation, not yet checked: the state it is
    set on checks it against the history and move number OpenSpiel read (see
    :meth:`AcademieState.__setattr__`)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _unbox(record_json: str) -> _Unread:
    return _Unread(record_json)


HISTORY, MOVE_NUMBER, DICT = "history=", "move_number=", "__dict__="
"""The three lines of OpenSpiel's serialisation of a Python state, in order."""
_PAIR = re.compile(r"-?[0-9]{1,9}:[0-9]{1,9}")
_NUMBER = re.compile(r"-?[0-9]{1,12}")


def _record_text(text: Any) -> str:
    if not isinstance(text, str):
        raise pickle.UnpicklingError(f"the record is pickled as a str, not {type(text).__name__}")
    return text


class _RecordOnly(pickle.Unpickler):
    """Reads the ``__dict__`` line OpenSpiel writes for our states: a dict whose ``_box`` is
    ``_unbox(record JSON)``. It finds no class nor function but :func:`_unbox`, read as the
    record's text (nothing is called nor built but str, dict and the like): any other global
    is refused, so a crafted string runs nothing."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == (__name__, "_unbox"):
            return _record_text
        raise pickle.UnpicklingError(f"it names {module}.{name}, where only the record's text may be")


def _fail(message: str) -> StateStringError:
    return StateStringError(f"not a serialised state of this game: {message}")


def _openspiel_fields(text: str) -> tuple[list[tuple[int, int]], int, str]:
    """The history (pairs of player and action), move number and record JSON of OpenSpiel's
    three lines. Raises :class:`StateStringError` naming the line at fault."""
    lines = text.rstrip("\n").split("\n")
    if len(lines) != 3 or not all(line.startswith(tag) for line, tag in zip(lines, (HISTORY, MOVE_NUMBER, DICT))):
        raise _fail(f"expected a game record's JSON, or three lines {HISTORY}…, {MOVE_NUMBER}…, {DICT}…"
                    f" (OpenSpiel's), got {len(lines)} line{'s' if len(lines) != 1 else ''} starting {text[:20]!r}")
    history_text, number_text, payload = (line[len(tag):] for line, tag in zip(lines, (HISTORY, MOVE_NUMBER, DICT)))
    pairs = []
    for k, item in enumerate(history_text.split(",") if history_text else ()):
        if not _PAIR.fullmatch(item):
            raise _fail(f"history item {k + 1} is {item[:20]!r}, not player:action (two integers)")
        player, action = item.split(":")
        pairs.append((int(player), int(action)))
    if not _NUMBER.fullmatch(number_text):
        raise _fail(f"move_number is {number_text[:20]!r}, not an integer")
    try:
        raw = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        raise _fail("the __dict__ line is not base64") from None
    try:
        attributes = _RecordOnly(io.BytesIO(raw)).load()
    except Exception as exc:  # whatever a damaged or crafted pickle raises
        raise _fail(f"the __dict__ line is not the pickled record this adapter writes ({type(exc).__name__}:"
                    f" {exc})") from None
    if not isinstance(attributes, dict) or set(attributes) != {"_box"} or not isinstance(attributes["_box"], str):
        raise _fail("the __dict__ line holds something else than the state's record (one attribute, _box)")
    return pairs, int(number_text), attributes["_box"]


def _history_pairs(state: State) -> list[tuple[int, int]]:
    """``state``'s history as OpenSpiel keeps it: (the player to act, or -1 for chance; the action)."""
    fresh = state.game.new_initial_state(state.num_players, state.options)
    pairs = []
    for action in state.history:
        pairs.append((fresh.current_player(), action))
        fresh.apply_action(action, trusted=True)
    return pairs


def read_state(game: AcademieGame, text: Any, history: list[tuple[int, int]] | None = None,
               move_number: int | None = None) -> State:
    """The academie state of ``text`` for ``game``'s table: a game record's JSON (what
    ``state.serialize()`` writes) or OpenSpiel's three lines (``history=``, ``move_number=``,
    ``__dict__=``). Checked on the way in: the record replays (every action and chance outcome
    legal), is the very record its replay writes (decks, players, ``complete``, result), of this
    game, number of players and options; OpenSpiel's ``history`` (or ``history`` given, as
    pairs of player and action) is the replay's, and its ``move_number`` the number of actions.
    Raises :class:`~academie.core.errors.StateStringError` naming what is wrong."""
    if not isinstance(text, str):
        raise _fail(f"expected a str, got {type(text).__name__}")
    if len(text) > 2 * MAX_RECORD_BYTES:  # (the record's JSON pickled and in base64 is some 4/3 longer)
        raise _fail(f"longer than {2 * MAX_RECORD_BYTES // 2**20} MiB")
    if text.startswith(HISTORY):
        history, move_number, text = _openspiel_fields(text)
    try:
        record = GameRecord.loads(text)
    except RecordError as exc:
        raise _fail(str(exc)) from None
    ours = game.academie_game
    if record.game != ours.info.id:
        raise _fail(f"it is a state of {record.game!r}, this game is {ours.info.id!r}")
    if record.num_players != game.academie_players:
        raise _fail(f"it is a state of {record.num_players} players, this game has {game.academie_players}")
    try:
        state = from_record(record)
    except RecordError as exc:
        raise _fail(str(exc)) from None
    if state.options != game.academie_options:
        name = next(k for k in type(state.options).model_fields
                    if getattr(state.options, k) != getattr(game.academie_options, k))
        raise _fail(f"its option {name} is {getattr(state.options, name)!r}, this game's is"
                    f" {getattr(game.academie_options, name)!r}")
    again = to_record(state)
    if again != record:
        name = next(k for k in type(record).model_fields if getattr(record, k) != getattr(again, k))
        raise _fail(f"its record's {name} is not what its replay writes (a serialised state is the record"
                    f" of its own replay)")
    if history is not None:
        replayed = _history_pairs(state)
        if history != replayed:
            k = next((k for k, (a, b) in enumerate(zip(history, replayed)) if a != b), min(len(history), len(replayed)))
            said = f"{history[k][0]}:{history[k][1]}" if k < len(history) else "nothing"
            real = f"{replayed[k][0]}:{replayed[k][1]}" if k < len(replayed) else "nothing"
            raise _fail(f"history item {k + 1} is {said} where the record replays {real}"
                        f" ({len(history)} items, the replay {len(replayed)})")
    if move_number is not None and move_number != len(state.history):
        raise _fail(f"move_number is {move_number}, the record replays {len(state.history)} moves")
    return state


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
        self.tensors = tensors(game, n, self.academie_options)
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

    def deserialize_state(self, text: str) -> AcademieState:
        """The state ``state.serialize()`` wrote (its game record's JSON), or OpenSpiel's three
        lines for it, checked all through (:func:`read_state`). Raises
        :class:`~academie.core.errors.StateStringError` naming what is wrong."""
        return self._replayed(read_state(self, text))

    def _replayed(self, inner: State) -> AcademieState:
        state = AcademieState(self)
        for action in inner.history:
            state.apply_action(action)
        return state

    def state_from_record(self, record: GameRecord | str) -> AcademieState:
        """The OpenSpiel state of a record made by :meth:`AcademieState.to_record` (its
        history is the record's actions and outcomes)."""
        return self._replayed(from_record(record))


def _action_of(state: State, action: Any) -> int:
    """``action`` as an ``int`` (a numpy integer read as one); anything else (a ``bool``, a
    ``float``, a ``str``…) raises the state's :class:`~academie.core.errors.IllegalActionError`."""
    if isinstance(action, np.integer):
        action = int(action)
    if type(action) is not int:
        state.action_to_string(action)  # raises, naming the type and the legal actions
    return action


class AcademieState(pyspiel.State):
    """An OpenSpiel state wrapping an academie :class:`~academie.core.state.State`
    (``academie_state``); every call goes through the state contract."""

    def __init__(self, game: AcademieGame) -> None:
        super().__init__(game)
        self._box = _Box(game.academie_game.new_initial_state(game.academie_players, game.academie_options))

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, _Unread):
            # OpenSpiel's own deserialisation (C++) has read the history and move number, and
            # sets the record it unpickled: checked against them before it is the state's.
            history = [(int(p.player), int(p.action)) for p in self.full_history()]
            value = _Box(read_state(self.get_game(), value.text, history, self.move_number()))
        super().__setattr__(name, value)

    def serialize(self) -> str:
        """The state's game record as JSON (:func:`~academie.adapters.common.to_record`), which
        ``game.deserialize_state`` reads back."""
        return to_record(self._box.state).dumps()

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

    def apply_action(self, action: Any) -> None:
        """OpenSpiel's ``apply_action``, the action checked by the state first: pybind would read
        ``True`` as action 1 and refuse -1 or 2**63 with its own errors. Anything but an ``int``
        (a numpy integer is one) or a legal one raises
        :class:`~academie.core.errors.IllegalActionError` naming the legal actions, the state
        unchanged."""
        action = _action_of(self._box.state, action)
        if not self._box.state.is_legal(action):
            self._box.state.apply_action(action)  # raises, naming the legal actions; nothing changed
        super().apply_action(action)

    def action_to_string(self, *args: Any) -> str:
        """OpenSpiel's ``action_to_string([player,] action)``; an action is an ``int`` (a numpy
        integer is one), never a ``bool``: else :class:`~academie.core.errors.IllegalActionError`."""
        *player, action = args
        return super().action_to_string(*player, _action_of(self._box.state, action))

    def _apply_action(self, action: int) -> None:
        self._box.state.apply_action(int(action))  # checked: an action from outside

    def _action_to_string(self, player: int, action: int) -> str:
        return self._box.state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self._box.state.is_terminal()

    def _seat_of(self, player: Any) -> int | None:
        if player is None:
            player = self._box.state.current_player()
        if isinstance(player, np.integer):
            player = int(player)
        if type(player) is int and 0 <= player < self._box.state.num_players:
            return player
        return None  # OpenSpiel's own call says what is wrong

    def information_state_tensor(self, player: Any = None) -> list[float]:
        """``player``'s information-state tensor (default the player to act), as OpenSpiel
        gives it: a list of floats of the information layout's size, the same as the
        observer's (:class:`ViewObserver` with ``perfect_recall``), written in place from the
        state (:mod:`academie.adapters.tensors.fast`). A player who is no seat of the table
        raises OpenSpiel's ``SpielError``."""
        seat = self._seat_of(player)
        if seat is None:
            return super().information_state_tensor(*(() if player is None else (player,)))
        game = self.get_game()
        return game.tensors.information(self._box.state, seat, self._box.buffers).tolist()

    def observation_tensor(self, player: Any = None) -> list[float]:
        """``player``'s observation tensor (default the player to act): a list of floats of
        the observation layout's size, as :meth:`information_state_tensor`."""
        seat = self._seat_of(player)
        if seat is None:
            return super().observation_tensor(*(() if player is None else (player,)))
        game = self.get_game()
        return game.tensors.observation(self._box.state, seat, self._box.buffers).tolist()

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
        self.tensors = game.tensors
        self.layout: Layout = game.layouts.information if recall else game.layouts.observation
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.views_of(self.tensor)

    def _view(self, state: AcademieState, player: int) -> Any:
        inner = state.academie_state
        return inner.public_view() if self.public else inner.view(player)

    def set_from(self, state: AcademieState, player: int) -> None:
        if not self.public and type(player) is int and 0 <= player < self.num_players:
            box = state._box
            tensors = self.tensors
            self.tensor[:] = (tensors.information if self.recall else tensors.observation)(box.state, player, box.buffers)
            return
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
