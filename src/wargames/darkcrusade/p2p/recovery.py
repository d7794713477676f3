"""Recovery from dispersal: a side's dispersed units in supply recover at the end of its own
player turn (the text's recovery rule is lost; Darkest Crusade: Disruption, the closest
surviving Coatney rule, recovers German units in supply at the end of their player-turn).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.context import Context
from wargames.core.frame_args import SIDE, Shape
from wargames.core.sequence import Step
from wargames.core.state import Frame

from . import counters as cn
from .supply import supplied_points

RULE = "Darkest Crusade: Disruption (recovery at the end of the owner's player turn)"


class RecoverStep(Step):
    name: ClassVar[str] = "recover"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        side = frame.args["side"]
        supplied = supplied_points(ctx, side)
        for unit in ctx.units_of(side):
            if unit.has(cn.DISPERSED) and unit.at in supplied:
                ctx.state.put(unit.unmarked(cn.DISPERSED))
                ctx.emit("recover", f"{unit.id} recovers", unit=unit.id)
        ctx.done()
