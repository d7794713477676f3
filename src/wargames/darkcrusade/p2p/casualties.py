"""The elimination of a unit, by hits, at sea or on entry into its point: off the map to the
eliminated box, or to the lost box if it is irreplaceable because it died out of supply.

Replacements (filled gap, Darkest Crusade: Russian Replacements): "Siberian units are
irreplaceable, as is 16. Army, if it is eliminated while out of supply". A unit flagged
``irreplaceable-unsupplied`` (the 16th Army) eliminated on a point out of its side's supply
goes to the lost box, which replacements never draw from, however it dies (hits, sea loss,
voluntary elimination)."""

from __future__ import annotations

from wargames.core import changes
from wargames.core.context import Context

from . import counters as cn
from .supply import supplied_points


def eliminate(ctx: Context, uid: str, why: str) -> None:
    """Take ``uid`` off the map: to the lost box if it is irreplaceable out of supply and its
    point is out of its side's supply now, else to the eliminated box."""
    box = cn.ELIMINATED
    if cn.has(ctx, uid, cn.IRREPLACEABLE_UNSUPPLIED):
        at = ctx.state.units[uid].at
        if at not in supplied_points(ctx, ctx.side_of(uid)):
            box = cn.LOST
    changes.eliminate(ctx, uid, box, why)
