"""Krim: Supply Check: operational supply by calendar month, tactical supply at each instant.

A supply line is a path of any length free of enemy units and impassable hexes to a source the
receiving side controls (Krim: Supply Lines, Supply Sources). Operational sources give both
kinds of supply; tactical sources (the Soviet ports that are not operational sources) give
tactical supply only (the text's "Operational or Tactical supply source hex").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.context import Context
from wargames.core.frame_args import Shape
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.supply import SupplyMap, SupplyRules, trace_supply

from . import counters as cn

OOS = "oos"
"""Krim: Operational Supply: the OOS marker, kept the whole month."""

OPERATIONAL = "supply-operational"
TACTICAL = "supply-tactical"


def rules(ctx: Context) -> SupplyRules:
    """Krim: Supply Lines: any length; never through impassable terrain."""
    closed = frozenset(ctx.charts["movement"]["impassable"])
    return ctx.board.index.cached(
        ("krim-supply-rules", closed), lambda _: SupplyRules(closed_terrain=closed)
    )


def sources(ctx: Context, side: str, operational: bool) -> list[str]:
    """Krim: Supply Sources: source hexes the side controls now (never both sides at once)."""
    kinds = (OPERATIONAL,) if operational else (OPERATIONAL, TACTICAL)
    return sorted(
        n for kind in kinds for n in ctx.board.nodes_with(kind) if ctx.state.control.get(n) == side
    )


def trace(ctx: Context, side: str, operational: bool) -> SupplyMap:
    """One search for the whole side: lines free of enemy units (Krim: Supply Lines)."""
    blocked = sorted(cn.enemy_nodes(ctx, side))
    return trace_supply(ctx.board, rules(ctx), sources(ctx, side, operational), blocked=blocked)


def in_tactical_supply(ctx: Context, uid: str) -> bool:
    """Krim: Tactical Supply, at this instant (a unit on a source needs no line)."""
    unit = ctx.state.units[uid]
    if unit.at is None or unit.has("at-sea"):
        return True  # off the map, or at sea with the fleet (provisional reading)
    return trace(ctx, ctx.side_of(uid), operational=False).in_supply(unit.at)


def tactical_map(ctx: Context, side: str) -> SupplyMap:
    return trace(ctx, side, operational=False)


class MonthStartSupply(Step):
    """Krim: Operational Supply: at the start of each calendar month every unit of both sides
    that cannot trace to an operational source gets an OOS marker for the whole month."""

    name: ClassVar[str] = "month-start-supply"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "Krim: Operational Supply"

    def run(self, ctx: Context, frame: Frame) -> None:
        for side in cn.SIDES:
            line = trace(ctx, side, operational=True)
            for u in ctx.units_of(side):
                assert u.at is not None
                if line.in_supply(u.at):
                    if u.has(OOS):
                        ctx.state.put(u.unmarked(OOS))
                elif not u.has(OOS):
                    ctx.state.put(u.marked(OOS))
                    ctx.emit("oos", f"{u.id} is out of operational supply", unit=u.id)
        ctx.done()


class MonthEndSupply(Step):
    """Krim: Operational Supply: at the end of each month a unit with an OOS marker that still
    cannot trace to an operational source is eliminated; the others lose the marker (a unit
    sea-transferred off the map into the QRB meanwhile is in port: it keeps no marker)."""

    name: ClassVar[str] = "month-end-supply"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "Krim: Operational Supply"

    def run(self, ctx: Context, frame: Frame) -> None:
        for u in list(ctx.state.units.values()):
            if u.at is None and u.has(OOS):
                ctx.state.put(u.unmarked(OOS))
        for side in cn.SIDES:
            line = trace(ctx, side, operational=True)
            for u in ctx.units_of(side):
                if not u.has(OOS):
                    continue
                assert u.at is not None
                if line.in_supply(u.at):
                    ctx.state.put(u.unmarked(OOS))
                else:
                    cn.eliminate(ctx, u.id, "Krim: Operational Supply, still cut off at month end")
        ctx.done()
