"""Krim: Combat Phase: Prepared Assaults are declared one at a time (a unit and a target hex;
the battle then lets the attacker add units), opposed landings are resolved first, and the
Soviet Mandatory Attacks option forbids a Soviet Combat Phase without an attack."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar

from wargames.core.actions import Action, Attack, Pass
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import SIDE, Shape
from wargames.core.markers import PHASE, has_scoped
from wargames.core.sequence import Step
from wargames.core.state import Frame

from . import counters as cn
from .battle import AT_SEA, ATTACKED, LANDING, PA_RULE, Battle, Kind, can_assault, open_battle
from .calendar import month_of
from .idle import SkippedWhenIdle

MANDATORY_RULE = "Krim option: Soviet Mandatory Attacks"
ATTACKED_THIS_PHASE = "krim-attacked"
"""Title variable: the phasing side has attacked this Combat Phase (a PA or an opposed
landing, which is resolved as a PA: Krim: Opposed Landings)."""


def targets(ctx: Context, side: str) -> list[str]:
    """Krim: Combat Phase: enemy hexes holding a unit not yet attacked this phase."""
    out = []
    for node in sorted(cn.enemy_nodes(ctx, side)):
        units = cn.ground_units_at(ctx, node)
        if any(not has_scoped(ctx.state.units[u], ATTACKED, PHASE) for u in units):
            out.append(node)
    return out


def declarations(ctx: Context, side: str) -> list[Attack]:
    out = []
    for target in targets(ctx, side):
        for n in ctx.board.neighbours(target):
            for uid in cn.ground_units_at(ctx, n):
                if ctx.side_of(uid) == side and can_assault(ctx, uid, target):
                    out.append(Attack((uid,), target))
    return sorted(out, key=lambda a: (a.target, a.units))


def mandatory(ctx: Context, side: str) -> bool:
    """Krim option: from January to the end of April 1942 (calendar months 4-6) the Soviet
    player must attack every turn: a PA, or an opposed landing (resolved as a PA)."""
    return (
        side == cn.SOVIET
        and bool(ctx.options["soviet_mandatory_attacks"])
        and 4 <= month_of(ctx).number <= 6
    )


class PreparedAssaults(SkippedWhenIdle):
    """Krim: Combat Phase: declare PAs (voluntary), each attacker once and each defender once;
    Pass ends the phase."""

    name: ClassVar[str] = "assaults"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = PA_RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Attack, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        side = frame.args["side"]
        attacks = declarations(ctx, side)
        if mandatory(ctx, side) and attacks and not ctx.state.get(ATTACKED_THIS_PHASE):
            return list(attacks)
        return [Pass(), *attacks]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        side = frame.args["side"]
        if isinstance(action, Pass):
            attacked = ctx.state.get(ATTACKED_THIS_PHASE)
            if mandatory(ctx, side) and not attacked and declarations(ctx, side):
                return IllegalAction(MANDATORY_RULE, "the Soviet player must attack this turn")
            return None
        assert isinstance(action, Attack)
        if action not in declarations(ctx, side):
            if len(action.units) != 1:
                return IllegalAction(PA_RULE, "declare with one unit, then add the others")
            uid = action.units[0]
            if uid in ctx.state.units and has_scoped(ctx.state.units[uid], "assaulted", PHASE):
                return IllegalAction(PA_RULE, f"{uid} has already attacked this Combat Phase")
            if action.target in cn.enemy_nodes(ctx, side) and action.target not in targets(
                ctx, side
            ):
                return IllegalAction(PA_RULE, f"{action.target} was already attacked this phase")
            return IllegalAction(PA_RULE, f"{uid} cannot attack {action.target}")
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Attack)
        ctx.state.set(ATTACKED_THIS_PHASE, True)
        open_battle(
            ctx,
            Battle(
                kind=Kind.PA, side=frame.args["side"], target=action.target, attackers=action.units
            ),
        )


class OpposedLandings(Step):
    """Krim: Opposed Landings: resolved before any other combat; every group of Soviet units
    at sea attacks the hex it chose to land in (units on land may join)."""

    name: ClassVar[str] = "landings"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "Krim: Opposed Landings"

    def run(self, ctx: Context, frame: Frame) -> None:
        targets: dict[str, str] = dict(ctx.state.get(LANDING, {}))
        while True:
            waiting = sorted(u.id for u in ctx.units_of(cn.SOVIET) if u.has(AT_SEA))
            if not waiting:
                if ctx.state.get(LANDING):
                    ctx.state.set(LANDING, {})  # every landing made: no target kept
                ctx.done()
                return
            target = targets.get(waiting[0], "")
            group = tuple(u for u in waiting if targets.get(u) == target)
            if target and cn.occupant_side(ctx, target) == cn.AXIS:
                battle = Battle(kind=Kind.LANDING, side=cn.SOVIET, target=target, attackers=group)
                ctx.state.set(ATTACKED_THIS_PHASE, True)
                if open_battle(ctx, battle):
                    return
                continue
            # the hex was emptied meanwhile: the units land unopposed, or go back to the box
            for uid in group:
                u = ctx.state.units[uid].unmarked(AT_SEA)
                ctx.state.put(u)
                if target and cn.fits(ctx, target, 1):
                    cn.step_into(ctx, uid, target)
                else:
                    ctx.state.put(u.boxed(cn.available_box(cn.SOVIET)))
