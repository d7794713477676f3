"""Krim: Movement Phase: movement factors, terrain costs, the one-hex minimum move, stacks
that started together, Mud, and railroad artillery on German-controlled rail.

A move is factored: the moving side picks a unit (``Choose("move:ID")``), may add units that
started the phase in its hex (``Choose("join:ID")``), then moves the group leg by leg
(``Move``), makes Mobile Assaults (``Attack``, see :mod:`.mobile_assault`) and stops
(``Pass``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import ClassVar

from wargames.core.actions import Action, Attack, Choose, Move, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import INT, NODE, SIDE, UNIT, Shape, list_of, literal, one_of
from wargames.core.markers import PHASE, has_scoped, scoped
from wargames.core.movement import (
    Citations,
    Costs,
    Crossing,
    MovePolicy,
    Reach,
    Situation,
    check_path,
    halved,
    reach,
    slowest,
)
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.steps import SideStep
from wargames.core.zoc import ZocRules, ZoneMap, zones

from . import counters as cn
from .calendar import MUD, weather
from .supply import in_tactical_supply, tactical_map

MOVED = "moved"
OPTRANS = "optrans"
"""Krim: Operational Transfers: moved by OpTrans this player turn (no move, PA or barrage)."""
SEA_MOVED = "sea-moved"
"""Krim: Sea Transfers / landings: no other movement, no attack after a sea transfer."""
MOVED_ANY = "krim-moved-any"
"""Title variable: a unit has moved (entered a hex or attacked) this Movement Phase other than
by sea transfer (Krim: Sea Transfers come first)."""
MA_STOP = "ma-stop"
"""Krim: Mobile Assault: the unit absorbed part of an MA result as a retreat: no more moving."""

CITE = Citations(
    adjacent="Krim: Movement",
    prohibited="Krim: Terrain Effects on Movement",
    enemy="Krim: Movement",
    allowance="Krim: Movement",
    zoc_stop="Krim: Movement (provisional ZOC: stop next to an enemy unit)",
    enemy_adjacent="Krim: Operational Transfers",
    entry="Krim: Movement",
    assault="Krim: Mobile Assault",
)


def costs(ctx: Context, uid: str) -> Costs:
    """Krim: Terrain Effects on Movement: the natural terrain of the hex entered (mechanized or
    not) plus river hexsides; Mud adds 1 MP per river hexside; manmade terrain costs nothing.
    Terrain in the chart's ``impassable`` list is prohibited whatever its cost (Krim: Supply
    Lines, Operational Transfers, Advance: units may not enter impassable terrain)."""
    table = ctx.charts["movement"]
    d = ctx.unit_def(uid)
    if cn.is_railroad(d):
        # Krim: Railroad Artillery: only along rail lines (German control is checked per hex)
        return Costs({}, road=1, road_features={"rail"}, roads_only=True)
    river = int(table["river"]) + (int(table["mud_river"]) if weather(ctx) == MUD else 0)
    terrain = table["mechanized" if cn.is_mechanized(d) else "other"]
    closed = frozenset(table["impassable"])
    entry = {str(k): None if k in closed else int(v) for k, v in terrain.items()}
    return Costs(entry, crossings=(Crossing("river", river),))


def zoc_policy(ctx: Context) -> ZocRules:
    return ZocRules(stop_on_enter=bool(ctx.charts["zoc"]["stop_on_enter"]))


def situation(ctx: Context, side: str, railroad: bool = False) -> Situation:
    """Enemy and friendly hexes and the enemy zones (provisional ZOC: every ground unit)."""
    ix = ctx.board.index
    enemy = ctx.enemy_of(side)
    occ = ctx.state.occupancy()
    enemies = [ix.number[n] for n, us in occ.items() if ctx.side_of(us[0]) == enemy]
    friends = [ix.number[n] for n, us in occ.items() if ctx.side_of(us[0]) == side]
    zoc = side_zones(ctx, enemy)
    can_enter = None
    if railroad:
        # Krim: Railroad Artillery: German-controlled rail hexes only; Krim: Terrain Effects on
        # Movement: never impassable terrain, as for the guns' retreats (battle.prohibited)
        closed = frozenset(ctx.charts["movement"]["impassable"])
        board = ctx.board
        can_enter = lambda v: (  # noqa: E731
            cn.german_rail(ctx, ix.ids[v]) and board.terrain(ix.ids[v]) not in closed
        )
    return Situation(enemies=enemies, friends=friends, zoc=zoc, can_enter=can_enter)


def side_zones(ctx: Context, side: str) -> ZoneMap[str]:
    """The zones of control of ``side``'s stacks (provisional ZOC: every ground unit)."""
    occ = ctx.state.occupancy()
    return zones(ctx.board.index, {us[0]: n for n, us in occ.items() if ctx.side_of(us[0]) == side})


def allowance(
    ctx: Context, units: Sequence[str], supplied: Collection[str] | None = None
) -> int | None:
    """Krim: Movement of Stacks: the slowest unit's MF; Krim: Supply: half the printed MF for a
    unit out of tactical supply at the instant it starts moving (``supplied``: the units found
    in supply then, if already judged). None: unlimited (railroad guns along rail)."""
    factors = []
    line = tactical_map(ctx, ctx.side_of(units[0]))
    for uid in units:
        d = ctx.unit_def(uid)
        if cn.is_railroad(d):
            continue
        u = ctx.state.units[uid]
        mf = int(d.movement_at(u.steps))
        assert u.at is not None
        ok = line.in_supply(u.at) if supplied is None else uid in supplied
        factors.append(mf if ok else halved(mf))  # rounded down (provisional reading)
    return slowest(factors) if factors else None


def policy(ctx: Context, first_leg: bool) -> MovePolicy:
    """Krim: Movement: every unit may move one hex spending all its MP (first leg only)."""
    return MovePolicy(zoc=zoc_policy(ctx), minimum_move=first_leg, rules=CITE)


def group_reach(ctx: Context, units: Sequence[str], mp: int | None, first_leg: bool) -> Reach:
    ix = ctx.board.index
    start = ctx.state.units[units[0]].at
    assert start is not None
    rail = any(cn.is_railroad(ctx.unit_def(u)) for u in units)
    return reach(
        ix,
        ix.number[start],
        mp,
        [costs(ctx, u) for u in units],
        policy(ctx, first_leg),
        situation(ctx, ctx.side_of(units[0]), rail),
    )


def destinations(
    ctx: Context, units: Sequence[str], mp: int | None, first_leg: bool
) -> dict[str, tuple[str, ...]]:
    """Hexes the group may end this leg in, with a cheapest path (stacking respected)."""
    ix = ctx.board.index
    r = group_reach(ctx, units, mp, first_leg)
    out = {}
    paths = r.path_table()
    for n in r.cost:
        if n == r.start:
            continue
        node = ix.ids[n]
        if cn.fits(ctx, node, len(units)):
            out[node] = paths[n]
    return out


def path_cost(
    ctx: Context, units: Sequence[str], path: Sequence[str], mp: int | None, first_leg: bool
) -> int:
    """MP spent along ``path``, or IllegalAction naming the rule it breaks."""
    ix = ctx.board.index
    rail = any(cn.is_railroad(ctx.unit_def(u)) for u in units)
    if any(n not in ix.number for n in path):
        raise IllegalAction("Krim: Movement", "the path leaves the map")
    return check_path(
        ix,
        [ix.number[n] for n in path],
        mp,
        [costs(ctx, u) for u in units],
        policy(ctx, first_leg),
        situation(ctx, ctx.side_of(units[0]), rail),
    )


def in_ezoc(ctx: Context, side: str, node: str) -> bool:
    ix = ctx.board.index
    zoc = situation(ctx, side).zoc
    return zoc is not None and ix.number[node] in zoc


def can_start_moving(ctx: Context, uid: str) -> bool:
    u = ctx.state.units[uid]
    return (
        u.at is not None
        and not has_scoped(u, MOVED, PHASE)
        and not u.has(OPTRANS)
        and not u.has(SEA_MOVED)
        and not cn.is_air(ctx.unit_def(uid))
    )


class MovementPhase(SideStep):
    """Krim: Movement Phase: pick a unit to move (then its stack-mates and its path), or sea
    movement and Kerch Straits entries (Soviet), or Pass to end the phase."""

    name: ClassVar[str] = "movement"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = "Krim: Movement"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass, Place)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        from .sea import sea_actions

        side = frame.args["side"]
        out: list[Action] = [Pass()]
        out += [Choose(f"move:{u.id}") for u in ctx.units_of(side) if can_start_moving(ctx, u.id)]
        out += sea_actions(ctx, side)
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        from .sea import sea_error

        side = frame.args["side"]
        if isinstance(action, Pass):
            return None
        if isinstance(action, Choose) and action.option.startswith("move:"):
            uid = action.option[5:]
            if uid not in ctx.state.units or ctx.side_of(uid) != side:
                return IllegalAction("Krim: Movement", f"{uid} is not a unit of {side}")
            if ctx.state.units[uid].has(OPTRANS):
                return IllegalAction(
                    "Krim: Operational Transfers", f"{uid} made an OpTrans: no move this phase"
                )
            if not can_start_moving(ctx, uid):
                return IllegalAction("Krim: Movement", f"{uid} cannot move now")
            return None
        return sea_error(ctx, side, action)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        from .sea import apply_sea

        if isinstance(action, Pass):
            ctx.done()
            return
        if isinstance(action, Choose) and action.option.startswith("move:"):
            uid = action.option[5:]
            start = ctx.state.units[uid].at
            ctx.push(
                "move-group",
                side=frame.args["side"],
                units=[uid],
                start=start,
                spent=0,
                legs=0,
                mas=0,
            )
            return
        apply_sea(ctx, frame.args["side"], action)


class MoveGroup(SideStep):
    """Krim: Movement: one unit or a stack that started the phase together moves leg by leg
    at the slowest MF (halved out of tactical supply at the start), may make Mobile Assaults,
    and stops with Pass."""

    name: ClassVar[str] = "move-group"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "units": list_of(UNIT),
        "start": NODE,
        "spent": INT,
        "legs": INT,
        "mas": INT,
        "mp": one_of(INT, literal(None)),
        "supplied": list_of(UNIT),
        "halted": list_of(UNIT),
    }
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = "Krim: Movement"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Move, Attack, Pass)

    @staticmethod
    def alive(ctx: Context, frame: Frame) -> list[str]:
        """The units still moving: on the map and not halted (infantry after its MA)."""
        halted = set(frame.args.get("halted", ()))
        return [
            u for u in frame.args["units"] if ctx.state.units[u].at is not None and u not in halted
        ]

    @staticmethod
    def stopped(ctx: Context, frame: Frame) -> bool:
        units = MoveGroup.alive(ctx, frame)
        return not units or any(has_scoped(ctx.state.units[u], MA_STOP, PHASE) for u in units)

    @staticmethod
    def zoc_stopped(ctx: Context, frame: Frame) -> bool:
        """Provisional ZOC: a group that has entered a hex next to an enemy unit (by a move,
        a straits entry or an MA into a cleared hex) moves no further; it may still make MAs.
        A group that started the phase there may leave, also after an MA that did not clear
        the hex (Krim: Mobile Assault: the attackers "may continue their movement"). The
        chart's ``zoc.stop_on_enter = false`` turns the stop off (``zoc_policy``)."""
        units = MoveGroup.alive(ctx, frame)
        if not units or not zoc_policy(ctx).stop_on_enter:
            return False
        at = ctx.state.units[units[0]].at
        assert at is not None
        if not frame.args["legs"] and at == frame.args.get("start", at):
            return False
        return in_ezoc(ctx, str(frame.args["side"]), at)

    @staticmethod
    def mp_left(ctx: Context, frame: Frame) -> int | None:
        mp = frame.args.get("mp")
        return None if mp is None else int(mp) - int(frame.args["spent"])

    def joinable(self, ctx: Context, frame: Frame) -> list[str]:
        """Krim: Movement of Stacks: units that started the phase in the group's hex."""
        if frame.args["legs"] or frame.args["mas"]:
            return []
        units = frame.args["units"]
        at = ctx.state.units[units[0]].at
        assert at is not None
        return [
            uid
            for uid in cn.ground_units_at(ctx, at)
            if uid not in units and can_start_moving(ctx, uid)
        ]

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        from .mobile_assault import assault_options

        out: list[Action] = [Pass()]
        out += [Choose(f"join:{u}") for u in self.joinable(ctx, frame)]
        if self.stopped(ctx, frame):
            return out
        units = tuple(self.alive(ctx, frame))
        mp = self._mp(ctx, frame)
        first = not frame.args["legs"] and not frame.args["mas"]
        if (mp is None or mp > 0) and not self.zoc_stopped(ctx, frame):
            for _, path in sorted(destinations(ctx, units, mp, first).items()):
                out.append(Move(units, path))
        out += [Attack(units, t) for t in assault_options(ctx, frame, units)]
        return out

    def _mp(self, ctx: Context, frame: Frame) -> int | None:
        if "mp" not in frame.args:
            return allowance(ctx, self.alive(ctx, frame))
        return self.mp_left(ctx, frame)

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        from .mobile_assault import assault_error

        if isinstance(action, Pass):
            return None
        if isinstance(action, Choose):
            if action.option.startswith("join:") and action.option[5:] in self.joinable(ctx, frame):
                return None
            return IllegalAction(
                "Krim: Movement of Stacks",
                f"{action.option}: only units that started the phase in this hex, before moving",
            )
        if self.stopped(ctx, frame):
            return IllegalAction("Krim: Movement", "this group must stop")
        units = tuple(self.alive(ctx, frame))
        if isinstance(action, Attack):
            return assault_error(ctx, frame, units, action)
        assert isinstance(action, Move)
        if tuple(action.units) != units:
            return IllegalAction("Krim: Movement of Stacks", f"the moving group is {list(units)}")
        at = ctx.state.units[units[0]].at
        if len(action.path) < 2 or action.path[0] != at:
            return IllegalAction("Krim: Movement", f"the path must start at {at}")
        if not cn.fits(ctx, action.path[-1], len(units)):
            return IllegalAction("Krim: stacking (provisional)", f"{action.path[-1]} is full")
        if self.zoc_stopped(ctx, frame):
            return IllegalAction(CITE.zoc_stop, "the group entered a hex next to an enemy unit")
        mp = self._mp(ctx, frame)
        first = not frame.args["legs"] and not frame.args["mas"]
        if mp is not None and mp <= 0:
            return IllegalAction("Krim: Movement", "no MP left")
        try:
            path_cost(ctx, units, action.path, mp, first)
        except IllegalAction as error:
            return error
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        from .mobile_assault import start_assault

        if isinstance(action, Pass):
            for uid in frame.args["units"]:
                u = ctx.state.units[uid]
                ctx.state.put(u.marked(scoped(MOVED, PHASE)))
            ctx.done()
            return
        if isinstance(action, Choose):
            ctx.update(units=[*frame.args["units"], action.option[5:]])
            return
        units = tuple(self.alive(ctx, frame))
        # Krim: Sea Transfers come before any other movement: a group moves when it enters a
        # hex or attacks, not when it is picked (a group given up by Pass has not moved)
        ctx.state.set(MOVED_ANY, True)
        if "mp" not in frame.args:
            # Krim: Supply: tactical supply is checked immediately before the unit starts moving
            mp = allowance(ctx, units)
            ctx.update(mp=mp, supplied=[u for u in units if in_tactical_supply(ctx, u)])
            frame = ctx.frame
        if isinstance(action, Attack):
            start_assault(ctx, frame, units, action)
            return
        assert isinstance(action, Move)
        mp = self.mp_left(ctx, frame)
        first = not frame.args["legs"] and not frame.args["mas"]
        spent = path_cost(ctx, units, action.path, mp, first)
        if first and mp is not None and spent > mp:
            spent = mp  # Krim: Movement: the one-hex minimum move spends all the MP
        for uid in units:
            cn.enter(ctx, uid, action.path)
        ctx.update(spent=int(frame.args["spent"]) + spent, legs=int(frame.args["legs"]) + 1)
        ctx.emit(
            "move",
            f"{'+'.join(units)} move {'-'.join(action.path)}",
            units=list(units),
            path=list(action.path),
        )


class BeginMovement(Step):
    """A Movement Phase starts: nothing has moved yet (sea transfers must come first)."""

    name: ClassVar[str] = "begin-movement"
    args: ClassVar[Mapping[str, Shape] | None] = {}

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.state.set(MOVED_ANY, False)
        ctx.done()
