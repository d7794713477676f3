"""A small per-position cache: values derived from the position (zones of control, supply,
rail nets, movement situations) are computed once per position, not once per query.

A position is identified by the cached occupancy mapping (a new object whenever a unit changes
hex), the Disrupted units, control of hexes, the turn, the rail heads and converted rail; the
cache holds the last few positions only. Values must be immutable (or treated so by every caller).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from wargames.core import occupancy_memo
from wargames.core.context import Context
from wargames.core.state import GameState, UnitsMemo

from . import counters as cn

T = TypeVar("T")
_SIZE = 16
_CACHE: OrderedDict[Any, Any] = OrderedDict()


_MARKS = (cn.DISRUPTED, cn.LIMITED, cn.ISOLATED, cn.AIR_SUPPLIED + "@turn")
_UNITS_HASHED: UnitsMemo[_Hashed] = UnitsMemo(limit=8)


def _units(state: GameState) -> tuple[Any, ...]:
    a, b, c, d = _MARKS
    # per unit: its steps, with whether it carries each of the _MARKS if it has markers
    return tuple(
        (u.steps, (a in m, b in m, c in m, d in m)) if (m := u.markers) else u.steps
        for u in state.units.values()
    )


class _Hashed:
    """A tuple with its hash computed once: a position's key is looked up many times."""

    __slots__ = ("_hash", "items")

    def __init__(self, items: tuple[Any, ...]) -> None:
        self.items = items
        self._hash = hash(items)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, _Hashed) and self._hash == other._hash and self.items == other.items
        )


def fingerprint(ctx: Context) -> tuple[Any, ...]:
    state = ctx.state
    # the units' part is rebuilt only when a unit changed (UnitsMemo: same objects, same units)
    units = _UNITS_HASHED.get(state, "units", lambda: _Hashed(_units(state)))
    return (
        id(ctx.scenario),
        id(state.occupancy()),
        units,
        tuple(state.control.values()),
        state.turn,
        state.get("railheads"),
        state.get("converted"),
        state.get("profiles"),
    )


def cached(ctx: Context, key: Hashable, build: Callable[[], T]) -> T:
    """``build()`` once per position and key."""
    full = _Hashed((fingerprint(ctx), key))
    hit = _CACHE.get(full)
    if hit is not None:  # entries are (occupancy, value) pairs, never None
        _CACHE.move_to_end(full)
        got: T = hit[1]
        return got
    value = build()
    # keep the occupancy object alive with the entry so its id is never reused meanwhile
    _CACHE[full] = (ctx.state.occupancy(), value)
    while len(_CACHE) > _SIZE * 8:
        _CACHE.popitem(last=False)
    return value


class Shared:
    """Values built once per key and scenario, across positions: for values that read a small
    part of the position (an enemy's ZOC, a supply trace, a hex's stack), so that positions
    differing elsewhere share them. A key must name everything its value reads besides the
    scenario. Bounded: emptied when ``size`` keys are held."""

    def __init__(self, size: int) -> None:
        self._table: dict[Hashable, tuple[Any, Any]] = {}
        self._size = size

    def get(self, ctx: Context, key: Hashable, build: Callable[[], T]) -> T:
        """``build()`` once per ``key`` and scenario."""
        full = (id(ctx.scenario), key)
        got = self._table.get(full)
        # the scenario is kept with the entry (so its id is not reused) and compared
        if got is not None and got[0] is ctx.scenario:
            value: T = got[1]
            return value
        value = build()
        if len(self._table) >= self._size:
            self._table.clear()
        self._table[full] = (ctx.scenario, value)
        return value


_SHARED = Shared(256)


def shared(ctx: Context, key: Hashable, build: Callable[[], T]) -> T:
    """``build()`` once per ``key`` and scenario, across positions (:class:`Shared`)."""
    return _SHARED.get(ctx, key, build)


def per_occupancy(ctx: Context, key: Hashable, build: Callable[[], T]) -> T:
    """``build()`` once per occupancy and scenario (:func:`wargames.core.occupancy_memo.
    per_occupancy`), for values that read only which units are in which hexes and their
    counters (``key`` names anything else)."""
    return occupancy_memo.per_occupancy(
        ctx.state.occupancy(), ctx.scenario, ("darkcrusade-hex", key), build
    )
