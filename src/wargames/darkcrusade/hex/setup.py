"""DCH: Setup: the free set-up (scenario option ``free_setup``) and the Russian border cover.

With the option, the Russian player and then the German re-place their units before the
first turn, one unit at a time (``Choose(unit)``, then ``Place(unit, hex)``), starting from the
scenario's places:

- Russians: the rifle armies and tank korps anywhere on Russian-held land, within the
  stacking limits; the set-up may only end with every Russian border hex with Rumania or
  Germany covered by a Russian unit or the zone of control of a Russian army or korps, and
  with the arrays sorted (:func:`sorting_error`). The parachute korps, the Katyusha and the
  Moscow division keep their given places.
- Germans: the armies stay where the map shows them; the 3 units marked Rm (11. Armee too)
  anywhere in Rumania;
  panzer and SS divisions and motorized korps within 2 hexes of their group's indicated
  position (provisional: the scenario's place); infantry korps within 2 hexes of an army the
  text names for the army groups (16., 18., 4., 9., 6. and 17. Armee: flag ``army-group``;
  which korps belongs to which group is not recorded, so any of them), checked when a korps
  is placed and again when the German set-up ends (an army may not have moved away since:
  only 11. Armee moves, and it is not named).

Without the option the scenario's fixed set-up is used; it covers the border and sorts the
arrays too (``setup::test_the_fixed_set_up_sorts_the_russian_arrays``).

Reading of "Sorting Russian Arrays" (DCH: Setup): of the rifle armies and tank korps on the
map, 10 of each are the covering units: each stands on or next to a Russian border hex with
Rumania or Germany, and together they cover every such hex with themselves or their zones
of control. The others are the extra units: each stands on a city (not a town) or fortress
back from the border (Russian land, not a border hex), no two on the same one. A unit on
such a city next to the border may be either; the set-up is sorted when some choice of the
extra units meets all of this.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import ClassVar

import attrs

from wargames.core.actions import Action, Choose, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import SIDE, UNIT, Shape
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from .sequence import free_setup
from .stacking import fits
from .terrain import water

RULE = "DCH: Setup"
BORDER = "DCH: Setup (Sorting Russian Arrays: covering each border hex)"
SORTING = "DCH: Setup (Sorting Russian Arrays: 10 armies and 10 tank korps cover, extras on cities)"
AXIS_COUNTRIES = ("germany", "romania", "hungary")
# DCH: Setup: "10 of them plus 10 tank Korps covering each Russian border hex"
COVERING = 10


def border_hexes(ctx: Context) -> list[str]:
    """Russian land hexes next to Rumania or Germany."""
    board = ctx.board

    def build(_: object) -> tuple[str, ...]:
        return tuple(
            sorted(
                n
                for n in board
                if not water(ctx, n)
                and not any(board.has(n, f) for f in AXIS_COUNTRIES)
                and any(
                    board.has(m, f) for m in board.neighbours(n) for f in ("germany", "romania")
                )
            )
        )

    got: tuple[str, ...] = board.index.cached("dch.border", build)
    return list(got)


def uncovered(ctx: Context) -> list[str]:
    """DCH: Setup: border hexes neither held by a Russian unit nor in the ZOC of a Russian
    army or korps."""
    arr = arrays(ctx)
    return _gaps(ctx, arr.stacks({}), arr.zoc)


def _russian_land(ctx: Context, n: str) -> bool:
    return not water(ctx, n) and not any(ctx.board.has(n, f) for f in AXIS_COUNTRIES)


def back_cities(ctx: Context) -> frozenset[str]:
    """DCH: Setup: the cities (not towns) and fortresses back from the border: on Russian
    land, not a border hex."""

    def build(_: object) -> frozenset[str]:
        border = set(border_hexes(ctx))
        board = ctx.board
        return frozenset(
            n
            for n in board
            if (board.has(n, "city") or board.has(n, "fortress"))
            and _russian_land(ctx, n)
            and n not in border
        )

    got: frozenset[str] = ctx.board.index.cached("dch.back-cities", build)
    return got


def near_border(ctx: Context) -> frozenset[str]:
    """DCH: Setup: the Russian land hexes a covering unit may stand on: a border hex or one
    next to it."""

    def build(_: object) -> frozenset[str]:
        border = border_hexes(ctx)
        nexts = (m for n in border for m in ctx.board.neighbours(n) if _russian_land(ctx, m))
        return frozenset((*border, *nexts))

    got: frozenset[str] = ctx.board.index.cached("dch.near-border", build)
    return got


@attrs.frozen
class Arrays:
    """The Russian set-up as DCH: Setup sorts it: where each rifle army and tank korps stands,
    which are armies, where the other Russian units stand, and which units have a ZOC."""

    where: Mapping[str, str]
    armies: frozenset[str]
    fixed: Mapping[str, tuple[str, ...]]
    zoc: frozenset[str]

    def stacks(self, moved: Mapping[str, str]) -> dict[str, list[str]]:
        """Every Russian unit by hex, with ``moved`` applied."""
        out: dict[str, list[str]] = {n: list(us) for n, us in self.fixed.items()}
        for u, n in self.where.items():
            out.setdefault(moved.get(u, n), []).append(u)
        return out


def arrays(ctx: Context) -> Arrays:
    """The position's :class:`Arrays`."""
    units = movable(ctx, cn.RUSSIAN)
    where = {u: at for u in units if (at := ctx.state.units[u].at) is not None}
    fixed: dict[str, list[str]] = {}
    for unit in ctx.units_of(cn.RUSSIAN):
        if unit.at is not None and unit.id not in where:
            fixed.setdefault(unit.at, []).append(unit.id)
    on_map = [*where, *(u for us in fixed.values() for u in us)]
    return Arrays(
        where=where,
        armies=frozenset(u for u in where if cn.has(ctx, u, "hidden")),
        fixed={n: tuple(us) for n, us in fixed.items()},
        zoc=frozenset(u for u in on_map if cn.has_zoc(ctx, u)),
    )


def _gaps(ctx: Context, at: Mapping[str, list[str]], zoc: frozenset[str]) -> list[str]:
    """Border hexes neither holding one of the units ``at`` nor next to one in ``zoc``."""
    out = []
    for n in border_hexes(ctx):
        if at.get(n):
            continue
        if any(u in zoc for m in ctx.board.neighbours(n) for u in at.get(m, ())):
            continue
        out.append(n)
    return out


def sorting_faults(ctx: Context, moved: Mapping[str, str] | None = None) -> list[str]:
    """Why the Russian arrays are not sorted as DCH: Setup gives them (the module's reading);
    empty when they are. ``moved`` (unit -> hex) replaces units' hexes, to weigh a placement
    without making it."""
    return _faults(ctx, arrays(ctx), moved or {})


def _faults(ctx: Context, arr: Arrays, moved: Mapping[str, str]) -> list[str]:
    where = {u: moved.get(u, n) for u, n in arr.where.items()}
    armies = arr.armies
    extra = {"army": len(armies) - COVERING, "korps": len(where) - len(armies) - COVERING}
    near, back = near_border(ctx), back_cities(ctx)
    faults: list[str] = []
    forced: dict[str, list[str]] = {}
    for u in sorted(where):
        n = where[u]
        if n in near:
            continue
        if n not in back:
            faults.append(f"{u} on {n} is neither next to the border nor on a city back from it")
        else:
            forced.setdefault(n, []).append(u)
    for n, us in sorted(forced.items()):
        if len(us) > 1:
            faults.append(f"extra units go one on each city: {', '.join(us)} share {n}")
    away = {"army": 0, "korps": 0}
    for us in forced.values():
        for u in us:
            away["army" if u in armies else "korps"] += 1
    for kind, name in (("army", "rifle armies"), ("korps", "tank korps")):
        if away[kind] > extra[kind]:
            faults.append(
                f"{away[kind]} {name} stand away from the border; {COVERING} must cover it, "
                f"so only {max(0, extra[kind])} go back to the cities"
            )
    if faults:
        return faults
    # the extras still wanted come from units next to the border on cities not yet used
    want = {k: extra[k] - away[k] for k in extra}
    spare = sorted(n for n in back & near if n not in forced)
    slots = [(n, u) for n in spare for u in sorted(u for u in where if where[u] == n)]
    covering = {u for u in where if where[u] in near}
    fewest: list[str] | None = None
    for pick in combinations(slots, want["army"] + want["korps"]):
        if len({n for n, _ in pick}) < len(pick):
            continue
        chosen = [u for _, u in pick]
        if sum(u in armies for u in chosen) != want["army"]:
            continue
        left: dict[str, list[str]] = {}
        for u in covering.difference(chosen):
            left.setdefault(where[u], []).append(u)
        gaps = _gaps(ctx, left, arr.zoc)
        if not gaps:
            return []
        if fewest is None or len(gaps) < len(fewest):
            fewest = gaps
    if fewest is not None:
        return [f"border hexes not covered by the covering units: {', '.join(fewest)}"]
    return [
        f"{want['army']} more rifle armies and {want['korps']} more tank korps must stand "
        "one on each city back from the border"
    ]


def placement_weight(ctx: Context, unit: str, at: str) -> float:
    """Random playouts place a Russian army or korps only where the set-up comes no further
    from legal (sorting faults plus uncovered border hexes), so that random play ends the free
    set-up; legality is unchanged."""
    arr = arrays(ctx)

    def distance(moved: Mapping[str, str]) -> int:
        return len(_faults(ctx, arr, moved)) + len(_gaps(ctx, arr.stacks(moved), arr.zoc))

    key = (
        "dch.arrays-distance",
        tuple(sorted(arr.where.items())),
        tuple(sorted(arr.fixed.items())),
        tuple(sorted(arr.zoc)),
    )
    before = ctx.board.index.per_position(key, lambda: distance({}))
    after = distance({unit: at})
    return 1.0 if after == 0 or after < before else 0.0


def sorting_error(ctx: Context) -> str | None:
    """The first reason the Russian arrays are not sorted (DCH: Setup), or ``None``."""
    faults = sorting_faults(ctx)
    return faults[0] if faults else None


def movable(ctx: Context, side: str) -> list[str]:
    out = []
    for u in ctx.units_of(side):
        if (side == cn.RUSSIAN and (cn.has(ctx, u.id, "hidden") or cn.has(ctx, u.id, "tank"))) or (
            side == cn.AXIS and (not cn.is_army(ctx, u.id) or cn.has(ctx, u.id, "rm"))
        ):
            out.append(u.id)
    return sorted(out)


def _infantry_korps(ctx: Context, uid: str) -> bool:
    return cn.is_korps(ctx, uid) and cn.has(ctx, uid, "infantry") and not cn.has(ctx, uid, "rm")


def _near_group_army(ctx: Context, n: str) -> bool:
    """DCH: Setup: ``n`` is within 2 hexes of an army named for the army groups."""
    return any(
        u.at is not None and cn.has(ctx, u.id, "army-group") and ctx.board.distance(n, u.at) <= 2
        for u in ctx.units_of(cn.AXIS)
    )


def korps_away(ctx: Context) -> list[str]:
    """DCH: Setup: the German infantry korps (not Rm) more than 2 hexes from every army
    named for the army groups."""
    return [
        u.id
        for u in ctx.units_of(cn.AXIS)
        if u.at is not None and _infantry_korps(ctx, u.id) and not _near_group_army(ctx, u.at)
    ]


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
    if _infantry_korps(ctx, uid):
        return [n for n in axis if _near_group_army(ctx, n)]
    start = ctx.scenario.start[uid].at or at
    return [n for n in axis if board.distance(n, start) <= 2]


class FreeSetup(SideStep):
    """One side's free set-up: pick a unit to place (``Choose``) or end (``Pass``; the
    Russians only with the border covered)."""

    name: ClassVar[str] = "free-setup"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return free_setup(ctx)

    def _pass_error(self, ctx: Context, frame: Frame) -> IllegalAction | None:
        if frame.args["side"] != cn.RUSSIAN:
            if away := korps_away(ctx):
                return IllegalAction(
                    RULE,
                    f"infantry korps more than 2 hexes from the army groups' armies: "
                    f"{', '.join(away)}",
                )
            return None
        if gaps := uncovered(ctx):
            return IllegalAction(BORDER, f"border hexes not covered: {', '.join(gaps)}")
        if why := sorting_error(ctx):
            return IllegalAction(SORTING, why)
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
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "unit": UNIT}
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
