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

from wargames.core.context import Context
from wargames.core.state import GameState, UnitsMemo

from . import counters as cn

T = TypeVar("T")
_SIZE = 16
_CACHE: OrderedDict[tuple[Any, ...], Any] = OrderedDict()


_MARKS = (cn.DISRUPTED, cn.LIMITED, cn.ISOLATED, cn.AIR_SUPPLIED + "@turn")
_UNITS: UnitsMemo[tuple[Any, ...]] = UnitsMemo(limit=8)


def _units(state: GameState) -> tuple[Any, ...]:
    return tuple(
        (u.steps, tuple(m in u.markers for m in _MARKS)) if u.markers else u.steps
        for u in state.units.values()
    )


def fingerprint(ctx: Context) -> tuple[Any, ...]:
    state = ctx.state
    # the units' part is rebuilt only when a unit changed (UnitsMemo: same objects, same units)
    units = _UNITS.get(state, "units", lambda: _units(state))
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
    full = (fingerprint(ctx), key)
    if full in _CACHE:
        _CACHE.move_to_end(full)
        got: T = _CACHE[full][1]
        return got
    value = build()
    # keep the occupancy object alive with the entry so its id is never reused meanwhile
    _CACHE[full] = (ctx.state.occupancy(), value)
    while len(_CACHE) > _SIZE * 8:
        _CACHE.popitem(last=False)
    return value
