"""What both adapters share: the action space and the game record of a state.

Interfaces hold no rules: everything here reads the :class:`~academie.core.state.State` contract
(legal actions, chance outcomes, notation, views, records) and knows no game.
"""

from __future__ import annotations

from functools import lru_cache

from academie.core.errors import AcademieError, RecordError
from academie.core.game import Game
from academie.core.record import GameRecord, PlayerRecord
from academie.core.state import State

PROBE_LIMIT = 4096
"""The largest action id looked for by :func:`action_space` (exclusive)."""


@lru_cache(maxsize=64)
def _action_space(game_id: str) -> int:
    from academie.games import get_game

    game = get_game(game_id)
    state = game.new_initial_state()
    top = -1
    for action in range(PROBE_LIMIT):
        try:
            state.action_to_string(action)
        except Exception:  # not an action of the game
            continue
        top = action
    if top < 0:
        raise ValueError(f"{game_id}: no action id below {PROBE_LIMIT} has a notation")
    return top + 1


def action_space(game: Game) -> int:
    """The number of distinct action ids of ``game``: one more than the largest id below
    :data:`PROBE_LIMIT` that has a notation (``action_to_string`` accepts it). Player actions
    and chance outcomes share this range (cards are 0–51 in every card game)."""
    return _action_space(game.info.id)


def to_record(state: State) -> GameRecord:
    """A :class:`~academie.core.record.GameRecord` that replays ``state`` exactly: its chance
    outcomes as stacked decks (one list per deal, in notation), its players' actions in
    notation, the players named ``seat 0`` … (kind ``human``: any agent), ``complete`` and the
    result once the match is over. A state that stops inside a deal's dealing is replayed by
    :func:`from_record`, which stops where the decks end."""
    game = state.game
    fresh = game.new_initial_state(state.num_players, state.options)
    decks: list[list[str]] = []
    packs: dict[int, tuple[list[int], int]] = {}  # deal -> (the outcomes of its first chance node, room)
    actions: list[str] = []
    for action in state.history:
        if fresh.is_chance_node():
            deal = fresh.match.deal_number
            while len(decks) <= deal:
                decks.append([])
            if deal not in packs:
                packs[deal] = ([a for a, _ in fresh.chance_outcomes()], fresh.stacked_deck_room())
            decks[deal].append(fresh.action_to_string(action))
        else:
            actions.append(fresh.action_to_string(action))
        fresh.apply_action(action, trusted=True)
    over = state.is_terminal()
    for deal, (outcomes, room) in packs.items():
        if deal < fresh.match.deal_number or over:  # a finished deal's deck names its whole pack
            dealt = set(decks[deal])
            rest = [text for text in (fresh.action_to_string(a) for a in outcomes) if text not in dealt]
            if room and len(decks[deal]) + len(rest) <= room:
                decks[deal] += rest
    return GameRecord(
        game=game.info.id,
        game_version=game.info.version,
        num_players=state.num_players,
        options=state.options.model_dump(mode="json"),
        players=[PlayerRecord(name=f"seat {s}", kind="human") for s in range(state.num_players)],
        decks=decks,
        actions=actions,
        complete=over,
        result={"returns": state.returns()} if over else None,
    )


def from_record(record: GameRecord | str) -> State:
    """The state a record made by :func:`to_record` (or its JSON text) describes: the decks'
    outcomes are dealt before each action and at the end, as far as they go (the rest of a
    finished deal's deck is the pack left undealt). Raises
    :class:`~academie.core.errors.RecordError` for a record of an unknown game or version, with
    bad options, an action or outcome that cannot be played, or outcomes left over."""
    from academie.games import get_game

    if isinstance(record, str):
        record = GameRecord.loads(record)
    try:
        game = get_game(record.game)
    except AcademieError as exc:
        raise RecordError(str(exc)) from None
    if record.game_version != game.info.version:
        raise RecordError(f"record was made with version {record.game_version} of {game.info.id};"
                          f" this is version {game.info.version}")
    try:
        state = game.new_initial_state(record.num_players, record.options)
    except AcademieError as exc:
        raise RecordError(f"record cannot start: {exc}") from None
    decks = [list(d) for d in record.decks or []]
    used = [0] * len(decks)

    def deal() -> None:
        while state.is_chance_node():
            k = state.match.deal_number
            if k >= len(decks) or used[k] >= len(decks[k]):
                return
            text = decks[k][used[k]]
            try:
                state.apply_action(state.string_to_action(text))
            except Exception as exc:
                raise RecordError(f"deck of deal {k + 1}, position {used[k] + 1}: {text!r} cannot be dealt: {exc}") from None
            used[k] += 1

    for index, text in enumerate(record.actions):
        deal()
        try:
            state.apply_action(state.string_to_action(text))
        except Exception as exc:
            raise RecordError(f"actions[{index}] = {text!r} cannot be played: {exc}") from None
    deal()
    current = state.match.deal_number
    left = [k for k in range(len(decks)) if used[k] < len(decks[k]) and (k >= current and not state.is_terminal())]
    if left:
        raise RecordError(f"deck of deal {left[0] + 1} holds outcomes never dealt (from position {used[left[0]] + 1})")
    if record.complete != state.is_terminal():
        raise RecordError(f"record says complete={record.complete}, the replay says {state.is_terminal()}")
    return state
