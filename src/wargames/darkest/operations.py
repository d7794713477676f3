"""Operational phases: each unit gets its orders in turn (move, then perhaps attack; or attack
without moving; or nothing), then the attacks are resolved one battle at a time.

DC: Sequence A.2.a / B.2.a (Operational Movement and Ground Attack Allocations), A.2.c / B.2.c
(Ground Combat Resolution, 2 battle rounds), A.2.d (Blitzkrieg!, 1 round), B.2.d (Proriv!,
1 round), and the first turn's extra German attack before moving. DC: Note: a unit is
operationally moved only once per operational phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from wargames.core.actions import Action, Attack, Choose, Move, Pass
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.events import Redacted
from wargames.core.frame_args import BOOL, INT, SIDE, UNIT, Shape, literal
from wargames.core.sequence import Step
from wargames.core.side_units import side_units
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from .attacks import attack_error, attackable, must_attack, pending, set_pending
from .battle import start
from .battle_record import MODES
from .movement import RULE, move_error, path_may_attack, routes
from .position import set_control, sorted_neighbours
from .weather import SNOW, weather

CANCEL = "cancel:"
#: The kinds of operational phase (DC: Sequence): the first-turn attacks, A.2.a/B.2.a, the
#: Blitzkrieg! and the Proriv!
MODE = literal(*MODES)


def may_act(ctx: Context, uid: str, mode: str) -> bool:
    """Whether a unit gets orders in this operational phase."""
    unit = ctx.state.units[uid]
    if unit.at is None or unit.has(cn.DISRUPTED) or unit.has(cn.DONE):
        return False
    if unit.has(cn.FORTIFYING):
        return False  # DC: Fortifications: an army fortifying does nothing else
    if mode == "proriv":
        return cn.has(ctx, uid, "proriv")
    if mode == "first":
        return cn.is_german(ctx, uid)
    if mode == "blitz" and weather(ctx) == SNOW:
        # DC: Blitzkrieg!: only German panzer units in Snow after the first Snow turn.
        return cn.is_german(ctx, uid) and cn.is_armour(ctx, uid)
    return True


_IDLE = frozenset({cn.DISRUPTED, cn.DONE, cn.FORTIFYING})
"""Markers with which a unit gets no orders (:func:`may_act`)."""
_SPECIAL = frozenset({"proriv", "first", "blitz"})
"""The modes in which :func:`may_act` asks more than a unit's hex and markers."""


class Operations(SideStep):
    """Pick a unit to give orders to, cancel an allocated attack, or end the phase."""

    name: ClassVar[str] = "operations"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "mode": MODE}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def _units(self, ctx: Context, frame: Frame) -> list[str]:
        mode = frame.args["mode"]
        # the markers may_act refuses, tested first for all units at once (the same answer)
        # the side's units on the map (ctx.units_of, from the side's part of the units)
        side = side_units(ctx, frame.args["side"])
        idle = [u.id for u in side if u.at is not None and _IDLE.isdisjoint(u.markers)]
        if mode not in _SPECIAL:
            return idle  # may_act asks nothing more of an operational phase (A.2.a/B.2.a)
        return [uid for uid in idle if may_act(ctx, uid, mode)]

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        out: list[Action] = [Choose(u) for u in self._units(ctx, frame)]
        out += [Choose(CANCEL + t) for t in sorted(pending(ctx))]
        if self._pass_error(ctx, frame) is None:
            out.insert(0, Pass())
        return out

    def _pass_error(self, ctx: Context, frame: Frame) -> IllegalAction | None:
        if frame.args["side"] == cn.RUSSIAN:
            return must_attack(ctx, pending(ctx), frame.args["mode"])
        return None

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return self._pass_error(ctx, frame)
        assert isinstance(action, Choose)
        if action.option.startswith(CANCEL):
            if action.option[len(CANCEL) :] in pending(ctx):
                return None
            return IllegalAction(RULE, f"no attack on {action.option[len(CANCEL) :]} to cancel")
        if action.option not in self._units(ctx, frame):
            return IllegalAction(RULE, f"{action.option} has no orders to take in this phase")
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        if action.option.startswith(CANCEL):
            target = action.option[len(CANCEL) :]
            attacks = pending(ctx)
            for uid in attacks.pop(target):
                ctx.state.put(ctx.state.units[uid].unmarked(cn.ATTACKING))
            set_pending(ctx, attacks)
            ctx.emit("cancel", f"the attack on {target} is cancelled", target=target)
            return
        ctx.push(
            "orders",
            unit=action.option,
            side=frame.args["side"],
            mode=frame.args["mode"],
            moved=False,
        )


class Orders(SideStep):
    """One unit's orders: move (once), attack an adjacent enemy hex, or pass."""

    name: ClassVar[str] = "orders"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "unit": UNIT,
        "side": SIDE,
        "mode": MODE,
        "moved": BOOL,
    }
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Move, Attack, Pass)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"orders for {frame.args['unit']}"

    def _targets(self, ctx: Context, frame: Frame) -> list[str]:
        uid = frame.args["unit"]
        at = ctx.state.units[uid].at
        assert at is not None
        attacks = pending(ctx)
        side, occ = ctx.side_of(uid), ctx.state.occupancy()
        # attack_error refuses a hex that is not attackable (tested first: the same answer)
        return [
            t
            for t in sorted_neighbours(ctx, at)
            if attackable(ctx, side, occ, t)
            and attack_error(ctx, uid, t, frame.args["mode"], attacks) is None
        ]

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        uid = frame.args["unit"]
        out: list[Action] = [Pass()]
        out += [Attack((uid,), t) for t in self._targets(ctx, frame)]
        if not frame.args["moved"]:
            ends = routes(ctx, uid, frame.args["mode"]).ends
            out += [Move((uid,), ends[n][0]) for n in sorted(ends)]
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        uid = frame.args["unit"]
        if isinstance(action, Pass):
            return None
        if isinstance(action, Move):
            if action.units != (uid,):
                return IllegalAction(RULE, f"these are the orders of {uid}")
            if frame.args["moved"]:
                return IllegalAction(RULE, f"{uid} has already moved this phase")
            if ctx.state.units[uid].has(cn.FORTIFYING):
                return IllegalAction("DC: Fortifications", f"{uid} fortified: it does nothing else")
            return move_error(ctx, uid, action.path, frame.args["mode"])
        assert isinstance(action, Attack)
        if action.units != (uid,):
            return IllegalAction(RULE, f"these are the orders of {uid}")
        return attack_error(ctx, uid, action.target, frame.args["mode"], pending(ctx))

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        uid = frame.args["unit"]
        unit = ctx.state.units[uid]
        side = frame.args["side"]
        if isinstance(action, Pass):
            ctx.state.put(unit.marked(cn.DONE))
            ctx.done()
            return
        if isinstance(action, Attack):
            attacks = pending(ctx)
            attacks[action.target] = (*attacks.get(action.target, ()), uid)
            set_pending(ctx, attacks)
            ctx.state.put(unit.marked(cn.DONE, cn.ATTACKING))
            # DC: Secret ... Setup: a hidden unit is named only when its battle reveals it
            others = Redacted(f"a unit will attack {action.target}", {"target": action.target})
            ctx.emit_about(
                [uid],
                "allocate",
                f"{uid} will attack {action.target}",
                others=others,
                unit=uid,
                target=action.target,
            )
            ctx.done()
            return
        assert isinstance(action, Move)
        may_attack = path_may_attack(ctx, uid, action.path, frame.args["mode"])
        # DC: Shock Army Emplacement: flipped back if it moves; DC: Fortifications. (One new
        # state: unit.moved_to(...).marked(MOVED).unmarked(STRONG, FORTIFIED), and
        # .marked(BONUS, DONE) without an attack.)
        markers = unit.markers.union((cn.MOVED,)).difference((cn.STRONG, cn.FORTIFIED))
        if not may_attack:
            markers = markers.union((cn.BONUS, cn.DONE))
        ctx.state.put(attrs.evolve(unit, at=action.path[-1], box=None, markers=markers))
        for n in action.path[1:]:
            set_control(ctx, n, side)
        route, path = "-".join(action.path), list(action.path)
        others = Redacted(f"a hidden unit moves {route}", {"path": path})  # DC: Secret Setup
        ctx.emit_about([uid], "move", f"{uid} moves {route}", others=others, unit=uid, path=path)
        if may_attack and self._targets(ctx, frame):
            ctx.update(moved=True)
            return
        ctx.state.put(ctx.state.units[uid].marked(cn.DONE))
        ctx.done()


class Combat(SideStep):
    """DC: Sequence A.2.c / B.2.c (and the 1-round Blitzkrieg!/Proriv! attacks): the attacker
    picks the next allocated attack to resolve."""

    name: ClassVar[str] = "combat"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "mode": MODE, "rounds": INT}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = "DC: Ground Combat"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose,)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return super().actor(ctx, frame) if pending(ctx) else None

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Choose(t) for t in sorted(pending(ctx))]

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Choose)
        start(ctx, action.option, frame.args["side"], frame.args["mode"], frame.args["rounds"])


class BeginPhase(Step):
    """Housekeeping before an operational phase: clear the side's per-phase markers."""

    name: ClassVar[str] = "begin-phase"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}

    def run(self, ctx: Context, frame: Frame) -> None:
        side = frame.args["side"]
        phase = frozenset(cn.PHASE_MARKERS)  # built once, not once per unit
        for u in list(ctx.state.units.values()):
            if ctx.side_of(u.id) == side and (u.markers & phase):
                ctx.state.put(u.unmarked(*cn.PHASE_MARKERS))
        set_pending(ctx, {})
        ctx.done()


class BeginCombat(Step):
    """Housekeeping before a combat phase: nobody has been re-Disrupted yet - except, on the
    first turn, the units hit by the extra German attack before moving, which belongs to the
    same German player-turn (DC: Sequence A.2.c: "previously Disrupted ... not re-Disrupted")."""

    name: ClassVar[str] = "begin-combat"
    args: ClassVar[Mapping[str, Shape] | None] = {"keep_first_turn_hits": BOOL}

    def run(self, ctx: Context, frame: Frame) -> None:
        if frame.args.get("keep_first_turn_hits") and ctx.turn == ctx.scenario.calendar.first:
            ctx.done()
            return
        for u in list(ctx.state.units.values()):
            if u.has(cn.HIT):
                ctx.state.put(u.unmarked(cn.HIT))
        ctx.done()
