"""Krim: Operational Transfers: a unit in tactical supply at the phase start moves with
unlimited MP into any hex regular movement could enter, stopping on entering a hex next to an
enemy unit; no MA; not in the first calendar month; never railroad artillery. It may not move
in the following Movement Phase nor attack or fire in the following Combat Phase."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar

from wargames.core.actions import Action, Choose, Move, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import SIDE, UNIT, Shape
from wargames.core.movement import MovePolicy, check_path, reach
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from .calendar import month_of
from .idle import SkippedWhenIdle
from .movement import CITE, OPTRANS, costs, situation
from .supply import tactical_map

RULE = "Krim: Operational Transfers"
ELIGIBLE = "krim-optrans-eligible"
"""Title variable: units in tactical supply at the start of this OpTrans Phase."""
STARTED = "krim-optrans-started"
"""Title variable, Krim: The Kerch Straits: whether an OpTrans has been made this phase (straits
entries come first)."""

POLICY = MovePolicy(stop_next_to_enemy=True, rules=CITE)


def first_month(ctx: Context) -> bool:
    """Krim: no OpTrans during the first calendar month (of the campaign: October 1941)."""
    return month_of(ctx).number == 1


def destinations(ctx: Context, uid: str) -> dict[str, tuple[str, ...]]:
    ix = ctx.board.index
    u = ctx.state.units[uid]
    assert u.at is not None
    r = reach(ix, ix.number[u.at], None, costs(ctx, uid), POLICY, situation(ctx, ctx.side_of(uid)))
    paths = r.path_table()
    return {ix.ids[n]: paths[n] for n in r.cost if n != r.start and cn.fits(ctx, ix.ids[n], 1)}


def can_optrans(ctx: Context, uid: str) -> str | None:
    u = ctx.state.units[uid]
    d = ctx.unit_def(uid)
    if first_month(ctx):
        return "no OpTrans during the first calendar month"
    if u.at is None or cn.is_air(d):
        return f"{uid} is not on the map"
    if cn.is_railroad(d):
        return f"{uid}: railroad artillery may not conduct OpTrans (Krim: Railroad Artillery)"
    if u.has(OPTRANS):
        return f"{uid} has already made its OpTrans"
    if uid not in ctx.state.get(ELIGIBLE, ()):
        return f"{uid} was not in tactical supply at the start of the phase"
    return None


class BeginOpTrans(Step):
    """Krim: Operational Transfers: tactical supply is judged at the start of the phase."""

    name: ClassVar[str] = "begin-optrans"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}

    def run(self, ctx: Context, frame: Frame) -> None:
        side = frame.args["side"]
        line = tactical_map(ctx, side)
        ctx.state.set(
            ELIGIBLE,
            [u.id for u in ctx.units_of(side) if u.at is not None and line.in_supply(u.at)],
        )
        ctx.state.set(STARTED, False)
        ctx.done()


OPTION = "optrans:"
"""The option naming a unit to transfer (``optrans:<unit>``)."""


class OpTransPhase(SkippedWhenIdle):
    """Pick a unit for its OpTrans (then its destination); Soviet units may first enter the
    Kerch Straits hexes (:mod:`.straits`); Pass ends the phase."""

    name: ClassVar[str] = "optrans"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Place, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        from .straits import straits_entries

        side = frame.args["side"]
        out: list[Action] = [Pass()]
        if side == cn.SOVIET and not ctx.state.get(STARTED):
            out += straits_entries(ctx, side, "optrans")
        out += [Choose(OPTION + u.id) for u in ctx.units_of(side) if can_optrans(ctx, u.id) is None]
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        from .straits import straits_error

        side = frame.args["side"]
        if isinstance(action, Pass):
            return None
        if isinstance(action, Place):
            if side != cn.SOVIET or ctx.state.get(STARTED):
                return IllegalAction(
                    "Krim: The Kerch Straits", "units enter at the start of the OpTrans Phase"
                )
            return straits_error(ctx, side, action, "optrans")
        assert isinstance(action, Choose)
        if not action.option.startswith(OPTION):
            return IllegalAction(RULE, f"choose a unit to transfer as {OPTION}<unit>")
        uid = action.option.removeprefix(OPTION)
        if uid not in ctx.state.units or ctx.side_of(uid) != side:
            return IllegalAction(RULE, f"{uid} is not a unit of {side}")
        why = can_optrans(ctx, uid)
        return None if why is None else IllegalAction(RULE, why)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        from .straits import enter_straits

        if isinstance(action, Pass):
            ctx.done()
            return
        if isinstance(action, Place):
            enter_straits(ctx, action, "optrans")
            line = tactical_map(ctx, cn.SOVIET)
            if line.in_supply(action.at):
                ctx.state.set(ELIGIBLE, [*ctx.state.get(ELIGIBLE, ()), action.unit])
            return
        assert isinstance(action, Choose)
        ctx.push("optrans-move", side=frame.args["side"], unit=action.option.removeprefix(OPTION))


class OpTransMove(SideStep):
    """One OpTrans: a path with unlimited MP that ends on entering a hex next to an enemy unit
    (even one it started next to, even onto friends); Pass gives it up."""

    name: ClassVar[str] = "optrans-move"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "unit": UNIT}
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Move, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        uid = frame.args["unit"]
        return [Pass(), *(Move((uid,), p) for _, p in sorted(destinations(ctx, uid).items()))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return None
        assert isinstance(action, Move)
        uid = frame.args["unit"]
        if action.units != (uid,):
            return IllegalAction(RULE, f"the unit making this OpTrans is {uid}")
        at = ctx.state.units[uid].at
        if len(action.path) < 2 or action.path[0] != at:
            return IllegalAction(RULE, f"the path must start at {at}")
        if not cn.fits(ctx, action.path[-1], 1):
            return IllegalAction("Krim: stacking (provisional)", f"{action.path[-1]} is full")
        ix = ctx.board.index
        if any(n not in ix.number for n in action.path):
            return IllegalAction(RULE, "the path leaves the map")
        try:
            check_path(
                ix,
                [ix.number[n] for n in action.path],
                None,
                costs(ctx, uid),
                POLICY,
                situation(ctx, frame.args["side"]),
            )
        except IllegalAction as error:
            return error
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Move):
            uid = frame.args["unit"]
            # Krim: The Kerch Straits: entries come at the phase start, before the first OpTrans
            # made (one picked and given up by Pass is none)
            ctx.state.set(STARTED, True)
            cn.enter(ctx, uid, action.path)
            ctx.state.put(ctx.state.units[uid].marked(OPTRANS))
            ctx.emit(
                "optrans",
                f"{uid} OpTrans {'-'.join(action.path)}",
                unit=uid,
                path=list(action.path),
            )
        ctx.done()


class EndPlayerTurn(Step):
    """The player turn is over: OpTrans and sea-transfer restrictions end."""

    name: ClassVar[str] = "end-player-turn"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}

    def run(self, ctx: Context, frame: Frame) -> None:
        from .movement import SEA_MOVED

        for u in list(ctx.state.units.values()):
            if ctx.side_of(u.id) != frame.args["side"]:
                continue
            if u.has(OPTRANS) or u.has(SEA_MOVED):
                ctx.state.put(u.unmarked(OPTRANS, SEA_MOVED))
        ctx.done()
