"""Immutable containers for views and deal results: a view is a deep, frozen snapshot.

A view (and every deal result in it) is built from tuples, :class:`FrozenMap` objects, frozen
dataclasses and scalars only, so that nothing a player or an interface does to it can reach the
state. :func:`freeze` turns lists, sets and dicts into those, deeply.

A FrozenMap is its own snapshot: it copies its source on construction, and keeps the copy
behind a read-only proxy (``types.MappingProxyType``), so not even its private ``_items`` can
change it. Like a tuple, it may then be shared — by the state and its views, by a cache and the
views built from it — at no cost: nothing done through one reaches the others.

>>> m = FrozenMap({1: [2, 3]})
>>> m[1], m == {1: (2, 3)}, dict(m)
((2, 3), True, {1: (2, 3)})
>>> m == FrozenMap({1: (2, 3)}), m == FrozenMap({1: (2,)}), m != {1: (2,)}, m == [1]
(True, False, True, False)
>>> m.clear()
Traceback (most recent call last):
...
AttributeError: 'FrozenMap' object has no attribute 'clear'
>>> m._items[1] = ()
Traceback (most recent call last):
...
TypeError: 'mappingproxy' object does not support item assignment
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, Sequence, ValuesView
from types import MappingProxyType
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


def snapshot(cls: type[T], **values: Any) -> T:
    """An instance of the frozen dataclass ``cls`` with ``values``, built without its
    ``__init__`` (which sets each field through ``object.__setattr__``: most of the cost of a
    view built at every decision). ``values`` names every field with a frozen value; ``cls``
    has no ``__post_init__`` and no slots. Equal to ``cls(**values)``.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     x: int
    ...     y: tuple
    >>> snapshot(P, x=1, y=(2,)) == P(1, (2,))
    True
    """
    obj = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


def freeze(value: Any) -> Any:
    """``value`` with every list made a tuple, every set a frozenset and every dict a
    :class:`FrozenMap`, deeply; other objects (scalars, frozen dataclasses) as they are."""
    if isinstance(value, FrozenMap):
        return value
    if isinstance(value, Mapping):
        return FrozenMap(value)
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(v) for v in value)
    return value


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """A read-only mapping whose values are frozen with :func:`freeze`: a copy of its source,
    kept behind a read-only proxy (``_items``). It compares equal to a dict with the same items,
    hashes when its values do, and copies as itself."""

    __slots__ = ("_items", "_hash")

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        object.__setattr__(self, "_items", MappingProxyType({k: freeze(v) for k, v in (items or {}).items()}))
        object.__setattr__(self, "_hash", None)

    def __getitem__(self, key: K) -> V:
        return self._items[key]  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def keys(self) -> KeysView[K]:
        return self._items.keys()

    def values(self) -> ValuesView[V]:
        return self._items.values()

    def items(self) -> ItemsView[K, V]:
        return self._items.items()

    def get(self, key: K, default: Any = None) -> Any:
        return self._items.get(key, default)

    def __repr__(self) -> str:
        return f"FrozenMap({dict(self._items)!r})"

    def __eq__(self, other: object) -> bool:
        # as Mapping's (the same items), without building two dicts: views are compared often
        if self is other:
            return True
        if isinstance(other, FrozenMap):
            return self._items == other._items
        if isinstance(other, Mapping):
            return self._items == dict(other.items())
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        h = self._hash  # computed once: the items never change (a trail's options are hashed at every sample)
        if h is None:
            h = hash(frozenset(self._items.items()))
            object.__setattr__(self, "_hash", h)
        return h

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a FrozenMap cannot be changed (setting {name!r})")

    def __copy__(self) -> FrozenMap[K, V]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenMap[K, V]:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (dict(self._items),))


class SharedTuple(Sequence[T], Generic[T]):
    """An immutable sequence that shares most of itself with the one it was made from: its
    items lie in chunks of at most :attr:`CHUNK` (tuples), after an optional ``head``, and
    :meth:`appended`, :meth:`removed` and :meth:`with_head` copy only the chunk they change
    and the list of chunks. A match's standing that grows with the match (Reversis's bêtes
    on the game) can then be kept after every deal and in every view without a copy of the
    whole each time. It compares equal to a tuple or a list with the same items and
    hashes like the tuple of its items.

    >>> a = SharedTuple([1, 2, 3]).appended(4)
    >>> b = a.removed(2).with_head(("h",))
    >>> tuple(a), tuple(b), len(b), b[0], b[2], b[-1], b[1:3]
    ((1, 2, 3, 4), ('h', 1, 3, 4), 4, 'h', 3, 4, (1, 3))
    >>> b == ("h", 1, 3, 4), b == ["h", 1, 3, 4], hash(b) == hash(("h", 1, 3, 4)), a.removed(9) is a
    (True, True, True, True)
    """

    CHUNK = 64
    __slots__ = ("_head", "_chunks", "_len", "_hash")

    def __init__(self, items: Iterable[T] = (), head: tuple = ()) -> None:
        items = tuple(items)
        size = self.CHUNK
        self._set(tuple(head), tuple(items[k:k + size] for k in range(0, len(items), size)))

    def _set(self, head: tuple, chunks: tuple[tuple, ...]) -> None:
        object.__setattr__(self, "_head", head)
        object.__setattr__(self, "_chunks", chunks)
        object.__setattr__(self, "_len", len(head) + sum(map(len, chunks)))
        object.__setattr__(self, "_hash", None)

    @classmethod
    def _made(cls, head: tuple, chunks: tuple[tuple, ...]) -> SharedTuple[T]:
        out = object.__new__(cls)
        out._set(head, chunks)
        return out

    @property
    def head(self) -> tuple:
        """The items before the chunks (:meth:`with_head`)."""
        return self._head

    def body(self) -> SharedTuple[T]:
        """The items after the head, sharing their chunks."""
        return self if not self._head else self._made((), self._chunks)

    def appended(self, item: T) -> SharedTuple[T]:
        """These items and ``item`` after them."""
        chunks = self._chunks
        if chunks and len(chunks[-1]) < self.CHUNK:
            return self._made(self._head, (*chunks[:-1], (*chunks[-1], item)))
        return self._made(self._head, (*chunks, (item,)))

    def removed(self, item: T) -> SharedTuple[T]:
        """These items without one (after the head) equal to ``item``; itself if none is."""
        return self.replaced(item, None)

    def replaced(self, item: T, new: T | None) -> SharedTuple[T]:
        """These items with one (after the head) equal to ``item`` replaced by ``new``, in its
        place, or removed (``new`` None); itself if none is equal to ``item``. Items are looked
        for from the last chunk back (the newest change the most), so with equal items it is
        the last of them."""
        chunks = self._chunks
        for k in range(len(chunks) - 1, -1, -1):
            chunk = chunks[k]
            if item in chunk:
                rest = list(chunk)
                i = rest.index(item)
                if new is None:
                    del rest[i]
                else:
                    rest[i] = new
                middle = (tuple(rest),) if rest else ()
                return self._made(self._head, (*chunks[:k], *middle, *chunks[k + 1:]))
        return self

    def with_head(self, head: tuple) -> SharedTuple[T]:
        """The same items after the chunks, ``head`` before them (the chunks shared)."""
        return self._made(tuple(head), self._chunks)

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[T]:
        yield from self._head
        for chunk in self._chunks:
            yield from chunk

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return tuple(self)[index]
        n = self._len
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("SharedTuple index out of range")
        if index < len(self._head):
            return self._head[index]
        last = self._chunks[-1]
        if index >= n - len(last):  # the newest items, read the most (the last result)
            return last[index - n + len(last)]
        index -= len(self._head)
        for chunk in self._chunks:
            if index < len(chunk):
                return chunk[index]
            index -= len(chunk)
        raise IndexError("SharedTuple index out of range")  # pragma: no cover

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, SharedTuple):
            if self._len != other._len:
                return False
            if self._head == other._head and self._chunks == other._chunks:  # chunks shared: by identity, fast
                return True
            return tuple(self) == tuple(other)
        if isinstance(other, (tuple, list)):  # (the results were a list: ``state.results == []``)
            return len(other) == self._len and list(self) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        h = self._hash  # computed once: the items never change
        if h is None:
            h = hash(tuple(self))
            object.__setattr__(self, "_hash", h)
        return h

    def __repr__(self) -> str:
        return f"SharedTuple({list(self)!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a SharedTuple cannot be changed (setting {name!r})")

    def __copy__(self) -> SharedTuple[T]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SharedTuple[T]:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (SharedTuple, (tuple(self.body()), self._head))


class ChunkedList(Generic[T]):
    """A list that only grows (``append``, ``extend``), read as a list reads — ``len``,
    indexing, slices (lists), iteration, ``==`` with a list — whose first items lie in frozen
    chunks of :attr:`CHUNK` shared with its copies: :meth:`copy` costs the last chunk and the
    list of chunks, not the whole. A state's history and its ledger's entries are kept so: a
    clone that plays on copies them (copy on write), and a search's every world then costs the
    same late in a long match as early.

    >>> h = ChunkedList(range(2500)); c = h.copy(); c.append(-1)
    >>> len(h), len(c), c[-1], c[2499], h[1023:1026], c == list(range(2500)) + [-1], h == c
    (2500, 2501, -1, 2499, [1023, 1024, 1025], True, False)
    """

    CHUNK = 1024
    __slots__ = ("_chunks", "_tail")

    def __init__(self, actions: Iterable[int] = ()) -> None:
        items = list(actions)
        size = self.CHUNK
        whole = len(items) - len(items) % size
        self._chunks: tuple[tuple[T, ...], ...] = tuple(tuple(items[k:k + size]) for k in range(0, whole, size))
        self._tail: list[T] = items[whole:]

    def copy(self) -> ChunkedList:
        other = object.__new__(ChunkedList)
        other._chunks, other._tail = self._chunks, self._tail.copy()
        return other

    def append(self, action: int) -> None:
        tail = self._tail
        tail.append(action)
        if len(tail) == self.CHUNK:
            self._chunks = (*self._chunks, tuple(tail))
            self._tail = []

    def extend(self, actions: Iterable[int]) -> None:
        for action in actions:
            self.append(action)

    def __add__(self, actions: Iterable[int]) -> ChunkedList:
        """A new history, these actions then ``actions`` (the chunks shared)."""
        out = self.copy()
        out.extend(actions)
        return out

    def __len__(self) -> int:
        return len(self._chunks) * self.CHUNK + len(self._tail)

    def __iter__(self) -> Iterator[int]:
        for chunk in self._chunks:
            yield from chunk
        yield from self._tail

    def __getitem__(self, index: Any) -> Any:
        frozen = len(self._chunks) * self.CHUNK
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return list(self)[index]
            if stop <= start:
                return []
            if start >= frozen:
                return self._tail[start - frozen:stop - frozen]
            out: list[int] = []
            k = start // self.CHUNK
            while start < stop and k < len(self._chunks):
                chunk = self._chunks[k]
                base = k * self.CHUNK
                out.extend(chunk[start - base:min(stop, base + self.CHUNK) - base])
                start, k = base + self.CHUNK, k + 1
            if start < stop:
                out.extend(self._tail[start - frozen:stop - frozen])
            return out
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("ChunkedList index out of range")
        if index >= frozen:
            return self._tail[index - frozen]
        return self._chunks[index // self.CHUNK][index % self.CHUNK]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ChunkedList):  # (the same length: chunks alike, full ones)
            return len(self) == len(other) and self._chunks == other._chunks and self._tail == other._tail
        if isinstance(other, list):
            return len(other) == len(self) and list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  (changes, like a list)

    def __repr__(self) -> str:
        return repr(list(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (ChunkedList, (list(self),))
