"""DC2 B. Strategic Sea Movement: after land movement, a unit that begins the phase in a port,
undispersed, moves to another friendly port in the same sea (the Black Sea and the Sea of Azov
are one sea) and is dispersed on arrival; one unit each in the Baltic and the Black Seas a
turn; into or out of the Sea of Azov only while holding both Kerch points; lost on a 1 in a
friendly-controlled sea, on 1, 3 or 5 in an enemy-controlled sea (a chance decision).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.actions import Action, Move, Outcome
from wargames.core.context import Context
from wargames.core.frame_args import NODE, SIDE, TEXT, UNIT, Shape, list_of, literal, one_of
from wargames.core.markers import PHASE, has_scoped
from wargames.core.state import Frame
from wargames.core.steps import DieStep, UnitFirstStep

from . import counters as cn
from . import geography as geo
from .casualties import eliminate
from .charts import charts
from .operational import enter

RULE = "DC2 B: Strategic Sea Movement"


def sea_group(name: str) -> str:
    """B: the Baltic, or the Black Sea with the Sea of Azov."""
    return "black" if name in geo.BLACK_SEAS else name


def controls_sea(ctx: Context, name: str, side: str) -> bool:
    """Who controls a sea (the hex edition): the side holding all its listed points."""
    points = charts(ctx).sea_control.get(name, ())
    return bool(points) and geo.controls_all(ctx, points, side)


def destinations(ctx: Context, side: str, uid: str, used: list[str]) -> list[str]:
    unit = ctx.state.units[uid]
    start = unit.at
    if start is None or ctx.side_of(uid) != side or unit.has(cn.DISPERSED) or cn.immobile(ctx, uid):
        return []
    if has_scoped(unit, cn.STRATEGIC, PHASE):
        return []  # B: a unit must *begin* the phase in a port: no land move first
    here = geo.sea(ctx, start)
    if here is None or sea_group(here) in used:
        return []
    occ = ctx.state.occupancy()
    kerch = geo.controls_all(ctx, geo.kerch_points(ctx), side)
    out = []
    for port in ctx.board.nodes_with("port"):
        there = geo.sea(ctx, port)
        if port == start or there is None or not geo.same_sea(here, there):
            continue
        if ctx.state.control.get(port) != side:
            continue
        if any(ctx.side_of(u) != side and not cn.fragile(ctx, u) for u in occ.get(port, ())):
            continue  # enemy partisans and entrained factories there are destroyed on arrival
        if "azov" in (here, there) and here != there and not kerch:
            continue  # B: both points of the Kerch Straits to move into or out of the Azov
        out.append(port)
    return sorted(out)


def losing_faces(ctx: Context, side: str, a: str, b: str) -> tuple[int, ...]:
    """B.1-2: the die faces that sink a unit: friendly sea or enemy-controlled sea."""
    seas = {geo.sea(ctx, a), geo.sea(ctx, b)} - {None}
    friendly = all(controls_sea(ctx, str(s), side) for s in seas)
    return charts(ctx).sea_loss["friendly" if friendly else "enemy"]


class SeaStep(UnitFirstStep):
    """DC2 B: a side's strategic sea movement, one unit per sea a turn."""

    name: ClassVar[str] = "sea"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "unit": one_of(UNIT, literal(None)),
        "used": list_of(TEXT),
    }
    rule: ClassVar[str] = RULE

    def units(self, ctx: Context, frame: Frame) -> list[str]:
        side, used = frame.args["side"], list(frame.get("used", ()))
        return [
            u.id
            for u in ctx.units_of(side)
            if u.at is not None
            and ctx.board.has(u.at, "port")
            and destinations(ctx, side, u.id, used)
        ]

    def unit_actions(self, ctx: Context, frame: Frame, uid: str) -> list[Action]:
        at = ctx.state.units[uid].at
        assert at is not None
        used = list(frame.get("used", ()))
        return [Move((uid,), (at, p)) for p in destinations(ctx, frame.args["side"], uid, used)]

    def refusal(self, ctx: Context, frame: Frame, action: Action) -> str:
        return (
            f"{action.to_json()}: a sea move needs an undispersed unit in a port, a friendly "
            "port of the same sea, the sea not yet used this turn, both Kerch points for the "
            "Sea of Azov; choose the unit first"
        )

    def act(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Move)
        here = geo.sea(ctx, action.path[0])
        assert here is not None
        ctx.update(used=[*frame.get("used", ()), sea_group(here)])
        ctx.push("sea-loss", side=frame.args["side"], unit=action.units[0], path=list(action.path))


class SeaLossStep(DieStep):
    """DC2 B: one die for the unit at sea."""

    name: ClassVar[str] = "sea-loss"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "unit": UNIT, "path": list_of(NODE)}
    rule: ClassVar[str] = RULE

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        side, uid = frame.args["side"], frame.args["unit"]
        a, b = frame.args["path"]
        if action.value in losing_faces(ctx, side, a, b):
            eliminate(ctx, uid, f"lost at sea on a {action.value}")
        else:
            enter(ctx, side, uid, b)  # destroys enemy partisans, entrained factories there
            ctx.state.put(ctx.state.units[uid].marked(cn.DISPERSED))
            ctx.emit("sea", f"{uid} moves by sea to {b}, dispersed", unit=uid, to=b)
        ctx.done()
