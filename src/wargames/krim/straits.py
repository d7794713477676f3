"""Krim: The Kerch Straits: Soviet units from the Reinforcements Available box enter the
starred hexes on the straits' western coast at the start of the OpTrans Phase (and may then
OpTrans) or during the Soviet Movement Phase (and stop, except in Frost, when they pay 1 MP and
move on); stacking counts at placement; during movement they may try an enemy-held straits hex
(resolved as an opposed landing, provisional reading)."""

from __future__ import annotations

from wargames.core.actions import Action, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.markers import PHASE, scoped

from . import counters as cn
from .calendar import FROST, weather
from .movement import MOVED, allowance
from .sea import sail, sea_hexes

RULE = "Krim: The Kerch Straits"
STRAITS = "straits"


def is_straits_entry(ctx: Context, action: Place) -> bool:
    u = ctx.state.units.get(action.unit)
    return u is not None and u.box == cn.available_box(cn.SOVIET)


def _error(ctx: Context, uid: str, at: str, when: str) -> str | None:
    u = ctx.state.units.get(uid)
    if u is None or u.box != cn.available_box(cn.SOVIET) or ctx.side_of(uid) != cn.SOVIET:
        return f"{uid} is not in the Soviet Reinforcements Available box"
    d = ctx.unit_def(uid)
    if cn.is_air(d) or d.has("parachute"):
        return f"{uid} does not cross the straits"
    if at not in ctx.board or not ctx.board.has(at, STRAITS):
        return f"{at} is not a starred straits hex"
    if cn.occupant_side(ctx, at) == cn.AXIS:
        if cn.is_artillery(d):
            # Krim: Artillery and Barrages: "Artillery units may only attack by firing barrages"
            return f"{uid} is artillery: it may not enter an enemy-held straits hex"
        if when != "movement":
            return f"{at} is enemy-occupied: only during the Movement Phase"
        if not sea_hexes(ctx, at):
            return f"{at} has no water of the straits beside it"
        return None
    if not cn.fits(ctx, at, 1):
        return f"{at} is full (stacking counts at placement)"
    return None


def straits_entries(ctx: Context, side: str, when: str) -> list[Action]:
    if side != cn.SOVIET:
        return []
    hexes = sorted(ctx.board.nodes_with(STRAITS))
    return [
        Place(u.id, at)
        for u in ctx.state.units_in(cn.available_box(cn.SOVIET))
        for at in hexes
        if _error(ctx, u.id, at, when) is None
    ]


def straits_error(ctx: Context, side: str, action: Place, when: str) -> IllegalAction | None:
    why = _error(ctx, action.unit, action.at, when)
    return None if why is None else IllegalAction(RULE, why)


def enter_straits(ctx: Context, action: Place, when: str) -> None:
    uid, at = action.unit, action.at
    u = ctx.state.units[uid]
    if cn.occupant_side(ctx, at) == cn.AXIS:
        sail(ctx, uid, at)  # resolved as an opposed landing: the player names the sea hex
        return
    ctx.state.put(u.moved_to(at))
    ctx.state.control[at] = cn.SOVIET
    ctx.emit("straits", f"{uid} enters {at} across the Kerch Straits", unit=uid, at=at)
    if when != "movement":
        return
    if weather(ctx) == FROST:
        # Krim: Frost: pay 1 MP to enter and move on normally
        ctx.push(
            "move-group",
            side=cn.SOVIET,
            units=[uid],
            spent=1,
            legs=1,
            mas=0,
            mp=allowance(ctx, [uid]),
            supplied=[],
        )
        return
    ctx.state.put(ctx.state.units[uid].marked(scoped(MOVED, PHASE)))
