"""DCH: Strategic Movement by Sea: one unit a turn per sea (the Baltic; the Black Sea with the
Sea of Azov) from any coastal hex to a friendly-controlled port on the same sea, at a risk of
1/6 (friendly sea) or 3/6 (enemy sea) of being sunk; no combat landings; it arrives Disrupted.
Koenigsberg controls the Baltic, Sevastopol the Black Sea, both sides of the Kerch Straits the
Sea of Azov."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Choose, Outcome, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import NODE, SIDE, TEXT, UNIT, Shape, literal, one_of
from wargames.core.markers import TURN, scoped
from wargames.core.sequence import ChanceStep
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from .casualties import eliminate
from .charts import charts
from .stacking import fits

RULE = "DCH: Strategic Movement by Sea"


def seas_of(ctx: Context, node: str) -> set[str]:
    board = ctx.board
    return {board.terrain(n) for n in board.neighbours(node)} & {"baltic", "black-sea", "azov"}


def group_of(ctx: Context, sea: str) -> str:
    for g, seas in charts(ctx).sea["groups"].items():
        if sea in seas:
            return str(g)
    raise KeyError(sea)


def controller(ctx: Context, sea: str) -> str | None:
    hexes = charts(ctx).sea["control"][sea]
    owners = {ctx.state.control.get(h) for h in hexes}
    return owners.pop() if len(owners) == 1 else None


def used(ctx: Context, side: str) -> list[str]:
    got = ctx.state.get("sea_used", {})
    if got.get("turn") != ctx.turn:
        return []
    return list(got.get(side, ()))


def ports(ctx: Context, uid: str) -> list[tuple[str, str]]:
    """(port, sea group) pairs ``uid`` may sail to now."""
    at = ctx.state.units[uid].at
    assert at is not None
    side = ctx.side_of(uid)
    groups = {group_of(ctx, s) for s in seas_of(ctx, at)} - set(used(ctx, side))
    occ = ctx.state.occupancy()
    out = []
    for port in sorted(ctx.board.nodes_with("port")):
        if port == at or ctx.state.control.get(port) != side:
            continue
        if any(ctx.side_of(u) != side for u in occ.get(port, ())):
            continue  # no combat landings
        for g in sorted(groups & {group_of(ctx, s) for s in seas_of(ctx, port)}):
            if fits(ctx, uid, port):
                out.append((port, g))
                break
    return out


def sailors(ctx: Context, side: str) -> list[str]:
    return [
        u.id
        for u in ctx.units_of(side)
        if ctx.board.has(u.at or "", "coast")
        and not u.has(cn.DISRUPTED)
        and cn.omf(ctx, u.id) > 0
        and ports(ctx, u.id)
    ]


def risk(ctx: Context, side: str, port: str, group: str) -> Fraction:
    """The chance of being sunk: by who controls the sea the port lies on."""
    seas = [s for s in seas_of(ctx, port) if group_of(ctx, s) == group]
    sea = "black-sea" if "black-sea" in seas else seas[0]
    ch = charts(ctx).sea
    k = ch["sink_friendly"] if controller(ctx, sea) == side else ch["sink_enemy"]
    return Fraction(int(k), 6)


class SeaStep(SideStep):
    """Pick a unit to move by sea (then its port), or end sea movement."""

    name: ClassVar[str] = "sea"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "unit": one_of(UNIT, literal(None))}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Place, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        if frame.args.get("unit") is None and not sailors(ctx, frame.args["side"]):
            return None
        return super().actor(ctx, frame)

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        uid = frame.args.get("unit")
        if uid is not None:
            return [Pass(), *(Place(uid, p) for p, _ in ports(ctx, uid))]
        return [Pass(), *(Choose(u) for u in sailors(ctx, frame.args["side"]))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        return IllegalAction(RULE, f"{action.to_json()} is not a legal sea move now")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        side = frame.args["side"]
        if isinstance(action, Pass):
            if frame.args.get("unit") is not None:
                ctx.update(unit=None)
            else:
                ctx.done()
            return
        if isinstance(action, Choose):
            ctx.update(unit=action.option)
            return
        assert isinstance(action, Place)
        group = dict(ports(ctx, action.unit))[action.at]
        got = ctx.state.get("sea_used", {})
        record = {"turn": ctx.turn, side: [*used(ctx, side), group]}
        if got.get("turn") == ctx.turn:
            record = {**dict(got), side: [*used(ctx, side), group]}
        ctx.state.set("sea_used", record)
        ctx.update(unit=None)
        ctx.push(
            "sinking", unit=action.unit, to=action.at, risk=str(risk(ctx, side, action.at, group))
        )


class SinkingStep(ChanceStep):
    """The sea move's risk: sunk (eliminated) or arrived Disrupted."""

    name: ClassVar[str] = "sinking"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT, "to": NODE, "risk": TEXT}
    rule: ClassVar[str] = RULE

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        p = Fraction(frame.args["risk"])
        return [(Outcome("sunk"), p), (Outcome("arrived"), 1 - p)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        uid, to = frame.args["unit"], frame.args["to"]
        ctx.done()
        if action.value == "sunk":
            # lost: a rifle army's counter goes back into the pile (DCH: Replacements)
            eliminate(ctx, uid, "sunk at sea")
            return
        unit = cn.moved(ctx.state.units[uid], to)
        ctx.state.put(unit.marked(cn.DISRUPTED, scoped(cn.MOVED, TURN)))
        ctx.emit("sea", f"{uid} arrives by sea at {to}, Disrupted", unit=uid, to=to)
