"""Plain JSON values, frozen for sharing between copies of a game state.

:func:`freeze` turns lists into tuples and dicts into :class:`FrozenDict`; :func:`thaw` turns
them back into JSON-native lists and dicts. Frozen values can be shared by every copy of a
state, which is what keeps ``copy()`` cheap.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator, Mapping
from typing import Any, TypeAlias

JSONValue: TypeAlias = Any
"""A JSON value: None, bool, int, float, str, list/tuple of them, or str-keyed dict/mapping."""

MAX_DEPTH = 32
"""How deeply lists and tables may nest in a scenario, a saved game or an action."""


class TooDeep(ValueError):
    """A value nests lists or tables more than :data:`MAX_DEPTH` deep."""

    def __init__(self, limit: int = MAX_DEPTH) -> None:
        super().__init__(f"lists and tables nest more than {limit} deep")


def depth_error(value: Any, limit: int = MAX_DEPTH) -> TooDeep | None:
    """A :class:`TooDeep` if ``value`` nests containers more than ``limit`` deep (iterative,
    so it never recurses itself); else None."""
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, Mapping):
            children: Any = v.values()
        elif isinstance(v, (list, tuple)):
            children = v
        else:
            continue
        if d >= limit:
            return TooDeep(limit)
        todo.extend((c, d + 1) for c in children)
    return None


def _no_nan(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_text(text: str | bytes, kind: str = "JSON") -> Any:
    """Parse JSON or TOML text (``kind``) with bounded nesting.

    ValueError (one line) for text that is not UTF-8, not valid, or nested more than
    :data:`MAX_DEPTH` deep; the parsers never recurse without bound."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"not UTF-8 text (byte {exc.start})") from None
    try:
        data = tomllib.loads(text) if kind == "TOML" else json.loads(text, parse_constant=_no_nan)
    except RecursionError:
        raise TooDeep() from None
    except ValueError as exc:
        raise ValueError(f"not valid {kind}: {exc}") from None
    error = depth_error(data)
    if error is not None:
        raise error
    return data


class FrozenDict(Mapping[str, Any]):
    """An immutable, hashable str-keyed mapping; iterates in key order."""

    __slots__ = ("_d", "_h")

    def __init__(self, items: Mapping[str, Any] | None = None) -> None:
        # Keys in sorted order, as canonical JSON (and so every loaded save) has them: a
        # value iterates alike before and after a round trip.
        self._d: dict[str, Any] = dict(sorted((items or {}).items()))
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


_SCALARS = frozenset({bool, int, float, str})


def freeze(value: Any) -> Any:
    """The immutable form of a JSON value (TypeError for anything that is not JSON)."""
    kind = type(value)
    if value is None or kind in _SCALARS or kind is FrozenDict:
        return value  # the common cases first, without the ABC checks below
    if kind is tuple or kind is list:
        # scalars inline: most lists hold unit ids or hexes, and a call each costs more
        return tuple([v if v is None or type(v) in _SCALARS else freeze(v) for v in value])
    if kind is dict:
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise TypeError(f"JSON object keys must be strings, not {k!r}")
            out[k] = v if v is None or type(v) in _SCALARS else freeze(v)
        return FrozenDict(out)
    if isinstance(value, (bool, int, float, str)):
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
