"""DC: Disruption: recovery, by colour and side, at the points of the sequence the text names.

- A.2.b: Russian black-lettered units not being attacked and in supply.
- A.2.c: other (brown, white, and black ones being attacked) Russian units previously
  Disrupted, not re-Disrupted in the German combat phase, and in supply.
- A.2.e: German units (and the Axis allies other than the Rumanians) in supply.
- B.2.b: Rumanian units not being attacked and in supply.
- B.2.c: Rumanian units previously Disrupted, not re-Disrupted, and in supply.
- B.4: red-marked Russian units in supply.

Units surviving isolated on a fortress or city never recover (DC: Supply).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.context import Context
from wargames.core.events import Redacted
from wargames.core.frame_args import Shape, list_of, literal
from wargames.core.sequence import Step
from wargames.core.state import Frame

from . import counters as cn
from .attacks import pending
from .supply import supply_map

GROUPS = (
    "russian-black",
    "russian-other",
    "german",
    "romanian-free",
    "romanian-hit",
    "russian-red",
)


def eligible(ctx: Context, uid: str, group: str) -> bool:
    """Whether a Disrupted unit belongs to the recovery ``group``."""
    side = ctx.side_of(uid)
    nat = cn.nationality(ctx, uid)
    colour = cn.colour(ctx, uid)
    unit = ctx.state.units[uid]
    attacked = unit.at in pending(ctx)
    if group == "russian-black":
        return side == cn.RUSSIAN and colour == "black" and not attacked
    if group == "russian-other":
        # DC: Disruption: "Other Disrupted Russian ... units ... being attacked are recovered at
        # the end of the opponent's last combat phase ... unless re-Disrupted": every colour
        # but red (black units not attacked recovered already in A.2.b).
        return side == cn.RUSSIAN and colour != "red" and not unit.has(cn.HIT)
    if group == "russian-red":
        return side == cn.RUSSIAN and colour == "red"
    if group == "german":
        return side == cn.AXIS and nat != "romanian"
    if group == "romanian-free":
        return nat == "romanian" and not attacked
    if group == "romanian-hit":
        return nat == "romanian" and not unit.has(cn.HIT)
    raise ValueError(f"unknown recovery group {group!r}")


def recover(ctx: Context, group: str) -> list[str]:
    """Recover the group's Disrupted units that are in supply now; returns their ids."""
    side = cn.AXIS if group in ("german", "romanian-free", "romanian-hit") else cn.RUSSIAN
    candidates = [
        u.id for u in ctx.units_of(side) if u.has(cn.DISRUPTED) and eligible(ctx, u.id, group)
    ]
    if not candidates:
        return []
    lines = supply_map(ctx, side)
    done = []
    for uid in sorted(candidates):
        unit = ctx.state.units[uid]
        assert unit.at is not None
        if lines.in_supply(unit.at):
            ctx.state.put(unit.unmarked(cn.DISRUPTED))
            done.append(uid)
    if done:
        shown = ctx.masked(done)  # DC: Secret Setup
        others = Redacted(f"recovered from Disruption: {', '.join(shown)}", {"units": shown})
        text = f"recovered from Disruption: {', '.join(done)}"
        ctx.emit_about(done, "recover", text, others=others, units=done)
    return done


class RecoverStep(Step):
    """DC: Disruption (recovery) at the segment's point of the sequence (automatic)."""

    name: ClassVar[str] = "recover"
    args: ClassVar[Mapping[str, Shape] | None] = {"groups": list_of(literal(*GROUPS))}
    rule: ClassVar[str] = "DC: Disruption"

    def run(self, ctx: Context, frame: Frame) -> None:
        for group in frame.args["groups"]:
            recover(ctx, group)
        ctx.done()
