"""DCH: Game-turn sequence A.2-A.6 / B.2-B.5: attacks before operational movement (resolved at
once), operational movement and attack allocations (one unit's orders at a time), ground combat
resolution, and the German operational breakthrough.

Decisions are factored: the side picks a unit (``Choose``), then that unit's move or attack;
an attack declared before movement is built up one unit at a time and then resolved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.actions import Action, Attack, Choose, Move, Pass
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import BOOL, INT, NODE, SIDE, UNIT, Shape, list_of, literal
from wargames.core.markers import PHASE, TURN, has_scoped, scoped
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from .air_combat import strikers
from .attacks import (
    allocations,
    attack_error,
    early_obligations,
    floor_error,
    may_fight,
    must_attack,
    record_early,
    set_allocations,
    targets,
)
from .casualties import eliminate, set_control
from .combat import start
from .katyusha import fire, strikes
from .movement import RULE as MOVE_RULE
from .movement import (
    lone_katyushas,
    may_attack_after,
    move_error,
    river_attack_error,
    routes,
    spent,
)
from .overrun import overrun_error, overruns

CANCEL = "cancel:"
AIR = "air:"
COMBAT = "DCH: Sequence (Ground Combat Resolution)"


def unused(ctx: Context, uid: str) -> bool:
    """Not yet moved or attacked this turn (DCH: Sequence A.3, A.6)."""
    unit = ctx.state.units[uid]
    return not (has_scoped(unit, cn.MOVED, TURN) or has_scoped(unit, cn.ATTACKED, TURN))


# --- A.2 / B.2: attacks before operational movement ----------------------------------------
def early_attacker(ctx: Context, uid: str, mode: str) -> bool:
    """May join an attack declared in ``mode``: not yet used (or holding a Blitzkrieg attack),
    and in A.2 / B.2 (``mode`` "pre") on the Axis side German ("German Attacks before
    Operational Movement"; the Axis allied units first act in A.3)."""
    unit = ctx.state.units[uid]
    if not (unused(ctx, uid) or unit.has(cn.BLITZ)):
        return False
    return mode != "pre" or not cn.is_ally(ctx, uid)


class EarlyAttacks(SideStep):
    """DCH: Sequence A.2 / B.2: attacks before operational movement, resolved at once (with
    the immediate Blitzkrieg attacks on a BK). Declare with one unit, add others, resolve."""

    name: ClassVar[str] = "early-attacks"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "mode": literal("pre")}
    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = "DCH: Sequence A.2 / B.2"
    actions: ClassVar[tuple[type[Action], ...]] = (Attack, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        out: list[Action] = []
        if frame.args["side"] != cn.RUSSIAN or early_obligations(ctx) is None:
            out.append(Pass())
        for u in ctx.units_of(frame.args["side"]):
            if may_fight(ctx, u.id) and early_attacker(ctx, u.id, frame.args["mode"]):
                out += [Attack((u.id,), t) for t in targets(ctx, u.id)]
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            if frame.args["side"] == cn.RUSSIAN:
                return early_obligations(ctx)
            return None
        assert isinstance(action, Attack)
        if len(action.units) != 1 or ctx.side_of(action.units[0]) != frame.args["side"]:
            return IllegalAction(self.rule, "declare an attack with one of your units")
        uid = action.units[0]
        unit = ctx.state.units[uid]
        if not (unused(ctx, uid) or unit.has(cn.BLITZ)):
            return IllegalAction(self.rule, f"{uid} has already moved or attacked")
        if not early_attacker(ctx, uid, frame.args["mode"]):
            return IllegalAction(self.rule, f"{uid}: only German units attack in A.2")
        return attack_error(ctx, uid, action.target)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            # DCH: Sequence A.2: the Blitzkrieg attacks on a BK are "immediate": one not
            # made by the end of the step is lost
            for u in ctx.units_of(frame.args["side"]):
                if u.has(cn.BLITZ):
                    ctx.state.put(u.unmarked(cn.BLITZ))
            ctx.done()
            return
        assert isinstance(action, Attack)
        ctx.push(
            "declare",
            side=frame.args["side"],
            target=action.target,
            units=list(action.units),
            mode=frame.args.get("mode", "pre"),
        )


class Declare(SideStep):
    """Add attackers one at a time (``Choose(unit)``), then resolve (``Pass``)."""

    name: ClassVar[str] = "declare"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "target": NODE,
        "units": list_of(UNIT),
        "mode": literal("pre", "op", "break"),
    }
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = "DCH: Sequence A.2 / B.2"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def _more(self, ctx: Context, frame: Frame) -> list[str]:
        chosen = set(frame.args["units"])
        target = frame.args["target"]
        out = []
        for u in ctx.units_of(frame.args["side"]):
            if u.id in chosen or attack_error(ctx, u.id, target) is not None:
                continue
            if early_attacker(ctx, u.id, frame.args["mode"]):
                out.append(u.id)
        return out

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        out: list[Action] = [Choose(u) for u in self._more(ctx, frame)]
        if floor_error(ctx, list(frame.args["units"]), frame.args["target"]) is None:
            out.insert(0, Pass())
        elif not out:
            out.insert(0, Choose("cancel"))
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return floor_error(ctx, list(frame.args["units"]), frame.args["target"])
        return super().check(ctx, frame, action)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Choose):
            if action.option == "cancel":
                ctx.done()
                return
            ctx.update(units=[*frame.args["units"], action.option])
            return
        units = list(frame.args["units"])
        side, target, mode = frame.args["side"], frame.args["target"], frame.args["mode"]
        ctx.done()
        if side == cn.RUSSIAN:
            record_early(ctx, target, units)
        start(ctx, target, units, side, mode)


# --- A.3 / B.3 / A.6: operational movement and attack allocations -------------------------
class Operations(SideStep):
    """Pick a unit to give orders to, cancel an allocated attack, or end the phase (Russians:
    only when the General Rule is met)."""

    name: ClassVar[str] = "operations"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "mode": literal("op", "break")}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = MOVE_RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def _units(self, ctx: Context, frame: Frame) -> list[str]:
        out = []
        for u in ctx.units_of(frame.args["side"]):
            if u.has(cn.DISRUPTED) or not unused(ctx, u.id) or cn.omf(ctx, u.id) == 0:
                continue
            if u.has(scoped(cn.DONE, PHASE)) or u.has(scoped(cn.ALLOCATED, TURN)):
                continue
            if frame.args["mode"] == "break" and cn.is_ally(ctx, u.id):
                continue  # DCH: Sequence A.6: the breakthrough is for German units
            out.append(u.id)
        return out

    def _pass_error(self, ctx: Context, frame: Frame) -> IllegalAction | None:
        if frame.args["side"] == cn.RUSSIAN:
            return must_attack(ctx, allocations(ctx))
        return None

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        out: list[Action] = [Choose(u) for u in self._units(ctx, frame)]
        out += [Choose(CANCEL + t) for t in sorted(allocations(ctx))]
        # DCH: Airstrike: an air unit's offensive use of the game-turn, in a movement phase
        out += [Choose(AIR + u) for u in strikers(ctx, frame.args["side"])]
        if self._pass_error(ctx, frame) is None:
            out.insert(0, Pass())
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return self._pass_error(ctx, frame)
        assert isinstance(action, Choose)
        if action.option.startswith(CANCEL):
            if action.option[len(CANCEL) :] in allocations(ctx):
                return None
            return IllegalAction(self.rule, f"no attack on {action.option[len(CANCEL) :]}")
        if action.option.startswith(AIR):
            if action.option[len(AIR) :] in strikers(ctx, frame.args["side"]):
                return None
            return IllegalAction("DCH: Airstrike", f"{action.option[len(AIR) :]} cannot fly now")
        if action.option not in self._units(ctx, frame):
            return IllegalAction(self.rule, f"{action.option} has no orders to take now")
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        if action.option.startswith(CANCEL):
            cancel(ctx, action.option[len(CANCEL) :])
            return
        if action.option.startswith(AIR):
            ctx.push("airstrike", unit=action.option[len(AIR) :], side=frame.args["side"])
            return
        ctx.push(
            "orders",
            unit=action.option,
            side=frame.args["side"],
            mode=frame.args["mode"],
            moved=False,
        )


def cancel(ctx: Context, target: str) -> None:
    a = allocations(ctx)
    for uid in a.pop(target, []):
        unit = ctx.state.units[uid]
        ctx.state.put(unit.unmarked(scoped(cn.ALLOCATED, TURN), scoped(cn.DONE, PHASE)))
    set_allocations(ctx, a)
    ctx.emit("cancel", f"the attack on {target} is cancelled", target=target)


class Orders(SideStep):
    """One unit's orders: an operational move (once), then an attack allocation, or pass."""

    name: ClassVar[str] = "orders"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "unit": UNIT,
        "side": SIDE,
        "mode": literal("op", "break"),
        "moved": BOOL,
        "may_attack": BOOL,
        "spent": INT,
    }
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = MOVE_RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Move, Attack, Pass)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"orders for {frame.args['unit']}"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        uid = frame.args["unit"]
        out: list[Action] = [Pass()]
        if frame.args.get("may_attack", True):
            used = int(frame.args.get("spent", 0))
            out += [
                Attack((uid,), t)
                for t in targets(ctx, uid)
                if river_attack_error(ctx, uid, t, used, frame.args["mode"]) is None
            ]
        if not frame.args["moved"]:
            ends = routes(ctx, uid, frame.args["mode"])
            out += [Move((uid,), ends[n][0]) for n in sorted(ends)]
            out += overruns(ctx, uid, frame.args["mode"])
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        uid = frame.args["unit"]
        if isinstance(action, Pass):
            return None
        if isinstance(action, Move) and len(action.units) > 1:
            if frame.args["moved"] or action.units[0] != uid:
                return IllegalAction(self.rule, f"{uid} leads an overrun before it moves")
            return overrun_error(ctx, action.units, action.path, frame.args["mode"])
        if action.units != (uid,):  # type: ignore[attr-defined]
            return IllegalAction(self.rule, f"these are the orders of {uid}")
        if isinstance(action, Move):
            if frame.args["moved"]:
                return IllegalAction(self.rule, f"{uid} has already moved")
            return move_error(ctx, uid, action.path, frame.args["mode"])
        assert isinstance(action, Attack)
        if not frame.args.get("may_attack", True):
            return IllegalAction(
                "DCH: Operational Movement (OMB)", f"{uid} used its bonus: it may not attack"
            )
        used = int(frame.args.get("spent", 0))
        return attack_error(ctx, uid, action.target) or river_attack_error(
            ctx, uid, action.target, used, frame.args["mode"]
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        uid = frame.args["unit"]
        unit = ctx.state.units[uid]
        if isinstance(action, Pass):
            ctx.state.put(unit.marked(scoped(cn.DONE, PHASE)))
            ctx.done()
            return
        if isinstance(action, Attack):
            a = allocations(ctx)
            a.setdefault(action.target, []).append(uid)
            set_allocations(ctx, a)
            ctx.state.put(unit.marked(scoped(cn.ALLOCATED, TURN), scoped(cn.DONE, PHASE)))
            ctx.emit("allocate", f"{uid} will attack {action.target}", unit=uid)
            ctx.done()
            return
        assert isinstance(action, Move)
        if len(action.units) > 1:
            self._overrun(ctx, frame, action)
            return
        may = may_attack_after(ctx, uid, action.path, frame.args["mode"])
        cost = spent(ctx, uid, action.path) if may else 0
        # DCH: Russian Katyushas: lone Katyushas moved through by a German unit are eliminated
        lone = lone_katyushas(ctx)
        for n in action.path[1:-1]:
            if n in lone:
                for k in list(ctx.state.occupancy().get(n, ())):
                    eliminate(ctx, k, f"overrun by {uid}")
        ctx.state.put(cn.moved(unit, action.path[-1]).marked(scoped(cn.MOVED, TURN)))
        for n in action.path[1:]:
            set_control(ctx, n, frame.args["side"])
        ctx.emit("move", f"{uid} moves {'-'.join(action.path)}", unit=uid)
        if may and targets(ctx, uid):
            ctx.update(moved=True, may_attack=True, spent=cost)
            return
        ctx.state.put(ctx.state.units[uid].marked(scoped(cn.DONE, PHASE)))
        ctx.done()

    def _overrun(self, ctx: Context, frame: Frame, action: Move) -> None:
        """DCH: Overrun: the defenders are eliminated; the stack enters and its move ends."""
        target = action.path[-1]
        side = frame.args["side"]
        for u in [u for u in ctx.state.occupancy().get(target, ()) if ctx.side_of(u) != side]:
            eliminate(ctx, u, "overrun")
        for u in action.units:
            unit = ctx.state.units[u]
            ctx.state.put(
                cn.moved(unit, target).marked(scoped(cn.MOVED, TURN), scoped(cn.DONE, PHASE))
            )
        set_control(ctx, target, side)
        ctx.emit("overrun", f"{'+'.join(action.units)} overrun {target}", target=target)
        ctx.done()


# --- A.5 / B.5: ground combat resolution ------------------------------------------------------
class Combat(SideStep):
    """DCH: Sequence A.5 / B.5: the attacker picks the next allocated attack to resolve;
    German units with a BK's Blitzkrieg! attack may join an attack or start one; the Axis may
    cancel attacks not yet resolved, the Russians never once resolution has begun."""

    name: ClassVar[str] = "combat"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "mode": literal("op", "break")}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = COMBAT
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Attack, Pass)

    def _blitz(self, ctx: Context, frame: Frame) -> list[Attack]:
        out = []
        for u in ctx.units_of(frame.args["side"]):
            if u.has(cn.BLITZ):
                out += [Attack((u.id,), t) for t in targets(ctx, u.id)]
        return out

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        if allocations(ctx) or self._blitz(ctx, frame):
            return super().actor(ctx, frame)
        return None

    def _rockets(self, ctx: Context, frame: Frame) -> list[Attack]:
        if not allocations(ctx):
            return []
        return strikes(ctx, frame.args["side"])

    def run(self, ctx: Context, frame: Frame) -> None:
        for u in ctx.units_of(frame.args["side"]):
            if u.has(cn.BLITZ):
                ctx.state.put(u.unmarked(cn.BLITZ))
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        a = allocations(ctx)
        out: list[Action] = [Choose(t) for t in sorted(a)]
        if frame.args["side"] == cn.AXIS:
            out += [Choose(CANCEL + t) for t in sorted(a)]
        out += self._blitz(ctx, frame)
        out += self._rockets(ctx, frame)
        if not a:
            out.insert(0, Pass())
        return out

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        side = frame.args["side"]
        if isinstance(action, Pass):
            self.run(ctx, frame)
            return
        if isinstance(action, Attack) and cn.has(ctx, action.units[0], "katyusha"):
            fire(ctx, action)
            return
        if isinstance(action, Attack):
            uid = action.units[0]
            a = allocations(ctx)
            a.setdefault(action.target, []).append(uid)
            set_allocations(ctx, a)
            ctx.state.put(ctx.state.units[uid].unmarked(cn.BLITZ))
            return
        assert isinstance(action, Choose)
        if action.option.startswith(CANCEL):
            cancel(ctx, action.option[len(CANCEL) :])
            return
        target = action.option
        a = allocations(ctx)
        units = [u for u in a.pop(target) if ctx.state.units[u].at is not None]
        set_allocations(ctx, a)
        units = [
            u
            for u in units
            if not cn.disrupted(ctx, u) and ctx.board.adjacent(ctx.state.units[u].at or "", target)
        ]
        here = [u for u in ctx.state.occupancy().get(target, ()) if ctx.side_of(u) != side]
        if not units or not here or floor_error(ctx, units, target) is not None:
            ctx.emit("cancel", f"the attack on {target} cannot be made", target=target)
            return
        start(ctx, target, units, side, frame.args["mode"])
