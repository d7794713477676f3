"""DCH: Russian Katyushas: a Katyusha regiment in supply and not Disrupted may fire on an
adjacent hex before the standard ground attacks of the phase are resolved: a die against each
enemy unit there, Disrupting it on its index (A: 1 or 2; B: 5 or 6)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Attack, Outcome
from wargames.core.context import Context
from wargames.core.frame_args import UNIT, Shape
from wargames.core.markers import TURN, has_scoped, scoped
from wargames.core.sequence import ChanceStep
from wargames.core.state import Frame
from wargames.core.supply import SupplyStatus

from . import counters as cn
from .attacks import rumania_error
from .casualties import disrupt
from .charts import charts
from .supply import statuses

RULE = "DCH: Special Units (Russian Katyushas)"
FIRED = "rocketed"


def where_in_turn(ctx: Context) -> list[int]:
    return [ctx.turn, ctx.state.phase, ctx.state.segment]


def strikes(ctx: Context, side: str) -> list[Attack]:
    """The Katyusha strikes open now: before the phase's first ground attack."""
    if side != cn.RUSSIAN or ctx.state.get("last_battle") == where_in_turn(ctx):
        return []
    status = statuses(ctx, cn.RUSSIAN)
    out = []
    occ = ctx.state.occupancy()
    for u in ctx.units_of(cn.RUSSIAN):
        if not cn.has(ctx, u.id, "katyusha") or u.has(cn.DISRUPTED):
            continue
        if has_scoped(u, FIRED, TURN) or status.get(u.id) == SupplyStatus.UNSUPPLIED:
            continue
        assert u.at is not None
        for n in sorted(ctx.board.neighbours(u.at)):
            # DCH: Special First Turn Rules: rockets "attack an adjacent hex", so not Rumania
            # before the Axis attack out of it
            if rumania_error(ctx, cn.RUSSIAN, u.at, n) is not None:
                continue
            if any(ctx.side_of(x) == cn.AXIS for x in occ.get(n, ())):
                out.append(Attack((u.id,), n))
    return out


def fire(ctx: Context, action: Attack) -> None:
    uid = action.units[0]
    ctx.state.put(ctx.state.units[uid].marked(scoped(FIRED, TURN)))
    targets = [u for u in ctx.state.occupancy().get(action.target, ()) if cn.is_axis(ctx, u)]
    ctx.emit("katyusha", f"{uid} fires on {action.target}", unit=uid, target=action.target)
    for t in reversed(targets):
        ctx.push("katyusha-roll", unit=t)


class KatyushaRoll(ChanceStep):
    """One die against one enemy unit: Disrupted on the Katyusha's index (2 chances in 6)."""

    name: ClassVar[str] = "katyusha-roll"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT}
    rule: ClassVar[str] = RULE

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        hits = charts(ctx).special["katyusha_hits"]
        return [(Outcome(d), Fraction(1, 6)) for d in range(1, 7)] if hits else []

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        uid = frame.args["unit"]
        if action.value in charts(ctx).special["katyusha_hits"]:
            # B.5: Disrupted in this segment, as by an airstrike's D: the attack the rockets
            # support does not recover it ("not re-Disrupted by a combat result")
            disrupt(ctx, uid)
            ctx.emit("hit", f"{uid} is Disrupted by rockets", unit=uid)
        ctx.done()
