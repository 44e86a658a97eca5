"""The pieces of the observation tensors and the layouts they make (see
:mod:`academie.adapters.tensors`): what each game's layout and the generic layout are built of."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

CARDS = 52
"""Slots of a card piece: every card index of :mod:`academie.cards`."""

Fill = Callable[[Any, "Context", np.ndarray], None]


@dataclass(frozen=True)
class Context:
    """What an encoder knows beside the view: the table's size and the viewing seat (None for
    the public view)."""

    num_players: int
    seat: int | None

    def row(self, seat: int | None) -> int | None:
        """The relative row of absolute ``seat`` (None stays None)."""
        if seat is None or not 0 <= seat < self.num_players:
            return None
        return (seat - (self.seat or 0)) % self.num_players

    def rows(self, per_seat: Sequence[Any]) -> list[tuple[int, Any]]:
        """``(row, item)`` for each absolute seat's item of ``per_seat``."""
        return [(self.row(s), item) for s, item in enumerate(per_seat[: self.num_players])]


@dataclass(frozen=True)
class Piece:
    """A named part of the tensor: ``fill(view, context, out)`` writes into ``out`` (zeros, of
    ``shape``); ``low``/``high`` bound its values (for Gymnasium spaces)."""

    name: str
    shape: tuple[int, ...]
    fill: Fill
    doc: str
    low: float = 0.0
    high: float = 1.0
    size: int = field(init=False, repr=False, compare=False)
    """Slots of the piece: the product of ``shape`` (computed once: encoders read it often)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", int(np.prod(self.shape)))


@dataclass(frozen=True)
class Layout:
    """Pieces laid end to end in a flat vector of :attr:`size` floats."""

    pieces: tuple[Piece, ...]
    offsets: tuple[int, ...] = field(init=False)
    size: int = field(init=False)
    _slices: tuple[tuple[Fill, int, int, tuple[int, ...]], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        offsets, at = [], 0
        for piece in self.pieces:
            offsets.append(at)
            at += piece.size
        object.__setattr__(self, "offsets", tuple(offsets))
        object.__setattr__(self, "size", at)
        object.__setattr__(self, "_slices", tuple((p.fill, o, o + p.size, p.shape)
                                                  for p, o in zip(self.pieces, offsets)))

    def offset(self, name: str) -> int:
        """Where piece ``name`` starts in the flat vector. Raises ``KeyError`` for a name that
        is no piece of the layout."""
        for piece, at in zip(self.pieces, self.offsets):
            if piece.name == name:
                return at
        raise KeyError(f"no piece {name!r} in this layout; the pieces are: {', '.join(p.name for p in self.pieces)}")

    def views_of(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Each piece as a reshaped view into ``flat`` (writing to it writes ``flat``)."""
        return {p.name: flat[o : o + p.size].reshape(p.shape) for p, o in zip(self.pieces, self.offsets)}

    def encode_into(self, view: Any, context: Context, flat: np.ndarray) -> np.ndarray:
        """Write ``view`` into ``flat`` (zeroed first); returns ``flat``."""
        flat.fill(0.0)
        for fill, start, end, shape in self._slices:
            fill(view, context, flat[start:end].reshape(shape))
        return flat

    def encode(self, view: Any, context: Context) -> np.ndarray:
        """A new flat ``float32`` vector of :attr:`size` for ``view``."""
        return self.encode_into(view, context, np.zeros(self.size, np.float32))

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Per-slot lower and upper bounds (flat), for a Gymnasium ``Box``."""
        low = np.concatenate([np.full(p.size, p.low, np.float32) for p in self.pieces] or [np.zeros(0, np.float32)])
        high = np.concatenate([np.full(p.size, p.high, np.float32) for p in self.pieces] or [np.zeros(0, np.float32)])
        return low, high


@dataclass(frozen=True)
class Layouts:
    """A game's two layouts: ``observation`` (what the seat sees now) and ``information`` (the
    observation and what the seat remembers of the deal so far)."""

    observation: Layout
    information: Layout


def describe(layout: Layout) -> str:
    """One line per piece: ``[start:end] name shape: meaning``."""
    lines = []
    for piece, at in zip(layout.pieces, layout.offsets):
        shape = "×".join(str(d) for d in piece.shape)
        lines.append(f"[{at}:{at + piece.size}] {piece.name} ({shape}): {piece.doc}")
    return "\n".join(lines)


# --- piece builders ---------------------------------------------------------------------------
def cards(name: str, get: Callable[[Any], Iterable[int] | None], doc: str) -> Piece:
    """``(52,)``: 1 at each card ``get(view)`` gives."""

    def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
        for c in get(view) or ():
            if c is not None:
                out[c] = 1.0

    return Piece(name, (CARDS,), fill, doc)


def card(name: str, get: Callable[[Any], int | None], doc: str) -> Piece:
    """``(52,)``: one-hot of the card ``get(view)`` (zeros for None)."""
    return cards(name, lambda v: (get(v),), doc)


def seat_cards(n: int, name: str, get: Callable[[Any], Sequence[Iterable[int | None] | None]], doc: str) -> Piece:
    """``(n, 52)``: row ``k`` holds the cards of the seat ``k`` places after the viewer."""

    def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
        for row, items in ctx.rows(get(view)):
            for c in items or ():
                if c is not None:
                    out[row, c] = 1.0

    return Piece(name, (n, CARDS), fill, doc)


def seat_numbers(n: int, name: str, get: Callable[[Any], Sequence[float | None]], doc: str,
                 low: float = -np.inf, high: float = np.inf) -> Piece:
    """``(n,)``: a number per seat, relative rows (None as 0)."""

    def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
        for row, value in ctx.rows(get(view)):
            out[row] = float(value or 0)

    return Piece(name, (n,), fill, doc, low, high)


def numbers(name: str, get: Callable[[Any], Sequence[float | None]], size: int, doc: str,
            low: float = -np.inf, high: float = np.inf) -> Piece:
    """``(size,)``: numbers in a fixed order (None as 0)."""

    def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
        for i, value in enumerate(list(get(view))[:size]):
            out[i] = float(value or 0)

    return Piece(name, (size,), fill, doc, low, high)


def number(name: str, get: Callable[[Any], float | None], doc: str, low: float = -np.inf,
           high: float = np.inf) -> Piece:
    """``(1,)``: one number (None as 0)."""
    return numbers(name, lambda v: (get(v),), 1, doc, low, high)


def seat(n: int, name: str, get: Callable[[Any], int | None], doc: str) -> Piece:
    """``(n,)``: one-hot of a seat's relative row (zeros for None or a pseudo-seat)."""

    def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
        row = ctx.row(get(view))
        if row is not None:
            out[row] = 1.0

    return Piece(name, (n,), fill, f"{doc} (one-hot, relative rows; zeros: none)")


def choice(name: str, get: Callable[[Any], Any], values: Sequence[Any], doc: str) -> Piece:
    """``(len(values),)``: one-hot of ``get(view)`` among ``values`` (zeros for another value)."""
    index = {v: i for i, v in enumerate(values)}

    def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
        i = index.get(get(view))
        if i is not None:
            out[i] = 1.0

    shown = ", ".join(str(v) for v in values)
    return Piece(name, (len(values),), fill, f"{doc} (one-hot: {shown})")


def seat_flags(n: int, name: str, get: Callable[[Any], Sequence[Any]], doc: str,
               values: Sequence[Any] | None = None) -> Piece:
    """``(n, len(values))``: per seat (relative rows), one-hot of its value among ``values``;
    with ``values`` None, ``(n,)``: 1 where the seat's item is true."""
    if values is None:
        return seat_numbers(n, name, lambda v: [1.0 if x else 0.0 for x in get(v)], doc, 0.0, 1.0)
    index = {v: i for i, v in enumerate(values)}

    def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
        for row, value in ctx.rows(get(view)):
            i = index.get(value)
            if i is not None:
                out[row, i] = 1.0

    shown = ", ".join(str(v) for v in values)
    return Piece(name, (n, len(values)), fill, f"{doc} (per seat one-hot: {shown})")


def log_cards(n: int, name: str, kind: str, doc: str) -> Piece:
    """``(n, 52)``: the cards of the view's ``log`` events of ``kind`` (``(kind, seat, card)``),
    by the seat's relative row."""

    def cards_by_seat(view: Any) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in range(n)]
        for k, s, c in getattr(view, "log", ()):
            if k == kind and s is not None and c is not None and 0 <= s < n:
                out[s].append(c)
        return out

    return seat_cards(n, name, cards_by_seat, doc)


def log_counts(n: int, name: str, kinds: Sequence[str], doc: str) -> Piece:
    """``(n, len(kinds))``: how many ``log`` events of each kind each seat made this deal."""
    index = {k: i for i, k in enumerate(kinds)}

    def fill(view: Any, ctx: Context, out: np.ndarray) -> None:
        for k, s, _ in getattr(view, "log", ()):
            i, row = index.get(k), ctx.row(s)
            if i is not None and row is not None:
                out[row, i] += 1.0

    return Piece(name, (n, len(kinds)), fill, f"{doc} (per seat, counts of: {', '.join(kinds)})", 0.0, np.inf)


def common_head(n: int, phases: Sequence[str]) -> list[Piece]:
    """The pieces most card games' views share: phase, dealer, player to act."""
    return [
        choice("phase", lambda v: v.phase, phases, "the deal's phase"),
        seat(n, "dealer", lambda v: v.dealer, "the dealer"),
        seat(n, "to_act", lambda v: v.current_player, "the seat to act"),
    ]


def seat_pairs(n: int, name: str, get: Callable[[Any], Iterable[tuple[int, int]]], doc: str) -> Piece:
    """``(n, 52)``: the cards of the ``(seat, card)`` pairs ``get`` gives (a trick, the cards
    played), by the seat's relative row."""

    def cards_by_seat(view: Any) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in range(n)]
        for s, c in get(view):
            out[s].append(c)
        return out

    return seat_cards(n, name, cards_by_seat, doc)
