"""Driving a state: resolve chance nodes, ask each seat's bot with its view only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from academie.core.chance import ChanceSource
from academie.core.state import State

StepHook = Callable[[State, int, int], None]
"""Called as ``hook(state, seat, action)`` just before a player's action is applied."""


def advance_chance(state: State, chance: ChanceSource) -> None:
    """Apply chance outcomes until a player is to act or the match is over."""
    while state.is_chance_node():
        state.apply_action(chance.choose(state))


def play_match(
    state: State,
    chance: ChanceSource,
    bots: Sequence[Any],
    on_action: StepHook | None = None,
    actions: list[str] | None = None,
) -> State:
    """Play ``state`` to the end: ``bots[seat].choose(view, legal)`` for each decision.

    A bot receives ``state.view(seat)`` (``None`` if its ``uses_view`` is False) and the legal
    actions, never the state. The notation of
    every player action is appended to ``actions`` when given (for the game record). The legal
    actions are computed once per decision: a bot's choice found among them is applied on the
    trusted path (:meth:`~academie.core.state.State.apply_action` with ``trusted=True``), with no
    second computation; any other choice goes through the checks, which refuse it.
    """
    while True:
        advance_chance(state, chance)
        if state.is_terminal():
            return state
        seat = state.current_player()
        legal = state.legal_actions()
        bot = bots[seat]
        view = state.view(seat) if getattr(bot, "uses_view", True) else None  # random bots: none
        action = bot.choose(view, legal)
        if on_action is not None:
            on_action(state, seat, action)
        if actions is not None:
            actions.append(state.action_to_string(action))
        if type(action) is int and state.is_legal(action):  # a look-up in this decision's list
            state.apply_action(action, trusted=True)
        else:
            state.apply_action(action)  # refused, naming the legal actions


def random_decision(state: State, rng: Any, stop: int) -> State | None:
    """The ``stop``-th decision with two legal actions or more in the first deal of ``state``,
    every chance outcome and action before it drawn from ``rng`` (a :class:`random.Random`):
    ``state`` itself, played on to it, or a clone of the last such decision when the deal ends
    (or the match) before ``stop`` of them; None when the deal had none. Used to draw the
    seeded positions of the search's tests and benchmarks."""
    decisions, last = 0, None
    while True:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng), trusted=True)
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            decisions += 1
            last = state.clone()
            if decisions >= stop:
                return state
        state.apply_action(legal[rng.randrange(len(legal))], trusted=True)
        if state.match.deal_number > 0 or state.is_terminal():
            return last
