"""Factory evacuation (the text's rule is lost; DC2 Operational Movement names "entrained"
factories and the errata give factory counters an entrained side). Filled gap, provisional,
from the hex edition's Factory Evacuation: in the Soviet evacuation phase an undispersed
factory on the map may be entrained (flipped to its loading side: it produces nothing and an
enemy unit entering its point destroys it, DC2 Operational Movement); at the next Soviet
replacement phase it goes off the map to Siberia, where it produces again ``track_turns``
(3) turns later. Factories never move otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.actions import Action, Choose, Pass
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import SIDE, Shape
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from . import geography as geo
from .charts import charts
from .supply import supplied_points

RULE = "factory evacuation (filled gap: the hex edition's Factory Evacuation)"


def track(ctx: Context) -> dict[str, int]:
    """Factories gone to Siberia: unit -> the turn they left the map."""
    return dict(ctx.state.get("factory_track") or {})


def factory_units(ctx: Context) -> list[str]:
    return sorted(
        u.id for u in ctx.units_of(cn.SOVIET) if cn.has(ctx, u.id, "factory") and u.at is not None
    )


def producing(ctx: Context) -> list[str]:
    """Factories producing now: on the map, not entrained, in supply this side of the Kerch
    Straits (DC2 Terrain D); or in Siberia ``track_turns`` turns after leaving the map."""
    supplied = supplied_points(ctx, cn.SOVIET, straits=False)
    gone = track(ctx)
    delay = charts(ctx).factories["track_turns"]
    out = []
    for uid in factory_units(ctx):
        unit = ctx.state.units[uid]
        if uid in gone:
            if ctx.turn >= gone[uid] + delay:
                out.append(uid)
        elif not unit.has(cn.ENTRAINED) and unit.at in supplied and not geo.is_box(ctx, unit.at):
            out.append(uid)
    return out


def factory_points(ctx: Context) -> list[str]:
    """Points of producing factories on the map (where Soviet armour is replaced)."""
    return sorted({str(ctx.state.units[u].at) for u in producing(ctx) if u not in track(ctx)})


def advance(ctx: Context) -> None:
    """Factories entrained in an earlier turn leave the map for Siberia."""
    gone = track(ctx)
    box = next(p for p, info in geo.points(ctx).items() if info.box == cn.SOVIET)
    for uid in factory_units(ctx):
        unit = ctx.state.units[uid]
        if unit.has(cn.ENTRAINED) and uid not in gone:  # entrained in an earlier turn
            ctx.state.put(unit.moved_to(box).unmarked(cn.ENTRAINED))
            gone[uid] = ctx.turn
            ctx.emit("factory", f"{uid} is on its way to Siberia", unit=uid)
    ctx.state.set("factory_track", gone)


def entrainable(ctx: Context) -> list[str]:
    return [
        uid
        for uid in factory_units(ctx)
        if uid not in track(ctx)
        and not geo.is_box(ctx, str(ctx.state.units[uid].at))
        and not ctx.state.units[uid].has(cn.ENTRAINED)
        and not cn.dispersed(ctx, uid)
    ]


class EvacuateStep(SideStep):
    """The Soviet evacuation phase: entrain factories one at a time, or pass."""

    name: ClassVar[str] = "evacuate"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return cn.SOVIET if entrainable(ctx) else None

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(u) for u in entrainable(ctx))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        return IllegalAction(RULE, "entrain an undispersed factory on the map, or pass")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        unit = ctx.state.units[action.option]
        ctx.state.put(unit.marked(cn.ENTRAINED))
        ctx.emit("entrain", f"{unit.id} is entrained at {unit.at}", unit=unit.id)
