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

from collections.abc import ItemsView, Iterator, KeysView, Mapping, ValuesView
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
