"""One side's units in the state's order: the part of a position a value derived from that
side's units alone reads (the key part for :class:`~wargames.core.state.PartMemo`)."""

from __future__ import annotations

from itertools import compress

from .context import Context
from .units import UnitState

_MASKS: dict[str, tuple[object, tuple[str, ...], list[bool]]] = {}
"""Per side: (scenario, the state's unit ids in order, which of them are the side's), the
last asked; replaced whole."""


def side_units(ctx: Context, side: str) -> tuple[UnitState, ...]:
    """All of ``side``'s units (on the map or not) in the state's order. Which entries of the
    state's units are ``side``'s is found once per scenario (by identity) and order of ids."""
    units = ctx.state.units
    ids = tuple(units)
    got = _MASKS.get(side)
    if got is None or got[0] is not ctx.scenario or got[1] != ids:
        defs = ctx.scenario.units
        got = _MASKS[side] = (ctx.scenario, ids, [defs[u].side == side for u in ids])
    return tuple(compress(units.values(), got[2]))
