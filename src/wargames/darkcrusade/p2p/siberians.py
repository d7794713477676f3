"""The Siberian Reserve gamble (the text's rule is lost; errata R 3.E lists "the Siberian ..."
among the rules). Filled gap, provisional, from Darkest Crusade's Siberian Reserve Gamble:
the Siberian units (flag ``siberian``) arrive in three consecutive turns from December 1941
(their ``[[reinforcements]]`` turns), safely; the Soviet player may call them in sooner, at
the start of an earlier player turn: the whole schedule moves forward to that turn, "at a 1/6
chance of losing the game for every month the Russian player has brought them in sooner": one
roll when called, lost with probability (months sooner) x ``loss_in_sixths`` / 6, at most 1
(read as chances adding up month by month; the hex edition title rolls its 1/9 once a turn of
early arrival instead). An arriving Siberian unit is placed by the Soviet player "from the
eastern edge of the mapboard or on or adjacent to any other Russian unit in supply, or on any
Russian city or town in supply": here Siberia (the east-edge box), a Soviet point in supply
(this side of the Kerch Straits, DC2 Terrain D) holding a Soviet unit or next to one, or a
Soviet city in supply; always a point the Soviets control free of Axis units.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Choose, Outcome, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import INT, SIDE, UNIT, Shape
from wargames.core.sequence import ChanceStep
from wargames.core.state import Frame, Result
from wargames.core.steps import SideStep

from . import counters as cn
from . import geography as geo
from .charts import charts
from .supply import supplied_points

RULE = "Siberian Reserve gamble (filled gap: Darkest Crusade)"
CALL = "siberians"


def is_siberian(ctx: Context, uid: str) -> bool:
    return cn.has(ctx, uid, "siberian")


def shift(ctx: Context) -> int:
    """Turns the Siberian schedule has moved forward (0 until called early)."""
    called = ctx.state.get("siberians_called")
    return 0 if called is None else int(charts(ctx).siberians["safe_turn"]) - int(called)


def due_turn(ctx: Context, uid: str, turn: int) -> int:
    """The turn a reinforcement scheduled for ``turn`` arrives."""
    return turn - shift(ctx) if is_siberian(ctx, uid) else turn


def waiting(ctx: Context) -> bool:
    return any(
        is_siberian(ctx, r.unit) and ctx.state.units[r.unit].box == "reinforcements"
        for r in ctx.scenario.reinforcements
    )


def early(ctx: Context) -> bool:
    return ctx.turn < int(charts(ctx).siberians["safe_turn"])


class SiberianCallStep(SideStep):
    """At the start of his player turn before December 1941 the Soviet player may call the
    Siberians in (``Choose('siberians')``) or wait (``Pass``)."""

    name: ClassVar[str] = "siberians"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        if ctx.state.get("siberians_called") is not None or not early(ctx) or not waiting(ctx):
            return None
        return cn.SOVIET

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), Choose(CALL)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.done()
        if isinstance(action, Choose):
            ctx.state.set("siberians_called", ctx.turn)
            ctx.emit("siberians", "the Soviet player calls in the Siberian Reserve early")
            ctx.push("siberian-gamble", sooner=shift(ctx))


def risk(ctx: Context, sooner: int) -> Fraction:
    """The chance of losing the game for calling the Siberians ``sooner`` months early."""
    return min(Fraction(1), Fraction(sooner * int(charts(ctx).siberians["loss_in_sixths"]), 6))


class SiberianGambleStep(ChanceStep):
    """The roll for calling the Siberians early (frame ``sooner``: the months sooner)."""

    name: ClassVar[str] = "siberian-gamble"
    args: ClassVar[Mapping[str, Shape] | None] = {"sooner": INT}
    rule: ClassVar[str] = RULE

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        p = risk(ctx, int(frame.args["sooner"]))
        out = [(Outcome("lost"), p), (Outcome("safe"), 1 - p)]
        return [(a, q) for a, q in out if q > 0]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        ctx.done()
        if action.value == "lost":
            why = "the early Siberian Reserve cost the Soviets the game (Siberian Reserve gamble)"
            ctx.end(Result(cn.AXIS, "victory", why))


def entry_points(ctx: Context) -> list[str]:
    """Where an arriving Siberian unit may be placed (see the module)."""
    side = cn.SOVIET
    supplied = supplied_points(ctx, side, straits=False)
    occ = ctx.state.occupancy()
    table = geo.points(ctx)

    def open_(p: str) -> bool:
        own = ctx.state.control.get(p) == side or table[p].box == side
        return own and geo.holder(ctx, occ, p) in (None, side) and geo.box_for(ctx, p, side)

    out = {p for p, info in table.items() if info.box == side}
    for p, units in occ.items():
        if p in supplied and any(ctx.side_of(u) == side for u in units):
            out.add(p)
            out.update(q for q in table[p].neighbours if q in supplied)
    out.update(p for p in ctx.board.nodes_with("city") if p in supplied)
    return sorted(p for p in out if open_(p))


class SiberianPlaceStep(SideStep):
    """The Soviet player places an arriving Siberian unit (frame ``unit``)."""

    name: ClassVar[str] = "siberian-place"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "unit": UNIT}
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Place,)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return cn.SOVIET

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        uid = frame.args["unit"]
        return [Place(uid, p) for p in entry_points(ctx)]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        return IllegalAction(
            RULE,
            "a Siberian unit enters at the east edge, on or next to a Soviet unit in supply, "
            "or on a Soviet city in supply, on a point free of Axis units",
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Place)
        ctx.state.put(ctx.state.units[action.unit].moved_to(action.at))
        ctx.emit("arrival", f"{action.unit} arrives at {action.at}", unit=action.unit, at=action.at)
        ctx.done()
