"""Resolving chance nodes: a seeded generator, or a stacked deck for tests and worked examples.

A *stacked deck* gives, for each deal (*coup*) in order, the outcomes of its chance nodes in the
game's string notation: for card games the order in which cards leave the pack (``["KH", "9H",
"4C", …]``), for dice games the throws. When a deal's stack runs out, the seeded generator takes
over; without a seed that is an error.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from academie.core.errors import AcademieError, StackedDeckError
from academie.core.state import State


class ChanceSource(Protocol):
    """Anything that picks the outcome of a chance node."""

    def choose(self, state: State) -> int:
        """The outcome to apply at ``state`` (a chance node)."""
        ...


class SeededChance:
    """Outcomes drawn with their probabilities from ``random.Random(seed)``."""

    def __init__(self, seed: int | None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        return state.sample_chance(self.rng)


class StackedChance:
    """Outcomes read from explicit per-deal sequences, then from a seeded generator.

    ``decks[k]`` is the sequence for deal ``k`` (0-based, ``state.match.deal_number``).
    Raises :class:`~academie.core.errors.StackedDeckError` when a stacked outcome is not possible
    at that point (a card already dealt, an unknown code) or when the stack runs out and there
    is no seed. ``deals`` holds the deal numbers it was asked for an outcome.
    """

    def __init__(self, decks: Sequence[Sequence[str]], seed: int | None = None) -> None:
        self.decks = [list(d) for d in decks]
        self.positions = [0] * len(self.decks)
        self.fallback = SeededChance(seed) if seed is not None else None
        self.deals: set[int] = set()  # the deals (0-based) that drew an outcome
        self.room: dict[int, int] = {}  # deal -> what its stack may hold unused (State.stacked_deck_room)

    def choose(self, state: State) -> int:
        deal = state.match.deal_number
        self.deals.add(deal)
        if deal < len(self.decks) and self.positions[deal] < len(self.decks[deal]):
            pos = self.positions[deal]
            if pos == 0:
                state.check_stacked_deck(self.decks[deal])
                self.room[deal] = state.stacked_deck_room()
            text = self.decks[deal][pos]
            notation = state.outcome_notation_error(text)
            if notation:
                raise StackedDeckError(f"stacked deck, deal {deal + 1}, position {pos + 1}: {text!r:.40} is {notation}")
            try:
                action = state.string_to_action(text)
            except AcademieError as exc:
                why = str(exc).split("; legal: ")[0]  # not the whole pack's list of outcomes
                raise StackedDeckError(
                    f"stacked deck, deal {deal + 1}, position {pos + 1}: {text!r:.40} cannot be dealt"
                    f" now ({why})"
                ) from None
            self.positions[deal] = pos + 1
            return action
        if self.fallback is None:
            raise StackedDeckError(
                f"stacked deck for deal {deal + 1} is exhausted and the record has no seed"
            )
        return self.fallback.choose(state)


def check_deck_notation(state: State, decks: Sequence[Sequence[str]] | None) -> None:
    """Refuse, before anything is dealt, a stacked deck with an outcome not written in the
    game's outcome notation (:meth:`~academie.core.state.State.outcome_notation_error`), in
    every deck and at every position, even past the part a deal uses or in a deal no action
    reaches. Raises :class:`~academie.core.errors.StackedDeckError` naming the first one.

    >>> from academie.games import get_game
    >>> state = get_game("blason").new_initial_state(2, {})
    >>> check_deck_notation(state, [["7", "13"]])
    Traceback (most recent call last):
    ...
    academie.core.errors.StackedDeckError: stacked deck, deal 1, position 2: '13' is not a dice total (2–12)
    """
    written: set[str] = set()  # the outcomes found well written: each distinct one read once
    for deal, deck in enumerate(decks or ()):
        for pos, text in enumerate(deck):
            if isinstance(text, str) and text in written:
                continue
            notation = state.outcome_notation_error(text)
            if notation:
                raise StackedDeckError(f"stacked deck, deal {deal + 1}, position {pos + 1}: {text!r:.40} is {notation}")
            if isinstance(text, str):
                written.add(text)


def chance_source(seed: int | None, decks: Sequence[Sequence[str]] | None = None) -> ChanceSource:
    """The chance source of a record: its stacked decks if any, then its seed."""
    if decks:
        return StackedChance(decks, seed)
    return SeededChance(seed)
