"""Krim: Soviet Sea Movement: up to five divisions a Soviet player turn, through the Quick
Reaction Box (at most five divisions in it); landings in any Soviet supply source hex (opposed
when an Axis unit holds it), sea transfers between Soviet-held source hexes, Sevastopol closed
while an Axis unit holds C7, and no sea movement from calendar month 8."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar

from wargames.core.actions import Action, Choose, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import NODE, SIDE, UNIT, Shape
from wargames.core.markers import PHASE, has_scoped, scoped
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from .battle import AT_SEA, LANDING
from .calendar import month_of
from .idle import SkippedWhenIdle
from .movement import MOVED, MOVED_ANY, SEA_MOVED

RULE = "Krim: Soviet Sea Movement"
SEVASTOPOL = "Krim: Sevastopol Geography"
TRANSFER = "Krim: Sea Transfers"
USED = "krim-sea-used"
"""Title variable: divisions moved by sea this Soviet player turn."""
SOURCE = "soviet-source"


def capacity(ctx: Context) -> float:
    return float(ctx.charts["sea"]["divisions"])


def sea_lost(ctx: Context) -> bool:
    """Krim: the Sea Movement capacity is lost at the start of calendar month 8."""
    return month_of(ctx).number >= int(ctx.charts["sea"]["lost_from_month"])


def sevastopol_closed(ctx: Context) -> bool:
    """Krim: Sevastopol Geography: no sea movement into or out of Sevastopol while a German or
    Romanian unit occupies C7."""
    return cn.occupant_side(ctx, "C7") == cn.AXIS


def qrb_load(ctx: Context) -> float:
    return sum(cn.division_weight(ctx, ctx.unit_def(u.id)) for u in ctx.state.units_in(cn.QRB))


def weight(ctx: Context, uid: str) -> float:
    return cn.division_weight(ctx, ctx.unit_def(uid))


def room(ctx: Context, uid: str) -> bool:
    """Krim: the five-division sea capacity of this player turn."""
    return float(ctx.state.get(USED, 0.0)) + weight(ctx, uid) <= capacity(ctx) + 1e-9


def landing_error(ctx: Context, uid: str, at: str) -> str | None:
    """Why a unit in the QRB may not land in ``at`` now."""
    if ctx.state.units[uid].has(SEA_MOVED):
        return f"{uid} did not start the movement phase in the QRB"
    if at not in ctx.board or not ctx.board.has(at, SOURCE):
        return f"{at} is not a Soviet supply source hex"
    if at == "C7" and sevastopol_closed(ctx):
        return "an Axis unit holds C7: Sevastopol is closed to sea movement"
    if not room(ctx, uid):
        return "the five-division sea capacity of this turn is used up"
    if cn.occupant_side(ctx, at) == cn.AXIS:
        if cn.is_artillery(ctx.unit_def(uid)):
            # Krim: Artillery and Barrages: "Artillery units may only attack by firing barrages"
            return f"{uid} is artillery: it may not make an opposed landing"
        if not sea_hexes(ctx, at):
            return f"{at} has no sea hex next to it"
        return None
    if not cn.fits(ctx, at, 1):
        return f"{at} is full"
    return None


def sea_hexes(ctx: Context, at: str) -> list[str]:
    """The sea hexes next to ``at``, in sorted order."""
    return [n for n in sorted(ctx.board.neighbours(at)) if ctx.board.terrain(n) == "sea"]


def sail(ctx: Context, uid: str, at: str) -> None:
    """Krim: Opposed Landings: "move the Soviet units into a sea hex next to the desired landing
    hex": with one sea hex the unit sails there; with more, the Soviet player names it
    (:class:`LandingSeaHex`), since the hex counts for the Concentric Assault +1."""
    seas = sea_hexes(ctx, at)
    if len(seas) == 1:
        _at_sea(ctx, uid, at, seas[0])
    else:
        ctx.push("landing-sea", unit=uid, at=at)


def _at_sea(ctx: Context, uid: str, at: str, sea: str) -> None:
    """``uid`` (from the QRB, or across the Kerch Straits) waits in ``sea`` to land in ``at``."""
    u = ctx.state.units[uid]
    from_qrb = u.box == cn.QRB
    ctx.state.put(u.moved_to(sea).marked(AT_SEA, scoped(MOVED, PHASE)))
    ctx.state.set(LANDING, {**ctx.state.get(LANDING, {}), uid: at})
    if from_qrb:
        ctx.emit("landing", f"{uid} sails to {sea} to land in {at}", unit=uid, at=at)
    else:
        ctx.emit("straits", f"{uid} crosses to {sea} to attack {at}", unit=uid, at=at)


def transfer_error(ctx: Context, uid: str, at: str) -> str | None:
    """Krim: Sea Transfers: a unit that starts the phase in a source hex moves to another
    Soviet-controlled source hex or to the QRB, before any other movement."""
    u = ctx.state.units[uid]
    if u.at is None or not ctx.board.has(u.at, SOURCE):
        return f"{uid} is not in a Soviet supply source hex"
    if ctx.state.get(MOVED_ANY):
        return "sea transfers come before any other movement"
    if has_scoped(u, MOVED, PHASE) or u.has(SEA_MOVED):
        return f"{uid} has moved this phase"
    if "C7" in (u.at, at) and sevastopol_closed(ctx):
        return "an Axis unit holds C7: Sevastopol is closed to sea movement"
    if not room(ctx, uid):
        return "the five-division sea capacity of this turn is used up"
    if at == cn.QRB:
        if qrb_load(ctx) + weight(ctx, uid) > capacity(ctx) + 1e-9:
            return "the QRB holds at most five divisions"
        return None
    if at == u.at or at not in ctx.board or not ctx.board.has(at, SOURCE):
        return f"{at} is not another Soviet-controlled supply source hex"
    if ctx.state.control.get(at) != cn.SOVIET:
        return f"{at} is not another Soviet-controlled supply source hex"
    if cn.occupant_side(ctx, at) == cn.AXIS or not cn.fits(ctx, at, 1):
        return f"{at} cannot take {uid}"
    return None


def sea_actions(ctx: Context, side: str) -> list[Action]:
    """Landings from the QRB, sea transfers, Kerch Straits entries, the parachute drop."""
    from .reinforcements import drop_actions
    from .straits import straits_entries

    if side != cn.SOVIET:
        return []
    out: list[Action] = []
    if not sea_lost(ctx):
        sources = sorted(ctx.board.nodes_with(SOURCE))
        for u in ctx.state.units_in(cn.QRB):
            out += [Place(u.id, at) for at in sources if landing_error(ctx, u.id, at) is None]
        if not ctx.state.get(MOVED_ANY):
            for u in ctx.units_of(side):
                if u.at is not None and ctx.board.has(u.at, SOURCE):
                    for at in (*sources, cn.QRB):
                        if transfer_error(ctx, u.id, at) is None:
                            out.append(Place(u.id, at))
    out += straits_entries(ctx, side, "movement")
    out += drop_actions(ctx)
    return out


def sea_error(ctx: Context, side: str, action: Action) -> IllegalAction | None:
    from .reinforcements import drop_error
    from .straits import is_straits_entry, straits_error

    if not isinstance(action, Place) or action.unit not in ctx.state.units:
        return IllegalAction("Krim: Movement", f"{action.to_json()} is not a move")
    if ctx.side_of(action.unit) != side or side != cn.SOVIET:
        return IllegalAction(RULE, "only the Soviet player moves by sea")
    u = ctx.state.units[action.unit]
    if ctx.unit_def(action.unit).has("parachute"):
        return drop_error(ctx, action)
    if is_straits_entry(ctx, action):
        return straits_error(ctx, side, action, "movement")
    if sea_lost(ctx):
        return IllegalAction(RULE, "sea movement is lost from calendar month 8")
    if u.box == cn.QRB:
        why = landing_error(ctx, action.unit, action.at)
        return None if why is None else IllegalAction(SEVASTOPOL if "C7" in why else RULE, why)
    if u.at is not None:
        why = transfer_error(ctx, action.unit, action.at)
        return None if why is None else IllegalAction(SEVASTOPOL if "C7" in why else TRANSFER, why)
    return IllegalAction(RULE, f"{action.unit} must start the phase in the QRB to move by sea")


def apply_sea(ctx: Context, side: str, action: Action) -> None:
    from .reinforcements import start_drop
    from .straits import enter_straits, is_straits_entry

    assert isinstance(action, Place)
    uid = action.unit
    u = ctx.state.units[uid]
    if u.at is None:
        # Krim: Sea Transfers come before any other movement: a landing, a straits entry or a
        # drop (a unit placed from a box) ends them, as a regular move does
        ctx.state.set(MOVED_ANY, True)
    if ctx.unit_def(uid).has("parachute"):
        start_drop(ctx, action)
        return
    if is_straits_entry(ctx, action):
        enter_straits(ctx, action, "movement")
        return
    ctx.state.set(USED, float(ctx.state.get(USED, 0.0)) + weight(ctx, uid))
    if u.box == cn.QRB:
        if cn.occupant_side(ctx, action.at) == cn.AXIS:
            sail(ctx, uid, action.at)
            return
        # Krim: the unit may move no further this phase, but may attack and advance
        ctx.state.put(u.moved_to(action.at).marked(scoped(MOVED, PHASE)))
        ctx.state.control[action.at] = cn.SOVIET
        ctx.emit("landing", f"{uid} lands in {action.at}", unit=uid, at=action.at)
        return
    if action.at == cn.QRB:
        ctx.state.put(u.boxed(cn.QRB).marked(SEA_MOVED))
    else:
        ctx.state.put(u.moved_to(action.at).marked(SEA_MOVED))
    ctx.emit("sea-transfer", f"{uid} is transferred by sea to {action.at}", unit=uid, at=action.at)


class QuickReactionBox(SkippedWhenIdle):
    """Krim: Soviet Sea Movement: in the Soviet New Units Phase units move between the QRB and
    the Reinforcements Available box; the QRB holds at most five divisions."""

    name: ClassVar[str] = "qrb"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        out: list[Action] = [Pass()]
        load = qrb_load(ctx)
        for u in ctx.state.units_in(cn.available_box(cn.SOVIET)):
            if cn.is_air(ctx.unit_def(u.id)) or ctx.unit_def(u.id).has("parachute"):
                continue
            if load + weight(ctx, u.id) <= capacity(ctx) + 1e-9:
                out.append(Choose(f"qrb:{u.id}"))
        out += [Choose(f"box:{u.id}") for u in ctx.state.units_in(cn.QRB)]
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in set(self.legal(ctx, frame)):
            return None
        if isinstance(action, Choose) and action.option.startswith("qrb:"):
            return IllegalAction(RULE, "the QRB holds at most five divisions (or no such unit)")
        return IllegalAction(RULE, f"{action.to_json()} is not allowed")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        where, uid = action.option.split(":", 1)
        box = cn.QRB if where == "qrb" else cn.available_box(cn.SOVIET)
        ctx.state.put(ctx.state.units[uid].boxed(box))


class LandingSeaHex(SideStep):
    """Krim: Opposed Landings: the Soviet player names the sea hex next to the landing hex (or
    the enemy-held Kerch Straits hex) that the unit sails to; it then waits there, at sea."""

    name: ClassVar[str] = "landing-sea"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT, "at": NODE}
    side_name: ClassVar[str] = cn.SOVIET
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = "Krim: Opposed Landings"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose,)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [Choose(f"sea:{n}") for n in sea_hexes(ctx, frame.args["at"])]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in set(self.legal(ctx, frame)):
            return None
        at = frame.args["at"]
        return IllegalAction(self.rule, f"{action.to_json()}: name a sea hex next to {at}")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Choose)
        _at_sea(ctx, frame.args["unit"], frame.args["at"], action.option.split(":", 1)[1])
        ctx.done()


class BeginSea(Step):
    """A new Soviet player turn: the five-division sea capacity is fresh."""

    name: ClassVar[str] = "begin-sea"
    args: ClassVar[Mapping[str, Shape] | None] = {}

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.state.set(USED, 0.0)
        ctx.done()
