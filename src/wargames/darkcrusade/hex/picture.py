"""What Dark Crusade (hex) pictures show a side: a drawn army's factors once revealed (the
face-down mech group to the Russian player), a hidden army face down ("?"); the zones of
control of DCH: Zones of Control."""

from __future__ import annotations

import attrs

from wargames.core.context import Context
from wargames.core.counters import UNKNOWN, Counter, default_counter
from wargames.core.jsonvalue import thaw

from . import counters as cn
from .hidden import visible_profile
from .zoc import zone_map


def counter(ctx: Context, uid: str, side: str | None) -> Counter:
    """DCH: Hidden and/vs. Revealed Russian units: the factors ``side`` may know (all for
    None); the movement factor is printed on every counter."""
    c = default_counter(ctx, uid, side)
    vars_ = thaw(dict(ctx.state.vars))
    drawn = vars_.get("profiles", {}).get(uid)
    shown = drawn if side is None else visible_profile(vars_, uid, side)
    if shown is not None:
        move = int(ctx.unit_def(uid).movement[0])
        return attrs.evolve(c, values=f"{shown}-{move}" if move else str(shown))
    if drawn is not None or cn.has(ctx, uid, "hidden"):
        return attrs.evolve(c, values=UNKNOWN)
    return c


def zoc(ctx: Context, side: str) -> frozenset[str]:
    """DCH: Zones of Control: the hexes in the ZOC of ``side``'s units."""
    return frozenset(zone_map(ctx, side).labels(ctx.board.index))
