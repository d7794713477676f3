"""DCH: Strategic Movement (Factory Evacuation): Russian tank factories may be evacuated by
rail to Siberia: the first turn they are flipped to their Loading side, the next turn they go
to the Turn Record Track, and 3 turns later they are back in production (in Siberia, out of
the Axis's reach). A factory loading or on the track produces nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from wargames.core.actions import Action, Choose, Pass
from wargames.core.context import Context
from wargames.core.frame_args import Shape
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from .rail import rail_net

RULE = "DCH: Strategic Movement (Factory Evacuation)"
LOADING, TRACK, SIBERIA = "loading", "track", "siberia"
PREFIX = "evacuate:"


def records(ctx: Context) -> dict[str, dict[str, Any]]:
    got = ctx.state.get("factories", {})
    return {k: dict(v) for k, v in got.items()}


def advance(ctx: Context) -> None:
    """Loading factories go to the track; those 3 turns on the track produce again.

    A loading factory goes "by rail to Siberia" only from a hex still Russian and on the
    Russian rail net (as `evacuable` asks on the turn it is flipped); otherwise it is lost
    and its record dropped, so it produces again only while the Russians hold its city."""
    out = records(ctx)
    for hex_, rec in list(out.items()):
        if rec["state"] == LOADING and ctx.turn > rec["turn"]:
            if ctx.state.control.get(hex_) != cn.RUSSIAN or hex_ not in rail_net(ctx, cn.RUSSIAN):
                del out[hex_]  # DCH: Factory Evacuation: no rail line east, no evacuation
                ctx.emit("factory", f"the factory of {hex_} is lost while loading", hex=hex_)
                continue
            out[hex_] = {"state": TRACK, "turn": ctx.turn}
            ctx.emit("factory", f"the factory of {hex_} is on its way to Siberia", hex=hex_)
        elif rec["state"] == TRACK and ctx.turn >= rec["turn"] + 3:
            out[hex_] = {"state": SIBERIA, "turn": ctx.turn}
            ctx.emit("factory", f"the factory of {hex_} produces again in Siberia", hex=hex_)
    ctx.state.set("factories", out)


def producing(ctx: Context) -> int:
    """Tank factories producing now: those held on the map and not evacuating, and those
    back in production in Siberia (Tankograd is counted by the caller)."""
    out = records(ctx)
    held = sum(
        1
        for n in ctx.board.nodes_with("factory")
        if ctx.state.control.get(n) == cn.RUSSIAN and n not in out
    )
    return held + sum(1 for r in out.values() if r["state"] == SIBERIA)


def evacuable(ctx: Context) -> list[str]:
    """Russian factories not yet evacuating that a Russian rail line links to the east ("by
    rail to Siberia": DCH: Strategic Movement by Rail, the line traced back to the owner's
    side)."""
    out = records(ctx)
    net = rail_net(ctx, cn.RUSSIAN)
    return [
        n
        for n in sorted(ctx.board.nodes_with("factory"))
        if ctx.state.control.get(n) == cn.RUSSIAN and n not in out and n in net
    ]


class EvacuateStep(SideStep):
    """B.1: start evacuating factories (one decision per factory), or pass."""

    name: ClassVar[str] = "evacuate"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return cn.RUSSIAN if evacuable(ctx) else None

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(PREFIX + n) for n in evacuable(ctx))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        hex_ = action.option[len(PREFIX) :]
        out = records(ctx)
        out[hex_] = {"state": LOADING, "turn": ctx.turn}
        ctx.state.set("factories", out)
        ctx.emit("factory", f"the factory of {hex_} is loading", hex=hex_)
