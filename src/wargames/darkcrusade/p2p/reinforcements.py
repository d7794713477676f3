"""Reinforcements (the text's rule is lost; the sources give only entry months and places:
the hex edition's "month of entry" and Russian armies "from the eastern mapboard edge",
Darkest Crusade's 2. Army that "enters the game on Warsaw"). At the start of its player turn a
side's units due this turn (the scenario's ``[[reinforcements]]``) arrive on their point if the
side controls it, no enemy stands there and it is in supply without crossing the Kerch Straits
(DC2 Terrain D), else (reading, provisional: no source says what happens when the entry point
is lost) in the side's off-map box (Siberia, the west edge), from which they move on by
strategic or operational movement. Siberian units called in early
arrive sooner (:mod:`.siberians`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.context import Context
from wargames.core.frame_args import SIDE, Shape
from wargames.core.sequence import Step
from wargames.core.state import Frame

from . import geography as geo
from .siberians import due_turn, is_siberian
from .supply import supplied_points

RULE = "reinforcements (filled gap: the hex edition's arrivals)"


def box_of(ctx: Context, side: str) -> str:
    return next(p for p, info in geo.points(ctx).items() if info.box == side)


class ArrivalsStep(Step):
    name: ClassVar[str] = "arrivals"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        side = frame.args["side"]
        occ = ctx.state.occupancy()
        producing = supplied_points(ctx, side, straits=False)
        siberians: list[str] = []
        for r in ctx.scenario.reinforcements:
            unit = ctx.state.units[r.unit]
            due = due_turn(ctx, r.unit, r.turn)
            if due != ctx.turn or ctx.side_of(r.unit) != side or unit.at is not None:
                continue
            if unit.box == "eliminated":
                continue
            if is_siberian(ctx, r.unit):
                siberians.append(r.unit)  # placed by the Soviet player (.siberians)
                continue
            to = r.at if r.at is not None else box_of(ctx, side)
            held = ctx.state.control.get(to) == side
            if not held or geo.holder(ctx, occ, to) not in (None, side) or to not in producing:
                to = box_of(ctx, side)
            ctx.state.put(unit.moved_to(to))
            ctx.emit("arrival", f"{r.unit} arrives at {to}", unit=r.unit, at=to)
        ctx.done()
        for uid in reversed(siberians):
            ctx.push("siberian-place", side=side, unit=uid)
