"""Supply: a point is in a side's supply if a line of points the side controls, free of enemy
units (partisans and entrained factories aside: no effect of theirs but destruction on entry
survives), joins it to one of the side's sources (points with ``supply`` = the side, and its
off-map box). The Kerch Straits carry supply (DC2 Terrain D); the text's supply rule itself is
lost, so this trace is the closest surviving Coatney rule (the hex edition: a line back to the
owner's map edge) on points (provisional).
"""

from __future__ import annotations

from collections import deque

from wargames.core.context import Context

from . import counters as cn
from . import geography as geo


def supplied_points(ctx: Context, side: str, straits: bool = True) -> frozenset[str]:
    """Every point in ``side``'s supply now (kept per position: control and occupants);
    ``straits=False`` traces without crossing the Kerch Straits (DC2 Terrain D: supply for
    producing reinforcements and replacements)."""
    occ = ctx.state.occupancy()
    control = ctx.state.control
    table = geo.points(ctx)
    # points held by enemy units; enemy partisans and entrained factories do not cut supply
    # (their effects beyond destruction on entry are lost: none is invented)
    blocked = sorted(
        p
        for p, us in occ.items()
        if any(ctx.side_of(u) != side and not cn.fragile(ctx, u) for u in us)
    )
    key = (side, straits, tuple(sorted(control.items())), tuple(blocked))
    cache: dict[object, frozenset[str]] = ctx.board.index.cached("dc2-supply", lambda _: {})
    got = cache.get(key)
    if got is not None:
        return got
    open_ = {
        p
        for p, info in table.items()
        if (control.get(p) == side or info.box == side) and p not in blocked
    }
    sources = sorted(p for p in open_ if table[p].supply == side or table[p].box == side)
    seen = set(sources)
    todo = deque(sources)
    while todo:
        p = todo.popleft()
        for q in table[p].neighbours:
            if not straits and geo.straits(ctx, p, q):
                continue
            if q in open_ and q not in seen:
                seen.add(q)
                todo.append(q)
    if len(cache) > 256:
        cache.clear()
    got = cache[key] = frozenset(seen)
    return got
