"""Krim: New Units Phase: reinforcements by calendar month (values.month in the order of
battle), the German replacement schedule, Axis entry onto the map, and the optional Soviet
parachute battalion (one chance in six to survive its drop)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import ClassVar

import attrs

from wargames.core.actions import Action, Outcome, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction, ScenarioError
from wargames.core.frame_args import NODE, SIDE, UNIT, Shape
from wargames.core.markers import PHASE, scoped
from wargames.core.scenario import Scenario
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.units import UnitDef

from . import counters as cn
from .calendar import first_turn_of, month_of, month_starts
from .idle import SkippedWhenIdle
from .movement import MOVED

RULE = "Krim: New Units Phase"
REPLACEMENTS = "Krim: Replacement Schedule"
RAILROAD = "Krim: Railroad Artillery"
ENTRY = "axis-entry"
"""Provisional: the hexes where Axis reinforcements enter (north edge, the mainland)."""
NOT_IN_PLAY = "not-in-play"
AIR_MONTH = 6
"""Krim: air units become available in the first Soviet New Units Phase of April (month 6)."""


def _arrive(ctx: Context, uid: str) -> None:
    d = ctx.unit_def(uid)
    u = ctx.state.units[uid]
    box = cn.air_box(d.side) if cn.is_air(d) else cn.available_box(d.side)
    ctx.state.put(u.boxed(box))
    ctx.emit("reinforcement", f"{uid} arrives ({box})", unit=uid, box=box)


def _month(ctx: Context, uid: str) -> int:
    return int(ctx.unit_def(uid).values.get("month", 0))


def replacements(ctx: Context, month: int) -> None:
    """Krim: Replacement Schedule, assigned automatically (provisional order: the unit missing
    most steps first, then by id): March (5) every assault gun battalion to full strength, a
    destroyed one back as a reinforcement; April (6) two mechanized steps; May (7) two
    mechanized and three German non-mechanized steps, and two destroyed non-mechanized
    Romanian units recreated as reinforcements."""
    units = ctx.state.units
    if month == 5:
        for uid, u in sorted(units.items()):
            d = ctx.unit_def(uid)
            if d.has("assault-gun") and d.side == cn.AXIS:
                if u.box == cn.ELIMINATED:
                    ctx.state.put(attrs.evolve(u, steps=d.steps).boxed(cn.available_box(cn.AXIS)))
                    ctx.emit("replacement", f"{uid} is rebuilt at full strength", unit=uid)
                elif u.steps < d.steps and u.box != cn.future_box(cn.AXIS):
                    ctx.state.put(attrs.evolve(u, steps=d.steps))
                    ctx.emit("replacement", f"{uid} is brought to full strength", unit=uid)
    if month == 6:
        _steps(ctx, 2, cn.is_mechanized)
    if month == 7:
        _steps(ctx, 2, cn.is_mechanized)
        _steps(ctx, 3, lambda d: cn.is_german(d) and not cn.is_mechanized(d))
        dead = [
            uid
            for uid, u in sorted(units.items())
            if u.box == cn.ELIMINATED
            and cn.is_romanian(ctx.unit_def(uid))
            and not cn.is_mechanized(ctx.unit_def(uid))
        ][:2]
        for uid in dead:
            d = ctx.unit_def(uid)
            ctx.state.put(attrs.evolve(units[uid], steps=d.steps).boxed(cn.available_box(cn.AXIS)))
            ctx.emit("replacement", f"{uid} is recreated", unit=uid)


def _steps(ctx: Context, n: int, kind: Callable[[UnitDef], bool]) -> None:
    """``n`` replacement steps, one at a time, to reduced Axis units of ``kind``."""
    for _ in range(n):
        reduced = [
            (u.steps - ctx.unit_def(u.id).steps, u.id)
            for u in ctx.state.units.values()
            if ctx.unit_def(u.id).side == cn.AXIS
            and (u.at is not None or u.box == cn.available_box(cn.AXIS))
            and u.steps < ctx.unit_def(u.id).steps
            and kind(ctx.unit_def(u.id))
            and not cn.is_air(ctx.unit_def(u.id))
        ]
        if not reduced:
            return
        _, uid = min(reduced)
        u = ctx.state.units[uid]
        ctx.state.put(attrs.evolve(u, steps=u.steps + 1))
        ctx.emit("replacement", f"{uid} gains a replacement step", unit=uid)


class Arrivals(Step):
    """Krim: reinforcements for the month (of both sides) become available in the first
    German New Units Phase of the month, except air units (of either side), available in the
    first Soviet New Units Phase of April (month 6, checked at load: :func:`validate`);
    German replacements come in the first German New Units Phase too."""

    name: ClassVar[str] = "arrivals"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    rule: ClassVar[str] = RULE

    def run(self, ctx: Context, frame: Frame) -> None:
        side = frame.args["side"]
        if month_starts(ctx):
            month = month_of(ctx).number
            for u in sorted(ctx.state.units.values(), key=lambda x: x.id):
                if u.box != cn.future_box(cn.AXIS) and u.box != cn.future_box(cn.SOVIET):
                    continue
                d = ctx.unit_def(u.id)
                if _month(ctx, u.id) != month:
                    continue
                # Krim: "All reinforcements for each calendar month become available during
                # the first German New Units Phase of that month, except air units, which are
                # available during the first Soviet New Units phase of April" (both sides')
                if side == (cn.SOVIET if cn.is_air(d) else cn.AXIS):
                    _arrive(ctx, u.id)
            if side == cn.AXIS:
                replacements(ctx, month)
        ctx.done()


def entry_hexes(ctx: Context) -> list[str]:
    return sorted(
        n
        for n in ctx.board.nodes_with(ENTRY)
        if ctx.state.control.get(n) == cn.AXIS and cn.occupant_side(ctx, n) != cn.SOVIET
    )


class AxisNewUnits(SkippedWhenIdle):
    """Krim: the units may be brought onto the map in any New Units Phase of the month: the
    Axis places available units in its entry hexes (provisional: the north map edge); railroad
    guns only in one that is a German-controlled rail hex (Krim: Railroad Artillery)."""

    name: ClassVar[str] = "axis-new-units"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Place, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        hexes = [n for n in entry_hexes(ctx) if cn.fits(ctx, n, 1)]
        return [
            Pass(),
            *(
                Place(u.id, n)
                for u in ctx.state.units_in(cn.available_box(cn.AXIS))
                for n in hexes
                if not cn.is_railroad(ctx.unit_def(u.id)) or cn.german_rail(ctx, n)
            ),
        ]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in set(self.legal(ctx, frame)):
            return None
        if (
            isinstance(action, Place)
            and action.unit in ctx.state.units
            and action.at in ctx.board
            and cn.is_railroad(ctx.unit_def(action.unit))
            and not cn.german_rail(ctx, action.at)
        ):
            # Krim: Railroad Artillery: a gun entering off the rail could never move nor retreat
            return IllegalAction(
                RAILROAD, f"{action.unit} may enter only at a German-controlled rail hex"
            )
        return IllegalAction(
            RULE, f"{action.to_json()}: an available Axis unit into a free entry hex"
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Place)
        ctx.state.put(ctx.state.units[action.unit].moved_to(action.at))
        ctx.emit("enter", f"{action.unit} enters at {action.at}", unit=action.unit, at=action.at)


# --- the parachute battalion (option) ----------------------------------------------------------
def drop_actions(ctx: Context) -> list[Action]:
    return [
        Place(u.id, n)
        for u in ctx.state.units_in(cn.available_box(cn.SOVIET))
        if ctx.unit_def(u.id).has("parachute")
        for n in sorted(ctx.board)
        if drop_error_text(ctx, u.id, n) is None
    ]


def drop_error_text(ctx: Context, uid: str, at: str) -> str | None:
    if not ctx.options["parachute"]:
        return "the parachute battalion option is off"
    u = ctx.state.units[uid]
    if u.box != cn.available_box(cn.SOVIET):
        return f"{uid} is not available"
    if at not in ctx.board or ctx.board.terrain(at) in ctx.charts["movement"]["impassable"]:
        return f"{at} is not a land hex"
    if cn.occupant_side(ctx, at) is not None:
        return f"{at} is occupied"
    return None


def drop_error(ctx: Context, action: Place) -> IllegalAction | None:
    why = drop_error_text(ctx, action.unit, action.at)
    return None if why is None else IllegalAction("Krim option: parachute battalion", why)


def start_drop(ctx: Context, action: Place) -> None:
    ctx.push("parachute-drop", unit=action.unit, at=action.at)


class ParachuteDrop(Step):
    """Krim option (board game): the parachute battalion survives its drop one time in six."""

    name: ClassVar[str] = "parachute-drop"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT, "at": NODE}
    kind: ClassVar[str] = "chance"
    rule: ClassVar[str] = "Krim option: parachute battalion"
    actions: ClassVar[tuple[type[Action], ...]] = (Outcome,)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return "chance"

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome("survives"), Fraction(1, 6)), (Outcome("lost"), Fraction(5, 6))]

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [a for a, _ in self.outcomes(ctx, frame)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        uid, at = frame.args["unit"], frame.args["at"]
        assert isinstance(action, Outcome)
        if action.value == "survives":
            ctx.state.put(ctx.state.units[uid].moved_to(at).marked(scoped(MOVED, PHASE)))
            ctx.state.control[at] = cn.SOVIET
            ctx.emit("parachute", f"{uid} lands in {at}", unit=uid, at=at)
        else:
            cn.eliminate(ctx, uid, "lost in its drop")
        ctx.done()


def setup(ctx: Context) -> None:
    """Units of options that are off never enter play."""
    if not ctx.options["parachute"]:
        for u in list(ctx.state.units.values()):
            if ctx.unit_def(u.id).has("parachute"):
                ctx.state.put(u.boxed(NOT_IN_PLAY))


def first_soviet_turn(scenario: Scenario, uid: str) -> int | None:
    """The first game turn whose Soviet player turn a Soviet unit off the map may act in (None:
    never): at once if available at the start; a reinforcement arrives in the first German New
    Units Phase of its month (:class:`Arrivals`), after that turn's Soviet player turn."""
    box = scenario.start[uid].box
    if box == cn.available_box(cn.SOVIET):
        return scenario.calendar.first
    month = scenario.units[uid].values.get("month")
    if box != cn.future_box(cn.SOVIET) or not isinstance(month, int):
        return None
    turn = first_turn_of(scenario, month)
    return None if turn is None or turn < scenario.calendar.first else turn + 1


def validate(scenario: Scenario) -> None:
    """Krim: air reinforcements arrive in April (calendar month 6) and no other month; the
    parachute option needs a parachute unit that can reach a Soviet Movement Phase."""
    if scenario.options["parachute"]:
        turns = [
            first_soviet_turn(scenario, uid)
            for uid, d in scenario.units.items()
            if d.has("parachute") and d.side == cn.SOVIET
        ]
        if not any(t is not None and t <= scenario.calendar.last for t in turns):
            raise ScenarioError(
                scenario.file,
                "options.parachute",
                "Krim option: parachute battalion: no parachute unit of this scenario can drop "
                "(none reaches a Soviet Movement Phase before its last turn)",
            )
    for i, (uid, d) in enumerate(scenario.units.items()):
        box = scenario.start[uid].box or ""
        if d.has("air") and box.endswith("-future") and d.values.get("month") != AIR_MONTH:
            raise ScenarioError(
                scenario.file,
                f"units[{i}].values.month",
                f"{uid}: air units arrive in April (month {AIR_MONTH}, Krim: New Units Phase)",
            )
