"""The air unit phase (K45 1.1, 13.2a, 13.4): refitted units return to their Air Army or
Luftwaffe box; grounded units move to refit. The 3rd and 18th Air Army units return only on a
die roll of 6 (13.4), a chance decision."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.actions import Action, Outcome
from wargames.core.context import Context
from wargames.core.frame_args import UNIT, Shape
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.steps import DieStep


def home(ctx: Context, uid: str) -> str:
    return f"air:{ctx.unit_def(uid).values['army']}"


class RefitReturn(Step):
    """K45 1.1a, 13.2a: every air unit in the refit box returns to its box."""

    name: ClassVar[str] = "refit-return"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 1.1a"

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()
        for unit in sorted(ctx.state.units_in("refit"), key=lambda u: u.id):
            if ctx.unit_def(unit.id).values.get("return_roll"):
                ctx.push("air-return-roll", unit=unit.id)  # K45 13.4
                continue
            ctx.state.put(unit.boxed(home(ctx, unit.id)))
            ctx.emit("air", f"{unit.id} returns from refit", unit=unit.id)


class AirReturnRoll(DieStep):
    """K45 13.4: the 3rd and 18th Air Army units return only on a 6."""

    name: ClassVar[str] = "air-return-roll"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT}
    rule: ClassVar[str] = "K45 13.4"

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        uid = frame.args["unit"]
        ctx.done()
        need = int(ctx.unit_def(uid).values.get("return_roll", 6))
        if action.value == need:
            ctx.state.put(ctx.state.units[uid].boxed(home(ctx, uid)))
            ctx.emit("air", f"{uid} returns (rolled {action.value})", unit=uid)
        else:
            ctx.emit("air", f"{uid} stays in refit (rolled {action.value})", unit=uid)


class GroundedRefit(Step):
    """K45 1.1b, 13.2a: grounded air units move to the refit box."""

    name: ClassVar[str] = "grounded-refit"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 1.1b"

    def run(self, ctx: Context, frame: Frame) -> None:
        for unit in ctx.state.units_in("grounded"):
            ctx.state.put(unit.boxed("refit"))
        ctx.done()


def no_air(ctx: Context) -> None:
    """Random events 6 and 8: units in their boxes go to refit, units in refit are grounded."""
    for unit in sorted(ctx.state.units.values(), key=lambda u: u.id):
        if unit.box == "refit":
            ctx.state.put(unit.boxed("grounded"))
        elif unit.box is not None and unit.box.startswith("air:"):
            ctx.state.put(unit.boxed("refit"))
    ctx.emit("air", "no air attacks: air units are sent to refit")
