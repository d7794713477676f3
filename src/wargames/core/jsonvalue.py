"""Plain JSON values, frozen for sharing between copies of a game state.

:func:`freeze` turns lists into tuples and dicts into :class:`FrozenDict`; :func:`thaw` turns
them back into JSON-native lists and dicts. Frozen values can be shared by every copy of a
state, which is what keeps ``copy()`` cheap.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any, TypeAlias

JSONValue: TypeAlias = Any
"""A JSON value: None, bool, int, float, str, list/tuple of them, or str-keyed dict/mapping."""


class FrozenDict(Mapping[str, Any]):
    """An immutable, hashable str-keyed mapping."""

    __slots__ = ("_d", "_h")

    def __init__(self, items: Mapping[str, Any] | None = None) -> None:
        self._d: dict[str, Any] = dict(items or {})
        self._h: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._d[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __hash__(self) -> int:
        if self._h is None:
            self._h = hash(frozenset(self._d.items()))
        return self._h

    def __repr__(self) -> str:
        return f"FrozenDict({self._d!r})"


def freeze(value: Any) -> Any:
    """The immutable form of a JSON value (TypeError for anything that is not JSON)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, FrozenDict):
        return value
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise TypeError(f"JSON object keys must be strings, not {k!r}")
            out[k] = freeze(v)
        return FrozenDict(out)
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    raise TypeError(f"not a JSON value: {value!r}")


def thaw(value: Any) -> Any:
    """The JSON-native form (lists and dicts) of a frozen value."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value


def dumps(value: Any) -> str:
    """Canonical JSON text: sorted keys, no spaces, so equal values give equal bytes."""
    return json.dumps(thaw(value), sort_keys=True, separators=(",", ":"), allow_nan=False)
