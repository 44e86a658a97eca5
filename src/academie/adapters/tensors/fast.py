"""Observation tensors filled in place: one preallocated buffer per seat, written from the
state's own fields, the parts that only grow in a deal (the cards played, the log's cards)
updated from where the last call stopped.

The layouts (:mod:`academie.adapters.tensors`) say what each slot means; the encoders there
read views, and stay the reference: a game's module may also provide ``writer(num_players,
options, layouts)``, an object whose ``write(state, seat, out, memo)`` writes the
*information-state* tensor of ``seat`` into ``out`` (a ``float32`` vector of the information
layout's size, holding what the last ``write`` into it left) from the state alone, equal slot
for slot to the view encoders' tensor of ``state.view(seat)`` (``memo``: a dict of its own, one
per buffer, for what it updates incrementally). Its observation layout is then the
information layout's first pieces, and the observation tensor is the first slots of the
same buffer. A game without a writer is encoded from its views, into the same buffers.

:class:`Tensors` is what the adapters hold (one per table); :class:`Buffers`, one per adapter
state, holds the buffers and when each was written (the state object and the length of its
history: a position is not encoded twice). The public view (an observer with no seat) is
always encoded from the public view.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

import numpy as np

from academie.adapters.tensors.pieces import Context, Layouts


class Buffers:
    """The tensor buffers of one adapter state: per ``(kind, seat)`` the buffer, what it was
    written from (the state and its history's length) and the writer's memo."""

    __slots__ = ("entries",)

    def __init__(self) -> None:
        self.entries: dict[tuple[str, int], list[Any]] = {}


class Tensors:
    """The tensors of one table (a game, a number of players, options): information state and
    observation of a seat, as ``float32`` vectors of the layouts' sizes.

    :meth:`information` and :meth:`observation` return the buffer itself (written in place at
    the next call for a later position): copy it to keep it."""

    def __init__(self, layouts: Layouts, num_players: int, writer: Any = None) -> None:
        self.layouts = layouts
        self.num_players = num_players
        self.writer = writer
        obs, info = layouts.observation, layouts.information
        if writer is not None and info.pieces[: len(obs.pieces)] != obs.pieces:
            raise ValueError("a tensor writer needs an observation layout that begins the information layout")
        self.prefix = info.pieces[: len(obs.pieces)] == obs.pieces
        self.observation_size = obs.size
        self.information_size = info.size

    def _entry(self, buffers: Buffers, kind: str, seat: int, size: int) -> list[Any]:
        entry = buffers.entries.get((kind, seat))
        if entry is None:
            entry = buffers.entries[(kind, seat)] = [None, -1, np.zeros(size, np.float32), {}]
        return entry

    def information(self, state: Any, seat: int, buffers: Buffers) -> np.ndarray:
        """``seat``'s information-state tensor of ``state`` (an academie state), shape
        ``(information layout size,)``: the buffer of ``buffers``, written only if the state
        moved since (or is another state). ``seat`` must be a seat of the table (unchecked)."""
        entry = self._entry(buffers, "information", seat, self.information_size)
        length = len(state.history)
        if entry[0] is not state or entry[1] != length:
            out = entry[2]
            if self.writer is not None:
                self.writer.write(state, seat, out, entry[3])
            else:
                self.layouts.information.encode_into(state.view(seat), Context(self.num_players, seat), out)
            entry[0], entry[1] = state, length
        return entry[2]

    def observation(self, state: Any, seat: int, buffers: Buffers) -> np.ndarray:
        """``seat``'s observation tensor of ``state``, shape ``(observation layout size,)``
        (the first slots of the information buffer when the layouts allow it)."""
        if self.prefix:
            return self.information(state, seat, buffers)[: self.observation_size]
        entry = self._entry(buffers, "observation", seat, self.observation_size)
        length = len(state.history)
        if entry[0] is not state or entry[1] != length:
            self.layouts.observation.encode_into(state.view(seat), Context(self.num_players, seat), entry[2])
            entry[0], entry[1] = state, length
        return entry[2]


@lru_cache(maxsize=64)
def _writer_module(game_id: str) -> Any:
    from academie.games import get_game

    package = type(get_game(game_id)).__module__.rsplit(".", 1)[-1]
    try:
        module = importlib.import_module(f"academie.adapters.tensors.{package}")
    except ModuleNotFoundError as exc:
        if exc.name != f"academie.adapters.tensors.{package}":
            raise
        return None
    return module if hasattr(module, "writer") else None


def tensors(game: Any, num_players: int, options: Any, *, fast: bool = True) -> Tensors:
    """The :class:`Tensors` of ``game`` at a table of ``num_players`` with validated
    ``options``: written from the state by the game's writer when it has one and ``fast`` is
    true, else encoded from views."""
    from academie.adapters.tensors import layouts

    tables = layouts(game, num_players, options)
    module = _writer_module(game.info.id) if fast else None
    writer = module.writer(num_players, options, tables) if module is not None else None
    return Tensors(tables, num_players, writer)


class BaseWriter:
    """What a card game's writer starts from: ``n`` seats, the observation's size (``head``: the
    information state's first slots), each piece's offset (``at``), each viewer's seats in
    his order (``rows``) and each phase's index (``phases``)."""

    def __init__(self, n: int, layouts: Layouts, phases: tuple[str, ...]) -> None:
        self.n = n
        self.head = layouts.observation.size
        self.at = offsets(layouts)
        self.rows = rotations(n)
        self.phases = {p: i for i, p in enumerate(phases)}


def offsets(layouts: Layouts) -> dict[str, int]:
    """Where each piece of the information layout starts (for writers)."""
    info = layouts.information
    return {p.name: at for p, at in zip(info.pieces, info.offsets)}


def rotations(n: int) -> list[list[int]]:
    """``rotations(n)[seat][s]``: the relative row of absolute seat ``s`` for viewer ``seat``."""
    return [[(s - seat) % n for s in range(n)] for seat in range(n)]
