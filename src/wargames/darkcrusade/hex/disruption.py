"""DCH: Disrupted Units and Recovery from Disruption, by side, colour and phase.

German units recover at the end of the Axis player-turn (A.9); red-labeled Russian units at
the end of the Russian player-turn (B.8); other Russian units at the start of the German
operational movement and combat phase (A.4) unless being re-attacked (then after the attack,
if not re-Disrupted, :mod:`.combat`); Axis allied units likewise before (B.4) or after the
Russian attacks. Only units in Full or Limited supply recover; Isolated units cannot.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.context import Context
from wargames.core.frame_args import BOOL, Shape, literal
from wargames.core.sequence import Step
from wargames.core.state import Frame

from . import counters as cn
from .attacks import allocations
from .supply import SupplyStatus, statuses

RULE = "DCH: Recovery from Disruption"


def group_member(ctx: Context, uid: str, group: str) -> bool:
    side = ctx.side_of(uid)
    if group == "german":
        return cn.is_german(ctx, uid)
    if group == "russian-other":
        return side == cn.RUSSIAN and not cn.is_red(ctx, uid)
    if group == "russian-red":
        return side == cn.RUSSIAN and cn.is_red(ctx, uid)
    if group == "allied":
        return cn.is_ally(ctx, uid)
    raise ValueError(f"unknown recovery group {group!r}")


class RecoverStep(Step):
    """Recover the Disrupted units of a group that are in Full or Limited supply; with
    ``unattacked``, not those in a hex under an allocated attack."""

    name: ClassVar[str] = "recover"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "group": literal("german", "russian-other", "russian-red", "allied"),
        "unattacked": BOOL,
    }
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        group = frame.args["group"]
        attacked = set(allocations(ctx)) if frame.args.get("unattacked") else set()
        status = {**statuses(ctx, cn.AXIS), **statuses(ctx, cn.RUSSIAN)}
        for unit in list(ctx.state.on_map()):
            if not unit.has(cn.DISRUPTED) or unit.has(cn.ISOLATED):
                continue
            if status.get(unit.id) == SupplyStatus.UNSUPPLIED:
                continue  # only units in Full or Limited supply recover
            if unit.at in attacked or not group_member(ctx, unit.id, group):
                continue
            ctx.state.put(unit.unmarked(cn.DISRUPTED))
            ctx.emit("recover", f"{unit.id} recovers from Disruption", unit=unit.id)
        ctx.done()
