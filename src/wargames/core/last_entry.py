"""A one-entry cache of a value derived from immutable objects, found by their identity."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class LastEntry(Generic[T]):
    """The value last built for some immutable ``objects`` (compared by identity: the entry
    keeps them alive, so their identities are not reused) and plain ``values`` (compared by
    equality). The entry is replaced whole, so threads may share it; hand out copies of a
    mutable value, never the kept one.

    >>> last: LastEntry[int] = LastEntry()
    >>> key = tuple([1, 2])
    >>> last.get((key,), lambda: sum(key)), last.get((key,), lambda: 0)
    (3, 3)
    >>> last.get((tuple([1, 2]),), lambda: 0)  # an equal object, not the same one: built anew
    0
    """

    __slots__ = ("_entry",)

    def __init__(self) -> None:
        self._entry: tuple[tuple[object, ...], Hashable, T] | None = None

    def get(
        self,
        objects: tuple[object, ...],
        build: Callable[[], T],
        values: Hashable = None,
        keep: bool = True,
    ) -> T:
        """The value for ``objects`` and ``values``, built by ``build()`` unless it is the
        entry's; kept as the new entry when ``keep`` (false: ``objects`` may change later)."""
        entry = self._entry
        if (
            entry is not None
            and entry[1] == values
            and len(entry[0]) == len(objects)
            and all(a is b for a, b in zip(entry[0], objects, strict=True))
        ):
            return entry[2]
        value = build()
        if keep:
            self._entry = (objects, values, value)
        return value
