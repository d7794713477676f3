"""DCH: "Stacking" Limits.

Axis: at most 1 army and 1 motorized korps in a hex; at most 3 units, plus a panzer or SS
division if a motorized korps or army is there. Russian: at most 2 armies and/or corps, plus
the 1. Moscow Motorized Rifle Division. Airfields, katyushas, rail conversion units and
cavalry do not count. Rumanian and Hungarian units may not be stacked together.
"""

from __future__ import annotations

from collections.abc import Iterable

from wargames.core.context import Context

from . import counters as cn
from .position import Shared

RULE = "DCH: Stacking Limits"


def stacking_error(ctx: Context, units: Iterable[str]) -> str | None:
    """Why these units may not share a hex, or None."""
    units = tuple(units)
    # the answer reads only these units' counters (and their order)
    return _ERRORS.get(ctx, units, lambda: _stacking_error(ctx, list(units)))


_ERRORS = Shared(1 << 14)


def _stacking_error(ctx: Context, units: list[str]) -> str | None:
    if not units:
        return None
    sides = {ctx.side_of(u) for u in units}
    if len(sides) > 1:
        return "both sides in one hex"
    nats = {ctx.unit_def(u).nationality for u in units}
    if {"romanian", "hungarian"} <= nats:
        return "Rumanian and Hungarian units may not be stacked together"
    counted = [u for u in units if not cn.no_stack(ctx, u)]
    if sides == {cn.AXIS}:
        armies = [u for u in counted if cn.is_army(ctx, u)]
        mot = [u for u in counted if cn.is_korps(ctx, u) and cn.has(ctx, u, "motorized")]
        if len(armies) > 1 or len(mot) > 1:
            return "no more than 1 Axis army and 1 motorized korps in a hex"
        limit = 3
        divs = [u for u in counted if cn.is_division(ctx, u)]
        if (armies or mot) and any(cn.has(ctx, u, "panzer") or cn.has(ctx, u, "ss") for u in divs):
            limit = 4
        if len(counted) > limit:
            return f"no more than {limit} Axis units in this hex"
        return None
    big = [u for u in counted if cn.is_army(ctx, u) or cn.is_korps(ctx, u)]
    others = [u for u in counted if u not in big and not cn.has(ctx, u, "moscow")]
    if len(big) > 2:
        return "no more than 2 Russian armies and/or corps in a hex"
    if others and len(big) + len(others) > 2:
        return "no more than 2 Russian units in a hex (plus the 1. Moscow Motorized Rifle Div.)"
    return None


def fits(ctx: Context, uid: str, node: str, leaving: Iterable[str] = ()) -> bool:
    """Whether ``uid`` may end in ``node`` with the units there (minus ``leaving``)."""
    return fits_all(ctx, [uid], node, leaving)


def fits_all(ctx: Context, units: Iterable[str], node: str, leaving: Iterable[str] = ()) -> bool:
    """Whether ``units`` together may end in ``node`` with the units there (minus ``leaving``):
    a stack moving or retreating as one is counted as one (DCH: "Stacking" Limits)."""
    units = list(units)
    gone = set(leaving) | set(units)
    here = [u for u in ctx.state.occupancy().get(node, ()) if u not in gone]
    # DCH: Terrain (Mountain): panzer/tank and motorized units "must be at division/brigade
    # level to transit, even via roads, and there may not be more than 1 per mountain hex"
    # (a reading: no such korps ends any move in one, by sea and rail included)
    moving = sum(1 for u in units if mobile(ctx, u))
    mountain = moving and ctx.board.terrain(node) == "mountain"
    if mountain and any(not cn.is_division(ctx, u) for u in units if mobile(ctx, u)):
        return False
    if mountain and moving + sum(1 for u in here if mobile(ctx, u)) > 1:
        return False
    return stacking_error(ctx, [*here, *units]) is None


def mobile(ctx: Context, uid: str) -> bool:
    return cn.is_armour(ctx, uid) or cn.has(ctx, uid, "motorized")
