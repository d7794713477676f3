"""Krim: victory (provisional data, charts.victory): the 1941 scenario's "every supply source
by the end of December 1941" (research S3), a provisional campaign condition, and the May 1942
scenario's provisional "take Kerch"."""

from __future__ import annotations

from wargames.core.context import Context
from wargames.core.estimate import nearness, vp_race
from wargames.core.state import Result

from . import counters as cn

SOURCE = "soviet-source"


def soviet_sources(ctx: Context) -> list[str]:
    return sorted(ctx.board.nodes_with(SOURCE))


def axis_holds_every_source(ctx: Context) -> bool:
    return all(ctx.state.control.get(n) == cn.AXIS for n in soviet_sources(ctx))


def sudden_death(ctx: Context) -> Result | None:
    """The Axis wins at once holding every Soviet supply source (both scenarios)."""
    if axis_holds_every_source(ctx):
        return Result(cn.AXIS, "victory", "the Axis controls every Soviet supply source")
    return None


def final(ctx: Context) -> Result:
    v = ctx.charts["victory"]
    if v["kind"] == "all-sources":
        held = [n for n in soviet_sources(ctx) if ctx.state.control.get(n) != cn.AXIS]
        return Result(cn.SOVIET, "victory", f"the Soviets still hold {', '.join(held)}")
    hold = list(v["hold"])
    axis = [n for n in hold if ctx.state.control.get(n) == cn.AXIS]
    if v["kind"] == "axis-takes":
        if len(axis) == len(hold):
            return Result(cn.AXIS, "victory", f"the Axis has taken {', '.join(hold)}")
        return Result(cn.SOVIET, "victory", f"the Axis has not taken {', '.join(hold)}")
    if len(axis) == len(hold):
        return Result(cn.AXIS, "victory", f"the Axis holds {', '.join(hold)}")
    if not axis:
        return Result(cn.SOVIET, "victory", f"the Soviets hold {', '.join(hold)}")
    return Result(None, "draw", f"the Axis holds only {', '.join(axis)}")


def objectives(ctx: Context) -> list[str]:
    """The hexes the scenario's victory counts: every Soviet supply source (sudden death,
    and the 1941 scenario), then the hexes to hold at the end (campaign, May 1942)."""
    return [*soviet_sources(ctx), *ctx.charts["victory"].get("hold", ())]


APPROACH = 0.2
"""Weight of the Axis approach to its objectives in the search estimate."""


def approach(ctx: Context) -> float:
    """How near the Axis stands to the victory hexes it does not hold: per hex, 1 held, else
    1 less the nearest Axis unit's distance over land as a share of the farthest land hex's;
    the mean over the hexes (the Axis wins by taking them, Krim: campaign victory)."""
    closed = frozenset(ctx.charts["movement"]["impassable"])
    targets = set(objectives(ctx))
    return nearness(
        ctx,
        [u.at for u in ctx.units_of(cn.AXIS) if u.at is not None],
        dict.fromkeys(targets, 1.0),
        held={n for n in targets if ctx.state.control.get(n) == cn.AXIS},
        passable=lambda n: ctx.board.terrain(n) not in closed,
        key=("krim-land", closed),
    )


def estimate(ctx: Context, side: str) -> float:
    """For search agents, from ``side``'s view: a race for the victory hexes the Axis must
    take (each Soviet source, and each hex to hold counted once more), half the share of
    them the Axis controls, half the Axis share of the steps on the map; with weight
    :data:`APPROACH`, how near the Axis units stand to the hexes it does not hold yet."""
    hexes = objectives(ctx)
    held = sum(ctx.state.control.get(n) == cn.AXIS for n in hexes)
    race = vp_race(ctx, cn.AXIS, cn.AXIS, held, len(hexes))
    axis = (1.0 - APPROACH) * race + APPROACH * approach(ctx)
    return axis if side == cn.AXIS else 1.0 - axis
