"""Values kept while the units stand where they stood.

:meth:`GameState.occupancy` is a read-only mapping, a new object whenever a unit changes
node: a value that reads only where the units are (and the scenario's unit definitions) is
kept for the latest occupancy object asked under its key, compared by identity (the entry
keeps the object alive, so its identity is not reused). Cheaper than :class:`UnitsMemo`
when markers change often and units move seldom."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from types import MappingProxyType
from typing import Any, TypeVar

from .state import Occupancy

T = TypeVar("T")

_LATEST: dict[Hashable, tuple[Occupancy, object, Any]] = {}
"""key -> (occupancy, scenario, value): one entry per key, replaced whole (threads may share
it)."""


def per_occupancy(occ: Occupancy, scenario: object, key: Hashable, build: Callable[[], T]) -> T:
    """``build()``, kept for the latest read-only occupancy ``occ`` and ``scenario`` asked
    under ``key``. ``build`` may read only where the units are and the scenario; ``key``
    names anything else (a side, a flag). Any occupancy other than the state's read-only one
    (a mapping built for a what-if) is built every time."""
    got = _LATEST.get(key)
    if got is not None and got[0] is occ and got[1] is scenario:
        value: T = got[2]
        return value
    value = build()
    if isinstance(occ, MappingProxyType):
        _LATEST[key] = (occ, scenario, value)
    return value
