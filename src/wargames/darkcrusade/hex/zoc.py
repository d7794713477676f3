"""DCH: Zones of Control: who exerts a movement-stopping ZOC.

Armies and korps have ZOCs (Disrupted or not for armies and German korps; a Disrupted Russian
or Axis allied korps has none); divisions have no ZOC other than their own hex. A ZOC does
not extend into the sea or an unfrozen lake (a lake frozen in Snow is land: DCH: Weather).
"""

from __future__ import annotations

from wargames.core.context import Context
from wargames.core.zoc import ZocPolicy, ZoneMap, zones

from . import counters as cn
from .position import cached, shared
from .terrain import closed_water

UNDISRUPTED = "undisrupted"


def policy(ctx: Context) -> ZocPolicy:
    """The ZOC policy now: no ZOC into the sea, nor into a lake unless frozen."""
    return ZocPolicy(barriers=(), closed_terrain=closed_water(ctx), own_hex=False)


def zoc_units(ctx: Context, side: str, undisrupted_only: bool = False) -> dict[str, str]:
    """``side``'s units exerting a ZOC: unit -> hex (only undisrupted ones if asked)."""
    ranks = shared(ctx, ("zoc-ranks",), lambda: _ranks(ctx))
    out: dict[str, str] = {}
    for u in ctx.units_of(side):
        rank = ranks[u.id]
        # as ``cn.has_zoc``: none (0), only UnDisrupted (1), Disrupted too (2)
        if rank == 0 or (u.has(cn.DISRUPTED) and (rank == 1 or undisrupted_only)):
            continue
        assert u.at is not None
        out[u.id] = u.at
    return out


def _ranks(ctx: Context) -> dict[str, int]:
    """Each counter's :func:`counters.zoc_rank`."""
    return {uid: cn.zoc_rank(ctx, uid) for uid in ctx.scenario.units}


def zone_map(ctx: Context, side: str, undisrupted_only: bool = False) -> ZoneMap[str]:
    """The ZOC of ``side``'s units as a kernel zone map."""
    return cached(ctx, ("zoc", side, undisrupted_only), lambda: _zones(ctx, side, undisrupted_only))


def _zones(ctx: Context, side: str, undisrupted_only: bool) -> ZoneMap[str]:
    units = zoc_units(ctx, side, undisrupted_only)
    # the map reads only these units' hexes and the policy (the water closed now)
    key = ("zoc", tuple(units.items()), closed_water(ctx))
    return shared(ctx, key, lambda: zones(ctx.board.index, units, policy(ctx)))


def bonus_zoc(ctx: Context, enemy_side: str) -> ZoneMap[str]:
    """DCH: Operational Movement (OMB): the ZOC of UnDisrupted Russian armies or German korps
    or armies (not Axis allied armies), which a unit using the bonus may neither enter nor
    vacate."""
    return cached(ctx, ("bonus-zoc", enemy_side), lambda: _bonus_zoc(ctx, enemy_side))


def _bonus_zoc(ctx: Context, enemy_side: str) -> ZoneMap[str]:
    units = {
        uid: at
        for uid, at in zoc_units(ctx, enemy_side, undisrupted_only=True).items()
        if (cn.is_army(ctx, uid) and not cn.is_ally(ctx, uid))
        or (cn.is_german(ctx, uid) and cn.is_korps(ctx, uid))
    }
    key = ("bonus-zoc", tuple(units.items()), closed_water(ctx))
    return shared(ctx, key, lambda: zones(ctx.board.index, units, policy(ctx)))
