"""Krim: victory (provisional data, charts.victory): the 1941 scenario's "every supply source
by the end of December 1941" (research S3), a provisional campaign condition, and the May 1942
scenario's provisional "take Kerch"."""

from __future__ import annotations

from collections import deque

from wargames.core.board_index import BoardIndex
from wargames.core.context import Context
from wargames.core.estimate import vp_race
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


def land_distances(ctx: Context, target: str) -> tuple[int, ...]:
    """Hexes from every node to ``target`` over passable terrain (-1: unreachable), built once
    per board."""
    closed = frozenset(ctx.charts["movement"]["impassable"])

    def build(ix: BoardIndex) -> tuple[int, ...]:
        dist = [-1] * len(ix)
        start = ix.number[target]
        dist[start] = 0
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for v in ix.adj[u]:
                if dist[v] < 0 and ctx.board.terrain(ix.ids[v]) not in closed:
                    dist[v] = dist[u] + 1
                    queue.append(v)
        return tuple(dist)

    return ctx.board.index.cached(("krim-land-distances", target, closed), build)


def approach(ctx: Context) -> float:
    """How near the Axis stands to the victory hexes it does not hold: per hex, 1 held, else
    1 less the nearest Axis unit's distance over land as a share of the farthest land hex's;
    the mean over the hexes (the Axis wins by taking them, Krim: campaign victory)."""
    ix = ctx.board.index
    axis = [ix.number[u.at] for u in ctx.units_of(cn.AXIS) if u.at is not None]
    scores = []
    for target in sorted(set(objectives(ctx))):
        if target not in ix.number:
            continue  # a victory hex off this map (small test maps with the campaign's charts)
        if ctx.state.control.get(target) == cn.AXIS:
            scores.append(1.0)
            continue
        dist = land_distances(ctx, target)
        span = max(max(dist), 1)
        near = [dist[n] for n in axis if dist[n] >= 0]
        scores.append(1.0 - min(near) / span if near else 0.0)
    return sum(scores) / len(scores) if scores else 0.0


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
