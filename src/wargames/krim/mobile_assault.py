"""Krim: Mobile Assault: during movement, attackers from one hex enter one enemy hex at triple
the MP cost; the combat resolves as a Prepared Assault (:mod:`.battle`) without advance."""

from __future__ import annotations

from collections.abc import Sequence

from wargames.core.actions import Attack
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.movement import stack_rows
from wargames.core.state import Frame

from . import counters as cn
from .calendar import FROST, MUD, weather
from .movement import allowance, costs

RULE = "Krim: Mobile Assault"
MULTIPLIER = 3


def eligibility_error(ctx: Context, units: Sequence[str]) -> str | None:
    """Krim: Mobile Assault, Eligible Units: German mechanized units except the 300th Panzer
    Regiment; German infantry, Jaeger and engineers only with assault guns in the MA; the
    Romanian Kame Regiment only stacked with a German unit making the same MA; never Soviet."""
    defs = [ctx.unit_def(u) for u in units]
    has_assault_gun = any(d.has("assault-gun") for d in defs)
    has_german = any(cn.is_german(d) for d in defs)
    for d in defs:
        if d.side == cn.SOVIET:
            return "no Soviet unit may make an MA"
        if cn.is_artillery(d):
            return f"{d.id}: artillery only fires barrages"
        if d.has("no-ma"):
            return f"{d.id} (the 300th Panzer Regiment) may not make MAs"
        if d.has("kame"):
            if not has_german:
                return f"{d.id} needs a German unit making the same MA"
            continue
        if cn.is_german(d) and cn.is_mechanized(d):
            continue
        if cn.is_german(d) and cn.is_infantry_kind(d):
            if not has_assault_gun:
                return f"{d.id} needs assault guns in the MA"
            continue
        return f"{d.id} may not make MAs"
    return None


def terrain_error(ctx: Context, target: str) -> str | None:
    """Krim: Mobile Assault, Movement Costs, Terrain & Weather."""
    w = weather(ctx)
    terrain = ctx.board.terrain(target)
    if w == MUD:
        return "no MAs in Mud months"
    if terrain in ("broken", "hill"):
        return f"no MA may be launched into {terrain} ({target})"
    if terrain == "marsh" and w != FROST:
        return f"MAs into marsh ({target}) only in Frost months"
    return None


def assault_cost(ctx: Context, units: Sequence[str], start: str, target: str) -> int | None:
    """Triple the normal MP cost of entering ``target`` from ``start`` (None: cannot enter)."""
    ix = ctx.board.index
    rows = stack_rows(ix, [costs(ctx, u) for u in units])
    for v, cost, _stop in rows[ix.number[start]]:
        if v == ix.number[target]:
            return MULTIPLIER * cost
    return None


def _error(ctx: Context, frame: Frame, units: Sequence[str], target: str) -> str | None:
    side = frame.args["side"]
    start = ctx.state.units[units[0]].at
    assert start is not None
    if not ctx.board.adjacent(start, target) or cn.occupant_side(ctx, target) != ctx.enemy_of(side):
        return f"{target} is not an enemy hex next to {start}"
    why = eligibility_error(ctx, units) or terrain_error(ctx, target)
    if why:
        return why
    if int(frame.args["mas"]) and any(cn.is_infantry_kind(ctx.unit_def(u)) for u in units):
        return "infantry may make only one MA per movement phase"
    cost = assault_cost(ctx, units, start, target)
    if cost is None:
        return f"the group cannot enter {target}"
    mp = frame.args.get("mp")
    if "mp" not in frame.args:
        mp = allowance(ctx, units)
    left = None if mp is None else int(mp) - int(frame.args["spent"])
    # Krim: Movement: the one-hex guarantee does not apply to a unit attempting an MA
    if left is not None and cost > left:
        return f"the MA costs {cost} MP, {left} left"
    return None


def assault_options(ctx: Context, frame: Frame, units: Sequence[str]) -> list[str]:
    if not units or ctx.unit_def(units[0]).side == cn.SOVIET:
        return []
    start = ctx.state.units[units[0]].at
    assert start is not None
    return [t for t in sorted(ctx.board.neighbours(start)) if _error(ctx, frame, units, t) is None]


def assault_error(
    ctx: Context, frame: Frame, units: Sequence[str], action: Attack
) -> IllegalAction | None:
    if tuple(action.units) != tuple(units):
        return IllegalAction(RULE, f"an MA is made by the whole moving group {list(units)}")
    why = _error(ctx, frame, units, action.target)
    return None if why is None else IllegalAction(RULE, why)


def start_assault(ctx: Context, frame: Frame, units: Sequence[str], action: Attack) -> None:
    """Pay the MP and resolve the MA as a battle (Krim: Resolution of MAs); the defender's
    supply is judged at the instant of combat, the attackers' at the start of their move."""
    from .battle import Battle, Kind, open_battle

    start = ctx.state.units[units[0]].at
    assert start is not None
    cost = assault_cost(ctx, units, start, action.target)
    assert cost is not None
    supplied = tuple(u for u in units if u in frame.args.get("supplied", ()))
    # Krim: Mobile Assault: infantry units must cease movement after their one MA; the
    # assault guns that assisted them are German mechanized units, bound by no such rule,
    # and move on alone at their own MF (halved if they started out of supply) less the MP
    # the stack spent
    infantry = [u for u in units if cn.is_infantry_kind(ctx.unit_def(u))]
    rest = [u for u in units if u not in infantry]
    changes: dict[str, object] = {}
    if infantry:
        changes["halted"] = [*frame.args.get("halted", ()), *infantry]
        if rest and frame.args.get("mp") is not None:
            changes["mp"] = allowance(ctx, rest, supplied)
    ctx.update(spent=int(frame.args["spent"]) + cost, mas=int(frame.args["mas"]) + 1, **changes)
    battle = Battle(
        kind=Kind.MA,
        side=frame.args["side"],
        target=action.target,
        attackers=tuple(units),
        supplied=supplied,
    )
    open_battle(ctx, battle)
