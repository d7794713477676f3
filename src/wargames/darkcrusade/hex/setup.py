"""DCH: Setup: the free set-up (scenario option ``free_setup``) and the Russian border cover.

With the option, the Russian player and then the German re-place their units before the
first turn, one unit at a time (``Choose(unit)``, then ``Place(unit, hex)``), starting from the
scenario's places:

- Russians: the rifle armies and tank korps anywhere on Russian-held land, within the
  stacking limits; the set-up may only end with every Russian border hex with Rumania or
  Germany covered by a Russian unit or the zone of control of a Russian army or korps. The
  parachute korps, the Katyusha and the Moscow division keep their given places.
- Germans: the armies stay where the map shows them; the 3 units marked Rm (11. Armee too)
  anywhere in Rumania;
  panzer and SS divisions and motorized korps within 2 hexes of their group's indicated
  position (provisional: the scenario's place); infantry korps within 2 hexes of a German
  army (provisional: the army groups are not recorded, any army).

Without the option the scenario's fixed set-up is used; it covers the border too
(``random_play::test_the_set_up_is_legal``).
"""

from __future__ import annotations

from typing import ClassVar

from wargames.core.actions import Action, Choose, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from .sequence import free_setup
from .stacking import fits
from .terrain import water

RULE = "DCH: Setup"
BORDER = "DCH: Setup (Sorting Russian Arrays: covering each border hex)"
AXIS_COUNTRIES = ("germany", "romania", "hungary")


def border_hexes(ctx: Context) -> list[str]:
    """Russian land hexes next to Rumania or Germany."""
    board = ctx.board
    return sorted(
        n
        for n in board
        if not water(ctx, n)
        and not any(board.has(n, f) for f in AXIS_COUNTRIES)
        and any(board.has(m, f) for m in board.neighbours(n) for f in ("germany", "romania"))
    )


def uncovered(ctx: Context) -> list[str]:
    """DCH: Setup: border hexes neither held by a Russian unit nor in the ZOC of a Russian
    army or korps."""
    occ = ctx.state.occupancy()
    out = []
    for n in border_hexes(ctx):
        if any(ctx.side_of(u) == cn.RUSSIAN for u in occ.get(n, ())):
            continue
        near = (u for m in ctx.board.neighbours(n) for u in occ.get(m, ()))
        if any(ctx.side_of(u) == cn.RUSSIAN and cn.has_zoc(ctx, u) for u in near):
            continue
        out.append(n)
    return out


def movable(ctx: Context, side: str) -> list[str]:
    out = []
    for u in ctx.units_of(side):
        if (side == cn.RUSSIAN and (cn.has(ctx, u.id, "hidden") or cn.has(ctx, u.id, "tank"))) or (
            side == cn.AXIS and (not cn.is_army(ctx, u.id) or cn.has(ctx, u.id, "rm"))
        ):
            out.append(u.id)
    return sorted(out)


def places(ctx: Context, uid: str) -> list[str]:
    """The hexes ``uid`` may be set up on (its own hex left out)."""
    board = ctx.board
    at = ctx.state.units[uid].at
    assert at is not None
    occ = ctx.state.occupancy()
    side = ctx.side_of(uid)

    def free(n: str) -> bool:
        if n == at or water(ctx, n):
            return False
        if any(ctx.side_of(u) != side for u in occ.get(n, ())):
            return False
        return fits(ctx, uid, n)

    if side == cn.RUSSIAN:
        return [
            n
            for n in board
            if ctx.state.control.get(n) == cn.RUSSIAN
            and not any(board.has(n, f) for f in AXIS_COUNTRIES)
            and free(n)
        ]
    if cn.has(ctx, uid, "rm"):
        return [n for n in board if board.has(n, "romania") and free(n)]
    axis = [n for n in board if any(board.has(n, f) for f in AXIS_COUNTRIES) and free(n)]
    if cn.is_korps(ctx, uid) and cn.has(ctx, uid, "infantry"):
        armies = [
            u.at
            for u in ctx.units_of(cn.AXIS)
            if cn.is_german(ctx, u.id) and cn.is_army(ctx, u.id) and u.at is not None
        ]
        return [n for n in axis if any(board.distance(n, a) <= 2 for a in armies)]
    start = ctx.scenario.start[uid].at or at
    return [n for n in axis if board.distance(n, start) <= 2]


class FreeSetup(SideStep):
    """One side's free set-up: pick a unit to place (``Choose``) or end (``Pass``; the
    Russians only with the border covered)."""

    name: ClassVar[str] = "free-setup"
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return free_setup(ctx)

    def _pass_error(self, ctx: Context, frame: Frame) -> IllegalAction | None:
        if frame.args["side"] == cn.RUSSIAN and (gaps := uncovered(ctx)):
            return IllegalAction(BORDER, f"border hexes not covered: {', '.join(gaps)}")
        return None

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        out: list[Action] = [Choose(u) for u in movable(ctx, frame.args["side"])]
        if self._pass_error(ctx, frame) is None:
            out.insert(0, Pass())
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return self._pass_error(ctx, frame)
        assert isinstance(action, Choose)
        if action.option not in movable(ctx, frame.args["side"]):
            return IllegalAction(RULE, f"{action.option} is not set up freely")
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        ctx.push("setup-place", side=frame.args["side"], unit=action.option)


class SetupPlace(SideStep):
    """Where the chosen unit goes (``Place``), or ``Pass`` to leave it."""

    name: ClassVar[str] = "setup-place"
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Place, Pass)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"set up {frame.args['unit']}"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        uid = frame.args["unit"]
        return [Pass(), *(Place(uid, n) for n in sorted(places(ctx, uid)))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Place):
            ctx.state.put(ctx.state.units[action.unit].moved_to(action.at))
        ctx.done()


STEPS = (FreeSetup(), SetupPlace())
