"""Supply: a point is in a side's supply if a line of points the side controls, free of enemy
units, joins it to one of the side's sources (points with ``supply`` = the side, and its
off-map box). The Kerch Straits carry supply (DC2 Terrain D); the text's supply rule itself is
lost, so this trace is the closest surviving Coatney rule (the hex edition: a line back to the
owner's map edge) on points (provisional).
"""

from __future__ import annotations

from collections import deque

from wargames.core.context import Context

from . import geography as geo


def supplied_points(ctx: Context, side: str) -> frozenset[str]:
    """Every point in ``side``'s supply now (cached per state of control and units)."""
    occ = ctx.state.occupancy()
    control = ctx.state.control
    board = ctx.board
    open_ = {
        p
        for p in board
        if (control.get(p) == side or board.attr(p, "box") == side)
        and geo.holder(ctx, occ, p) in (None, side)
    }
    sources = [p for p in open_ if board.attr(p, "supply") == side or board.attr(p, "box") == side]
    seen = set(sources)
    todo = deque(sorted(sources))
    while todo:
        p = todo.popleft()
        for q in board.neighbours(p):
            if q in open_ and q not in seen:
                seen.add(q)
                todo.append(q)
    return frozenset(seen)
