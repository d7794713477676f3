"""What Königsberg's pictures show a side (K45 0.1e): its own counters, and of each enemy
stack only the top unit, with the stack's height; the zones of control of K45 3.1."""

from __future__ import annotations

import attrs

from wargames.core.context import Context
from wargames.core.counters import Counter, default_counters

from .supply import zoc_of
from .view import Seen


def counters(ctx: Context, side: str | None) -> list[Counter]:
    """K45 0.1e: "He can only observe the stack's top unit": the side's own counters and the
    top counter of each enemy stack, told the stack's height (all counters for None); each
    stack drawn in its order, the top first."""
    order = {u: i for i, u in enumerate(ctx.state.get("stack_order", ()))}
    if side is None:
        out = default_counters(ctx, None)
        return sorted(out, key=lambda c: (order.get(c.id, len(order)), c.id))
    seen = Seen(ctx.state, side)
    out = []
    for uid in sorted(ctx.state.units):
        if ctx.state.units[uid].at is None:
            continue
        if uid in seen.mine:
            out.append(ctx.title.counter(ctx, uid, side))
        elif uid in seen.tops:
            c = ctx.title.counter(ctx, uid, side)
            out.append(attrs.evolve(c, stack=seen.tops[uid]))
    return sorted(out, key=lambda c: (order.get(c.id, len(order)), c.id))  # tops first


def zoc(ctx: Context, side: str) -> frozenset[str]:
    """K45 3.1: the hexes in the zone of control of ``side``'s units."""
    return frozenset(zoc_of(ctx, side).labels(ctx.board.index))
