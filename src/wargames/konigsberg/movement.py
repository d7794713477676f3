"""Movement (K45 3.0a, 4.x, 5.x, 12.2c, 12.3, 12.8, 0.7c) on the kernel's ``reach``.

MP are doubled so that strategic movement's half MP per road hex is whole (see ``charts``).
Units move one at a time (4.1) with a ``Move`` (regular), a ``StrategicMove`` (4.4) or, for
the Soviets, an ``AtrocityMove`` through refugees (12.3). Reach tables are cached per enemy
position: friendly moves only change where a move may end (stacking), which is checked after.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise
from typing import Any, ClassVar

from wargames.core.actions import Action, Move, Pass
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.movement import Citations, Costs, MovePolicy, Reach, Situation, check_path, reach
from wargames.core.state import Frame
from wargames.core.zoc import ZocRules

from .actions import AtrocityMove, StrategicMove
from .charts import charts
from .forces import (
    allowance,
    attack,
    enemy,
    fits,
    is_combat,
    is_hq,
    is_mech,
    lone_hq,
    lose_step,
    move_unit,
    occupants,
    refugee_hexes,
    refugees,
    stack_key,
)
from .steps import SideStep
from .supply import zoc_of

CITE = Citations(
    adjacent="K45 4.1b",
    prohibited="K45 4.2d",
    enemy="K45 4.3(1)",
    allowance="K45 4.3(2)",
    zoc_forbidden="K45 4.4",
    crossing_stop="K45 4.2b",
    entry="K45 4.4a(2)",
)
REGULAR = MovePolicy(zoc=ZocRules(enter_cost=4, leave_cost=4), rules=CITE)  # K45 3.0a, x2
STRATEGIC = MovePolicy(zoc=ZocRules(forbidden=True), rules=CITE)  # K45 4.4
MOVES = (Move, StrategicMove, AtrocityMove)

_CACHE: dict[tuple[Any, ...], Any] = {}


def _cached(key: tuple[Any, ...], build: Any) -> Any:
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) > 20000:
            _CACHE.clear()
        got = _CACHE[key] = build()
    return got


def costs(ctx: Context, uid: str) -> Costs:
    ch = charts(ctx)
    return ch.mech if is_mech(ctx.unit_def(uid)) else ch.foot


def situation(ctx: Context, side: str, overruns: bool, refugees_open: bool) -> Situation:
    """The position a unit of ``side`` moves in: enemy hexes (lone enemy HQs are open to
    combat units, 4.3(1)), refugee hexes closed unless driven through (12.2c, 12.3), EZOCs."""
    key = (
        "sit",
        id(ctx.board),
        side,
        stack_key(ctx, side),
        tuple(sorted(refugee_hexes(ctx))),
        overruns,
        refugees_open,
    )

    def build() -> Situation:
        other = enemy(side)
        closed = {
            n
            for n, us in occupants(ctx).items()
            if ctx.side_of(us[0]) == other and not (overruns and lone_hq(ctx, n, other))
        }
        if not refugees_open:
            closed |= refugee_hexes(ctx)
        return Situation(enemies=closed, zoc=zoc_of(ctx, other))

    result: Situation = _cached(key, build)
    return result


def strategic_situation(ctx: Context, side: str, hq: bool) -> Situation:
    """K45 4.4, 4.4a(2): never into an EZOC, never over the stacking limit on the way."""
    full = _full_hexes(ctx, side, hq)
    key = (
        "strat",
        id(ctx.board),
        side,
        stack_key(ctx, side),
        full,
        tuple(sorted(refugee_hexes(ctx))),
        hq,
    )

    def build() -> Situation:
        base = situation(ctx, side, False, False)
        index = ctx.board.index
        shut = frozenset(index.number[n] for n in full)
        return Situation(enemies=base.enemies, zoc=base.zoc, can_enter=lambda v: v not in shut)

    result: Situation = _cached(key, build)
    return result


def _full_hexes(ctx: Context, side: str, hq: bool) -> tuple[str, ...]:
    st = charts(ctx)["stacking"]
    out = []
    for n, us in occupants(ctx).items():
        if ctx.side_of(us[0]) != side:
            continue
        if hq:
            if sum(1 for u in us if is_hq(ctx.unit_def(u))) >= int(st["hq"]):
                out.append(n)
        elif sum(1 for u in us if is_combat(ctx.unit_def(u))) >= int(st["combat"]):
            out.append(n)
    out.extend(n for n in refugee_hexes(ctx) if not hq)
    return tuple(sorted(set(out)))


def unit_reach(ctx: Context, uid: str, mode: str) -> Reach:
    """Where ``uid`` can end a move of ``mode`` (regular, strategic, atrocity), stacking aside."""
    unit = ctx.state.units[uid]
    assert unit.at is not None
    side = ctx.side_of(uid)
    d = ctx.unit_def(uid)
    overruns = is_combat(d) and attack(ctx, uid) > 0
    mp = 2 * allowance(ctx, uid)
    c = costs(ctx, uid)
    start = unit.at
    if mode == "strategic":
        sit = strategic_situation(ctx, side, is_hq(d))
        table = charts(ctx).strategic
        found: Reach = _cached(
            ("reach", "s", id(sit), start, mp, c),
            lambda: reach(ctx.board.index, start, mp, table, STRATEGIC, sit),
        )
        return found
    sit = situation(ctx, side, overruns, mode == "atrocity")
    found = _cached(
        ("reach", mode, id(sit), start, mp, c),
        lambda: reach(ctx.board.index, start, mp, c, REGULAR, sit),
    )
    return found


def released(ctx: Context, hq: str) -> bool:
    """K45 12.8: the 6th and 55th Corps HQs move only once the Soviets hold 2 VP hexes or
    the HQ's hex has been attacked."""
    command = charts(ctx)["command"]
    if hq not in command["fixed_hqs"]:
        return True
    if hq in ctx.state.get("released", ()):
        return True
    vp = sum(1 for n, s in ctx.state.control.items() if s == "soviet" and ctx.board.attr(n, "vp"))
    return vp >= int(command["release_vp"])


def movable(ctx: Context, frame: Frame) -> list[str]:
    """The units that may still move in this movement segment."""
    if frame.get("units") is not None:
        pool = list(frame.get("units"))
    else:
        active = ctx.state.get("active", {})
        pool = [*active.get("units", ()), *active.get("move_only", ())]
        if active.get("hq"):
            pool.append(active["hq"])
    moved = set(frame.get("moved", ()))
    out = []
    for uid in pool:
        unit = ctx.state.units.get(uid)
        if unit is None or unit.at is None or uid in moved:
            continue
        if is_hq(ctx.unit_def(uid)) and not released(ctx, uid):
            continue
        if allowance(ctx, uid) <= 0:
            continue
        out.append(uid)
    return sorted(set(out))


def can_end(
    ctx: Context, node: str, uid: str, side: str, occ: dict[str, list[str]] | None = None
) -> bool:
    """K45 5.0 at the end of a move; a lone enemy HQ overrun there is gone (4.7)."""
    d = ctx.unit_def(uid)
    occ = ctx.state.occupancy() if occ is None else occ
    if lone_hq(ctx, node, enemy(side), occ) and is_combat(d) and attack(ctx, uid) > 0:
        return ctx.board.terrain(node) != "water" and node not in refugee_hexes(ctx)
    return fits(ctx, node, [uid], side, occ)


def _path_ids(r: Reach, node: int) -> tuple[str, ...]:
    return tuple(r.path_labels(node))


def moves_of(ctx: Context, uid: str) -> list[Action]:
    """Every destination of ``uid`` by each kind of move, with a cheapest path (K45 4.x)."""
    side = ctx.side_of(uid)
    occ = ctx.state.occupancy()
    out: list[Action] = []
    regular = unit_reach(ctx, uid, "regular")
    ends: set[int] = set()
    for node in sorted(regular.cost):
        label = ctx.board.index.ids[node]
        if node == regular.start or not can_end(ctx, label, uid, side, occ):
            continue
        ends.add(node)
        out.append(Move((uid,), _path_ids(regular, node)))
    strategic = unit_reach(ctx, uid, "strategic")
    for node in sorted(strategic.cost):
        label = ctx.board.index.ids[node]
        if node == strategic.start or not fits(ctx, label, [uid], side, occ):
            continue
        out.append(StrategicMove((uid,), _path_ids(strategic, node)))
    if side == "soviet" and refugees(ctx):
        shelters = refugee_hexes(ctx)
        atrocity = unit_reach(ctx, uid, "atrocity")
        for node in sorted(atrocity.cost):
            label = ctx.board.index.ids[node]
            path = _path_ids(atrocity, node)
            if node == atrocity.start or label in shelters or not shelters & set(path[1:]):
                continue
            if can_end(ctx, label, uid, side, occ):
                out.append(AtrocityMove((uid,), path))
    return out


def move_error(ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
    """Why a move is illegal, citing the rule (K45 4.x, 5.0, 12.2c, 12.8), or None."""
    assert isinstance(action, MOVES)
    if len(action.units) != 1:
        return IllegalAction("K45 4.1", "units are moved one at a time")
    uid = action.units[0]
    unit = ctx.state.units.get(uid)
    side = frame.args["side"]
    if unit is None or unit.at is None or ctx.side_of(uid) != side:
        return IllegalAction("K45 4.3(3)", f"{uid} is not a {side} unit on the map")
    if uid not in movable(ctx, frame):
        if uid in frame.get("moved", ()):
            return IllegalAction("K45 4.1", f"{uid} has already moved in this segment")
        if is_hq(ctx.unit_def(uid)) and not released(ctx, uid):
            return IllegalAction("K45 12.8", f"the {uid} HQ may not move yet")
        return IllegalAction("K45 2.2f", f"{uid} is not activated (out of command)")
    path = action.path
    if len(path) < 2 or path[0] != unit.at:
        return IllegalAction("K45 4.1b", f"the path must start at {uid}'s hex {unit.at}")
    for node in path:
        if node not in ctx.board:
            return IllegalAction("K45 4.3a", f"{node} is not a hex of the map")
    dest = path[-1]
    d = ctx.unit_def(uid)
    mp = 2 * allowance(ctx, uid)
    index = ctx.board.index
    try:
        if isinstance(action, StrategicMove):
            check_path(
                index,
                list(path),
                mp,
                charts(ctx).strategic,
                STRATEGIC,
                strategic_situation(ctx, side, is_hq(d)),
            )
        else:
            atrocity = isinstance(action, AtrocityMove)
            if atrocity and side != "soviet":
                return IllegalAction("K45 12.3", "only the Soviet player drives through refugees")
            overruns = is_combat(d) and attack(ctx, uid) > 0
            sit = situation(ctx, side, overruns, True)
            spent = check_path(index, list(path), mp, costs(ctx, uid), REGULAR, sit)
            if not atrocity:
                extra = refugee_cost(ctx, uid, path)
                if spent + extra > mp:
                    return IllegalAction(
                        "K45 12.2c", f"{uid} cannot pay the extra refugee cost on {'-'.join(path)}"
                    )
            elif not refugee_hexes(ctx) & set(path[1:]):
                return IllegalAction("K45 12.3", "the path passes no refugees")
    except IllegalAction as error:
        return error
    if dest in refugee_hexes(ctx) and not is_hq(d):
        return IllegalAction("K45 12.2b", f"refugees in {dest} stack only with HQs")
    if not can_end(ctx, dest, uid, side):
        return IllegalAction("K45 5.0", f"{uid} would overstack {dest}")
    return None


def refugee_cost(ctx: Context, uid: str, path: Iterable[str]) -> int:
    """K45 12.2c: +2 MP (non-mechanized) or +4 (mechanized) per refugee hex entered, doubled."""
    cost = charts(ctx)["refugees"]["cost"]
    each = 2 * int(cost["mech" if is_mech(ctx.unit_def(uid)) else "foot"])
    shelters = refugee_hexes(ctx)
    return sum(each for _, b in pairwise(path) if b in shelters)


def do_move(ctx: Context, uid: str, action: Action) -> None:
    """Carry out a legal move: enter each hex (control, VP, overruns), then NO GAS and 12.3."""
    assert isinstance(action, MOVES)
    path = action.path
    if isinstance(action, AtrocityMove):
        drive_through(ctx, path)
    move_unit(ctx, uid, path)
    kind = {
        "move": "moves",
        "strategic-move": "moves strategically",
        "atrocity-move": "drives through refugees",
    }[action.kind]
    ctx.emit("move", f"{uid} {kind} {'-'.join(path)}", unit=uid, path=list(path))
    d = ctx.unit_def(uid)
    unit = ctx.state.units[uid]
    if (
        ctx.state.get("no_gas")
        and d.side == "german"
        and is_mech(d)
        and d.steps > 1
        and unit.steps == d.steps
    ):
        ctx.emit("no-gas", f"NO GAS: {uid} loses a step", unit=uid)
        lose_step(ctx, uid)  # K45 0.7c


def drive_through(ctx: Context, path: Iterable[str]) -> None:
    """K45 12.3: refugees driven through are removed; the Germans get an extra Volksturm."""
    on = refugees(ctx)
    hexes = set(path)
    gone = [r for r, at in on.items() if at in hexes]
    for r in gone:
        del on[r]
        ctx.emit("atrocity", f"refugees {r} are driven through", refugee=r)
        extra = [u.id for u in ctx.state.units_in("volksturm-reserve")]
        limit = int(charts(ctx)["volksturm"]["extra_max"])
        if extra and int(ctx.state.get("atrocities", 0)) < limit:
            ctx.state.set("atrocities", int(ctx.state.get("atrocities", 0)) + 1)
            ctx.state.put(ctx.state.units[sorted(extra)[0]].boxed("volksturm"))
            ctx.emit("volksturm", "the Germans receive an extra Volksturm unit")
    ctx.state.set("refugees", on)


class Movement(SideStep):
    """K45 1.3b, 4.0: the active player moves his activated units, one at a time; pass ends
    the segment. With ``units`` in the frame it moves those units (reinforcements, 6.0)."""

    name: ClassVar[str] = "movement"
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = "K45 4.0"
    actions: ClassVar[tuple[type[Action], ...]] = (*MOVES, Pass)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"{frame.args['side']} movement"

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        out: list[Action] = [Pass()]
        for uid in movable(ctx, frame):
            out.extend(moves_of(ctx, uid))
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return None
        return move_error(ctx, frame, action)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, MOVES)
        uid = action.units[0]
        ctx.update(moved=(*frame.get("moved", ()), uid))
        do_move(ctx, uid, action)
