"""Who may attack what, the attacks allocated in a phase, and the General Rule.

DCH: General Rule: a unit need not attack an enemy it moves next to; but all UnDisrupted German
armies and korps adjacent to attacking Russian units which attack another German unit adjacent
to both must also be attacked at odds at least equal. Disrupted units may not attack
(DCH: Disrupted Units); Katyushas and railway guns do not make ground attacks; a unit attacks
once a turn unless a BK gives it a Blitzkrieg attack. DCH: Special First Turn Rules: the Axis
may not attack out of Rumania on the first turn; the Russians may not attack Rumania unless the
Axis attacked out of it.
"""

from __future__ import annotations

from typing import Any

from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.markers import TURN, has_scoped

from . import counters as cn
from .charts import charts
from .odds import base_odds
from .terrain import water

RULE = "DCH: General Rule (attacks)"
FIRST = "DCH: Special First Turn Rules"


def allocations(ctx: Context) -> dict[str, list[str]]:
    got: Any = ctx.state.get("allocations", {})
    return {k: list(v) for k, v in got.items()}


def set_allocations(ctx: Context, a: dict[str, list[str]]) -> None:
    ctx.state.set("allocations", {k: v for k, v in sorted(a.items()) if v})


def may_fight(ctx: Context, uid: str) -> bool:
    """Whether ``uid`` may make a ground attack now (not where)."""
    unit = ctx.state.units[uid]
    if unit.at is None or unit.has(cn.DISRUPTED):
        return False
    if cn.has(ctx, uid, "katyusha") or cn.has(ctx, uid, "railway-gun"):
        return False
    return not (has_scoped(unit, cn.ATTACKED, TURN) and not unit.has(cn.BLITZ))


def attack_error(ctx: Context, uid: str, target: str) -> IllegalAction | None:
    """Why ``uid`` may not attack ``target`` now, or None."""
    if not may_fight(ctx, uid):
        return IllegalAction(RULE, f"{uid} may not attack now (Disrupted, or has attacked)")
    return _target_error(ctx, uid, target)


def _target_error(ctx: Context, uid: str, target: str) -> IllegalAction | None:
    """``attack_error`` for a unit that may fight now: why not ``target``, or None."""
    at = ctx.state.units[uid].at
    assert at is not None
    side = ctx.side_of(uid)
    if not ctx.board.adjacent(at, target) or water(ctx, target):
        return IllegalAction(RULE, f"{uid} in {at} is not adjacent to {target}")
    here = ctx.state.occupancy().get(target, ())
    if not any(ctx.side_of(u) != side for u in here):
        return IllegalAction(RULE, f"no enemy unit in {target}")
    return rumania_error(ctx, side, at, target)


def rumania_error(ctx: Context, side: str, origin: str, target: str) -> IllegalAction | None:
    """DCH: Special First Turn Rules: "The Axis may not attack out of Rumania on the first
    turn.  (The Russians may not attack Rumania unless the Axis do attack out of it.)" (for
    ground attacks and airstrikes, ``origin`` the attacker's hex or airfield)."""
    first = ctx.turn == ctx.scenario.calendar.first
    if side == cn.AXIS and first and ctx.board.has(origin, "romania"):
        return IllegalAction(FIRST, "the Axis may not attack out of Rumania on the first turn")
    if (
        side == cn.RUSSIAN
        and ctx.board.has(target, "romania")
        and not ctx.state.get("romania_attacked", False)
    ):
        return IllegalAction(
            FIRST, "the Russians may not attack Rumania before the Axis attack out of it"
        )
    return None


def open_rumania(ctx: Context, side: str, origins: list[str]) -> None:
    """DCH: Special First Turn Rules: an Axis attack out of Rumania (from any of ``origins``)
    lets the Russians attack Rumania."""
    if side == cn.AXIS and any(ctx.board.has(o, "romania") for o in origins):
        ctx.state.set("romania_attacked", True)


def targets(ctx: Context, uid: str) -> list[str]:
    at = ctx.state.units[uid].at
    assert at is not None
    if not may_fight(ctx, uid):
        return []  # ``attack_error`` refuses every hex
    return [t for t in sorted(ctx.board.neighbours(at)) if _target_error(ctx, uid, t) is None]


def floor_error(ctx: Context, attackers: list[str], target: str) -> IllegalAction | None:
    """DCH: no attacks at less than 1:5 (the odds as the attacker knows them)."""
    o = base_odds(ctx, attackers, target, known=True)
    if o.base < 0 and not any(cn.has(ctx, u, "hidden") for u in ctx.state.occupancy()[target]):
        return IllegalAction(
            charts(ctx).crt.scale.rule, f"{o.attack}:{o.defence} is below 1:5 (not allowed)"
        )
    return None


def must_attack(ctx: Context, a: dict[str, list[str]]) -> IllegalAction | None:
    """DCH: General Rule: the German armies and korps the Russian attacks oblige to be attacked
    too, at odds at least equal (base columns compared), or None."""
    occ = ctx.state.occupancy()
    for target, attackers in sorted(a.items()):
        if not attackers:
            continue
        col = base_odds(ctx, attackers, target, known=True).base
        for n in sorted(ctx.board.neighbours(target)):
            held = occ.get(n, ())
            if not any(
                cn.is_german(ctx, u)
                and (cn.is_army(ctx, u) or cn.is_korps(ctx, u))
                and not cn.disrupted(ctx, u)
                for u in held
            ):
                continue
            near = [u for u in attackers if ctx.board.adjacent(ctx.state.units[u].at or "", n)]
            if not near:
                continue
            other = a.get(n, [])
            if not other or base_odds(ctx, other, n, known=True).base < col:
                return IllegalAction(
                    RULE,
                    f"the German army/korps in {n}, next to Russians attacking {target}, "
                    f"must also be attacked at odds at least equal",
                )
    return None


def early_obligations(ctx: Context) -> IllegalAction | None:
    """DCH: General Rule in B.2 (attacks resolved as declared): every German army or korps the
    phase's Russian attacks oblige to be attacked must have been attacked at odds at least
    equal - unless the Russians can no longer do it (no unit left that could reach those
    odds), so that the phase can always end."""
    done: list[Any] = list(ctx.state.get("early_attacks", ()))
    here = [ctx.turn, ctx.state.phase, ctx.state.segment]
    made = [a for a in done if list(a["when"]) == here]
    best: dict[str, int] = {}
    for a in made:
        best[a["target"]] = max(best.get(a["target"], -1), int(a["col"]))
    occ = ctx.state.occupancy()
    for a in made:
        for n in sorted(ctx.board.neighbours(a["target"])):
            if n == a["target"] or best.get(n, -1) >= int(a["col"]):
                continue
            held = occ.get(n, ())
            if not any(
                cn.is_german(ctx, u)
                and (cn.is_army(ctx, u) or cn.is_korps(ctx, u))
                and not cn.disrupted(ctx, u)
                for u in held
            ):
                continue
            if not any(ctx.board.adjacent(o, n) for o in a["origins"]):
                continue
            able = [
                u.id
                for u in ctx.units_of(cn.RUSSIAN)
                if attack_error(ctx, u.id, n) is None and not has_scoped(u, cn.MOVED, TURN)
            ]
            if able and base_odds(ctx, able, n, known=True).base >= int(a["col"]):
                return IllegalAction(
                    RULE,
                    f"the German army/korps in {n}, next to Russians who attacked "
                    f"{a['target']}, must also be attacked at odds at least equal",
                )
    return None


def record_early(ctx: Context, target: str, attackers: list[str]) -> None:
    """Note a Russian attack resolved before movement, for :func:`early_obligations`."""
    done = list(ctx.state.get("early_attacks", ()))
    here = [ctx.turn, ctx.state.phase, ctx.state.segment]
    done = [a for a in done if list(a["when"]) == here]
    origins = sorted({at for u in attackers if (at := ctx.state.units[u].at) is not None})
    col = base_odds(ctx, attackers, target, known=True).base
    done.append({"when": here, "target": target, "origins": origins, "col": col})
    ctx.state.set("early_attacks", done)
