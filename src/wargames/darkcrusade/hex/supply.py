"""DCH: Supply: Axis lines of 4 hexes (3 in Mud or Snow) to an Axis country or one of the five
rail heads; Russian lines of 6 hexes to a friendly railroad and along it to the eastern
mapboard edge; Limited Supply up to 12 hexes, Isolated beyond; never through an enemy-occupied
hex or an enemy ZOC unless a friendly unit is there; in Snow, Axis units more than 3 hexes
from an Axis army in supply are out of supply. The Supply Status Determination Phase marks
units Limited or Isolated; Isolated units are Disrupted and cannot recover.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.context import Context
from wargames.core.frame_args import SIDE, Shape
from wargames.core.markers import TURN, scoped
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.supply import SupplyMap, SupplyRules, SupplyStatus, trace_supply

__all__ = ["SupplyStatus", "SupplyStep", "statuses", "supply_map"]

from . import counters as cn
from .charts import charts
from .position import cached, per_occupancy, shared
from .terrain import closed_water, rail_nodes
from .weather import MUD, SNOW, weather
from .zoc import zone_map

RULE = "DCH: Supply"
AXIS_COUNTRIES = ("germany", "romania", "hungary")


def axis_sources(ctx: Context) -> list[str]:
    control = ctx.state.control
    out = {
        n
        for f in AXIS_COUNTRIES
        for n in ctx.board.nodes_with(f)
        if control.get(n, cn.AXIS) == cn.AXIS
    }
    out.update(h for h in ctx.state.get("railheads", ()) if control.get(h) == cn.AXIS)
    return sorted(out)


def supply_map(ctx: Context, side: str) -> SupplyMap:
    """The side's supply lines now, for every hex at once (full and limited tiers)."""
    return cached(ctx, ("supply", side), lambda: _supply_map(ctx, side))


def _supply_map(ctx: Context, side: str) -> SupplyMap:
    ch = charts(ctx).supply
    other = cn.enemy(side)
    index = ctx.board.index

    def occupied() -> tuple[frozenset[str], tuple[tuple[str, int], ...]]:
        occ = ctx.state.occupancy()
        enemy = frozenset(n for n, us in occ.items() if ctx.side_of(us[0]) == other)
        own = tuple((n, index.number[n]) for n, us in occ.items() if ctx.side_of(us[0]) == side)
        return enemy, own

    blocked, own = per_occupancy(ctx, ("supply-occupied", side), occupied)
    zoc = zone_map(ctx, other)
    # friendly units only negate the enemy ZOC in their hexes: the trace reads no other
    ours = frozenset(n for n, v in own if v in zoc)
    w = weather(ctx)
    closed = closed_water(ctx)  # DCH: Weather: a frozen lake carries supply lines
    if side == cn.AXIS:
        bad = w in (MUD, SNOW)
        rules = SupplyRules(
            range=int(ch["axis_range_bad" if bad else "axis_range"]),
            limited_range=int(ch["limited_range"]),
            closed_terrain=closed,
        )
        sources = axis_sources(ctx)
        key = (side, w, blocked, zoc.nodes, ours, tuple(sources))

        def build() -> SupplyMap:
            return trace_supply(
                ctx.board, rules, sources, blocked=blocked, zoc=zoc.nodes, negated=ours
            )

        return shared(ctx, ("supply", key), build)
    rules = SupplyRules(
        range=int(ch["russian_range"]),
        limited_range=int(ch["limited_range"]),
        closed_terrain=closed,
    )
    # DCH: Supply: "6 hexes back to a friendly railroad and then to a[n] ... eastern ...
    # mapboard edge hex": the rail leg first, from the edge; rail hexes the Axis controls
    # are no friendly railroad. They block that leg only: the overland leg from the net is
    # blocked by enemy units and their ZOCs alone.
    control = ctx.state.control
    axis_rail = frozenset(n for n in rail_nodes(ctx) if control.get(n) == cn.AXIS)
    rail_key = (side, w, blocked, zoc.nodes, ours, axis_rail)

    def build_russian() -> SupplyMap:
        sources = sorted(
            trace_supply(
                ctx.board,
                SupplyRules(range=0, closed_terrain=closed, rail=frozenset({"rail"})),
                ctx.board.nodes_with("east-edge"),
                blocked=blocked | axis_rail,
                zoc=zoc.nodes,
                negated=ours,
            ).nodes()
        )
        return trace_supply(ctx.board, rules, sources, blocked=blocked, zoc=zoc.nodes, negated=ours)

    return shared(ctx, ("supply", rail_key), build_russian)


def statuses(ctx: Context, side: str) -> dict[str, SupplyStatus]:
    """Each of ``side``'s units on the map: its supply status now (DCH: Supply; in Snow the
    Axis 3-hex radius around an Axis army in supply)."""
    return dict(cached(ctx, ("statuses", side), lambda: _statuses(ctx, side)))


def _statuses(ctx: Context, side: str) -> dict[str, SupplyStatus]:
    got = supply_map(ctx, side)
    out = {u.id: got.status(u.at) for u in ctx.units_of(side) if u.at is not None}
    # DCH: Supply: Air Supply, first: an air-supplied army is an "Axis army unit in supply"
    aired = {u for u in out if ctx.state.units[u].has(scoped(cn.AIR_SUPPLIED, TURN))}
    out.update(dict.fromkeys(aired, SupplyStatus.SUPPLIED))
    if side == cn.AXIS and weather(ctx) == SNOW:
        radius = int(charts(ctx).supply["snow_army_radius"])
        armies = [
            ctx.state.units[u].at
            for u, s in out.items()
            if cn.is_army(ctx, u) and cn.is_axis(ctx, u) and s == SupplyStatus.SUPPLIED
        ]
        board = ctx.board
        for u, s in out.items():
            at = ctx.state.units[u].at
            assert at is not None
            # DCH: Weather: "... are considered to be out of supply, unless air-supplied"
            if (
                u not in aired
                and s != SupplyStatus.UNSUPPLIED
                and not any(a is not None and board.distance(at, a) <= radius for a in armies)
            ):
                out[u] = SupplyStatus.UNSUPPLIED
    return out


class SupplyStep(Step):
    """DCH: Sequence A.8 / B.6: Supply Status Determination for the side's units."""

    name: ClassVar[str] = "supply"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        side = frame.args["side"]
        for uid, status in statuses(ctx, side).items():
            unit = ctx.state.units[uid].unmarked(cn.LIMITED, cn.ISOLATED)
            if status == SupplyStatus.LIMITED:
                unit = unit.marked(cn.LIMITED)
            elif status == SupplyStatus.UNSUPPLIED:
                # DCH: Supply: Isolated units are Disrupted and cannot recover.
                unit = unit.marked(cn.ISOLATED, cn.DISRUPTED)
            ctx.state.put(unit)
        ctx.done()
